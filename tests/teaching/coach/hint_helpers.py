"""Module-level hints for the coach's process to run in tests (it imports them by name)."""

from __future__ import annotations

import os
import time
from dataclasses import replace

from games.protocol import Hint, SeatView
from games.registry import coach_hint


def hint_with_pid(name: str, view: SeatView, seed: str) -> Hint | None:
    """The coach's own hint, its reason saying which process computed it."""
    hint = coach_hint(name, view, seed)
    return hint and replace(hint, reason=f"pid {os.getpid()}: {hint.reason}")


def slow_hint(name: str, view: SeatView, seed: str) -> Hint | None:
    """The coach's own hint, a second late."""
    time.sleep(1.0)
    return coach_hint(name, view, seed)
