"""The teacher's view in a real Chromium against a real daphne server.

A teacher logs in, seats a class of five (two tables: four pupils, then one pupil
with three robots), opens the live wall, watches the second table while its pupil
plays in another browser, pauses it, undoes a trick and lets play go on.
Screenshots of the wall and the watch page at tablet (1024x768) and laptop
(1366x768) sizes go to screenshots/.

The server is daphne in a subprocess with its own SQLite file, so the live wall and
the watch page get their websockets exactly as in a classroom.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import teacher_logs_in
from tests.daphne_server import ROOT, Daphne, made_in_shell

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "screenshots"
SIZES = {"tablet": {"width": 1024, "height": 768}, "laptop": {"width": 1366, "height": 768}}
EMAIL, PASSWORD = "wren.teacher@example.org", "a long enough password 7"

# Run inside the server's environment: the class, its five pupils, and a session for the
# pupil who will sit alone with three robots (Ella, last by name).
SETUP = f"""
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.models import Classroom

teacher = accounts.teacher_signup(email="{EMAIL}", display_name="Ms Wren", password="{PASSWORD}")
wrens = classes.classroom_create(owner=teacher, name="Wrens", game="minibridge",
                                options={{"lesson": 3}})
Classroom.objects.filter(pk=wrens.pk).update(robot_pause_ms=150)
pupils = classes.pupils_create(classroom=wrens, by=teacher,
                                names="Amira\\nBen\\nChloe\\nDev\\nElla")
ella = next(p for p in pupils if p.name == "Ella")
session = SessionStore()
session[SESSION_KEY] = str(ella.user.pk)
session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
session[HASH_SESSION_KEY] = ella.user.get_session_auth_hash()
session.create()

# Earlier lessons' hands for the chart and Amira's progress: finished, analysed, closed.
import random
from games.robots import robot_for
from games.seats import Seat
from teaching.tables.analysis import hand_analyse
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import table_create
from teaching.models import Hand, Table
amira = next(p for p in pupils if p.name == "Amira")
for n in range(10):
    pupils_at = {{Seat.SOUTH: amira}} if n < 3 else {{}}
    table = table_create(classroom_id=wrens.pk, name=f"Earlier {{n}}", game="minibridge",
                                options={{"lesson": 3 + n % 3}}, pupils=pupils_at)
    hand = current_hand(table)
    while not hand_state(hand).is_over():
        game = hand_state(hand)
        seat = game.to_act()[0]
        if seat in pupils_at:
            text = robot_for("minibridge").choose(game.view(seat), random.Random(n))
            hand_act(user=amira.user, table=table, text=text, seat=seat)
        else:
            robot_act(table_id=table.pk)
        hand.refresh_from_db()
    hand_analyse(hand_id=hand.pk)
Table.objects.filter(classroom=wrens).update(closed=True)
amira_hands = sum(1 for h in Hand.objects.filter(actions__actor=amira.user).distinct()
                  if not h.result.get("redeal"))
print(json.dumps({{"classroom": wrens.pk, "ella_session": session.session_key,
                  "amira": amira.pk, "amira_hands": amira_hands}}))
