"""Point, sequence and set in a hand, and carte blanche (games/piquet/combinations.py)."""

from __future__ import annotations

from games.cards import Card, cards_from_str
from games.piquet import combinations as combos


def test_point_is_the_longest_suit_and_counts_pips_ace_11_courts_10() -> None:
    """DECLARATIONS: "counting each Ace 11, each court 10, and others at face value"."""
    hand = cards_from_str("SA SK S9 S8 S7 HA HK DQ DJ D9 C8 C7")
    point = combos.best("point", hand)
    assert point is not None and point.size == 5 and point.suit.value == "S"
    assert point.value == 11 + 10 + 9 + 8 + 7
    assert combos.pip_value(Card.from_str("HJ")) == 10


def test_a_sequence_is_a_run_of_three_or_more_in_one_suit() -> None:
    hand = cards_from_str("SA SK SQ SJ S8 HT H9 H8 DA DQ C8 C7")
    found = {c.text() for c in combos.full_declaration("sequence", hand)}
    assert found == {"sequence 4 SA", "sequence 3 HT"}
    assert combos.best("sequence", hand).name() == "a quart"


def test_a_shorter_run_inside_a_longer_one_may_be_declared_sinking_a_card() -> None:
    hand = cards_from_str("SA SK SQ SJ S8 HT H9 H7 DA DQ C8 C7")
    texts = {c.text() for c in combos.sequences(hand)}
    assert {"sequence 4 SA", "sequence 3 SA", "sequence 3 SK"} <= texts


def test_a_set_is_three_or_four_of_a_rank_ten_or_higher() -> None:
    """"Set - three or four cards of the same rank, Ten or higher"."""
    hand = cards_from_str("SA HA DA CA SK HK DK S9 H9 D9 C8 C7")
    texts = {c.text() for c in combos.sets(hand)}
    assert texts == {"set 4 A", "set 3 A", "set 3 K"}  # three nines are no set
    assert [c.name() for c in combos.full_declaration("set", hand)] == [
        "fourteen aces", "three kings"]


def test_a_quatorze_beats_any_trio() -> None:
    quatorze = combos.Combination("set", cards_from_str("ST HT DT CT"))
    trio = combos.Combination("set", cards_from_str("SA HA DA"))
    assert quatorze.keys() > trio.keys()


def test_a_hand_without_king_queen_or_jack_is_carte_blanche() -> None:
    assert combos.is_carte_blanche(cards_from_str("SA ST S9 HA HT H9 DA DT D9 CA CT C9"))
    assert not combos.is_carte_blanche(cards_from_str("SA ST S9 HA HT H9 DA DT D9 CA CT CJ"))


def test_a_declaration_is_read_only_if_the_hand_supports_it() -> None:
    hand = cards_from_str("SA SK SQ SJ S8 HT H9 H8 DA DQ C8 C7")
    assert combos.parse("sequence 4 SA", hand) is not None
    assert combos.parse("sequence 5 SA", hand) is None
    assert combos.parse("point 5 S", hand) is not None
    assert combos.parse("point 6 S", hand) is None
