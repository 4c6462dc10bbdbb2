"""Steps that several browser tests take through the pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

#: Where the browser tests leave their screenshots (git ignores it), and the two sizes a
#: page must fit without sideways scrolling: a school tablet upright and a laptop.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
SIZES = {"tablet": (768, 1024), "laptop": (1366, 768)}
#: How long a test waits for a finished hand's double-dummy table: its solver runs at idle
#: priority (docs/decisions/0515-the-solver-on-one-idle-core.md), so on a machine kept busy
#: by other work it waits for a free core, however little it needs.
DD_TABLE_MS = 60_000


def shoot_both_sizes(page: Page, name: str) -> None:
    """Screenshots ``name-tablet.png`` and ``name-laptop.png``, asserting that the page
    fits each width; the viewport is put back as it was."""
    SCREENSHOTS.mkdir(exist_ok=True)
    original = page.viewport_size
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        # Laid out again at the new width, and settled: a status line that changes as the
        # page's socket connects may widen a row for a moment on a busy machine.
        try:
            page.wait_for_function(
                f"document.documentElement.scrollWidth <= {width}", timeout=5_000)
        except PlaywrightTimeoutError:
            wide = page.evaluate("document.documentElement.scrollWidth")
            raise AssertionError(f"{name} is {wide} px wide at {width} px") from None
        page.screenshot(path=SCREENSHOTS / f"{name}-{size}.png", full_page=True)
    if original:
        page.set_viewport_size(original)


def table_version(page: Page) -> int:
    """The table's version as the page shows it (``data-version`` of #table-body)."""
    return int(page.locator("#table-body").get_attribute("data-version") or -1)


def teacher_logs_in(page: Page, url: str, email: str, password: str) -> None:
    """Open ``url`` (a teacher's page, which asks to log in first) and log in there."""
    page.goto(url)
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def logged_in_page(browser: Browser, live_server: Any, user: Any, *,
                   size: tuple[int, int] = (1366, 768)) -> Page:
    """A new page of a fresh browser context, logged in as ``user`` on ``live_server``
    (pytest-django's) by the session cookie Django's test client makes."""
    from django.test import Client

    client = Client()
    client.force_login(user, backend="teaching.accounts.backends.AccountBackend")
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    return context.new_page()
