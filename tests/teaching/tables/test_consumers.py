"""The table's websocket: access, the whole table on connect, moves, bad input, robots.

Each protocol test runs against the in-memory channel layer and, where a Redis
server answers on 127.0.0.1:6379, against channels_redis too.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import AsyncIterator
from html import unescape
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.seats import Seat
from teaching.models import Classroom, HandAction, Pupil, Table
from teaching.runtime import load_shedding
from teaching.tables import robots_driver
from teaching.tables.announce import notify_table, table_group
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import practice_table_open
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of
from tests.teaching.ws_helpers import (
    FRAME_TIMEOUT,
    communicator,
    move,
    receive,
    receive_until,
    session_cookie,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

REDIS = ("127.0.0.1", 6379)


def _redis_reachable() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(params=["memory", "redis"])
def layer(request: pytest.FixtureRequest, settings: Any) -> str:
    if request.param == "redis":
        if not _redis_reachable():
            pytest.skip("no Redis server on 127.0.0.1:6379 (CI has one)")
        settings.CHANNEL_LAYERS = {"default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:6379/7", "max_connections": 100}],
                       "prefix": f"test-{id(request)}"},
        }}
    else:
        settings.CHANNEL_LAYERS = {"default": {
            "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}
    return request.param


@pytest_asyncio.fixture(autouse=True)
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()
    layer = get_channel_layer()
    if hasattr(layer, "close"):
        await layer.close()


@pytest.fixture
def partners(bob: Pupil, carol: Pupil) -> Table:
    """Bob (South) and Carol (North) against two robots, robots not waiting."""
    Classroom.objects.filter(pk=bob.classroom_id).update(robot_pause_ms=0)
    return seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})


@pytest.fixture
def cookies(bob: Pupil, carol: Pupil, dave: Pupil, alice: Any) -> dict[str, str]:
    return {"bob": session_cookie(bob.user), "carol": session_cookie(carol.user),
            "dave": session_cookie(dave.user), "alice": session_cookie(alice)}


@database_sync_to_async
def _state(table: Table) -> tuple[int, int, Seat | None]:
    hand = current_hand(table)
    return hand.number, hand_state(hand).version, seat_to_act(table)


@database_sync_to_async
def _rows() -> int:
    return HandAction.objects.count()


@database_sync_to_async
def _action_for(table: Table, seat: Seat) -> str:
    return good_action(view_of(table, seat))


def _user_at(table: Table, seat: Seat) -> Any:
    return table.seats.get(seat=seat.value).pupil.user


async def _settle(table: Table, comms: list[Any]) -> tuple[int, int, Seat | None]:
    """Wait until the robots have nothing left to do and every socket shows the table as
    it is; returns (hand number, version, seat to act)."""
    while True:
        await robots_driver.idle()
        state = await _state(table)
        for comm in comms:
            await receive_until(comm, state[1], state[0])
        await robots_driver.idle()
        if await _state(table) == state:
            return state


async def _until_turn(table: Table, seat: Seat, comms: list[Any]) -> int:
    """Play on (robots by themselves, other pupils through the services) until ``seat``
    is to act; every socket is brought up to date. Returns the version."""
    while True:
        _, version, to_act = await _settle(table, comms)
        if to_act == seat:
            return version
        assert to_act is not None, "the hand ended first"
        user = await database_sync_to_async(_user_at)(table, to_act)
        await database_sync_to_async(hand_act)(
            user=user, table=table, text=await _action_for(table, to_act))


async def _bob_and_carol_at_bobs_turn(
    partners: Table, cookies: dict[str, str]
) -> tuple[Any, Any, int]:
    """Bob's and Carol's sockets, each with the table, play gone on until Bob (South) is to
    act; and the version he acts at."""
    bob = communicator(partners.id, cookies["bob"])
    carol = communicator(partners.id, cookies["carol"])
    await bob.connect()
    await carol.connect()
    await receive(bob)
    await receive(carol)
    return bob, carol, await _until_turn(partners, Seat.SOUTH, [bob, carol])


async def test_a_seated_pupil_gets_the_whole_table_on_connect(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    comm = communicator(partners.id, cookies["bob"])
    connected, _ = await comm.connect()
    assert connected

    frame = await receive(comm)

    number, version, _ = await _state(partners)
    assert (frame.hand, frame.version) == (number, version)
    own = (await database_sync_to_async(view_of)(partners, Seat.SOUTH)).hand
    assert set(own) <= frame.cards
    assert 'id="table-messages"' in frame.html and not frame.error
    await comm.disconnect()


@pytest.mark.parametrize("who", ["dave", "alice"])
async def test_anyone_not_seated_is_refused_the_socket(
    layer: str, partners: Table, cookies: dict[str, str], who: str
) -> None:
    comm = communicator(partners.id, cookies[who])

    connected, code = await comm.connect()

    assert not connected and code == 4404


async def test_a_browser_no_longer_logged_in_is_told_so_and_sent_nothing(
    layer: str, partners: Table
) -> None:
    """A pupil whose session ran out: the socket closes with 4401 and the page reloads,
    to meet the pupils' login (decision 0423); no frame of the table is sent."""
    comm = communicator(partners.id, None)

    connected, _ = await comm.connect()
    closed = await comm.receive_output(timeout=5)

    assert connected
    assert (closed["type"], closed["code"]) == ("websocket.close", 4401)
    await comm.disconnect()


