"""Duplicate sessions in a real Chromium against a real daphne server.

Online: Ms Lark sets up a session for three pairs (a robot pair makes two
tables), Amira plays her boards through the table page with a robot partner and
is told when her round is over; the other table's board is finished by the
teacher's "Robots finish" button in round 1, and in round 2 the teacher calls time
on it with an average to both pairs; the travellers and ranking come out.

Face to face: four pairs play with real cards; at each table one pupil types
each result on their own page and sees both scores, and an opponent confirms
it on theirs; a wrong board is refused; the teacher corrects a result; the
ranking is right.

Screenshots (setup, movement print, progress, traveller and ranking, hand
record print, the pupil's result entry) go to screenshots/duplicate-*.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.seats import Seat, Side
from tests.browser.pages import shoot_both_sizes, teacher_logs_in
from tests.daphne_server import ROOT, Daphne, made_in_shell

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "screenshots"
EMAIL, PASSWORD = "lark.teacher@example.org", "a long enough password 7"
NAMES = ("Amira", "Ben", "Chloe", "Dev", "Ella", "Finn", "Gita", "Hugo")

SETUP = f"""
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.models import Classroom

teacher = accounts.teacher_signup(email="{EMAIL}", display_name="Ms Lark", password="{PASSWORD}")
larks = classes.classroom_create(owner=teacher, name="Larks", game="minibridge",
                                options={{"lesson": 5}})
Classroom.objects.filter(pk=larks.pk).update(robot_pause_ms=30)
pupils = classes.pupils_create(classroom=larks, names="{chr(92)}n".join({list(NAMES)!r}),
                                by=teacher)
