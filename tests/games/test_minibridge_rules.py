"""The MiniLessons and variants as rules values, found through the registry."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.deals import Deal
from games.minibridge import ENTRY, MiniBridge, MiniBridgeRules, RulesError, make_rules
from games.registry import find_game, game_entry, new_game


def test_find_game_returns_the_rules_of_a_lesson() -> None:
    rules = find_game("minibridge", lesson=3)
    assert isinstance(rules, MiniBridgeRules)
    assert (rules.lesson, rules.variant, rules.real_table) == (3, None, False)
    assert find_game("minibridge", lesson=5, variant="target", real_table=True).real_table


def test_rules_are_frozen_values() -> None:
    rules = make_rules(5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.lesson = 3  # type: ignore[misc]
    assert make_rules(5) == rules and hash(make_rules(5)) == hash(rules)


def test_each_lesson_adds_the_booklets_idea() -> None:
    one, two, three, four, five, six = (make_rules(n) for n in range(1, 7))
    assert not one.has_dummy and not one.announces_hcp and one.denominations == ("NT",)
    assert dataclasses.replace(two, lesson=1, title=one.title) == one
    assert three.has_dummy and three.announces_hcp and three.denominations == ("NT",)
    assert three.tie_rule == "pair-chooses" and not three.clockwise_announcements
    assert four.denominations == ("C", "D", "H", "S", "NT") and four.levels == ()
    assert five.levels == ("part", "game") and five.clockwise_announcements
    assert five.tie_rule == "first-announced" and not five.signals
    assert dataclasses.replace(six, lesson=5, signals=False, title=five.title) == five


def test_variants_are_data_on_top_of_lessons_five_and_six() -> None:
    assert make_rules(5, "target").goal_rule == "target"
    assert make_rules(6, "slam").levels == ("part", "game", "slam")
    assert make_rules(6, "slam").signals
    assert make_rules(5, "three-simple").three_handed
    assert make_rules(5, "three-normal").seating == "three-normal"


@pytest.mark.parametrize("lesson", [1, 2, 3, 4])
def test_a_variant_needs_lesson_five_or_six(lesson: int) -> None:
    with pytest.raises(RulesError, match="MiniLesson 5 or 6"):
        make_rules(lesson, "target")


@pytest.mark.parametrize("options", [{"lesson": 0}, {"lesson": 7}, {"lesson": "3"},
                                     {"lesson": 5, "variant": "chicago"}])
def test_unknown_options_are_refused_clearly(options: dict) -> None:
    with pytest.raises(RulesError):
        find_game("minibridge", **options)


def test_the_entry_lists_the_six_lessons_and_the_variants_for_the_home_page() -> None:
    assert game_entry("minibridge") is ENTRY
    keys = [v.key for v in ENTRY.variants]
    assert keys == [f"lesson-{n}" for n in range(1, 7)] + [
        "lesson-5-target", "lesson-5-slam", "lesson-5-three-simple", "lesson-5-three-normal"]
    for variant in ENTRY.variants:
        assert variant.title and variant.summary and "\n" not in variant.summary
        assert ENTRY.rules(**variant.options).key == variant.key


def test_new_game_and_the_site_dealer_make_a_minibridge_hand() -> None:
    game = new_game("minibridge", Deal.from_seed(1), lesson=4)
    assert isinstance(game, MiniBridge) and game.rules.lesson == 4
    deal = ENTRY.deal(make_rules(5), random.Random(2), board=3)
    assert deal.board == 3 and deal.dealer.value == "S"
    assert make_rules(5, "slam").options() == {"lesson": 5, "variant": "slam", "real_table": False}
