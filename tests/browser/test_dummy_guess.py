"""Dummy's guess in a real Chromium over daphne (issue 29: "while dummy, a pupil may guess
declarer's next card and sees after the trick whether declarer chose the same"): dummy's
pupil taps one of his cards while declarer is to play from dummy; once declarer's card is
played, dummy's page says whether it was the one he guessed. Screenshot to screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import SCREENSHOTS
from tests.daphne_server import Daphne, outside

pytestmark = pytest.mark.browser


def test_dummy_guesses_declarers_card(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "guess.sqlite3"
    setup = outside(database, "guessing")
    with Daphne(database) as daphne:
        pages = {}
        for role in ("dummy", "declarer"):
            context = browser.new_context(viewport={"width": 768, "height": 1024})
            context.add_cookies([{"name": "sessionid",
                                  "value": setup["cookies"][setup[role]], "url": daphne.url}])
            page = context.new_page()
            page.goto(f"{daphne.url}/tables/{setup['table']}/")
            expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
            pages[role] = page
        dummy, declarer = pages["dummy"], pages["declarer"]

        guessable = dummy.locator("#table-body .seat-bottom .card.guessable")
        expect(guessable.first).to_be_visible(timeout=10_000)
        guessable.first.click()
        expect(dummy.locator("#dummy-guess")).to_contain_text("Your guess: ")
        expect(dummy.locator("#table-body .card.guessed")).to_have_count(1)

        declarer.locator("#table-body button.card.playable").first.click()
        answer = dummy.locator("#dummy-guess")
        expect(answer).to_contain_text(re.compile(r"Declarer played|You guessed"),
                                       timeout=20_000)
        assert not re.search(r"\b[SHDC][AKQJT2-9]\b", answer.inner_text())
        SCREENSHOTS.mkdir(exist_ok=True)
        dummy.screenshot(path=SCREENSHOTS / "dummy-guess-tablet.png", full_page=False)
