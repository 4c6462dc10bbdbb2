"""bench/coach.py --game in miniature: one deal of each game with a coach besides
MiniBridge, the hint follower in each seat in turn against the beginner robot.

The real measurements are in docs/benchmarks.md ("bench/coach.py --game"); this proves the
script still plays, checks every hint's reason and reports for each game.
"""

from __future__ import annotations

import pytest

from tests.bench.scripts import load_script


@pytest.mark.parametrize("game", ["spades2", "preference", "piquet"])
def test_the_follower_plays_each_seat_and_no_reason_is_false(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("coach")
    bench.main(["--game", game, "--deals", "1"])  # its status counts the latency too
    report = capsys.readouterr().out
    assert report.startswith(f"{game}: hint follower against the beginner robot, 1 deals")
    assert "false reasons: 0 of " in report


def test_spades_follower_ties_the_beginner_it_follows() -> None:
    """Spades' coach follows Spades' only robot: every hand is a tie (decision 0810)."""
    found = load_script("coach").other_game("spades2", 2, 1, False)
    assert (found["won"], found["lost"], found["tied"]) == (0, 0, found["hands"])