keys, ids = {{}}, {{}}
for pupil in pupils:
    session = SessionStore()
    session[SESSION_KEY] = str(pupil.user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = pupil.user.get_session_auth_hash()
    session.create()
    keys[pupil.name] = session.session_key
    ids[pupil.name] = pupil.pk
print(json.dumps({{"classroom": larks.pk, "keys": keys, "ids": ids}}))
"""


@dataclass
class Server:
    url: str
    classroom: int
    keys: dict[str, str]
    ids: dict[str, int]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    database = tmp_path / "db.sqlite3"
    data = made_in_shell(database, SETUP)
    with Daphne(database) as daphne:
        yield Server(daphne.url, data["classroom"], data["keys"], data["ids"])




def _shoot(page: Page, name: str, *, print_media: bool = False) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    if print_media:
        page.emulate_media(media="print")
    page.wait_for_timeout(150)
    page.screenshot(path=SCREENSHOTS / f"duplicate-{name}.png", full_page=True)
    if print_media:
        page.emulate_media(media="screen")


def _failures(page: Page) -> list[str]:
    failures: list[str] = []
    page.on("pageerror", lambda error: failures.append(str(error)))
    return failures


def _teacher(browser: Browser, server: Server) -> Page:
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    teacher_logs_in(page, f"{server.url}/classes/{server.classroom}/", EMAIL, PASSWORD)
    return page


def _pupil(browser: Browser, server: Server, name: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    host = server.url.split("//")[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": server.keys[name], "domain": host,
                          "path": "/"}])
    return context, context.new_page()


def _set_up(teacher: Page, server: Server, pairs: list[list[str]], **choices: str) -> int:
    teacher.goto(f"{server.url}/classes/{server.classroom}/")
    teacher.get_by_role("link", name="Duplicate sessions").click()
    expect(teacher.get_by_text("No sessions yet.")).to_be_visible()
    teacher.get_by_role("link", name="Set up a session").click()
    for name in NAMES:
        teacher.get_by_label(name).select_option("")
    for number, pair in enumerate(pairs, start=1):
        for name in pair:
            teacher.get_by_label(name).select_option(str(number))
    teacher.get_by_label("Name of the session").fill(choices.get("title", "Larks duplicate"))
    teacher.get_by_label("Boards per round").fill(choices.get("per_round", "1"))
    teacher.get_by_label("Seed", exact=True).fill("larks")
    if choices.get("mode") == "face":
        teacher.get_by_label("Face to face, real cards").check()
    _shoot(teacher, choices.get("shot", "setup"))
    teacher.get_by_role("button", name="Create the session").click()
    expect(teacher.get_by_text("The session is ready")).to_be_visible()
    return int(re.search(r"/duplicate/(\d+)/", teacher.url).group(1))


HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _pupil_acts(page: Page) -> bool:
    """The pupil does what her table asks now (count, choose, play a card).
    The socket may swap the table under her hand: then she looks again."""
    body = page.locator("#table-body")
    try:
        count = body.locator("#hcp-count")
        if count.count():
            cards = body.locator(".seat-bottom [data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)")
            count.fill(str(sum(HCP.get(card[1], 0) for card in cards)), timeout=2000)
            body.get_by_role("button", name="Say it").click(timeout=2000)
            return True
        for selector in ("button.card.playable", ".choice button"):
            found = body.locator(selector)
            if found.count():
                found.first.click(timeout=2000)
                return True
    except PlaywrightTimeoutError:
        pass
    return False


def _play_board(page: Page) -> None:
    """Play at the table page until the board is over."""
    expect(page.locator("[data-connection]")).to_have_text("Connected")
    deadline = time.monotonic() + 240
    while not page.locator(".after-hand").count():
        assert time.monotonic() < deadline, "the board never finished"
        if not _pupil_acts(page):
            page.wait_for_timeout(100)
        else:
            page.wait_for_timeout(60)


def _robots_finish(teacher: Page, session_id: int, server: Server, table: int) -> None:
    teacher.goto(f"{server.url}/duplicate/{session_id}/")
    panel = teacher.locator("section.table-progress", has_text=f"Table {table}")
    panel.get_by_role("link", name="Robots play out this table…").click()
    # It asks first, saying it plays all four seats.
    expect(teacher.get_by_text("all four seats").first).to_be_visible()
    teacher.get_by_role("button", name="Yes: robots play all four seats").click()
    # It says what the robots did: the table's board of the round, played out.
    expect(teacher.get_by_text(re.compile(rf"Robots played board \d+ at table {table}: "
                                          "its round is played out."))).to_be_visible()


def test_a_two_table_online_session_end_to_end(browser: Browser, server: Server) -> None:
    teacher = _teacher(browser, server)
    failures = _failures(teacher)
    # Three pairs: Ben & Chloe, Amira (a robot partner), Dev & Ella; a robot pair makes four.
    session_id = _set_up(teacher, server, [["Ben", "Chloe"], ["Amira"], ["Dev", "Ella"]])
    expect(teacher.get_by_role("heading", name="Not started", exact=True)).to_be_visible()

    teacher.get_by_role("link", name="Movement", exact=True).click()
    expect(teacher.locator("table.movement")).to_have_count(2)
    expect(teacher.locator(".pair-card")).to_have_count(4)
    expect(teacher.locator(".pair-card", has_text="Pair NS 2: Amira")).to_contain_text(
        "Round 1: table 2, sit NS")
    _shoot(teacher, "movement-print", print_media=True)

    teacher.get_by_role("link", name="Progress", exact=True).click()
    teacher.get_by_role("button", name="Start round 1").click()
    expect(teacher.get_by_role("heading", name="Round 1 of 2")).to_be_visible()

    amira_context, amira = _pupil(browser, server, "Amira")
    pupil_failures = _failures(amira)
    for round_number in (1, 2):
        amira.goto(f"{server.url}/duplicate/")
        expect(amira.get_by_role("heading", name=f"Round {round_number}: table 2")).to_be_visible()
        amira.get_by_role("link", name="Go to your table").click()
        _play_board(amira)
        # The round's only board is played: the table offers neither another deal nor
        # the same one again (the other table has still to play it), and says why.
        after = amira.locator(".after-hand")
        expect(after).to_contain_text("Round over: that was the last board of this round")
        expect(after.get_by_role("button")).to_have_count(0)
        teacher.goto(f"{server.url}/duplicate/{session_id}/")
        expect(teacher.locator("section.table-progress", has_text="Table 2")
               ).to_contain_text("Finished")
        call_time = teacher.locator("form.call-time")
        expect(call_time).to_contain_text(re.compile(r"Not played yet: board \d+ at table 1"))
        if round_number == 1:
            shoot_both_sizes(amira, "duplicate-round-over")
            shoot_both_sizes(teacher, "duplicate-call-time")
            _shoot(teacher, "progress")
            _robots_finish(teacher, session_id, server, 1)
        else:
            # Table 1 never plays its board: time is called, an average to both pairs.
            unplayed = re.search(r"board \d+ at table 1", call_time.inner_text()).group(0)
            call_time.get_by_role("button", name="Call time: average to both pairs").click()
            expect(teacher.get_by_text(f"Time called. Not played: {unplayed}; scored an "
                                       "average (50%) to both pairs.")).to_be_visible()
        teacher.goto(f"{server.url}/duplicate/{session_id}/")

    expect(teacher.get_by_role("heading", name="Finished", exact=True)).to_be_visible()
    teacher.get_by_role("link", name="See the results").click()
    travellers = teacher.locator("table.traveller")
    expect(travellers).to_have_count(2)
    for index in range(2):
        expect(travellers.nth(index).locator("tbody tr")).to_have_count(2)
    for direction in ("North-South", "East-West"):
        ranking = teacher.locator("table.ranking", has_text=direction)
        percentages = [float(x) for x in ranking.locator("tbody tr td:nth-child(5)"
                                                         ).all_inner_texts()]
        assert sum(percentages) == pytest.approx(100)
    _shoot(teacher, "results")

    # Amira now sees each board's hand record and the other table's result.
    amira.goto(f"{server.url}/duplicate/{session_id}/boards/1/")
    expect(amira.locator("table.traveller tbody tr")).to_have_count(2)
    teacher.goto(f"{server.url}/duplicate/{session_id}/boards/2/")
    teacher.locator("table.traveller").get_by_role("link", name="Replay").first.click()
    expect(teacher.locator("ol.replay li").first).to_contain_text("Trick 1")
    assert teacher.locator("ol.replay li").count() % 4 == 0  # whole tricks (a claim ends early)
    _shoot(teacher, "review")

    # Hand records in the background, with a progress bar, then the handout.
    teacher.get_by_role("link", name="Hand records", exact=True).click()
    teacher.get_by_role("button", name="Work out the makeable contracts and par").click()
    expect(teacher.get_by_text("All 2 hand records are ready.")).to_be_visible(timeout=90000)
    expect(teacher.locator("table.makeable")).to_have_count(2)
    _shoot(teacher, "hand-records-print", print_media=True)
    assert failures == [] and pupil_failures == []
    amira_context.close()


def _legal_result(board: int) -> dict[str, str]:
    """A legal result for a seeded board: the stronger side's stronger hand
    (the first to announce on a tie) declares game in no-trumps, nine tricks."""
    from teaching.duplicate.services import boards_seeded

    deal = boards_seeded(seed="larks", count=board)[board - 1]
    side = Side.NS if deal.side_hcp(Side.NS) > deal.side_hcp(Side.EW) else Side.EW
    seat = max(side.seats, key=lambda s: (deal.hcp(s), -((s.index - deal.dealer.index) % 4)))
    return {"declarer": Seat(seat).value, "contract": "3NT", "tricks": "9"}


def _type_result(page: Page, board: int, result: dict[str, str], confirmer: Page, *,
                 shot: str = "") -> None:
    """``page``'s pupil types the result in; ``confirmer``, of the other pair, confirms it."""
    page.get_by_label("Board", exact=True).select_option(str(board))
    page.get_by_label("Declarer", exact=True).select_option(result["declarer"])
    page.get_by_label("Contract").fill(result["contract"])
    page.get_by_label("Tricks won by declarer").fill(result["tricks"])
    page.get_by_role("button", name="Check the score").click()
    expect(page.get_by_role("heading", name=f"Board {board}: your opponents check it")
           ).to_be_visible()
    expect(page.get_by_role("button", name="Yes, that is right")).to_have_count(0)
    if shot:
        _shoot(page, f"{shot}-typed")
    confirmer.reload()
    expect(confirmer.get_by_role("heading", name=f"Is this right? Board {board}")
           ).to_be_visible()
    if shot:
        _shoot(confirmer, shot)
    confirmer.get_by_role("button", name="Yes, that is right").click()
    expect(confirmer.get_by_text(f"Board {board} is on the traveller.")).to_be_visible()


def test_a_face_to_face_session_with_results_typed_in(browser: Browser, server: Server) -> None:
    teacher = _teacher(browser, server)
    pairs = [["Amira", "Ben"], ["Chloe", "Dev"], ["Ella", "Finn"], ["Gita", "Hugo"]]
    session_id = _set_up(teacher, server, pairs, mode="face", shot="setup-face")
    teacher.get_by_role("link", name="Dealing sheets", exact=True).click()
    expect(teacher.locator(".sheet")).to_have_count(2)
    _shoot(teacher, "dealing-sheets-print", print_media=True)
    teacher.get_by_role("link", name="Progress", exact=True).click()
    teacher.get_by_role("button", name="Start round 1").click()

    amira_context, amira = _pupil(browser, server, "Amira")   # NS 1, table 1
    chloe_context, chloe = _pupil(browser, server, "Chloe")   # NS 2, table 2
    ella_context, ella = _pupil(browser, server, "Ella")      # EW 1, table 1
    gita_context, gita = _pupil(browser, server, "Gita")      # EW 2, table 2
    pupils = (amira, chloe, ella, gita)
    for page in pupils:
        page.set_viewport_size({"width": 820, "height": 1180})  # a tablet, upright
        page.goto(f"{server.url}/duplicate/")
    # Round 1: table 1 plays board 1, table 2 board 2; round 2 they swap.
    _type_result(amira, 1, _legal_result(1), ella, shot="pupil-confirm")
    _type_result(chloe, 2, _legal_result(2), gita)

    teacher.goto(f"{server.url}/duplicate/{session_id}/")
    expect(teacher.get_by_role("heading", name="Round 2 of 2")).to_be_visible()
    for page in pupils:
        page.goto(f"{server.url}/duplicate/")
    # A result for a board that is not at the table this round changes nothing.
    expect(amira.get_by_label("Board", exact=True).locator("option")).to_have_count(1)
    _type_result(amira, 2, {**_legal_result(2), "tricks": "10"}, ella)
    _type_result(chloe, 1, {**_legal_result(1), "tricks": "8"}, gita)

    teacher.goto(f"{server.url}/duplicate/{session_id}/")
    expect(teacher.get_by_role("heading", name="Finished", exact=True)).to_be_visible()

    # The teacher corrects table 2's board 1 from eight tricks to nine: a tie.
    teacher.goto(f"{server.url}/duplicate/{session_id}/boards/1/")
    teacher.get_by_label("Table").select_option(label="Round 2, table 2: NS 2 v EW 2")
    legal = _legal_result(1)
    teacher.get_by_label("Declarer", exact=True).select_option(legal["declarer"])
    teacher.get_by_label("Contract").fill("3NT")
    teacher.get_by_label("Tricks won by declarer").fill("9")
    teacher.get_by_role("button", name="Save the correction").click()
    expect(teacher.get_by_text("is corrected")).to_be_visible()
    rows = teacher.locator("table.traveller tbody tr")
    expect(rows).to_have_count(2)
    assert rows.nth(0).locator("td").nth(9).inner_text() == "1"
    assert rows.nth(1).locator("td").nth(9).inner_text() == "1"

    teacher.get_by_role("link", name="Results", exact=True).click()
    expect(teacher.locator("table.traveller")).to_have_count(2)
    ns = teacher.locator("table.ranking", has_text="North-South")
    assert ns.locator("tbody tr").count() == 2
    _shoot(teacher, "results-face")
    for context in (amira_context, chloe_context, ella_context, gita_context):
        context.close()
