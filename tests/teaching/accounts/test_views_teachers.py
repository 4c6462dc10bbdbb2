"""Teachers' sign-up (by a link mailed to the address, whose page asks for the password),
log in by e-mail, log out, and the dashboard of their classes."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from teaching.accounts.services import teacher_signup
from teaching.accounts.throttle import (
    ADDRESS_ON_A_CLIENT,
    ADDRESS_PER_HOUR,
    SIGNUPS_PER_HOUR,
    account_key,
)
from teaching.classes import services as classes
from teaching.models import Classroom, LoginFailure, Pupil, User
from tests.teaching.accounts.counting_hasher import PATH, CountingHasher
from tests.teaching.cast import PASSWORD

pytestmark = pytest.mark.django_db


# -- sign-up ------------------------------------------------------------------------------------

SAM = {"email": "sam@example.org", "display_name": "Mr Sam"}


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/signup/[\w-]+/)", message.body)
    assert found, message.body
    return found.group(1)


def _chosen(password: str, again: str | None = None) -> dict[str, str]:
    """The link's form, the password typed twice."""
    return {"password": password, "password_again": password if again is None else again}


def test_signing_up_says_to_open_the_link_mailed_to_the_address(visitor: Client) -> None:
    response = visitor.post("/accounts/signup/", SAM)

    assert response.status_code == 200
    assert ("We have sent a message to <strong>sam@example.org</strong>: open the link in it "
            "to finish signing up.") in response.text
    assert "_auth_user_id" not in visitor.session
    assert not User.objects.filter(email="sam@example.org").exists()
    [message] = mail.outbox
    assert message.to == ["sam@example.org"]
    assert _link(message).startswith("/accounts/signup/")


def test_the_sign_up_form_asks_no_password(visitor: Client) -> None:
    text = visitor.get("/accounts/signup/").text

    assert 'type="password"' not in text
    assert "on its page you choose your password" in text


def test_the_link_asks_for_her_password_then_logs_her_in_on_the_dashboard(
        visitor: Client) -> None:
    visitor.post("/accounts/signup/", SAM)
    link = _link(mail.outbox[0])

    # Opening the link (as a mail filter checking it would) uses nothing up.
    page = Client().get(link)
    assert page.status_code == 200
    assert "sam@example.org" in page.text and "choose your password" in page.text
    for field in ("password", "password_again"):
        assert re.search(rf'<input type="password" name="{field}" autocomplete="new-password"',
                         page.text)
    assert not User.objects.filter(email="sam@example.org").exists()
    response = visitor.post(link, _chosen("sam's own long password"))
    assert response.status_code == 302
    assert response["Location"] == "/dashboard/"
    page = visitor.get("/dashboard/")
    assert "Welcome, Mr Sam!" in page.text
    assert "No classes yet — create your first class" in page.text
    sam = User.objects.get(email="sam@example.org")
    assert sam.is_teacher and sam.check_password("sam's own long password")


def test_a_stranger_who_asked_for_her_account_cannot_log_in_to_it(visitor: Client) -> None:
    """A pupil fills in the sign-up form with Alice's address and a password of his own;
    Alice opens the mail and uses the link. His password opens nothing; hers does."""
    stranger = Client()
    stranger.post("/accounts/signup/", {"email": "alice@example.org", "display_name": "Alice",
                                        "password": "the pupil's long password"})

    visitor.post(_link(mail.outbox[0]), _chosen("alice's own long password"))

    refused = stranger.post("/accounts/login/", {"email": "alice@example.org",
                                                 "password": "the pupil's long password"})
    assert "do not match a teacher&#x27;s account" in refused.text
    assert "_auth_user_id" not in stranger.session
    assert Client().post("/accounts/login/", {
        "email": "alice@example.org", "password": "alice's own long password"},
    )["Location"] == "/dashboard/"


@pytest.mark.parametrize(("password", "again", "why"), [
    ("minibridge", None, "This password is a word of cards, bridge or school"),
    ("Passw0rd!", None, "This password is a common one with a few characters changed"),
    ("", None, "Choose a password."),
    ("sam's own long password", "sam's own long pasword", "The two passwords are not the same"),
])
def test_a_refused_password_says_why_beside_it_and_the_link_still_works(
        visitor: Client, password: str, again: str | None, why: str) -> None:
    visitor.post("/accounts/signup/", SAM)
    link = _link(mail.outbox[0])

    response = visitor.post(link, _chosen(password, again))

    assert response.status_code == 200
    assert why in unescape(response.text)
    assert 'aria-invalid="true"' in response.text
    assert password not in re.findall(r'value="([^"]*)"', response.text)
    assert "_auth_user_id" not in visitor.session
    assert not User.objects.filter(email="sam@example.org").exists()
    assert visitor.post(link, _chosen("sam's own long password"))["Location"] == "/dashboard/"


