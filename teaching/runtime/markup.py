"""``as_markup(html)``: ``Markup(html)`` for HTML already escaped or rendered, made by ``str``
itself (a partial of C functions, no Python call) rather than by Markup's own constructor,
which asks the text for ``__html__`` first. The frames make several a frame
(teaching.tables.frames), and the templates' escaping one a value shown
(teaching.runtime.jinja). ``in_ascii(html)``: the same HTML in ASCII."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from markupsafe import Markup

as_markup: Callable[[str], Markup] = partial(str.__new__, Markup)


def in_ascii(html: str) -> str:
    """``html`` with every character outside ASCII written as a character reference
    (``"in ♣"`` -> ``"in &#9827;"``): the same text for a browser, outside ``<script>`` and
    ``<style>``, where a reference is read as it is written. A frame all in ASCII costs less
    at every step after it is rendered (decision 0890)."""
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")
