"""Never send a Piquet player a card he may not see: the other hand, the talon, the other's
discards, what was sunk, untaken cards left concealed (and, for younger, the cards elder
looked at).

Two pupils play whole deals over their sockets (every step: the exchange, the untaken
cards' choice, the declarations and answers, the play, sometimes any legal action or a
refused one) and every frame each seat receives is scanned as for the other games
(tests/teaching/tables/test_consumers_hidden.py), but against the whole pack: every card
of the deal that the engine does not say the seat may know of (``known_cards``) must be
absent, wherever it lies (a hand, the talon, a discard pile).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import lru_cache
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async

from games.deals import Deal
from games.registry import game_entry
from games.seats import Seat
from teaching.models import Hand, Pupil
from teaching.tables import robots_driver
from teaching.tables.services.seating import table_create
from tests.teaching.tables import test_consumers_hidden as hidden_scan

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()


@lru_cache(maxsize=4096)
def _hidden_in_the_pack(hand_id: int, version: int) -> dict[str, frozenset[str]]:
    """For each seat, every card of the deal it may not know of at that version."""
    hand = Hand.objects.get(pk=hand_id)
    entry = game_entry(hand.game)
    deal = Deal.from_data(hand.deal)
    game = entry.game_class(entry.rules(**hand.options), deal)
    for seat, text in hand.actions.order_by("seq").values_list("seat", "text")[:version]:
        game.apply(Seat(seat), text)
    pack = {str(c) for cards in game.dealt.values() for c in cards}
    pack |= {str(c) for c in deal.stock}
    assert len(pack) == 32
    return {seat.value: frozenset(pack - {str(c) for c in game.known_cards(seat)})
            for seat in game.players()}


@pytest.mark.parametrize("seed", [21, 22])
async def test_no_piquet_frame_shows_the_other_hand_the_talon_or_the_discards(
    robins: Any, bob: Pupil, carol: Pupil, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hidden_scan, "_hidden", _hidden_in_the_pack)
    pupils = {Seat.SOUTH: bob, Seat.NORTH: carol}
    table = await database_sync_to_async(table_create)(
        classroom_id=robins.id, name="Piquet", game="piquet", options={}, pupils=pupils)

    checked = await hidden_scan._play_hands(table, pupils, hands=2, seed=seed,
                                            min_frames=2 * 2 * 40)

    assert checked > 2 * 2 * 40
    played = await database_sync_to_async(_deals_played_to_the_end)(table)
    assert played >= 2


def _deals_played_to_the_end(table: Any) -> int:
    results = Hand.objects.filter(table=table, finished__isnull=False).values_list(
        "result", flat=True)
    return sum(1 for r in results if r and sum(r["tricks_won"].values()) == 12)
