"""``as_markup(html)``: ``Markup(html)`` for HTML already escaped or rendered, made by ``str``
itself (a partial of C functions, no Python call) rather than by Markup's own constructor,
which asks the text for ``__html__`` first. The frames make several a frame
(teaching.tables.frames), and the templates' escaping one a value shown
(teaching.runtime.jinja)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from markupsafe import Markup

as_markup: Callable[[str], Markup] = partial(str.__new__, Markup)
