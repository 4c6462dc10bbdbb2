"""Our own icons are drawn, never characters a computer's fonts may lack (a stopwatch, a
pause sign, an emoji shows as an empty box where no font has it); the site has an icon of
its own, so no page asks for a /favicon.ico that is not there (decision 0420)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
#: Where the text of our pages comes from.
SOURCES = ("templates/**/*.html", "static/css/*.css", "static/js/*.js", "static/cards/*.css",
           "teaching/**/*.py", "games/**/*.py")


def _may_be_missing(char: str) -> bool:
    """Characters from the blocks that the fonts of school computers often lack: technical
    symbols (the stopwatch), dingbats (ticks, bars), the symbols beyond the card suits,
    and the emoji."""
    code = ord(char)
    return (0x2300 <= code <= 0x23FF or 0x2700 <= code <= 0x27BF or 0x2B00 <= code <= 0x2BFF
            or 0x1F000 <= code <= 0x1FAFF
            or (0x2600 <= code <= 0x26FF and not 0x2660 <= code <= 0x2667))


def test_no_page_of_ours_uses_a_symbol_a_font_may_lack() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {char!r}"
        for pattern in SOURCES for path in sorted(ROOT.glob(pattern))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for char in line if _may_be_missing(char)
    ]

    assert not found, "draw these as SVG (templates/icons/):\n" + "\n".join(found)


def test_the_stopwatch_on_the_wall_is_drawn() -> None:
    svg = (ROOT / "templates/icons/stopwatch.svg").read_text(encoding="utf-8")
    wall = (ROOT / "templates/teacher/wall.html").read_text(encoding="utf-8")

    assert "<svg" in svg and 'aria-hidden="true"' in svg
    assert '{% include "icons/stopwatch.svg" %} Waiting' in wall


@pytest.mark.django_db
def test_favicon_ico_is_there_and_every_page_links_the_sites_icon(visitor: Client) -> None:
    page = visitor.get("/")
    favicon = visitor.get("/favicon.ico")

    assert '<link rel="icon" href="/static/favicon.ico" sizes="any">' in page.text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page.text
    assert (favicon.status_code, favicon["Location"]) == (301, "/static/favicon.ico")
    icon = finders.find("favicon.ico")
    assert icon and Path(icon).read_bytes()[:4] == b"\x00\x00\x01\x00"  # an ICO file
