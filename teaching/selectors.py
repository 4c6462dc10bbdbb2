"""Reads that pages need, gathered from the database and the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import GameEntry


def game_catalogue() -> list[GameEntry]:
    """Every game the engine offers, with its variants (lessons), in the engine's order."""
    # Imported here, not at the top, so the site starts and its checks run before the engine's
    # registry lands; move it up once games.registry exists on main.
    from games.registry import catalogue

    return list(catalogue())
