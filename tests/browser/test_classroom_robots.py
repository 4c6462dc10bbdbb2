"""Alice sets her class's robots on the class page: a longer pause and the expert level,
then (in a browser without JavaScript) no pause at all. Full-page screenshots at tablet
(768x1024) and laptop (1366x768) sizes go to $SCREENSHOTS_DIR, or a temporary folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from teaching.accounts import services as services_accounts
from teaching.classes import services as classes
from tests.browser.pages import teacher_logs_in
from tests.teaching.cast import PASSWORD, fast_password_hashing  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"tablet": {"width": 768, "height": 1024}, "laptop": {"width": 1366, "height": 768}}


def _shoot(page: Page, folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=folder / f"robots-{name}-{size}.png", full_page=True)
        # Nothing is wider than the window: no sideways scrolling on a tablet.
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.set_viewport_size(SIZES["laptop"])


def test_alice_sets_the_robots_pause_and_level(browser: Browser, live_server,
                                               tmp_path: Path) -> None:
    # The cast's Alice and her class Robins (tests/teaching/cast.py), made the same way.
    alice = services_accounts.teacher_signup(email="alice@example.org", display_name="Alice",
                                             password=PASSWORD)
    robins = classes.classroom_create(owner=alice, name="Robins", game="minibridge",
                                      options={"lesson": 3})
    folder = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    class_url = f"{live_server.url}/classes/{robins.pk}/"

    teacher_logs_in(page, class_url, alice.email, PASSWORD)
    robots = page.locator("#robots")
    expect(robots.get_by_label("Pause before each robot card")).to_have_value("800")
    expect(robots.get_by_label("Beginner: plays simply and soundly")).to_be_checked()
    robots.scroll_into_view_if_needed()
    _shoot(page, folder, "before")

    robots.get_by_label("Pause before each robot card").select_option(label="1 s")
    robots.get_by_label("Expert: looks ahead at every hand").check()
    robots.get_by_role("button", name="Save robot settings").click()

    expect(page.get_by_role("status")).to_contain_text("Robots now wait 1 s between cards.")
    expect(robots.get_by_label("Pause before each robot card")).to_have_value("1000")
    expect(robots.get_by_label("Expert: looks ahead at every hand")).to_be_checked()
    _shoot(page, folder, "saved")
    robins.refresh_from_db()
    assert (robins.robot_pause_ms, robins.robot_level) == (1000, "expert")
    assert errors == []

    # The same form works in a browser without JavaScript.
    plain = browser.new_context(viewport=SIZES["tablet"], java_script_enabled=False).new_page()
    teacher_logs_in(plain, class_url, alice.email, PASSWORD)
    plain.locator("#robots").get_by_label("Pause before each robot card").select_option("0")
    plain.locator("#robots").get_by_role("button", name="Save robot settings").click()
    expect(plain.get_by_role("status")).to_contain_text(
        "Robots now play their cards without a pause.")
    robins.refresh_from_db()
    assert (robins.robot_pause_ms, robins.robot_level) == (0, "expert")
