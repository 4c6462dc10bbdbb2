"""bench/flood.py in miniature: one table playing beside one flooding socket, a few seconds
against its own daphne, with the budget of messages and the load shedding a school's site
has (the suite turns both off).

The real measurements are in docs/benchmarks.md ("bench/flood.py"); this proves the script
still sets up, floods and reports, and that the flooder is closed as a school's site does.
"""

from __future__ import annotations

import pytest

from tests.bench.scripts import load_script


def test_a_flooding_socket_is_closed_and_the_table_beside_it_plays_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOCKET_BUDGET", "on")
    monkeypatch.setenv("SHED_LAG_MS", "1000")

    code = load_script("flood").main(["--tables", "1", "--flooders", "1", "--seconds", "3",
                                      "--warmup", "1"])

    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 answered busy, 0 timed out" in out
    assert "(code 4429)" in out


def test_a_fifth_flooder_is_refused_as_the_site_would_close_the_first() -> None:
    with pytest.raises(SystemExit):
        load_script("flood").main(["--flooders", "5"])
