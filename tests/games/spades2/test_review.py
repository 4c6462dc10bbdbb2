"""Two-handed Spades's review after the hand (issue 29): "at most three of the pupil's choices
that cost most (... points against the solver or the expert in the other games), each
with what would have kept them and why"."""

from __future__ import annotations

from games.spades2 import ENTRY
from tests.games.expert_review_helpers import check_golden, expert_hand


def test_a_choice_unlike_the_experts_is_named_with_its_cost_in_points() -> None:
    """Deal 1: at step 5 the pupil chose 'play CJ' where the expert chose 'play C7',
    and playing the rest of the hand out both ways it cost him points."""
    check_golden("spades2", 1, 5, "play CJ", "play C7")


def test_the_reason_names_both_cards_in_words() -> None:
    _, game = expert_hand("spades2", 1, (5, "play CJ"))
    (choice,) = ENTRY.review_hand(game.rules, game.deal, game.log, game.log[5].seat).choices
    assert choice.reason.startswith("The expert would have chosen the seven of clubs, not "
                                    "the jack of clubs: with the rest of the hand played out "
                                    "twice each way")
