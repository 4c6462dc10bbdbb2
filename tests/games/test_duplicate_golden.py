"""Golden tests: two published club sessions, scored again to the last decimal.

The fixtures are results files written by the Norwegian federation's club
scoring program "Ruter" for Spiren BK (see fixtures/results/README.md): 10
pairs on 21 boards, and 22 pairs on 24 boards, both barometer Howells. Ruter
prints "MP1" matchpoints, centred on zero (+1 for each pair beaten, -1 for
each pair that beat you), which is our two-per-beat count minus n-1 on a
board played n times; board percentages are printed as whole numbers and
the totals to two decimals, both rounded half up.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from games.bridge import pbn
from games.duplicate import (
    format_percentage,
    read_pbn_results,
    score_pbn_text,
    score_session,
)
from games.movements import Pair
from games.seats import Side

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "results"
SESSIONS = ["spiren-2015-06-17.pbn", "spiren-2018-04-16.pbn"]


def published(name: str) -> tuple[str, list[pbn.PbnGame]]:
    text = (FIXTURES / name).read_text(encoding="ascii")
    return text, pbn.loads(text)


@pytest.mark.parametrize("name", SESSIONS)
def test_every_traveller_gets_its_published_matchpoints_and_percentages(name: str) -> None:
    text, games = published(name)
    session = score_session(read_pbn_results(text).results)
    checked = 0
    for game in games:
        board = game.board()
        traveller = session.traveller(board)
        n = traveller.times_played
        for row in game.table("ScoreTable").rows:
            (line,) = [x for x in traveller.lines if x.result.ns == Pair(int(row["PairId_NS"]))]
            assert line.result.ew == Pair(int(row["PairId_EW"]))
            assert line.ns_points - (n - 1) == Fraction(row["MP_NS"]), (board, row)
            assert line.ew_points - (n - 1) == Fraction(row["MP_EW"]), (board, row)
            for side, column in ((Side.NS, "Percentage_NS"), (Side.EW, "Percentage_EW")):
                exact = traveller.percentage(line, side)
                assert format_percentage(exact, places=0) == row[column], (board, row)
            checked += 1
    assert checked == sum(len(g.table("ScoreTable").rows) for g in games) > 100


@pytest.mark.parametrize("name", SESSIONS)
def test_the_ranking_matches_the_published_one(name: str) -> None:
    text, games = published(name)
    ranking = score_pbn_text(text)
    assert ranking.one_winner, "a Howell ranks every pair together"
    (total,) = [g.table("TotalScoreTable") for g in games if "TotalScoreTable" in g.tags]
    times_played = len(games[0].table("ScoreTable").rows)
    assert len(ranking.standings()) == len(total.rows)
    for row in total.rows:
        standing = ranking.standing(Pair(int(row["PairId"])))
        assert str(standing.place) == row["Rank"]
        assert format_percentage(standing.percentage) == row["TotalPercentage"]
        centred = standing.score - standing.boards * (times_played - 1)
        assert centred == int(row["TotalScoreMP"])
        assert standing.boards == int(row["NrBoards"])
    assert [s.pair.number for s in ranking.standings()] == [int(r["PairId"]) for r in total.rows]


def test_pairs_with_the_same_score_share_their_place() -> None:
    text, _ = published("spiren-2015-06-17.pbn")
    tied = [s for s in score_pbn_text(text).standings() if s.tied]
    assert [(s.place_text, s.pair.number) for s in tied] == [("5=", 7), ("5=", 9), ("5=", 10)]


def test_a_total_ending_in_a_half_is_rounded_up_as_published() -> None:
    # 40.625% is printed 40.63: rounding half to even would print 40.62.
    text, _ = published("spiren-2018-04-16.pbn")
    standing = score_pbn_text(text).standing(Pair(6))
    assert standing.percentage == Fraction(40625, 1000)
    assert format_percentage(standing.percentage) == "40.63"
