"""What a server readies once its port is open (teaching.runtime.warm_up): the solver's
process, every game, every table template; importing the application readies none of
them (tests/teaching/test_asgi.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from teaching.runtime import warm_up

ROOT = Path(__file__).resolve().parents[3]

#: A fresh server's warm-up, the solver's start recorded rather than made: what it readied.
_WARM_UP = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[1])
    import teaching.asgi
    from games.registry import GAME_MODULES
    from teaching.runtime import analysis_process, coach_process, warm_up
    from teaching.tables import frames
    started, coached = [], []
    analysis_process.start_soon = lambda: started.append(True)
    coach_process.start_soon = lambda: coached.append(True)
    compiled = warm_up.warm_up(pause=0)
    print(json.dumps({
        "games": [m for m in GAME_MODULES if m in sys.modules],
        "compiled": compiled,
        "templates": len(frames._env().list_templates()),
        "in_cache": len(frames._env().cache or {}),
        "solver": bool(started),
        "coach": bool(coached),
    }))
""")


def _warmed_up(analyse: str) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    done = subprocess.run(
        [sys.executable, "-c", _WARM_UP, str(ROOT)], cwd=ROOT, capture_output=True, text=True,
        timeout=120, env={**env, "DJANGO_SETTINGS_MODULE": "teaching.settings",
                          "ANALYSE_IN_BACKGROUND": analyse})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_warm_up_starts_the_solver_loads_every_game_and_compiles_every_template() -> None:
    readied = _warmed_up("true")

    assert readied["games"] == ["games.minibridge", "games.spades2", "games.topgame",
                                "games.piquet", "games.preference"]
    assert readied["compiled"] == readied["templates"] == readied["in_cache"]
    assert readied["templates"] >= 10  # the table's regions and every game's parts
    assert readied["solver"] is True
    assert readied["coach"] is True


def test_without_background_analysis_the_warm_up_starts_no_solver() -> None:
    readied = _warmed_up("false")
    assert readied["solver"] is False
    assert readied["coach"] is True  # Help is asked for whatever the analysis


def test_the_warm_up_waits_its_delay_and_is_started_once(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[int] = []
    monkeypatch.setattr(warm_up, "_started", None)

    thread = warm_up.start(delay=0.05, work=lambda: done.append(1) or 0)
    assert warm_up.start(delay=0.05, work=lambda: done.append(2) or 0) is thread
    thread.join(timeout=10)

    assert done == [1] and thread.name == "warm-up" and thread.daemon


def test_a_warm_up_that_fails_leaves_a_line_in_the_log_and_the_server_running(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> int:
        raise OSError("no processes here")

    monkeypatch.setattr(warm_up, "_started", None)

    warm_up.start(delay=0, work=broken).join(timeout=10)

    assert "warming up the server failed" in caplog.text
