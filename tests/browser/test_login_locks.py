"""A classmate with the class code guesses Bob's secret until locked out; Bob still logs in
from the tablet he used before; a tablet new to him on the same network is locked out until
Alice unlocks Bob on the class page. A tablet Alice marked as a school device lets Bob in
after strangers' guesses without her Unlock. Screenshots go to
screenshots/login-locks-*.png."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from teaching.accounts import services as accounts
from teaching.accounts.throttle import PUPIL_PER_DAY
from teaching.classes import services as classes
from teaching.models import LoginFailure
from tests.browser.pages import teacher_logs_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
PASSWORD = "a long enough password 7"
LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 768, "height": 1024}
# The wait counts down from 10 minutes since the first wrong secret: on a busy machine the
# guesses take over a minute, and the page rightly says 9.
LOCKED = re.compile(r"Too many wrong secrets for Bob\. Wait (10|9|8) minutes")
WRONG_OR_LOCKED = re.compile(r"That secret is not right|Too many wrong secrets for Bob")


def _shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"login-locks-{name}.png", full_page=True)


def _type_secret(context: BrowserContext, url: str, code: str, name: str, secret: str) -> Page:
    page = context.new_page()
    page.goto(url + "/join/")
    page.get_by_label("Class code").fill(code)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name=name).click()
    page.get_by_label("Your secret word").fill(secret)
    page.get_by_role("button", name="Log in").click()
    return page


def test_a_stranger_cannot_lock_bob_out_and_alice_unlocks_a_new_tablet(
    browser: Browser, live_server
) -> None:
    alice = accounts.teacher_signup(email="alice@example.org", display_name="Alice",
                                    password=PASSWORD)
    robins = classes.classroom_create(owner=alice, name="Robins")
    bob = classes.pupils_create(classroom=robins, names="Bob\nCarol", by=alice)[0]
    url = live_server.url

    # Bob logs in on his tablet once: it now vouches for him.
    bobs_tablet = browser.new_context(viewport=TABLET)
    page = _type_secret(bobs_tablet, url, robins.code, "Bob", bob.secret)
    expect(page.get_by_text("Hello, Bob!")).to_be_visible()
    bobs_tablet.clear_cookies(name="sessionid")

    # A stranger types wrong secrets until the site stops checking them.
    stranger = browser.new_context(viewport=TABLET)
    for _ in range(6):
        page = _type_secret(stranger, url, robins.code, "Bob", "tiger999")
        # Each guess is answered before its page is closed: closing a page while the
        # answer's navigation commits can hang Chromium's close for good.
        expect(page.get_by_text(WRONG_OR_LOCKED)).to_be_visible()
        page.close()
    page = _type_secret(stranger, url, robins.code, "Bob", bob.secret)
    expect(page.get_by_text(LOCKED)).to_be_visible()
    _shoot(page, "stranger-locked")

    # A tablet new to Bob on the same network is locked out with the stranger...
    new_tablet = browser.new_context(viewport=TABLET)
    page = _type_secret(new_tablet, url, robins.code, "Bob", bob.secret)
    expect(page.get_by_text(LOCKED)).to_be_visible()

    # ...but Bob's own tablet is not.
    page = _type_secret(bobs_tablet, url, robins.code, "Bob", bob.secret)
    expect(page.get_by_text("Hello, Bob!")).to_be_visible()

    # Alice sees the lock on the class page and lifts it.
    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher_logs_in(teacher, f"{url}/classes/{robins.pk}/", "alice@example.org", PASSWORD)
    panel = teacher.locator("#logins")
    expect(panel.locator(f"#login-{bob.pk}")).to_contain_text("6 wrong secrets, locked out")
    panel.scroll_into_view_if_needed()
    _shoot(teacher, "class-page")
    panel.get_by_role("button", name="Unlock Bob").click()
    expect(teacher.locator("#logins").get_by_text("Bob's login is unlocked.")).to_be_visible()
    expect(teacher.locator(f"#login-{bob.pk}")).to_have_count(0)
    _shoot(teacher, "unlocked")

    page = _type_secret(new_tablet, url, robins.code, "Bob", bob.secret)
    expect(page.get_by_text("Hello, Bob!")).to_be_visible()


def test_a_tablet_alice_marks_as_a_school_device_lets_bob_in_past_strangers_lock(
    browser: Browser, live_server
) -> None:
    alice = accounts.teacher_signup(email="alice@example.org", display_name="Alice",
                                    password=PASSWORD)
    robins = classes.classroom_create(owner=alice, name="Robins")
    bob = classes.pupils_create(classroom=robins, names="Bob\nCarol", by=alice)[0]
    url = live_server.url

    # Alice, on a tablet of the new room, marks it from the class page.
    room_tablet = browser.new_context(viewport=TABLET)
    page = room_tablet.new_page()
    teacher_logs_in(page, f"{url}/classes/{robins.pk}/", "alice@example.org", PASSWORD)
    panel = page.locator("#logins")
    panel.get_by_label("A name for it (optional)").fill("Room 12, tablet 3")
    panel.scroll_into_view_if_needed()
    _shoot(page, "mark-school-device")
    panel.get_by_role("button", name="This is a school device").click()
    expect(page.locator("#school-device-here")).to_contain_text(
        "This browser is one of your school devices (Room 12, tablet 3)")
    page.get_by_role("button", name="Log out").click()

    # Strangers type 21 wrong secrets for Bob from five addresses.
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom=robins, pupil=bob, client=f"address:192.0.2.{n % 5}",
                     network=f"address:192.0.2.{n % 5}")
        for n in range(PUPIL_PER_DAY.allowed + 1))

    elsewhere = _type_secret(browser.new_context(viewport=TABLET), url, robins.code, "Bob",
                             bob.secret)
    expect(elsewhere.get_by_text("Ask your teacher to unlock your login")).to_be_visible()

    page = _type_secret(room_tablet, url, robins.code, "Bob", bob.secret)
    expect(page.get_by_text("Hello, Bob!")).to_be_visible()

    # Her list of school devices, with Forget.
    laptop = browser.new_context(viewport=LAPTOP).new_page()
    teacher_logs_in(laptop, f"{url}/accounts/school-devices/", "alice@example.org", PASSWORD)
    expect(laptop.get_by_role("button", name="Forget Room 12, tablet 3")).to_be_visible()
    _shoot(laptop, "school-devices")
