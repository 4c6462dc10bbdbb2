"""The Top Game's and Preference's views are built fast (games/topgame/view.py and
games/preference/view.py: the parts every seat's view of one moment shares are worked out
once and kept on the game); these tests say the fast views are the views: at every step
of many hands, each seat's view (in Preference a seat without a player too), the
unseated view and the open view equal those of the same hand replayed from its log on a
fresh game, of the same game with what it kept forgotten, and of a copy."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games.preference.game import Preference
from games.protocol import Action, SeatView
from games.registry import game_entry, new_game
from games.robots import robot_for
from games.seats import SEATS, Seat
from games.topgame.game import TopGame

SEEDS = 15


@dataclass(frozen=True)
class Case:
    """What one game's hands differ in."""

    name: str
    kind: type[TopGame] | type[Preference]
    boards: int  # the hands are dealt as boards 1 to ``boards``
    # In the hands of random actions, pass often in the bidding (0.6 where it is legal),
    # so that some hands are passed out.
    pass_often: bool
    # Every seat's view is compared, a seat without a player too; else the players' only.
    every_seat: bool


TOPGAME = Case("topgame", TopGame, boards=6, pass_often=True, every_seat=False)
PREFERENCE = Case("preference", Preference, boards=3, pass_often=False, every_seat=True)
CASES = [TOPGAME, PREFERENCE]


def _hand(case: Case, seed: int) -> TopGame | Preference:
    """A hand of robots' and random actions (random ones reach the Top Game's passed-out
    hands, penalties and redeals a robot avoids, and Preference's take-backs in the
    exchange, kontras and the defenders' every choice)."""
    rng = random.Random(seed)
    entry = game_entry(case.name)
    game = new_game(case.name, entry.deal(entry.rules(), rng, board=1 + seed % case.boards))
    assert isinstance(game, (TopGame, Preference)) and isinstance(game, case.kind)
    return game


def _act(case: Case, game: TopGame | Preference, seed: int, rng: random.Random) -> None:
    """One action: a robot's, or in every third hand a random one."""
    seat = game.to_act()[0]
    if seed % 3:
        robot = robot_for(case.name, "expert" if seed % 2 else "beginner")
        game.apply(seat, robot.choose(game.view(seat), rng))
        return
    legal = game.legal_actions(seat)
    if case.pass_often and "pass" in legal and rng.random() < 0.6:
        game.apply(seat, "pass")
    else:
        game.apply(seat, rng.choice(legal))


def _views(case: Case, game: TopGame | Preference) -> list[SeatView]:
    seats: list[Seat | None] = [*(SEATS if case.every_seat else game.players()), None]
    return [game.view(seat) for seat in seats] + [game.full_view()]


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_every_view_of_every_step_is_the_views_of_a_fresh_game(case: Case, seed: int) -> None:
    rng = random.Random(1000 + seed)
    game = _hand(case, seed)
    while True:
        views = _views(case, game)
        assert _views(case, game) == views  # asked again: what was kept
        fresh = case.kind.replay(game.rules, game.deal, list(game.log))
        assert _views(case, fresh) == views
        copied = game.copy()
        assert _views(case, copied) == views
        game._moment = None
        assert _views(case, game) == views
        if game.is_over():
            break
        _act(case, game, seed, rng)
        # The copy made before the action is not moved by it, nor by its cache.
        assert _views(case, copied) == views


def test_the_top_game_hands_reach_every_end() -> None:
    outcomes = set()
    for seed in range(SEEDS):
        rng = random.Random(1000 + seed)
        game = _hand(TOPGAME, seed)
        while not game.is_over():
            _act(TOPGAME, game, seed, rng)
        outcomes.add(game.result()["outcome"])
    assert {"played", "passed-out"} <= outcomes


def _beginner_played(seed: int, actions: int) -> tuple[TopGame | Preference, random.Random]:
    """A Top Game hand (:func:`_hand`) after its first ``actions`` chosen by the beginner
    robot, and the robot's ``random.Random(seed)`` to go on with."""
    game = _hand(TOPGAME, seed)
    robot = robot_for("topgame", "beginner")
    rng = random.Random(seed)
    for _ in range(actions):
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    return game, rng


def test_a_top_game_copy_moved_on_does_not_move_the_original_views() -> None:
    game, rng = _beginner_played(3, 30)
    robot = robot_for("topgame", "beginner")
    views = _views(TOPGAME, game)
    copied = game.copy()
    for _ in range(6):
        seat = copied.to_act()[0]
        copied.apply(seat, robot.choose(copied.view(seat), rng))
        _views(TOPGAME, copied)
    assert _views(TOPGAME, game) == views
    fresh = TopGame.replay(copied.rules, copied.deal, [Action(a.seat, a.text) for a in copied.log])
    assert _views(TOPGAME, copied) == _views(TOPGAME, fresh)


def test_a_top_game_view_changed_by_its_reader_changes_no_other_view() -> None:
    """Every list and dict a view gave before is its own, or read-only when shared."""
    game, _ = _beginner_played(4, 28)
    first, second = game.view(game.players()[0]), game.view(game.players()[1])
    before = second.info["story"][:], dict(second.hand_sizes), dict(second.tricks_won)
    first.info["story"].append("changed")
    first.info["bids"].append({})
    # Its mappings are shared, read-only: a change is refused, and reaches no other view.
    with pytest.raises(TypeError):
        first.hand_sizes["N"] = 99
    with pytest.raises(TypeError):
        first.tricks_won["NS"] = 99
    first.positions["N"] = "X"
    assert (second.info["story"], second.hand_sizes, second.tricks_won) == (
        before[0], before[1], before[2])
    assert "X" not in second.positions.values()
    with pytest.raises(TypeError):
        first.tricks[0]["winner"] = "X"


def test_a_preference_view_changed_by_its_reader_changes_no_other_view() -> None:
    """Every list and dict a view gave before is its own, or read-only when shared."""
    for seed in range(SEEDS):
        game = _hand(PREFERENCE, seed)
        assert isinstance(game, Preference)
        rng = random.Random(seed)
        for _ in range(24):
            if game.is_over():
                break
            _act(PREFERENCE, game, 1, rng)
        if game.play is not None and game.play._quitted:
            break
    else:
        pytest.fail("no hand reached its second trick")
    first, second = (game.view(seat) for seat in game.players()[:2])
    before = (list(second.info["events"]), list(second.info["tricks"]),
              dict(second.hand_sizes), dict(second.info["roles"]))
    first.info["events"].append("changed")
    first.info["tricks"].append({})
    # Its mappings are shared, read-only: a change is refused, and reaches no other view.
    with pytest.raises(TypeError):
        first.hand_sizes["S"] = 99
    with pytest.raises(TypeError):
        first.info["roles"]["S"] = "changed"
    assert (second.info["events"], second.info["tricks"], second.hand_sizes,
            second.info["roles"]) == before
    with pytest.raises(TypeError):
        first.info["tricks"][0]["winner"] = "X"
