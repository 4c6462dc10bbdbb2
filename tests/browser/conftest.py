"""One Chromium for the browser tests: Debian's, never a downloaded browser."""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright
from playwright.sync_api import Error as PlaywrightError

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

# Closing takes a second or two; Debian's Chromium (not the build Playwright is made with)
# now and then never exits after Browser.close, and Playwright then waits for it for ever.
CLOSE_SECONDS = 30


def _chromium_processes() -> list[int]:
    """This test run's Chromium processes: descendants of this process (through
    Playwright's driver) whose program is Chromium."""
    parents: dict[int, int] = {}
    programs: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            programs[int(entry.name)] = (entry / "cmdline").read_bytes().split(b"\0")[0].decode()
        except (OSError, UnicodeDecodeError):
            continue
        # The program's name is in parentheses and may hold spaces; the parent follows it.
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    ours: set[int] = {os.getpid()}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in ours and pid not in ours:
                ours.add(pid)
                changed = True
    return [pid for pid in ours if "chrom" in Path(programs.get(pid, "")).name]


def _kill_chromium() -> None:
    for pid in _chromium_processes():
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


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
        # Past CLOSE_SECONDS the browser is killed: Playwright sees its process end and
        # every close below returns, so a test that passed cannot hang on its way out.
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            _kill_chromium()

        watchdog = threading.Timer(CLOSE_SECONDS, kill)
        watchdog.daemon = True
        watchdog.start()
        try:
            # Contexts first, each on its own: a page still loading when the test ended is
            # closed with its context, and the browser then has nothing left to wait for.
            for context in browser.contexts:
                context.close()
            browser.close()
        except PlaywrightError:
            if not killed.is_set():
                raise
        finally:
            watchdog.cancel()
