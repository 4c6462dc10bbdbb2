"""pupil_login_check: a pupil's secret, throttled per client, per pupil and per class,
without a stranger's guesses locking out a pupil who typed nothing wrong.

Bob and Carol are in Alice's class; Dave is in Eve's. ``stranger`` is someone at home with
the class code; ``school`` is the class's shared network; ``bobs_tablet`` a browser Bob
has logged in from before. Time is passed in as ``now``; nothing sleeps.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from teaching.accounts import services
from teaching.accounts.services import LoginRefused, pupil_login_check
from teaching.accounts.throttle import (
    CLASS_PER_DAY,
    CLIENT_PER_HOUR,
    PUPIL_ON_A_CLIENT,
    PUPIL_PER_DAY,
    Client,
)
from teaching.classes import services as classes
from teaching.models import Classroom, LoginFailure, Pupil, SchoolDevice, User

pytestmark = pytest.mark.django_db

STRANGER = Client("address:203.0.113.9")
SCHOOL = Client("address:198.51.100.1")


@pytest.fixture
def t0() -> datetime:
    return timezone.make_aware(datetime(2026, 3, 2, 9, 0))


@pytest.fixture
def bobs_tablet(bob: Pupil) -> Client:
    return Client("device:bobs-tablet", ((bob.user_id, None),), "bobs-tablet")


def _fail(pupil: Pupil, at: datetime, times: int = 1, client: Client = STRANGER) -> None:
    for _ in range(times):
        with pytest.raises(LoginRefused) as refused:
            pupil_login_check(pupil=pupil, secret="wrong999", client=client, now=at)
        assert refused.value.code == "wrong_secret"


def _failures(pupil: Pupil, at: datetime, times: int, clients: int) -> None:
    """``times`` wrong secrets for ``pupil``, as the service records them, spread over
    ``clients`` addresses (each under its own limit)."""
    LoginFailure.objects.bulk_create(
        LoginFailure(kind="secret", classroom_id=pupil.classroom_id, pupil=pupil,
                     client=f"address:192.0.2.{n % clients}", at=at) for n in range(times))


def _refusal(pupil: Pupil, secret: str, at: datetime, client: Client = STRANGER
             ) -> LoginRefused:
    with pytest.raises(LoginRefused) as refused:
        pupil_login_check(pupil=pupil, secret=secret, client=client, now=at)
    return refused.value


def _logs_in(pupil: Pupil, at: datetime, client: Client) -> bool:
    return pupil_login_check(pupil=pupil, secret=pupil.secret, client=client,
                             now=at) == pupil.user


# -- a secret -------------------------------------------------------------------------------------

def test_the_right_secret_logs_the_pupil_in(bob: Pupil, t0: datetime) -> None:
    assert _logs_in(bob, t0, SCHOOL)


def test_the_secret_is_read_without_case_or_spaces(bob: Pupil, t0: datetime) -> None:
    word, digits = bob.secret[:-3], bob.secret[-3:]

    assert pupil_login_check(pupil=bob, secret=f" {word.upper()} {digits} ", client=SCHOOL,
                             now=t0) == bob.user


def test_a_wrong_secret_is_refused_and_recorded_with_who_knocked(
    bob: Pupil, robins: Classroom, t0: datetime
) -> None:
    refusal = _refusal(bob, "tiger999", t0)

    assert refusal.message == "That secret is not right. Look at your login card and try again."
    failure = LoginFailure.objects.get()
    assert (failure.kind, failure.classroom, failure.pupil, failure.client, failure.at) == (
        "secret", robins, bob, STRANGER.key, t0)


# -- one client -----------------------------------------------------------------------------------

def test_a_pupil_may_get_it_wrong_five_times_and_still_log_in(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed, SCHOOL)

    assert _logs_in(bob, t0, SCHOOL)


def test_one_failure_more_locks_that_computer_even_with_the_right_secret(
    bob: Pupil, t0: datetime
) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, SCHOOL)

    refusal = _refusal(bob, bob.secret, t0 + timedelta(minutes=1), SCHOOL)

    assert refusal.code == "pupil_locked"
    assert refusal.wait == timedelta(minutes=9)
    assert refusal.message == ("Too many wrong secrets for Bob. Wait 9 minutes, then try "
                               "again, or ask your teacher.")


def test_a_strangers_wrong_secrets_do_not_lock_bob_out_at_school(bob: Pupil,
                                                                 t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, STRANGER)

    assert _refusal(bob, bob.secret, t0, STRANGER).code == "pupil_locked"
    assert _logs_in(bob, t0 + timedelta(minutes=1), SCHOOL)


def test_guesses_while_locked_are_not_checked_nor_counted(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1)

    for minute in range(1, 9):
        assert _refusal(bob, "wrong", t0 + timedelta(minutes=minute)).code == "pupil_locked"

    assert LoginFailure.objects.count() == PUPIL_ON_A_CLIENT.allowed + 1


def test_the_lock_ends_when_the_ten_minute_window_has_passed(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, SCHOOL)

    just_before = _refusal(bob, bob.secret, t0 + timedelta(minutes=10, seconds=-1), SCHOOL)
    assert just_before.wait == timedelta(seconds=1)
    assert "Wait 1 minute," in just_before.message

    assert _logs_in(bob, t0 + timedelta(minutes=10), SCHOOL)


def test_the_window_slides_with_the_oldest_failure(bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, client=SCHOOL)
    _fail(bob, t0 + timedelta(minutes=5), PUPIL_ON_A_CLIENT.allowed, SCHOOL)

    refusal = _refusal(bob, bob.secret, t0 + timedelta(minutes=6), SCHOOL)

    assert refusal.wait == timedelta(minutes=4)  # until the first failure leaves the window


def test_a_good_login_from_bobs_tablet_clears_its_own_wrong_secrets_before_it(
    bob: Pupil, bobs_tablet: Client, t0: datetime
) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed, bobs_tablet)
    assert _logs_in(bob, t0 + timedelta(minutes=1), bobs_tablet)
    tablet = bobs_tablet.after_login(bob.user_id, t0 + timedelta(minutes=1))

    _fail(bob, t0 + timedelta(minutes=2), PUPIL_ON_A_CLIENT.allowed, tablet)

    assert _logs_in(bob, t0 + timedelta(minutes=3), tablet)


def test_bobs_good_login_elsewhere_gives_a_stranger_no_more_guesses(bob: Pupil,
                                                                    t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, STRANGER)

    assert _logs_in(bob, t0 + timedelta(minutes=1), SCHOOL)

    assert _refusal(bob, "tiger999", t0 + timedelta(minutes=2)).code == "pupil_locked"


def test_bobs_typo_on_his_tablet_before_a_good_login_there_does_not_taint_it(
    bob: Pupil, bobs_tablet: Client, t0: datetime
) -> None:
    _fail(bob, t0, client=bobs_tablet)
    tablet = bobs_tablet.after_login(bob.user_id, t0 + timedelta(minutes=1))
    _failures(bob, t0 + timedelta(minutes=2), PUPIL_PER_DAY.allowed + 1, clients=5)

    assert _logs_in(bob, t0 + timedelta(hours=1), tablet)


def test_one_pupils_lock_does_not_lock_a_classmate(bob: Pupil, carol: Pupil,
                                                   t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, SCHOOL)

    assert _logs_in(carol, t0, SCHOOL)


def test_a_client_guessing_across_pupils_is_stopped_and_nobody_else(
    bob: Pupil, dave: Pupil, alice: User, robins: Classroom, t0: datetime
) -> None:
    # Five wrong secrets each (never a pupil's own limit) over pupils of two classes.
    others = classes.pupils_create(classroom=robins, names=[f"P{n}" for n in range(12)],
                                   by=alice)
    for pupil in others:
        _fail(pupil, t0, PUPIL_ON_A_CLIENT.allowed)
    _fail(dave, t0, CLIENT_PER_HOUR.allowed + 1 - 12 * PUPIL_ON_A_CLIENT.allowed)

    refusal = _refusal(bob, bob.secret, t0 + timedelta(minutes=1))

    assert refusal.code == "client_locked"
    assert refusal.message == ("Too many wrong tries from this computer or network. "
                               "Wait 59 minutes, then try again.")
    assert _logs_in(bob, t0 + timedelta(minutes=1), SCHOOL)
    assert _logs_in(bob, t0 + timedelta(hours=1), STRANGER)


def test_fresh_device_cookies_buy_no_more_guesses_at_other_pupils_from_one_address(
    bob: Pupil, carol: Pupil, alice: User, robins: Classroom, t0: datetime
) -> None:
    # Carol has her own card: each login in a browser without cookies gives her a new
    # device, which vouches for her and for nobody else.
    def carols_device(n: int) -> Client:
        return Client(f"device:carol-{n}", ((carol.user_id, None),), f"carol-{n}",
                      SCHOOL.network)

    others = classes.pupils_create(classroom=robins, names=[f"P{n}" for n in range(13)],
                                   by=alice)
    for pupil in others[:12]:
        _fail(pupil, t0, PUPIL_ON_A_CLIENT.allowed, carols_device(0))
    _fail(others[12], t0, CLIENT_PER_HOUR.allowed + 1 - 12 * PUPIL_ON_A_CLIENT.allowed,
          carols_device(0))

    assert _refusal(others[12], "tiger999", t0, carols_device(1)).code == "client_locked"
    assert _refusal(carol, carol.secret, t0, SCHOOL).code == "client_locked"
    bobs_tablet_at_school = Client("device:bobs-tablet", ((bob.user_id, None),),
                                   "bobs-tablet", SCHOOL.network)
    assert _logs_in(bob, t0, bobs_tablet_at_school)  # a classmate's guesses do not stop it


# -- many clients: a day's limit, which a browser the pupil logged in from is spared ------------

def test_twenty_wrong_secrets_in_a_day_lock_the_pupil_on_new_computers(
    bob: Pupil, t0: datetime
) -> None:
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)

    refusal = _refusal(bob, bob.secret, t0 + timedelta(hours=1), SCHOOL)

    assert refusal.code == "pupil_day_locked"
    assert refusal.wait == timedelta(hours=23)
    assert refusal.message == ("Too many wrong secrets for Bob today. Ask your teacher to "
                               "unlock your login.")


def test_a_computer_bob_logged_in_from_is_spared_a_strangers_lock(
    bob: Pupil, bobs_tablet: Client, t0: datetime
) -> None:
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)

    assert _logs_in(bob, t0 + timedelta(hours=1), bobs_tablet)


def test_a_trusted_computer_that_guessed_wrong_itself_is_not_spared(
    bob: Pupil, bobs_tablet: Client, t0: datetime
) -> None:
    _fail(bob, t0, client=bobs_tablet)
    _failures(bob, t0, PUPIL_PER_DAY.allowed, clients=5)

    assert _refusal(bob, bob.secret, t0 + timedelta(hours=1),
                    bobs_tablet).code == "pupil_day_locked"


def test_a_hundred_wrong_secrets_in_a_class_lock_only_new_computers(
    bob: Pupil, carol: Pupil, dave: Pupil, alice: User, robins: Classroom, bobs_tablet: Client,
    t0: datetime
) -> None:
    others = classes.pupils_create(classroom=robins, names=[f"P{n}" for n in range(6)],
                                   by=alice)
    for pupil in others:  # each under their own day's limit
        _failures(pupil, t0, CLASS_PER_DAY.allowed // 6 + 1, clients=20)
    assert LoginFailure.objects.count() > CLASS_PER_DAY.allowed

    refusal = _refusal(carol, carol.secret, t0 + timedelta(hours=2), SCHOOL)

    assert refusal.code == "class_locked"
    assert refusal.message == ("Too many wrong secrets in this class today. Ask your teacher "
                               "to unlock the class's logins.")
    assert _logs_in(bob, t0 + timedelta(hours=2), bobs_tablet)
    assert _logs_in(dave, t0 + timedelta(hours=2), SCHOOL)  # another class
    assert _logs_in(carol, t0 + timedelta(hours=24), SCHOOL)


# -- a browser the class's teacher vouches for ----------------------------------------------------

@pytest.fixture
def room_tablet(alice: User) -> Client:
    """A tablet new to every pupil, which Alice logged in on and marked as her school's."""
    SchoolDevice.objects.create(teacher=alice, device="room-12")
    return Client("device:room-12", ((alice.pk, None),), "room-12", SCHOOL.network)


