"""GAME and SCORE: a partie of six deals, the sheet, a tie, the rubicon
(``games.piquet.scoring.standing``, the registry's ``standing``)."""

from __future__ import annotations

from games.piquet import ENTRY, PiquetRules
from games.piquet.scoring import standing

RULES = PiquetRules()


def _results(*scores: tuple[int, int]) -> list[dict]:
    return [{"scores": {"N": n, "S": s}} for n, s in scores]


def test_the_sheet_shows_each_deal_and_the_cumulative_score() -> None:
    """"At the end of each deal the players note their scores for that deal and
    their cumulative score for the partie so far." """
    sheet = standing(RULES, _results((20, 5), (3, 41)))
    assert sheet["deals"] == [
        {"deal": {"N": 20, "S": 5}, "total": {"N": 20, "S": 5}},
        {"deal": {"N": 3, "S": 41}, "total": {"N": 23, "S": 46}},
    ]
    assert sheet["deals_played"] == 2 and not sheet["over"] and sheet["winner"] is None


def test_after_six_deals_the_winner_scores_the_difference_plus_100() -> None:
    sheet = standing(RULES, _results((40, 20), (30, 20), (30, 20), (30, 20), (30, 20),
                                     (30, 20)))
    assert sheet["over"] and sheet["totals"] == {"N": 190, "S": 120}
    assert (sheet["winner"], sheet["points"], sheet["rubicon"]) == ("N", 170, False)


def test_a_loser_under_100_is_rubiconed() -> None:
    sheet = standing(RULES, _results((10, 30), (10, 30), (10, 30), (10, 30), (10, 30),
                                     (10, 30)))
    assert (sheet["winner"], sheet["points"], sheet["rubicon"]) == ("S", 100 + 60 + 180, True)


def test_a_tie_after_six_deals_plays_two_more() -> None:
    """"If the result is a tie at the end of a partie, two more hands are played,
    each dealing once more." """
    tied = _results(*[(20, 20)] * 6)
    sheet = standing(RULES, tied)
    assert not sheet["over"] and sheet["tie"]
    assert not standing(RULES, tied + _results((10, 0)))["over"]
    sheet = standing(RULES, tied + _results((10, 0), (0, 3)))
    assert sheet["over"] and sheet["winner"] == "N" and sheet["deals_played"] == 8


def test_the_next_deal_after_a_partie_starts_a_new_one() -> None:
    results = _results(*[(30, 20)] * 6) + _results((5, 9))
    sheet = standing(RULES, results)
    assert sheet["partie"] == 2 and sheet["totals"] == {"N": 5, "S": 9}


def test_the_registry_entry_describes_the_game() -> None:
    assert ENTRY.name == "piquet" and ENTRY.players == 2
    assert ENTRY.standing is standing
    assert ENTRY.robots is not None and ENTRY.robots.levels == ("beginner", "expert")
    assert [o.key for o in ENTRY.options] == ["counting", "first_dealer"]
    assert ENTRY.rules(counting="classical").counting == "classical"
