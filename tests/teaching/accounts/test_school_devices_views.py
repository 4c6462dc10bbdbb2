"""School devices: Alice, logged in on a classroom tablet, marks it as her school's; after
strangers have locked Bob out, he logs in there at once. Nobody else can mark a browser
for her, she lists and forgets her devices, and Eve cannot touch them.
(docs/decisions/0721-school-devices.md)"""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.accounts.throttle import DEVICE_COOKIE, PUPIL_PER_DAY
from teaching.models import Classroom, LoginFailure, Pupil, SchoolDevice, User
from tests.teaching.cast import PASSWORD

pytestmark = pytest.mark.django_db

MARK = "/accounts/school-devices/mark/"
BUTTON = "This is a school device: let my pupils log in here"


def _locked_out_by_strangers(pupil: Pupil) -> None:
    """21 wrong secrets for ``pupil`` from five addresses, none of them the school's."""
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom_id=pupil.classroom_id, pupil=pupil,
                     client=f"address:192.0.2.{n % 5}", network=f"address:192.0.2.{n % 5}")
        for n in range(PUPIL_PER_DAY.allowed + 1))


def _log_in(browser: Client, pupil: Pupil):
    return browser.post(f"/join/{pupil.classroom.code}/{pupil.pk}/", {"secret": pupil.secret})


def _marked_tablet(alice: User, robins: Classroom, label: str = "Room 12, tablet 3") -> Client:
    """A tablet new to everyone, on which Alice logs in, marks it, and logs out."""
    tablet = Client()
    tablet.post("/accounts/login/", {"email": alice.email, "password": PASSWORD})
    response = tablet.post(MARK, {"label": label, "next": f"/classes/{robins.pk}/#logins"})
    assert response["Location"] == f"/classes/{robins.pk}/#logins"
    tablet.post("/accounts/logout/")
    return tablet


def test_after_strangers_lock_bob_out_he_logs_in_at_once_on_a_tablet_alice_marked(
    alice: User, robins: Classroom, bob: Pupil
) -> None:
    tablet = _marked_tablet(alice, robins)
    _locked_out_by_strangers(bob)

    elsewhere = _log_in(Client(), bob)
    on_the_tablet = _log_in(tablet, bob)

    assert elsewhere.status_code == 429
    assert on_the_tablet["Location"] == "/me/"


def test_a_browser_marked_before_it_had_a_device_cookie_gets_one(
    alice_client: Client, robins: Classroom, bob: Pupil
) -> None:
    assert DEVICE_COOKIE not in alice_client.cookies  # her session was made without a login
    alice_client.post(MARK, {"label": ""})
    alice_client.post("/accounts/logout/")
    _locked_out_by_strangers(bob)

    assert alice_client.cookies[DEVICE_COOKIE].value
    assert _log_in(alice_client, bob)["Location"] == "/me/"


def test_her_session_on_the_browser_lets_her_pupils_in_there_too(
    alice: User, robins: Classroom, bob: Pupil
) -> None:
    browser = Client()
    browser.post("/accounts/login/", {"email": alice.email, "password": PASSWORD})
    _locked_out_by_strangers(bob)

    assert _log_in(browser, bob)["Location"] == "/me/"


def test_a_stranger_or_a_pupil_cannot_mark_a_browser(visitor: Client, bob_client: Client,
                                                     robins: Classroom, bob: Pupil) -> None:
    assert visitor.post(MARK, {"label": "mine"})["Location"].startswith("/accounts/login/")
    assert bob_client.post(MARK, {"label": "mine"}).status_code == 404
    assert not SchoolDevice.objects.exists()

    _locked_out_by_strangers(bob)
    assert _log_in(visitor, bob).status_code == 429


def test_marking_needs_the_pages_csrf_token(alice: User) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)

    assert browser.post(MARK, {"label": "forged"}).status_code == 403
    assert browser.get(MARK).status_code == 405
    assert not SchoolDevice.objects.exists()


def test_the_class_page_offers_the_button_then_says_the_browser_is_one(
    alice_client: Client, robins: Classroom
) -> None:
    page = alice_client.get(f"/classes/{robins.pk}/").text
    assert BUTTON in page
    assert f'name="next" value="/classes/{robins.pk}/#logins"' in page

    alice_client.post(MARK, {"label": "Room 12"})

    page = alice_client.get(f"/classes/{robins.pk}/").text
    assert BUTTON not in page
    assert "This browser is one of your school devices (Room 12)" in page


def test_alice_lists_her_devices_and_forgets_one(alice: User, robins: Classroom,
                                                 bob: Pupil) -> None:
    tablet = _marked_tablet(alice, robins)
    laptop = Client()
    laptop.post("/accounts/login/", {"email": alice.email, "password": PASSWORD})
    laptop.post(MARK, {"label": "  My   laptop "})

    page = laptop.get("/accounts/school-devices/").text
    assert "Room 12, tablet 3" in page
    assert 'My laptop</span>\n              <span class="badge">this browser</span>' in page
    assert BUTTON not in page

    room = SchoolDevice.objects.get(label="Room 12, tablet 3")
    response = laptop.post(f"/accounts/school-devices/{room.pk}/forget/")

    assert response["Location"] == "/accounts/school-devices/"
    assert "Forgotten: Room 12, tablet 3." in laptop.get("/accounts/school-devices/").text
    assert list(SchoolDevice.objects.values_list("label", flat=True)) == ["My laptop"]
    _locked_out_by_strangers(bob)
    assert _log_in(tablet, bob).status_code == 429


def test_eve_cannot_see_or_forget_alices_devices(alice: User, robins: Classroom,
                                                 eve_client: Client) -> None:
    _marked_tablet(alice, robins, "Robins corner")
    room = SchoolDevice.objects.get()

    assert "Robins corner" not in eve_client.get("/accounts/school-devices/").text
    assert eve_client.post(f"/accounts/school-devices/{room.pk}/forget/").status_code == 404
    assert SchoolDevice.objects.filter(pk=room.pk).exists()


def test_a_name_too_long_is_refused_and_nothing_is_marked(alice_client: Client) -> None:
    response = alice_client.post(MARK, {"label": "x" * 41}, follow=True)

    assert "Keep the name to 40 characters." in response.text
    assert not SchoolDevice.objects.exists()


def test_marking_again_renames_rather_than_adds(alice_client: Client) -> None:
    alice_client.post(MARK, {"label": "Tablet"})
    alice_client.post(MARK, {"label": "Tablet 3"})

    assert list(SchoolDevice.objects.values_list("label", flat=True)) == ["Tablet 3"]


def test_the_page_needs_a_teacher(visitor: Client, bob_client: Client) -> None:
    assert visitor.get("/accounts/school-devices/")["Location"].startswith("/accounts/login/")
    assert bob_client.get("/accounts/school-devices/").status_code == 404
