"""``python -m games play minibridge``: robot-only deals, a summary or a PBN file
that ``python -m games check`` accepts and that replays through the engine."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from games.bridge import pbn
from games.cli import main
from games.minibridge import MiniBridge, make_rules
from games.minibridge import cli as play_minibridge
from games.seats import Seat

LESSONS_AND_VARIANTS = [(1, None), (2, None), (3, None), (4, None), (5, None), (6, None),
                        (5, "target"), (5, "slam"), (5, "three-simple"), (5, "three-normal"),
                        (6, "target"), (6, "slam"), (6, "three-simple"), (6, "three-normal")]


def args(**options: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_minibridge.add_arguments(parser)
    words: list[str] = []
    for name, value in options.items():
        if value is not None:
            words += [f"--{name}", str(value)]
    return parser.parse_args(words)


def played_file(tmp_path: Path, lesson: int, variant: str | None, deals: int = 20,
                seed: int = 1) -> Path:
    path = tmp_path / f"lesson-{lesson}-{variant}.pbn"
    out = io.StringIO()
    assert play_minibridge.run(args(lesson=lesson, variant=variant, deals=deals, seed=seed,
                                    pbn=path), out) == 0
    assert out.getvalue() == f"wrote {deals} deals to {path}\n"
    return path


def test_it_prints_one_line_per_deal_and_a_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "minibridge", "--lesson", "5", "--deals", "4", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5
    assert [line.split()[1] for line in lines[:4]] == ["1", "2", "3", "4"]
    assert " by " in lines[0] and "tricks" in lines[0]
    assert lines[-1].startswith("Total over 4 deals: NS ")


def test_lessons_one_and_two_have_no_declarer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "minibridge", "--lesson", "1", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("no declarer") == 2


def test_the_same_seed_plays_the_same_deals() -> None:
    first, second = io.StringIO(), io.StringIO()
    play_minibridge.run(args(lesson=6, deals=3, seed=11), first)
    play_minibridge.run(args(lesson=6, deals=3, seed=11), second)
    assert first.getvalue() == second.getvalue()


def test_a_redeal_is_not_a_deal_played_and_the_same_dealer_deals_again() -> None:
    # Find a seed whose first deal is a 20-20 redeal (Law 6).
    robots = {s: __import__("games.robots", fromlist=["robot_for"]).robot_for("minibridge")
              for s in Seat}
    seed = next(s for s in range(1, 500)
                if play_minibridge.play_deal(5, None, 1, s, robots).result["redeal"])
    hands = play_minibridge.play_deals(args(lesson=5, deals=1, seed=seed))
    assert len(hands) == 1 and not hands[0].result["redeal"]
    assert hands[0].game.deal.board == 1 and hands[0].game.deal.dealer == Seat.NORTH


def test_variants_need_lesson_five_or_six(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "minibridge", "--lesson", "3", "--variant", "slam"]) == 2
    assert "lessons 5 and 6" in capsys.readouterr().err


def test_the_pbn_record_has_the_tags_of_a_minibridge_hand(tmp_path: Path) -> None:
    games = pbn.loads(played_file(tmp_path, 5, None, deals=12).read_text())
    assert [g.tags["Board"] for g in games] == [str(n) for n in range(1, 13)]
    for game in games:
        tags = game.tags
        assert tags["Vulnerable"] == "None"  # MiniBridge has no vulnerability
        assert tags["MiniBridgeLesson"] == "5" and "MiniBridgeVariant" not in tags
        points = dict(item.split(":") for item in tags["MiniBridgeHCP"].split())
        assert sum(int(p) for p in points.values()) == 40
        assert tags["Contract"] in {"1C", "1D", "1H", "1S", "1NT", "3NT", "4H", "4S", "5C", "5D"}
        side = Seat.from_str(tags["Declarer"]).side.value
        assert tags["Score"].split()[0] == side
        assert 0 <= int(tags["Result"]) <= 13
        assert game.sections["Play"]
        assert game.tags["Play"] == Seat.from_str(tags["Declarer"]).lho.value


def test_lessons_one_and_two_write_no_declarer_and_north_souths_tricks(tmp_path: Path) -> None:
    for game in pbn.loads(played_file(tmp_path, 2, None, deals=3).read_text()):
        assert game.tags["Declarer"] == game.tags["Contract"] == game.tags["Result"] == ""
        first, plays = game.play(trumps=None)
        assert first == Seat.from_str(game.tags["Dealer"]).lho and len(plays) == 52
        side, tricks = game.tags["Score"].split()
        assert side == "NS" and 0 <= int(tricks) <= 13


def test_the_target_variant_writes_the_target_less_six_and_a_win_or_loss(tmp_path: Path) -> None:
    for game in pbn.loads(played_file(tmp_path, 5, "target", deals=6).read_text()):
        assert game.tags["MiniBridgeVariant"] == "target"
        points = dict(item.split(":") for item in game.tags["MiniBridgeHCP"].split())
        side = Seat.from_str(game.tags["Declarer"]).side
        combined = sum(int(points[s.value]) for s in side.seats)
        target = {21: 7, 22: 7, 23: 8, 24: 8, 25: 9, 26: 9, 27: 10, 28: 10}.get(
            combined, 11 if combined <= 32 else 12 if combined <= 36 else 13)
        assert game.tags["Contract"][0] == str(target - 6)
        made = int(game.tags["Result"]) >= target
        assert game.tags["Score"] == f"{side.value} {1 if made else -1}"


def replay_actions(game: pbn.PbnGame) -> list[str]:
    """The engine's action log for a four-handed lesson 3-6 record."""
    points = dict(item.split(":") for item in game.tags["MiniBridgeHCP"].split())
    dealer = Seat.from_str(game.tags["Dealer"])
    order = [dealer, dealer.lho, dealer.partner, dealer.rho]
    actions = [f"{seat.value} hcp {points[seat.value]}" for seat in order]
    declarer = game.tags["Declarer"]
    partner = Seat.from_str(declarer).partner.value
    if points[declarer] == points[partner] and int(game.tags["MiniBridgeLesson"]) <= 4:
        actions.append(f"{declarer} declarer {declarer}")  # MiniLesson 3: the pair chooses
    contract = game.tags["Contract"]
    level, denomination = contract[0], contract[1:]
    lesson = int(game.tags["MiniBridgeLesson"])
    variant = game.tags.get("MiniBridgeVariant")
    if lesson >= 5 and variant != "target":
        word = {"1": "part", "6": "slam"}.get(level, "game")
        actions.append(f"{declarer} contract {word} {denomination}")
    else:
        actions.append(f"{declarer} contract {denomination}")
    dummy = Seat.from_str(declarer).partner.value
    _, plays = game.play()
    actions += [f"{declarer if seat.value == dummy else seat.value} play {card}"
                for seat, card in plays]
    return actions


