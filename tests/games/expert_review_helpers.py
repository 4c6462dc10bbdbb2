"""Hands for the tests of the reviews measured against the expert (games/review.py):
played by the game's strongest robot at every seat, the pupil (the first player) once
choosing otherwise."""

from __future__ import annotations

import random
from typing import Any

from games.protocol import Game
from games.registry import game_entry


def expert_hand(name: str, seed: int, deviation: tuple[int, str] | None = None
                ) -> tuple[Any, Game]:
    """The game's entry and a finished hand of deal ``seed``: at every action the expert's
    choice (asked with the seed the review asks it with, the action's step), but at step
    ``deviation[0]`` the action ``deviation[1]``."""
    entry = game_entry(name)
    expert = entry.robot(entry.robots.levels[-1])
    rules = entry.rules()
    game: Game = entry.game_class(rules, entry.deal(rules, random.Random(seed), 1))
    while not game.is_over():
        seat, step = game.to_act()[0], len(game.log)
        if deviation is not None and step == deviation[0]:
            game.apply(seat, deviation[1])
        else:
            game.apply(seat, expert.choose(game.view(seat), random.Random(step)))
    return entry, game


def check_golden(name: str, seed: int, step: int, chosen: str, better: str) -> None:
    """The pupil's ``chosen`` at ``step`` is reviewed as costing points against the
    expert's ``better``, said in words; a hand the pupil played as the expert has
    nothing to review; no other seat's review names his choice."""
    entry, game = expert_hand(name, seed, (step, chosen))
    pupil = game.log[step].seat
    assert game.log[step].text == chosen
    review = entry.review_hand(game.rules, game.deal, game.log, pupil)
    assert [c.step for c in review.choices] == [step], review
    (choice,) = review.choices
    assert (choice.chosen, choice.better, choice.unit) == (chosen, better, "points")
    assert choice.cost > 0 and choice.idea is None
    assert choice.reason.startswith("The expert would have chosen ")
    for seat in game.players():
        if seat != pupil:
            other = entry.review_hand(game.rules, game.deal, game.log, seat)
            assert all(game.log[c.step].seat == seat for c in other.choices)
    entry, perfect = expert_hand(name, seed)
    assert perfect.log[step].text == better
    assert entry.review_hand(perfect.rules, perfect.deal, perfect.log, pupil).perfect
