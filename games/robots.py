"""Robots: players that use the same protocol as people and only their own view.

A robot is given exactly ``game.view(seat)`` (no peeking), so it can never be
stronger because it cheats, and a robot seat can be swapped for a pupil. It
answers with one of ``view.legal``. Each game's registry entry says which
robots play it (``ENTRY.robots``: the levels, weakest first, and how to make
one); these two functions only ask the registry.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from games.protocol import SeatView
from games.registry import game_entry


class Robot(Protocol):
    level: str

    def choose(self, view: SeatView, rng: random.Random) -> str:
        """The action text this robot takes, given its seat's view."""


def robot_levels(game: str) -> tuple[str, ...]:
    """The levels of ``game``'s robots, weakest first (empty when no robot plays it)."""
    robots = game_entry(game).robots
    return tuple(robots.levels) if robots is not None else ()


def robot_for(game: str, level: str = "beginner", **options: Any) -> Robot:
    """A robot for ``game`` at ``level`` (e.g. ``robot_for("minibridge", "expert")``)."""
    return game_entry(game).robot(level, **options)  # type: ignore[no-any-return]