def test_after_strangers_lock_bob_out_he_logs_in_at_once_on_a_school_device(
    bob: Pupil, room_tablet: Client, t0: datetime
) -> None:
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)

    assert _refusal(bob, bob.secret, t0 + timedelta(minutes=1), SCHOOL).code == "pupil_day_locked"
    assert _logs_in(bob, t0 + timedelta(minutes=1), room_tablet)


def test_a_school_device_lets_the_class_in_past_a_class_lock(
    carol: Pupil, robins: Classroom, room_tablet: Client, t0: datetime
) -> None:
    LoginFailure.objects.bulk_create(
        LoginFailure(kind="secret", classroom=robins, client=f"address:192.0.2.{n}", at=t0)
        for n in range(CLASS_PER_DAY.allowed + 1))

    assert _refusal(carol, carol.secret, t0, SCHOOL).code == "class_locked"
    assert _logs_in(carol, t0, room_tablet)


def test_a_school_device_that_guesses_wrong_itself_is_locked_as_before(
    bob: Pupil, carol: Pupil, room_tablet: Client, t0: datetime
) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, room_tablet)
    assert _refusal(bob, bob.secret, t0 + timedelta(minutes=1), room_tablet
                    ).code == "pupil_locked"

    LoginFailure.objects.bulk_create(
        LoginFailure(kind="secret", classroom_id=bob.classroom_id, pupil=bob,
                     client=room_tablet.key, network=room_tablet.network, at=t0)
        for _ in range(PUPIL_PER_DAY.allowed + 1 - (PUPIL_ON_A_CLIENT.allowed + 1)))
    assert _refusal(bob, bob.secret, t0 + timedelta(hours=1), room_tablet
                    ).code == "pupil_day_locked"

    LoginFailure.objects.bulk_create(
        LoginFailure(kind="secret", classroom_id=carol.classroom_id, pupil=carol,
                     client=room_tablet.key, network=room_tablet.network, at=t0)
        for _ in range(CLIENT_PER_HOUR.allowed))
    assert _refusal(carol, carol.secret, t0 + timedelta(minutes=30), room_tablet
                    ).code == "client_locked"


