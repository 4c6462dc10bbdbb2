"""MiniBridge results and par in the game's own words (decision 0430): no bridge
levels, no doubles, the goal and the lesson's score."""

from __future__ import annotations

import pytest

from games.deals import Deal
from games.minibridge import pairs
from games.minibridge.par import minibridge_par
from games.minibridge.rules import make_rules
from games.minibridge.words import result_words
from games.seats import Seat, Side

LESSON_5 = make_rules(5)


@pytest.mark.parametrize("text,rules,words", [
    ("3NTN+1", LESSON_5, "No-trumps, game, by North: 10 tricks, +430"),
    ("1CN-3", LESSON_5, "Clubs, part-score, by North: 4 tricks, -150"),
    ("4HS=", LESSON_5, "Hearts, game, by South: 10 tricks, +420"),
    ("5DW-1", LESSON_5, "Diamonds, game, by West: 10 tricks, -50"),
    ("6SE=", make_rules(5, "slam"), "Spades, slam, by East: 12 tricks, +980"),
    ("1NTS+1", make_rules(3), "No-trumps, by South: 8 tricks, +130"),
    ("1HE-7", make_rules(4), "Hearts, by East: 0 tricks, -350"),
    ("3HS+1", make_rules(5, "target"), "Hearts, by South: 10 tricks, target 9 reached"),
    ("4NTW-2", make_rules(6, "target"), "No-trumps, by West: 8 tricks, 2 short of the target "
                                        "of 10"),
    ("1NTN+2", make_rules(5, score_tricks=True), "No-trumps, by North: 9 tricks"),
])
def test_a_result_is_said_in_minibridge_words(text: str, rules: object, words: str) -> None:
    assert result_words(text, rules) == words  # type: ignore[arg-type]


def test_the_score_can_be_left_out_where_it_has_its_own_column() -> None:
    assert result_words("3NTN+1", LESSON_5, score=False) == "No-trumps, game, by North: 10 tricks"
    assert pairs.contract_words({"lesson": 5}, "3NTN+1") == "No-trumps, game"
    assert pairs.result_words({"lesson": 5, "variant": "target"}, "2SE=") == (
        "Spades, by East: 8 tricks, target 8 reached")


@pytest.mark.parametrize("text", ["", "Redeal", "3NTX+1", "2HN=", "6SN=", "1NTN+9",
                                  "8NTN=", "1NTQ=", "NT", "1ZN="])
def test_what_is_not_a_minibridge_result_of_the_lesson_is_left_as_it_is(text: str) -> None:
    # 2H is no MiniBridge level; 6S is a slam only in the slam variant; 1NT+9 is 16 tricks.
    assert result_words(text, LESSON_5) == text
    assert pairs.contract_words({"lesson": 5}, text) == text


def test_lesson_three_knows_only_no_trumps() -> None:
    assert result_words("1SN=", make_rules(3)) == "1SN="


# -- par ------------------------------------------------------------------------------------

# North 15, South 14 (North-South 29), East 8, West 3: North-South declare, North declarer.
DEAL = Deal.from_pbn("N:QJ4.A54.A54.AT54 T98.QJT.KJ9.J987 AK32.K32.Q32.Q32 765.9876.T876.K6")


def table(ns: dict[str, int], ew: dict[str, int]) -> dict[str, dict[str, int]]:
    return {"N": ns, "S": ns, "E": ew, "W": ew}


def test_the_deal_is_what_the_tests_say() -> None:
    assert [DEAL.hcp(s) for s in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)] == [
        15, 14, 8, 3]


def test_par_is_the_declaring_sides_best_goal_undoubled() -> None:
    dd = table({"NT": 10, "S": 11, "H": 7, "D": 6, "C": 5},
               {"NT": 2, "S": 2, "H": 6, "D": 7, "C": 11})
    par = minibridge_par(LESSON_5, DEAL, dd)
    assert par is not None and par.declaring.side is Side.NS
    # 4S making eleven (+450) beats 3NT making ten (+430); nothing is doubled.
    assert par.declaring.words(LESSON_5) == ("Spades, game, by North: 11 tricks, +450",)
    assert par.declaring.score == 450


