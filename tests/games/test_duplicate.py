"""Duplicate scoring: matchpoints, Neuberg, IMPs against the datum, win/loss, rankings."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.duplicate import (
    BoardResult,
    Method,
    ScoringError,
    datum,
    format_percentage,
    format_points,
    imps,
    matchpoints,
    neuberg,
    rank,
    score_session,
    top,
    travellers,
)
from games.movements import Movement, Pair, howell, mitchell
from games.seats import Seat, Side

NS = [Pair(n, Side.NS) for n in range(0, 10)]
EW = [Pair(n, Side.EW) for n in range(0, 10)]


def traveller_of(scores: list[int], board: int = 1) -> list[BoardResult]:
    """One board played at len(scores) tables of a Mitchell, NS n against EW n."""
    return [BoardResult(board, NS[i + 1], EW[i + 1], s) for i, s in enumerate(scores)]


def play(movement: Movement, rng: random.Random) -> list[BoardResult]:
    """Every board of every table of a movement, with scores a class might make."""
    return [BoardResult(board, sitting.ns, sitting.ew, rng.choice(range(-300, 700, 10)),
                        table=sitting.table, round=rnd.number)
            for rnd, sitting in movement.sittings() if sitting.is_played
            for board in sitting.boards]


# -- matchpoints ------------------------------------------------------------


def test_a_score_earns_two_for_each_score_it_beats_and_one_for_each_tie() -> None:
    # 4S made at two tables, 4S+1 at one, 4S-1 at one, a part score at one.
    assert matchpoints([420, 420, 450, -50, 170]) == (5, 5, 8, 0, 2)
    assert matchpoints([100, 100, 100]) == (2, 2, 2)
    assert matchpoints([620]) == (0,)
    assert matchpoints([]) == ()


@given(st.lists(st.integers(-2000, 2000), min_size=1, max_size=30))
def test_matchpoints_are_the_sum_of_every_comparison(scores: list[int]) -> None:
    expected = tuple(sum(2 if s > t else 1 if s == t else 0 for j, t in enumerate(scores) if j != i)
                     for i, s in enumerate(scores))
    assert matchpoints(scores) == expected
    assert sum(expected) == top(len(scores)) * len(scores) // 2


def test_east_west_get_the_rest_of_the_top() -> None:
    (board,) = travellers(traveller_of([420, 420, 450, -50, 170]))
    assert board.top == 8
    assert [(line.ns_points, line.ew_points) for line in board.lines] == [
        (5, 3), (5, 3), (8, 0), (0, 8), (2, 6)]
    assert board.percentage(board.lines[2], Side.NS) == 100
    assert board.percentage(board.lines[0], Side.EW) == Fraction(300, 8)


def test_a_board_played_fewer_times_is_scaled_by_neubergs_formula() -> None:
    # MP' = (MP + 1) x N / n - 1: the top of a 3-result board among 4-result boards
    assert neuberg(4, 3, 4) == Fraction(17, 3)
    assert neuberg(2, 3, 4) == 3, "an average stays an average"
    assert neuberg(0, 1, 4) == 3, "a board played once scores an average"
    assert neuberg(5, 4, 4) == 5, "a full board is unchanged"
    results = traveller_of([420, 400, 170, -50]) + traveller_of([420, 400, 170], board=2)
    first, second = travellers(results)
    assert first.top == second.top == 6
    assert [line.ns_points for line in second.lines] == [Fraction(17, 3), 3, Fraction(1, 3)]
    for line in second.lines:
        assert line.ns_points + line.ew_points == 6, "both directions share the scaled top"


# -- IMPs against the datum ---------------------------------------------------


@pytest.mark.parametrize(("difference", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
    (210, 5), (220, 6), (420, 9), (430, 10), (490, 10), (500, 11), (600, 12), (740, 12),
    (750, 13), (1100, 15), (1500, 17), (2000, 19), (2500, 21), (3000, 22), (3990, 23),
    (4000, 24), (7000, 24), (-430, -10)])
def test_the_wbf_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_the_datum_leaves_out_the_top_and_bottom_scores_of_five_or_more() -> None:
    assert datum([420, 420, 450, -50, 170]) == 340  # (170 + 420 + 420) / 3 = 336.7
    assert datum([420, 170, -50]) == 180  # all three: 180
    assert datum([135]) == 140 and datum([-135]) == -140, "halves go away from zero"
    assert datum([-125, -130]) == -130


@given(st.lists(st.integers(-200, 200).map(lambda x: x * 10), min_size=1, max_size=20))
def test_the_datum_is_the_same_seen_from_either_side(scores: list[int]) -> None:
    assert datum([-s for s in scores]) == -datum(scores)


def test_imps_compare_each_score_with_the_datum() -> None:
    (board,) = travellers(traveller_of([420, 420, 450, -50, 170]), Method.IMPS)
    assert board.datum == 340 and board.top is None
    assert [line.ns_points for line in board.lines] == [2, 2, 3, -9, -5]
    assert all(line.ew_points == -line.ns_points for line in board.lines)


# -- win/loss (target tricks) ------------------------------------------------


def test_each_side_scores_one_for_a_board_it_won() -> None:
    results = [BoardResult(1, NS[1], EW[1], 0, won_by=Side.NS),
               BoardResult(1, NS[2], EW[2], 0, won_by=Side.EW),
               BoardResult(2, NS[1], EW[1], -50),
               BoardResult(2, NS[2], EW[2], 110)]
    session = score_session(results, Method.WIN_LOSS)
    assert [(line.ns_points, line.ew_points) for line in session.traveller(1).lines] == [
        (1, 0), (0, 1)]
    assert session.ranking.standing(NS[2]).score == 1
    assert session.ranking.standing(EW[1]).score == 1
    assert session.ranking.standing(EW[1]).percentage == 50


# -- rankings ---------------------------------------------------------------------


def test_a_mitchell_ranks_each_direction_and_ties_share_a_place() -> None:
    results = traveller_of([420, 420, 450, -50]) + traveller_of([100, 100, 100, -100], board=2)
    ranking = score_session(results).ranking
    assert not ranking.one_winner
    assert [rl.direction for rl in ranking.lists] == [Side.EW, Side.NS]
    north_south = ranking.lists[1].standings
    assert [(s.place_text, str(s.pair), s.score) for s in north_south] == [
        ("1", "NS 3", 10), ("2=", "NS 1", 7), ("2=", "NS 2", 7), ("4", "NS 4", 0)]
    assert north_south[0].percentage == Fraction(1000, 12)
    assert format_percentage(north_south[1].percentage) == "58.33"


def test_a_howell_ranks_every_pair_together() -> None:
    session = score_session(play(howell(8, 2), random.Random(4)))
    assert session.ranking.one_winner
    assert len(session.ranking.standings()) == 8
    average = sum(s.percentage for s in session.ranking.standings()) / 8
    assert average == 50, "matchpoints only move between pairs"


@pytest.mark.parametrize("tables", range(3, 16))
def test_in_a_mitchell_each_direction_averages_fifty_percent(tables: int) -> None:
    movement = mitchell(tables, 2)
    session = score_session(play(movement, random.Random(tables)))
    for rank_list in session.ranking.lists:
        assert len(rank_list.standings) == tables
        assert sum(s.percentage for s in rank_list.standings) == 50 * tables
        places = [s.place for s in rank_list.standings]
        assert places == sorted(places) and places[0] == 1


def test_a_pair_that_sat_out_is_ranked_by_its_percentage() -> None:
    movement = howell(7, 2)
    session = score_session(play(movement, random.Random(7)))
    standings = session.ranking.standings()
    assert {s.boards for s in standings} == {12}, "each pair sits out one of 7 rounds"
    percentages = [s.percentage for s in standings]
    assert percentages == sorted(percentages, reverse=True)


def test_a_score_card_shows_each_board_from_the_pairs_side() -> None:
    results = traveller_of([420, 420, 450, -50])
    card = score_session(results).score_card(EW[4])
    assert [(c.board, c.direction, str(c.opponents), c.points) for c in card] == [
        (1, Side.EW, "NS 4", 6)]
    assert card[0].percentage == 100


def test_the_ranking_can_be_asked_for_one_winner() -> None:
    boards = travellers(traveller_of([420, 420, 450, -50]))
    assert rank(boards, one_winner=True).one_winner
    with pytest.raises(KeyError):
        rank(boards).standing(Pair(9))


def test_a_pair_cannot_have_two_results_on_a_board() -> None:
    results = [BoardResult(1, NS[1], EW[1], 100), BoardResult(1, NS[1], EW[2], 200)]
    with pytest.raises(ScoringError, match="NS 1 has two results"):
        travellers(results)
    with pytest.raises(ScoringError, match="against itself"):
        travellers([BoardResult(1, Pair(1), Pair(1), 100)])
    with pytest.raises(ScoringError):
        datum([])


def test_travellers_keep_what_the_table_wrote() -> None:
    line = BoardResult(3, Pair(1), Pair(2), -100, contract="4HX", declarer=Seat.SOUTH,
                       tricks=9, table=2, round=1)
    (board,) = travellers([line, BoardResult(3, Pair(3), Pair(4), 140)])
    assert board.lines[0].result == line
    assert board.lines[0].ns_points == 0


def test_numbers_are_rounded_half_up_for_people() -> None:
    assert format_percentage(Fraction(40625, 1000)) == "40.63"
    assert format_percentage(Fraction(125, 2), places=0) == "63"
    assert format_percentage(Fraction(200, 3)) == "66.67"
    assert format_points(Fraction(26)) == "26"
    assert format_points(Fraction(17, 3)) == "5.67"
    assert format_points(Fraction(-7, 2)) == "-3.50"
