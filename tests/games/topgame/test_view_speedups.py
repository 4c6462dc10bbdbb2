"""The Top Game's views are built fast (games/topgame/view.py: the parts every seat's
view of one moment shares are worked out once and kept on the game); these tests say
the fast views are the views: at every step of many hands, each seat's view, the
unseated view and the open view equal those of the same hand replayed from its log
on a fresh game, of the same game with what it kept forgotten, and of a copy."""

from __future__ import annotations

import random

import pytest

from games.protocol import Action, SeatView
from games.registry import game_entry, new_game
from games.robots import robot_for
from games.seats import Seat
from games.topgame.game import OVER, TopGame

ENTRY = game_entry("topgame")
SEEDS = 15


def _act(game: TopGame, seed: int, rng: random.Random) -> None:
    """One action: a robot's, or in every third hand a random one, passing often
    in the bidding so that some hands are passed out."""
    seat = game.to_act()[0]
    if seed % 3:
        robot = robot_for("topgame", "expert" if seed % 2 else "beginner")
        game.apply(seat, robot.choose(game.view(seat), rng))
        return
    legal = game.legal_actions(seat)
    if "pass" in legal and rng.random() < 0.6:
        game.apply(seat, "pass")
    else:
        game.apply(seat, rng.choice(legal))


def _views(game: TopGame) -> list[SeatView]:
    seats: list[Seat | None] = [*game.players(), None]
    return [game.view(seat) for seat in seats] + [game.full_view()]


def _hand(seed: int) -> TopGame:
    """A hand of robots' and random actions (random ones reach the passed-out
    hands, the penalties and the redeals a robot avoids)."""
    rng = random.Random(seed)
    game = new_game("topgame", ENTRY.deal(ENTRY.rules(), rng, board=1 + seed % 6))
    assert isinstance(game, TopGame)
    return game


@pytest.mark.parametrize("seed", range(SEEDS))
def test_every_view_of_every_step_is_the_views_of_a_fresh_game(seed: int) -> None:
    rng = random.Random(1000 + seed)
    game = _hand(seed)
    while True:
        views = _views(game)
        assert _views(game) == views  # asked again: what was kept
        fresh = TopGame.replay(game.rules, game.deal, list(game.log))
        assert _views(fresh) == views
        copied = game.copy()
        assert _views(copied) == views
        game._moment = None
        assert _views(game) == views
        if game.phase == OVER:
            break
        _act(game, seed, rng)
        # The copy made before the action is not moved by it, nor by its cache.
        assert _views(copied) == views


def test_the_hands_reach_every_end() -> None:
    outcomes = set()
    for seed in range(SEEDS):
        rng = random.Random(1000 + seed)
        game = _hand(seed)
        while game.phase != OVER:
            _act(game, seed, rng)
        outcomes.add(game.result()["outcome"])
    assert {"played", "passed-out"} <= outcomes


def test_a_copy_moved_on_does_not_move_the_original_views() -> None:
    game = _hand(3)
    robot = robot_for("topgame", "beginner")
    rng = random.Random(3)
    for _ in range(30):
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    views = _views(game)
    copied = game.copy()
    for _ in range(6):
        seat = copied.to_act()[0]
        copied.apply(seat, robot.choose(copied.view(seat), rng))
        _views(copied)
    assert _views(game) == views
    fresh = TopGame.replay(copied.rules, copied.deal, [Action(a.seat, a.text) for a in copied.log])
    assert _views(copied) == _views(fresh)


def test_a_view_changed_by_its_reader_changes_no_other_view() -> None:
    """Every list and dict a view gave before is its own, or read-only when shared."""
    game = _hand(4)
    robot = robot_for("topgame", "beginner")
    rng = random.Random(4)
    for _ in range(28):
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    first, second = game.view(game.players()[0]), game.view(game.players()[1])
    before = second.info["story"][:], dict(second.hand_sizes), dict(second.tricks_won)
    first.info["story"].append("changed")
    first.info["bids"].append({})
    first.hand_sizes["N"] = 99
    first.tricks_won["NS"] = 99
    first.positions["N"] = "X"
    assert (second.info["story"], second.hand_sizes, second.tricks_won) == (
        before[0], before[1], before[2])
    assert "X" not in second.positions.values()
    with pytest.raises(TypeError):
        first.tricks[0]["winner"] = "X"
