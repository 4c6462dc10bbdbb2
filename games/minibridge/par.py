"""MiniBridge par: the best goal the declaring side can reach, double dummy.

Bridge's par is a contest: each side bids on, doubled sacrifices included, until
the other gains nothing. MiniBridge has none of that. The side with more points
declares and the member with more points is declarer (Law 7); he chooses a
denomination and "Game" or "Part-score" (Law 9), and nobody doubles. So a
MiniBridge par is the contract, among those the lesson allows, that scores most
for Law 7's declarer when he takes the tricks the double-dummy table gives him
(docs/decisions/0430-minibridge-in-its-own-words.md):

* the score is the lesson's (Laws 16-17, MiniLessons 3-4's 50 + 40 a trick, the
  target's win or loss, where a win with more tricks to spare ranks higher);
* of contracts scoring the same, the one taking more tricks is par (a target
  reached with tricks to spare); those still equal are all par, listed no-trumps,
  spades, hearts, diamonds, clubs;
* the other side's best is worked out the same way, with its own Law 7 declarer,
  for the teacher to show; it is not par, since that side never declares: when
  both sides could make game, the points decide, as they do at the table.

The table is plain data, ``{"N": {"C": 9, ..., "NT": 10}, ...}``, as
:func:`games.bridge.analysis.dd_table_data` gives it, so this module needs no solver.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.bridge.target import target_tricks
from games.deals import Deal
from games.minibridge import scoring
from games.minibridge.rules import (
    GOAL_LAW_10,
    GOAL_SEVEN,
    GOAL_TARGET,
    TIE_PAIR_CHOOSES,
    MiniBridgeRules,
)
from games.minibridge.words import Played, declaring_score, played_words
from games.seats import Seat, Side

#: The order of the hand record's table and of tied par contracts.
_DISPLAY_ORDER = ("NT", "S", "H", "D", "C")


@dataclass(frozen=True)
class SideBest:
    """The contracts a side scores most with, double dummy, if it declares."""

    side: Side
    points: int
    contracts: tuple[Played, ...]
    #: The declaring side's score less the defenders' (target: 1 a win, -1 a loss;
    #: ``None`` where each side only counts its tricks).
    score: int | None

    def words(self, rules: MiniBridgeRules) -> tuple[str, ...]:
        return tuple(played_words(p, rules) for p in self.contracts)


@dataclass(frozen=True)
class MiniBridgePar:
    """Par (the declaring side's best) and the other side's best for comparison."""

    declaring: SideBest
    other: SideBest


def minibridge_par(rules: MiniBridgeRules, deal: Deal,
                   table: Mapping[str, Mapping[str, int]]) -> MiniBridgePar | None:
    """Par of ``deal`` under ``rules`` from its double-dummy ``table``; ``None``
    where nobody declares (MiniLessons 1-2, Law 6's twenty points each) or the
    table lacks a seat or denomination."""
    if not rules.announces_hcp or not rules.has_dummy or rules.three_handed:
        return None
    points = {side: deal.side_hcp(side) for side in Side}
    if points[Side.NS] == points[Side.EW]:
        return None
    try:
        best = {side: _side_best(rules, deal, table, side, points[side]) for side in Side}
    except (KeyError, TypeError, ValueError):
        return None  # a table that is not a whole double-dummy table
    side = Side.NS if points[Side.NS] > points[Side.EW] else Side.EW
    return MiniBridgePar(best[side], best[side.other])


def _side_best(rules: MiniBridgeRules, deal: Deal, table: Mapping[str, Mapping[str, int]],
               side: Side, combined: int) -> SideBest:
    candidates = []
    for declarer in _law_7_declarers(rules, deal, side):
        for denomination in _DISPLAY_ORDER:
            if denomination not in rules.denominations:
                continue
            tricks = int(table[declarer.value][denomination])
            for level in rules.levels or (None,):
                goal = _goal(rules, level, denomination, combined)
                played = Played(denomination, level, goal, declarer, tricks)
                score = declaring_score(played, rules)
                # More tricks break a tie: a win with tricks to spare, or where
                # each side only counts its tricks.
                rank = (tricks if score is None else score, tricks)
                candidates.append((rank, played, score))
    top = max(rank for rank, _, _ in candidates)
    best = tuple(p for rank, p, _ in candidates if rank == top)
    score = next(s for rank, _, s in candidates if rank == top)
    return SideBest(side, combined, best, score)


def _goal(rules: MiniBridgeRules, level: str | None, denomination: str, combined: int) -> int:
    if rules.goal_rule == GOAL_LAW_10 and level is not None:
        return scoring.law_10_goal(level, denomination)
    if rules.goal_rule == GOAL_TARGET:
        # A side with fewer than 21 points never declares: its target is the lowest.
        return target_tricks(max(combined, 21))
    if rules.goal_rule == GOAL_SEVEN:
        return scoring.SEVEN
    raise ValueError(f"no goal in {rules.key}")


def _law_7_declarers(rules: MiniBridgeRules, deal: Deal, side: Side) -> tuple[Seat, ...]:
    """Law 7: "The declarer is the member of the declaring side with more high card
    points; if they each have the same number, then declarer is the player who
    announced his points first" (MiniLessons 3-4: the tied pair chooses, so either)."""
    first, second = side.seats
    if deal.hcp(first) != deal.hcp(second):
        return (first if deal.hcp(first) > deal.hcp(second) else second,)
    if rules.tie_rule == TIE_PAIR_CHOOSES:
        return side.seats
    order = [deal.dealer]
    while len(order) < 4:
        order.append(order[-1].next)
    return (next(seat for seat in order if seat in side.seats),)