def test_a_used_or_made_up_link_says_so_and_makes_nobody(visitor: Client) -> None:
    visitor.post("/accounts/signup/", SAM)
    link = _link(mail.outbox[0])
    Client().post(link, _chosen(PASSWORD))

    for dead in (link, "/accounts/signup/made-up/"):
        for answer in (Client().get(dead), Client().post(dead, _chosen("another long pass 8"))):
            assert answer.status_code == 200
            assert "This link has expired or has been used already." in answer.text
            assert "_auth_user_id" not in answer.client.session
    sam = User.objects.get(email="sam@example.org")
    assert sam.check_password(PASSWORD)


def _page(response) -> str:
    """The page with its CSRF token (different in every browser) taken out."""
    token = response.context["csrf_token"]
    return response.content.decode().replace(str(token), "TOKEN")


def test_a_registered_address_and_a_new_one_get_the_same_page(visitor: Client) -> None:
    new = visitor.post("/accounts/signup/", SAM)
    teacher_signup(email="sam@example.org", display_name="Sam", password=PASSWORD)
    registered = Client().post("/accounts/signup/", SAM)

    assert (new.status_code, registered.status_code) == (200, 200)
    assert _page(new) == _page(registered)
    assert "/accounts/signup/" in mail.outbox[0].body
    assert "already" in mail.outbox[1].subject


def test_the_signup_form_shows_each_error_beside_its_field_and_keeps_the_input(
    visitor: Client,
) -> None:
    response = visitor.post("/accounts/signup/", {"email": "sam@example.org",
                                                  "display_name": "M" * 61})

    assert response.status_code == 200
    assert "Keep your name to 60 characters (this one has 61)." in response.text
    assert 'value="sam@example.org"' in response.text
    assert 'aria-invalid="true"' in response.text
    assert not User.objects.exists()


def test_the_signup_page_labels_every_field(visitor: Client) -> None:
    text = visitor.get("/accounts/signup/").text

    for field in ("email", "display_name"):
        assert f'<label for="id_{field}">' in text


def test_the_link_page_labels_both_password_fields_and_says_the_rules(visitor: Client) -> None:
    visitor.post("/accounts/signup/", SAM)
    text = visitor.get(_link(mail.outbox[0])).text

    assert '<label for="id_password">Choose a password</label>' in text
    assert '<label for="id_password_again">Type it again</label>' in text
    assert "At least 10 characters." in text and "Not a common password." in text


# -- log in and out -------------------------------------------------------------------------------

