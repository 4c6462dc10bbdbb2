"""The pages live with their Content-Security-Policy, in a real Chromium (teaching/csp.py).

A real daphne serves a class with a table: a visitor, the teacher and a pupil
open their main pages; each arrives with the policy, and the browser reports
no violation of it (no script, style, image or socket it blocked) and no
script error. The pupil plays at the table over the websocket (htmx and its
websocket extension, the SVG cards) until a card of hers is on the table.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.test_table import _take_turn
from tests.daphne_server import ROOT, Daphne, environment, outside

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "screenshots"

# Sessions for the class's teacher and for the pupil at South of the table made by
# tests.teaching.outside, and the class's code.
SESSIONS = """
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from teaching.models import Table

def session_for(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key

table = Table.objects.select_related("classroom__owner").get(pk={table})
pupil = table.seats.get(seat="S").pupil.user
print(json.dumps({{"classroom": table.classroom.pk, "code": table.classroom.code,
                  "teacher": session_for(table.classroom.owner), "pupil": session_for(pupil)}}))
"""

# Report every violation to the console too, whatever the browser logs by itself.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
                + " at " + e.sourceFile + ":" + e.lineNumber);
});
"""


@dataclass
class School:
    server: Daphne
    table: int
    classroom: int
    code: str
    pupil: str  # session cookies
    teacher: str


@pytest.fixture
def school(tmp_path: Path) -> Iterator[School]:
    database = tmp_path / "db.sqlite3"
    table = outside(database, "setup", "1")["table"]
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c",
                           SESSIONS.format(table=table)], cwd=ROOT,
                          env=environment(database), capture_output=True, text=True,
                          timeout=120, check=True)
    made = json.loads(done.stdout.strip().splitlines()[-1])
    with Daphne(database) as server:
        yield School(server, table, made["classroom"], made["code"], made["pupil"],
                     made["teacher"])


class Watched:
    """A browser context whose pages report CSP violations and script errors."""

    def __init__(self, browser: Browser, school: School, cookie: str | None) -> None:
        self.context: BrowserContext = browser.new_context(
            viewport={"width": 1024, "height": 768})
        if cookie:
            self.context.add_cookies([{"name": "sessionid", "value": cookie,
                                       "url": school.server.url}])
        self.context.add_init_script(REPORT_VIOLATIONS)
        self.problems: list[str] = []
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"error: {error}"))
        self.base = school.server.url

    def _console(self, message: object) -> None:
        text = message.text  # type: ignore[attr-defined]
        if "Content Security Policy" in text or "CSP violation" in text:
            self.problems.append(f"{self.page.url}: {text}")

    def open(self, path: str) -> Page:
        response = self.page.goto(self.base + path)
        assert response is not None and response.status == 200, f"{path}: {response}"
        assert self.page.url == self.base + path, f"{path} led to {self.page.url}"
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy, f"{path} came without the policy"
        self.page.wait_for_load_state("load")
        return self.page


def test_the_main_pages_and_a_card_played_over_the_socket_break_no_policy(
    browser: Browser, school: School
) -> None:
    visitor = Watched(browser, school, None)
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/join/",
                 f"/join/{school.code}/"):
        visitor.open(path)

    teacher = Watched(browser, school, school.teacher)
    c = school.classroom
    for path in ("/dashboard/", f"/classes/{c}/", f"/classes/{c}/cards/",
                 f"/classes/{c}/seating/", f"/classes/{c}/chart/", f"/classes/{c}/duplicate/",
                 f"/classes/{c}/leagues/"):
        teacher.open(path)
    wall = teacher.open(f"/classes/{c}/wall/")
    wall.wait_for_timeout(500)  # its socket connects and sends the tables

    # What inline handlers did is done by the site's script file: a Print button prints,
    # and archiving the class asks first (and does nothing when the answer is no).
    cards = teacher.open(f"/classes/{c}/cards/")
    cards.evaluate("() => { window.print = () => { window.printed = true; }; }")
    cards.get_by_role("button", name="Print").click()
    assert cards.evaluate("() => window.printed === true")
    page = teacher.open(f"/classes/{c}/")
    questions: list[str] = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Archive the class").click()
    page.wait_for_timeout(300)
    assert questions and questions[0].startswith("Archive Robins?"), questions
    expect(page.get_by_role("button", name="Archive the class")).to_be_visible()

    pupil = Watched(browser, school, school.pupil)
    for path in ("/me/", "/duplicate/", "/leagues/"):
        pupil.open(path)
    page = pupil.open(f"/tables/{school.table}/")
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    done: list[str] = []  # counting the points, answering: whatever comes before a card
    while "play" not in done and len(done) < 40:
        done.append(_take_turn(page, keyboard=False))
        if done[-1] == "over":  # she was dummy, or the deal is dealt again: the next one
            page.locator("button[name=deal][value^=next]").click()
            page.wait_for_function("() => !document.querySelector('#summary-title')")
    assert "play" in done, f"no card played: {done}"
    # The SVG card, from the site's own files (waited for: the hand is redrawn by each frame).
    expect(page.locator(".seat-bottom .card[data-card]").first).to_have_css(
        "background-image", re.compile(r'\.svg"\)$'))
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "csp-table-after-a-card.png", full_page=True)

    # The teacher watches the table, its every hand open, live.
    teacher.open(f"/tables/{school.table}/watch/")
    teacher.page.wait_for_timeout(500)
    teacher.page.screenshot(path=SCREENSHOTS / "csp-watch.png", full_page=True)

    problems = visitor.problems + teacher.problems + pupil.problems
    assert problems == [], "\n".join(problems)
    for watched in (visitor, teacher, pupil):
        watched.context.close()


def test_a_page_that_breaks_the_policy_is_caught(browser: Browser, school: School) -> None:
    """The watch itself works: an inline script on a page is reported."""
    visitor = Watched(browser, school, None)
    page = visitor.open("/")
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.ran = true';
        document.body.appendChild(s);
    }""")
    page.wait_for_timeout(300)

    assert page.evaluate("() => window.ran === undefined")
    assert any(re.search("script-src", p) for p in visitor.problems), visitor.problems
    visitor.context.close()
