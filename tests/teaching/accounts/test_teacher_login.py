"""teacher_login_check: a teacher's e-mail address and password, throttled per client and
per address typed, and answered alike whether the address is registered or not.

Alice is a registered teacher; nobody@example.org is no one's address. ``stranger`` is a
client guessing; ``alices_laptop`` a browser Alice has logged in from before.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from teaching.accounts.services import LoginRefused, teacher_login_check
from teaching.accounts.throttle import (
    ADDRESS_ON_A_CLIENT,
    ADDRESS_PER_HOUR,
    CLIENT_PER_HOUR,
    Client,
    account_key,
)
from teaching.models import LoginFailure, User
from tests.teaching.accounts.counting_hasher import PATH, CountingHasher
from tests.teaching.cast import PASSWORD

pytestmark = pytest.mark.django_db

STRANGER = Client("address:203.0.113.9")
SCHOOL = Client("address:198.51.100.1")
NOBODY = "nobody@example.org"


@pytest.fixture
def counting_hasher(settings: Any) -> list[str]:
    settings.PASSWORD_HASHERS = [PATH,
                                 "django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    CountingHasher.hashed.clear()
    return CountingHasher.hashed


@pytest.fixture
def t0() -> datetime:
    return timezone.make_aware(datetime(2026, 3, 2, 9, 0))


@pytest.fixture
def alices_laptop(alice: User) -> Client:
    return Client("device:alices-laptop", ((alice.pk, None),), "alices-laptop")


def _refusal(email: str, password: str, at: datetime, client: Client = STRANGER
             ) -> LoginRefused:
    with pytest.raises(LoginRefused) as refused:
        teacher_login_check(email=email, password=password, client=client, now=at)
    return refused.value


def _wrong(email: str, at: datetime, times: int, client: Client = STRANGER) -> None:
    for _ in range(times):
        assert _refusal(email, "not the password", at, client).code == "wrong_password"


def _logs_in(user: User, at: datetime, client: Client) -> bool:
    return teacher_login_check(email=user.email, password=PASSWORD, client=client,
                               now=at) == user


# -- the answer -----------------------------------------------------------------------------

def test_the_right_password_logs_the_teacher_in_whatever_the_case(alice: User,
                                                                   t0: datetime) -> None:
    assert teacher_login_check(email=" ALICE@example.org", password=PASSWORD, client=SCHOOL,
                               now=t0) == alice


def test_a_registered_and_an_unknown_address_get_the_same_answer(alice: User,
                                                                  t0: datetime) -> None:
    registered = _refusal(alice.email, "not the password", t0)
    unknown = _refusal(NOBODY, PASSWORD, t0)

    assert (registered.code, registered.message) == (unknown.code, unknown.message)
    assert registered.message == ("That e-mail address and password do not match a "
                                  "teacher's account. Check both and try again.")


def test_an_unknown_address_costs_the_same_password_hash_as_a_registered_one(
    alice: User, counting_hasher: list[str], t0: datetime
) -> None:
    _refusal(alice.email, "wrong one", t0)
    _refusal(NOBODY, "wrong two", t0)

    assert counting_hasher == ["wrong one", "wrong two"]


def test_a_pupils_user_is_no_teacher(bob: Any, t0: datetime) -> None:
    assert _refusal(bob.user.username, bob.secret, t0).code == "wrong_password"


def test_a_wrong_password_is_recorded_by_the_address_typed_never_the_address(
    alice: User, t0: datetime
) -> None:
    _refusal("Alice@Example.org", "wrong", t0)

    failure = LoginFailure.objects.get()
    assert (failure.kind, failure.account, failure.client) == (
        "password", account_key("alice@example.org"), STRANGER.key)
    assert "alice" not in failure.account


# -- the throttle -----------------------------------------------------------------------------

def test_five_wrong_passwords_from_a_client_lock_it_for_that_address(
    alice: User, t0: datetime
) -> None:
    _wrong(alice.email, t0, ADDRESS_ON_A_CLIENT.allowed + 1)

    refusal = _refusal(alice.email, PASSWORD, t0 + timedelta(minutes=1))

    assert refusal.code == "address_locked"
    assert refusal.message == ("Too many wrong passwords for this e-mail address. Wait 9 "
                               "minutes, then try again.")
    assert _logs_in(alice, t0 + timedelta(minutes=1), SCHOOL)
    assert _logs_in(alice, t0 + timedelta(minutes=10), STRANGER)


def test_an_unknown_address_locks_alike(alice: User, t0: datetime) -> None:
    _wrong(alice.email, t0, ADDRESS_ON_A_CLIENT.allowed + 1)
    _wrong(NOBODY, t0, ADDRESS_ON_A_CLIENT.allowed + 1, SCHOOL)

    registered = _refusal(alice.email, "x", t0 + timedelta(minutes=1))
    unknown = _refusal(NOBODY, "x", t0 + timedelta(minutes=1), SCHOOL)

    assert (registered.code, registered.message) == (unknown.code, unknown.message)


def test_a_locked_guess_is_not_even_checked(alice: User, counting_hasher: list[str],
                                            t0: datetime) -> None:
    _wrong(alice.email, t0, ADDRESS_ON_A_CLIENT.allowed + 1)
    counting_hasher.clear()

    _refusal(alice.email, PASSWORD, t0)

    assert counting_hasher == []
    assert LoginFailure.objects.count() == ADDRESS_ON_A_CLIENT.allowed + 1


def test_twenty_wrong_passwords_an_hour_lock_the_address_on_new_computers(
    alice: User, alices_laptop: Client, t0: datetime
) -> None:
    for n in range(ADDRESS_PER_HOUR.allowed // ADDRESS_ON_A_CLIENT.allowed):
        _wrong(alice.email, t0, ADDRESS_ON_A_CLIENT.allowed,
               Client(f"address:192.0.2.{n}"))
    _wrong(alice.email, t0, 1, STRANGER)

    assert _refusal(alice.email, PASSWORD, t0, SCHOOL).code == "address_locked"
    assert _logs_in(alice, t0, alices_laptop)
    assert _logs_in(alice, t0 + timedelta(hours=1), SCHOOL)


def test_a_client_guessing_many_addresses_is_stopped(alice: User, t0: datetime) -> None:
    for n in range(CLIENT_PER_HOUR.allowed // ADDRESS_ON_A_CLIENT.allowed):
        _wrong(f"teacher{n}@example.org", t0, ADDRESS_ON_A_CLIENT.allowed)
    _wrong(NOBODY, t0, 1)

    assert _refusal(alice.email, PASSWORD, t0).code == "client_locked"
    assert _logs_in(alice, t0, SCHOOL)


def test_fresh_device_cookies_buy_no_more_guesses_at_teachers_from_one_address(
    alice: User, bob: Any, t0: datetime
) -> None:
    # A pupil with his own card gets a new device at each login; each is his, not Alice's.
    def bobs_device(n: int) -> Client:
        return Client(f"device:fresh-{n}", ((bob.user_id, None),), f"fresh-{n}",
                      STRANGER.network)

    for n in range(CLIENT_PER_HOUR.allowed // ADDRESS_ON_A_CLIENT.allowed):
        _wrong(f"teacher{n}@example.org", t0, ADDRESS_ON_A_CLIENT.allowed, bobs_device(0))
    _wrong(NOBODY, t0, 1, bobs_device(0))

    assert _refusal("sam@example.org", "a guess", t0, bobs_device(1)).code == "client_locked"
    assert _refusal(alice.email, PASSWORD, t0, STRANGER).code == "client_locked"
    alices_laptop_there = Client("device:alices-laptop", ((alice.pk, None),), "alices-laptop",
                                 STRANGER.network)
    assert _logs_in(alice, t0, alices_laptop_there)  # her own browser counts its own tries


def test_an_archived_teacher_gets_the_same_answer(alice: User, t0: datetime) -> None:
    User.objects.filter(pk=alice.pk).update(is_active=False)

    assert _refusal(alice.email, PASSWORD, t0).code == "wrong_password"


def test_alices_good_login_elsewhere_gives_a_stranger_no_more_guesses(
    alice: User, t0: datetime
) -> None:
    _wrong(alice.email, t0, ADDRESS_ON_A_CLIENT.allowed + 1, STRANGER)

    assert _logs_in(alice, t0, SCHOOL)

    assert _refusal(alice.email, PASSWORD, t0).code == "address_locked"