def test_another_teachers_school_device_does_not_spare_alices_pupils(
    bob: Pupil, eve: User, t0: datetime
) -> None:
    SchoolDevice.objects.create(teacher=eve, device="eves-room")
    eves_tablet = Client("device:eves-room", ((eve.pk, None),), "eves-room", SCHOOL.network)
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)

    assert _refusal(bob, bob.secret, t0 + timedelta(minutes=1), eves_tablet
                    ).code == "pupil_day_locked"


def test_alices_own_session_on_a_browser_lets_her_pupils_in_there(
    alice: User, eve: User, bob: Pupil, t0: datetime
) -> None:
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)
    alices_session = Client(SCHOOL.key, teacher=alice.pk)
    eves_session = Client(SCHOOL.key, teacher=eve.pk)

    assert _refusal(bob, bob.secret, t0 + timedelta(minutes=1), eves_session
                    ).code == "pupil_day_locked"
    assert _logs_in(bob, t0 + timedelta(minutes=1), alices_session)


def test_a_co_teachers_school_device_spares_the_class_too(
    alice: User, eve: User, robins: Classroom, bob: Pupil, t0: datetime
) -> None:
    robins.co_teachers.add(eve)
    SchoolDevice.objects.create(teacher=eve, device="eves-room")
    eves_tablet = Client("device:eves-room", ((eve.pk, None),), "eves-room", SCHOOL.network)
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)

    assert _logs_in(bob, t0 + timedelta(minutes=1), eves_tablet)


