"""``as_markup(html)``: ``Markup(html)`` for HTML already escaped or rendered, made by ``str``
itself (a partial of C functions, no Python call) rather than by Markup's own constructor,
which asks the text for ``__html__`` first. The frames make several a frame
(teaching.tables.frames), and the templates' escaping one a value shown
(teaching.runtime.jinja). ``in_ascii(html)``: the same HTML in ASCII. ``escaped(text)``: a
text as the frames show it, escaped and in ASCII (``escaped_markup``: the same, as Markup)."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import lru_cache, partial

from markupsafe import Markup

try:
    # markupsafe's own escaping in C, one pass (a Python ``html.escape`` is five calls of
    # ``str.replace`` and four times as long): for a string without quotes, the only
    # characters it escapes otherwise than Django.
    from markupsafe._speedups import _escape_inner
except ImportError:  # markupsafe built without its C part: the same output, slower
    _escape_inner = html.escape

as_markup: Callable[[str], Markup] = partial(str.__new__, Markup)


def in_ascii(html: str) -> str:
    """``html`` with every character outside ASCII written as a character reference
    (``"in ♣"`` -> ``"in &#9827;"``): the same text for a browser, outside ``<script>`` and
    ``<style>``, where a reference is read as it is written. A frame all in ASCII costs less
    at every step after it is rendered (decision 0890)."""
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")


def _escaped(text: str) -> str:
    """A text (a name, a word) as the frames show it: escaped, quotes as Django escapes them
    (``&#x27;``, ``&quot;``, so a name like O'Neil reads the same in the Django pages), and
    in ASCII (a name like "Zoë": :func:`in_ascii`)."""
    text = html.escape(text) if "'" in text or '"' in text else _escape_inner(text)
    return text if text.isascii() else in_ascii(text)


#: :func:`_escaped`, remembered: a frame escapes two dozen texts, nearly all of them shown
#: in every frame of every table (the seats' words, the players' names, "Robot", a card's
#: words), and a text seen before is answered by the cache's C code with no Python call.
#: The texts are few and short (a class's names, the games' words): a bounded cache.
escaped: Callable[[str], str] = lru_cache(maxsize=8192)(_escaped)

#: :func:`escaped` as ``Markup``, remembered as well (the templates' ``{{ text }}``,
#: teaching.runtime.jinja): only for a plain ``str``, never a ``Markup`` (equal to the
#: same characters unescaped, it would find their entry). A text new here asks
#: :func:`escaped`, so a text shown both ways is escaped once.
escaped_markup: Callable[[str], Markup] = lru_cache(maxsize=8192)(
    lambda text: as_markup(escaped(text)))
