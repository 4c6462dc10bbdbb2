"""The teacher's pages for every registered game in a real Chromium: the wall, watching a
table, undoing its last trick, a pupil's progress and the chart of the game, each at a
school tablet's size (768 x 1024) and a laptop's (1366 x 768), with no sideways
scrolling. Screenshots go to screenshots/teacher-<page>-<game>-<size>.png.

For each game a class is put on it, a table with one pupil (Bob) and robots plays a hand
to its end and the next one to its second trick; the teacher then opens each page. No
game is named: they come from the registry.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.urls import reverse
from playwright.sync_api import Browser, expect

from games.registry import catalogue
from games.seats import Seat
from tests.browser.pages import logged_in_page, shoot_both_sizes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = [entry.name for entry in catalogue()]


def _class_at(game: str) -> dict:
    """A class on ``game``, its table with Bob and robots: one hand played out, and the
    next one that is played (not passed out) to its second trick."""
    from teaching.classes import services as classes
    from teaching.models import Classroom, User
    from teaching.tables.services.dealing import hand_next
    from tests.teaching.table_helpers import cards_played, play_out, play_until, seat_table

    teacher = User.objects.create_user(username=f"t-{game}", email=f"{game}@example.org",
                                       password="a long enough password 7",
                                       role=User.Role.TEACHER)
    classroom = classes.classroom_create(owner=teacher, name="Finches", game=game, options={})
    Classroom.objects.filter(pk=classroom.pk).update(robot_pause_ms=0)
    [bob] = classes.pupils_create(classroom=classroom, by=teacher, names="Bob")
    entry = next(e for e in catalogue() if e.name == game)
    seat = Seat(str(entry.table_seats()[0]))
    table = seat_table(classroom, {seat: bob}, game=game, options={})
    play_out(table, {seat: bob})
    # The next hands until one reaches its second trick (a hand may be passed out).
    for _ in range(8):
        hand = table.hands.order_by("-number").first()
        hand_next(table=table, after=hand.number, by=teacher, notify=False)
        if play_until(table, {seat: bob}, lambda: cards_played(table)[0] >= 2):
            break
    connection.close()  # this thread's own, opened for the setup
    return {"teacher": teacher, "classroom": classroom, "bob": bob, "table": table,
            "title": entry.title}


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_pages_of_every_game(browser: Browser, live_server, game: str) -> None:
    # Made on a thread of its own: Playwright's event loop runs on this one, and the table's
    # services announce each move with async_to_sync, which refuses to run beside a loop.
    with ThreadPoolExecutor(1) as pool:
        made = pool.submit(_class_at, game).result()
    classroom, table, bob = made["classroom"], made["table"], made["bob"]
    page = logged_in_page(browser, live_server, made["teacher"])
    base = f"{live_server.url}/classes/{classroom.pk}"

    page.goto(f"{base}/wall/")
    tile = page.locator(f"#tile-{table.pk}")
    expect(tile).to_contain_text(made["title"])
    expect(tile.locator(".tile-facts")).not_to_contain_text("None")
    shoot_both_sizes(page, f"teacher-wall-{game}")

    page.goto(f"{live_server.url}/tables/{table.pk}/watch/")
    expect(page.locator("h1")).to_contain_text(made["title"])
    shoot_both_sizes(page, f"teacher-watch-{game}")
    page.get_by_role("button", name="Undo").click()
    notice = page.locator("#watch-notice .message")
    expect(notice).to_be_visible()
    expect(notice).not_to_have_class("message message-error")
    shoot_both_sizes(page, f"teacher-undo-{game}")

    page.goto(live_server.url + reverse("pupil_progress", args=[classroom.pk, bob.pk]))
    expect(page.locator("table.data tbody tr").first).to_be_visible()
    expect(page.locator("table.data tbody")).not_to_contain_text("Finished")
    shoot_both_sizes(page, f"teacher-progress-{game}")

    page.goto(f"{base}/chart/?game={game}")
    expect(page.locator("h1")).to_contain_text(made["title"])
    expect(page.get_by_role("heading", name="Each pupil")).to_be_visible()
    shoot_both_sizes(page, f"teacher-chart-{game}")
