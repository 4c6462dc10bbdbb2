"""A message to one pupil stays through everyone else's frames until that pupil acts (issue
14; docs/decisions/0402-a-message-stays-until-its-pupil-acts.md).

Bob (South) and Carol (North) play against two robots. Bob's refused move shows him why; the
frames other seats' actions send (here sent to the table's group as a robot's card would be)
keep it on his screen, never on Carol's, until a new hand or Bob's own next press.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.seats import Seat
from teaching.models import Classroom, Pupil, Table
from teaching.tables import frames, robots_driver
from teaching.tables.announce import table_group
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of
from tests.teaching.ws_helpers import communicator, move, receive, session_cookie

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def robots_stop(settings: Any) -> AsyncIterator[None]:
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}
    yield
    await robots_driver.idle()
    layer = get_channel_layer()
    if hasattr(layer, "close"):
        await layer.close()


@pytest.fixture
def partners(bob: Pupil, carol: Pupil) -> Table:
    # Robots that wait long enough never to act during the test: the frames are ours.
    Classroom.objects.filter(pk=bob.classroom_id).update(robot_pause_ms=5000)
    return seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})


async def _another_seats_frame(table: Table, hand: int, version: int, users: dict[str, str]
                               ) -> None:
    """What a robot's card sends: every seated pupil's frame, messages region empty."""
    await get_channel_layer().group_send(table_group(table.id), {
        "type": "table.frames", "hand": hand, "version": version, "robot": None,
        "frames": {user: frames.render_messages() + f'<div id="table-body">{body}</div>'
                   for user, body in users.items()}})


async def test_a_refusal_stays_through_other_seats_frames_until_a_new_hand(
        partners: Table, bob: Pupil, carol: Pupil) -> None:
    cookies = await database_sync_to_async(
        lambda: (session_cookie(bob.user), session_cookie(carol.user)))()
    bobs, carols = communicator(partners.id, cookies[0]), communicator(partners.id, cookies[1])
    await bobs.connect()
    await carols.connect()
    first = await receive(bobs)
    await receive(carols)

    await bobs.send_to(text_data='{"action": "bid 7 spades"}')
    said = (await receive(bobs)).error
    assert said

    users = {str(bob.user_id): "card one", str(carol.user_id): "card one, Carol's"}
    await _another_seats_frame(partners, first.hand, first.version + 1, users)
    seen = await receive(bobs)
    assert "card one" in seen.html and seen.error == said, "the message stays"
    carol_sees = await receive(carols)
    assert carol_sees.error == "" and said not in carol_sees.html, "and is Bob's alone"

    users = {str(bob.user_id): "card two", str(carol.user_id): "card two, Carol's"}
    await _another_seats_frame(partners, first.hand, first.version + 2, users)
    assert (await receive(bobs)).error == said

    await _another_seats_frame(partners, first.hand + 1, 0, {str(bob.user_id): "a new deal"})
    new_hand = await receive(bobs)
    assert "a new deal" in new_hand.html and new_hand.error == ""
    await bobs.disconnect()
    await carols.disconnect()


async def test_another_pupil_s_action_leaves_bobs_message_on_his_screen(
        partners: Table, bob: Pupil, carol: Pupil) -> None:
    cookies = await database_sync_to_async(
        lambda: (session_cookie(bob.user), session_cookie(carol.user)))()
    bobs, carols = communicator(partners.id, cookies[0]), communicator(partners.id, cookies[1])
    await bobs.connect()
    await carols.connect()
    first = await receive(bobs)
    await receive(carols)
    assert await database_sync_to_async(seat_to_act)(partners) == Seat.NORTH, "Carol deals"

    await bobs.send_to(text_data=move("hcp 10", first.version))  # not his turn
    said = (await receive(bobs)).error
    assert "clockwise from the dealer" in said
    carols_count = await database_sync_to_async(
        lambda: good_action(view_of(partners, Seat.NORTH)))()
    await carols.send_to(text_data=move(carols_count, first.version))

    after = await receive(bobs)
    assert after.version == first.version + 1, "Bob sees Carol's count"
    assert after.error == said, "and is still reading his message"
    assert (await receive(carols)).error == ""
    await bobs.disconnect()
    await carols.disconnect()
