"""A teacher signing up: the sign-up page's request mails the address typed, the same
answer whether it has an account or not; a new address's link asks for the password and
makes the account once. ``teacher_signup`` makes an account at once, for commands and
tests. (docs/decisions/0336-sign-up-confirmed-by-e-mail.md, 0710, 0711)"""

from __future__ import annotations

import re
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.core import mail
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import timezone

from teaching.accounts.services import (
    AccountError,
    teacher_signup,
    teacher_signup_confirm,
    teacher_signup_request,
)
from teaching.accounts.throttle import (
    DEVICE_COOKIE,
    SIGNUPS_PER_HOUR,
    Client,
    client_of,
    remember_login,
)
from teaching.models import LoginFailure, PendingSignup, Pupil, User
from tests.teaching.accounts.counting_hasher import PATH, CountingHasher
from tests.teaching.cast import PASSWORD

pytestmark = pytest.mark.django_db

SITE = "https://cards.example.org"
STRANGER = Client("address:203.0.113.9")


def _request(email: str = "sam@example.org", **more: Any) -> str:
    return teacher_signup_request(email=email, display_name=more.pop("display_name", "Mr Sam"),
                                  site=SITE, **more)


def _confirm(token: str, password: str = PASSWORD, **more: Any) -> User:
    return teacher_signup_confirm(token=token, password=password, **more)


def _token(message: mail.EmailMessage) -> str:
    found = re.search(rf"{re.escape(SITE)}/accounts/signup/([\w-]+)/", message.body)
    assert found, message.body
    return found.group(1)


# -- made at once (commands and tests) --------------------------------------------------------

def test_it_creates_a_teacher_who_logs_in_with_that_password() -> None:
    user = teacher_signup(email="  Sam@Example.ORG ", display_name=" Mr  Sam ", password=PASSWORD)

    user.refresh_from_db()
    assert user.is_teacher
    assert user.email == "Sam@example.org"  # the domain is not case-sensitive, the name may be
    assert user.display_name == "Mr Sam"
    assert user.check_password(PASSWORD)
    assert user.username.startswith("t-")


@pytest.mark.parametrize(
    ("email", "name", "field"),
    [
        ("not-an-address", "Sam", "email"),
        ("", "Sam", "email"),
        ("sam@example.org", "   ", "display_name"),
        ("sam@example.org", "x" * 61, "display_name"),
    ],
)
def test_it_refuses_bad_details_and_creates_nobody_and_mails_nobody(
        email: str, name: str, field: str) -> None:
    for sign_up in (partial(teacher_signup, password=PASSWORD), _request):
        with pytest.raises(AccountError) as refused:
            sign_up(email=email, display_name=name)
        assert refused.value.field == field
        assert refused.value.message

    assert not User.objects.exists()
    assert not PendingSignup.objects.exists()
    assert mail.outbox == []


#: Passwords the rules refuse, with the words of the refusal the teacher reads.
WEAK = [
    ("short", "too short: use at least 10 characters"),
    ("password123", "one of the most common ones"),
    ("12345678901", "only digits"),
    ("sam@example.org", "too like your e-mail address"),
    ("minibridge", "a word of cards, bridge or school"),
    ("Passw0rd!", "a common one with a few characters changed or added"),
    ("Bridge2024!!", "a word of cards, bridge or school"),
    ("Sunshine2024", "a common one with a few characters changed or added"),
]


@pytest.mark.parametrize(("password", "why"), WEAK)
def test_at_the_link_a_weak_password_is_refused_saying_why_and_the_link_still_works(
        password: str, why: str) -> None:
    _request()
    token = _token(mail.outbox[0])

    with pytest.raises(AccountError, match=why) as refused:
        _confirm(token, password)

    assert refused.value.field == "password"
    assert not User.objects.exists()
    assert PendingSignup.objects.count() == 1
    assert _confirm(token).check_password(PASSWORD)


def test_at_the_link_a_password_like_her_name_is_refused() -> None:
    _request(email="s.oakes@example.org", display_name="Samantha Oakes")

    with pytest.raises(AccountError, match="too like your name"):
        _confirm(_token(mail.outbox[0]), "Samantha.Oakes")
    assert not User.objects.exists()


