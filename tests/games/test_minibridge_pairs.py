"""MiniBridge played by pairs over boards: what duplicate sessions and leagues ask of it."""

from __future__ import annotations

import importlib

import pytest

from games.deals import Deal
from games.minibridge import pairs
from games.registry import game_entry
from games.seats import Seat, Side


def test_the_entry_names_its_pairs_module():
    assert importlib.import_module(game_entry("minibridge").pairs) is pairs


def test_every_session_variant_is_one_of_the_entrys_variants_and_playable_by_pairs():
    entry = game_entry("minibridge")
    variants = {variant.key: variant for variant in entry.variants}
    for key in pairs.SESSION_VARIANTS:
        assert pairs.session_refusal(variants[key].options) is None


def test_a_session_at_lesson_one_or_three_handed_is_refused_with_the_reason():
    assert "MiniLesson 2" in pairs.session_refusal({"lesson": 1})
    assert "four players" in pairs.session_refusal({"lesson": 5, "variant": "three-simple"})


def test_only_the_target_variant_is_won_or_lost():
    assert pairs.won_or_lost({"lesson": 5, "variant": "target"})
    assert not pairs.won_or_lost({"lesson": 5})


def test_a_twenty_twenty_deal_is_never_a_board():
    for seed in range(200):
        deal = Deal.from_seed(seed)
        assert pairs.board_redealt(deal) == (deal.side_hcp(Side.NS) == 20)


def test_a_league_by_target_plays_the_target_variant():
    assert pairs.league_options(True) == {"lesson": 5, "variant": "target"}
    assert pairs.league_options(False) == {"lesson": 5}


def test_a_result_without_cards_against_the_target_is_a_win_or_a_loss():
    made = pairs.result_without_cards(won_by_target=True, declarer=Seat.SOUTH, contract="H",
                                      combined_hcp=25, tricks=9)
    assert (made.goal, made.declaring, made.defending) == (9, 1, 0)
    down = pairs.result_without_cards(won_by_target=True, declarer=Seat.SOUTH, contract="H",
                                      combined_hcp=25, tricks=8)
    assert (down.declaring, down.defending) == (0, 1)


def test_a_result_without_cards_by_score_needs_part_score_or_game():
    result = pairs.result_without_cards(won_by_target=False, declarer=Seat.NORTH,
                                        contract="4H", combined_hcp=26, tricks=10)
    assert (result.goal, result.contract) == (10, "4HN=")
    with pytest.raises(pairs.ResultError, match="part-score or game"):
        pairs.result_without_cards(won_by_target=False, declarer=Seat.NORTH, contract="H",
                                   combined_hcp=26, tricks=10)
    with pytest.raises(pairs.ResultError, match="names only the trump suit"):
        pairs.result_without_cards(won_by_target=True, declarer=Seat.NORTH, contract="4H",
                                   combined_hcp=26, tricks=10)
