"""`python -m games play preference` plays whole games and writes a JSON record that
`python -m games check` verifies; a record changed by hand is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.cli import main
from games.preference.checker import check_record
from games.preference.cli import parse_robots
from games.seats import Seat


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("preference") / "games.json"
    assert main(["play", "preference", "--games", "2", "--seed", "7", "--robots", "beginner",
                 "--start", "10", "--json", str(path)]) == 0
    return path


def test_it_plays_whole_games_to_their_final_reckoning(record_file: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    record = json.loads(record_file.read_text())
    assert record["game"] == "preference" and record["format"] == "preference-record 1"
    assert [g["number"] for g in record["games"]] == [1, 2]
    for game in record["games"]:
        assert game["over"] and sum(e["total"] for e in game["final"].values()) == 0
        assert game["hands"][-1]["sheet"]["sum"] == 0
    numbers = [h["hand"] for g in record["games"] for h in g["hands"]]
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_hand_is_written_down_whole(record_file: Path) -> None:
    hand = next(h for g in json.loads(record_file.read_text())["games"] for h in g["hands"]
                if h["tricks"])
    assert set(hand) == {"hand", "game", "dealer", "deal", "refas", "actions", "tricks",
                         "result", "sheet"}
    assert set(hand["deal"]) == {"S", "E", "W", "talon"}
    assert {"number", "leader", "cards", "winner"} == set(hand["tricks"][0])
    assert {"changes", "bulas", "lines", "after", "sum"} <= set(hand["sheet"])


def test_the_check_command_finds_the_record_in_order(record_file: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert main(["check", str(record_file)]) == 0
    assert "The record is in order." in capsys.readouterr().out


def test_a_changed_score_or_card_is_caught(record_file: Path) -> None:
    record = json.loads(record_file.read_text())
    played = [h for g in record["games"] for h in g["hands"] if h["tricks"]]
    played[0]["sheet"]["after"]["S"]["score"] += 1
    plays = [i for i, a in enumerate(played[1]["actions"]) if " play " in a]
    seat, _, card = played[1]["actions"][plays[0]].split()
    played[1]["actions"][plays[0]] = f"{seat} play {'SA' if card != 'SA' else 'SK'}"
    problems = check_record(record)
    assert any("the sheet after the hand" in p for p in problems)
    assert any("is not allowed" in p for p in problems)


def test_the_robots_are_named_for_every_seat_or_each() -> None:
    assert parse_robots("expert") == {Seat.SOUTH: "expert", Seat.EAST: "expert",
                                      Seat.WEST: "expert"}
    assert parse_robots("S=expert,E=beginner,W=beginner")[Seat.EAST] == "beginner"
    with pytest.raises(ValueError, match="no 'clever' robot"):
        parse_robots("clever")
