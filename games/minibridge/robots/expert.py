"""The expert: imagines the deals it cannot rule out and plays double dummy.

For each card it samples layouts of the hidden cards that agree with all it
has seen (``sampler.py``), asks the double-dummy solver how many tricks each
of its cards then takes, and plays the card with the best total over the
samples; a tie goes to the beginner's card. Before the play, as declarer, it
may weigh the contracts the same way: the expected MiniBridge score of each
over the sampled deals (the ``contract_by_dd`` option, on by default).

It thinks for at most ``budget`` seconds per card (default 0.5) and at most
``samples`` deals. With ``budget=None`` only the sample count limits it, and
the robot is then exactly reproducible for a given ``random.Random``; with a
budget the number of deals it manages, and so rarely its card, can depend on
the machine's speed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from games.bridge.robots.cardtext import SUITS, rank
from games.bridge.robots.play import all_equal, beginner_card, legal_cards
from games.bridge.robots.sampler import hidden_hands, next_batch, sample_deals
from games.bridge.robots.seen import Seen
from games.bridge.robots.solver import declarer_tricks, solve_cards, to_endplay
from games.bridge.target import target_tricks
from games.minibridge.robots import BeginnerRobot, side_points
from games.minibridge.robots.contract import parse_contract
from games.minibridge.rules import (
    SCORE_LAWS,
    SCORE_LESSON_3,
    SCORE_WIN_LOSS,
    MiniBridgeRules,
    make_rules,
)
from games.minibridge.scoring import laws_16_17_score, lesson_3_score
from games.protocol import SeatView

#: Deals solved in the first batch, before the robot knows how fast it goes.
FIRST_BATCH = 2


class ExpertRobot(BeginnerRobot):
    level = "expert"

    def __init__(self, budget: float | None = 0.5, samples: int = 48,
                 contract_budget: float | None = None, contract_samples: int = 16,
                 contract_by_dd: bool = True,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if samples < 1 or contract_samples < 1:
            raise ValueError("the expert needs at least one sample")
        self.budget = budget
        self.samples = samples
        self.contract_budget = (contract_budget if contract_budget is not None
                                else None if budget is None else 4 * budget)
        self.contract_samples = contract_samples
        self.contract_by_dd = contract_by_dd
        self.clock = clock
        #: Deals solved for the last decision (for benchmarks and tests).
        self.last_samples = 0

    def choose(self, view: SeatView, rng: random.Random) -> str:
        # Even a forced action goes through the decision: it resets
        # ``last_samples``, and the expert's draws from ``rng`` stay as they were.
        return self._choose(view, view.legal, rng)

    # -- the play ----------------------------------------------------------------------

    def card(self, seen: Seen, rng: random.Random) -> str:
        cards = legal_cards(seen)
        plain = beginner_card(seen, rng)
        self.last_samples = 0
        if len(cards) == 1 or all_equal(cards, seen):
            return seen.card_actions[plain]
        totals = self._totals(seen, cards, rng)
        best = max(totals.values())
        tied = [c for c in cards if totals[c] == best]
        chosen = plain if plain in tied else min(tied, key=lambda c: (rank(c), SUITS.index(c[0])))
        return seen.card_actions[chosen]

    def _totals(self, seen: Seen, cards: list[str], rng: random.Random) -> dict[str, int]:
        """Tricks each card takes for this side, summed over sampled deals."""
        totals = {c: 0 for c in cards}
        leader = seen.leader or seen.playing
        # One hidden hand (or none) leaves a single possible layout.
        cap = 1 if len(hidden_hands(seen)) <= 1 else self.samples
        for tricks in self._solve_in_batches(seen, rng, cap, self.budget, leader):
            for card in cards:
                totals[card] += tricks.get(card, 0)
        return totals

    def _solve_in_batches(self, seen: Seen, rng: random.Random, cap: int,
                          budget: float | None, leader: str) -> Iterator[dict[str, int]]:
        start = self.clock()
        done = 0
        batch = min(cap, FIRST_BATCH if budget is not None else cap)
        while batch > 0:
            deals = [to_endplay(d, leader, seen.trumps, seen.trick)
                     for d in sample_deals(seen, rng, batch)]
            yield from solve_cards(deals)
            done += batch
            self.last_samples = done
            batch = next_batch(done, cap, budget, self.clock() - start)

    # -- the contract ---------------------------------------------------------------

    def contract(self, seen: Seen, rng: random.Random) -> str:
        plain = super().contract(seen, rng)
        options = [t for t in seen.legal if t.startswith("contract")]
        if not self.contract_by_dd or len(options) < 2 or seen.declarer is None:
            return plain
        values = self._contract_values(seen, seen.declarer, options, rng)
        best = max(values.values())
        if values.get(plain) == best:
            return plain
        return next(t for t in options if values[t] == best)

    def _contract_values(self, seen: Seen, declarer: str, options: list[str],
                         rng: random.Random) -> dict[str, float]:
        """The declaring side's expected score for each contract, over
        sampled deals solved double dummy (declarer's left-hand opponent leads)."""
        rules = make_rules(seen.lesson, seen.variant)
        points = side_points(seen)
        parsed = {t: parse_contract(t) for t in options}
        denominations = sorted({d for _, d in parsed.values()})
        start = self.clock()
        table: list[dict[str | None, int]] = []
        batch = min(self.contract_samples, FIRST_BATCH)
        while batch > 0:
            deals = [to_endplay(d, declarer, None) for d in sample_deals(seen, rng, batch)]
            table += declarer_tricks(deals, declarer, denominations)
            batch = next_batch(len(table), self.contract_samples, self.contract_budget,
                                self.clock() - start)
        self.last_samples = len(table)
        return {t: sum(_score(rules, level, d, row[d], points) for row in table) / len(table)
                for t, (level, d) in parsed.items()}


def _score(rules: MiniBridgeRules, level: str | None, denomination: str, tricks: int,
           points: int) -> float:
    """The declaring side's score less the defenders' (Laws 16-17, the
    MiniLesson 3 scoring, or the target variant's win, with tricks as a
    small tie-break)."""
    if rules.scoring == SCORE_LESSON_3:
        made, against = lesson_3_score(tricks)
        return made - against
    if rules.scoring == SCORE_LAWS and level is not None:  # the Laws' contracts have a level
        made, against = laws_16_17_score(denomination, level, tricks, rules.slam_bonus)
        return made - against
    if rules.scoring == SCORE_WIN_LOSS:
        return (1.0 if tricks >= target_tricks(points) else 0.0) + tricks / 100
    return float(tricks)

