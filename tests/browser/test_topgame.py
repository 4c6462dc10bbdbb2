"""Bob plays a whole 6 + 6 Top Game match in a real Chromium against two robots, over a
real daphne server, and reads the match sheet at the end.

The match is seeded, so it is the same twelve hands at every run: Bob bids the lowest
number he may (so he declares now and then), asks, keeps his bid, chooses the first
contract offered, passes the doubles, and plays the first card he may. Each phase is shot
at tablet (768x1024) and laptop (1366x768) sizes into screenshots/ for a person to look at.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import shoot_both_sizes, table_version
from tests.daphne_server import ROOT, Daphne, environment, made_by

pytestmark = pytest.mark.browser

SEED = "toptest16"
READY = """() => !!document.querySelector(
  '#table-body button.card, #table-body .choice button, #summary-title')"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Daphne, dict[str, str], Path]]:
    database = tmp_path / "topgame.sqlite3"
    made = made_by(database, "tests.browser.topgame_setup", SEED)
    with Daphne(database) as daphne:
        yield daphne, made, database


def _engine_totals(database: Path, table: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "tests.browser.topgame_setup", "--standing",
                           str(table)], cwd=ROOT, env=environment(database),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _shoot(page: Page, name: str) -> None:
    shoot_both_sizes(page, f"topgame-{name}")




def _take_turn(page: Page, shot: set[str]) -> str:
    """Do what Bob is asked to now; returns the phase it was done in, or "over"."""
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
    if choices.count():
        if name in ("double", "answer"):
            page.locator("#table-body .choice button[value=pass]").click()
        else:
            choices.first.click()
    else:
        page.locator("#table-body button.card").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('#table-body')"
                           f".dataset.version) !== {before}", timeout=30_000)
    return name


def test_bob_plays_a_whole_match_against_two_robots_and_reads_the_sheet(
    browser: Browser, server: tuple[Daphne, dict[str, str], Path]
) -> None:
    daphne, made, database = server
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies([{"name": "sessionid", "value": made["session"], "domain": "127.0.0.1",
                          "path": "/"}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{daphne.url}/tables/{made['table']}/")
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    expect(page.locator("#table-body .felt.game-topgame")).to_be_visible()

    shot: set[str] = set()
    for hand in range(1, 13):
        while _take_turn(page, shot) != "over":
            pass
        expect(page.locator("[data-sheet]")).to_contain_text(f"{hand} of 12 hands")
        if hand in (1, 6):
            _shoot(page, f"hand-{hand}-over")
        if hand == 12:
            break
        before = table_version(page)
        page.get_by_role("button", name="Next deal").click()
        page.wait_for_function(f"() => !document.querySelector('#summary-title') || "
                               f"Number(document.querySelector('#table-body').dataset.version)"
                               f" !== {before}", timeout=30_000)
        page.wait_for_function("() => !document.querySelector('#summary-title')",
                               timeout=30_000)

    sheet = page.locator("[data-sheet]")
    expect(sheet).to_contain_text("12 of 12 hands, finished")
    assert sheet.locator("table.sheet").count() == 2
    assert sheet.locator("table.sheet").nth(1).locator("tbody tr").count() >= 6
    engine = _engine_totals(database, made["table"])
    assert engine["finished"] and engine["hands"] == 12
    words = page.locator("[data-match-totals]").inner_text()
    shown = dict(re.findall(r"([ABC]) ([+-]\d+)", words))
    assert {k: int(v) for k, v in shown.items()} == engine["totals"]
    assert sum(engine["totals"].values()) == 0
    assert "bidding" in shot and "play" in shot
    _shoot(page, "match-over")
    assert errors == []
