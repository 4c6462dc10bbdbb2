"""Never send a Preference player a card his seat may not see: the other hands, the talon
until it is shown, the declarer's discards, a dropped defender's cards.

Three pupils play whole hands over their sockets (every phase: the auction, the talon, the
discards, the contract, the defenders' choices, kontra, the play) and every frame each
seat receives is scanned as for the other games (tests/teaching/tables/
test_consumers_hidden.py): no card the engine says the seat may not know appears in it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async

from games.seats import Seat
from teaching.models import Hand, Pupil
from teaching.tables import robots_driver
from teaching.tables.services.seating import table_create
from tests.teaching.tables.test_consumers_hidden import _play_hands

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()


@pytest.mark.parametrize("seed", [11, 12])
async def test_no_preference_frame_shows_another_hand_the_hidden_talon_or_the_discards(
    three: dict[Seat, Pupil], robins: Any, seed: int
) -> None:
    table = await database_sync_to_async(table_create)(
        classroom_id=robins.id, name="Preference", game="preference",
        options={"start": 30}, pupils=three)

    checked = await _play_hands(table, three, hands=3, seed=seed, min_frames=3 * 3 * 20)
    # Until a hand went through the talon, the discards and the play, not only passes.
    for more in range(4):
        if await database_sync_to_async(_hands_played_with_the_talon)(table):
            break
        checked += await _play_hands(table, three, hands=2, seed=seed * 10 + more)

    assert checked > 3 * 3 * 20
    assert await database_sync_to_async(_hands_played_with_the_talon)(table) >= 1


def _hands_played_with_the_talon(table: Any) -> int:
    results = Hand.objects.filter(table=table, finished__isnull=False).values_list(
        "result", flat=True)
    return sum(1 for r in results if r and r.get("exchanged") and r.get("played"))
