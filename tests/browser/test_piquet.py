"""Bob plays a whole partie of Piquet in a real Chromium against a robot, over a real
daphne server, and reads the partie's result from the sheet.

The partie is seeded (tests/browser/piquet_setup.py), so it is the same six deals (more
after a tie) at every run: Bob taps the first card he may (to put it aside, to play it),
draws, declares, answers and chooses with the first button offered. Each step is shot at
tablet (768x1024) and laptop (1366x768) sizes into screenshots/ for a person to look at.
The result read from the page is checked against the engine's own count of the partie
(games.piquet.scoring.partie_score) from the totals read from the same sheet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.piquet.scoring import partie_score
from tests.browser.pages import shoot_both_sizes, table_version
from tests.daphne_server import Daphne, made_by

pytestmark = pytest.mark.browser

SEED = "piquet17"
# Whatever Bob may do next: a card to tap, a button to press, or the end of the deal.
READY = """() => !!document.querySelector(
  '#table-body button.card, #table-body .choice button, #summary-title')"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Daphne, dict[str, str]]]:
    database = tmp_path / "piquet.sqlite3"
    made = made_by(database, "tests.browser.piquet_setup", SEED)
    with Daphne(database) as daphne:
        yield daphne, made


def _shoot(page: Page, name: str) -> None:
    shoot_both_sizes(page, f"piquet-{name}")




def _take_turn(page: Page, shot: set[str]) -> str:
    """Do what Bob is asked to now (the first button offered, else the first card he may
    tap); returns the step it was done in, or "over"."""
    page.wait_for_function(READY, timeout=30_000)
    if page.locator("#summary-title").count():
        return "over"
    phase = re.search(r"phase-([\w-]+)", page.locator("#table-body .felt").get_attribute(
        "class") or "")
    name = phase.group(1) if phase else "?"
    if page.locator("#table-body .choice button[value='not good']").count():
        name = "answer"
    if name not in shot:
        shot.add(name)
        _shoot(page, name)
    before = table_version(page)
    choices = page.locator("#table-body .choice button")
    if choices.count():
        choices.first.click()
    else:
        page.locator("#table-body button.card").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('#table-body')"
                           f".dataset.version) !== {before}", timeout=30_000)
    return name


def test_bob_plays_a_whole_partie_against_a_robot_and_reads_its_result(
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
    expect(page.locator("#table-body .felt.game-piquet")).to_be_visible()

    shot: set[str] = set()
    deals = 0
    for _deal in range(12):
        while _take_turn(page, shot) != "over":
            pass
        deals += 1
        if page.locator("[data-partie-result]").count():
            break
        if deals == 1:
            _shoot(page, "deal-over")
        before = table_version(page)
        page.get_by_role("button", name="Next deal").click()
        page.wait_for_function(f"() => !document.querySelector('#summary-title') || "
                               f"Number(document.querySelector('#table-body').dataset.version)"
                               f" !== {before}", timeout=30_000)
        page.wait_for_function("() => !document.querySelector('#summary-title')",
                               timeout=30_000)

    result = page.locator("[data-partie-result]")
    expect(result).to_be_visible()
    assert deals >= 6
    sheet = page.locator(".piquet-sheet tbody tr")
    assert sheet.count() == deals
    last = sheet.last.locator("td").all_inner_texts()
    totals = {"S": int(last[2]), "N": int(last[3])}
    winner, points, rubicon = partie_score(totals)
    words = result.inner_text()
    assert f"{'South' if winner == 'S' else 'North'} wins the partie, {points} points" in words
    assert ("rubiconed" in words) == rubicon
    assert {"exchange", "declarations", "play"} <= shot
    _shoot(page, "partie-over")

    page.goto(f"{daphne.url}/tables/{made['table']}/sheet/")
    expect(page.locator("[data-partie-result]")).to_contain_text(f"{points} points")
    _shoot(page, "sheet-page")
    assert errors == []
