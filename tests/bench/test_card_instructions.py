"""bench/card_instructions.py without valgrind: each game's table is prepared and its
actions played through the server's path, and --check judges the figures as it says.

The counts themselves (valgrind, minutes a run) are `make bench-check`'s and
docs/benchmarks.md's; this only proves the script still sets up and plays every game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.scripts import load_script, script_path
from tests.teaching.postgres_helpers import POSTGRES, admin

SCRIPT = script_path("card_instructions")


@pytest.mark.parametrize("game", ["minibridge", "preference", "topgame", "piquet", "spades2"])
def test_each_game_is_prepared_and_played_as_far_as_its_frames(
        game: str, tmp_path: Path) -> None:
    database = tmp_path / "prepared.sqlite3"
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    prepared = subprocess.run(
        [sys.executable, str(SCRIPT), "--play", str(database), "3", game],
        env={**env, "CARD_INSTRUCTIONS_PREPARE": "1"}, capture_output=True, text=True,
        timeout=120, check=False)
    assert prepared.returncode == 0, prepared.stderr[-2000:]
    played = subprocess.run(
        [sys.executable, str(SCRIPT), "--play", str(database), "3", "frames"],
        env={**env, "CARD_INSTRUCTIONS_GAME": game}, capture_output=True, text=True,
        timeout=120, check=False)
    assert played.returncode == 0, played.stderr[-2000:]


def test_the_sockets_stage_sends_each_action_from_a_page_and_hears_four_frames(
        tmp_path: Path) -> None:
    """--sockets' runs: the actions go to four sockets of the site's consumer as the pages
    send them, and each is heard by every seat (a refusal or a missing frame stops it)."""
    database = tmp_path / "prepared.sqlite3"
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "REDIS_URL")}
    prepared = subprocess.run(
        [sys.executable, str(SCRIPT), "--play", str(database), "4", "minibridge"],
        env={**env, "CARD_INSTRUCTIONS_PREPARE": "1"}, capture_output=True, text=True,
        timeout=120, check=False)
    assert prepared.returncode == 0, prepared.stderr[-2000:]
    played = subprocess.run(
        [sys.executable, str(SCRIPT), "--play", str(database), "4", "sockets"],
        env=env, capture_output=True, text=True, timeout=120, check=False)
    assert played.returncode == 0, played.stderr[-2000:]


@pytest.mark.parametrize("stage", ["end:next", "end:step:next"])
def test_a_hands_end_is_played_as_far_as_the_next_deal(tmp_path: Path, stage: str) -> None:
    """--hand-end's runs: a MiniBridge hand's end, its double-dummy table stored and announced
    on the sockets' loop the script runs (as the server's), then "Next deal"; with --steps,
    a run counting one step's own calls alone plays the same way."""
    database = tmp_path / "prepared.sqlite3"
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    prepared = subprocess.run(
        [sys.executable, str(SCRIPT), "--play", str(database), "3", "minibridge"],
        env={**env, "CARD_INSTRUCTIONS_PREPARE": "1"}, capture_output=True, text=True,
        timeout=120, check=False)
    assert prepared.returncode == 0, prepared.stderr[-2000:]
    played = subprocess.run(
        [sys.executable, str(SCRIPT), "--play", str(database), "0", stage],
        env=env, capture_output=True, text=True, timeout=180, check=False)
    assert played.returncode == 0, played.stderr[-2000:]
    assert "could not" not in played.stderr  # no announcement or analysis failed


def test_on_postgresql_each_run_plays_on_its_own_copy_of_the_prepared_database() -> None:
    """--postgres: the table is prepared in a database of its own on the server, and each
    run plays on a copy made from it (as each SQLite run plays on a copy of the file), which
    is dropped afterwards; so is the prepared one."""
    admin().close()  # skips where PostgreSQL does not answer
    module = load_script("card_instructions")
    server = POSTGRES.rsplit("/", 1)[0]
    prepared = f"{server}/card_instructions_test_{os.getpid()}"
    module._postgres(server, f'DROP DATABASE IF EXISTS "{prepared.rsplit("/", 1)[1]}"')
    module._postgres(server, f'CREATE DATABASE "{prepared.rsplit("/", 1)[1]}"')
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    try:
        made = subprocess.run(
            [sys.executable, str(SCRIPT), "--play", prepared, "3", "minibridge"],
            env={**env, "CARD_INSTRUCTIONS_PREPARE": "1"}, capture_output=True, text=True,
            timeout=120, check=False)
        assert made.returncode == 0, made.stderr[-2000:]
        with module._fresh_copy(prepared) as copy:
            assert copy != prepared
            played = subprocess.run(
                [sys.executable, str(SCRIPT), "--play", copy, "3", "frames"],
                env=env, capture_output=True, text=True, timeout=120, check=False)
            assert played.returncode == 0, played.stderr[-2000:]
        with admin() as server_admin:
            names = {row[0] for row in server_admin.execute("SELECT datname FROM pg_database")}
        assert copy.rsplit("/", 1)[1] not in names
    finally:
        module._postgres(server, f'DROP DATABASE IF EXISTS "{prepared.rsplit("/", 1)[1]}"')


def _checked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
             recorded: int, counted: int) -> tuple[int, str]:
    """--check's exit code and words for a card counted at ``counted`` instructions an
    action, recorded at ``recorded``."""
    module = load_script("card_instructions")
    figures = tmp_path / "card_instructions.json"
    figures.write_text(json.dumps({"minibridge": {"actions": 10, "all": recorded}}))
    monkeypatch.setattr(module, "RECORDED", figures)
    monkeypatch.setattr(module, "_count", lambda game, actions, stages: {
        "frames": actions * counted})
    code = module.check([], record=False, actions=None)
    return code, capsys.readouterr().out


def test_check_fails_a_card_more_than_five_percent_dearer_naming_both_figures(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _checked(monkeypatch, tmp_path, capsys, 5_000_000, 5_300_000)

    assert code == 1
    assert "minibridge" in out and "5.30 million" in out and "recorded 5.00" in out
    assert "+6.0%" in out and "FAILED" in out


def test_check_passes_within_five_percent_and_asks_for_a_cheaper_figure_to_be_recorded(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _checked(monkeypatch, tmp_path, capsys, 5_000_000, 5_200_000)[0] == 0

    code, out = _checked(monkeypatch, tmp_path, capsys, 5_000_000, 4_000_000)

    assert code == 0
    assert "-20.0%" in out and "--record --game minibridge" in out
