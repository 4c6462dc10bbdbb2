"""Dummy's guess (teaching.coach.services.dummy_guess): "Dummy stays in the game: while
dummy, a pupil may guess declarer's next card and sees after the trick whether declarer
chose the same" (issue 29).

Alice teaches the Robins. Fay, Gus, Hal and Ivy (her pupils) play the golden MiniBridge
hand: Hal in North declares, Fay in South is dummy. At step 6 East has led the three of
spades and Hal is to play from dummy: he plays the seven. Bob (another table) and Dave
(Eve's class) are strangers here.
"""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.coach.services import GuessSaid, HelpRefused, dummy_guess
from teaching.models import Classroom, CoachMode, Pupil, Table
from tests.games.test_minibridge_review import DEAL, PLAYED
from tests.teaching.coach.conftest import act, four_at, start

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
FROM_DUMMY = 6


@pytest.fixture
def golden(robins: Classroom, more_robins: list[Pupil]) -> tuple[Table, dict]:
    """The golden hand played up to and including declarer's card from dummy."""
    pupils = four_at(robins, more_robins[:4], "Golden")
    table = Table.objects.get(name="Golden")
    start(table, DEAL)
    for action in PLAYED[:FROM_DUMMY + 1]:
        act(table, pupils, action.seat, action.text)
    return table, pupils


def _guess(table, pupil, card, version=FROM_DUMMY):
    number = table.hands.order_by("-number")[0].number
    return dummy_guess(user=pupil.user, table=table, hand_number=number, version=version,
                       card=card)


def test_a_right_guess_is_said_so(golden):
    table, pupils = golden
    assert _guess(table, pupils[S], "S7") == GuessSaid(
        True, "Declarer played the seven of spades, as you guessed.")


def test_a_wrong_guess_names_both_cards_in_words(golden):
    table, pupils = golden
    said = _guess(table, pupils[S], "SJ")
    assert said == GuessSaid(
        False, "You guessed the jack of spades; declarer played the seven of spades.")


def test_a_card_dummy_could_not_guess_then_is_refused(golden):
    """Dummy holds spades: a heart could not follow the spade led."""
    table, pupils = golden
    with pytest.raises(HelpRefused) as refused:
        _guess(table, pupils[S], "HQ")
    assert refused.value.status == 409


def test_only_dummy_guesses(golden):
    table, pupils = golden
    for seat in (N, E, W):
        with pytest.raises(HelpRefused) as refused:
            _guess(table, pupils[seat], "S7")
        assert refused.value.status == 409


def test_no_answer_before_declarer_has_played(golden):
    table, pupils = golden
    act(table, pupils, PLAYED[FROM_DUMMY + 1].seat, PLAYED[FROM_DUMMY + 1].text)
    with pytest.raises(HelpRefused) as refused:
        _guess(table, pupils[S], "S7", version=len(PLAYED) + 5)
    assert refused.value.status == 409


def test_the_coach_off_does_not_stop_the_guess(golden, robins):
    """The guess is the game's, not the coach's."""
    table, pupils = golden
    robins.coach_mode = CoachMode.OFF
    robins.save()
    assert _guess(table, pupils[S], "S7").same


def test_strangers_are_refused(golden, bob, carol, dave):
    table, _ = golden
    for stranger in (bob, carol, dave):
        with pytest.raises(HelpRefused) as refused:
            _guess(table, stranger, "S7")
        assert refused.value.status == 404
