"""``python -m games check`` on a Piquet record that has been tampered with so
that everything else still agrees: each change is refused, and the refusal
names the partie, the deal, the action and the rule it breaks; the record as
played passes."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.cli import main
from games.piquet.cli import play_parties
from games.piquet.record import check_record, summary
from games.piquet.rules import PiquetRules
from games.piquet.scoring import standing

PIQUE = ("PIQUE, REPIQUE: \"Elder, however, can score 30 for pique if he reaches 30 during "
         "the trick play and younger still has yet to score.\"")
TRICKS = ("TRICKS: \"The winner of a trick scores 1 point if he led to it, or 2 if his "
          "opponent led to it.\"")


@pytest.fixture(scope="module")
def text_record() -> dict[str, Any]:
    return play_parties(PiquetRules(), "11", 2, {"N": "beginner", "S": "beginner"})


@pytest.fixture(scope="module")
def classical_record() -> dict[str, Any]:
    """Seed 13, deal 6: North (elder) has 29 after trick one; his lead to trick 2
    brings him to 30 and South wins that trick."""
    return play_parties(PiquetRules(counting="classical"), "13", 1,
                        {"N": "beginner", "S": "beginner"})


def _checked_by_the_command(record: dict[str, Any], tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status = main(["check", str(path)])
    return status, capsys.readouterr().out


def _made_consistent(record: dict[str, Any]) -> dict[str, Any]:
    """After a deal's count was changed: every running total, each deal's scores
    and totals, each partie's sheet and the summary made to agree with it, as a
    careful forger would."""
    rules = PiquetRules.from_options(**record["rules"])
    for partie in record["parties"]:
        results = []
        for deal in partie["deals"]:
            running = {"N": 0, "S": 0}
            for entry in deal["count"]:
                running[entry["seat"]] += entry["points"]
                entry["total"] = running[entry["seat"]]
                entry["says"] = f"{entry['says'].rsplit(', ', 1)[0]}, {entry['total']}"
            deal["scores"] = dict(running)
            results.append({"scores": dict(running)})
            deal["totals"] = standing(rules, results)["totals"]
        sheet = standing(rules, results)
        partie.update({key: sheet[key] for key in ("totals", "over", "winner", "points",
                                                   "rubicon")})
    record["summary"] = summary(record["parties"])
    return record


def test_the_records_as_played_are_in_order(text_record, classical_record, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert check_record(text_record) == []
    assert check_record(classical_record) == []
    assert _checked_by_the_command(classical_record, tmp_path, capsys) == (
        0, "The record is in order.\n")


def test_a_pique_left_out_at_elder_s_lead_point_is_refused_with_its_deal_action_and_rule(
        classical_record, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"Elder, however, can score 30 for pique if he reaches 30 during the trick
    play and younger still has yet to score." The record the engine wrote before
    issue 28: no pique at the lead, every total made to agree."""
    forged = copy.deepcopy(classical_record)
    deal = forged["parties"][0]["deals"][5]
    assert [e["kind"] for e in deal["count"]].count("pique") == 1
    deal["count"] = [e for e in deal["count"] if e["kind"] != "pique"]
    deal["pique"] = None
    _made_consistent(forged)
    problems = check_record(forged)
    assert problems[0] == (
        "partie 1, deal 6, action 22 (elder North's 'play HQ', the lead to trick 2): pique "
        "is not scored where North (elder) reaches 30 while South has scored nothing: the "
        f"count writes South 1 for the trick at action 23 ({PIQUE})")
    status, out = _checked_by_the_command(forged, tmp_path, capsys)
    assert status == 1 and problems[0] in out


