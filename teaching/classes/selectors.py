"""Reads that pages need, gathered from the database and the engine."""

from __future__ import annotations

from games.registry import GameEntry, catalogue


def game_catalogue() -> list[GameEntry]:
    """Every game the engine offers, with its variants (lessons), in the engine's order."""
    return list(catalogue())
