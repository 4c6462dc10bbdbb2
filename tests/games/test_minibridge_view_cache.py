"""The engine keeps what its views and checks reuse (the parts of a view that
change only between phases, the announcing order, who controls a position):
whatever it keeps, a game that has been played along must show exactly what
a game freshly replayed from the same log shows, to every seat."""

from __future__ import annotations

import random

import pytest

from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.robots import robot_for
from games.seats import SEATS
from tests.games.minibridge_helpers import random_step

CONFIGS = [(n, None, False) for n in range(1, 7)] + [
    (5, "target", False), (5, "slam", False), (5, "three-simple", False),
    (5, "three-normal", False), (6, "three-normal", False),
    (5, None, True), (6, "three-simple", True), (3, None, True),
]
IDS = [f"lesson-{n}" + (f"-{v}" if v else "") + ("-real" if real else "")
       for n, v, real in CONFIGS]


def _seen_by_everyone(game: MiniBridge) -> dict[str, object]:
    return {"views": [game.view(seat) for seat in (None, *SEATS)],
            "full": game.full_view(),
            "legal": [game.legal_actions(seat) for seat in SEATS],
            "to_act": game.to_act(), "players": game.players()}


@pytest.mark.parametrize("lesson, variant, real_table", CONFIGS, ids=IDS)
def test_a_played_game_shows_what_a_fresh_replay_shows(
        lesson: int, variant: str | None, real_table: bool) -> None:
    rules = make_rules(lesson, variant, real_table)
    rng = random.Random(f"cache:{lesson}:{variant}:{real_table}")
    for board in range(1, 4):
        deal = Deal.for_board(board, rng)
        game = MiniBridge(rules, deal)
        while True:
            # Ask in a varying order, so no answer relies on an earlier question.
            if rng.random() < 0.5:
                game.view(rng.choice(SEATS))
            fresh = MiniBridge.replay(rules, deal, list(game.log))
            assert _seen_by_everyone(game) == _seen_by_everyone(fresh), (game.phase, game.log)
            assert _seen_by_everyone(game.copy()) == _seen_by_everyone(fresh)
            if game.is_over():
                break
            random_step(game, rng, claims=board == 2)


def test_a_robot_seats_views_match_a_fresh_replay_at_every_card() -> None:
    """The benchmark's pattern: one view of the seat to act, then its action."""
    robot = robot_for("minibridge", "beginner")
    rng = random.Random(5)
    for lesson, variant in ((5, None), (6, "slam"), (5, "three-normal")):
        rules = make_rules(lesson, variant)
        for board in range(1, 4):
            deal = Deal.for_board(board, rng)
            game = MiniBridge(rules, deal)
            while not game.is_over():
                seat = game.to_act()[0]
                view = game.view(seat)
                assert view == MiniBridge.replay(rules, deal, list(game.log)).view(seat)
                game.apply(seat, robot.choose(view, rng))


def test_a_listed_card_is_checked_as_the_full_check_would() -> None:
    """A card just offered by legal_actions is accepted without a second check:
    the answer must be the full check's."""
    rng = random.Random(11)
    for lesson, variant, real_table in ((5, None, False), (6, "three-normal", False),
                                        (5, None, True), (2, None, False)):
        rules = make_rules(lesson, variant, real_table)
        game = MiniBridge(rules, Deal.for_board(3, rng))
        while not game.is_over():
            for seat in SEATS:
                for text in game.legal_actions(seat):
                    if not text.startswith("play "):
                        continue  # every count is listed, only the true one passes
                    quick = game._check(seat, text)
                    game._listed = None
                    assert quick == game._check(seat, text), (seat, text)
                    game.legal_actions(seat)
            random_step(game, rng, claims=True)
