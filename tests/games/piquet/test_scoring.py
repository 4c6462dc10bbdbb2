"""Piquet's scores as pure functions (games/piquet/scoring.py): the values of the
combinations, the tricks, the cards and capot, repique's order, and the partie."""

from __future__ import annotations

import pytest

from games.cards import cards_from_str
from games.piquet import scoring
from games.piquet.combinations import Combination


def test_the_standard_values_of_sequences_and_sets() -> None:
    """The text gives the combinations no values; ours are the standard ones
    (docs/decisions/0262): tierce 3, quart 4, quint 15, sixieme 16, septieme 17,
    huitieme 18; quatorze 14, trio 3; point 1 a card; carte blanche 10."""
    assert [scoring.sequence_score(n) for n in range(3, 9)] == [3, 4, 15, 16, 17, 18]
    assert scoring.set_score(4) == 14 and scoring.set_score(3) == 3
    assert scoring.point_score(6) == 6
    assert scoring.CARTE_BLANCHE == 10


def test_a_combination_scores_its_value() -> None:
    quint = Combination("sequence", cards_from_str("SA SK SQ SJ ST"))
    assert quint.score() == 15
    assert Combination("set", cards_from_str("SA HA DA CA")).score() == 14


def test_two_quatorzes_and_a_trio_make_31_and_repique_91() -> None:
    """PIQUE, REPIQUE: "a player could score repique on two quatorzes and a trio
    (14+14+3=31, plus 60 for repique 91)"."""
    declared = [("S", 14), ("S", 14), ("S", 3)]
    assert sum(points for _, points in declared) == 31
    assert scoring.repique(declared) == "S"
    assert 31 + scoring.REPIQUE == 91


def test_carte_blanche_reckoned_first_prevents_the_other_s_repique() -> None:
    """"if one player scores for carte blanche, the other cannot score repique,
    even if he makes 30 for point and sequence, as the carte blanche is reckoned
    first"."""
    assert scoring.repique([("N", 10), ("S", 8), ("S", 18), ("S", 4)]) is None


def test_thirty_on_point_and_sequence_is_not_prevented_by_the_other_s_set() -> None:
    """"if there is no carte blanche and one player makes 30 or more on point and
    sequence alone, the other cannot prevent it by scoring for set"."""
    assert scoring.repique([("S", 8), ("S", 18), ("S", 4), ("N", 3)]) == "S"


def test_an_earlier_score_of_the_other_prevents_repique() -> None:
    assert scoring.repique([("N", 4), ("S", 16), ("S", 14)]) is None


@pytest.mark.parametrize(("leader", "winner", "number", "expected"), [
    ("S", "N", 1, {"S": 0, "N": 2}),   # the opponent's lead won: 2
    ("S", "S", 1, {"S": 1}),          # his own first lead won: 1, beside his 1 for leading
    ("S", "S", 2, {"S": 1}),          # his own lead won: 1
    ("N", "S", 12, {"N": 0, "S": 2}),
])
def test_the_text_s_count_of_a_trick(leader: str, winner: str, number: int,
                                     expected: dict[str, int]) -> None:
    """TRICKS: "The winner of a trick scores 1 point if he led to it, or 2 if his
    opponent led to it." """
    points = scoring.trick_points(leader, winner, number, "text")
    assert {k: v for k, v in points.items() if v or k in expected} == expected


def test_the_classical_count_of_a_trick() -> None:
    """1 for each lead (counted as it is led), 1 for winning the opponent's lead,
    1 for the last trick."""
    assert scoring.lead_points(5, "classical") == 1
    assert scoring.lead_points(5, "text") == 0
    assert scoring.lead_points(1, "text") == 1
    assert scoring.trick_points("S", "N", 3, "classical") == {"S": 0, "N": 1}
    assert scoring.trick_points("S", "S", 3, "classical") == {"S": 0}
    assert scoring.trick_points("S", "S", 12, "classical") == {"S": 1}


@pytest.mark.parametrize(("won", "expected"), [
    ({"N": 6, "S": 6}, (None, 0, None)),
    ({"N": 7, "S": 5}, ("N", 10, "the cards")),
    ({"N": 0, "S": 12}, ("S", 40, "capot")),
])
def test_the_cards_and_capot(won: dict[str, int], expected: tuple) -> None:
    """THE CARDS, CAPOT: divided at six each; 10 for more than six; 40 for all
    twelve (instead of the 10)."""
    assert scoring.cards_bonus(won) == expected


def test_a_partie_is_six_deals_and_a_tie_plays_two_more() -> None:
    assert not scoring.partie_over(5, {"N": 100, "S": 50})
    assert scoring.partie_over(6, {"N": 100, "S": 50})
    assert not scoring.partie_over(6, {"N": 100, "S": 100})
    assert not scoring.partie_over(7, {"N": 120, "S": 100})
    assert scoring.partie_over(8, {"N": 120, "S": 100})
    assert not scoring.partie_over(8, {"N": 120, "S": 120})
    assert scoring.partie_over(10, {"N": 121, "S": 120})


def test_the_winner_scores_the_difference_plus_100() -> None:
    """SCORE: "The winner scores the difference between the two players' totals,
    plus 100 for game." """
    assert scoring.partie_score({"N": 160, "S": 120}) == ("N", 140, False)


def test_a_loser_under_100_is_rubiconed_even_if_the_winner_is_under_100_too() -> None:
    """"If the loser has failed to reach 100 he is rubiconed (even if the winner
    also failed to reached it), and the winner scores 100 for game plus the sum
    of the two totals." """
    assert scoring.partie_score({"N": 150, "S": 90}) == ("N", 340, True)
    assert scoring.partie_score({"N": 80, "S": 95}) == ("S", 275, True)


def test_a_tied_partie_has_no_winner_yet() -> None:
    with pytest.raises(ValueError):
        scoring.partie_score({"N": 100, "S": 100})