# -- the teacher unlocks ------------------------------------------------------------------------

def test_the_teacher_unlocks_a_pupil(alice: User, bob: Pupil, t0: datetime) -> None:
    _fail(bob, t0, PUPIL_ON_A_CLIENT.allowed + 1, SCHOOL)
    _failures(bob, t0, PUPIL_PER_DAY.allowed + 1, clients=5)

    services.pupil_login_unlock(pupil=bob, by=alice, now=t0 + timedelta(minutes=1))

    assert _logs_in(bob, t0 + timedelta(minutes=2), SCHOOL)


def test_the_teacher_unlocks_the_class(alice: User, robins: Classroom, bob: Pupil,
                                       carol: Pupil, t0: datetime) -> None:
    _failures(bob, t0, CLASS_PER_DAY.allowed + 1, clients=30)

    services.classroom_logins_unlock(classroom=robins, by=alice, now=t0 + timedelta(minutes=1))

    assert _logs_in(carol, t0 + timedelta(minutes=2), SCHOOL)
    assert _logs_in(bob, t0 + timedelta(minutes=2), SCHOOL)


def test_only_the_classs_teachers_may_unlock(eve: User, robins: Classroom, bob: Pupil) -> None:
    with pytest.raises(PermissionDenied):
        services.pupil_login_unlock(pupil=bob, by=eve)
    with pytest.raises(PermissionDenied):
        services.classroom_logins_unlock(classroom=robins, by=eve)


# -- closed and the clock -------------------------------------------------------------------------

def test_an_archived_class_accepts_no_login(alice: User, robins: Classroom, bob: Pupil,
                                            t0: datetime) -> None:
    classes.classroom_archive(classroom=robins, by=alice)

    refusal = _refusal(bob, bob.secret, t0)

    assert refusal.code == "closed"
    assert not LoginFailure.objects.exists()


def test_the_clock_defaults_to_now(bob: Pupil) -> None:
    before = timezone.now()

    with pytest.raises(LoginRefused):
        pupil_login_check(pupil=bob, secret="wrong999")

    assert before <= LoginFailure.objects.get().at <= timezone.now()


def test_failures_older_than_a_day_are_deleted_as_new_ones_come(bob: Pupil,
                                                                t0: datetime) -> None:
    _fail(bob, t0)
    _fail(bob, t0 + timedelta(hours=26))

    assert list(LoginFailure.objects.values_list("at", flat=True)) == [
        t0 + timedelta(hours=26)]
