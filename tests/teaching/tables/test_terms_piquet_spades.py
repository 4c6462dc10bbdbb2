"""The game's words at a Piquet or two-handed Spades table, each with its one-sentence
explanation a tap away (GameEntry.terms through term()): a pupil taps "talon" or
"Trumps" and reads what it means, without leaving the table."""

from __future__ import annotations

import html as html_lib

import pytest

from games.registry import game_entry
from games.seats import Seat
from teaching.models import Pupil, Table
from teaching.tables import frames, selectors
from teaching.tables.services.acting import hand_act
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of

pytestmark = pytest.mark.django_db
S, N = Seat.SOUTH, Seat.NORTH


def _frame(table: Table, seat: Seat) -> str:
    return frames.render_frame(selectors.seat_view(table=table, seat=seat), table, "")


def _explained(html: str, game: str, word: str, shown: str | None = None) -> bool:
    """Whether the frame shows ``shown`` (the word) with the game's sentence for it."""
    says = html_lib.escape(game_entry(game).terms[word])
    return (f'<summary>{shown or word}</summary><span class="term-says" role="note">{says}'
            in html)


def test_a_piquet_table_explains_elder_younger_and_the_talon(bob: Pupil, carol: Pupil) -> None:
    table = seat_table(bob.classroom, {S: bob, N: carol}, game="piquet")
    seat = seat_to_act(table)
    html = _frame(table, seat)
    assert _explained(html, "piquet", "elder") and _explained(html, "piquet", "younger")
    assert _explained(html, "piquet", "talon", "Talon")
    assert _explained(html, "piquet", "exchange")


def test_a_spades_table_explains_trumps_the_bid_and_the_game_limit(
        bob: Pupil, carol: Pupil) -> None:
    pupils = {S: bob, N: carol}
    table = seat_table(bob.classroom, pupils, game="spades2")
    seat = seat_to_act(table)
    html = _frame(table, seat)
    assert _explained(html, "spades2", "trumps", "Trumps")
    assert _explained(html, "spades2", "bid")
    assert _explained(html, "spades2", "trick", "tricks")
    while (seat := seat_to_act(table)) is not None:
        hand_act(user=pupils[seat].user, table=table, text=good_action(view_of(table, seat)),
                 seat=seat)
    assert _explained(_frame(table, S), "spades2", "game limit")
