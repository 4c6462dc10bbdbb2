"""`python -m games play preference` plays whole games and writes a JSON record that
`python -m games check` verifies; a record changed by hand is caught."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.cli import main
from games.preference.cli import parse_robots
from games.preference.record import check_record
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
    # From 10 the refa maximum that follows the start is one (docs/decisions/0751).
    assert record["rules"] == {"start": 10, "refa_max": 1, "refa_under_hat": "none"}
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


def _check(record: dict[str, Any], path: Path, capsys: pytest.CaptureFixture[str]
           ) -> tuple[int, str]:
    """``python -m games check`` on ``record`` written to ``path``: status and output."""
    path.write_text(json.dumps(record))
    capsys.readouterr()
    status = main(["check", str(path)])
    return status, capsys.readouterr().out


def test_a_deal_changed_consistently_is_refused_by_its_seed(
        record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand everyone passed names no card in its actions, result or sheet, so two
    cards swapped between South and East leave the record replaying in order; the seed
    the record names deals other cards, and ``games check`` refuses it."""
    record = json.loads(record_file.read_text())
    hand = next(h for g in record["games"] for h in g["hands"] if h["result"]["passed_out"])
    south, east = hand["deal"]["S"].split(), hand["deal"]["E"].split()
    south[0], east[0] = east[0], south[0]
    hand["deal"]["S"], hand["deal"]["E"] = " ".join(south), " ".join(east)

    status, out = _check(record, tmp_path / "swapped.json", capsys)
    assert status == 1
    assert (f"Hand {hand['hand']}: the cards break section 1 (the deal): they are not the "
            f"ones seed '7' deals for hand {hand['hand']} (South, East differ).") in out
    # Nothing else is wrong: without its seed the record replays in order.
    del record["seed"]
    assert _check(record, tmp_path / "unseeded.json", capsys) == (
        0, "The record is in order.\n")


def test_a_refusal_names_the_hand_the_action_and_the_rule(
        record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A card played out of turn or against the rules is reported with its hand, its
    place in the hand's actions, and the section of the text it breaks."""
    record = json.loads(record_file.read_text())
    hand = next(h for g in record["games"] for h in g["hands"] if h["tricks"])
    index = next(i for i, a in enumerate(hand["actions"])
                 if a.split()[1] == "play" and a.split()[2] != "alone")
    seat = hand["actions"][index].split()[0]
    other = next(s for s in "SEW" if s != seat)
    card = hand["deal"][other].split()[0]
    hand["actions"][index] = f"{seat} play {card}"

    status, out = _check(record, tmp_path / "played.json", capsys)
    assert status == 1
    assert (f"Hand {hand['hand']}: action {index + 1} ('{seat} play {card}') is not allowed "
            "by section 7 (the play): ") in out


def test_refas_written_against_the_hat_rule_are_refused(
        record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand written with a refa the sheet does not give breaks section 9."""
    record = json.loads(record_file.read_text())
    hand = record["games"][0]["hands"][1]
    hand["refas"] = {**hand["refas"], "S": hand["refas"]["S"] + 1}
    status, out = _check(record, tmp_path / "refas.json", capsys)
    assert status == 1
    assert f"Hand {hand['hand']}: the refas break section 9 (refa): the refas waiting" in out
