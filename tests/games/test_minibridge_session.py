"""Law 18, a set of deals at one table, and the booklet's "just score according to
the number of tricks won by each side" at any lesson."""

from __future__ import annotations

import pytest

from games.minibridge import MiniBridge, make_rules
from games.minibridge.playout import announce_all, play_to_end
from games.minibridge.rules import RulesError
from games.minibridge.scoring import standing
from games.registry import game_entry
from games.seats import SEATS
from tests.games.minibridge_helpers import STRONG_NORTH, deal_with

N, E, S, W = SEATS


def _scores(*pairs: tuple[int, int]) -> list[dict[str, object]]:
    return [{"redeal": False, "score": {"NS": ns, "EW": ew}} for ns, ew in pairs]


def test_a_table_without_a_set_keeps_no_standing() -> None:
    # Empty, not None: the site asks every game's standing what to carry to the next deal.
    assert standing(make_rules(5), _scores((120, 0))) == {}


def test_a_set_of_four_deals_adds_up_each_side_and_ends_after_the_fourth() -> None:
    rules = make_rules(5, set_deals=4)
    three = standing(rules, _scores((120, 0), (0, 50), (400, 0)))
    assert three["totals"] == {"NS": 520, "EW": 50} and three["played"] == 3
    assert three["over"] is False and three["next_deal"] == 4
    assert three["next_totals"] == {"NS": 520, "EW": 50}
    four = standing(rules, _scores((120, 0), (0, 50), (400, 0), (0, 620)))
    assert four["over"] is True and four["winner"] == "EW"
    assert four["totals"] == {"NS": 520, "EW": 670}
    # The next deal starts a new set at 0-0.
    assert four["next_deal"] == 1 and four["next_totals"] == {"NS": 0, "EW": 0}
    fifth = standing(rules, _scores((120, 0), (0, 50), (400, 0), (0, 620), (90, 0)))
    assert fifth["set"] == 2 and fifth["played"] == 1 and fifth["totals"] == {"NS": 90, "EW": 0}


def test_a_set_to_a_target_ends_when_a_side_reaches_it_and_redeals_do_not_count() -> None:
    rules = make_rules(5, set_target=500)
    results = [*_scores((300, 0)), {"redeal": True, "score": None}, *_scores((0, 50))]
    on = standing(rules, results)
    assert on["played"] == 2 and on["over"] is False and on["winner"] is None
    done = standing(rules, [*results, *_scores((240, 0))])
    assert done["over"] is True and done["winner"] == "NS" and done["totals"]["NS"] == 540


def test_deals_or_target_whichever_comes_first() -> None:
    rules = make_rules(5, set_deals=6, set_target=500)
    assert standing(rules, _scores((620, 0)))["over"] is True


def test_a_tied_set_has_no_winner() -> None:
    done = standing(make_rules(5, set_deals=2), _scores((100, 0), (0, 100)))
    assert done["over"] is True and done["winner"] is None


@pytest.mark.parametrize("options", [
    {"set_deals": 0}, {"set_deals": -4}, {"set_deals": "6"}, {"set_deals": True},
    {"set_target": 2.5}, {"set_target": 0},
    # A target needs points: tricks and won deals are counted apart.
    {"lesson": 1, "set_target": 500}, {"score_tricks": True, "set_target": 500},
    {"variant": "target", "set_target": 500},
])
def test_bad_set_options_are_refused_with_the_reason(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        make_rules(**{"lesson": 5, **options})


def test_the_options_are_offered_on_the_class_page_with_their_defaults() -> None:
    options = {o.key: o for o in game_entry("minibridge").options}
    assert options["set_deals"].default is None and options["set_target"].default is None
    assert options["score_tricks"].default is False
    assert (4, "4 deals") in options["set_deals"].choices
    rules = make_rules(5, set_deals=6)
    assert rules.options() == {"lesson": 5, "variant": None, "real_table": False,
                               "set_deals": 6}
    assert make_rules(**make_rules(4, score_tricks=True, set_deals=8).options()) == \
        make_rules(4, score_tricks=True, set_deals=8)


# -- "just score according to the number of tricks won by each side" ----------------

@pytest.mark.parametrize("lesson", [3, 4, 5, 6])
def test_scoring_by_tricks_at_any_lesson_gives_each_side_its_tricks(lesson: int) -> None:
    rules = make_rules(lesson, score_tricks=True)
    assert rules.levels == ()  # no part-score or game to announce
    contract = "NT" if lesson == 3 else "S"
    game = MiniBridge(rules, deal_with(STRONG_NORTH))
    announce_all(game)
    assert f"contract {contract}" in game.legal_actions(N)
    game.apply(N, f"contract {contract}")
    play_to_end(game)
    result = game.result()
    assert result["score"] == result["tricks_by_side"]
    assert sum(result["score"].values()) == 13
    assert result["declarer"] == "N" and result["goal"] == 7


def test_scoring_by_tricks_keeps_the_target_variants_goal() -> None:
    rules = make_rules(5, "target", score_tricks=True)
    assert rules.goal_rule == "target" and rules.scoring == "tricks"


# -- the set at the table, deal by deal ------------------------------------------------

def test_the_deal_in_play_shows_the_set_so_far_and_its_end() -> None:
    first = standing(make_rules(5, set_deals=2), _scores((0, 50)))
    options = {"lesson": 5, "set_deals": 2, **first["next_options"]}
    game = MiniBridge(make_rules(**options), deal_with(STRONG_NORTH))
    shown = game.view(E).info["set"]
    assert (shown["set"], shown["deal"], shown["deals"]) == (1, 2, 2)
    assert shown["totals"] == {"NS": 0, "EW": 50} and shown["after"] is None
    announce_all(game)
    game.apply(N, "contract part NT")
    play_to_end(game)
    score = game.result()["score"]
    shown = game.view(E).info["set"]
    assert shown["after"] == {"NS": score["NS"], "EW": 50 + score["EW"]}
    assert shown["over"] is True
    assert shown["winner"] == ("NS" if score["NS"] > 50 + score["EW"] else "EW")
    # The table's standing after both deals says the same.
    both = standing(make_rules(5, set_deals=2), _scores((0, 50), (score["NS"], score["EW"])))
    assert both["totals"] == shown["after"] and both["over"] is True


def test_a_table_without_a_set_shows_none() -> None:
    assert MiniBridge(make_rules(5), deal_with(STRONG_NORTH)).view(N).info["set"] is None


@pytest.mark.parametrize("so_far", [[0, 0, 0, 0], [1, 2, 3], [1, -1, 0, 0], "1,0,0,0",
                                    [1, 0, 0, True]])
def test_a_bad_set_so_far_is_refused(so_far: object) -> None:
    with pytest.raises(RulesError):
        make_rules(5, set_deals=4, set_so_far=so_far)
