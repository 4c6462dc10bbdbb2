"""Artificial adjusted scores (Law 12C2): average-plus, average, average-minus.

The golden session is a published club Howell (Spiren BK, 16 September 2015, 12 pairs,
21 boards, scored by Ruter; see fixtures/results/README.md) where the director gave
pairs 8 and 12 an average each on board 13: its five real results are matchpointed
among themselves and factored up by Neuberg to six, the two pairs get half the top.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from games.bridge import pbn
from games.duplicate import (
    Adjusted,
    BoardResult,
    Method,
    ScoringError,
    format_percentage,
    read_pbn_results,
    score_pbn_text,
    score_session,
)
from games.movements import Pair
from games.seats import Side

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "results" / "spiren-2015-09-16.pbn"


def golden() -> tuple[str, list[pbn.PbnGame]]:
    text = GOLDEN.read_text(encoding="ascii")
    return text, pbn.loads(text)


def one_decimal(value: Fraction) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def test_a_club_howell_with_an_average_reproduces_its_published_ranking() -> None:
    text, games = golden()
    ranking = score_pbn_text(text)
    (table,) = [g.table("TotalScoreTable") for g in games if "TotalScoreTable" in g.tags]
    assert ranking.one_winner and not ranking.notes  # nothing left out any more
    for row in table.rows:
        standing = ranking.standing(Pair(int(row["PairId"])))
        assert format_percentage(standing.percentage) == row["TotalPercentage"], row
        assert standing.place == int(row["Rank"])
        assert standing.boards == int(row["NrBoards"]) == 21
        # Ruter's totals are zero-centred: 5 a board less than our two-per-beat count.
        assert one_decimal(Fraction(standing.score) - 5 * 21) == row["TotalScoreMP"], row


def test_the_averaged_pairs_get_half_the_top_and_the_others_are_factored_up() -> None:
    text, games = golden()
    session = score_session(read_pbn_results(text).results)
    traveller = session.traveller(13)
    (game,) = [g for g in games if g.board() == 13]
    assert traveller.times_played == 6 and traveller.top == 10
    for row in game.table("ScoreTable").rows:
        (line,) = [x for x in traveller.lines if x.result.ns == Pair(int(row["PairId_NS"]))]
        assert one_decimal(Fraction(line.ns_points) - 5) == row["MP_NS"], row
        for side, column in ((Side.NS, "Percentage_NS"), (Side.EW, "Percentage_EW")):
            assert format_percentage(traveller.percentage(line, side), places=0) == row[column]
    (average,) = [x for x in traveller.lines if x.result.adjusted is not None]
    assert average.result.adjusted == Adjusted(50, 50)
    assert (average.ns_points, average.ew_points) == (5, 5)


def test_without_the_average_the_two_pairs_would_be_ranked_over_twenty_boards() -> None:
    text, _ = golden()
    without = [r for r in read_pbn_results(text).results if r.adjusted is None]
    ranking = score_session(without, one_winner=True).ranking
    assert format_percentage(ranking.standing(Pair(12)).percentage) == "41.00"  # not 41.43
    assert ranking.standing(Pair(12)).boards == 20


def line(board: int, ns: int, ew: int, score: int = 0,
         adjusted: Adjusted | None = None) -> BoardResult:
    return BoardResult(board, Pair(ns), Pair(ew), score, adjusted=adjusted)


def test_average_plus_and_minus_are_sixty_and_forty_percent_of_the_full_top() -> None:
    results = [line(1, 1, 2, 420), line(1, 3, 4, 450), line(1, 5, 6, 400),
               line(1, 7, 8, adjusted=Adjusted.from_str("A6040"))]
    (traveller,) = score_session(results).travellers
    assert traveller.top == 6
    plus = traveller.lines[3]
    assert traveller.percentage(plus, Side.NS) == 60
    assert traveller.percentage(plus, Side.EW) == 40
    # Three real results on a board of four: Neuberg, (MP + 1) x 4 / 3 - 1.
    assert [x.ns_points for x in traveller.lines[:3]] == [3, Fraction(17, 3), Fraction(1, 3)]


def test_imps_give_three_for_average_plus_and_leave_the_datum_to_real_scores() -> None:
    results = [line(1, 1, 2, 420), line(1, 3, 4, 620),
               line(1, 5, 6, adjusted=Adjusted(60, 40)), line(1, 7, 8, adjusted=Adjusted(50, 50))]
    (traveller,) = score_session(results, Method.IMPS).travellers
    assert traveller.datum == 520
    assert [(x.ns_points, x.ew_points) for x in traveller.lines] == [
        (-3, 3), (3, -3), (3, -3), (0, 0)]


def test_a_board_with_only_artificial_scores_is_still_scored() -> None:
    results = [line(1, 1, 2, adjusted=Adjusted(50, 50)), line(1, 3, 4, 100), line(2, 1, 4, 50),
               line(2, 3, 2, -50)]
    session = score_session(results, Method.IMPS)
    assert session.traveller(1).lines[0].ns_points == 0


@pytest.mark.parametrize(("text", "shares"), [("A5050", (50, 50)), ("a4060", (40, 60)),
                                               ("A=", (50, 50)), ("A6060", (60, 60))])
def test_artificial_scores_are_read_as_club_programs_write_them(text: str,
                                                                shares: tuple[int, int]) -> None:
    adjusted = Adjusted.from_str(text)
    assert (adjusted.ns, adjusted.ew) == shares
    assert Adjusted.from_str(str(adjusted)) == adjusted


@pytest.mark.parametrize("text", ["A7030", "A50", "A+", "50-50", ""])
def test_anything_else_is_not_an_artificial_score(text: str) -> None:
    with pytest.raises(ScoringError):
        Adjusted.from_str(text)


def test_a_pbn_file_may_write_the_artificial_score_in_the_contract_column() -> None:
    text = "\n".join(['[Board "1"]', '[Vulnerable "None"]',
                      '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]',
                      "1 2 4S N 10", "3 4 4S N 11", "5 6 A6040 - -", ""])
    read = read_pbn_results(text)
    assert [r.adjusted for r in read.results] == [None, None, Adjusted(60, 40)]
    assert read.results[2].contract == "A6040" and not read.skipped
