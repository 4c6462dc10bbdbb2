"""``python -m games play topgame`` writes a match; ``python -m games check`` verifies it."""

from __future__ import annotations

import json

import pytest

from games.cli import main


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("topgame")
    out, pbn = folder / "match.json", folder / "match.pbn"
    status = main(["play", "topgame", "--matches", "1", "--seed", "5", "--robots", "beginner",
                   "--informer", "typed", "--out", str(out), "--pbn", str(pbn)])
    assert status == 0
    return out, pbn


def test_a_match_is_twelve_counted_hands_on_two_sheets(written, capsys):
    out, _ = written
    record = json.loads(out.read_text())
    assert record["game"] == "topgame" and record["format"] == "topgame-record 1"
    counted = [h for h in record["hands"] if h["result"]["counts"]]
    assert [h["hand"] for h in counted] == list(range(1, 13))
    final = record["standing"]
    assert final["finished"] and [s["order"] for s in final["sheets"]] == [
        ["A", "B", "C"], ["A", "C", "B"]]
    assert sum(final["totals"].values()) == 0


def test_the_same_seed_plays_the_same_match(written, tmp_path):
    out, _ = written
    again = tmp_path / "again.json"
    main(["play", "topgame", "--matches", "1", "--seed", "5", "--robots", "beginner",
          "--informer", "typed", "--out", str(again)])
    assert json.loads(again.read_text()) == json.loads(out.read_text())


def test_the_check_finds_both_records_in_order(written, capsys):
    out, pbn = written
    assert main(["check", str(out)]) == 0
    assert "The record is in order." in capsys.readouterr().out
    assert main(["check", str(pbn)]) == 0
    assert "The record is in order." in capsys.readouterr().out


def test_the_pbn_file_carries_the_top_game_facts_in_its_own_tags(written):
    _, pbn = written
    text = pbn.read_text()
    for tag in ("[Scoring \"TopGame\"]", "[TopGameBids ", "[TopGameDummyTops ",
                "[TopGameDescription ", "[TopGamePlayNumber ", "[TopGameDoubles ",
                "[TopGameScores ", "[TopGameActions ", "[Play "):
        assert tag in text


def test_a_changed_score_is_found(written, tmp_path, capsys):
    out, _ = written
    record = json.loads(out.read_text())
    result = record["hands"][0]["result"]
    seat = next(iter(result["scores"]))
    result["scores"][seat] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["check", str(bad)]) == 1
    report = capsys.readouterr().out
    assert "the result written differs from the replay in scores." in report
    assert report.startswith("Hand 1, action ") and "Rule: \"If declarer makes" in report
    assert "add up to zero" not in report  # the replay's own score is checked, and fine


def test_an_illegal_action_is_reported_with_the_engines_reason(written, tmp_path, capsys):
    out, _ = written
    record = json.loads(out.read_text())
    actions = record["hands"][0]["actions"]
    seat = actions[0].split()[0]
    actions[0] = f"{seat} bid 1"
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(record))
    assert main(["check", str(bad)]) == 1
    report = capsys.readouterr().out
    assert f'Hand 1, action 1 "{seat} bid 1": A bid is 2 or more.' in report
    assert 'Rule: "Starting with the dealer the three players bid or pass' in report


def test_a_changed_pbn_tag_is_found(written, tmp_path, capsys):
    _, pbn = written
    text = pbn.read_text()
    start = text.index("[TopGameScores \"") + len("[TopGameScores \"")
    end = text.index("\"", start)
    bad = tmp_path / "bad.pbn"
    bad.write_text(text[:start] + "N:+99 E:-99 W:+0" + text[end:])
    assert main(["check", str(bad)]) == 1
    assert "TopGameScores is 'N:+99 E:-99 W:+0'" in capsys.readouterr().out


def test_hands_out_of_the_matchs_order_are_found(written, tmp_path, capsys):
    out, _ = written
    record = json.loads(out.read_text())
    record["hands"][0], record["hands"][1] = record["hands"][1], record["hands"][0]
    bad = tmp_path / "order.json"
    bad.write_text(json.dumps(record))
    assert main(["check", str(bad)]) == 1
    assert "but the match comes to" in capsys.readouterr().out


def test_robots_are_named_per_player(tmp_path, capsys):
    status = main(["play", "topgame", "--matches", "1", "--seed", "2",
                   "--robots", "beginner,beginner,beginner"])
    assert status == 0
    assert "Sheet 2" in capsys.readouterr().out
    assert main(["play", "topgame", "--robots", "expert,beginner"]) == 2
