"""Alice deletes Bob from the class page: the confirm page says what goes and what stays,
and after confirming Bob is gone from the list and his secret word no longer logs in.
Screenshots go to screenshots/erasure-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from teaching.accounts import services as accounts
from teaching.classes import services as classes
from teaching.models import Pupil, User
from tests.browser.pages import teacher_logs_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
PASSWORD = "a long enough password 7"
LAPTOP = {"width": 1366, "height": 768}


def _shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"erasure-{name}.png", full_page=True)


def test_alice_deletes_bob_from_the_class_page_after_confirming(
    browser: Browser, live_server
) -> None:
    alice = accounts.teacher_signup(email="alice@example.org", display_name="Alice",
                                    password=PASSWORD)
    robins = classes.classroom_create(owner=alice, name="Robins")
    bob = classes.pupils_create(classroom=robins, names="Bob\nCarol", by=alice)[0]
    page = browser.new_context(viewport=LAPTOP).new_page()
    teacher_logs_in(page, f"{live_server.url}/classes/{robins.pk}/", "alice@example.org",
                    PASSWORD)

    row = page.locator(f"#pupil-{bob.pk}")
    row.get_by_text("Change").click()
    expect(row.get_by_role("link", name="Download data")).to_be_visible()
    _shoot(page, "1-class-page")
    row.get_by_role("link", name="Delete…").click()

    expect(page.get_by_role("heading", name="Delete Bob?")).to_be_visible()
    expect(page.get_by_text("Bob's name and secret word")).to_be_visible()
    expect(page.get_by_text("This cannot be undone.")).to_be_visible()
    _shoot(page, "2-confirm")
    page.get_by_role("button", name="Delete Bob").click()

    expect(page.get_by_text("Bob is deleted")).to_be_visible()
    expect(page.locator(f"#pupil-{bob.pk}")).to_have_count(0)
    expect(page.locator(".pupil-name", has_text="Carol")).to_be_visible()
    _shoot(page, "3-deleted")
    assert not Pupil.objects.filter(pk=bob.pk).exists()
    assert not User.objects.filter(pk=bob.user_id).exists()

    # The privacy page is one click away in the footer.
    page.locator(".site-footer").get_by_role("link", name="What we keep about pupils").click()
    expect(page.get_by_role("heading", name="What we keep about pupils")).to_be_visible()
    _shoot(page, "4-privacy")
