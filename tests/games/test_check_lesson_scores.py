"""``python -m games check --lesson`` checks the Score of every lesson: the target
variant's win or loss and MiniLessons 1-2's tricks too (decision 0432)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.bridge import pbn
from games.cli import main


def written(tmp_path: Path, lesson: int, variant: str | None = None, deals: int = 4) -> Path:
    path = tmp_path / f"{lesson}-{variant}.pbn"
    words = ["play", "minibridge", "--lesson", str(lesson), "--deals", str(deals),
             "--seed", "5", "--pbn", str(path)]
    assert main(words + (["--variant", variant] if variant else [])) == 0
    return path


def check(path: Path, lesson: int, variant: str | None,
          capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["check", str(path), "--lesson", str(lesson)]
                + (["--variant", variant] if variant else []))
    return code, capsys.readouterr().out


def rewrite(path: Path, change: dict[str, str]) -> None:
    games = pbn.loads(path.read_text())
    games[0].tags.update(change)
    path.write_text(pbn.dumps(games))


def test_a_target_deal_scored_the_wrong_way_round_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, 5, "target")
    assert check(path, 5, "target", capsys)[0] == 0
    side, points = pbn.loads(path.read_text())[0].tags["Score"].split()
    rewrite(path, {"Score": f"{side} {-int(points)}"})
    code, out = check(path, 5, "target", capsys)
    assert code == 1
    assert f"The Score says {side} {-int(points):+d} but" in out
    assert "(1 a win, -1 a loss)" in out.splitlines()[0]


def test_a_target_deal_with_a_bridge_score_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, 6, "target")
    side = pbn.loads(path.read_text())[0].tags["Score"].split()[0]
    rewrite(path, {"Score": f"{side} 420"})
    code, out = check(path, 6, "target", capsys)
    assert code == 1 and out.splitlines()[0].startswith("Board  1") and "WRONG" in out


@pytest.mark.parametrize("lesson", [1, 2])
def test_lessons_one_and_two_check_north_souths_tricks(
        tmp_path: Path, lesson: int, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, lesson)
    code, out = check(path, lesson, None, capsys)
    assert code == 0, out
    tricks = int(pbn.loads(path.read_text())[0].tags["Score"].split()[1])
    assert out.splitlines()[0] == f"Board  1  no declarer  NS {tricks:>2} tricks  OK"
    rewrite(path, {"Score": f"NS {13 - tricks}"})  # East-West's tricks, not North-South's
    code, out = check(path, lesson, None, capsys)
    assert code == 1
    assert (f"The Score says NS {13 - tricks} but the play gives NS {tricks} tricks"
            in out.splitlines()[0])


def test_a_lesson_one_score_that_is_not_tricks_is_reported_not_a_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, 1, deals=1)
    rewrite(path, {"Score": "lots"})
    code, out = check(path, 1, None, capsys)
    assert code == 1 and "is not a side's tricks" in out
