"""The Piquet robots: legal from their own view alone, the expert's search
agrees with a plain minimax, its exchange is planned once, and it decides fast."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from games.cards import PACK_32
from games.piquet import ENTRY, Piquet, PiquetRules, deal_piquet, search
from games.piquet.robots import Knowledge, make_robot
from games.protocol import SeatView
from tests.games.piquet.test_playouts import _deal

RULES = PiquetRules()


def _play(robots: dict[str, object], deal, rng: random.Random,
          times: list[float] | None = None) -> Piquet:
    game = Piquet(RULES, deal)
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        assert isinstance(view, SeatView)
        # CPU time: the machine is shared, and its load would be measured too.
        start = time.process_time()
        action = robots[seat.value].choose(view, rng)
        if times is not None and robots[seat.value].level == "expert":
            times.append(time.process_time() - start)
        assert action in view.legal, (action, game.step)
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("levels", [("beginner", "beginner"), ("expert", "beginner"),
                                    ("beginner", "expert")])
def test_robots_play_whole_deals_legally_from_their_own_view(levels: tuple[str, str]) -> None:
    rng = random.Random(f"robots:{levels}")
    robots = {"N": ENTRY.robots.make(levels[0]), "S": ENTRY.robots.make(levels[1])}
    deals = 30 if "expert" not in levels else 4
    for number in range(1, deals + 1):
        game = _play(robots, _deal(rng, number, RULES), rng)
        assert game.is_over()


def test_the_expert_decides_well_under_a_second() -> None:
    rng = random.Random("timing")
    times: list[float] = []
    robots = {"N": make_robot("expert"), "S": make_robot("beginner")}
    for number in range(1, 4):
        _play(robots, deal_piquet(RULES, rng, number), rng, times)
    assert max(times) < 1.0  # bench/piquet.py has the wall-clock figures
    assert statistics.median(times) < 0.3


def test_the_expert_plans_the_same_exchange_at_every_step() -> None:
    game = Piquet(RULES, deal_piquet(RULES, random.Random(4), 1))
    robot = make_robot("expert")
    rng = random.Random(1)
    plan = robot.plan(game.view(game.elder))
    while game.step == "exchange" and game.to_act() == (game.elder,):
        game.apply(game.elder, robot.choose(game.view(game.elder), rng))
    assert sorted(str(c) for c in game.discards[game.elder]) == sorted(plan)


def _minimax(mine: int, other: int, my_lead: bool, won_mine: int, won_other: int) -> int:
    """The plain game tree: every card, no pruning (the text's count, no pique)."""
    if not mine:
        if won_mine == 12:
            return 40
        if won_other == 12:
            return -40
        return 10 if won_mine > 6 else -10 if won_other > 6 else 0
    number = 12 - mine.bit_count() + 1
    leader, follower = (mine, other) if my_lead else (other, mine)
    values = []
    for lead in search.cards_of(leader):
        suit = [c for c in search.cards_of(follower) if c.suit == lead.suit]
        answers = []
        for follow in suit or search.cards_of(follower):
            beats = follow.suit == lead.suit and follow.rank > lead.rank
            winner_me = (not my_lead) if beats else my_lead
            points = 2 if beats else (0 if number == 1 else 1)
            gain = points if winner_me else -points
            lb, fb = search.bit_of(lead), search.bit_of(follow)
            new_mine = mine ^ (lb if my_lead else fb)
            new_other = other ^ (fb if my_lead else lb)
            answers.append(gain + _minimax(new_mine, new_other, winner_me,
                                           won_mine + winner_me, won_other + (not winner_me)))
        values.append(max(answers) if not my_lead else min(answers))
    return max(values) if my_lead else min(values)


def test_the_search_finds_the_same_values_as_a_plain_minimax() -> None:
    rng = random.Random(9)
    for _ in range(60):
        size = rng.randrange(1, 5)
        cards = rng.sample(PACK_32, 2 * size)
        mine, other = search.mask_of(cards[:size]), search.mask_of(cards[size:])
        won = 12 - size
        won_mine = rng.randrange(0, won + 1)
        searcher = search.Searcher(search.Scoring("text", True, -1), node_budget=10**6)
        values = searcher.values(mine, other, True, 0, won_mine, won - won_mine, size)
        best = max(values.values())
        assert best == _minimax(mine, other, True, won_mine, won - won_mine)


def test_the_expert_samples_only_hands_the_opponent_may_hold() -> None:
    game = Piquet(RULES, deal_piquet(RULES, random.Random(12), 1))
    robots = {"N": make_robot("beginner"), "S": make_robot("beginner")}
    rng = random.Random(2)
    while game.step != "play" or len(game.play.tricks) < 4:
        seat = game.to_act()[0]
        game.apply(seat, robots[seat.value].choose(game.view(seat), rng))
    seat = game.to_act()[0]
    knowledge = Knowledge.from_view(game.view(seat))
    other = game.play.hands[game.elder if seat == game.younger else game.younger]
    assert set(other) <= set(knowledge.pool) | set(knowledge.certain)
    for _ in range(20):
        sample = knowledge.sample(rng)
        assert len(sample) == len(other)
        assert not {c.suit for c in sample} & knowledge.voids
