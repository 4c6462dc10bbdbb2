"""Robots: players that use the same protocol as people and only their own view.

A robot is given exactly ``game.view(seat)`` (no peeking), so it can never be
stronger because it cheats, and a robot seat can be swapped for a pupil. It
answers with one of ``view["legal"]``.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol


class Robot(Protocol):
    level: str

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        """The action text this robot takes, given its seat's view."""


# game name -> module defining robot_for(level) and LEVELS.
ROBOT_MODULES = {
    "minibridge": "games.robots.minibridge",
    "spades2": "games.robots.spades2",
}


def robot_levels(game: str) -> tuple[str, ...]:
    return tuple(importlib.import_module(ROBOT_MODULES[game]).LEVELS)


def robot_for(game: str, level: str = "beginner", **options: Any) -> Robot:
    """A robot for ``game`` at ``level`` (e.g. ``robot_for("minibridge", "expert")``)."""
    if game not in ROBOT_MODULES:
        raise LookupError(f"no robot plays {game!r}")
    module = importlib.import_module(ROBOT_MODULES[game])
    if level not in module.LEVELS:
        raise LookupError(f"no {level!r} robot for {game} (levels: {', '.join(module.LEVELS)})")
    return module.robot_for(level, **options)
