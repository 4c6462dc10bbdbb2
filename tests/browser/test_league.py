"""A league in a real Chromium against a real daphne server.

A teacher sets up a four-pair league from the class page. One mini-match is
played online: the teacher opens its table, a pupil of it finds the table on
her page, and robots stand in for the pupils deal after deal ("Robots finish
this deal") until it is decided. Another is typed in from a real table, with an
impossible trick count refused on the way. The grid, the total column and the
standings then show the right numbers. Screenshots of the grid, the standings
and a pair's page at phone (390x844), tablet and laptop sizes go to screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import teacher_logs_in
from tests.daphne_server import ROOT, Daphne, made_in_shell

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768},
         "laptop": {"width": 1366, "height": 768}}
EMAIL, PASSWORD = "finch.teacher@example.org", "a long enough password 7"
PUPILS = ("Amira", "Ben", "Chloe", "Dev", "Ella", "Finn", "Gita", "Hugo")
NAMES = "\\n".join(PUPILS)

SETUP = f"""
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.models import Classroom

teacher = accounts.teacher_signup(email="{EMAIL}", display_name="Mr Finch", password="{PASSWORD}")
kestrels = classes.classroom_create(owner=teacher, name="Kestrels", game="minibridge",
                                   options={{"lesson": 5}})
