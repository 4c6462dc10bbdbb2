"""Bob plays a whole game of Preference in a real Chromium against two robots, over a real
daphne server, to the final reckoning on the sheet.

The game is short (every declarer column from 2, tests/browser/preference_setup.py) and
seeded, so it is the same two hands at every run: Bob passes whenever he may (the robots
declare), defends when asked, and plays the first card he may. Each phase is shot at
tablet (768x1024) and laptop (1366x768) sizes into screenshots/ for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import shoot_both_sizes, table_version
from tests.daphne_server import Daphne, made_by

pytestmark = pytest.mark.browser

SEED = "preftest37"
#: What the engine's own sheet gives this seeded game (two hands): the final reckoning.
FINAL = {"S": "+4", "E": "+16", "W": "-20"}
# Whatever Bob may do next: a card to play, a button to press, or the end of the hand.
READY = """() => !!document.querySelector(
  '#table-body button.card, #table-body .choice button, #summary-title')"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Daphne, dict[str, str]]]:
    database = tmp_path / "preference.sqlite3"
    made = made_by(database, "tests.browser.preference_setup", SEED)
    with Daphne(database) as daphne:
        yield daphne, made


def _shoot(page: Page, name: str) -> None:
    shoot_both_sizes(page, f"preference-{name}")




def _take_turn(page: Page, shot: set[str]) -> str:
    """Do what Bob is asked to now (pass if he may, else the first choice, else the first
    card he may play); returns the phase it was done in, or "over"."""
    page.wait_for_function(READY, timeout=30_000)
    if page.locator("#summary-title").count():
        return "over"
    phase = re.search(r"phase-(\w+)", page.locator("#table-body .felt").get_attribute("class")
                      or "")
    name = phase.group(1) if phase else "?"
    if name not in shot:
        shot.add(name)
        _shoot(page, name)
    before = table_version(page)
    choices = page.locator("#table-body .choice button")
    if page.locator("#table-body .choice button[value=pass]").count():
        page.locator("#table-body .choice button[value=pass]").click()
    elif choices.count():
        choices.first.click()
    else:
        page.locator("#table-body button.card").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('#table-body')"
                           f".dataset.version) !== {before}", timeout=30_000)
    return name


def test_bob_plays_a_whole_game_against_two_robots_and_reads_the_final_reckoning(
    browser: Browser, server: tuple[Daphne, dict[str, str]]
) -> None:
    daphne, made = server
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies([{"name": "sessionid", "value": made["session"], "domain": "127.0.0.1",
                          "path": "/"}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{daphne.url}/tables/{made['table']}/")
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    expect(page.locator("#table-body .felt.game-preference")).to_be_visible()

    shot: set[str] = set()
    for _hand in range(10):
        while _take_turn(page, shot) != "over":
            pass
        if page.locator(".pref-final").count():
            break
        _shoot(page, "hand-over")
        before = table_version(page)
        page.get_by_role("button", name="Next deal").click()
        page.wait_for_function(f"() => document.querySelector('#table-body .felt') && "
                               f"!document.querySelector('#summary-title') || "
                               f"Number(document.querySelector('#table-body').dataset.version)"
                               f" !== {before}", timeout=30_000)
        page.wait_for_function("() => !document.querySelector('#summary-title') || "
                               "!!document.querySelector('.pref-final')", timeout=30_000)

    final = page.locator(".pref-final")
    expect(final).to_be_visible()
    expect(final.get_by_role("heading", name="The final reckoning")).to_be_visible()
    totals = {seat: final.locator(f"tr[data-final={seat}] td strong").inner_text()
              for seat in "SEW"}
    assert totals == FINAL
    assert "auction" in shot and "play" in shot
    _shoot(page, "final")

    # The sheet page, as players would print it, says the same.
    page.goto(f"{daphne.url}/tables/{made['table']}/sheet/")
    final = page.locator(".pref-final")
    expect(final.get_by_role("heading", name="The final reckoning")).to_be_visible()
    assert {seat: final.locator(f"tr[data-final={seat}] td strong").inner_text()
            for seat in "SEW"} == FINAL
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    _shoot(page, "sheet-page")
    assert errors == []
