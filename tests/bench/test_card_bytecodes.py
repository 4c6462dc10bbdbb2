"""bench/card_bytecodes.py: a few actions of a game counted, function by function, and the
same count twice (it is what a change is compared by, in seconds)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.bench.scripts import script_path
from tests.teaching.postgres_helpers import POSTGRES, admin
from tests.teaching.scaled_helpers import REDIS, redis_answers

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


def test_the_sockets_stage_counts_the_consumers_and_their_sends_too() -> None:
    counted = _count("--actions", "3", "--stage", "sockets", "--top", "400")

    assert counted.returncode == 0, counted.stderr[-2000:]
    assert "as far as the sockets:" in counted.stdout
    # The card's own work, and the consumer around it sending each seat its frame.
    assert "render_frame" in counted.stdout and "(table_frames)" in counted.stdout


def test_a_scaled_workers_sockets_are_counted_on_postgresql_and_redis() -> None:
    """With --postgres and --redis, as a scaled worker's card: the database thread's work
    (psycopg's) and the Redis layer's are in the count."""
    admin().close()  # skips where PostgreSQL does not answer
    redis_answers()
    server = POSTGRES.rsplit("/", 1)[0]

    counted = _count("--actions", "3", "--stage", "sockets", "--top", "600",
                     "--postgres", server, "--redis", REDIS)

    assert counted.returncode == 0, counted.stderr[-2000:]
    assert "psycopg/" in counted.stdout and "channels_redis/" in counted.stdout
    with admin() as database:  # the run's database is dropped afterwards
        left = database.execute(
            "SELECT count(*) FROM pg_database WHERE datname LIKE 'card_bytecodes_%'").fetchone()
    assert left == (0,)
