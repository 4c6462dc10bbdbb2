"""The teacher's sockets: the live wall and watching a table, for her eyes only."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games.seats import Seat
from teaching.asgi import application
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, Table, User
from teaching.runtime import pace
from teaching.tables import push as table_push
from teaching.tables import robots_driver
from teaching.tables.game_cache import current_hand, hand_state
from teaching.teacher.services import table_set_paused, tables_seat_class
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of
from tests.teaching.ws_helpers import session_cookie

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def memory_layer(settings: Any) -> None:
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}


@pytest_asyncio.fixture(autouse=True)
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()
    layer = get_channel_layer()
    if hasattr(layer, "close"):
        await layer.close()


def _socket(path: str, cookie: str | None) -> WebsocketCommunicator:
    headers = [(b"host", b"testserver"), (b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


@pytest.fixture
def seated(alice: User, robins: Classroom, bob: Pupil, carol: Pupil) -> list[Table]:
    Classroom.objects.filter(pk=robins.pk).update(robot_pause_ms=0)
    return tables_seat_class(classroom=robins, by=alice).tables


@pytest.fixture
def cookies(alice: User, eve: User, bob: Pupil, dave: Pupil) -> dict[str, str | None]:
    return {"alice": session_cookie(alice), "eve": session_cookie(eve),
            "bob": session_cookie(bob.user), "dave": session_cookie(dave.user), "visitor": None}


def _tiles(html: str) -> list[str]:
    return re.findall(r'<article id="tile-(\d+)"', html)


# -- the wall ----------------------------------------------------------------------------

async def test_the_teacher_gets_the_whole_wall_on_connect(robins: Classroom, seated: list[Table],
                                                          cookies: dict) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    connected, _ = await comm.connect()
    assert connected

    html = await comm.receive_from(timeout=20)

    assert html.lstrip().startswith('<div id="wall"') and 'hx-swap-oob="outerHTML"' in html
    assert _tiles(html) == [str(seated[0].id)]
    await comm.disconnect()


@pytest.mark.parametrize("who", ["eve", "bob", "dave", "visitor"])
async def test_everyone_else_is_refused_the_wall(who: str, robins: Classroom,
                                                 seated: list[Table], cookies: dict) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies[who])

    connected, _ = await comm.connect()

    assert not connected
    await comm.disconnect()


async def test_a_wall_that_does_not_exist_is_refused(cookies: dict, alice: User) -> None:
    comm = _socket("/ws/classes/99999/wall/", cookies["alice"])
    connected, _ = await comm.connect()
    assert not connected
    await comm.disconnect()


async def test_a_move_at_a_table_sends_only_that_tables_tile(robins: Classroom,
                                                             seated: list[Table],
                                                             cookies: dict, alice: User) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    await comm.connect()
    await comm.receive_from(timeout=20)

    await database_sync_to_async(table_set_paused)(table=seated[0], paused=True, by=alice)

    html = await comm.receive_from(timeout=20)
    assert html.lstrip().startswith(f'<article id="tile-{seated[0].id}"')
    assert 'hx-swap-oob="outerHTML"' in html and "Paused" in html
    await comm.disconnect()


def _a_card_at(table: Table, pupils: dict[Seat, Pupil]) -> table_push.Frames:
    """The next action at ``table`` as a pupil's socket takes it: acted and rendered."""
    seat = seat_to_act(table)
    assert seat is not None and seat in pupils
    text = good_action(view_of(table, seat))
    return table_push.act_and_render(pupils[seat].user, table.id, text, None, None)


