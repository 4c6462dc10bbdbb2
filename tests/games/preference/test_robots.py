"""The robots: legal over many hands, seeing only their own seat's view; the expert's
bidding, exchange and defence judgements; the exact solver against a plain search."""

from __future__ import annotations

import random

import pytest

from games.cards import PACK_32, Suit, cards_from_str
from games.preference.game import Preference, deal_hand
from games.preference.robots import (
    Beginner,
    Expert,
    bettel_risk,
    make_chance,
    make_robot,
    suit_tricks,
)
from games.preference.rules import PLAYERS, PreferenceRules
from games.preference.solver import SUIT_MASKS, Solver, bits_of
from games.registry import game_entry


def _play(levels: dict[str, str], hands: int, seed: int) -> list[Preference]:
    rules = PreferenceRules()
    robots = {seat: make_robot(levels[seat.value]) for seat in PLAYERS}
    played = []
    for number in range(1, hands + 1):
        rng = random.Random(f"{seed}:{number}")
        game = Preference(rules, deal_hand(rules, rng, number))
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            action = robots[seat].choose(view, rng)
            assert action in view.legal
            game.apply(seat, action)
        played.append(game)
    return played


def test_beginners_play_legal_hands_to_the_end() -> None:
    games = _play({"S": "beginner", "E": "beginner", "W": "beginner"}, 60, seed=1)
    assert all(g.is_over() for g in games)
    assert any(not g.result()["passed_out"] and g.result()["played"] for g in games)


def test_experts_play_legal_hands_to_the_end() -> None:
    games = _play({"S": "expert", "E": "beginner", "W": "expert"}, 8, seed=2)
    results = [g.result() for g in games]
    assert all(g.is_over() for g in games)
    assert any(not r["passed_out"] for r in results)


def test_the_registry_makes_both_levels() -> None:
    entry = game_entry("preference")
    assert entry.robots is not None and entry.robots.levels == ("beginner", "expert")
    assert isinstance(entry.robots.make("beginner"), Beginner)
    assert isinstance(entry.robots.make("expert"), Expert)
    with pytest.raises(LookupError):
        make_robot("grandmaster")


def test_a_robot_is_given_only_its_seats_view() -> None:
    """The robot reads a SeatView; it never sees the others' cards (no peeking)."""
    game = Preference(PreferenceRules(), deal_hand(PreferenceRules(), random.Random(3), 1))
    view = game.view(game.to_act()[0])
    assert set(view.hands) == {view.seat}
    assert Expert().choose(view, random.Random(0)) in view.legal


# -- the expert's judgements -----------------------------------------------------------------------

def test_a_long_strong_suit_is_counted_as_six_tricks_or_more() -> None:
    hand = cards_from_str("CA CK CQ CJ CT HA HK DA S7 S8")
    assert suit_tricks(hand, Suit.CLUBS) >= 6.5
    assert make_chance(hand, 5) > 0.9 and make_chance(hand, 2) < 0.1


def test_low_cards_make_a_safe_bettel() -> None:
    safe = cards_from_str("S7 S9 D7 D9 H7 H8 C7 C9 CJ H9")
    risky = cards_from_str("SA SK D7 D9 H7 H8 C7 C9 CJ H9")
    assert bettel_risk(safe) < bettel_risk(risky)
    assert make_chance(safe, 6) > make_chance(risky, 6)


def test_the_expert_bids_game_with_a_hand_that_needs_no_talon() -> None:
    rules = PreferenceRules()
    deal = deal_hand(rules, random.Random(0), 1)
    hands = {PLAYERS[0]: cards_from_str("CA CK CQ CJ CT HA HK DA S7 S8")}
    rest = [c for c in PACK_32 if c not in hands[PLAYERS[0]]]
    hands[PLAYERS[1]], hands[PLAYERS[2]] = tuple(rest[:10]), tuple(rest[10:20])
    game = Preference(rules, type(deal)(hands, dealer=deal.dealer, board=1,
                                        stock=tuple(rest[20:])))
    seat = game.to_act()[0]
    assert seat == PLAYERS[0]
    assert Expert().choose(game.view(seat), random.Random(1)) == "game"


