"""Tops, the informer's description, the play number and its contracts."""

from __future__ import annotations

import pytest

from games.cards import Suit, cards_from_str
from games.topgame.contract import (
    TopContract,
    contract_choices,
    describe,
    is_passed_out,
    may_double,
    play_number,
    tops,
    tricks_needed,
)


def test_tops_are_aces_kings_and_queens():
    """"tophonours i.e. A,K,Q (to be called "tops" in the sequel)"."""
    assert tops(cards_from_str("SA SK SQ SJ HA DQ C2")) == 5


def test_the_description_names_the_longest_suit_its_length_and_the_tops():
    dummy = cards_from_str("SA S5 HK H9 H8 H7 H6 D5 D4 D3 C2 C3 C4")
    told = describe(dummy)
    assert (told.suit, told.length, told.tops) == (Suit.HEARTS, 5, 2)
    assert str(told) == "H 5 2"


def test_on_a_tie_only_the_highest_ranking_suit_is_told():
    """"In case of a tie this information is given only for the highest ranking suit."\""""
    dummy = cards_from_str("S8 S7 S6 S5 H9 H8 H7 H6 D7 D6 D5 C6 C5")
    assert describe(dummy).suit is Suit.SPADES


def test_the_play_number_is_the_final_bid_plus_dummys_tops():
    """"Add the final bid to the number of tops in dummy. This gives the so called playnumber."\""""
    assert play_number(5, 2) == 7


@pytest.mark.parametrize(("pn", "no_trumps", "suit"), [
    (5, "1NT", "2S"),
    (6, "2NT", "3S"),
    (7, "3NT", "4S"),   # "If for instance the pn is 7 declarer has the choice between
    #                     3 NT and 4 of a suit."
    (8, "4NT", "5S"),
    (9, "5NT", "6S"),
    (10, "6NT", "7S"),
    (11, "7NT", "8S"),  # "the resulting contract may be impossible (like 8 sp)"
    (12, "8NT", "9S"),
])
def test_the_level_is_pn_plus_2_in_no_trumps_and_pn_plus_3_in_a_suit(pn, no_trumps, suit):
    """"The level of the contract is pn + 2 if in NT and pn + 3 otherwise" (in tricks)."""
    choices = contract_choices(pn)
    assert (choices["NT"], choices["S"]) == (no_trumps, suit)
    assert tricks_needed(pn, "NT") == pn + 2 and tricks_needed(pn, "H") == pn + 3


def test_a_play_number_of_four_or_less_passes_the_hand_out():
    """"If the pn is 4 or less the hand is passed out"."""
    assert is_passed_out(4) and is_passed_out(2)
    assert not is_passed_out(5)


def test_above_ten_the_contract_may_not_be_doubled():
    """"when the pn is more than 10 ... These contracts are played but doubling is not
    allowed."\""""
    assert may_double(10)
    assert not may_double(11)


def test_a_contract_reads_like_bridge():
    contract = TopContract.for_play_number(7, "S")
    assert (str(contract), contract.tricks, contract.trumps) == ("4S", 10, Suit.SPADES)
    assert str(TopContract(3, "NT", 2)) == "3NTXX"
    assert TopContract(8, "S").words() == "eight spades (14 tricks)"
