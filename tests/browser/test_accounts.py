"""A teacher signs up (opening the link mailed to her, where she chooses her password),
creates a class, adds three pupils and opens the login cards; then a pupil logs in with the
class code, their name and their secret in another browser context.
Screenshots at tablet (768x1024) and laptop (1366x768) sizes go to screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core import mail
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import teacher_logs_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
SIZES = {"tablet": {"width": 768, "height": 1024}, "laptop": {"width": 1366, "height": 768}}




def _shoot(page: Page, name: str) -> None:
    """The page at both sizes, whole length."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=SCREENSHOTS / f"accounts-{name}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["laptop"])


def _watch_failures(page: Page) -> list[str]:
    failures: list[str] = []
    page.on("requestfailed", lambda request: failures.append(request.url))
    page.on("pageerror", lambda error: failures.append(str(error)))
    return failures


def test_a_teacher_sets_up_a_class_and_a_pupil_logs_in(browser: Browser, live_server) -> None:
    teacher = browser.new_context(viewport=SIZES["laptop"]).new_page()
    failures = _watch_failures(teacher)

    # Sign up: the page asks no password and says to open the link mailed to the address;
    # the link (read from the mail, as she would) asks for her password, refuses a weak one
    # saying why, and lands on an empty dashboard.
    teacher.goto(live_server.url + "/accounts/signup/")
    teacher.get_by_label("E-mail address").fill("jo@example.org")
    teacher.get_by_label("Your name").fill("Ms Jo")
    expect(teacher.locator('input[type="password"]')).to_have_count(0)
    teacher.get_by_role("button", name="Send me the link").click()
    expect(teacher.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    expect(teacher.get_by_role("status")).to_have_text(
        "We have sent a message to jo@example.org: open the link in it to finish signing up.")
    _shoot(teacher, "signup-sent")
    [message] = mail.outbox
    assert message.to == ["jo@example.org"]
    link = re.search(r"http://\S+/accounts/signup/[\w-]+/", message.body)
    assert link, message.body
    teacher.goto(link.group(0))
    expect(teacher.get_by_role("heading", name="Finish signing up")).to_be_visible()
    _shoot(teacher, "signup-confirm")
    teacher.get_by_label("Choose a password").fill("minibridge")
    teacher.get_by_label("Type it again").fill("minibridge")
    teacher.get_by_role("button", name="Create my account").click()
    expect(teacher.get_by_role("alert")).to_have_text(
        "This password is a word of cards, bridge or school, the first a pupil would try: "
        "choose another.")
    _shoot(teacher, "signup-confirm-refused")
    teacher.get_by_label("Choose a password").fill("a long enough password 7")
    teacher.get_by_label("Type it again").fill("a long enough password 7")
    teacher.get_by_role("button", name="Create my account").click()
    expect(teacher.get_by_text("No classes yet — create your first class")).to_be_visible()
    _shoot(teacher, "dashboard-empty")

    # Create the class from the empty state.
    teacher.get_by_label("Class name").fill("Kestrels")
    teacher.get_by_label("Game to start with").select_option("minibridge:lesson-3")
    teacher.get_by_role("button", name="Create the class").click()
    expect(teacher.get_by_role("heading", name="Kestrels")).to_be_visible()
    code = teacher.locator(".big-code").inner_text().strip()
    class_url = teacher.url
    assert len(code) == 6

    # A duplicate is refused and the list stays; fixed, three pupils are added (htmx swap).
    names = teacher.get_by_label("Pupils' names, one per line")
    names.fill("Amira\nBen\n\namira")
    teacher.get_by_role("button", name="Add pupils").click()
    expect(teacher.get_by_text("These names are in the list more than once: Amira")).to_be_visible()
    assert names.input_value() == "Amira\nBen\n\namira"  # nothing typed is lost
    names = teacher.get_by_label("Pupils' names, one per line")
    names.fill("Amira\nBen\n\nChloe\n")
    teacher.get_by_role("button", name="Add pupils").click()
    expect(teacher.get_by_text("3 pupils added, each with a secret word.")).to_be_visible()
    expect(teacher.locator(".pupil-row")).to_have_count(3)
    _shoot(teacher, "class")

    # The login cards: one sheet of three cards.
    teacher.get_by_role("link", name="Print login cards").click()
    expect(teacher.locator(".login-card")).to_have_count(3)
    ben_card = teacher.locator(".login-card", has_text="Ben")
    secret = ben_card.locator(".card-secret").inner_text().strip()
    assert ben_card.locator(".card-code").inner_text().strip() == code
    assert "/join/" in ben_card.locator(".card-how").inner_text()
    _shoot(teacher, "login-cards")
    teacher.emulate_media(media="print")
    teacher.screenshot(path=SCREENSHOTS / "accounts-login-cards-print.png", full_page=True)
    assert not teacher.locator(".site-header").is_visible()
    teacher.emulate_media(media="screen")

    # Back on the dashboard, the class is listed.
    teacher.goto(live_server.url + "/dashboard/")
    expect(teacher.get_by_text("3 pupils")).to_be_visible()
    _shoot(teacher, "dashboard")

    # A pupil, on a tablet in another browser context: code, name, secret.
    pupil = browser.new_context(viewport=SIZES["tablet"], has_touch=True).new_page()
    pupil_failures = _watch_failures(pupil)
    pupil.goto(live_server.url + "/join/")
    _shoot(pupil, "pupil-login-code")
    pupil.get_by_label("Class code").fill(code.lower())
    pupil.get_by_role("button", name="Next").click()
    expect(pupil.get_by_role("link", name="Ben")).to_be_visible()
    _shoot(pupil, "pupil-login-names")
    pupil.get_by_role("link", name="Ben").tap()
    pupil.get_by_label("Your secret word").fill("wrong22")
    pupil.get_by_role("button", name="Log in").click()
    expect(pupil.get_by_text("That secret is not right.")).to_be_visible()
    _shoot(pupil, "pupil-login-secret-wrong")
    pupil.get_by_label("Your secret word").fill(secret)
    pupil.get_by_role("button", name="Log in").click()
    expect(pupil.get_by_role("heading", name="Hello, Ben!")).to_be_visible()
    expect(pupil.get_by_role("button", name="Practise")).to_be_visible()
    _shoot(pupil, "pupil-home")
    pupil.get_by_role("link", name="MiniBridge · MiniLesson Three: dummy and high card points")\
        .click()
    expect(pupil.get_by_role("heading", name="What is new")).to_be_visible()
    _shoot(pupil, "lesson")

    # The teacher's pages stay closed to the pupil.
    response = pupil.goto(class_url)
    assert response is not None and response.status == 404
    assert failures == []
    assert [f for f in pupil_failures if not f.startswith(class_url)] == []


def test_nine_login_cards_print_on_two_a4_pages(browser: Browser, live_server) -> None:
    from teaching.accounts import services
    from teaching.classes import services as classes

    teacher = services.teacher_signup(email="kim@example.org", display_name="Kim",
                                      password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Larks")
    classes.pupils_create(classroom=classroom, names=[f"Pupil {n}" for n in range(1, 10)],
                          by=teacher)
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    teacher_logs_in(page, f"{live_server.url}/accounts/login/?next=/classes/{classroom.pk}/cards/",
                    "kim@example.org", "a long enough password 7")
    expect(page.locator(".login-card")).to_have_count(9)
    SCREENSHOTS.mkdir(exist_ok=True)

    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.screenshot(path=SCREENSHOTS / "accounts-login-cards-print-a4.png", full_page=True)
    pdf = page.pdf(format="A4", prefer_css_page_size=True)

    (SCREENSHOTS / "accounts-login-cards.pdf").write_bytes(pdf)
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages == 2
