"""Every game with a review after the hand (issue 29) reviews any finished hand for
each of its seats: "at most three of the pupil's choices that cost most", and never a
choice of another seat's."""

from __future__ import annotations

import random

import pytest

from games.protocol import MOST_CHOICES, POINTS, TRICKS, CostlyChoice, costliest
from games.registry import GameEntry, catalogue

#: Games whose review is still to come; the list only shrinks.
NO_REVIEW_YET: set[str] = set()


def test_every_game_has_a_review_but_the_known_gaps() -> None:
    assert {e.name for e in catalogue() if e.review is None} == NO_REVIEW_YET


@pytest.mark.parametrize("entry", [e for e in catalogue() if e.review is not None],
                         ids=lambda e: e.name)
def test_each_seat_is_reviewed_on_its_own_choices_only(entry: GameEntry) -> None:
    """A hand played by the beginner robots: each seat's review names at most three of
    that seat's own actions, each with what the seat did, something else that would have
    kept the cost, a cost above 0 in tricks or points and a reason; costliest first."""
    rules = entry.rules()
    rng = random.Random(f"review:{entry.name}")
    assert entry.deal is not None
    deal = entry.deal(rules, rng, 1)
    game = entry.game_class(rules, deal)
    robot = entry.robot("beginner")
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    for seat in game.players():
        review = entry.review_hand(rules, deal, game.log, seat)
        assert review is not None and review.seat == seat.value
        assert len(review.choices) <= MOST_CHOICES
        costs = [(-c.cost, c.step) for c in review.choices]
        assert costs == sorted(costs), f"{entry.name} {seat}: not costliest first"
        for choice in review.choices:
            where = f"{entry.name} {seat} step {choice.step}"
            assert game.log[choice.step].seat == seat, f"{where}: another seat's action"
            assert game.log[choice.step].text == choice.chosen, where
            assert choice.better != choice.chosen and choice.cost > 0, where
            assert choice.unit in (TRICKS, POINTS) and choice.reason.strip(), where


def test_the_three_costliest_are_kept_costliest_first_the_earlier_on_a_tie() -> None:
    def choice(step: int, cost: float) -> CostlyChoice:
        return CostlyChoice(step, "play S2", "play SA", cost, TRICKS, "Why.")

    kept = costliest([choice(1, 1), choice(2, 0), choice(3, 2), choice(4, 1), choice(5, 2),
                      choice(6, 1)])
    assert [(c.step, c.cost) for c in kept] == [(3, 2), (5, 2), (1, 1)]
