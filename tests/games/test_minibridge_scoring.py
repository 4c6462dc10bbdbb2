"""MiniBridge scoring (Laws 10, 16, 17, MiniLesson 3, target tricks, slam), golden
values from the booklet and a cross-check against bridge scores."""

from __future__ import annotations

import pytest

from games.bridge.target import target_tricks
from games.minibridge import make_rules
from games.minibridge.scoring import (
    contract_string,
    law_10_goal,
    laws_16_17_score,
    lesson_3_score,
    odd_trick_points,
)
from games.seats import SEATS
from tests.games.minibridge_helpers import STRONG_NORTH, deal_with, game_at

N, E, S, W = SEATS
DENOMINATIONS = ("C", "D", "H", "S", "NT")


# -- the booklet's own statements ---------------------------------------------------

def test_game_in_no_trumps_needs_nine_tricks_a_major_ten_a_minor_eleven() -> None:
    assert law_10_goal("game", "NT") == 9
    assert law_10_goal("game", "H") == law_10_goal("game", "S") == 10
    assert law_10_goal("game", "C") == law_10_goal("game", "D") == 11
    assert {law_10_goal("part", d) for d in DENOMINATIONS} == {7}
    assert {law_10_goal("slam", d) for d in DENOMINATIONS} == {12}


def test_no_trumps_score_40_for_the_first_odd_trick_and_30_for_the_others() -> None:
    assert [odd_trick_points("NT", n) for n in range(5)] == [0, 40, 70, 100, 130]


def test_majors_score_30_and_minors_20_per_odd_trick() -> None:
    assert odd_trick_points("H", 4) == odd_trick_points("S", 4) == 120
    assert odd_trick_points("C", 5) == odd_trick_points("D", 5) == 100


def test_each_game_goal_is_worth_a_hundred_or_more() -> None:
    # Summary 12: "the goals of nine, ten or eleven tricks ... will lead to a total of 100+ points"
    for d in DENOMINATIONS:
        assert odd_trick_points(d, law_10_goal("game", d) - 6) >= 100


def test_a_made_part_score_earns_a_50_bonus() -> None:
    assert laws_16_17_score("S", "part", 7) == (30 + 50, 0)
    assert laws_16_17_score("NT", "part", 8) == (40 + 30 + 50, 0)


def test_a_made_game_earns_a_300_bonus_and_3nt_making_nine_scores_400() -> None:
    assert laws_16_17_score("NT", "game", 9) == (400, 0)
    assert laws_16_17_score("H", "game", 10) == (420, 0)
    assert laws_16_17_score("C", "game", 12) == (420, 0)


def test_points_are_earned_for_all_tricks_beyond_six_once_the_goal_is_reached() -> None:
    assert laws_16_17_score("NT", "part", 13) == (40 + 6 * 30 + 50, 0)
    assert laws_16_17_score("S", "game", 12) == (6 * 30 + 300, 0)


def test_defenders_score_50_points_for_each_trick_by_which_he_is_short() -> None:
    assert laws_16_17_score("D", "game", 8) == (0, 150)
    assert laws_16_17_score("NT", "part", 6) == (0, 50)
    assert laws_16_17_score("NT", "game", 0) == (0, 450)


def test_lesson_3_scores_a_bonus_of_50_plus_40_per_trick_beyond_the_first_six() -> None:
    assert lesson_3_score(7) == (90, 0)
    assert lesson_3_score(10) == (50 + 4 * 40, 0)
    assert lesson_3_score(13) == (330, 0)
    assert lesson_3_score(5) == (0, 100)  # "50 points per undertrick"


def test_a_slam_needs_twelve_tricks_and_earns_800_so_6nt_making_scores_990() -> None:
    assert laws_16_17_score("NT", "slam", 12) == (990, 0)
    assert laws_16_17_score("S", "slam", 13) == (7 * 30 + 800, 0)
    assert laws_16_17_score("H", "slam", 11) == (0, 50)


@pytest.mark.parametrize("points, target", [
    (21, 7), (22, 7), (23, 8), (24, 8), (25, 9), (26, 9), (27, 10), (28, 10),
    (29, 11), (32, 11), (33, 12), (36, 12), (37, 13), (40, 13),
])
def test_target_tricks_follow_the_booklets_table_at_every_boundary(
        points: int, target: int) -> None:
    assert target_tricks(points) == target


def test_there_is_no_target_below_21_points() -> None:
    with pytest.raises(ValueError):
        target_tricks(20)


@pytest.mark.parametrize("args, text", [
    (("NT", "part", 7, "S", 8), "1NTS+1"),
    (("H", "game", 10, "S", 9), "4HS-1"),
    (("NT", "slam", 12, "N", 12), "6NTN="),
    (("C", "game", 11, "E", 11), "5CE="),
    (("NT", "game", 9, "W", 9), "3NTW="),
    (("S", None, 7, "N", 7), "1SN="),      # MiniLessons 3-4: goal seven
    (("D", None, 10, "W", 8), "4DW-2"),    # target tricks: level is target - 6
])
def test_contract_strings_read_like_endplays(args: tuple, text: str) -> None:
    assert contract_string(*args) == text


