"""A card never loads the double-dummy solver (issue 30): what the server asks of a game at
every frame (its seats' views and dummy's guess, ``GameEntry.guessable``) imports neither
endplay nor numpy. The solver is about 80 MB of the server's memory, and its numpy starts
idle threads; it belongs to the hand's end (the analysis, in its own process), the coach's
process and the review a pupil asks for.

Run in a new interpreter: this one has loaded the solver for other tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.registry import catalogue

ROOT = Path(__file__).resolve().parents[2]

#: A whole hand of ``name`` (the first of fixed seeds that is played) played by its beginner
#: robot, every seat's view and dummy's guess asked for at every step, as the frames ask.
PLAYOUT = """
import random, sys
from games.registry import game_entry, new_game
from games.robots import robot_for
from games.deals import Deal
entry = game_entry({name!r})
rules = entry.rules()
robot, rng = robot_for({name!r}, "beginner"), random.Random(1)
for seed in range(7, 57):  # a deal that is played, not one dealt again at once (Law 6)
    game = new_game({name!r}, entry.deal(rules, random.Random(seed), board=1) if entry.deal
                    else Deal.from_seed(seed))
    steps = 0
    while not game.is_over() and steps < 400:
        for seat in game.players():
            entry.guessable(game.view(seat))
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
        steps += 1
    if steps > 10:
        break
loaded = sorted(m for m in ("endplay", "numpy") if m in sys.modules)
print(steps, " ".join(loaded) or "-")
"""


@pytest.mark.parametrize("name", [entry.name for entry in catalogue()])
def test_a_whole_hand_of_frames_loads_no_solver(name: str) -> None:
    run = subprocess.run([sys.executable, "-c", PLAYOUT.format(name=name)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    steps, *loaded = run.stdout.split()
    assert int(steps) > 10
    assert loaded == ["-"], f"{name}'s frames loaded {' and '.join(loaded)}"