def test_a_teacher_logs_in_by_e_mail_in_any_case(visitor: Client, alice: User) -> None:
    response = visitor.post("/accounts/login/", {"email": "ALICE@example.org",
                                                 "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/dashboard/"
    assert visitor.get("/dashboard/").status_code == 200


def test_a_wrong_password_or_unknown_address_gets_one_clear_message(
    visitor: Client, alice: User
) -> None:
    for email, password in (("alice@example.org", "wrong"), ("nobody@example.org", PASSWORD)):
        response = visitor.post("/accounts/login/", {"email": email, "password": password})

        assert response.status_code == 200
        assert "do not match a teacher&#x27;s account" in response.text
    assert visitor.get("/dashboard/").status_code == 302


def test_an_unknown_address_takes_the_same_password_hashing_as_a_registered_one(
    visitor: Client, alice: User, settings: Any
) -> None:
    settings.PASSWORD_HASHERS = [PATH]
    CountingHasher.hashed.clear()

    for email in (alice.email, "nobody@example.org"):
        visitor.post("/accounts/login/", {"email": email, "password": f"wrong for {email}"})

    assert CountingHasher.hashed == ["wrong for alice@example.org", "wrong for nobody@example.org"]


def test_a_login_leaves_a_device_cookie_that_spares_alice_a_strangers_lock(
    visitor: Client, alice: User
) -> None:
    visitor.post("/accounts/login/", {"email": alice.email, "password": PASSWORD})
    visitor.post("/accounts/logout/")
    LoginFailure.objects.bulk_create(
        LoginFailure(kind="password", account=account_key(alice.email),
                     client=f"address:192.0.2.{n}")
        for n in range(ADDRESS_PER_HOUR.allowed + 1))

    elsewhere = Client().post("/accounts/login/", {"email": alice.email, "password": PASSWORD})
    again = visitor.post("/accounts/login/", {"email": alice.email, "password": PASSWORD})

    assert elsewhere.status_code == 429
    assert "Too many wrong passwords for this e-mail address." in elsewhere.text
    assert again["Location"] == "/dashboard/"


def test_a_locked_login_says_why_alike_for_any_address(visitor: Client, alice: User) -> None:
    answers = []
    for email in (alice.email, "nobody@example.org"):
        for _ in range(ADDRESS_ON_A_CLIENT.allowed + 1):
            visitor.post("/accounts/login/", {"email": email, "password": "wrong"})
        response = visitor.post("/accounts/login/", {"email": email, "password": PASSWORD})
        errors = re.search(r'<div class="form-errors".*?</div>', response.text, re.S)
        answers.append((response.status_code, errors and errors.group(0)))

    assert answers[0] == answers[1]
    assert answers[0][0] == 429
    assert "Too many wrong passwords for this e-mail address." in str(answers[0][1])
    assert "_auth_user_id" not in visitor.session


def test_signing_up_again_and_again_is_throttled(visitor: Client, alice: User) -> None:
    for n in range(SIGNUPS_PER_HOUR.allowed + 1):
        visitor.post("/accounts/signup/", {"email": alice.email, "display_name": f"A{n}"})

    response = visitor.post("/accounts/signup/", SAM)

    assert "Too many sign-ups from here." in response.text
    assert len(mail.outbox) == SIGNUPS_PER_HOUR.allowed + 1  # the last was not mailed


def test_logging_in_returns_to_the_page_asked_for_but_never_off_site(
    visitor: Client, alice: User, robins: Classroom
) -> None:
    page = f"/classes/{robins.pk}/"
    assert visitor.get(page)["Location"] == f"/accounts/login/?next={page}"

    back = visitor.post(f"/accounts/login/?next={page}", {"email": alice.email,
                                                          "password": PASSWORD})
    assert back["Location"] == page

    visitor.post("/accounts/logout/")
    away = visitor.post("/accounts/login/?next=https://evil.example/",
                        {"email": alice.email, "password": PASSWORD})
    assert away["Location"] == "/dashboard/"


def test_a_pupil_cannot_log_in_on_the_teachers_page(visitor: Client, bob: Pupil) -> None:
    response = visitor.post("/accounts/login/", {"email": "", "password": bob.secret})

    assert response.status_code == 200
    assert "_auth_user_id" not in visitor.session


def test_the_login_page_points_pupils_to_their_own_login(visitor: Client) -> None:
    assert 'href="/join/"' in visitor.get("/accounts/login/").text


def test_log_out_is_a_post(alice_client: Client) -> None:
    assert alice_client.get("/accounts/logout/").status_code == 405

    response = alice_client.post("/accounts/logout/")

    assert response["Location"] == "/"
    assert alice_client.get("/dashboard/").status_code == 302


def test_the_header_shows_who_is_logged_in_and_a_log_out_button(alice_client: Client) -> None:
    text = alice_client.get("/dashboard/").text

    assert '<span class="who" title="Alice">Alice</span>' in text
    assert '<form method="post" action="/accounts/logout/">' in text


# -- the dashboard ----------------------------------------------------------------------------

def test_the_dashboard_lists_owned_and_shared_classes(alice_client: Client, alice: User,
                                                      robins: Classroom, bob: Pupil,
                                                      carol: Pupil, eve: User,
                                                      owls: Classroom) -> None:
    classes.classroom_add_co_teacher(classroom=owls, email=alice.email, by=eve)

    text = alice_client.get("/dashboard/").text

    assert f'href="/classes/{robins.pk}/"' in text
    assert robins.code in text
    assert "2 pupils" in text
    assert f'href="/classes/{owls.pk}/"' in text
    assert "shared by Eve" in text
    assert "No classes yet" not in text


def test_the_dashboard_shows_nothing_of_other_teachers_classes(eve_client: Client,
                                                               robins: Classroom) -> None:
    text = eve_client.get("/dashboard/").text

    assert "Robins" not in text
    assert robins.code not in text
    assert "No classes yet — create your first class" in text


def test_archived_classes_are_listed_apart(alice_client: Client, alice: User,
                                           robins: Classroom) -> None:
    classes.classroom_archive(classroom=robins, by=alice)

    text = alice_client.get("/dashboard/").text

    assert "Archived classes (1)" in text
    assert "No classes yet" in text


def test_a_pupil_on_the_dashboard_is_sent_to_their_own_page(bob_client: Client) -> None:
    assert bob_client.get("/dashboard/")["Location"] == "/me/"


def test_the_dashboard_needs_a_login(visitor: Client) -> None:
    assert visitor.get("/dashboard/")["Location"].startswith("/accounts/login/")