@pytest.mark.parametrize("lesson,variant", [(3, None), (4, None), (5, None), (6, "slam"),
                                            (5, "target")])
def test_each_record_replays_through_the_engine_to_its_result(tmp_path: Path, lesson: int,
                                                               variant: str | None) -> None:
    for game in pbn.loads(played_file(tmp_path, lesson, variant).read_text()):
        replayed = MiniBridge.replay(make_rules(lesson, variant), game.deal(),
                                     replay_actions(game))
        # A record that stops early was claimed: the tricks still to play went
        # as claimed, so only a complete play fixes the Result.
        if len(game.sections["Play"]) == 13 and "*" not in game.sections["Play"]:
            result = replayed.result()
            assert str(result["tricks"]) == game.tags["Result"]
            side = result["declaring_side"]
            other = "EW" if side == "NS" else "NS"
            assert game.tags["Score"] == f"{side} {result['score'][side] - result['score'][other]}"


@pytest.mark.parametrize("lesson,variant", [(5, None), (6, None), (5, "slam")])
def test_plain_check_accepts_the_complete_game(tmp_path: Path, lesson: int,
                                               variant: str | None,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """From MiniLesson 5 on, a MiniBridge score is the bridge score of the
    same contract, so even the plain bridge check agrees with every Score."""
    path = played_file(tmp_path, lesson, variant)
    assert main(["check", str(path)]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("lesson,variant", LESSONS_AND_VARIANTS)
def test_the_lesson_check_accepts_what_it_writes(tmp_path: Path, lesson: int,
                                                 variant: str | None,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = played_file(tmp_path, lesson, variant)
    words = ["check", str(path), "--lesson", str(lesson)]
    words += ["--variant", variant] if variant else []
    code = main(words)
    captured = capsys.readouterr()
    if code == 2 and "not available yet" in captured.err:
        pytest.skip("the check command's lesson mode is not written yet")
    assert code == 0, captured.out + captured.err
