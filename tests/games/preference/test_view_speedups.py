"""Preference's views are built fast (games/preference/view.py: the parts every seat's
view of one moment shares are worked out once and kept on the game); these tests say
the fast views are the views: at every step of many hands, each seat's view (a seat
without a player too), the unseated view and the open view equal those of the same
hand replayed from its log on a fresh game, of the same game with what it kept
forgotten, and of a copy."""

from __future__ import annotations

import random

import pytest

from games.preference.game import Preference
from games.protocol import SeatView
from games.registry import game_entry, new_game
from games.robots import robot_for
from games.seats import SEATS

ENTRY = game_entry("preference")
SEEDS = 15


def _hand(seed: int) -> Preference:
    rng = random.Random(seed)
    game = new_game("preference", ENTRY.deal(ENTRY.rules(), rng, board=1 + seed % 3))
    assert isinstance(game, Preference)
    return game


def _act(game: Preference, seed: int, rng: random.Random) -> None:
    """One action: a robot's, or in every third hand a random one (reaching the
    exchange's take-backs, kontras and the defenders' every choice)."""
    seat = game.to_act()[0]
    if seed % 3:
        robot = robot_for("preference", "expert" if seed % 2 else "beginner")
        game.apply(seat, robot.choose(game.view(seat), rng))
    else:
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def _views(game: Preference) -> list[SeatView]:
    return [game.view(seat) for seat in (*SEATS, None)] + [game.full_view()]


@pytest.mark.parametrize("seed", range(SEEDS))
def test_every_view_of_every_step_is_the_views_of_a_fresh_game(seed: int) -> None:
    rng = random.Random(1000 + seed)
    game = _hand(seed)
    while True:
        views = _views(game)
        assert _views(game) == views  # asked again: what was kept
        assert _views(Preference.replay(game.rules, game.deal, list(game.log))) == views
        copied = game.copy()
        assert _views(copied) == views
        game._moment = None
        assert _views(game) == views
        if game.is_over():
            break
        _act(game, seed, rng)
        # The copy made before the action is not moved by it, nor by its cache.
        assert _views(copied) == views


def test_a_view_changed_by_its_reader_changes_no_other_view() -> None:
    """Every list and dict a view gave before is its own, or read-only when shared."""
    for seed in range(SEEDS):
        game = _hand(seed)
        rng = random.Random(seed)
        for _ in range(24):
            if game.is_over():
                break
            _act(game, 1, rng)
        if game.play is not None and game.play._quitted:
            break
    else:
        pytest.fail("no hand reached its second trick")
    first, second = (game.view(seat) for seat in game.players()[:2])
    before = (list(second.info["events"]), list(second.info["tricks"]),
              dict(second.hand_sizes), dict(second.info["roles"]))
    first.info["events"].append("changed")
    first.info["tricks"].append({})
    first.hand_sizes["S"] = 99
    first.info["roles"]["S"] = "changed"
    assert (second.info["events"], second.info["tricks"], second.hand_sizes,
            second.info["roles"]) == before
    with pytest.raises(TypeError):
        first.info["tricks"][0]["winner"] = "X"