"""


@dataclass
class Server:
    url: str
    classroom: int
    ella_session: str
    amira: int
    amira_hands: int


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    database = tmp_path / "db.sqlite3"
    data = made_in_shell(database, SETUP)
    with Daphne(database) as daphne:
        yield Server(daphne.url, data["classroom"], data["ella_session"], data["amira"],
                 data["amira_hands"])




def _shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        page.screenshot(path=SCREENSHOTS / f"teacher-{name}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["laptop"])


def _failures(page: Page) -> list[str]:
    failures: list[str] = []
    page.on("pageerror", lambda error: failures.append(str(error)))
    page.on("requestfailed", lambda request: failures.append(request.url))
    return failures


HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _pupil_acts(pupil: Page) -> str | None:
    """Ella does whatever her table asks of her now: count her points, choose, or play
    a card. Returns what she did, or None when it is not her turn."""
    body = pupil.locator("#table-body")
    count = body.locator("#hcp-count")
    if count.count():
        cards = body.locator(".seat-bottom [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        count.fill(str(sum(HCP.get(card[1], 0) for card in cards)))
        body.get_by_role("button", name="Say it").click()
        return "count"
    playable = body.locator("button.card.playable")
    if playable.count():
        playable.first.click()
        return "card"
    choice = body.locator(".choice button")
    if choice.count():
        choice.first.click()
        return "choice"
    again = body.get_by_role("button", name="Deal again")
    if again.count():  # both sides held 20 points (Law 6): the table deals again
        again.click()
        return "redeal"
    return None


def _tricks_done(pupil: Page) -> int:
    won = pupil.locator("#table-body .tricks-won")
    if not won.count():
        return 0
    return sum(int(n) for n in re.findall(r"\d+", won.inner_text().split("(")[0]))


def test_a_teacher_seats_the_class_watches_a_table_pauses_it_and_undoes_a_trick(
        browser: Browser, server: Server) -> None:
    teacher = browser.new_context(viewport=SIZES["laptop"]).new_page()
    failures = _failures(teacher)

    # Log in and seat the class of five from the class page.
    teacher_logs_in(teacher, f"{server.url}/classes/{server.classroom}/", EMAIL, PASSWORD)
    teacher.get_by_role("link", name="Seat the class").click()
    expect(teacher.get_by_text("No tables yet.")).to_be_visible()
    teacher.get_by_role("button", name="Seat the class").click()
    expect(teacher.get_by_text("The class is seated at 2 tables.")).to_be_visible()
    expect(teacher.get_by_text("Table 2 has 3 robots in the empty seats.")).to_be_visible()
    _shoot(teacher, "seating")

    # The wall: both tables, live.
    teacher.get_by_role("link", name="Wall", exact=True).click()
    tiles = teacher.locator("article.tile")
    expect(tiles).to_have_count(2)
    table_2 = tiles.filter(has_text="Table 2")
    expect(table_2).to_contain_text("MiniLesson Three")
    expect(table_2).to_contain_text("Ella")

    # Ella plays at Table 2 in her own browser, until a few tricks are done.
    pupil_context = browser.new_context(viewport={"width": 1024, "height": 768})
    host = server.url.split("//")[1].split(":")[0]
    pupil_context.add_cookies([{"name": "sessionid", "value": server.ella_session,
                                "domain": host, "path": "/"}])
    pupil = pupil_context.new_page()
    table_href = table_2.get_by_role("link").get_attribute("href")
    table_id = re.search(r"/tables/(\d+)/watch/", table_href).group(1)
    pupil.goto(f"{server.url}/tables/{table_id}/")
    expect(pupil.locator("[data-connection]")).to_have_text("Connected")
    deadline = time.monotonic() + 90
    while _tricks_done(pupil) < 2:
        if time.monotonic() > deadline:
            pupil.screenshot(path=SCREENSHOTS / "teacher-debug-pupil.png", full_page=True)
            raise AssertionError("two tricks were not played in time")
        acted = _pupil_acts(pupil)
        pupil.wait_for_timeout(400 if acted else 250)

    # The wall followed without a reload: Table 2 is in play.
    expect(table_2).to_contain_text("Trick", timeout=15_000)

    # Watch Table 2: every hand open, the pupils' own layout.
    table_2.get_by_role("link").click()
    expect(teacher.get_by_role("heading", name=re.compile("Watching Table 2"))).to_be_visible()
    board = teacher.locator("#watch-board")
    expect(board.locator(".seat")).to_have_count(4)
    expect(board.locator(".hand.closed")).to_have_count(0)

    # Pause: Ella is told, the robots wait.
    notice = teacher.locator("#watch-notice")
    controls = teacher.locator(".watch-controls")
    expect(controls.get_by_role("button", name="Resume")).to_be_hidden()
    # Clicked before htmx has taken the page (its scripts are deferred), Pause is posted
    # as a plain form and the notice comes back with the reloaded page, not in its box.
    teacher.wait_for_load_state("load")
    controls.get_by_role("button", name="Pause").click()
    expect(notice).to_contain_text("Paused: robots wait")
    expect(board.get_by_text("Paused: the pupils see")).to_be_visible()
    expect(pupil.locator("#table-body")).to_contain_text("Your teacher has paused this table.")

    # Undo the last trick (or the one in progress): its cards go back to the hands and
    # the table stays paused.
    held_before = board.locator(".seat [data-card]").count()
    controls.get_by_role("button", name="Undo last trick").click()
    expect(notice).to_contain_text("The last trick is taken back")
    expect(board.locator(".seat [data-card]")).not_to_have_count(held_before)
    assert board.locator(".seat [data-card]").count() > held_before
    expect(controls.get_by_role("button", name="Resume")).to_be_visible()
    expect(controls.get_by_role("button", name="Pause")).to_be_hidden()
    _shoot(teacher, "watch")

    # The wall shows the table paused.
    teacher.get_by_role("link", name="Wall", exact=True).click()
    expect(teacher.locator("article.tile").filter(has_text="Table 2")).to_contain_text("Paused")
    _shoot(teacher, "wall")

    # Resume: play goes on, and Ella can play again when it is her turn.
    teacher.locator("article.tile").filter(has_text="Table 2").get_by_role("link").click()
    board = teacher.locator("#watch-board")
    teacher.locator(".watch-controls").get_by_role("button", name="Resume").click()
    expect(teacher.locator(".watch-controls").get_by_role("button", name="Pause")).to_be_visible()
    expect(pupil.locator("#table-body")).not_to_contain_text("Your teacher has paused this table.")

    # The class chart and a pupil's progress, from the earlier lessons' hands.
    teacher.get_by_role("link", name="Charts").click()
    expect(teacher.locator("svg.hcp-chart circle").first).to_be_visible()
    expect(teacher.get_by_role("table").first).to_contain_text("Average tricks taken")
    _shoot(teacher, "chart")
    teacher.goto(f"{server.url}/classes/{server.classroom}/pupils/{server.amira}/")
    played = server.amira_hands
    hands = f"{played} hand{'s' if played != 1 else ''} played."
    expect(teacher.get_by_text(hands)).to_be_visible()
    _shoot(teacher, "progress")
    assert failures == []
    pupil_context.close()
