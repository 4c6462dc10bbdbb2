"""Law 18 at a table (issue 14): Robins' table plays a set of two deals; the deal in play
shows the set so far, the table's next deal carries it on, and a table without a set
deals on as before."""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.models import Classroom, Table
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.dealing import hand_start
from teaching.tables.services.robots import robot_act
from tests.teaching.table_helpers import seat_table, view_of

pytestmark = pytest.mark.django_db


def _robots_play_out(table: Table) -> dict:
    for _ in range(300):
        game = hand_state(current_hand(table))
        if game.is_over():
            return dict(game.result())
        robot_act(table_id=table.id)
    raise AssertionError("the robots did not finish the hand")


def _first_played_deal(table: Table) -> dict:
    """The first deal that is not a redeal (Law 6), played out by the robots."""
    for _ in range(5):
        result = _robots_play_out(table)
        if not result["redeal"]:
            return result
        hand_start(table=table, notify=False)
    raise AssertionError("five redeals in a row")


def test_the_next_deal_of_a_set_shows_the_total_so_far(robins: Classroom) -> None:
    table = seat_table(robins, {}, options={"lesson": 5, "set_deals": 2})
    assert view_of(table, Seat.SOUTH).info["set"]["deal"] == 1
    first = _first_played_deal(table)

    hand_start(table=table, notify=False)

    shown = view_of(table, Seat.SOUTH).info["set"]
    assert shown["deal"] == 2 and shown["deals"] == 2
    assert shown["totals"] == first["score"]


def test_a_table_without_a_set_deals_on_as_before(robins: Classroom) -> None:
    table = seat_table(robins, {})
    _robots_play_out(table)

    hand = hand_start(table=table, notify=False)

    table.refresh_from_db()
    assert hand.options == table.options and "set_so_far" not in hand.options
    assert view_of(table, Seat.SOUTH).info["set"] is None
