"""teaching.accounts.throttle: who knocks (an address, or a browser a good login vouched
for), and what the teacher's page shows of the class's wrong secrets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import timezone

from teaching.accounts import throttle
from teaching.accounts.throttle import (
    DEVICE_COOKIE,
    PUPIL_ON_A_CLIENT,
    PUPIL_PER_DAY,
    Client,
    account_key,
    class_locks,
    client_of,
    remember_login,
)
from teaching.classes.selectors import active_pupils
from teaching.models import Classroom, LoginFailure, LoginUnlock, Pupil, User


def _request(address: str = "198.51.100.7", cookie: str | None = None):
    request = RequestFactory().get("/", REMOTE_ADDR=address)
    if cookie is not None:
        request.COOKIES[DEVICE_COOKIE] = cookie
    return request


NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def _cookie_after_login(client: Client, user_id: int, at: datetime = NOON) -> str:
    response = HttpResponse()
    remember_login(response, client, user_id, at)
    return response.cookies[DEVICE_COOKIE].value


# -- who knocks -------------------------------------------------------------------------------

def test_a_browser_without_a_device_cookie_counts_by_its_address() -> None:
    assert client_of(_request("198.51.100.7")) == Client("address:198.51.100.7")


def test_an_ipv6_client_counts_by_its_64_which_one_home_has_whole() -> None:
    one = client_of(_request("2001:db8:1:2::10"))
    other = client_of(_request("2001:db8:1:2:ffff:1:2:3"))

    assert one == other == Client("address:2001:db8:1:2::/64")
    assert client_of(_request("::ffff:198.51.100.7")).key == "address:198.51.100.7"


def test_a_good_login_makes_the_browser_a_device_that_vouches_for_that_user() -> None:
    cookie = _cookie_after_login(client_of(_request()), 7)

    client = client_of(_request(cookie=cookie))

    assert client.key.startswith("device:")
    assert client.trusted_for(7)
    assert client.last_login(7) == NOON
    assert not client.trusted_for(8)


def test_a_shared_tablet_remembers_each_pupil_and_keeps_its_id() -> None:
    first = client_of(_request(cookie=_cookie_after_login(client_of(_request()), 7)))

    second = client_of(_request(cookie=_cookie_after_login(first, 8, NOON + timedelta(hours=1))))

    assert second.key == first.key
    assert second.trusts == {7, 8}
    assert (second.last_login(7), second.last_login(8)) == (NOON, NOON + timedelta(hours=1))


def test_a_forged_or_tampered_device_cookie_counts_for_nothing() -> None:
    cookie = _cookie_after_login(client_of(_request()), 7)

    assert client_of(_request(cookie=cookie[:-2] + "xx")) == Client("address:198.51.100.7")
    assert client_of(_request(cookie="anything")) == Client("address:198.51.100.7")


def test_the_device_cookie_is_kept_from_scripts_and_other_sites() -> None:
    response = HttpResponse()
    remember_login(response, client_of(_request()), 7, NOON)

    morsel = response.cookies[DEVICE_COOKIE]
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    assert int(morsel["max-age"]) == 365 * 24 * 3600


def test_a_typed_address_is_kept_keyed_never_as_typed() -> None:
    key = account_key(" Alice@Example.org ")

    assert key == account_key("alice@example.org")
    assert key != account_key("eve@example.org")
    assert "alice" not in key and len(key) == 64


# -- the teacher's view of the class ---------------------------------------------------------------

pytestmark_db = pytest.mark.django_db


@pytest.fixture
def t0() -> datetime:
    return timezone.make_aware(datetime(2026, 3, 2, 9, 0))


def _failures(pupil: Pupil, at: datetime, times: int, client: str = "address:192.0.2.1"
              ) -> None:
    LoginFailure.objects.bulk_create(
        LoginFailure(classroom_id=pupil.classroom_id, pupil=pupil, client=client, at=at)
        for _ in range(times))


@pytestmark_db
def test_the_teacher_sees_who_typed_wrong_secrets_and_who_is_locked(
    robins: Classroom, bob: Pupil, carol: Pupil, t0: datetime
) -> None:
    _failures(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1)
    _failures(carol, t0, 2)

    locks = class_locks(robins, active_pupils(robins), t0 + timedelta(minutes=1))

    assert [(row.pupil.name, row.wrong_today, row.locked) for row in locks.pupils] == [
        ("Bob", 6, True), ("Carol", 2, False)]
    assert (locks.wrong_today, locks.class_locked, locks.any) == (8, False, True)


@pytestmark_db
def test_a_short_lock_ends_and_a_days_count_stays(robins: Classroom, bob: Pupil,
                                                  t0: datetime) -> None:
    _failures(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1)

    later = class_locks(robins, [bob], t0 + timedelta(minutes=11))

    assert (later.pupils[0].wrong_today, later.pupils[0].locked) == (6, False)
    assert not class_locks(robins, [bob], t0 + timedelta(hours=25)).any


@pytestmark_db
def test_an_unlock_clears_what_the_teacher_sees(alice: User, robins: Classroom, bob: Pupil,
                                                t0: datetime) -> None:
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1)
    LoginUnlock.objects.create(classroom=robins, pupil=bob, by=alice, at=t0)

    assert not class_locks(robins, [bob], t0 + timedelta(minutes=1)).any


@pytestmark_db
def test_the_page_reads_the_class_in_two_queries(robins: Classroom, bob: Pupil, carol: Pupil,
                                                 t0: datetime, django_assert_num_queries
                                                 ) -> None:
    pupils = list(active_pupils(robins))
    _failures(bob, t0, 3)

    with django_assert_num_queries(2):
        class_locks(robins, pupils, t0)


def test_every_limit_is_a_positive_count_over_a_window() -> None:
    limits = [value for value in vars(throttle).values() if isinstance(value, throttle.Limit)]

    assert len(limits) == 8
    assert all(limit.allowed > 0 and limit.window > timedelta(0) for limit in limits)
