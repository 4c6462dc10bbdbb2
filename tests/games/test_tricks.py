"""Trick play with the options the five games need."""

from __future__ import annotations

import random

import pytest

from games.cards import Card, Suit, cards_from_str
from games.deals import Deal
from games.seats import SEATS, Seat
from games.tricks import Trick, TrickPlay, TrickRules

N, E, S, W = SEATS


NO_TRUMPS = TrickRules()


def _play(hands: dict[Seat, str], leader: Seat, rules: TrickRules = NO_TRUMPS,
          players: tuple[Seat, ...] = SEATS) -> TrickPlay:
    return TrickPlay({s: cards_from_str(h) for s, h in hands.items()}, players, leader, rules)


def test_the_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    trick = Trick(N, [(N, Card.from_str("H2")), (E, Card.from_str("SA")),
                      (S, Card.from_str("H9")), (W, Card.from_str("H5"))])
    assert trick.winner(None) is S


def test_the_highest_trump_wins_when_the_suit_led_is_trumped_twice() -> None:
    trick = Trick(N, [(N, Card.from_str("HA")), (E, Card.from_str("S2")),
                      (S, Card.from_str("S9")), (W, Card.from_str("H5"))])
    assert trick.winner(Suit.SPADES) is S


def test_a_player_must_follow_suit_but_need_not_trump_at_bridge() -> None:
    play = _play({N: "H2 C3", E: "HA S2", S: "D4 S9", W: "H5 C7"}, N,
                 TrickRules(trumps=Suit.SPADES))
    play.play(N, Card.from_str("H2"))
    assert play.why_illegal(E, Card.from_str("S2")) == "You must follow suit: play a heart."
    play.play(E, Card.from_str("HA"))
    assert play.legal_cards(S) == list(cards_from_str("S9 D4"))  # void: free to discard


def test_preference_obliges_a_void_player_to_trump() -> None:
    play = _play({N: "H2 C3", E: "D4 S9", W: "H5 C7"}, N,
                 TrickRules(trumps=Suit.SPADES, must_trump=True), players=(N, E, W))
    play.play(N, Card.from_str("H2"))
    assert play.legal_cards(E) == [Card.from_str("S9")]
    assert "must play a trump" in play.why_illegal(E, Card.from_str("D4"))


def test_spades_may_not_be_led_until_broken_unless_only_spades_are_left() -> None:
    rules = TrickRules(trumps=Suit.SPADES, locked_until_broken=Suit.SPADES)
    play = _play({N: "SA H2", S: "S2 H3"}, N, rules, players=(N, S))
    assert play.why_illegal(N, Card.from_str("SA")).startswith("Spades may not be led")
    only_spades = _play({N: "SA SK", S: "S2 H3"}, N, rules, players=(N, S))
    assert only_spades.why_illegal(N, Card.from_str("SA")) is None


def test_the_winner_leads_the_next_trick_and_tricks_are_counted() -> None:
    play = _play({N: "H2 C3", E: "HA C2", S: "H9 C4", W: "H5 C5"}, N)
    for seat, card in zip((N, E, S, W), ("H2", "HA", "H9", "H5"), strict=True):
        completed = play.play(seat, Card.from_str(card))
    assert completed is not None and play.to_play is E and play.won[E] == 1
    assert play.why_illegal(N, Card.from_str("C3")).startswith("It is East's turn")


def test_a_card_not_in_hand_is_refused_and_nothing_changes() -> None:
    play = _play({N: "H2", E: "HA", S: "H9", W: "H5"}, N)
    with pytest.raises(ValueError):
        play.play(N, Card.from_str("SA"))
    assert play.hands[N] == [Card.from_str("H2")] and not play.current.cards


def test_a_revoke_is_possible_only_when_rules_are_not_enforced_and_can_be_taken_back() -> None:
    play = _play({N: "H2 C3", E: "HA C2", S: "H9 C4", W: "H5 C5"}, N)
    play.play(N, Card.from_str("H2"))
    with pytest.raises(ValueError):
        play.play(E, Card.from_str("C2"))
    play.play(E, Card.from_str("C2"), enforce=False)
    assert play.take_back() == (E, Card.from_str("C2"))
    assert Card.from_str("C2") in play.hands[E] and play.to_play is E


def test_random_playouts_conserve_cards_and_every_trick_has_one_winner() -> None:
    rng = random.Random(11)
    for _ in range(300):
        deal = Deal.for_board(rng.randint(1, 16), rng)
        trumps = rng.choice([None, *Suit])
        play = TrickPlay(deal.hands, SEATS, deal.dealer.next, TrickRules(trumps=trumps))
        seen = []
        while not play.is_over():
            seat = play.to_play
            card = rng.choice(play.legal_cards(seat))
            seen.append(card)
            trick = play.play(seat, card)
            if trick is not None:
                assert play.to_play is trick.winner(trumps) or play.is_over()
                assert len({s for s, _ in trick.cards}) == 4
        assert sorted(seen) == sorted(deal.all_cards())
        assert sum(play.won.values()) == 13 == len(play.tricks)


def test_public_data_shows_the_table_but_no_hand() -> None:
    deal = Deal.from_seed(3)
    play = TrickPlay(deal.hands, SEATS, E)
    play.play(E, play.legal_cards(E)[0])
    data = str(play.public_data())
    for seat in SEATS:
        for card in play.hands[seat]:
            assert f"'{card}'" not in data


def test_the_winner_is_the_highest_trump_else_the_highest_card_of_the_suit_led() -> None:
    from games.cards import PACK_52

    rng = random.Random(7)
    for _ in range(2000):
        cards = rng.sample(PACK_52, 4)
        trumps = rng.choice([None, *Suit])
        trick = Trick(SEATS[0], list(zip(SEATS, cards, strict=True)))
        led = cards[0].suit

        def strength(entry, trumps=trumps, led=led):  # Law 11, as a sort key
            card = entry[1]
            return ((2, card.rank) if card.suit == trumps
                    else (1, card.rank) if card.suit == led else (0, 0))

        assert trick.winner(trumps) == max(trick.cards, key=strength)[0]