def test_trick_one_counted_as_elder_s_lead_point_is_refused(
        text_record, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """DECLARATIONS: elder "adds one point 'for leading'"; TRICKS: "The winner of a
    trick scores 1 point if he led to it". A record counting issue 17's way (no
    point for elder winning his own first lead) is refused."""
    forged = copy.deepcopy(text_record)
    deal = forged["parties"][0]["deals"][0]
    first_trick = next(i for i, e in enumerate(deal["count"]) if e["kind"] == "trick")
    assert deal["count"][first_trick]["seat"] == deal["elder"] == "S"
    del deal["count"][first_trick]
    _made_consistent(forged)
    problems = check_record(forged)
    assert problems[0].startswith("partie 1, deal 1, action ")
    assert "(younger North's 'play " in problems[0] and "trick 1):" in problems[0]
    assert "South 1 for the trick is scored here, but the count writes " in problems[0]
    assert problems[0].endswith(f"({TRICKS})")
    assert _checked_by_the_command(forged, tmp_path, capsys)[0] == 1


def test_a_changed_summary_is_refused(text_record) -> None:
    forged = copy.deepcopy(text_record)
    forged["summary"]["partie_points"]["N"] += 5
    problems = check_record(forged)
    assert len(problems) == 1 and problems[0].startswith("summary: it is written")


def test_a_changed_partie_number_is_refused(text_record) -> None:
    forged = copy.deepcopy(text_record)
    forged["parties"][1]["partie"] = 3
    assert check_record(forged) == [
        "partie 2: it is numbered 3, but it is partie 2 of the record (the record: parties "
        "are numbered 1, 2, ... and deals 1, 2, ... across them)"]


def test_a_changed_seed_is_refused(text_record) -> None:
    """Where a record names its seed, every hand is dealt again from it."""
    forged = copy.deepcopy(text_record)
    forged["seed"] = "12"
    problems = check_record(forged)
    assert problems[0].startswith("partie 1, deal 1: North's hand and South's hand and the "
                                  "talon differ from what the seed '12' deals (North ")
    assert problems[-1].startswith("the cards of deals 2, 3, 4,")


@pytest.mark.parametrize("robots", [{"N": "expert", "S": "beginner"},
                                    {"N": "beginner", "S": "expert"}])
def test_changed_robots_are_refused_at_the_first_action_they_would_not_take(
        text_record, robots: dict[str, str]) -> None:
    forged = copy.deepcopy(text_record)
    forged["robots"] = robots
    problems = check_record(forged)
    assert len(problems) == 2
    assert problems[0].startswith("partie 1, deal ")
    assert "the expert robot the record names for" in problems[0]
    assert "the robots, the seed or the actions were changed" in problems[0]
    assert problems[1].startswith("the actions of deals ")


@pytest.mark.parametrize("robots", [None, {"N": "beginner"}, {"N": "grand", "S": "beginner"}])
def test_robots_that_name_no_robot_are_refused(text_record, robots) -> None:
    forged = copy.deepcopy(text_record)
    forged["robots"] = robots
    assert check_record(forged)[0].startswith(f"robots: {robots!r} does not name a robot")


def test_a_deal_changed_consistently_throughout_is_refused_by_its_seed(text_record) -> None:
    """The seven and eight of clubs swapped everywhere in deal 3: hands, talon,
    exchanges, tricks, actions. Only the seed ties the cards to the record."""
    forged = copy.deepcopy(text_record)
    text = json.dumps(forged["parties"][0]["deals"][2])
    for old, new in (("C7", "@"), ("C8", "C7"), ("@", "C8")):
        text = text.replace(old, new)
    forged["parties"][0]["deals"][2] = json.loads(text)
    problems = check_record(forged)
    assert len(problems) == 1
    assert problems[0].startswith("partie 1, deal 3: North's hand and South's hand differ "
                                  "from what the seed '11' deals")


def test_a_partie_cut_short_is_refused(text_record) -> None:
    forged = copy.deepcopy(text_record)
    del forged["parties"][1]["deals"][-1]
    _made_consistent(forged)
    problems = check_record(forged)
    assert any(p.startswith("partie 2: it stops after") for p in problems), problems


def test_a_record_of_the_first_format_is_refused_with_a_reason(text_record) -> None:
    old = copy.deepcopy(text_record)
    old["format"] = "piquet-record 1"
    problems = check_record(old)
    assert len(problems) == 1
    assert "written before issue 28" in problems[0] and "play the parties again" in problems[0]


@pytest.mark.parametrize(("field", "change", "complaint"), [
    ("declarations", lambda d: d["declarations"][5].update(says="Point of six."),
     "(DECLARATIONS: \"Elder announces, strictly in this order,"),
    ("count", lambda d: d["count"][2].update(total=d["count"][2]["total"] + 1),
     "(GAME: \"Points are counted throughout play\")"),
    ("pique", lambda d: d.update(pique=d["elder"]), f"({PIQUE})"),
])
def test_a_refusal_names_the_deal_the_action_and_the_rule(text_record, field, change,
                                                          complaint: str) -> None:
    forged = copy.deepcopy(text_record)
    change(forged["parties"][0]["deals"][1])
    problem = check_record(forged)[0]
    assert problem.startswith("partie 1, deal 2")
    assert problem.endswith(complaint) or complaint in problem, problem
    if field != "pique":
        assert problem.startswith("partie 1, deal 2, action "), problem
