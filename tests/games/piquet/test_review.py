"""Piquet's review after the hand (issue 29): "at most three of the pupil's choices
that cost most (... points against the solver or the expert in the other games), each
with what would have kept them and why"."""

from __future__ import annotations

from tests.games.expert_review_helpers import check_golden


def test_a_choice_unlike_the_experts_is_named_with_its_cost_in_points() -> None:
    """Deal 3: at step 7 the pupil chose 'draw' where the expert chose 'discard S8',
    and playing the rest of the hand out both ways it cost him points."""
    check_golden("piquet", 3, 7, "draw", "discard S8")
