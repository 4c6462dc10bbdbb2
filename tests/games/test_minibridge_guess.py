"""Dummy's guess in MiniBridge (issue 29): "Dummy stays in the game: while dummy, a pupil
may guess declarer's next card and sees after the trick whether declarer chose the same."
Law 8: "Declarer plays both his hand and that of dummy"."""

from __future__ import annotations

from games.minibridge import ENTRY
from games.seats import Seat
from tests.games.test_minibridge_review import PLAYED, finished

#: North declares and South is dummy; at step 6 East has led the three of spades and
#: declarer is to play from dummy; at step 9 dummy is on lead (after winning the trick).
FROM_DUMMY, DUMMY_LEADS = 6, 9


def test_dummy_may_guess_a_card_that_follows_suit_while_declarer_plays_from_dummy() -> None:
    view = finished(PLAYED[:FROM_DUMMY]).view(Seat.SOUTH)
    assert ENTRY.guessable(view) == ("SJ", "S9", "S8", "S7")


def test_on_dummys_lead_any_of_dummys_cards_may_be_guessed() -> None:
    view = finished(PLAYED[:DUMMY_LEADS]).view(Seat.SOUTH)
    assert ENTRY.guessable(view) == view.hand and len(view.hand) == 12


def test_nobody_else_guesses_and_dummy_not_at_other_moments() -> None:
    game = finished(PLAYED[:FROM_DUMMY])
    for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
        assert ENTRY.guessable(game.view(seat)) == ()
    assert ENTRY.guessable(finished(PLAYED[:FROM_DUMMY + 1]).view(Seat.SOUTH)) == ()
    assert ENTRY.guessable(finished(PLAYED[:4]).view(Seat.SOUTH)) == ()  # the contract


def test_the_guess_is_said_in_words() -> None:
    assert ENTRY.guess_said("S7", "S7") == (
        True, "Declarer played the seven of spades, as you guessed.")
    assert ENTRY.guess_said("SJ", "S7")[0] is False
