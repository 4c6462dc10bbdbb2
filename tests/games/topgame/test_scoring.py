"""The rules text's scoring, sentence by sentence, and its four examples as golden tests."""

from __future__ import annotations

import pytest

from games.topgame import scoring


def test_example_1_four_diamonds_made_with_an_overtrick_undoubled():
    """"1) 4d by A undoubled making with one overtrick is scored as A:10 B:-5 C:-5."\""""
    entry = scoring.contract_entry("A", ("B", "C"), needed=10, taken=11)
    assert entry.scores == {"A": 10, "B": -5, "C": -5}


def test_example_2_the_same_doubled_by_b():
    """"2) Same contract and result but doubled by B gives A:10+3 B:-5-3 C:-5."\""""
    entry = scoring.contract_entry("A", ("B", "C"), needed=10, taken=11, doubled=1, doubler="B")
    assert entry.scores == {"A": 13, "B": -8, "C": -5}


def test_example_3_four_diamonds_two_down():
    """"3) 4d-2 by A will score as A:-4 B:2 C:2."\""""
    entry = scoring.contract_entry("A", ("B", "C"), needed=10, taken=8)
    assert entry.scores == {"A": -4, "B": 2, "C": 2}


def test_example_4_doubled_by_b_redoubled_by_a_one_down():
    """"4) 4d by A doubled by B and redoubled by A goes one down. This gives: A:-6 B:6 C:0."\""""
    entry = scoring.contract_entry("A", ("B", "C"), needed=10, taken=9, doubled=2, doubler="B")
    assert entry.scores == {"A": -6, "B": 6, "C": 0}


@pytest.mark.parametrize(("taken", "points"), [
    (10, 4), (11, 5), (13, 7),   # "If declarer makes his contract he scores 4 points ...
    (9, 0),                      # ... one down is zero points,
    (8, -2),                     # two down is -2
    (7, -4), (0, -4),            # and more than two down is -4. Overtricks are 1 each."
])
def test_each_opponent_pays_the_contract_points(taken, points):
    assert scoring.contract_points(10, taken) == points


def test_a_doubled_contract_that_fails_pays_the_doubler_three_besides():
    """"the doubler pays (receives) 3 (6) points to (from) declarer, while all the
    other scores remain the same": two down doubled by C."""
    entry = scoring.contract_entry("A", ("B", "C"), needed=10, taken=8, doubled=1, doubler="C")
    assert entry.scores == {"A": -7, "B": 2, "C": 5}


def test_a_redoubled_contract_that_makes_costs_the_doubler_six_more():
    entry = scoring.contract_entry("A", ("B", "C"), needed=9, taken=9, doubled=2, doubler="C")
    assert entry.scores == {"A": 14, "B": -4, "C": -10}


def test_not_raising_costs_six_to_each_opponent():
    """"If you do not raise your bid when you need to, your score is always -6."\""""
    assert scoring.no_raise_entry("A", ("B", "C")).scores == {"A": -12, "B": 6, "C": 6}


def test_wrong_information_costs_the_informer_two_to_each_other_player():
    """"If the wrong information about dummy is given, the informer is penalized by -2"."""
    assert scoring.wrong_information_entry("C", ("A", "B")).scores == {"C": -4, "A": 2, "B": 2}


def test_every_entry_adds_up_to_zero():
    with pytest.raises(ValueError, match="zero"):
        scoring.Entry({"A": 1, "B": 0, "C": 0})


def test_only_an_opponent_doubles():
    with pytest.raises(ValueError, match="opponent"):
        scoring.contract_entry("A", ("B", "C"), needed=10, taken=9, doubled=1, doubler="A")
