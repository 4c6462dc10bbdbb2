"""teacher_signup: a teacher's account from an e-mail address, a name and a good password;
an address that has an account is refused, and asking that too often is throttled."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from teaching.accounts.services import AccountError, teacher_signup
from teaching.accounts.throttle import SIGNUPS_PER_HOUR, Client
from teaching.models import LoginFailure, User
from tests.teaching.accounts.counting_hasher import PATH, CountingHasher
from tests.teaching.cast import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_creates_a_teacher_who_logs_in_with_that_password() -> None:
    user = teacher_signup(email="  Sam@Example.ORG ", display_name=" Mr  Sam ", password=PASSWORD)

    user.refresh_from_db()
    assert user.is_teacher
    assert user.email == "Sam@example.org"  # the domain is not case-sensitive, the name may be
    assert user.display_name == "Mr Sam"
    assert user.check_password(PASSWORD)
    assert user.username.startswith("t-")


@pytest.mark.parametrize(
    ("email", "name", "password", "field"),
    [
        ("not-an-address", "Sam", PASSWORD, "email"),
        ("", "Sam", PASSWORD, "email"),
        ("sam@example.org", "   ", PASSWORD, "display_name"),
        ("sam@example.org", "x" * 61, PASSWORD, "display_name"),
        ("sam@example.org", "Sam", "short", "password"),
        ("sam@example.org", "Sam", "password123", "password"),
        ("sam@example.org", "Sam", "12345678901", "password"),
        ("sam@example.org", "Sam", "sam@example.org", "password"),
    ],
)
def test_it_refuses_bad_input_and_creates_nobody(email: str, name: str, password: str,
                                                 field: str) -> None:
    with pytest.raises(AccountError) as refused:
        teacher_signup(email=email, display_name=name, password=password)

    assert refused.value.field == field
    assert refused.value.message
    assert not User.objects.exists()


def test_it_says_why_a_password_is_refused() -> None:
    with pytest.raises(AccountError, match="too short"):
        teacher_signup(email="sam@example.org", display_name="Sam", password="abc")


def test_an_address_that_has_an_account_is_refused_whatever_its_case(alice: User) -> None:
    with pytest.raises(AccountError, match="has an account already") as refused:
        teacher_signup(email="ALICE@example.org", display_name="Another", password=PASSWORD)

    assert refused.value.field == "email"
    assert User.objects.filter(role="teacher").count() == 1


# -- an address that has an account, asked again and again ------------------------------------

STRANGER = Client("address:203.0.113.9")


def test_signing_up_with_a_taken_address_is_counted_against_the_client(alice: User) -> None:
    with pytest.raises(AccountError):
        teacher_signup(email=alice.email, display_name="A", password=PASSWORD, client=STRANGER)

    failure = LoginFailure.objects.get()
    assert (failure.kind, failure.client, failure.account) == ("signup", STRANGER.key, "")


def test_a_client_asking_about_many_addresses_is_stopped_even_for_a_free_one(
    alice: User,
) -> None:
    t0 = timezone.now()
    LoginFailure.objects.bulk_create(
        LoginFailure(kind="signup", client=STRANGER.key, at=t0)
        for _ in range(SIGNUPS_PER_HOUR.allowed + 1))

    with pytest.raises(AccountError) as refused:
        teacher_signup(email="sam@example.org", display_name="Sam", password=PASSWORD,
                       client=STRANGER, now=t0 + timedelta(minutes=1))

    assert refused.value.message == "Too many sign-ups from here. Wait 59 minutes, then try again."
    assert not User.objects.filter(email="sam@example.org").exists()
    assert teacher_signup(email="sam@example.org", display_name="Sam", password=PASSWORD,
                          now=t0 + timedelta(minutes=1)).is_teacher


def test_a_taken_address_is_told_after_the_same_checks_and_hashing_as_a_new_one(
    alice: User, settings: Any
) -> None:
    settings.PASSWORD_HASHERS = [PATH]
    CountingHasher.hashed.clear()

    with pytest.raises(AccountError, match="too common"):
        teacher_signup(email=alice.email, display_name="A", password="password123")
    with pytest.raises(AccountError, match="has an account already"):
        teacher_signup(email=alice.email, display_name="A", password="taken 1 long password")
    teacher_signup(email="sam@example.org", display_name="Sam", password="free 2 long password")

    assert CountingHasher.hashed == ["taken 1 long password", "free 2 long password"]
