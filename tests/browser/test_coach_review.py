"""A pupil presses "Review my hand" after a MiniBridge hand (issue 29) in a real Chromium
over daphne: the coach's review of his own seat appears above the table, in words.
Screenshots at tablet and laptop sizes go to screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import SCREENSHOTS
from tests.daphne_server import Daphne, outside

pytestmark = pytest.mark.browser

#: A card code standing alone ("HQ"): the review says cards in words.
CARD_CODE = re.compile(r"(?<![\w])[SHDC][AKQJT2-9](?![\w])")


def test_review_my_hand_after_the_hand(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "review.sqlite3"
    setup = outside(database, "reviewed")
    with Daphne(database) as daphne:
        context = browser.new_context(viewport={"width": 768, "height": 1024})
        context.add_cookies([{"name": "sessionid", "value": setup["cookies"]["S"],
                              "url": daphne.url}])
        page = context.new_page()
        page.goto(f"{daphne.url}/tables/{setup['table']}/")
        expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)

        button = page.get_by_role("button", name="Review my hand")
        expect(button).to_be_visible(timeout=10_000)
        button.click()
        review = page.locator("#coach-review[data-hand]")
        expect(review).to_be_visible(timeout=20_000)
        expect(review.locator(".coach-review-title")).to_contain_text("review of hand")
        text = review.inner_text()
        assert ("You played" in text or "Nothing to change" in text
                or "as good as the best" in text), text
        assert not CARD_CODE.search(text), text

        SCREENSHOTS.mkdir(exist_ok=True)
        review.scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS / "coach-review-tablet.png", full_page=False)
        page.set_viewport_size({"width": 1366, "height": 768})
        page.wait_for_timeout(200)
        page.screenshot(path=SCREENSHOTS / "coach-review-laptop.png", full_page=False)
        context.close()
