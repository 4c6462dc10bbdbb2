"""One Chromium for the browser tests: Debian's, never a downloaded browser."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# The machines that run the tests have no network past loopback: without these flags
# Chromium keeps trying to reach Google's services (updates, sync, safe browsing) at every
# start, and its sandbox needs user namespaces a CI container may not give.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium package)")
    # Playwright's sync API runs an event loop in this thread; Django's test database
    # teardown (for the tests on live_server) is synchronous code that is safe here.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        # Contexts first, each on its own: a page still loading when the test ended is
        # closed with its context, and the browser then has nothing left to wait for.
        for context in browser.contexts:
            context.close()
        browser.close()