def test_the_expert_discards_to_keep_its_trumps() -> None:
    rules = PreferenceRules()
    twelve = "CA CK CQ CJ C9 HA HK DA S7 S8 H7 D8"
    hands = {PLAYERS[0]: cards_from_str(" ".join(twelve.split()[:10]))}
    rest = [c for c in PACK_32 if c not in cards_from_str(twelve)]
    hands[PLAYERS[1]], hands[PLAYERS[2]] = tuple(rest[:10]), tuple(rest[10:20])
    game = Preference(rules, deal_hand(rules, random.Random(0), 1).__class__(
        hands, dealer=PLAYERS[2], board=1, stock=cards_from_str("H7 D8")))
    game.apply(PLAYERS[0], "bid 2")
    game.apply(PLAYERS[1], "pass")
    game.apply(PLAYERS[2], "pass")
    expert, rng = Expert(), random.Random(0)
    while game.phase in ("exchange", "contract"):
        game.apply(PLAYERS[0], expert.choose(game.view(PLAYERS[0]), rng))
    assert game.contract is not None and game.contract.value == 5
    assert not any(c.suit == Suit.CLUBS for c in game.discards)


# -- the solver ------------------------------------------------------------------------------

def _plain_search(hands: list[int], leader: int, trumps: int | None, declarer: int,
                  bettel: bool, trick: tuple = ()) -> int:
    """Every card tried, nothing remembered: the declarer's tricks with best play."""
    count = len(hands)
    if not any(hands):
        return 0
    player = (leader + len(trick)) % count
    hand = hands[player]
    playable = hand
    if trick:
        led = SUIT_MASKS[(trick[0][1].bit_length() - 1) >> 3]
        trump_mask = SUIT_MASKS[trumps] if trumps is not None else 0
        playable = hand & led or hand & trump_mask or hand
    values = []
    for index in range(32):
        card = 1 << index
        if not playable & card:
            continue
        after = list(hands)
        after[player] ^= card
        played = (*trick, (player, card))
        if len(played) < count:
            values.append(_plain_search(after, leader, trumps, declarer, bettel, played))
            continue
        winner, top = played[0]
        for who, other in played[1:]:
            same_suit = other & SUIT_MASKS[(top.bit_length() - 1) >> 3]
            trump = trumps is not None and other & SUIT_MASKS[trumps] \
                and not top & SUIT_MASKS[trumps]
            if (same_suit and other > top) or trump:
                winner, top = who, other
        won = 1 if winner == declarer else 0
        values.append(1 if won and bettel else
                      won + _plain_search(after, winner, trumps, declarer, bettel))
    maximising = (player == declarer) != bettel
    return max(values) if maximising else min(values)


def test_the_solver_agrees_with_a_plain_search() -> None:
    rng = random.Random(3)
    for _ in range(120):
        players, size = rng.choice([2, 3]), rng.choice([3, 4])
        pack = list(PACK_32)
        rng.shuffle(pack)
        hands = [bits_of(pack[i * size:(i + 1) * size]) for i in range(players)]
        bettel = rng.random() < 0.2
        trumps = None if bettel else rng.choice([0, 1, 2, 3, None])
        declarer, leader = rng.randrange(players), rng.randrange(players)
        expected = _plain_search(hands, leader, trumps, declarer, bettel)
        assert Solver(trumps, declarer, players, bettel=bettel).value(hands, leader) == expected
        for threshold in range(size + 1):
            probe = Solver(trumps, declarer, players, bettel=bettel).value(
                hands, leader, (), threshold - 1, threshold)
            assert (probe >= threshold) == (expected >= threshold)
