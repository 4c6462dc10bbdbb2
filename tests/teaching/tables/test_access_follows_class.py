"""A pupil plays at a table only while they are in its class and the class is open:
asked at every page, every socket's handshake and every socket message.

Bob and Carol sit at a table of Alice's class Robins. Bob then leaves the class (moved to
Wrens, Alice's other class), or Alice archives Robins.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables import selectors
from teaching.tables.now import table_now
from teaching.tables.services import ActionRefused
from teaching.tables.services.acting import table_act
from tests.teaching.table_helpers import seat_table
from tests.teaching.ws_helpers import communicator, move, receive, session_cookie


@pytest.fixture
def robins_table(bob: Pupil, carol: Pupil) -> Table:
    Classroom.objects.filter(pk=bob.classroom_id).update(robot_pause_ms=0)
    return seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})


@pytest.fixture
def wrens(alice: User) -> Classroom:
    return classes.classroom_create(owner=alice, name="Wrens")


def _leave_for(pupil: Pupil, classroom: Classroom) -> None:
    """The pupil's class changes, however it came to (the teacher's move, the admin)."""
    Pupil.objects.filter(pk=pupil.pk).update(classroom=classroom)


def _act(user: User, table: Table) -> ActionRefused:
    with pytest.raises(ActionRefused) as refused:
        table_act(user=user, table_id=table.pk, text="play SA")
    return refused.value


# -- pages and services -------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_pupil_moved_to_another_class_no_longer_opens_the_old_table(
    bob_client: Client, bob: Pupil, robins_table: Table, wrens: Classroom
) -> None:
    assert bob_client.get(f"/tables/{robins_table.pk}/").status_code == 200

    _leave_for(bob, wrens)

    assert bob_client.get(f"/tables/{robins_table.pk}/").status_code == 404
    assert selectors.table_for_player(bob.user, robins_table.pk) is None


@pytest.mark.django_db
def test_a_pupil_moved_away_can_no_longer_act_at_the_old_table(
    bob: Pupil, robins_table: Table, wrens: Classroom
) -> None:
    _leave_for(bob, wrens)

    assert _act(bob.user, robins_table).code == "not_seated"


@pytest.mark.django_db
def test_a_pupil_of_an_archived_class_can_no_longer_act(
    alice: User, bob: Pupil, robins: Classroom, robins_table: Table
) -> None:
    classes.classroom_archive(classroom=robins, by=alice)

    assert _act(bob.user, robins_table).code == "not_seated"
    assert selectors.table_for_player(bob.user, robins_table.pk) is None


@pytest.mark.django_db
def test_the_old_table_renders_no_frame_for_a_pupil_who_left(
    bob: Pupil, carol: Pupil, robins_table: Table, wrens: Classroom
) -> None:
    _leave_for(bob, wrens)

    now = table_now(robins_table.pk)

    assert set(selectors.seated_views(now)) == {carol.user_id}
    assert selectors.player_view(bob.user, robins_table.pk) is False
    assert selectors.player_view(carol.user, robins_table.pk) not in (False, None)


# -- sockets --------------------------------------------------------------------------------------

@pytest.fixture
def bobs_cookie(bob: Pupil) -> str:
    return session_cookie(bob.user)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_moved_pupils_socket_is_refused_at_the_handshake(
    bob: Pupil, robins_table: Table, wrens: Classroom, bobs_cookie: str
) -> None:
    await database_sync_to_async(_leave_for)(bob, wrens)
    comm = communicator(robins_table.pk, bobs_cookie)

    connected, code = await comm.connect()
    await comm.disconnect()

    assert (connected, code) == (False, 4404)


async def _closes(comm: Any) -> int | None:
    while True:
        output = await comm.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            return output.get("code")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_open_socket_is_closed_at_its_next_message_once_the_class_is_archived(
    alice: User, robins: Classroom, robins_table: Table, bobs_cookie: str
) -> None:
    comm = communicator(robins_table.pk, bobs_cookie)
    assert (await comm.connect())[0]
    await receive(comm)

    await database_sync_to_async(classes.classroom_archive)(classroom=robins, by=alice)
    await comm.send_to(text_data=move("play SA"))

    assert await _closes(comm) == 4404
    await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_open_socket_is_closed_at_its_next_message_once_the_pupil_moved(
    bob: Pupil, robins_table: Table, wrens: Classroom, bobs_cookie: str
) -> None:
    comm = communicator(robins_table.pk, bobs_cookie)
    assert (await comm.connect())[0]
    await receive(comm)

    await database_sync_to_async(_leave_for)(bob, wrens)
    await comm.send_to(text_data=move("play SA"))

    assert await _closes(comm) == 4404
    await comm.disconnect()


@pytest.mark.django_db
def test_the_pupils_own_page_no_longer_links_the_old_table(
    bob_client: Client, bob: Pupil, robins_table: Table, wrens: Classroom
) -> None:
    assert f'href="/tables/{robins_table.pk}/"' in bob_client.get("/me/").text

    _leave_for(bob, wrens)

    assert f'href="/tables/{robins_table.pk}/"' not in bob_client.get("/me/").text
