"""The two-handed Spades robot: it acts legally from its own view only, keeps
good cards, bids what it can count, plays soundly, and beats random play."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path

import pytest

from games import robots
from games.cards import PACK_52, cards_from_str
from games.deals import Deal
from games.seats import Seat
from games.spades2 import PLAYERS, Spades2, Spades2Rules, deal_hand, opponent
from games.spades2 import robots as robot_module
from games.spades2.robots import LEVELS, Spades2Robot, best_bid, estimate_tricks, make_robot

N, S = Seat.NORTH, Seat.SOUTH
ROBOT = make_robot("beginner")
AUTOMATIC = Spades2Rules()
SELECTION = Spades2Rules(deal_method="selection")


def _deal(north: str, south: str, dealer: Seat = S) -> Deal:
    """North leads (South deals) unless told otherwise; the rest is unused."""
    hands = {N: cards_from_str(north), S: cards_from_str(south)}
    held = set(hands[N]) | set(hands[S])
    return Deal(hands, dealer=dealer, stock=tuple(c for c in PACK_52 if c not in held))


def _bid(deal: Deal, rules: Spades2Rules = AUTOMATIC, north: str = "3",
         south: str = "3") -> Spades2:
    game = Spades2(rules, deal)
    bids = {N: north, S: south}
    game.apply(game.first_bidder, f"bid {bids[game.first_bidder]}")
    game.apply(opponent(game.first_bidder), f"bid {bids[opponent(game.first_bidder)]}")
    return game


def _choice(game: Spades2, seat: Seat) -> str:
    return ROBOT.choose(game.view(seat), random.Random(0))


# -- the registry --------------------------------------------------------------------

def test_the_robot_is_found_through_the_robot_registry() -> None:
    assert robots.robot_levels("spades2") == LEVELS == ("beginner",)
    assert isinstance(robots.robot_for("spades2"), Spades2Robot)
    with pytest.raises(LookupError):
        robots.robot_for("spades2", "grandmaster")
    with pytest.raises(LookupError):
        make_robot("grandmaster")


def test_the_robot_module_reads_nothing_but_cards_and_the_view() -> None:
    tree = ast.parse(Path(robot_module.__file__).read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    # The cards, and the view's type: nothing of the game's state machine.
    assert {m for m in imported if m.startswith("games")} <= {"games.cards", "games.protocol"}
    assert "games.spades2" not in imported


# -- selecting -----------------------------------------------------------------------

def _selection_game_looking_at(card: str) -> Spades2:
    pack = cards_from_str(card) + tuple(c for c in PACK_52 if str(c) != card)
    return Spades2(SELECTION, Deal({N: (), S: ()}, dealer=N, stock=pack))


def test_the_robot_takes_the_ace_of_spades_when_it_sees_it() -> None:
    assert _choice(_selection_game_looking_at("SA"), S) == "take"
    assert _choice(_selection_game_looking_at("HA"), S) == "take"


def test_the_robot_rejects_a_low_card_for_the_chance_of_a_better_one() -> None:
    assert _choice(_selection_game_looking_at("C2"), S) == "reject"
    assert _choice(_selection_game_looking_at("H5"), S) == "reject"


def test_the_robot_selects_hands_stronger_than_chance() -> None:
    kept, chance = 0.0, 0.0
    for seed in range(12):
        rng = random.Random(seed)
        game = Spades2(SELECTION, deal_hand(SELECTION, rng))
        while game.phase == "select":
            seat = game.to_act()[0]
            game.apply(seat, ROBOT.choose(game.view(seat), rng) if seat is S else "take")
        kept += estimate_tricks(game.current_hands()[S])
        chance += estimate_tricks(game.current_hands()[N])
    assert kept > chance + 12 * 1.5


# -- bidding -------------------------------------------------------------------------

def test_a_strong_hand_bids_many_tricks_and_a_weak_one_few() -> None:
    strong = _deal("SA SK SQ SJ ST S9 HA HK DA DK CA CK CQ",
                   "S2 H2 H3 H4 H5 D2 D3 D4 D5 C2 C3 C4 C5", dealer=S)
    game = Spades2(AUTOMATIC, strong)
    assert int(_choice(game, N).split()[1]) >= 10
    game.apply(N, "bid 10")
    assert int(_choice(game, S).split()[1]) <= 3


def test_the_robot_bids_under_what_it_expects_to_take() -> None:
    # Being set costs ten a trick, an overtrick earns one: bid below the mean.
    assert best_bid(7.0, 1.8) < 7
    assert best_bid(0.2, 1.8) == 1
    assert best_bid(13.0, 0.5) >= 12


def test_the_robot_bids_a_number_even_when_nil_is_allowed() -> None:
    weak = _deal("SA SK SQ SJ ST S9 HA HK DA DK CA CK CQ",
                 "S2 H2 H3 H4 H5 D2 D3 D4 D5 C2 C3 C4 C5", dealer=N)
    game = Spades2(Spades2Rules(nil=True), weak)
    assert _choice(game, S) != "bid nil" and _choice(game, S).startswith("bid ")


# -- playing -------------------------------------------------------------------------

def test_the_robot_wins_a_trick_as_cheaply_as_it_can() -> None:
    game = _bid(_deal("H5 C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK",
                      "H6 HK SA D2 D3 D4 D5 D6 D7 D8 D9 DT DJ"))
    game.apply(N, "play H5")
    assert _choice(game, S) == "play H6"


def test_the_robot_trumps_with_its_lowest_spade_when_out_of_the_suit_led() -> None:
    game = _bid(_deal("HA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK",
                      "S9 S2 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ"))
    game.apply(N, "play HA")
    assert _choice(game, S) == "play S2"


def test_the_robot_follows_low_when_it_cannot_win() -> None:
    game = _bid(_deal("HA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK",
                      "HK H2 H7 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ"))
    game.apply(N, "play HA")
    assert _choice(game, S) == "play H2"


def test_the_robot_discards_its_lowest_side_card_when_it_cannot_win() -> None:
    game = _bid(_deal("HA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK",
                      "DA DK D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ"))
    game.apply(N, "play HA")
    assert _choice(game, S) == "play D2"


def test_the_robot_leads_a_sure_winner_before_a_low_card() -> None:
    game = _bid(_deal("HA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK",
                      "S9 S2 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ", dealer=N))
    game_n = _bid(_deal("DA HK C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ",
                        "S9 S2 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ"))
    assert _choice(game_n, N) == "play DA"
    assert _choice(game, S) == "play DQ"  # no sure winner: the card most likely to win


def test_against_a_nil_bid_the_robot_plays_under_the_nil_bidders_card() -> None:
    deal = _deal("H9 C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK",
                 "HT H8 H2 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ")
    game = _bid(deal, Spades2Rules(nil=True), north="nil", south="3")
    game.apply(N, "play H9")
    assert _choice(game, S) == "play H8"


def test_the_robot_does_not_change_the_view_and_ignores_the_dice() -> None:
    game = _bid(deal_hand(AUTOMATIC, random.Random(3)))
    view = game.view(game.to_act()[0])
    before = copy.deepcopy(view)
    choices = {ROBOT.choose(view, random.Random(seed)) for seed in range(5)}
    assert view == before and len(choices) == 1


# -- whole hands ---------------------------------------------------------------------

def _play_hand(rules: Spades2Rules, seed: int, players: dict[Seat, object]) -> Spades2:
    rng = random.Random(seed)
    game = Spades2(rules, deal_hand(rules, rng, board=seed % 2 + 1))
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        player = players[seat]
        text = player.choose(view, rng) if player is not None else rng.choice(view.legal)
        assert text in view.legal
        game.apply(seat, text)
    return game


@pytest.mark.parametrize("rules", [Spades2Rules(nil=True), Spades2Rules("selection", True)],
                         ids=["automatic", "selection"])
def test_robots_play_whole_hands_legally_and_make_most_of_their_bids(rules: Spades2Rules) -> None:
    hands = 200 if rules.deal_method == "automatic" else 50
    made = 0
    for seed in range(hands):
        result = _play_hand(rules, seed, {N: ROBOT, S: ROBOT}).result()
        made += sum(result["made"].values())
        assert 0 not in result["bids"].values()
    assert made >= 0.75 * 2 * hands


def test_the_robot_beats_random_play_by_a_wide_margin() -> None:
    robot_points = random_points = 0
    for seed in range(150):
        for robot_seat in PLAYERS:
            seats = {robot_seat: ROBOT, opponent(robot_seat): None}
            scores = _play_hand(AUTOMATIC, seed, seats).result()["scores"]
            robot_points += scores[robot_seat.value]
            random_points += scores[opponent(robot_seat).value]
    assert robot_points - random_points > 300 * 40  # measured: about 80 a hand
