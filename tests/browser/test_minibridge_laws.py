"""MiniBridge's Laws 14 and 18 on the screen, in a real Chromium over a real daphne
server: a set of deals with its running total, and the claim box while the teacher has
paused the table."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import shoot_both_sizes, teacher_logs_in
from tests.daphne_server import ROOT, Daphne, environment, outside

pytestmark = pytest.mark.browser


def _setup(database: Path, *args: str) -> dict[str, Any]:
    """Run a tests.browser.minibridge_set_setup command on ``database``; its JSON answer."""
    done = subprocess.run([sys.executable, "-m", "tests.browser.minibridge_set_setup", *args],
                          cwd=ROOT, env=environment(database), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _bob_at_the_table(browser: Browser, daphne: Daphne, cookie: str, table: int) -> Page:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": daphne.url}])
    page = context.new_page()
    page.goto(f"{daphne.url}/tables/{table}/")
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    return page


def test_a_set_of_two_deals_shows_its_running_total_and_says_when_it_is_over(
    browser: Browser, tmp_path: Path
) -> None:
    """Law 18: "a fixed number of deals"; the table keeps the total and ends the set."""
    database = tmp_path / "set.sqlite3"
    made = _setup(database, "set")
    first = made["score"]
    with Daphne(database) as daphne:
        page = _bob_at_the_table(browser, daphne, made["cookie"], made["table"])
        header, result = page.locator("[data-set-total]"), page.locator("[data-set-result]")
        so_far = f"N-S {first['NS']} · E-W {first['EW']}"
        expect(header).to_contain_text(so_far)
        expect(header).to_contain_text("deal 1 of 2")
        expect(result).to_have_text(f"The set so far: {so_far} after 1 deal of 2.")
        shoot_both_sizes(page, "minibridge-set-after-deal-1")

        page.get_by_role("button", name="Next deal").click()
        # The second deal starts from the first one's total.
        expect(header).to_contain_text("deal 2 of 2", timeout=15_000)
        expect(header).to_contain_text(so_far)
        expect(page.locator("#hcp-count")).to_be_visible(timeout=15_000)  # Bob to count
        shoot_both_sizes(page, "minibridge-set-deal-2")

        # The second deal is played out from another process; the page is read again.
        second = _setup(database, "finish", str(made["table"]))["score"]
        total = {side: first[side] + second[side] for side in ("NS", "EW")}
        page.reload()
        expect(result).to_contain_text("The set is over", timeout=15_000)
        expect(result).to_contain_text(f"N-S {total['NS']} · E-W {total['EW']}")
        expect(result).to_contain_text("The next deal starts a new set.")
        expect(header).to_contain_text(f"N-S {total['NS']} · E-W {total['EW']}")
        shoot_both_sizes(page, "minibridge-set-over")


def test_the_claim_box_starts_empty_and_is_not_offered_while_the_table_is_paused(
    browser: Browser, tmp_path: Path
) -> None:
    database = tmp_path / "paused.sqlite3"
    setup = outside(database, "claim")
    with Daphne(database) as daphne:
        south = _bob_at_the_table(browser, daphne, setup["cookies"]["S"], setup["table"])
        box = south.locator("#claim-count")
        expect(box).to_have_value("")
        expect(box.locator("option:checked")).to_have_text("?")
        # Pressing Claim without choosing claims nothing: the form asks for a number.
        before = south.locator("#table-body").get_attribute("data-version")
        south.get_by_role("button", name="Claim").click()
        assert south.evaluate("document.querySelector('#claim-count').validity.valid") is False
        assert south.locator("#table-body").get_attribute("data-version") == before
        expect(south.locator(".area-actions")).not_to_contain_text(
            re.compile("claims? 13"))

        _setup(database, "pause", str(setup["table"]))
        south.reload()
        expect(south.locator("[data-status]")).to_contain_text("paused", timeout=10_000)
        expect(south.locator("#claim-count")).to_have_count(0)
        shoot_both_sizes(south, "minibridge-paused-no-claim")


def test_alice_finds_the_set_and_the_scoring_among_the_class_options(
    browser: Browser, tmp_path: Path
) -> None:
    """The options form is built from the MiniBridge entry: a bad combination is refused
    with the reason, a good one is saved."""
    database = tmp_path / "options.sqlite3"
    made = _setup(database, "set")
    with Daphne(database) as daphne:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        teacher_logs_in(page, f"{daphne.url}/classes/{made['classroom']}/",
                        made["teacher"], made["password"])
        page.get_by_label("Scoring").select_option(label="Tricks won by each side")
        page.get_by_label("Play to a total").select_option(label="500 points")
        page.get_by_role("button", name="Set options").click()
        expect(page.get_by_text("A target score needs points")).to_be_visible()
        shoot_both_sizes(page, "minibridge-class-options-refused")

        page.get_by_label("Play to a total").select_option(label="No target")
        page.get_by_label("Deals in a set").select_option(label="4 deals")
        page.get_by_role("button", name="Set options").click()
        expect(page.get_by_text("Deals in a set: 4 deals").first).to_be_visible()
        shoot_both_sizes(page, "minibridge-class-options")
