"""Never send a client a card its seat may not see.

Pupils in every seat play many hands over their sockets, choosing mostly as a
sensible player would and sometimes any legal action at all (claims, answers)
or a wrong one (errors come with a fresh view too). Every frame each seat
receives is checked against the engine's state at that frame's version: no
card that is still in a hand this seat may not see appears in it, neither as
a ``data-card`` attribute nor as a screen-reader label.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from functools import lru_cache
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async

from games.protocol import played_codes
from games.registry import game_entry
from games.robots import robot_for
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Hand, Pupil, Table
from teaching.tables import robots_driver
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.dealing import hand_next
from teaching.tables.services.seating import table_create
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
def four(robins: Any, alice: Any, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    dora, ed = classes.pupils_create(classroom=robins, names="Dora\nEd", by=alice)
    return {Seat.SOUTH: bob, Seat.WEST: carol, Seat.NORTH: dora, Seat.EAST: ed}


@lru_cache(maxsize=4096)
def _hidden(hand_id: int, version: int) -> dict[str, frozenset[str]]:
    """For each seat, the cards still held in hands that seat may not see."""
    hand = Hand.objects.get(pk=hand_id)
    entry = game_entry(hand.game)
    from games.deals import Deal

    game = entry.game_class(entry.rules(**hand.options), Deal.from_data(hand.deal))
    for seat, text in hand.actions.order_by("seq").values_list("seat", "text")[:version]:
        game.apply(Seat(seat), text)
    held = {str(c) for cards in game.current_hands().values() for c in cards}
    played = set(played_codes(game.view(None)))
    # The stock and the discards (Spades' selection deal) stay hidden from everyone.
    held |= {str(c) for c in game.deal.stock} - played
    hidden = {}
    for seat in game.players():
        # What the engine says the seat may know of (its hand, the hands shown, the cards
        # played, a card it is looking at): the conformance test holds every view to it.
        seen = {str(card) for card in game.known_cards(seat)}
        hidden[seat.value] = frozenset(held - seen)
    return hidden


def _check(frames: list[Frame], seat: Seat, table: Table) -> int:
    checked = 0
    for frame in frames:
        assert frame.version is not None and frame.hand is not None
        hand = Hand.objects.get(table=table, number=frame.hand)
        hidden = _hidden(hand.id, frame.version)[seat.value]
        assert not frame.cards & hidden, (seat, frame.version, frame.cards & hidden)
        assert not frame.labelled & hidden, (seat, frame.version, frame.labelled & hidden)
        checked += 1
    return checked


@database_sync_to_async
def _state(table: Table) -> tuple[int, int, list[Seat], dict[str, Any]]:
    hand = current_hand(table)
    game = hand_state(hand)
    to_act = list(game.to_act())
    views = {s.value: game.view(s) for s in to_act}
    return hand.number, game.version, to_act, views


def _choose(view: dict[str, Any], rng: random.Random) -> str:
    legal = view.legal
    roll = rng.random()
    if roll < 0.04:
        return "play SA" if "play SA" not in legal else "hcp 99"  # refused: a fresh view
    if roll < 0.20 and legal and not legal[0].startswith(("hcp", "bid")):
        return rng.choice(legal)  # claims, answers, odd cards
    return robot_for(view.game, "beginner").choose(view, rng)


async def _play_hands(table: Table, pupils: dict[Seat, Pupil], hands: int, seed: int,
                      min_frames: int = 0) -> int:
    """Play ``hands`` hands (more, up to eight, until ``min_frames`` frames were checked: a
    redeal or an early claim makes a hand short) and return the frames checked."""
    rng = random.Random(seed)
    comms = {}
    for seat, pupil in pupils.items():
        comm = communicator(table.id, await database_sync_to_async(session_cookie)(pupil.user))
        connected, _ = await comm.connect()
        assert connected
        comms[seat] = comm
    checked = 0
    for seat, comm in comms.items():
        checked += await database_sync_to_async(_check)([await receive(comm)], seat, table)
    played = 0
    while played < hands or (checked <= min_frames and played < 8):
        number, version, to_act, views = await _state(table)
        if not to_act:
            await database_sync_to_async(hand_next)(
                table=table, after=number, by=pupils[Seat.SOUTH].user)
            for seat, comm in comms.items():
                frames = await receive_until(comm, 0, number + 1)
                checked += await database_sync_to_async(_check)(frames, seat, table)
            played += 1
            continue
        seat = rng.choice(to_act)
        await comms[seat].send_to(text_data=move(_choose(views[seat.value], rng), version))
        first = await receive(comms[seat])
        checked += await database_sync_to_async(_check)([first], seat, table)
        if first.error:
            continue
        for other, comm in comms.items():
            if other != seat:
                frames = await receive_until(comm, version + 1, number)
                checked += await database_sync_to_async(_check)(frames, other, table)
    for comm in comms.values():
        await comm.disconnect()
    return checked


@pytest.mark.parametrize("lesson", [1, 3, 4, 5, 6])
async def test_no_minibridge_frame_shows_a_card_its_seat_may_not_see(
    four: dict[Seat, Pupil], robins: Any, lesson: int
) -> None:
    table = await database_sync_to_async(table_create)(
        classroom_id=robins.id, name="Hidden", game="minibridge", options={"lesson": lesson},
        pupils=four)

    checked = await _play_hands(table, four, hands=2, seed=lesson, min_frames=2 * 4 * 12)

    # Claims and redeals may end a hand early: more hands are played until every
    # seat has seen many frames.
    assert checked > 2 * 4 * 12


@pytest.mark.parametrize("deal_method", ["automatic", "selection"])
async def test_no_spades_frame_shows_the_opponents_cards_the_stock_or_the_discards(
    robins: Any, bob: Pupil, carol: Pupil, deal_method: str
) -> None:
    pupils = {Seat.SOUTH: bob, Seat.NORTH: carol}
    table = await database_sync_to_async(table_create)(
        classroom_id=robins.id, name="Spades", game="spades2",
        options={"deal_method": deal_method}, pupils=pupils)

    checked = await _play_hands(table, pupils, hands=2, seed=7, min_frames=2 * 2 * 26)

    assert checked > 2 * 2 * 26
