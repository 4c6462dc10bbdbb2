"""Carol's table page after Alice deletes Bob, in a real Chromium against a real daphne.

Bob (North) and Carol (South) have played a hand of MiniLesson Three with two robots.
Carol has the table open; Alice deletes Bob from the class page. Without reloading, Carol's
page names North "a former pupil", and so does Alice's watch page; the name Bob is nowhere.
Screenshots: screenshots/erasure-former-pupil-{tablet,laptop}.png.
(docs/decisions/0335-a-former-pupils-seat.md)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import shoot_both_sizes, teacher_logs_in
from tests.daphne_server import Daphne, made_in_shell

pytestmark = pytest.mark.browser

EMAIL, PASSWORD = "alice@example.org", "a long enough password 7"

# Run inside the server's environment: the class, Bob and Carol's finished hand, and a
# logged-in session for Carol.
SETUP = f"""
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from games.seats import Seat
from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.tables.game_cache import current_hand
from tests.teaching.erasure.scene import play
from tests.teaching.table_helpers import seat_table

alice = accounts.teacher_signup(email="{EMAIL}", display_name="Alice", password="{PASSWORD}")
robins = classes.classroom_create(owner=alice, name="Robins", game="minibridge",
                                  options={{"lesson": 3}})
bob, carol = classes.pupils_create(classroom=robins, names="Bob\\nCarol", by=alice)
table = seat_table(robins, {{Seat.NORTH: bob, Seat.SOUTH: carol}}, options={{"lesson": 3}})
play(table, {{Seat.NORTH: bob, Seat.SOUTH: carol}}, 200)
assert current_hand(table).finished is not None
session = SessionStore()
session[SESSION_KEY] = str(carol.user.pk)
session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
session[HASH_SESSION_KEY] = carol.user.get_session_auth_hash()
session.create()
print(json.dumps({{"classroom": robins.pk, "bob": bob.pk, "table": table.pk,
                  "carol_session": session.session_key}}))
"""


@dataclass
class Server:
    url: str
    classroom: int
    bob: int
    table: int
    carol_session: str


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    database = tmp_path / "db.sqlite3"
    data = made_in_shell(database, SETUP)
    with Daphne(database) as daphne:
        yield Server(daphne.url, data["classroom"], data["bob"], data["table"],
                 data["carol_session"])


def _carol(browser: Browser, server: Server) -> Page:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    host = server.url.split("//")[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": server.carol_session,
                          "domain": host, "path": "/"}])
    return context.new_page()


def test_carols_table_page_names_bobs_seat_a_former_pupil_once_alice_deletes_him(
        browser: Browser, server: Server) -> None:
    carol = _carol(browser, server)
    carol.goto(f"{server.url}/tables/{server.table}/")
    north = carol.locator('#table-body .seat[data-seat="N"] .seat-name')
    expect(north).to_have_text("Bob", timeout=15_000)

    alice = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    teacher_logs_in(alice, f"{server.url}/classes/{server.classroom}/", EMAIL, PASSWORD)
    row = alice.locator(f"#pupil-{server.bob}")
    row.get_by_text("Change").click()
    row.get_by_role("link", name="Delete…").click()
    alice.get_by_role("button", name="Delete Bob").click()
    expect(alice.get_by_text("Bob is deleted")).to_be_visible()

    # Carol's open page is told, and names the seat anew.
    expect(north).to_have_text("a former pupil", timeout=15_000)
    expect(carol.locator("#table-body")).not_to_contain_text("Bob")
    shoot_both_sizes(carol, "erasure-former-pupil")

    carol.reload()
    expect(north).to_have_text("a former pupil", timeout=15_000)

    alice.goto(f"{server.url}/tables/{server.table}/watch/")
    expect(alice.locator('.seat[data-seat="N"] .seat-name').first).to_have_text(
        "a former pupil", timeout=15_000)
    expect(alice.locator("main")).not_to_contain_text("Bob")
