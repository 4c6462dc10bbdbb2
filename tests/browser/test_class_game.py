"""A class that plays any registered game, in a real Chromium against a real daphne server.

A teacher puts her class of three on two-handed Spades from the class page, seats it
(tables of two: two pupils at Table 1, one pupil and a robot at Table 2), and the wall
and a pupil's progress page show those tables at Spades. Screenshots of the class page
and the wall at tablet (768x1024) and laptop (1366x768) sizes go to screenshots/.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import teacher_logs_in
from tests.daphne_server import ROOT, Daphne, in_shell, made_in_shell

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "screenshots"
SIZES = {"tablet": {"width": 768, "height": 1024}, "laptop": {"width": 1366, "height": 768}}
EMAIL, PASSWORD = "lark.teacher@example.org", "a long enough password 7"

# The class, at the catalogue's first game as a new class is, and its three pupils.
SETUP = f"""
import json
from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.models import Classroom

teacher = accounts.teacher_signup(email="{EMAIL}", display_name="Mr Lark", password="{PASSWORD}")
larks = classes.classroom_create(owner=teacher, name="Larks")
Classroom.objects.filter(pk=larks.pk).update(robot_pause_ms=100)
pupils = classes.pupils_create(classroom=larks, by=teacher, names="Amy\\nBo\\nCy")
print(json.dumps({{"classroom": larks.pk, "amy": next(p.pk for p in pupils if p.name == "Amy")}}))
"""

# Amy and Bo, at Table 1 together, play its first hand out (each choosing as a
# beginner robot would, through the same use case as their browsers).
PLAY_TABLE_1 = """
import json, random
from games.registry import game_entry
from teaching.models import Table
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act

table = Table.objects.get(classroom_id={classroom}, name="Table 1", closed=False)
robot = game_entry(table.game).robots.make("beginner", **table.options)
seats = {{s.seat: s.pupil for s in table.seats.select_related("pupil__user")}}
hand = current_hand(table)
rng = random.Random(7)
while not hand_state(hand).is_over():
    game = hand_state(hand)
    seat = game.to_act()[0]
    hand_act(user=seats[seat.value].user, table=table, seat=seat,
             text=robot.choose(game.view(seat), rng))
    hand.refresh_from_db()
print(json.dumps({{"hand": hand.pk, "game": hand.game}}))
"""


@dataclass
class Server:
    url: str
    database: Path
    classroom: int
    amy: int


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    database = tmp_path / "db.sqlite3"
    data = made_in_shell(database, SETUP)
    with Daphne(database) as daphne:
        yield Server(daphne.url, database, data["classroom"], data["amy"])


def _shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        page.screenshot(path=SCREENSHOTS / f"class-game-{name}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["laptop"])


def test_a_teacher_puts_the_class_on_two_handed_spades_seats_it_and_sees_its_tables(
        browser: Browser, server: Server) -> None:
    teacher = browser.new_context(viewport=SIZES["laptop"]).new_page()
    failures: list[str] = []
    teacher.on("pageerror", lambda error: failures.append(str(error)))

    # The class page offers every registered game, with its variants.
    teacher_logs_in(teacher, f"{server.url}/classes/{server.classroom}/", EMAIL, PASSWORD)
    game_panel = teacher.locator("#game")
    choice = game_panel.get_by_label("Put the class on")
    groups = choice.locator("optgroup").evaluate_all("els => els.map(e => e.label)")
    assert {"MiniBridge", "Two-handed Spades"} <= set(groups)

    # Two-handed Spades, with the automatic deal.
    choice.select_option(label="Automatic deal")
    game_panel.get_by_role("button", name="Set game").click()
    expect(teacher.get_by_text("The class plays Two-handed Spades · Automatic deal now."))\
        .to_be_visible()
    expect(game_panel.locator(".current-game")).to_contain_text("Two-handed Spades")
    expect(game_panel.get_by_label("Nil bids")).to_be_visible()  # the game's own options
    expect(teacher.get_by_role("link", name="Duplicate sessions")).to_have_count(0)
    _shoot(teacher, "classroom")

    # Seat the class: tables of two, a robot filling the last.
    teacher.get_by_role("link", name="Seat the class").click()
    expect(teacher.get_by_text("Everyone sits at a table of Two-handed Spades")).to_be_visible()
    teacher.get_by_role("button", name="Seat the class").click()
    expect(teacher.get_by_text("The class is seated at 2 tables.")).to_be_visible()
    expect(teacher.get_by_text("Table 2 has 1 robot in the empty seat.")).to_be_visible()
    for table in ("Table 1", "Table 2"):
        section = teacher.locator("section.seat-table", has_text=table)
        expect(section.locator("select")).to_have_count(2)  # North and South only
        expect(section).to_contain_text("Two-handed Spades · Automatic deal")

    # Amy and Bo play Table 1's first hand out.
    played = in_shell(server.database, PLAY_TABLE_1.format(classroom=server.classroom))
    assert played["game"] == "spades2"

    # The wall: both tables at Spades, two seats each, the game's own status line.
    teacher.goto(f"{server.url}/classes/{server.classroom}/wall/")
    tiles = teacher.locator("article.tile")
    expect(tiles).to_have_count(2)
    for tile in (tiles.filter(has_text="Table 1"), tiles.filter(has_text="Table 2")):
        expect(tile).to_contain_text("Two-handed Spades · Automatic deal")
        expect(tile.get_by_role("list", name="Seats").get_by_role("listitem")).to_have_count(2)
    expect(tiles.filter(has_text="Table 1")).to_contain_text("Hand over")
    expect(tiles.filter(has_text="Table 2")).to_contain_text("Robot")
    expect(tiles.filter(has_text="Table 2")).to_contain_text("Cy")
    _shoot(teacher, "wall")

    # Amy's progress: the Spades hand she played at Table 1, and the game's variants.
    teacher.goto(f"{server.url}/classes/{server.classroom}/pupils/{server.amy}/")
    expect(teacher.get_by_text("Playing Two-handed Spades · Automatic deal")).to_be_visible()
    expect(teacher.get_by_text("1 hand played.")).to_be_visible()
    row = teacher.locator("table.data tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Two-handed Spades · Automatic deal")
    expect(row).to_contain_text("Table 1")
    steps = teacher.locator(".lesson-step")
    expect(steps.filter(has_text="Automatic deal")).to_contain_text("1 hand")
    _shoot(teacher, "progress")
    assert failures == []
