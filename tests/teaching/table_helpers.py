"""Helpers for table tests: seat a table, and choose a sensible action for a seat.

A test "pupil" chooses its action the way a robot would, from its own seat's
view only (so a test never needs to know a game's rules to play it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.deals import Deal
from games.minibridge.pairs import board_redealt
from games.protocol import SeatView
from games.robots import robot_for
from games.seats import Seat
from teaching.models import Classroom, Pupil, Table
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.dealing import hand_start
from teaching.tables.services.seating import table_create


def seat_table(classroom: Classroom, pupils: dict[Seat, Pupil | None], *,
               game: str = "minibridge", options: dict[str, Any] | None = None,
               name: str = "Table 1") -> Table:
    """A table of ``classroom`` with those pupils; robots in the other seats."""
    return table_create(
        classroom_id=classroom.id, name=name, game=game,
        options={"lesson": 5} if options is None and game == "minibridge" else (options or {}),
        pupils=pupils,
    )


def deal_one_that_is_played(table: Table) -> None:
    """Deal ``table`` the same MiniBridge hand every time, one that is played rather than
    dealt again at once (Law 6, ``board_redealt``): a random deal ends after the four
    counts now and then."""
    hand_start(table=table, deal=next(
        deal for deal in map(Deal.from_seed, range(100)) if not board_redealt(deal)))


def view_of(table: Table, seat: Seat) -> SeatView:
    hand = current_hand(table)
    assert hand is not None
    return hand_state(hand).view(seat)


def good_action(view: SeatView, seed: int = 0) -> str:
    """What a careful player at this seat would do now (one of ``view.legal``)."""
    return robot_for(view.game, "beginner").choose(view, random.Random(seed))


def seat_to_act(table: Table) -> Seat | None:
    hand = current_hand(table)
    assert hand is not None
    to_act = hand_state(hand).to_act()
    return to_act[0] if to_act else None


def cards_played(table: Table) -> tuple[int, bool]:
    """(tricks completed, whether a card lies on the table now), from the open view."""
    hand = current_hand(table)
    assert hand is not None
    view = hand_state(hand).full_view()
    # A game that turns its quitted tricks face down lists none: count the tricks won.
    done = len(view.tricks) or sum(view.tricks_won.values())
    return done, bool(view.trick and view.trick.get("cards"))


def play_until(table: Table, pupils: dict[Seat, Pupil], until: Callable[[], bool], *,
               most: int = 3000) -> bool:
    """Play ``table``'s hand, each pupil from their own seat's view and robots in the other
    seats, until ``until()`` holds (``True``) or the hand is over without it (``False``)."""
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.robots import robot_act

    for _ in range(most):
        if until():
            return True
        hand = current_hand(table)
        assert hand is not None
        game = hand_state(hand)
        if game.is_over():
            return until()
        to_act = game.to_act()
        mine = next((seat for seat in to_act if seat in pupils), None)
        if mine is not None:
            hand_act(user=pupils[mine].user, table=table, text=good_action(game.view(mine)),
                     seat=mine)
        else:
            assert robot_act(table_id=table.id) is not None, f"no robot acted for {to_act}"
    raise AssertionError("the hand did not reach the moment in time")


def play_out(table: Table, pupils: dict[Seat, Pupil]) -> None:
    """Play ``table``'s hand to its end."""
    def over() -> bool:
        hand = current_hand(table)
        return hand is not None and hand_state(hand).is_over()
    play_until(table, pupils, over)
