"""A class's tables in a real Chromium over daphne (issue 14, "Tables and the class").

* Bob's table page is open when Alice presses "Seat the class": his page goes to his new
  table within seconds, and the old table's page, reached again, is only to read
  (docs/decisions/0400-a-closed-table-refuses-every-action.md).
* A message to Bob stays while the robots count their points, until he acts again, and
  the table under it never moves (docs/decisions/0402-a-message-stays-until-its-pupil-acts.md).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import shoot_both_sizes, table_version, teacher_logs_in
from tests.daphne_server import ROOT, Daphne, environment

pytestmark = pytest.mark.browser

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _server(tmp_path: Path, what: str) -> Iterator[tuple[Daphne, dict[str, Any]]]:
    database = tmp_path / f"{what}.sqlite3"
    done = subprocess.run([sys.executable, "-m", "tests.browser.class_tables_setup", what],
                          cwd=ROOT, env=environment(database), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout.strip().splitlines()[-1])
    with Daphne(database) as daphne:
        yield daphne, made


@pytest.fixture
def reseat(tmp_path: Path) -> Iterator[tuple[Daphne, dict[str, Any]]]:
    yield from _server(tmp_path, "reseat")


@pytest.fixture
def counting(tmp_path: Path) -> Iterator[tuple[Daphne, dict[str, Any]]]:
    yield from _server(tmp_path, "counting")


def _bobs_page(browser: Browser, daphne: Daphne, made: dict[str, Any], size: tuple[int, int]
               ) -> Page:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_cookies([{"name": "sessionid", "value": made["session"],
                          "domain": "127.0.0.1", "path": "/"}])
    page = context.new_page()
    page.goto(f"{daphne.url}/tables/{made['table']}/")
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=15_000)
    return page


def test_bobs_open_table_page_goes_to_his_new_table_when_alice_seats_the_class_again(
        browser: Browser, reseat: tuple[Daphne, dict[str, Any]]) -> None:
    daphne, made = reseat
    bob = _bobs_page(browser, daphne, made, (768, 1024))
    errors: list[str] = []
    bob.on("pageerror", lambda error: errors.append(str(error)))
    old = f"{daphne.url}/tables/{made['table']}/"

    alice = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    teacher_logs_in(alice, f"{daphne.url}/classes/{made['classroom']}/seating/",
                    made["email"], made["password"])
    alice.get_by_role("button", name="Seat the class").click()
    expect(alice.get_by_text("1 earlier table closed: pupils' pages there move to their "
                             "new tables.")).to_be_visible()

    # Within a few seconds, without Bob doing anything: his new table, live.
    bob.wait_for_url(lambda url: re.search(r"/tables/(\d+)/$", url) is not None
                     and url != old, timeout=15_000)
    expect(bob.locator("[data-connection]")).to_have_text("Connected", timeout=15_000)
    expect(bob.locator("#table-body .felt")).to_be_visible()
    shoot_both_sizes(bob, "class-tables-new-table")

    # Back in the history: the old table, its hand to read only, and the way on.
    bob.go_back()
    expect(bob.locator("[data-connection]")).to_have_text("Closed")
    note = bob.locator(".table-note")
    expect(note).to_contain_text("This table is closed")
    expect(bob.locator(".closed-table")).to_have_attribute("inert", "")
    shoot_both_sizes(bob, "class-tables-closed-table")
    note.get_by_role("link").click()
    expect(bob.locator("[data-connection]")).to_have_text("Connected", timeout=15_000)
    assert bob.url != old
    assert errors == []


def _felt_top(page: Page) -> float:
    box = page.locator("#table-body .felt").bounding_box()
    assert box is not None
    return box["y"]


def _message(page: Page) -> Any:
    return page.locator("#table-messages .table-error")


def test_a_message_to_bob_stays_while_the_robots_count_and_the_table_never_moves(
        browser: Browser, counting: tuple[Daphne, dict[str, Any]]) -> None:
    daphne, made = counting
    page = _bobs_page(browser, daphne, made, (768, 1024))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _message_stays_until_bob_acts(page)
    assert errors == []


def _message_stays_until_bob_acts(page: Page) -> None:
    top = _felt_top(page)
    assert table_version(page) == 0, "the robots count first, slowly"

    # A button pressed before his turn (a press on a page a moment behind): the robots
    # North, East and South are still counting.
    page.evaluate("""() => {
        const button = document.createElement('button');
        button.id = 'early'; button.name = 'action'; button.value = 'hcp 10';
        button.setAttribute('ws-send', '');
        document.querySelector('#table-body').appendChild(button);
        htmx.process(button);
    }""")
    page.locator("#early").click()
    # "it is North's turn", or, if North was quicker than the click, "moved on".
    expect(_message(page)).to_have_text(re.compile("clockwise from the dealer|moved on"))
    said = _message(page).inner_text()
    assert _felt_top(page) == top, "the message has its own place: the table does not move"
    shoot_both_sizes(page, "class-tables-message")

    # The robots count on, one frame each; the message stays until Bob acts.
    page.wait_for_function("() => Number(document.querySelector('#table-body')"
                           ".dataset.version) >= 3", timeout=20_000)
    expect(_message(page)).to_have_text(said)
    assert _felt_top(page) == top

    # His turn: a wrong count is refused with "Count again", and stays where it was.
    count = page.locator("#hcp-count")
    expect(count).to_be_visible()
    cards = page.locator(".seat-bottom [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    points = sum(HCP.get(card[1], 0) for card in cards)
    count.fill(str(points + 1 if points < 37 else points - 1))
    page.get_by_role("button", name="Say it").click()
    expect(_message(page)).to_contain_text("Count again")
    assert _felt_top(page) == top

    # He counts right: the message has been read, and goes.
    before = table_version(page)
    count.fill(str(points))
    page.get_by_role("button", name="Say it").click()
    page.wait_for_function(f"() => Number(document.querySelector('#table-body')"
                           f".dataset.version) > {before}", timeout=20_000)
    expect(_message(page)).to_have_count(0)
    assert _felt_top(page) == top
