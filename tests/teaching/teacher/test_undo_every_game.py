"""The teacher's Undo in every game the site offers: before any card, after the
first card, after two tricks and in the middle of the third, it takes back what
its message says and the table replays to the same state."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from games.deals import Deal
from games.protocol import SeatView
from games.registry import catalogue, new_game
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Hand, Table, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.robots import robot_act
from teaching.teacher.selectors import watch
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
GAMES = [entry.name for entry in catalogue()]


@dataclass(frozen=True)
class Point:
    """What the open table showed after ``version`` actions."""

    version: int
    won: int  # tricks completed, as the tricks-won counts add up
    on_table: int  # cards of the trick in progress
    hands: dict[str, tuple[str, ...]]


def _point(hand: Hand) -> Point:
    game = hand_state(hand)
    view = game.full_view()
    return Point(game.version, sum(view.tricks_won.values()), _on_table(view),
                 {s: tuple(sorted(c)) for s, c in view.hands.items()})


def _on_table(view: SeatView) -> int:
    return len((view.trick or {}).get("cards") or ())


def _robots_table(alice: User, game: str) -> Table:
    classroom = classes.classroom_create(owner=alice, name=f"Class of {game}", game=game)
    return seat_table(classroom, {}, game=game)


def _play_until(table: Table, stop) -> list[Point]:
    """Let the robots play until ``stop(point)``; every point the table showed."""
    hand = current_hand(table)
    points = [_point(hand)]
    while not stop(points[-1]):
        assert robot_act(table_id=table.id) is not None, f"the hand ended first: {points[-1]}"
        hand.refresh_from_db()
        points.append(_point(hand))
    return points


def _just_before_lead(points: list[Point], won: int) -> Point:
    """The last point with ``won`` tricks done whose next action led a card."""
    return [p for p, q in zip(points, points[1:], strict=False)
            if p.won == won and q.on_table == 1 and p.on_table != 1][-1]


def _undo(client: Client, table: Table) -> str:
    return client.post(reverse("table_undo", args=[table.id]), **HTMX).content.decode()


def _replays_to_the_same_table(table: Table) -> Point:
    hand = current_hand(table)
    fresh = new_game(hand.game, Deal.from_data(hand.deal), **hand.options)
    for seat, text in hand.actions.order_by("seq").values_list("seat", "text"):
        fresh.apply(Seat(seat), text)
    assert hand_state(hand).full_view() == fresh.full_view()
    return _point(hand)


# -- the phases -----------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_before_any_card_there_is_no_trick_to_undo(alice: User, alice_client: Client,
                                                    game: str) -> None:
    table = _robots_table(alice, game)
    points = _play_until(table, lambda p: p.version >= 1)  # a step before the play
    assert points[-1].on_table == 0 and points[-1].won == 0
    assert not watch(table).can_undo

    message = _undo(alice_client, table)

    assert "no trick to undo" in message
    hand = current_hand(table)
    assert hand.undo_count == 0 and hand.actions.count() == points[-1].version


@pytest.mark.parametrize("game", GAMES)
def test_after_the_first_card_undo_takes_it_back(alice: User, alice_client: Client,
                                                 game: str) -> None:
    table = _robots_table(alice, game)
    points = _play_until(table, lambda p: p.on_table == 1)
    assert watch(table).can_undo

    message = _undo(alice_client, table)

    assert "taken back" in message
    now = _replays_to_the_same_table(table)
    assert now == points[-2], "the leader holds the card again; nothing else changed"


@pytest.mark.parametrize("game", GAMES)
def test_after_two_tricks_undo_takes_back_the_second(alice: User, alice_client: Client,
                                                    game: str) -> None:
    table = _robots_table(alice, game)
    points = _play_until(table, lambda p: p.won == 2)
    assert watch(table).can_undo, "the watch page offers Undo"

    message = _undo(alice_client, table)

    assert "taken back" in message
    now = _replays_to_the_same_table(table)
    assert now.won == 1 and now.on_table == 0
    assert now == _just_before_lead(points, 1)
    table.refresh_from_db()
    assert table.paused


@pytest.mark.parametrize("game", GAMES)
def test_in_the_middle_of_the_third_trick_undo_takes_back_that_trick(
        alice: User, alice_client: Client, game: str) -> None:
    table = _robots_table(alice, game)
    points = _play_until(table, lambda p: p.won == 2 and p.on_table == 1)

    message = _undo(alice_client, table)

    assert "taken back" in message
    now = _replays_to_the_same_table(table)
    assert now.won == 2 and now.on_table == 0
    assert now == _just_before_lead(points, 2)
