"""Whether the teacher's Undo has a trick to take back, for the watch page.

Kept apart from teaching.teacher.services (which imports the selectors) so
the selectors may ask it without an import cycle.
"""

from __future__ import annotations

from games.protocol import Game


def undo_possible(game: Game) -> bool:
    """True when Undo would take back a trick of ``game`` (the hand's current
    state): a card has been played. The game says so itself
    (:meth:`Game.undo_point`), whatever its view shows of quitted tricks."""
    return game.undo_point() is not None
