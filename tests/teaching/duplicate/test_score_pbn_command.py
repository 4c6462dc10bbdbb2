"""``manage.py score_pbn FILE``: a club's results file ranked, as text or CSV."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "results" / "spiren-2015-06-17.pbn"


def score(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("score_pbn", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_prints_the_ranking_with_percentages() -> None:
    out, _ = score(str(FIXTURE))
    lines = out.splitlines()
    assert lines[0].split() == ["Place", "Pair", "Matchpoints", "%", "Boards"]
    assert lines[1].split() == ["1", "5", "110", "65.48", "21"]
    assert [line.split()[0] for line in lines[5:8]] == ["5="] * 3


def test_with_csv_it_prints_a_header_and_one_line_per_pair() -> None:
    out, _ = score(str(FIXTURE), "--csv")
    lines = out.splitlines()
    assert lines[0] == "direction,pair,matchpoints,percentage"
    assert lines[1] == ",5,110,65.48"
    assert len(lines) == 11


def test_a_latin_1_file_is_read_its_averages_scored_and_its_byes_reported(tmp_path: Path) -> None:
    text = ('[Event "Kl\xf8ver"]\n[Board "1"]\n'
            '[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n'
            '1 2 "420" -\n3 4 "450" -\n5 6 "A=" "A="\n7 - "Bye" "Bye"\n')
    path = tmp_path / "club.pbn"
    path.write_bytes(text.encode("latin-1"))
    out, err = score(str(path), "--csv")
    # North-South and East-West numbers never meet: a Mitchell, ranked per direction.
    # The average counts as a result: the two real ones are factored up to three.
    assert out.splitlines()[1:] == ["EW,2,3.50,87.50", "EW,6,2,50.00", "EW,4,0.50,12.50",
                                    "NS,3,3.50,87.50", "NS,5,2,50.00", "NS,1,0.50,12.50"]
    assert "Left out 1 row" in err


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read"):
        score(str(tmp_path / "nowhere.pbn"))
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Board "1"]\n[Deal "N:AKQ"]\n')
    with pytest.raises(CommandError, match="broken.pbn: this file has no ScoreTable"):
        score(str(broken))
