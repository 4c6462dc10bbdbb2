"""MiniBridge hands on a traveller: the engine scores each table, duplicate compares them."""

from __future__ import annotations

import random

import pytest

from games.deals import Deal
from games.duplicate import (
    BoardResult,
    Method,
    ScoringError,
    board_result_from_hand,
    score_session,
)
from games.minibridge.playout import play_hand, random_policy
from games.minibridge.rules import make_rules
from games.movements import Pair
from games.seats import Side


def tables_play(board: int, lesson: int, variant: str | None, tables: int) -> list[BoardResult]:
    """The same deal played at ``tables`` tables, each with its own card play."""
    deal = Deal.from_seed("duplicate", board=board)
    rules = make_rules(lesson, variant)
    results = []
    for table in range(1, tables + 1):
        game = play_hand(rules, deal, policy=random_policy(random.Random(table)))
        results.append(board_result_from_hand(board, Pair(table, Side.NS), Pair(table, Side.EW),
                                              game.result(), table=table))
    return results


def test_each_table_scores_by_the_laws_and_the_boards_are_compared() -> None:
    results = [r for board in (1, 2, 3) for r in tables_play(board, 5, None, 4)]
    assert all(r.contract and r.declarer and r.tricks is not None for r in results)
    session = score_session(results)
    for traveller in session.travellers:
        assert sum(line.ns_points + line.ew_points for line in traveller.lines) == 4 * 6
    assert sum(s.percentage for s in session.ranking.lists[1].standings) == 200


def test_the_target_variant_scores_a_point_per_board_won() -> None:
    results = tables_play(1, 5, "target", 3)
    session = score_session(results, Method.WIN_LOSS)
    for line in session.traveller(1).lines:
        assert line.result.won_by is not None
        assert (line.ns_points, line.ew_points) == ((1, 0) if line.result.won_by is Side.NS
                                                    else (0, 1))


def test_the_score_is_north_souths_points_less_east_wests() -> None:
    made = {"redeal": False, "declarer": "S", "contract_string": "4HS=", "tricks": 10,
            "score": {"NS": 420, "EW": 0}, "win": None}
    down = dict(made, declarer="E", contract_string="3NTE-2", tricks=7,
                score={"NS": 100, "EW": 0})
    lessons_1_2 = {"redeal": False, "score": {"NS": 8, "EW": 5}}
    assert board_result_from_hand(1, Pair(1), Pair(2), made).score == 420
    assert board_result_from_hand(1, Pair(1), Pair(2), down).score == 100
    assert board_result_from_hand(1, Pair(1), Pair(2), lessons_1_2).score == 3


def test_a_redealt_board_has_no_result() -> None:
    with pytest.raises(ScoringError, match="redealt"):
        board_result_from_hand(1, Pair(1), Pair(2), {"redeal": True, "score": None})
    with pytest.raises(ScoringError, match="no score"):
        board_result_from_hand(1, Pair(1), Pair(2), {"redeal": False, "score": None})
