"""What the coaches of Spades, Preference, the Top Game and Piquet share (issue 29;
docs/decisions/0810): the robot's choice from the pupil's seat view, given with the first
idea of the game's that is true of it, else a plain reason.

An :class:`Idea` is one piece of a game's advice: its stable key, the rule text's words
it stands on, and a checker that gives the reason's words for an action in a view, or
``None`` where the idea is not true of it, so that a coach never gives a false reason.
MiniBridge's coach reads the robots' own reading of a view instead, with the booklet's
lessons (games/bridge/card_ideas.py). This module imports no game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.protocol import Hint, SeatView

#: The plain reason's key, when no idea of the game's is true of the robot's choice.
BEST_PLAY = "best-play"

Check = Callable[[SeatView, str], "str | None"]


@dataclass(frozen=True)
class Idea:
    """One piece of advice: its stable key, the rule text's words it stands on, and the
    checker that says whether it is true of an action in a position."""

    key: str
    quote: str
    check: Check


def by_key(ideas: Sequence[Idea]) -> dict[str, Idea]:
    """Every idea by its key (the registry, the tests and the bench look them up so)."""
    return {idea.key: idea for idea in ideas}


def is_true(ideas: Mapping[str, Idea], idea_key: str, view: SeatView, action: str) -> bool:
    """Whether the idea ``idea_key`` is true of ``action`` in ``view`` (the plain reason
    always is, for a legal action): what the tests and the bench ask of every hint."""
    if idea_key == BEST_PLAY:
        return action in view.legal
    return ideas[idea_key].check(view, action) is not None


class RobotCoach:
    """A coach that hints the robot's choice. A game's coach gives its ``ideas`` (the
    first true one is the reason), its ``plain_reason`` and how the robot chooses
    (``choose``); a robot given to the constructor chooses instead (the tests')."""

    ideas: Sequence[Idea] = ()

    def __init__(self, robot: object = None) -> None:
        self._robot = robot

    def choose(self, view: SeatView, rng: random.Random) -> str:
        raise NotImplementedError

    def plain_reason(self, view: SeatView, action: str) -> str:
        raise NotImplementedError

    def hint(self, view: SeatView, rng: random.Random) -> Hint | None:
        if not view.legal:
            return None
        if self._robot is not None:
            action = str(self._robot.choose(view, rng))  # type: ignore[attr-defined]
        else:
            action = self.choose(view, rng)
        if action not in view.legal:
            return None
        for idea in self.ideas:
            words = idea.check(view, action)
            if words is not None:
                return Hint(action, words, idea.key, None)
        return Hint(action, self.plain_reason(view, action), BEST_PLAY, None)