Classroom.objects.filter(pk=kestrels.pk).update(robot_pause_ms=0)
pupils = classes.pupils_create(classroom=kestrels, by=teacher, names="{NAMES}")
sessions = {{}}
for pupil in pupils:
    session = SessionStore()
    session[SESSION_KEY] = str(pupil.user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = pupil.user.get_session_auth_hash()
    session.create()
    sessions[pupil.name] = session.session_key
print(json.dumps({{"classroom": kestrels.pk, "sessions": sessions}}))
"""


@dataclass
class Server:
    url: str
    classroom: int
    sessions: dict[str, str]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    database = tmp_path / "db.sqlite3"
    data = made_in_shell(database, SETUP)
    with Daphne(database) as daphne:
        yield Server(daphne.url, data["classroom"], data["sessions"])




def _shoot(page: Page, name: str, element: str | None = None) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(250)
        path = SCREENSHOTS / f"league-{name}-{size}.png"
        if element:
            page.locator(element).screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=True)
    page.set_viewport_size(SIZES["laptop"])


def _failures(page: Page) -> list[str]:
    failures: list[str] = []
    page.on("pageerror", lambda error: failures.append(str(error)))
    return failures


def _grid(page: Page) -> dict[str, dict[str, str]]:
    """The grid as {row pair: {column pair: cell}}, and "Total"."""
    table = page.locator("table.league-grid")
    heads = [h.strip() for h in table.locator("thead th").all_inner_texts()][1:]
    grid = {}
    for row in table.locator("tbody tr").all():
        key = row.locator("th .pair-key").inner_text().strip()
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        grid[key] = dict(zip(heads, cells, strict=True))
    return grid


def test_a_teacher_runs_a_four_pair_league_with_a_match_online_and_one_typed_in(
        browser: Browser, server: Server) -> None:
    teacher = browser.new_context(viewport=SIZES["laptop"]).new_page()
    failures = _failures(teacher)

    # Log in, go from the class page to a new league.
    teacher_logs_in(teacher, f"{server.url}/classes/{server.classroom}/", EMAIL, PASSWORD)
    teacher.get_by_role("link", name="Leagues").click()
    expect(teacher.get_by_text("No league yet.")).to_be_visible()
    teacher.get_by_role("link", name="New league").click()

    # Four pairs; a pupil put in two pairs first, to see the error.
    teacher.get_by_label("League name").fill("Spring term league")
    for n in range(4):
        teacher.get_by_label(f"Pair {n + 1}, first pupil").select_option(label=PUPILS[2 * n])
        teacher.get_by_label(f"Pair {n + 1}, second pupil").select_option(
            label=PUPILS[2 * n + 1])
    teacher.get_by_label("Pair 4, second pupil").select_option(label="Amira")
    teacher.get_by_role("button", name="Schedule the league").click()
    expect(teacher.get_by_role("alert")).to_contain_text("Amira is in pair I and pair IV")
    teacher.get_by_label("Pair 4, second pupil").select_option(label="Hugo")
    _shoot(teacher, "new")
    teacher.get_by_label("Best of 3 deals").check()
    teacher.get_by_role("button", name="Schedule the league").click()
    expect(teacher.get_by_text("Spring term league is scheduled: 6 mini-matches.")).to_be_visible()
    league_url = teacher.url
    grid = _grid(teacher)
    assert list(grid) == ["I", "II", "III", "IV"]
    assert all(cell in ("", "—") for row in grid.values() for k, cell in row.items()
               if k != "Total")

    # Round 1, first match: played online. The teacher opens the table...
    round_1 = teacher.locator(".rounds .match-list").first.locator("a.match-link")
    online_name = round_1.nth(0).inner_text()
    typed_name = round_1.nth(1).inner_text()
    round_1.nth(0).click()
    teacher.get_by_role("button", name=re.compile("Play online")).click()
    expect(teacher.get_by_role("heading", name="Playing online")).to_be_visible()

    # ...a pupil of the match finds it on her page (Amira is pair I, in round 1).
    pupil_context = browser.new_context(viewport=SIZES["phone"])
    host = server.url.split("//")[1].split(":")[0]
    pupil_context.add_cookies([{"name": "sessionid", "value": server.sessions["Amira"],
                                "domain": host, "path": "/"}])
    amira = pupil_context.new_page()
    amira.goto(f"{server.url}/me/")
    league_block = amira.locator(".league-next")
    expect(league_block).to_contain_text("you are Pair I")
    expect(league_block.get_by_role("link", name="your table is ready")).to_be_visible()
    _shoot(amira, "pupil-home")

    # ...and robots stand in for the four pupils, deal after deal, until it is decided.
    for _ in range(12):
        if teacher.get_by_role("button", name="Robots finish this deal").count() == 0:
            break
        teacher.get_by_role("button", name="Robots finish this deal").click()
    heading = teacher.locator("#score-title").inner_text()
    online = re.fullmatch(r"Pair (\w+) won (2)-([01])", heading)
    assert online, heading
    online_winner, won, lost = online.group(1), int(online.group(2)), int(online.group(3))
    online_loser = next(p for p in re.findall(r"Pair (\w+)", online_name) if p != online_winner)

    # Round 1, second match: typed in from a real table, North-South winning 2-0.
    teacher.goto(league_url)
    teacher.get_by_role("link", name=typed_name).click()
    typed_a, typed_b = re.fullmatch(r"Pair (\w+) v Pair (\w+)", typed_name).groups()
    form = teacher.locator("form.deal-form")
    form.get_by_label("Declarer", exact=True).select_option("N")
    form.get_by_label("Contract").fill("NT")
    form.get_by_label("Tricks won by declarer").fill("14")
    form.get_by_label("Declaring side's combined points").fill("25")
    form.get_by_role("button", name="Add the deal").click()
    expect(teacher.get_by_role("alert")).to_contain_text("from 0 to 13, not 14")
    _shoot(teacher, "match-error")
    for tricks, points, declarer in (("9", "25", "N"), ("6", "23", "E")):
        form = teacher.locator("form.deal-form")
        form.get_by_label("Declarer", exact=True).select_option(declarer)
        form.get_by_label("Contract").fill("NT")
        form.get_by_label("Tricks won by declarer").fill(tricks)
        form.get_by_label("Declaring side's combined points").fill(points)
        form.get_by_role("button", name="Add the deal").click()
        expect(teacher.get_by_text(re.compile(r"Deal \d is in"))).to_be_visible()
    expect(teacher.locator("#score-title")).to_have_text(f"Pair {typed_a} won 2-0")

    # The grid, from each row pair's side, and the total column.
    teacher.goto(league_url)
    grid = _grid(teacher)
    assert grid[online_winner][online_loser] == f"{won}-{lost}"
    assert grid[online_loser][online_winner] == f"{lost}-{won}"
    assert grid[typed_a][typed_b] == "2-0" and grid[typed_b][typed_a] == "0-2"
    totals = {pair: row["Total"] for pair, row in grid.items()}
    assert totals == {p: "1" if p in (online_winner, typed_a) else "0" for p in grid}

    # The standings: the two winners first, apart on fewer deals lost when the online
    # match went to a third deal (2-1 against 2-0), else sharing first place.
    expect(teacher.locator(".tie-breaks")).to_contain_text(
        "Tie-breaks: 1. matches won 2. head-to-head 3. deals won 4. fewer deals lost")
    rows = teacher.locator("table.standings tbody tr")
    lines = [(rows.nth(i).locator("td").first.inner_text(),
              rows.nth(i).locator(".pair-key").inner_text()) for i in range(4)]
    assert {pair for _, pair in lines[:2]} == {online_winner, typed_a}
    if lost == 1:
        assert lines[0] == ("1", typed_a) and lines[1] == ("2", online_winner)
        expect(rows.nth(1)).to_contain_text("below on fewer deals lost")
    else:
        assert [place for place, _ in lines[:2]] == ["1=", "1="]
    _shoot(teacher, "grid", "section[aria-labelledby=grid-title]")
    _shoot(teacher, "standings", "section[aria-labelledby=standings-title]")
    _shoot(teacher, "league")

    # The online pair's page: every deal with contract, points, target, tricks, a replay link.
    teacher.locator("table.standings").get_by_role("link", name=re.compile(
        rf"^{online_winner} ")).click()
    expect(teacher.get_by_role("heading", level=1)).to_contain_text(f"Pair {online_winner}")
    deals = teacher.locator("table.deals").first.locator("tbody tr")
    expect(deals).to_have_count(won + lost)
    _shoot(teacher, "pair")
    teacher.get_by_role("link", name="Replay").first.click()
    expect(teacher.locator("ol.replay li").first).to_contain_text("announces")

    # Printed: the grid and standings without the site's chrome.
    teacher.goto(league_url)
    teacher.emulate_media(media="print")
    teacher.screenshot(path=SCREENSHOTS / "league-print.png", full_page=True)
    expect(teacher.locator(".site-header")).to_be_hidden()
    teacher.emulate_media(media="screen")
    assert failures == []
