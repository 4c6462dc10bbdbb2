"""The home page in a real Chromium: the vendored htmx and ws extension load and run."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from teaching.classes import selectors
from tests.teaching.fakes import CATALOGUE

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture
def page(browser: Browser) -> Page:
    return browser.new_page(viewport={"width": 1024, "height": 768})


def test_a_pupil_sees_the_games_and_htmx_is_ready(
    page: Page, live_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selectors, "game_catalogue", lambda: CATALOGUE)
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))

    page.goto(live_server.url)

    assert page.locator("h2", has_text="MiniBridge").is_visible()
    assert page.get_by_text("MiniLesson 3").is_visible()
    assert page.evaluate("window.htmx && window.htmx.version") == "2.0.11"
    assert page.evaluate("Boolean(htmx.createWebSocket)"), "the ws extension registered itself"
    assert failed == []
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "home.png", full_page=True)


def test_a_new_teacher_and_a_pupil_each_find_their_way_in(page: Page, live_server) -> None:
    page.goto(live_server.url)
    teacher = page.locator("section.way-in", has_text="I'm a teacher")
    pupil = page.locator("section.way-in", has_text="I'm a pupil")
    assert teacher.is_visible() and pupil.is_visible()

    teacher.get_by_role("link", name="Create an account").click()
    page.wait_for_url(f"{live_server.url}/accounts/signup/")
    page.go_back()
    page.locator("section.way-in").get_by_role("link", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/accounts/login/")
    page.go_back()
    page.get_by_role("link", name="Join with a class code").click()
    page.wait_for_url(f"{live_server.url}/join/")