@pytest.mark.parametrize(("password", "why"), WEAK)
def test_made_at_once_a_weak_password_is_refused_too(password: str, why: str) -> None:
    with pytest.raises(AccountError, match=why) as refused:
        teacher_signup(email="sam@example.org", display_name="Mr Sam", password=password)

    assert refused.value.field == "password"
    assert not User.objects.exists()


@pytest.mark.parametrize("password", [
    PASSWORD, "tea cup owl", "correct horse battery staple", "bridge on a wet tuesday"])
def test_words_with_spaces_between_them_pass(password: str) -> None:
    assert teacher_signup(email="sam@example.org", display_name="Mr Sam",
                          password=password).check_password(password)


def test_made_at_once_an_address_that_has_an_account_is_refused_whatever_its_case(
        alice: User) -> None:
    with pytest.raises(AccountError, match="has an account already") as refused:
        teacher_signup(email="ALICE@example.org", display_name="Another", password=PASSWORD)

    assert refused.value.field == "email"
    assert User.objects.filter(role="teacher").count() == 1


# -- the sign-up page: a mail to the address ---------------------------------------------------

def test_a_new_address_is_mailed_a_link_that_makes_the_account() -> None:
    assert _request(email=" Sam@Example.ORG ") == "Sam@example.org"

    assert not User.objects.filter(email__iexact="sam@example.org").exists()
    [message] = mail.outbox
    assert message.to == ["Sam@example.org"]
    assert "finish signing up" in message.body.lower()
    user = _confirm(_token(message))
    assert (user.email, user.display_name, user.is_teacher) == ("Sam@example.org", "Mr Sam", True)
    assert user.check_password(PASSWORD)
    assert not PendingSignup.objects.exists()


def test_a_registered_address_is_mailed_that_she_has_an_account(alice: User) -> None:
    assert _request(email="ALICE@example.org") == "ALICE@example.org"

    [message] = mail.outbox
    assert message.to == ["ALICE@example.org"]
    assert "already" in message.subject
    assert f"{SITE}/accounts/login/" in message.body
    assert "/accounts/signup/" not in message.body
    assert not PendingSignup.objects.exists()
    assert User.objects.filter(role="teacher").count() == 1
    assert alice.display_name == User.objects.get(pk=alice.pk).display_name


def test_the_mail_carries_no_words_typed_but_the_address() -> None:
    _request(display_name="Win a prize at spam.example")

    assert "prize" not in mail.outbox[0].body


def test_a_link_works_once() -> None:
    _request()
    token = _token(mail.outbox[0])
    _confirm(token)

    with pytest.raises(AccountError, match="expired or has been used"):
        _confirm(token, "another long password 8")
    assert User.objects.filter(email="sam@example.org").count() == 1


def test_a_link_a_day_old_has_expired_and_makes_nobody() -> None:
    t0 = timezone.now()
    _request(now=t0)

    with pytest.raises(AccountError, match="expired"):
        _confirm(_token(mail.outbox[0]), now=t0 + timedelta(hours=24, seconds=1))
    assert not User.objects.filter(email="sam@example.org").exists()


@pytest.mark.parametrize("token", ["", "nonsense", "x" * 500, "../../etc"])
def test_a_made_up_link_makes_nobody(token: str) -> None:
    _request()

    with pytest.raises(AccountError):
        _confirm(token)
    assert not User.objects.filter(email="sam@example.org").exists()
    assert PendingSignup.objects.count() == 1


def test_signing_up_twice_sends_two_links_and_the_first_used_ends_both() -> None:
    _request()
    _request()
    first, second = (_token(m) for m in mail.outbox)

    user = _confirm(second, "another long password 8")
    assert user.check_password("another long password 8")
    with pytest.raises(AccountError):
        _confirm(first)


def test_the_waiting_sign_up_keeps_no_password_and_the_link_hashed() -> None:
    _request()
    token = _token(mail.outbox[0])

    pending = PendingSignup.objects.get()
    assert not hasattr(pending, "password")
    assert token not in pending.token_hash