@pytest.fixture
def four(robins: Classroom, alice: User, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    dora, ed = classes.pupils_create(classroom=robins, names="Dora\nEd", by=alice)
    return {Seat.SOUTH: bob, Seat.WEST: carol, Seat.NORTH: dora, Seat.EAST: ed}


@pytest.fixture
def pupils_only(robins: Classroom, four: dict[Seat, Pupil]) -> Table:
    """A table of the class with a pupil in every seat: no robot plays beside the test."""
    return seat_table(robins, four)


async def test_a_card_played_at_a_table_sends_the_wall_that_tables_tile_once(
        robins: Classroom, pupils_only: Table, four: dict[Seat, Pupil], cookies: dict) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    await comm.connect()
    assert _tiles(await comm.receive_from(timeout=20)) == [str(pupils_only.id)]

    frames = await database_sync_to_async(_a_card_at)(pupils_only, four)
    # The one broadcast the table's pupils hear is the one the wall hears.
    assert await table_push.publish(get_channel_layer(), frames)

    html = await comm.receive_from(timeout=20)
    assert html.lstrip().startswith(f'<article id="tile-{pupils_only.id}"')
    assert await comm.receive_nothing(timeout=0.5), "one tile a card, nothing more"
    await comm.disconnect()


async def test_a_closed_tables_cards_no_longer_reach_the_wall(
        robins: Classroom, pupils_only: Table, four: dict[Seat, Pupil], alice: User,
        cookies: dict) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    await comm.connect()
    await comm.receive_from(timeout=20)
    frames = await database_sync_to_async(_a_card_at)(pupils_only, four)

    # The teacher seats the class again: the table is closed, new ones are laid out.
    await database_sync_to_async(tables_seat_class)(classroom=robins, by=alice)
    walls = [await comm.receive_from(timeout=20)]
    while not await comm.receive_nothing(timeout=1):  # a whole wall for each table's news
        walls.append(await comm.receive_from(timeout=20))
    assert str(pupils_only.id) not in _tiles(walls[-1])
    # A card that was on its way from the closed table: the wall no longer listens.
    await table_push.publish(get_channel_layer(), frames)

    assert await comm.receive_nothing(timeout=0.5)
    await comm.disconnect()


async def test_seating_the_class_again_sends_the_whole_new_wall(
        robins: Classroom, seated: list[Table], cookies: dict, alice: User) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    await comm.connect()
    await comm.receive_from(timeout=20)

    new = (await database_sync_to_async(tables_seat_class)(classroom=robins, by=alice)).tables

    walls = []
    while not comm.output_queue.empty() or not walls:
        html = await comm.receive_from(timeout=20)
        if html.lstrip().startswith('<div id="wall"'):
            walls.append(html)
    assert _tiles(walls[-1]) == [str(new[0].id)], "the closed table is gone, the new one shown"
    await comm.disconnect()


async def test_messages_to_the_wall_change_nothing_and_the_socket_stays_open(
        robins: Classroom, seated: list[Table], cookies: dict, alice: User) -> None:
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    await comm.connect()
    await comm.receive_from(timeout=20)

    for junk in ("{not json", '{"action": "pause"}', "x" * 10000):
        await comm.send_to(text_data=junk)
        assert "This page only listens." in await comm.receive_from(timeout=20)

    await database_sync_to_async(table_set_paused)(table=seated[0], paused=True, by=alice)
    assert f'id="tile-{seated[0].id}"' in await comm.receive_from(timeout=20)
    await comm.disconnect()


async def test_a_page_flooding_the_wall_is_told_to_slow_down_and_then_closed(
        robins: Classroom, seated: list[Table], cookies: dict, alice: User,
        monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    """The teacher's sockets keep the pupils' budget (teaching.runtime.pace): a page sending
    fifty messages at once is answered a few times, then "Slow down" once, and the rest are
    never queued; the wall's news still arrives; a page that keeps on is closed with 4429."""
    settings.SOCKET_BUDGET = True
    now = [1000.0]
    monkeypatch.setattr(pace, "clock", lambda: now[0])
    comm = _socket(f"/ws/classes/{robins.id}/wall/", cookies["alice"])
    await comm.connect()
    await comm.receive_from(timeout=20)

    for _ in range(50):
        await comm.send_to(text_data='{"action": "pause"}')
    waiting = sum(1 for message in list(comm.input_queue._queue)  # type: ignore[attr-defined]
                  if message.get("type") == "websocket.receive")
    answers = [await comm.receive_from(timeout=20) for _ in range(pace.BURST + 1)]
    assert waiting <= pace.MAX_PENDING
    assert all("This page only listens." in text for text in answers[:pace.BURST])
    assert pace.SLOW_DOWN in answers[-1]
    assert await comm.receive_nothing(timeout=0.2), "the other 41 were dropped, unanswered"
    await database_sync_to_async(table_set_paused)(table=seated[0], paused=True, by=alice)
    assert f'id="tile-{seated[0].id}"' in await comm.receive_from(timeout=20)

    for _ in range(int(pace.FLOOD_SECONDS / 0.25)):  # it keeps on, for seconds
        now[0] += 0.25
        for _ in range(10):
            await comm.send_to(text_data='{"action": "pause"}')
    texts = []
    while True:
        output = await comm.receive_output(timeout=20)
        if output["type"] == "websocket.close":
            break
        texts.append(output["text"])
    assert output["code"] == pace.FLOODING
    assert pace.CLOSED in texts[-1]


# -- watching a table ------------------------------------------------------------------

@pytest.fixture
def robots_only(robins: Classroom) -> Table:
    Classroom.objects.filter(pk=robins.pk).update(robot_pause_ms=0)
    return seat_table(robins, {}, options={"lesson": 1})


def _cards_shown(html: str) -> int:
    """Different cards on show: every card still held, the trick and the last trick."""
    return len(set(re.findall(r'data-card="([^"]+)"', html)))


async def test_the_teacher_watches_with_every_hand_open(seated: list[Table],
                                                        cookies: dict) -> None:
    comm = _socket(f"/ws/tables/{seated[0].id}/watch/", cookies["alice"])
    connected, _ = await comm.connect()
    assert connected

    html = await comm.receive_from(timeout=20)

    assert html.lstrip().startswith('<section id="watch-board"')
    assert _cards_shown(html) == 52
    await comm.disconnect()


@pytest.mark.parametrize("who", ["eve", "bob", "dave", "visitor"])
async def test_everyone_else_is_refused_the_open_hands(who: str, seated: list[Table],
                                                       cookies: dict) -> None:
    comm = _socket(f"/ws/tables/{seated[0].id}/watch/", cookies[who])

    connected, _ = await comm.connect()

    assert not connected, "a pupil seated at the table must not see the other hands"
    await comm.disconnect()


async def test_the_watch_follows_the_play_and_keeps_the_robots_going(
        robots_only: Table, cookies: dict, alice: User) -> None:
    comm = _socket(f"/ws/tables/{robots_only.id}/watch/", cookies["alice"])
    await comm.connect()
    first = await comm.receive_from(timeout=20)
    assert _cards_shown(first) == 52

    fewer = None
    while fewer is None:
        html = await comm.receive_from(timeout=20)
        if _cards_shown(html) <= 48:
            fewer = html
    await database_sync_to_async(table_set_paused)(table=robots_only, paused=True, by=alice)
    last = ""
    while 'data-paused="true"' not in last:  # frames of robots' cards may come first
        last = await comm.receive_from(timeout=20)
    assert "Paused" in last
    version = await database_sync_to_async(
        lambda: hand_state(current_hand(robots_only)).version)()
    await robots_driver.idle()
    assert version == await database_sync_to_async(
        lambda: hand_state(current_hand(robots_only)).version)(), "robots wait"
    await comm.disconnect()


async def test_a_teacher_who_loses_the_class_is_disconnected(
        alice: User, eve: User, robins: Classroom, seated: list[Table], cookies: dict) -> None:
    from teaching.classes.services import classroom_add_co_teacher, classroom_remove_co_teacher

    await database_sync_to_async(classroom_add_co_teacher)(classroom=robins, email=eve.email,
                                                           by=alice)
    comm = _socket(f"/ws/tables/{seated[0].id}/watch/", cookies["eve"])
    connected, _ = await comm.connect()
    assert connected
    await comm.receive_from(timeout=20)

    await database_sync_to_async(classroom_remove_co_teacher)(classroom=robins, teacher=eve,
                                                              by=alice)
    await database_sync_to_async(table_set_paused)(table=seated[0], paused=True, by=alice)

    output = await comm.receive_output(timeout=5)
    assert output["type"] == "websocket.close"
    await comm.disconnect()


async def test_a_pupil_at_the_table_still_sees_only_their_own_hand(
        seated: list[Table], cookies: dict, bob: Pupil) -> None:
    """The open-hands path is separate: Bob's own socket at the same table is unchanged."""
    comm = _socket(f"/ws/table/{seated[0].id}/", cookies["bob"])
    connected, _ = await comm.connect()
    assert connected
    html = await comm.receive_from(timeout=20)
    own = await database_sync_to_async(
        lambda: hand_state(current_hand(seated[0])).view(Seat.SOUTH).hand)()
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    assert shown <= set(own)
    await comm.disconnect()
