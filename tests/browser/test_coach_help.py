"""A pupil presses Help at a MiniBridge table (issue 29) in a real Chromium over daphne:
the coach's reason appears beside the table and the card it suggests is marked in his
hand. Screenshots at tablet and laptop sizes go to screenshots/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import SCREENSHOTS
from tests.browser.test_table import HCP, READY, _log_in, _own_cards
from tests.daphne_server import Daphne, outside

pytestmark = pytest.mark.browser

#: The pupil's own card decision: his turn, cards he may play.
HIS_CARD = """() => !!document.querySelector('#table-body [data-status].mine')
  && !!document.querySelector('#table-body .seat-bottom button.card')"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Daphne, dict[str, str]]]:
    database = tmp_path / "coach.sqlite3"
    pupil = outside(database, "pupil", "5")
    with Daphne(database) as daphne:
        yield daphne, pupil


def _to_his_card(page: Page) -> None:
    """Count, choose, accept until the pupil is to play a card from his own hand. Bounded
    by time, not by a count of looks: on a loaded machine the robots' turns can take many
    looks of 300 ms each (a CI run gave up after 40 while the robots were still playing)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        page.wait_for_function(READY, timeout=20_000)
        if page.evaluate(HIS_CARD):
            return
        before = page.locator("#table-body").get_attribute("data-version")
        after_hand = page.locator("#table-body button[name='deal']")
        if after_hand.count():
            # He was dummy all hand (his partner declared): on to the next deal.
            after_hand.first.click()
            page.wait_for_function("() => !document.querySelector(\"#table-body "
                                   "button[name='deal']\")", timeout=20_000)
            continue
        if page.locator("#hcp-count").count():
            page.fill("#hcp-count", str(sum(HCP.get(c[1], 0) for c in _own_cards(page))))
            page.get_by_role("button", name="Say it").click()
        elif page.locator("#table-body .choice button").count() and not page.locator(
                "#table-body button.card").count():
            page.locator("#table-body .choice button").first.click()
        elif page.locator("#table-body button.card").count():
            page.locator("#table-body button.card").first.click()  # dummy's, as declarer
        else:
            page.wait_for_timeout(300)
            continue
        page.wait_for_function(
            f"() => document.querySelector('#table-body').dataset.version !== '{before}'",
            timeout=20_000)
    pytest.fail("the pupil never came to play a card of his own")


def test_help_marks_the_card_and_says_why(
    browser: Browser, server: tuple[Daphne, dict[str, str]]
) -> None:
    daphne, pupil = server
    page = browser.new_page(viewport={"width": 768, "height": 1024})
    _log_in(page, daphne.url, pupil)
    page.get_by_role("button", name=re.compile("Practi[sc]e")).click()
    page.wait_for_url(re.compile(r"/tables/\d+/"))
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    _to_his_card(page)

    help_button = page.locator("[data-coach-help]")
    expect(help_button).to_be_visible()
    page.keyboard.press("h")
    hint = page.locator("#coach-hint[data-action]")
    expect(hint).to_be_visible(timeout=10_000)
    action = hint.get_attribute("data-action") or ""
    assert action.startswith("play ")
    marked = page.locator("#table-body .coach-suggested")
    expect(marked).to_have_count(1)
    assert marked.get_attribute("value") == action
    expect(page.locator("#coach-hint .coach-reason")).to_contain_text(re.compile(r"\w{3,}"))

    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "coach-help-tablet.png", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_timeout(200)
    page.screenshot(path=SCREENSHOTS / "coach-help-laptop.png", full_page=False)

    # A tap on the suggested card plays it; the next frame clears the hint and the mark.
    marked.click()
    expect(page.locator("#coach-hint[data-action]")).to_have_count(0, timeout=20_000)
    expect(page.locator("#table-body .coach-suggested")).to_have_count(0)


@pytest.mark.django_db(transaction=True)
def test_the_teachers_coach_tab_and_a_printable_practice_sheet(browser: Browser,
                                                              live_server) -> None:
    """The class's Coach tab counts the ideas missed; a pupil's "What to practise next"
    prints without the site's header and buttons."""
    from games.seats import Seat
    from teaching.classes import services as classes
    from teaching.coach.services import note_missed
    from teaching.models import User
    from tests.browser.pages import logged_in_page
    from tests.teaching.table_helpers import seat_table

    teacher = User.objects.create_user(username="t-wrens", email="wrens@example.org",
                                       password="a long enough password 7",
                                       role=User.Role.TEACHER)
    classroom = classes.classroom_create(owner=teacher, name="Wrens", game="minibridge",
                                         options={"lesson": 5})
    ann, ben = classes.pupils_create(classroom=classroom, by=teacher, names="Ann\nBen")
    table = seat_table(classroom, {Seat.SOUTH: ann, Seat.NORTH: ben})
    for pupil, idea, lesson in ((ann, "second-hand-low", 2), (ben, "second-hand-low", 2),
                                (ann, "draw-trumps", 5)):
        note_missed(pupil=pupil, table=table, idea=idea, lesson=lesson)
    page = logged_in_page(browser, live_server, teacher, size=(768, 1024))

    page.goto(f"{live_server.url}/classes/{classroom.pk}/coach/")
    expect(page.locator(".coach-ideas").first).to_contain_text(
        "Second hand low: missed 2 times by 2 pupils")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "coach-tab-tablet.png", full_page=True)

    page.goto(f"{live_server.url}/classes/{classroom.pk}/pupils/{ann.pk}/practise/")
    expect(page.locator("h1")).to_have_text("What to practise next: Ann")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator("[data-print]")).to_be_hidden()
    page.screenshot(path=SCREENSHOTS / "coach-practise-print.png", full_page=True)
