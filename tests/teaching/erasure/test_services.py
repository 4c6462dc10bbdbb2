"""Deleting a pupil, a class, a teacher's account (teaching/erasure/services.py): nothing of
the pupil's identity is left in any table, read back by raw SQL, while the hands they played
stay for the other players."""

from __future__ import annotations

import asyncio

import pytest
from django.core.exceptions import PermissionDenied

from teaching.accounts.services import AccountError
from teaching.accounts.throttle import account_key
from teaching.erasure import services
from teaching.models import (
    Classroom,
    HandAction,
    LeaguePair,
    LoginFailure,
    OpenSocket,
    Pupil,
    SchoolDevice,
    SessionPair,
    Table,
    TableSeat,
    User,
)
from tests.teaching.erasure.scene import NAME, pupil_everywhere, rows_holding, session_rows_of


@pytest.fixture
def scene(robins, alice, robins_pupils):
    return pupil_everywhere(robins, alice, robins_pupils["Carol"])


def test_the_scene_leaves_the_pupils_name_and_secret_in_the_database(scene) -> None:
    assert rows_holding(NAME)
    assert rows_holding(scene.secret)
    assert session_rows_of(scene.user_id) == 1


def test_deleting_a_pupil_leaves_nothing_of_their_name_secret_or_login(scene, alice) -> None:
    username = User.objects.get(pk=scene.user_id).username
    services.pupil_erase(pupil=scene.pupil, by=alice)
    assert rows_holding(NAME, scene.secret, username) == []
    assert not User.objects.filter(pk=scene.user_id).exists()
    assert not Pupil.objects.filter(name=NAME).exists()
    assert session_rows_of(scene.user_id) == 0
    assert not OpenSocket.objects.filter(user_id=scene.user_id).exists()
    assert not Table.objects.filter(practice_for__isnull=False, classroom=scene.shared.classroom,
                                    name__contains="practising").exists()


def test_the_hands_a_deleted_pupil_played_stay_for_the_others(scene, alice) -> None:
    actions_before = HandAction.objects.filter(hand__table=scene.shared).count()
    services.pupil_erase(pupil=scene.pupil, by=alice)
    assert HandAction.objects.filter(hand__table=scene.shared).count() == actions_before
    assert TableSeat.objects.get(table=scene.shared, seat="S").pupil.name == "Carol"
    assert TableSeat.objects.get(table=scene.shared, seat="N").pupil is None


def test_a_deleted_pupils_pairs_name_them_a_former_pupil(scene, alice) -> None:
    services.pupil_erase(pupil=scene.pupil, by=alice)
    assert LeaguePair.objects.get(number=1).names == "a former pupil & Carol"
    pair = SessionPair.objects.get(second__name="Carol")
    assert pair.first is None
    assert pair.names == "Carol & a former pupil"


def test_only_the_classes_teachers_may_delete_a_pupil(scene, eve) -> None:
    with pytest.raises(PermissionDenied):
        services.pupil_erase(pupil=scene.pupil, by=eve)
    assert Pupil.objects.filter(name=NAME).exists()


def test_deleting_a_class_deletes_every_pupil_archived_ones_too(scene, robins, alice) -> None:
    carol = scene.others[0]
    carol.archived = True
    carol.save()
    names = list(Pupil.objects.filter(classroom=robins).values_list("name", flat=True))
    services.classroom_erase(classroom=robins, typed="  robins ", by=alice)
    assert not Classroom.objects.filter(pk=robins.pk).exists()
    assert not Pupil.objects.exists()
    assert not User.objects.filter(username__startswith=f"p-{robins.code.lower()}").exists()
    assert rows_holding(*[n for n in names if len(n) > 3], scene.secret, "Robins") == []


def test_a_class_is_deleted_only_with_its_name_typed(scene, robins, alice) -> None:
    with pytest.raises(AccountError):
        services.classroom_erase(classroom=robins, typed="Robin", by=alice)
    assert Classroom.objects.filter(pk=robins.pk).exists()


def test_only_the_owner_may_delete_a_class(robins, alice, eve) -> None:
    robins.co_teachers.add(eve)
    with pytest.raises(PermissionDenied):
        services.classroom_erase(classroom=robins, typed="Robins", by=eve)


def test_deleting_a_teachers_account_deletes_her_classes_and_pupils(scene, alice, owls, dave
                                                                   ) -> None:
    LoginFailure.objects.create(kind=LoginFailure.Kind.PASSWORD,
                                account=account_key(alice.email), client="198.51.100.0")
    shared = owls
    shared.co_teachers.add(alice)
    services.teacher_erase(teacher=alice, typed="ALICE@example.org")
    assert not User.objects.filter(email="alice@example.org").exists()
    assert not Classroom.objects.filter(name="Robins").exists()
    assert rows_holding(NAME, scene.secret, "alice@example.org", account_key(alice.email)) == []
    # A class she only co-taught stays with its owner, Dave still in it.
    assert Pupil.objects.filter(pk=dave.pk).exists()


def test_deleting_a_teachers_account_forgets_her_school_devices(alice, eve) -> None:
    SchoolDevice.objects.create(teacher=alice, device="room-12", label="Room 12")
    SchoolDevice.objects.create(teacher=eve, device="room-12", label="Eve's room")

    services.teacher_erase(teacher=alice, typed="alice@example.org")

    assert list(SchoolDevice.objects.values_list("label", flat=True)) == ["Eve's room"]


def test_an_account_is_deleted_only_with_its_address_typed(alice) -> None:
    with pytest.raises(AccountError):
        services.teacher_erase(teacher=alice, typed="bob@example.org")
    assert User.objects.filter(pk=alice.pk).exists()


def test_a_pupils_record_holds_their_name_class_secret_and_hands(scene) -> None:
    record = services.pupil_record(scene.pupil)
    assert record["pupil"]["name"] == NAME
    assert record["pupil"]["class"] == "Robins"
    assert record["pupil"]["secret"] == scene.secret
    tables = {hand["table"] for hand in record["hands"]}
    assert "Table 1" in tables and f"{NAME} practising" in tables
    assert all(hand["actions"] for hand in record["hands"])


def test_a_deleted_pupils_open_sockets_are_told_to_close(robins_pupils, alice,
                                                          django_capture_on_commit_callbacks
                                                          ) -> None:
    """A tablet still connected when the teacher deletes the pupil is closed at once (as a
    socket replaced by a newer one, which the browser does not reopen), not left receiving
    the table's frames."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    bob = robins_pupils["Bob"]
    OpenSocket.objects.create(user=bob.user, channel=channel)
    with django_capture_on_commit_callbacks(execute=True):
        services.pupil_erase(pupil=bob, by=alice)
    assert async_to_sync(_receive)(layer, channel) == {"type": "socket.replaced"}


async def _receive(layer, channel: str) -> dict | None:
    try:
        return await asyncio.wait_for(layer.receive(channel), timeout=2)
    except TimeoutError:
        return None