async def test_a_table_that_does_not_exist_is_refused(layer: str, cookies: dict[str, str],
                                                      partners: Table) -> None:
    comm = communicator(partners.id + 1000, cookies["bob"])

    connected, code = await comm.connect()

    assert not connected and code == 4404


async def test_a_move_reaches_every_seat_at_the_table(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    bob, carol, version = await _bob_and_carol_at_bobs_turn(partners, cookies)

    await bob.send_to(text_data=move(await _action_for(partners, Seat.SOUTH), version))

    assert (await receive_until(bob, version + 1))[-1].error == ""
    assert (await receive_until(carol, version + 1))[-1].version == version + 1
    await bob.disconnect()
    await carol.disconnect()


async def test_an_answer_typed_in_a_form_arrives_as_action_and_arg(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)
    version = await _until_turn(partners, Seat.SOUTH, [bob])
    action = await _action_for(partners, Seat.SOUTH)
    if not action.startswith("hcp "):
        pytest.skip("lesson 5 starts with the points count")

    await bob.send_to(text_data=move("hcp", version, arg=action.split()[1]))

    assert (await receive_until(bob, version + 1))[-1].version == version + 1
    await bob.disconnect()


BAD_FRAMES = {
    "malformed JSON": '{"action": "hcp 3", ',
    "not an object": '["hcp", 3]',
    "no action": '{"version": 0}',
    "an empty action": '{"action": "  "}',
    "unknown keys": '{"action": "hcp 3", "cheat": true}',
    "a huge frame": json.dumps({"action": "hcp 3", "arg": "x" * 5000}),
    "another table's id": '{"action": "hcp 3", "table": 987654}',
    "the wrong seat": '{"action": "hcp 3", "seat": "W"}',
    "a seat that is not a seat": '{"action": "hcp 3", "seat": ["S"]}',
    "a version that is not a number": '{"action": "hcp 3", "version": "soon"}',
    "an arg that is not text": '{"action": "hcp", "arg": {"n": 3}}',
    "a card not in hand": None,  # filled in by the test from the other hands
    "a wrong count": None,
    "not an action of the game": '{"action": "bid 7 spades"}',
}


@pytest.mark.parametrize("case", list(BAD_FRAMES))
async def test_bad_input_gets_an_error_for_that_client_only_and_changes_nothing(
    layer: str, partners: Table, cookies: dict[str, str], case: str
) -> None:
    bob, carol, version = await _bob_and_carol_at_bobs_turn(partners, cookies)
    text = BAD_FRAMES[case]
    if case == "a card not in hand":
        west = (await database_sync_to_async(current_hand)(partners)).deal["hands"]["W"]
        text = move(f"play {west[0]}", version)
    elif case == "a wrong count":
        right = (await _action_for(partners, Seat.SOUTH)).split()[-1]
        text = move(f"hcp {(int(right) + 1) % 38}" if right.isdigit() else "hcp 99", version)
    rows = await _rows()

    await bob.send_to(text_data=text)

    frame = await receive(bob)
    assert frame.error, case
    assert frame.version == version  # a fresh view comes with the message
    assert await carol.receive_nothing(timeout=0.2)
    assert await _rows() == rows
    # The connection stays usable: a good move is taken.
    await bob.send_to(text_data=move(await _action_for(partners, Seat.SOUTH), version))
    assert (await receive_until(bob, version + 1))[-1].error == ""
    await bob.disconnect()
    await carol.disconnect()


async def test_a_worker_that_is_behind_answers_busy_and_takes_the_move_sent_again(
    layer: str, partners: Table, cookies: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past capacity a move is answered at once, "The table is busy, retrying…", and not
    taken; the page sends it again (static/js/table.js), and once the worker has caught
    up it is taken (docs/decisions/0511-a-busy-table-says-so.md)."""
    bob, carol, version = await _bob_and_carol_at_bobs_turn(partners, cookies)
    action = await _action_for(partners, Seat.SOUTH)
    rows = await _rows()
    monkeypatch.setattr(load_shedding, "busy", lambda: True)

    await bob.send_to(text_data=move(action, version))

    busy = await bob.receive_from(timeout=FRAME_TIMEOUT)
    assert "The table is busy, retrying…" in unescape(busy) and 'data-retry="1000"' in busy
    assert 'id="table-body"' not in busy, "the table stays on screen as it was"
    assert await carol.receive_nothing(timeout=0.2)
    assert await _rows() == rows
    # A message that is wrong is still told what is wrong, busy or not.
    await bob.send_to(text_data='{"version": 0}')
    assert (await receive(bob)).error == "That message has no action."

    monkeypatch.setattr(load_shedding, "busy", lambda: False)
    await bob.send_to(text_data=move(action, version))
    assert (await receive_until(bob, version + 1))[-1].error == ""
    assert (await receive_until(carol, version + 1))[-1].version == version + 1
    await bob.disconnect()
    await carol.disconnect()


async def test_a_worker_that_is_behind_asks_a_page_opening_its_table_to_try_again_later(
    layer: str, partners: Table, cookies: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(load_shedding, "busy", lambda: True)
    comm = communicator(partners.id, cookies["bob"])

    connected, code = await comm.connect()

    assert not connected and code == 1013  # "try again later": the page reconnects
    monkeypatch.setattr(load_shedding, "busy", lambda: False)
    again = communicator(partners.id, cookies["bob"])
    assert (await again.connect())[0]
    assert (await receive(again)).version is not None
    await again.disconnect()


async def test_a_refusal_stays_on_screen_until_the_table_moves_on(
    layer: str, partners: Table, cookies: dict[str, str], alice: Any
) -> None:
    """A change that leaves the table where it is (here the teacher pausing it; at a hand's
    end, its double-dummy table arriving) must not wipe the message the pupil is reading."""
    from teaching.teacher.services import table_set_paused

    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)
    version = await _until_turn(partners, Seat.SOUTH, [bob])
    await bob.send_to(text_data='{"action": "bid 7 spades"}')
    refused = await receive(bob)
    assert refused.error

    await database_sync_to_async(table_set_paused)(table=partners, paused=True, by=alice)
    paused = await receive(bob)
    assert "paused" in paused.html and paused.version == version
    assert paused.error == refused.error

    await database_sync_to_async(table_set_paused)(table=partners, paused=False, by=alice)
    assert (await receive(bob)).error == refused.error
    await bob.send_to(text_data=move(await _action_for(partners, Seat.SOUTH), version))
    assert (await receive_until(bob, version + 1))[-1].error == ""  # moved on: gone
    await bob.disconnect()


async def test_a_change_announced_from_a_background_thread_reaches_the_socket_at_once(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    """The hand's analysis is stored and announced by a thread of its own: its message
    must wake the sockets' event loop, not wait for something else to."""
    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)
    await robots_driver.idle()
    await database_sync_to_async(
        lambda: Table.objects.filter(pk=partners.pk).update(paused=True))()
    announcer = threading.Thread(target=notify_table, args=(partners.id, 0))

    began = time.monotonic()
    announcer.start()
    frame = await receive(bob, timeout=2)

    assert "paused" in frame.html
    assert time.monotonic() - began < 1
    await asyncio.to_thread(announcer.join, 5)
    await bob.disconnect()


async def test_a_binary_frame_is_refused_and_the_socket_stays_open(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)

    await bob.send_to(bytes_data=b"\x00\x01")

    assert (await receive(bob)).error == "Send table messages as text."
    await bob.send_to(text_data="{}")
    assert (await receive(bob)).error
    await bob.disconnect()


async def test_a_move_for_a_version_already_gone_gets_a_clear_message_and_a_fresh_view(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)
    version = await _until_turn(partners, Seat.SOUTH, [bob])
    if version == 0:
        pytest.skip("nothing has happened yet on this board")

    await bob.send_to(text_data=move(await _action_for(partners, Seat.SOUTH), version - 1))

    frame = await receive(bob)
    assert "moved on" in frame.error and frame.version == version
    await bob.disconnect()


async def test_robots_play_from_the_server_until_it_is_the_pupils_turn(
    layer: str, bob: Pupil, cookies: dict[str, str], partners: Table
) -> None:
    # (partners: Bob's class has robots that do not wait)
    practice = await database_sync_to_async(practice_table_open)(pupil=bob)
    bob_socket = communicator(practice.id, cookies["bob"])
    await bob_socket.connect()

    # Robots act after the connect, then after each pupil move, until the hand is over.
    for _ in range(80):
        number, version, to_act = await _settle(practice, [bob_socket])
        if to_act is None:
            break
        assert to_act == Seat.SOUTH, "robots leave nothing undone"
        await bob_socket.send_to(text_data=move(await _action_for(practice, Seat.SOUTH), version))
        await receive_until(bob_socket, version + 1, number)
    hand = await database_sync_to_async(current_hand)(practice)
    assert hand.finished is not None
    await bob_socket.disconnect()
    again = communicator(practice.id, cookies["bob"])
    await again.connect()
    assert "The hand is over." in (await receive(again)).html
    await again.disconnect()


async def test_a_pupil_who_comes_back_finds_the_hand_where_it_was(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)
    version = await _until_turn(partners, Seat.SOUTH, [bob])
    await bob.send_to(text_data=move(await _action_for(partners, Seat.SOUTH), version))
    await receive_until(bob, version + 1)
    await bob.disconnect()
    await robots_driver.idle()

    again = communicator(partners.id, cookies["bob"])
    await again.connect()
    after = await receive(again)

    number, now, _ = await _state(partners)
    own = (await database_sync_to_async(view_of)(partners, Seat.SOUTH)).hand
    assert (after.hand, after.version) == (number, now) and now > version
    assert set(own) <= after.cards
    await again.disconnect()


async def test_a_frame_of_an_older_change_arriving_late_is_not_shown(
    layer: str, partners: Table, cookies: dict[str, str], bob: Pupil, carol: Pupil
) -> None:
    """Frames of two changes can cross (a robot's and a pupil's, rendered on
    different connections): the table never steps back to the older one."""
    await database_sync_to_async(
        lambda: Table.objects.filter(pk=partners.pk).update(paused=True))()  # robots wait
    comm = communicator(partners.id, cookies["bob"])
    await comm.connect()
    first = await receive(comm)
    group = table_group(partners.id)

    def frames(version: int, marker: str) -> dict[str, Any]:
        return {"type": "table.frames", "hand": first.hand, "version": version, "robot": None,
                "frames": {str(bob.user_id): f"<p>{marker}</p>",
                           str(carol.user_id): "<p>for Carol only</p>"}}

    await get_channel_layer().group_send(group, frames(first.version + 2, "newer"))
    assert await comm.receive_from(timeout=20) == "<p>newer</p>"
    await get_channel_layer().group_send(group, frames(first.version + 1, "older"))
    assert await comm.receive_nothing(timeout=0.5)
    await comm.disconnect()


async def test_a_pupil_the_teacher_moves_away_is_told_by_the_socket_closing(
    layer: str, partners: Table, cookies: dict[str, str], alice: Any
) -> None:
    """The page takes the pupil to their own page when the socket closes with 4404."""
    from teaching.teacher.services import table_seat_pupil

    comm = communicator(partners.id, cookies["carol"])
    await comm.connect()
    await receive(comm)

    await database_sync_to_async(table_seat_pupil)(table=partners, seat="N", pupil=None, by=alice)

    while True:
        output = await comm.receive_output(timeout=20)
        if output["type"] == "websocket.close":
            break
    assert output["code"] == 4404


# -- after the hand: "Next deal" and "Play it again" over the socket --------------------------

@database_sync_to_async
def _play_to_the_end(table: Table) -> int:
    """Play the current hand out through the services (before any socket connects, so the
    robots' driver does not race them); returns the finished hand's number."""
    while (seat := seat_to_act(table)) is not None:
        pupil = table.seats.get(seat=seat.value).pupil
        if pupil is None:
            robot_act(table_id=table.id)
        else:
            hand_act(user=pupil.user, table=table, text=good_action(view_of(table, seat)))
    return current_hand(table).number


@database_sync_to_async
def _hands(table: Table) -> list[int]:
    return list(table.hands.order_by("number").values_list("number", flat=True))


async def test_next_deal_pressed_at_two_seats_deals_once_and_every_seat_gets_it(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    finished = await _play_to_the_end(partners)
    bob = communicator(partners.id, cookies["bob"])
    carol = communicator(partners.id, cookies["carol"])
    await bob.connect()
    await carol.connect()
    # "Next deal", or "Deal again" after a Law 6 redeal (20-20 points): the same message.
    assert f'name="deal" value="next {finished}"' in (await receive(bob)).html
    await receive(carol)

    # Both press it at once: the second finds the next hand already dealt.
    await bob.send_to(text_data=json.dumps({"deal": f"next {finished}", "HEADERS": {}}))
    await carol.send_to(text_data=json.dumps({"deal": f"next {finished}", "HEADERS": {}}))

    for comm in (bob, carol):
        frames = await receive_until(comm, 0, finished + 1)
        assert frames[-1].hand == finished + 1 and frames[-1].error == ""
    assert await _hands(partners) == list(range(1, finished + 2))
    await _settle(partners, [bob, carol])
    await bob.disconnect()
    await carol.disconnect()


async def test_play_it_again_over_the_socket_deals_the_same_cards(
    layer: str, partners: Table, cookies: dict[str, str]
) -> None:
    finished = await _play_to_the_end(partners)
    hand = await database_sync_to_async(current_hand)(partners)
    bob = communicator(partners.id, cookies["bob"])
    await bob.connect()
    await receive(bob)

    await bob.send_to(text_data=json.dumps({"deal": f"again {hand.id}"}))

    frame = (await receive_until(bob, 0, finished + 1))[-1]
    assert frame.hand == finished + 1
    assert frame.cards >= set(hand.deal["hands"]["S"].split())  # Bob's own thirteen cards again
    await _settle(partners, [bob])
    await bob.disconnect()


@pytest.mark.parametrize("deal", ["next", "next x", 5, "shuffle 1", "next 1 2", "mid-hand",
                                  "another table's hand"])
async def test_a_deal_message_that_does_not_fit_gets_a_message_and_changes_nothing(
    layer: str, partners: Table, cookies: dict[str, str], bob: Pupil, deal: Any
) -> None:
    if deal == "mid-hand":
        deal = "next 1"
    else:
        finished = await _play_to_the_end(partners)
        if deal == "another table's hand":
            other = await database_sync_to_async(seat_table)(bob.classroom, {Seat.SOUTH: bob})
            other_hand = await database_sync_to_async(current_hand)(other)
            deal = f"again {other_hand.id}"
    hands = await _hands(partners)
    bob_socket = communicator(partners.id, cookies["bob"])
    carol = communicator(partners.id, cookies["carol"])
    await bob_socket.connect()
    await carol.connect()
    before = await receive(bob_socket)
    await receive(carol)

    await bob_socket.send_to(text_data=json.dumps({"deal": deal}))

    frame = await receive(bob_socket)
    assert frame.error, deal
    assert (frame.hand, frame.version) == (before.hand, before.version)
    assert await carol.receive_nothing(timeout=0.2)
    assert await _hands(partners) == hands
    if deal == "next 1" and "finished" not in locals():
        assert frame.error == "Finish this hand before dealing the next one."
    await bob_socket.disconnect()
    await carol.disconnect()
