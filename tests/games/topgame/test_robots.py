"""The Top Game robots: always legal, honest where the rules ask it, and sensible."""

from __future__ import annotations

import random

import pytest

from games.registry import game_entry
from games.topgame import TopGame
from games.topgame.match import deal
from games.topgame.robots import make_robot
from games.topgame.rules import TopGameRules

from .helpers import NORTH_DECLARES, TYPED, E, N, W, hand


def _play(rules: TopGameRules, board: int, robots: dict) -> TopGame:
    rng = random.Random(board)
    game = TopGame(rules, deal(rules, rng, board))
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        action = robots[seat].choose(view, rng) if seat in robots else robots["any"].choose(
            view, rng)
        assert action in view.legal
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("informer", ["announced", "typed"])
def test_the_beginner_plays_legal_whole_hands(informer):
    robot = make_robot("beginner")
    outcomes = set()
    for board in range(1, 121):
        game = _play(TopGameRules(informer=informer), board, {"any": robot})
        result = game.result()
        assert result["penalty"] is None  # it raises when it must and informs truly
        outcomes.add(result["outcome"])
    assert outcomes == {"played", "passed-out"}


def test_the_expert_plays_legal_whole_hands():
    robot = make_robot("expert", budget=None, samples=2)
    for board in range(1, 5):
        game = _play(TYPED, board, {"any": robot})
        assert game.result()["penalty"] is None


def test_every_robot_raises_to_its_tops():
    """North holds five tops and bid three: "he has to raise his bid"."""
    for level in ("beginner", "expert"):
        game = hand(["N bid 3", "E pass", "W pass", "E ask"])
        assert make_robot(level).choose(game.view(N), random.Random(1)) == "raise 5"


def test_the_informer_tells_the_truth():
    game = hand(NORTH_DECLARES, rules=TYPED)
    assert make_robot("beginner").choose(game.view(W), random.Random(1)) == "inform S 4 0"


def test_the_leader_asks():
    game = hand(["N bid 5", "E pass", "W pass"])
    assert make_robot("expert").choose(game.view(E), random.Random(1)) == "ask"


def test_the_expert_doubles_a_contract_it_holds_the_tricks_against():
    """East holds seven tops behind North's five-top bid: 1NT (seven tricks) will fail."""
    game = hand(NORTH_DECLARES + ["N contract 1NT"])
    assert make_robot("expert").choose(game.view(E), random.Random(1)) == "double"


def test_the_expert_runs_from_a_hopeless_doubled_contract_or_keeps_it_cheap():
    game = hand(NORTH_DECLARES + ["N contract 1NT", "E double"])
    assert make_robot("expert").choose(game.view(N), random.Random(1)) != "redouble"


def test_the_registry_makes_both_robots():
    entry = game_entry("topgame")
    assert entry.robots is not None and entry.robots.levels == ("beginner", "expert")
    assert entry.robots.make("expert", budget=0.1).level == "expert"
    with pytest.raises(LookupError):
        entry.robots.make("grandmaster")
