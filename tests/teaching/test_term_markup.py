"""A game's word explained a tap away (the ``term`` tag) is a ``<details>`` element, which
may not sit inside a paragraph: the browser closes the ``<p>`` before it, and the words of
the sentence fall apart on separate lines (Preference's sheet listed its terms one a line).
No template puts one in a ``<p>``."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
#: A paragraph opened and, before it closes, a term: on one line, as templates write them.
TERM_IN_PARAGRAPH = re.compile(r"<p[\s>](?:(?!</p>).)*?(?:\bterm\(|\{%\s*term\s)")


def test_no_template_puts_a_term_in_a_paragraph() -> None:
    found = [f"{path.relative_to(TEMPLATES)}:{number}"
             for path in TEMPLATES.rglob("*.html")
             for number, line in enumerate(path.read_text().splitlines(), start=1)
             if TERM_IN_PARAGRAPH.search(line)]

    assert not found, "a term inside a <p>: " + ", ".join(found)


def test_the_check_finds_a_term_in_a_paragraph() -> None:
    assert TERM_IN_PARAGRAPH.search('<p class="hint">The {{ term("g", "talon") }}</p>')
    assert TERM_IN_PARAGRAPH.search('<p>{% term "g" "bula" %}</p>')
    assert not TERM_IN_PARAGRAPH.search('<div class="hint">{{ term("g", "talon") }}</div>')
    assert not TERM_IN_PARAGRAPH.search('<p>A</p><dd>{{ term("g", "x") }}</dd>')
