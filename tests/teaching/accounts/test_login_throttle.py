"""pupil_login_check: a pupil's secret, throttled per pupil and per class (a whole school
shares one IP address). Time is passed in as ``now``; nothing sleeps."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from teaching.accounts.services import (
    CLASS_FAILURES_ALLOWED,
    PUPIL_FAILURES_ALLOWED,
    LoginRefused,
    pupil_login_check,
)
from teaching.classes import services as classes
from teaching.models import Classroom, LoginFailure, Pupil, User

pytestmark = pytest.mark.django_db

@pytest.fixture
def t0() -> datetime:
    return timezone.make_aware(datetime(2026, 3, 2, 9, 0))


def _fail(pupil: Pupil, at: datetime, times: int = 1) -> None:
    for _ in range(times):
        with pytest.raises(LoginRefused) as refused:
            pupil_login_check(pupil=pupil, secret="wrong99", now=at)
        assert refused.value.code == "wrong_secret"


def _refusal(pupil: Pupil, secret: str, at: datetime) -> LoginRefused:
    with pytest.raises(LoginRefused) as refused:
        pupil_login_check(pupil=pupil, secret=secret, now=at)
    return refused.value


def test_the_right_secret_logs_the_pupil_in(bob: Pupil, t0: datetime) -> None:
    assert pupil_login_check(pupil=bob, secret=bob.secret, now=t0) == bob.user


def test_the_secret_is_read_without_case_or_spaces(bob: Pupil, t0: datetime) -> None:
    word, digits = bob.secret[:-2], bob.secret[-2:]

    assert pupil_login_check(pupil=bob, secret=f" {word.upper()} {digits} ", now=t0) == bob.user


def test_a_wrong_secret_is_refused_and_recorded(bob: Pupil, robins: Classroom,
                                                t0: datetime) -> None:
    refusal = _refusal(bob, "tiger99", t0)

    assert refusal.message == "That secret is not right. Look at your login card and try again."
    failure = LoginFailure.objects.get()
    assert (failure.classroom, failure.pupil, failure.at) == (robins, bob, t0)


def test_a_pupil_may_get_it_wrong_five_times_and_still_log_in(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_FAILURES_ALLOWED)

    assert pupil_login_check(pupil=bob, secret=bob.secret, now=t0) == bob.user


def test_one_failure_more_locks_the_pupil_even_with_the_right_secret(
    bob: Pupil, t0: datetime
) -> None:
    _fail(bob, t0, PUPIL_FAILURES_ALLOWED + 1)

    refusal = _refusal(bob, bob.secret, t0 + timedelta(minutes=1))

    assert refusal.code == "pupil_locked"
    assert refusal.wait == timedelta(minutes=9)
    assert "Wait 9 minutes" in refusal.message
    assert "Bob" in refusal.message


def test_guesses_while_locked_are_not_checked_nor_counted(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_FAILURES_ALLOWED + 1)

    for minute in range(1, 9):
        assert _refusal(bob, "wrong", t0 + timedelta(minutes=minute)).code == "pupil_locked"

    assert LoginFailure.objects.count() == PUPIL_FAILURES_ALLOWED + 1


def test_the_lock_ends_when_the_ten_minute_window_has_passed(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_FAILURES_ALLOWED + 1)

    just_before = _refusal(bob, bob.secret, t0 + timedelta(minutes=10) - timedelta(seconds=1))
    assert just_before.wait == timedelta(seconds=1)
    assert "Wait 1 minute," in just_before.message

    assert pupil_login_check(pupil=bob, secret=bob.secret,
                             now=t0 + timedelta(minutes=10)) == bob.user


def test_the_window_slides_with_the_oldest_failure(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0)
    _fail(bob, t0 + timedelta(minutes=5), PUPIL_FAILURES_ALLOWED)  # the sixth, five minutes on

    refusal = _refusal(bob, bob.secret, t0 + timedelta(minutes=6))

    assert refusal.wait == timedelta(minutes=4)  # until the first failure leaves the window


def test_failures_before_a_good_login_no_longer_count_for_the_pupil(
    bob: Pupil, t0: datetime
) -> None:
    _fail(bob, t0, PUPIL_FAILURES_ALLOWED)
    pupil_login_check(pupil=bob, secret=bob.secret, now=t0 + timedelta(minutes=1))

    _fail(bob, t0 + timedelta(minutes=2), PUPIL_FAILURES_ALLOWED)

    assert pupil_login_check(pupil=bob, secret=bob.secret,
                             now=t0 + timedelta(minutes=3)) == bob.user


def test_one_pupils_lock_does_not_lock_a_classmate(bob: Pupil, carol: Pupil,
                                                   t0: datetime) -> None:
    _fail(bob, t0, PUPIL_FAILURES_ALLOWED + 1)

    assert pupil_login_check(pupil=carol, secret=carol.secret, now=t0) == carol.user


@pytest.fixture
def big_class(alice: User, robins: Classroom) -> list[Pupil]:
    names = [f"Pupil {n}" for n in range(12)]
    return classes.pupils_create(classroom=robins, names=names, by=alice)


def test_too_many_failures_in_a_class_lock_every_login_of_the_class(
    big_class: list[Pupil], carol: Pupil, dave: Pupil, t0: datetime
) -> None:
    # Five wrong secrets each for ten pupils, one more for an eleventh: 51 in the class.
    for pupil in big_class[:10]:
        _fail(pupil, t0, PUPIL_FAILURES_ALLOWED)
    assert pupil_login_check(pupil=carol, secret=carol.secret, now=t0) == carol.user
    _fail(big_class[10], t0 + timedelta(minutes=2))
    assert LoginFailure.objects.count() == CLASS_FAILURES_ALLOWED + 1

    refusal = _refusal(carol, carol.secret, t0 + timedelta(minutes=3))

    assert refusal.code == "class_locked"
    assert refusal.wait == timedelta(minutes=7)
    assert refusal.message == ("Too many wrong secrets in this class. Wait 7 minutes, "
                               "then try again.")
    # Another class is not affected, and a good login does not lift the class's lock.
    assert pupil_login_check(pupil=dave, secret=dave.secret, now=t0) == dave.user
    assert _refusal(big_class[11], big_class[11].secret,
                    t0 + timedelta(minutes=9)).code == "class_locked"
    assert pupil_login_check(pupil=carol, secret=carol.secret,
                             now=t0 + timedelta(minutes=10)) == carol.user


def test_an_archived_class_accepts_no_login(alice: User, robins: Classroom, bob: Pupil,
                                            t0: datetime) -> None:
    classes.classroom_archive(classroom=robins, by=alice)

    refusal = _refusal(bob, bob.secret, t0)

    assert refusal.code == "closed"
    assert not LoginFailure.objects.exists()


def test_the_clock_defaults_to_now(bob: Pupil) -> None:
    before = timezone.now()

    with pytest.raises(LoginRefused):
        pupil_login_check(pupil=bob, secret="wrong99")

    assert before <= LoginFailure.objects.get().at <= timezone.now()