def test_a_strangers_sign_up_for_her_address_makes_her_account_with_her_password() -> None:
    """A pupil asks for an account for Alice's address; Alice, seeing the mail, uses the
    link: the account is hers, with the password she chose there, and the pupil's way in
    is none (0710)."""
    _request(email="alice@example.org", display_name="Alice", client=STRANGER)

    alice = _confirm(_token(mail.outbox[0]), "alice's own long password")

    assert alice.check_password("alice's own long password")
    assert User.objects.get(email="alice@example.org").password == alice.password


# -- alike for a registered address and a new one ---------------------------------------------

def test_every_sign_up_is_counted_against_the_client_registered_or_not(alice: User) -> None:
    _request(email=alice.email, client=STRANGER)
    _request(email="sam@example.org", client=STRANGER)

    rows = list(LoginFailure.objects.values_list("kind", "client", "account"))
    assert rows == [("signup", STRANGER.key, "")] * 2


def test_a_client_past_the_limit_is_stopped_even_for_a_free_address(alice: User) -> None:
    t0 = timezone.now()
    LoginFailure.objects.bulk_create(
        LoginFailure(kind="signup", client=STRANGER.key, network=STRANGER.network, at=t0)
        for _ in range(SIGNUPS_PER_HOUR.allowed + 1))

    with pytest.raises(AccountError) as refused:
        _request(client=STRANGER, now=t0 + timedelta(minutes=1))

    assert refused.value.message == "Too many sign-ups from here. Wait 59 minutes, then try again."
    assert mail.outbox == [] and not PendingSignup.objects.exists()
    _request(now=t0 + timedelta(minutes=1))  # another client is not stopped
    assert len(mail.outbox) == 1


def test_fresh_device_cookies_buy_no_more_sign_ups_from_one_address(bob: Pupil) -> None:
    def fresh_device_after_a_login() -> Client:
        # Bob logs in from a browser with no cookies, and so gets a new device.
        response = HttpResponse()
        remember_login(response, client_of(RequestFactory().get("/", REMOTE_ADDR="203.0.113.9")),
                       bob.user_id, timezone.now())
        request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.9")
        request.COOKIES[DEVICE_COOKIE] = response.cookies[DEVICE_COOKIE].value
        return client_of(request)

    refused = 0
    for round_ in range(3):
        device = fresh_device_after_a_login()
        for n in range(SIGNUPS_PER_HOUR.allowed + 1):
            try:
                _request(email=f"sam{round_}-{n}@example.org", client=device)
            except AccountError:
                refused += 1

    assert len(mail.outbox) == SIGNUPS_PER_HOUR.allowed + 1
    assert refused == 2 * (SIGNUPS_PER_HOUR.allowed + 1)


def test_a_registered_address_and_a_new_one_cost_the_same_checks_and_no_hashing(
    alice: User, settings: Any
) -> None:
    settings.PASSWORD_HASHERS = [PATH]
    CountingHasher.hashed.clear()

    with pytest.raises(AccountError, match="valid e-mail"):
        _request(email="alice@example")
    _request(email=alice.email)
    _request(email="sam@example.org")

    assert CountingHasher.hashed == []  # no password is asked until the link is used
    assert len(mail.outbox) == 2


def test_an_address_that_has_an_account_by_the_time_the_link_is_used_is_not_made_twice(
        ) -> None:
    _request()
    teacher_signup(email="sam@example.org", display_name="Sam", password=PASSWORD)

    with pytest.raises(AccountError, match="has an account already"):
        _confirm(_token(mail.outbox[0]))
    assert User.objects.filter(email="sam@example.org").count() == 1
    assert not PendingSignup.objects.exists()


@pytest.mark.parametrize("registered", [True, False])
def test_a_mail_that_cannot_be_sent_says_so_alike_and_keeps_nothing(
        registered: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    import smtplib

    from teaching.accounts import mail as account_mail

    if registered:
        teacher_signup(email="sam@example.org", display_name="Sam", password=PASSWORD)

    def refused(**_: object) -> None:
        raise smtplib.SMTPServerDisconnected("gone")

    monkeypatch.setattr(account_mail, "signup_confirm", refused)
    monkeypatch.setattr(account_mail, "signup_registered", refused)
    with pytest.raises(AccountError, match="could not send the message") as failed:
        _request()
    assert failed.value.field is None
    assert not PendingSignup.objects.exists()
