"""bench/card_bytecodes.py: a few actions of a game counted, function by function, and the
same count twice (it is what a change is compared by, in seconds)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.bench.scripts import script_path

SCRIPT = script_path("card_bytecodes")


def _count(*args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    return subprocess.run([sys.executable, str(SCRIPT), *args], env=env, capture_output=True,
                          text=True, timeout=180, check=False)


@pytest.mark.parametrize("game", ["minibridge", "piquet"])
def test_a_games_actions_are_counted_function_by_function_the_same_every_run(game: str) -> None:
    first, second = (_count("--game", game, "--actions", "3", "--top", "5") for _ in range(2))

    assert first.returncode == 0, first.stderr[-2000:]
    total = re.search(r"as far as the frames: ([\d,]+) bytecodes", first.stdout)
    assert total is not None and int(total.group(1).replace(",", "")) > 0
    assert "-- exclusive" in first.stdout and "render_frame" in first.stdout
    assert first.stdout == second.stdout, "an exact count: the same every run"
