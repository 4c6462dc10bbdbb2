"""Scoring a club's own PBN file: scores, contracts, Mitchell or Howell, what is left out."""

from __future__ import annotations

import pytest

from games.bridge.pbn import PbnError
from games.duplicate import (
    Method,
    ScoringError,
    ranking_csv,
    ranking_text,
    read_pbn_results,
    score_pbn_text,
)
from games.movements import Pair
from games.seats import Seat, Side

HEADER = "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"


def board(number: int, vulnerable: str, header: str, *rows: str) -> str:
    return "\n".join([f'[Board "{number}"]', f'[Vulnerable "{vulnerable}"]',
                      f'[ScoreTable "{header}"]', *rows, ""])


# A three-table Mitchell: NS n meets EW n on board 1, EW n+1 on board 2.
MITCHELL = board(1, "None", HEADER,
                 " 1  1 4S   N 10", " 2  2 4S   N 11", " 3  3 3NT  E  8") + "\n" + board(
    2, "NS", HEADER,
    " 1  2 4S   S 10", " 2  3 4SX  S  9", " 3  1 Pass -  -")


def test_scores_come_from_contract_declarer_and_tricks_with_the_boards_vulnerability() -> None:
    read = read_pbn_results(MITCHELL)
    assert [r.score for r in read.results] == [420, 450, 50, 620, -200, 0]
    first = read.results[0]
    assert (first.contract, first.declarer, first.tricks) == ("4S", Seat.NORTH, 10)


def test_a_file_numbering_pairs_per_direction_is_scored_as_a_mitchell() -> None:
    read = read_pbn_results(MITCHELL)
    assert not read.one_winner
    assert read.results[0].ns == Pair(1, Side.NS) and read.results[0].ew == Pair(1, Side.EW)
    ranking = score_pbn_text(MITCHELL)
    assert [rl.direction for rl in ranking.lists] == [Side.EW, Side.NS]
    assert ranking_csv(ranking).splitlines() == [
        "direction,pair,matchpoints,percentage",
        "EW,3,8,100.00", "EW,1,4,50.00", "EW,2,0,0.00",
        "NS,1,6,75.00", "NS,2,4,50.00", "NS,3,2,25.00"]


def test_a_file_where_every_pair_meets_every_other_is_one_ranking() -> None:
    howell = board(1, "None", "PairId_NS;PairId_EW;Score_NS;Score_EW",
                   '1 2 "420" -', '3 4 - "50"') + "\n" + board(
        2, "NS", "PairId_NS;PairId_EW;Score_NS;Score_EW", '4 1 "110" -', '2 3 "140" -')
    ranking = score_pbn_text(howell)
    assert ranking.one_winner
    assert ranking_csv(ranking).splitlines()[1:] == [
        ",1,4,100.00", ",2,2,50.00", ",4,2,50.00", ",3,0,0.00"]
    assert [s.place_text for s in ranking.standings()] == ["1", "2=", "2=", "4"]


def test_results_written_relative_to_the_contract_are_read() -> None:
    text = board(1, "All", HEADER.replace("Result\\2R", "Result"),
                 "1 1 4H N =", "2 2 4H N +1", "3 3 4H N -2")
    assert [r.score for r in read_pbn_results(text).results] == [620, 650, -200]


def test_byes_are_left_out_and_reported_and_averages_are_read() -> None:
    text = board(1, "None", "PairId_NS;PairId_EW;Score_NS;Score_EW",
                 '1 2 "420" -', '3 4 "450" -', '5 - "Bye" "Bye"', '6 7 "A=" "A="',
                 '8 9 "+0" "A+"')
    read = read_pbn_results(text)
    assert len(read.results) == 3 and len(read.skipped) == 2
    assert str(read.results[2].adjusted) == "A5050"
    ranking = score_pbn_text(text)
    assert ranking.notes == ("Left out 2 row(s) with no result to compare "
                             "(byes, penalties).",)
    assert ranking.notes[0] in ranking_text(ranking)


def test_the_ranking_prints_as_a_club_shows_it() -> None:
    lines = ranking_text(score_pbn_text(MITCHELL)).splitlines()
    assert lines[0] == "East-West"
    assert lines[1].split() == ["Place", "Pair", "Matchpoints", "%", "Boards"]
    assert lines[2].split() == ["1", "3", "8", "100.00", "2"]
    assert lines[3].split()[:2] == ["2", "1"]
    assert "North-South" in lines


def test_other_methods_score_the_same_file() -> None:
    imps = score_pbn_text(MITCHELL, Method.IMPS)
    assert imps.method is Method.IMPS
    assert ranking_csv(imps).splitlines()[0] == "direction,pair,imps,percentage"
    assert all(s.percentage is None for s in imps.standings())


def test_a_file_without_results_says_so() -> None:
    with pytest.raises(ScoringError, match="no ScoreTable"):
        score_pbn_text('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n')
    with pytest.raises(ScoringError, match="no Board tag"):
        score_pbn_text('[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n')
    with pytest.raises(PbnError):
        score_pbn_text('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2\n')
