"""A decided mini-match's table in a real Chromium: "Match over", and nothing to deal.

Mr Finch's two-pair league: Amira and Ben (pair I) meet Chloe and Dev (pair II) online,
best of three. Robots stand in for the four of them until the match is decided, and
nobody has looked at the league page since, so the match is not yet recorded as over
and its table is still open. Amira opens her table: it says who won, offers neither
"Next deal" nor "Play it again", and links her page. Screenshots league-match-over at
tablet and laptop sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import shoot_both_sizes
from tests.daphne_server import Daphne, made_in_shell

pytestmark = pytest.mark.browser

SETUP = """
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.league import services as sl
from teaching.models import Classroom
from teaching.tables.after_hand import after_hand
from teaching.tables.game_cache import current_hand
from teaching.tables.services.dealing import hand_next
from teaching.tables.services.robots import robot_act

teacher = accounts.teacher_signup(email="finch@example.org", display_name="Mr Finch",
                                  password="a long enough password 7")
kestrels = classes.classroom_create(owner=teacher, name="Kestrels", game="minibridge",
                                   options={"lesson": 5})
Classroom.objects.filter(pk=kestrels.pk).update(robot_pause_ms=0)
amira, ben, chloe, dev = classes.pupils_create(classroom=kestrels, by=teacher,
                                               names="Amira\\nBen\\nChloe\\nDev")
league = sl.league_create(classroom=kestrels, by=teacher, plan=sl.LeaguePlan(
    name="Spring term league", pairs=((amira.id, ben.id), (chloe.id, dev.id))))
table = sl.match_play_online(match=league.matches.get(), by=teacher)
seats = list(table.seats.all())
table.seats.update(pupil=None)
for _ in range(12):
    while robot_act(table_id=table.id) is not None:
        pass
    hand = current_hand(table)
    if not after_hand(table, hand).next_deal:
        break
    hand_next(table=table, after=hand.number, by=teacher)
for seat in seats:
    type(seat).objects.filter(pk=seat.pk).update(pupil_id=seat.pupil_id)
session = SessionStore()
session[SESSION_KEY] = str(amira.user.pk)
session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
session[HASH_SESSION_KEY] = amira.user.get_session_auth_hash()
session.create()
print(json.dumps({"table": table.pk, "session": session.session_key}))
"""


@dataclass
class Server:
    url: str
    table: int
    session: str


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    database = tmp_path / "db.sqlite3"
    data = made_in_shell(database, SETUP)
    with Daphne(database) as daphne:
        yield Server(daphne.url, data["table"], data["session"])


def test_a_decided_matchs_table_says_match_over_and_offers_no_deal(browser: Browser,
                                                                   server: Server) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    host = server.url.split("//")[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": server.session, "domain": host,
                          "path": "/"}])
    amira = context.new_page()
    failures: list[str] = []
    amira.on("pageerror", lambda error: failures.append(str(error)))
    amira.goto(f"{server.url}/tables/{server.table}/")
    after = amira.locator(".after-hand")
    expect(after).to_contain_text(re.compile(r"Match over: Pair I+ won 2-[01]\."),
                                  timeout=15_000)
    expect(after.get_by_role("button")).to_have_count(0)
    expect(after.get_by_role("link", name="Your page")).to_have_attribute("href", "/me/")
    shoot_both_sizes(amira, "league-match-over")
    assert failures == []
    context.close()
