"""Tables for the coach's tests: Alice's pupil Bob in South of a MiniBridge table with
robots, brought to his own decision; and a scripted table of four pupils, to play the
same actions on two deals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.deals import Deal
from games.minibridge.pairs import board_redealt
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_start
from tests.teaching.duplicate_helpers import eight_robins  # noqa: F401  (a fixture)
from tests.teaching.table_helpers import (
    deal_one_that_is_played,
    play_until,
    seat_table,
    seat_to_act,
)


def bobs_turn(table: Table, bob: Pupil) -> None:
    """Robots play until Bob (South) is to act."""
    assert play_until(table, {Seat.SOUTH: bob}, lambda: seat_to_act(table) == Seat.SOUTH)


def bobs_card(table: Table, bob: Pupil) -> None:
    """Robots (and Bob, as a careful player) play until Bob is to choose a card."""
    def choosing() -> bool:
        hand = current_hand(table)
        assert hand is not None
        game = hand_state(hand)
        return Seat.SOUTH in game.to_act() and bool(game.view(Seat.SOUTH).card_actions)
    assert play_until(table, {Seat.SOUTH: bob}, choosing)


@pytest.fixture
def bob_table(robins: Classroom, bob: Pupil) -> Table:
    """Bob in South, robots in the other seats, a hand dealt."""
    table = seat_table(robins, {Seat.SOUTH: bob})
    deal_one_that_is_played(table)
    return table


@pytest.fixture
def more_robins(robins: Classroom, alice: User) -> list[Pupil]:
    return classes.pupils_create(classroom=robins, names="Fay\nGus\nHal\nIvy\nJo\nKit",
                                 by=alice)


def four_at(classroom: Classroom, pupils: list[Pupil], name: str) -> dict[Seat, Pupil]:
    seats = dict(zip((Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST), pupils, strict=True))
    seat_table(classroom, dict(seats), name=name)
    return seats


def played_deals() -> Iterator[Deal]:
    return (deal for deal in map(Deal.from_seed, range(200)) if not board_redealt(deal))


def act(table: Table, pupils: dict[Seat, Any], seat: Seat, text: str) -> None:
    hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)


def start(table: Table, deal: Deal) -> None:
    hand_start(table=table, deal=deal)
