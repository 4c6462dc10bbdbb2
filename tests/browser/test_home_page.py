"""The home page in a real Chromium: the vendored htmx and ws extension load and run."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from teaching import selectors
from tests.teaching.fakes import CATALOGUE

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[Page]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium package)")
    # Playwright's sync API runs an event loop in this thread; Django's test database
    # teardown is synchronous code that is safe here.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser.new_page(viewport={"width": 1024, "height": 768})
        browser.close()


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
