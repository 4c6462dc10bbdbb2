"""Never send a Top Game player a card his seat may not see: the other players' hands, and
the dummy until the opening lead (the informer alone looks at it; the declarer gets only
the description).

Three pupils play whole hands over their sockets, every phase (the bidding, the tops
question, the informer's description, typed, sometimes wrong, which redeals, the
contract, the doubles, the play), the players moving seats between hands as the game
says; every frame each pupil receives is scanned as for the other games (tests/teaching/
tables/test_consumers_hidden.py), against the seat that pupil held in that frame's hand.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async

from games.registry import game_entry
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Hand, Pupil, Table
from teaching.tables import robots_driver
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.dealing import hand_next
from teaching.tables.services.seating import table_create
from tests.teaching.tables.test_consumers_hidden import _check
from tests.teaching.ws_helpers import (
    Frame,
    communicator,
    move,
    receive,
    receive_until,
    session_cookie,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()


@pytest.fixture
def three(robins: Any, alice: Any, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    (dora,) = classes.pupils_create(classroom=robins, names="Dora", by=alice)
    return {Seat.SOUTH: bob, Seat.WEST: carol, Seat.EAST: dora}


@database_sync_to_async
def _now(table: Table) -> tuple[int, int, list[Seat], dict[str, Any], dict[int, Seat]]:
    """The hand's number and version, who acts, their views, and each pupil's seat."""
    hand = current_hand(table)
    game = hand_state(hand)
    to_act = list(game.to_act())
    seats = {row.pupil_id: Seat(row.seat) for row in table.seats.all() if row.pupil_id}
    return hand.number, game.version, to_act, {s.value: game.view(s) for s in to_act}, seats


def _choose(view: Any, rng: random.Random) -> str:
    """Mostly as a beginner robot would; sometimes any legal action (a wrong description
    redeals, a bid not raised costs 6), sometimes a refused one (a fresh frame comes back)."""
    roll = rng.random()
    if roll < 0.03:
        return "play SA" if "play SA" not in view.legal else "bid 99"
    if roll < 0.12 and view.phase not in ("play", "bidding"):
        return rng.choice(view.legal)
    return game_entry("topgame").robot("beginner").choose(view, rng)


def _check_by_hand(frames: list[Frame], seat_in: dict[int, Seat], table: Table) -> int:
    checked = 0
    for frame in frames:
        checked += _check([frame], seat_in[frame.hand], table)
    return checked


async def _play(table: Table, pupils: list[Pupil], hands: int, seed: int) -> int:
    rng = random.Random(seed)
    comms = {}
    for pupil in pupils:
        comm = communicator(table.id, await database_sync_to_async(session_cookie)(pupil.user))
        connected, _ = await comm.connect()
        assert connected
        comms[pupil.pk] = comm
    number, version, to_act, views, seats = await _now(table)
    seat_in: dict[int, dict[int, Seat]] = {p.pk: {number: seats[p.pk]} for p in pupils}
    check = database_sync_to_async(_check_by_hand)
    checked = 0
    for pupil in pupils:
        checked += await check([await receive(comms[pupil.pk])], seat_in[pupil.pk], table)
    played = 0
    while played < hands:
        number, version, to_act, views, seats = await _now(table)
        if not to_act:
            await database_sync_to_async(hand_next)(table=table, after=number,
                                                    by=pupils[0].user)
            _, _, _, _, seats = await _now(table)
            for pupil in pupils:
                seat_in[pupil.pk][number + 1] = seats[pupil.pk]
                frames = await receive_until(comms[pupil.pk], 0, number + 1)
                checked += await check(frames, seat_in[pupil.pk], table)
            played += 1
            continue
        seat = to_act[0]
        actor = next(p for p in pupils if seats[p.pk] == seat)
        await comms[actor.pk].send_to(text_data=move(_choose(views[seat.value], rng), version))
        first = await receive(comms[actor.pk])
        checked += await check([first], seat_in[actor.pk], table)
        if first.error:
            continue
        for pupil in pupils:
            if pupil != actor:
                frames = await receive_until(comms[pupil.pk], version + 1, number)
                checked += await check(frames, seat_in[pupil.pk], table)
    for comm in comms.values():
        await comm.disconnect()
    return checked


@pytest.mark.parametrize("informer", ["typed", "announced"])
async def test_no_top_game_frame_shows_another_hand_or_the_dummy_before_the_lead(
    three: dict[Seat, Pupil], robins: Any, informer: str
) -> None:
    table = await database_sync_to_async(table_create)(
        classroom_id=robins.id, name="Top Game", game="topgame",
        options={"informer": informer}, pupils=three)

    checked = await _play(table, list(three.values()), hands=3, seed=len(informer))

    assert checked > 3 * 3 * 20
    played = await database_sync_to_async(_hands_played)(table)
    assert played >= 1  # not only passed out: the dummy went down and the cards were played


def _hands_played(table: Table) -> int:
    results = Hand.objects.filter(table=table, finished__isnull=False).values_list(
        "result", flat=True)
    return sum(1 for r in results if r and r.get("outcome") == "played")
