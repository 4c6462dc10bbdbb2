"""bench/coach_load.py in miniature: two MiniBridge tables playing beside one table where a
pupil presses Help at each of his decisions, a few seconds against its own daphne.

The real measurement (250 tables beside, every game) is in docs/benchmarks.md
("bench/coach_load.py"); this proves the script still sets up, asks, plays the hints and
reports.
"""

from __future__ import annotations

import pytest

from tests.bench.scripts import load_script


def test_a_pupil_gets_a_hint_at_his_decisions_beside_two_tables(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Long enough for two of his decisions on a loaded machine: the robots take 800 ms a move,
    # and in CI, beside the browser tests, 15 s once brought only one. The deal is the same
    # every run, one in which the pupil (South, 17 points to North's 4) declares and plays
    # both hands: on a random deal he was dummy one run in four or so, and a dummy has no
    # decision for the whole hand (in CI, once, one hint in 30 s).
    code = load_script("coach_load").main(["--tables", "2", "--seconds", "30", "--warmup", "1",
                                            "--no-gauge", "--table-seed", "coach-load"])

    out = capsys.readouterr().out
    assert code == 0, out
    line = next(line for line in out.splitlines() if line.strip().startswith("minibridge"))
    hints, _, _, _, refused, errors = line.split()[1:7]
    assert int(hints) >= 2, out  # a hint answered, its action played: the next decision came
    assert (refused, errors) == ("0", "0"), out  # asked only at his own decisions
    assert "2 MiniBridge tables beside it" in out and "errors 0:" in out


def test_help_tables_out_of_reason_are_refused() -> None:
    with pytest.raises(SystemExit):
        load_script("coach_load").main(["--hint-tables", "0"])