def test_when_both_sides_can_make_game_the_points_decide() -> None:
    dd = table({"NT": 9, "S": 6, "H": 6, "D": 6, "C": 6},
               {"NT": 4, "S": 4, "H": 4, "D": 4, "C": 11})
    lines = pairs.par_lines({"lesson": 5}, DEAL, dd)
    assert lines == (
        "Par: North-South declare (29 points to 11): No-trumps, game, by North: 9 tricks, +400.",
        "Had East-West declared: Clubs, game, by East: 11 tricks, +400.")  # East: 8 to 3


def test_contracts_scoring_the_same_are_all_par() -> None:
    dd = table({"NT": 7, "S": 10, "H": 10, "D": 6, "C": 6},
               {"NT": 3, "S": 3, "H": 3, "D": 3, "C": 3})
    par = minibridge_par(LESSON_5, DEAL, dd)
    assert par is not None
    assert par.declaring.words(LESSON_5) == ("Spades, game, by North: 10 tricks, +420",
                                             "Hearts, game, by North: 10 tricks, +420")


def test_a_side_that_can_make_nothing_loses_least_in_a_part_score() -> None:
    dd = table({"NT": 5, "S": 6, "H": 4, "D": 3, "C": 2},
               {"NT": 7, "S": 7, "H": 8, "D": 9, "C": 10})
    par = minibridge_par(LESSON_5, DEAL, dd)
    assert par is not None
    assert par.declaring.words(LESSON_5) == ("Spades, part-score, by North: 6 tricks, -50",)


def test_the_target_variant_wins_with_the_most_tricks_to_spare() -> None:
    dd = table({"NT": 11, "S": 12, "H": 6, "D": 6, "C": 6},
               {"NT": 3, "S": 3, "H": 3, "D": 3, "C": 3})
    rules = make_rules(5, "target")
    assert pairs.par_lines({"lesson": 5, "variant": "target"}, DEAL, dd) == (
        "Par: North-South declare (29 points to 11): Spades, by North: 12 tricks, "
        "target 11 reached.",)
    assert minibridge_par(rules, DEAL, dd).declaring.score == 1  # type: ignore[union-attr]


def test_in_lesson_four_a_tied_pair_chooses_so_either_may_declare() -> None:
    tied = Deal.from_pbn("N:AK32.K32.Q32.J32 T98.QJT.KJ9.Q987 J54.A54.A54.AT54 Q76.9876.T876.K6")
    assert tied.hcp(Seat.NORTH) == tied.hcp(Seat.SOUTH) == 13
    dd = {"N": {"NT": 7, "S": 8, "H": 7, "D": 7, "C": 7},
          "S": {"NT": 9, "S": 8, "H": 7, "D": 7, "C": 7},
          "E": {"NT": 3, "S": 3, "H": 3, "D": 3, "C": 3},
          "W": {"NT": 3, "S": 3, "H": 3, "D": 3, "C": 3}}
    par = minibridge_par(make_rules(4), tied, dd)
    assert par is not None
    assert par.declaring.words(make_rules(4)) == ("No-trumps, by South: 9 tricks, +170",)
    # In MiniLesson 5 the first to announce declares: dealer North (board 1).
    par = minibridge_par(LESSON_5, tied, dd)
    assert par is not None and par.declaring.contracts[0].declarer is Seat.NORTH


@pytest.mark.parametrize("options", [{"lesson": 2}, {"lesson": 5, "variant": "three-simple"}])
def test_no_par_where_nobody_declares_by_points_for_a_pair(options: dict[str, object]) -> None:
    dd = table({"NT": 7, "S": 7, "H": 7, "D": 7, "C": 7},
               {"NT": 6, "S": 6, "H": 6, "D": 6, "C": 6})
    assert pairs.par_lines(options, DEAL, dd) == ()


def test_a_broken_table_gives_no_par_and_no_crash() -> None:
    assert pairs.par_lines({"lesson": 5}, DEAL, {"N": {"NT": 7}}) == ()
    assert pairs.par_lines({"lesson": 5}, DEAL, {}) == ()
    assert pairs.par_lines({"lesson": 5}, DEAL, {"N": "x", "S": None}) == ()  # type: ignore[dict-item]


def test_par_works_from_the_solvers_own_table() -> None:
    from games.bridge.analysis import dd_table_data

    lines = pairs.par_lines({"lesson": 5}, DEAL, dd_table_data(DEAL))
    assert lines[0].startswith("Par: North-South declare (29 points to 11): ")
    assert "X" not in lines[0] and "by North" in lines[0]