# -- lessons 5-6 equal bridge's non-vulnerable undoubled score -----------------------

def _bridge_score(level: int, denomination: str, tricks: int) -> int:
    """Duplicate bridge, not vulnerable, undoubled, written from the bridge
    scoring table independently of the engine: + for declarer, - for defenders."""
    needed = level + 6
    if tricks < needed:
        return -50 * (needed - tricks)
    per_trick = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[denomination]
    first = 40 if denomination == "NT" else per_trick
    contracted = first + per_trick * (level - 1)
    overtricks = per_trick * (tricks - needed)
    bonus = 300 if contracted >= 100 else 50
    if level == 6:
        bonus += 500
    elif level == 7:
        bonus += 1000
    return contracted + overtricks + bonus


_LEVEL_OF = {"part": lambda d: 1, "game": lambda d: {"NT": 3, "H": 4, "S": 4}.get(d, 5),
             "slam": lambda d: 6}


@pytest.mark.parametrize("level", ["part", "game", "slam"])
@pytest.mark.parametrize("denomination", DENOMINATIONS)
def test_every_minibridge_score_equals_the_bridge_score_of_its_contract(
        level: str, denomination: str) -> None:
    for tricks in range(14):
        declaring, defending = laws_16_17_score(denomination, level, tricks)
        assert declaring == 0 or defending == 0
        expected = _bridge_score(_LEVEL_OF[level](denomination), denomination, tricks)
        assert declaring - defending == expected, (level, denomination, tricks)


def test_the_independent_bridge_function_knows_the_classic_scores() -> None:
    assert _bridge_score(3, "NT", 9) == 400
    assert _bridge_score(4, "S", 11) == 450
    assert _bridge_score(1, "NT", 8) == 120
    assert _bridge_score(6, "NT", 12) == 990
    assert _bridge_score(2, "H", 8) == 110
    assert _bridge_score(5, "D", 9) == -100


# -- scores of whole hands -----------------------------------------------------------

def _claimed(lesson: int, contract: str, tricks: int, variant: str | None = None) -> dict:
    """North declares ``contract`` and claims ``tricks`` at trick one; both accept."""
    game = game_at(lesson, deal_with(STRONG_NORTH), variant,
                   actions=f"N contract {contract}; E play SQ; N claim {tricks}; "
                           "E accept; W accept")
    return game.result()


def test_a_whole_hand_in_lesson_three_scores_50_plus_40_per_odd_trick() -> None:
    result = _claimed(3, "NT", 9)
    assert result["score"] == {"NS": 50 + 3 * 40, "EW": 0} and result["made"] is True
    assert result["contract_string"] == "1NTN+2"


def test_lesson_four_keeps_lesson_threes_scoring_in_a_suit() -> None:
    assert _claimed(4, "C", 8)["score"] == {"NS": 50 + 2 * 40, "EW": 0}
    assert _claimed(4, "H", 4)["score"] == {"NS": 0, "EW": 150}


def test_a_whole_hand_in_lesson_five_scores_by_laws_16_and_17() -> None:
    assert _claimed(5, "game NT", 9)["score"] == {"NS": 400, "EW": 0}
    result = _claimed(5, "game H", 9)
    assert result["score"] == {"NS": 0, "EW": 50} and result["made"] is False
    assert result["contract_string"] == "4HN-1"


def test_the_slam_variant_offers_slam_with_goal_twelve_and_bonus_800() -> None:
    result = _claimed(5, "slam NT", 12, variant="slam")
    assert result["goal"] == 12 and result["score"] == {"NS": 990, "EW": 0}
    assert result["contract_string"] == "6NTN="
    assert _claimed(6, "slam C", 11, variant="slam")["score"] == {"NS": 0, "EW": 50}


def test_the_target_variant_sets_the_goal_by_points_and_scores_a_win_or_a_loss() -> None:
    # North-South hold 31 points: target eleven tricks.
    game = game_at(5, deal_with(STRONG_NORTH), "target")
    assert game.legal_actions(N) == [f"contract {d}" for d in DENOMINATIONS]
    made = _claimed(5, "NT", 11, variant="target")
    assert (made["goal"], made["win"], made["score"]) == (11, "NS", {"NS": 1, "EW": 0})
    assert made["tricks_by_side"] == {"NS": 11, "EW": 2} and made["contract_string"] == "5NTN="
    lost = _claimed(5, "S", 10, variant="target")
    assert (lost["win"], lost["score"]) == ("EW", {"NS": 0, "EW": 1})
    assert lost["contract_string"] == "5SN-1"


def test_rules_values_carry_their_scoring_method() -> None:
    assert [make_rules(n).scoring for n in range(1, 7)] == [
        "tricks", "tricks", "lesson-3", "lesson-3", "laws-16-17", "laws-16-17"]
