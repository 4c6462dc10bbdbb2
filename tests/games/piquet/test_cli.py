"""``python -m games play piquet ... --json FILE`` and ``python -m games check FILE``:
the record round trip, and a record that has been tampered with."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.cli import main
from games.piquet.cli import robot_levels
from games.piquet.record import check_record


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("piquet") / "parties.json"
    assert main(["play", "piquet", "--parties", "2", "--seed", "11", "--robots",
                 "beginner", "--json", str(path)]) == 0
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_a_played_record_names_its_game_rules_robots_and_parties(record) -> None:
    _, data = record
    assert data["game"] == "piquet" and data["format"] == "piquet-record 2"
    assert data["rules"] == {"counting": "text", "first_dealer": "N", "batch": 2}
    assert data["robots"] == {"N": "beginner", "S": "beginner"}
    assert len(data["parties"]) == 2
    for partie in data["parties"]:
        assert partie["over"] and len(partie["deals"]) >= 6
        assert partie["winner"] in ("N", "S") and partie["points"] >= 100


def test_each_deal_is_written_down_in_full(record) -> None:
    _, data = record
    deal = data["parties"][0]["deals"][0]
    assert (deal["deal"], deal["dealer"], deal["elder"], deal["younger"]) == (1, "N", "S", "N")
    assert len(deal["hands"]["N"].split()) == 12 and len(deal["talon"].split()) == 8
    assert list(deal["exchange"]) == ["S", "N"]
    assert len(deal["tricks"]) == 12
    assert sum(e["points"] for e in deal["count"] if e["seat"] == "S") == deal["scores"]["S"]
    assert deal["declarations"][0]["seat"] == "S"


def test_the_same_seed_writes_the_same_record(record, tmp_path: Path) -> None:
    path, data = record
    again = tmp_path / "again.json"
    main(["play", "piquet", "--parties", "2", "--seed", "11", "--robots", "beginner",
          "--json", str(again)])
    assert json.loads(again.read_text(encoding="utf-8")) == data


def test_check_finds_a_record_in_order(record, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = record
    assert check_record(data) == []
    assert main(["check", str(path)]) == 0
    assert "in order" in capsys.readouterr().out


@pytest.mark.parametrize(("where", "change", "complaint"), [
    (("scores", "N"), 1, "the count adds up"),
    (("totals", "S"), 1, "totals"),
    (("tricks", 0, "winner"), None, "trick 1 ("),
    (("actions", 3), "S discard XX", "refused"),
    (("talon",), "C7 C8 C9 CT CJ CQ CK CA", "cannot be read"),
])
def test_check_finds_what_was_changed(record, tmp_path: Path, where: tuple, change,
                                      complaint: str) -> None:
    _, data = record
    changed = copy.deepcopy(data)
    target = changed["parties"][0]["deals"][0]
    for key in where[:-1]:
        target = target[key]
    last = where[-1]
    if change is None:
        target[last] = "N" if target[last] == "S" else "S"
    elif isinstance(change, int):
        target[last] += change
    else:
        target[last] = change
    problems = check_record(changed)
    assert problems and any(complaint in p for p in problems), problems
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed), encoding="utf-8")
    assert main(["check", str(path)]) == 1


def test_the_partie_points_are_recomputed(record) -> None:
    _, data = record
    changed = copy.deepcopy(data)
    changed["parties"][1]["points"] += 10
    assert any("points is" in p for p in check_record(changed))


def test_robots_are_named_north_first() -> None:
    assert robot_levels("expert,beginner") == {"N": "expert", "S": "beginner"}
    assert robot_levels("expert") == {"N": "expert", "S": "expert"}
    with pytest.raises(ValueError, match="--robots"):
        robot_levels("grandmaster")
