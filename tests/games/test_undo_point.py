"""Game.undo_point, the cut of the teacher's Undo, at every point of whole hands of
every game: the trick in progress, or else the last trick completed, is taken back
to just before its lead; before the first card there is nothing to take back."""

from __future__ import annotations

import random

import pytest

from games.protocol import Game, SeatView
from games.registry import catalogue, new_game
from games.robots import robot_for

GAMES = [entry.name for entry in catalogue()]


def _on_table(view: SeatView) -> int:
    return len((view.trick or {}).get("cards") or ())


def _whole_hand(name: str, seed: int) -> tuple[Game, list[Game]]:
    """A hand robots played to its end, and its state after each number of actions."""
    entry = next(e for e in catalogue() if e.name == name)
    rules = entry.rules()
    deal = entry.deal(rules, random.Random(seed), board=1)
    game = new_game(name, deal)
    rng = random.Random(seed)
    states = [game.copy()]
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robot_for(name, "beginner").choose(game.view(seat), rng))
        states.append(game.copy())
    return game, states


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("name", GAMES)
def test_undo_takes_back_the_trick_in_progress_or_the_last_one(name: str, seed: int) -> None:
    _, states = _whole_hand(name, seed)
    views = [s.view(None) for s in states]
    # a hand passed out (or dealt again) ends with no card played: nothing to undo
    first_card = next((k for k, v in enumerate(views) if _on_table(v)), len(views))

    if first_card == len(views):
        assert all(s.undo_point() is None for s in states)
        return
    # Cards leave the hands only to tricks once the play begins (a claim plays none):
    # the cards played so far, and how many make a trick, tell what one undo takes back.
    held = [sum(v.hand_sizes.values()) for v in views]
    per_trick = max(len(v.last_trick["cards"]) for v in views if v.last_trick)

    def played(k: int) -> int:
        return held[first_card - 1] - held[k]

    for k, state in enumerate(states):
        cut = state.undo_point()
        if k < first_card:
            assert cut is None, f"no card played after {k} actions: nothing to take back"
            continue
        done, in_progress = divmod(played(k), per_trick)
        kept = per_trick * (done if in_progress else done - 1)
        assert cut is not None and cut < k
        assert played(cut) == kept, f"after {k} actions: the trick is taken back"
        assert _on_table(views[cut]) == 0 and _on_table(views[cut + 1]) == 1, "cut at a lead"
        assert not states[cut].is_over() and states[cut].to_act()
