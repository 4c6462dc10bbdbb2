"""Cards, suits, ranks and packs: the values every game is built from."""

from __future__ import annotations

import random

import pytest

from games.cards import (
    PACK_32,
    PACK_52,
    Card,
    InvalidCardError,
    Rank,
    Suit,
    cards_from_str,
    cards_to_str,
    hcp,
    shuffled,
    sort_hand,
)


def test_a_card_reads_and_writes_its_own_text() -> None:
    for card in PACK_52:
        assert Card.from_str(str(card)) == card
    assert str(Card.from_str("h10")) == "HT"
    assert str(Card.from_str("♠A")) == "SA"
    assert repr(Card.from_str("SA")) == "Card.from_str('SA')"


@pytest.mark.parametrize("text", ["", "S", "X5", "S1", "SAA", "S11", None, "  "])
def test_nonsense_is_refused_with_a_readable_reason(text: object) -> None:
    with pytest.raises(InvalidCardError):
        Card.from_str(text)  # type: ignore[arg-type]


def test_a_card_read_twice_is_the_same_card_and_nonsense_is_refused_every_time() -> None:
    """Every card played is read from its text: a text read before gives the card it gave
    then (cards never change), and a text refused is refused again, not remembered."""
    assert Card.from_str("h10") is Card.from_str("h10") == Card.from_str("HT")
    for _ in range(2):
        with pytest.raises(InvalidCardError):
            Card.from_str("S1")
        with pytest.raises(InvalidCardError):
            Card.from_str(["SA"])  # type: ignore[arg-type]


def test_high_card_points_follow_law_4() -> None:
    honours = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN]
    assert [rank.hcp for rank in honours] == [4, 3, 2, 1, 0]
    assert hcp(PACK_52) == 40


def test_the_packs_have_52_and_32_different_cards() -> None:
    assert len(set(PACK_52)) == 52
    assert len(set(PACK_32)) == 32
    assert {c.rank for c in PACK_32} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                                         Rank.NINE, Rank.EIGHT, Rank.SEVEN}


def test_suits_rank_clubs_low_to_spades_high() -> None:
    assert sorted(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert Suit.from_str("♥") is Suit.HEARTS and Suit.from_str("spades") is Suit.SPADES


def test_a_hand_sorts_spades_first_and_high_cards_left() -> None:
    hand = cards_from_str("C2 SA HK S3 DQ")
    assert cards_to_str(sort_hand(hand)) == "SA S3 HK DQ C2"


def test_a_copied_game_shares_its_cards_which_never_change() -> None:
    import copy

    card = Card.from_str("SA")
    assert copy.deepcopy(card) is card and hash(card) == hash(Card.from_str("SA"))
    assert {card: 1}[Card(Suit.SPADES, Rank.ACE)] == 1


def test_shuffling_needs_an_explicit_generator_and_repeats_with_its_seed() -> None:
    assert shuffled(PACK_52, random.Random(7)) == shuffled(PACK_52, random.Random(7))
    assert shuffled(PACK_52, random.Random(7)) != shuffled(PACK_52, random.Random(8))
    with pytest.raises(TypeError):
        shuffled(PACK_52, None)  # type: ignore[arg-type]
