"""Deals the expert imagines: every layout of the hidden cards that agrees
with what it has seen.

Known: the robot's own hand, dummy's (and declarer's during a claim), every
card played, each hand's size, the suits a player has shown out of, and the
high card points each player announced (Law 5: they are public), less the
points he has played since. The hidden cards are dealt to the hidden hands
so that all of this holds, each consistent layout equally likely.

With two hidden hands (the usual case once dummy is down) the sampling is
exact and constructive: cards of a suit one hand has shown out of go to the
other; of the rest, the honours that make up the first hand's exact points
are drawn with a small count table (how many ways each choice leaves), then
its spot cards at random. No deal is ever rejected. Three hidden hands occur
only in MiniLessons 1-2 (no dummy, no announcements); they are dealt one
hand at a time in the same way, retrying in the rare case the last hand
cannot take what is left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from games.bridge.robots.cardtext import HCP, hcp
from games.bridge.robots.seen import POSITIONS, Seen, partner_of, side_of

#: With a time budget, the most deals solved in one batch. Solving a deal at
#: the first trick takes DDS anything from milliseconds to a second or more,
#: so the pace of one batch is a poor guide; small batches keep an overrun of
#: the budget to one batch.
MOST_PER_BATCH = 6


@dataclass(frozen=True)
class HiddenHand:
    """What is known of a hand the robot cannot see."""

    position: str
    size: int
    voids: frozenset[str] = frozenset()
    #: Points it still holds, or None when unknown (no announcements).
    points: int | None = None


class NoLayoutError(ValueError):
    """No deal of the hidden cards agrees with what was seen."""


# -- from the view to the constraints --------------------------------------------


def announced_points(seen: Seen) -> dict[str, int]:
    """Each position's points at the deal, as far as the announcements tell.

    Announcements are by the player, about the hand he was dealt; in the
    three-handed games the dealt dummy's points follow by subtraction from
    40. Where that hand lies now: in the simple three-handed game a player
    who moves takes his hand with him (the view's ``positions``); in the
    normal one he leaves it behind as dummy. Any hidden hand whose partner's
    hand is in sight is worked out from the side's total instead, which also
    covers a dealer who exchanged hands with dummy.
    """
    points: dict[str, int] = {}
    for announcement in seen.announcements:
        player = announcement["seat"]
        where = seen.positions.get(player, player) if seen.variant == "three-simple" else player
        points[where] = int(announcement["hcp"])
    missing = [p for p in POSITIONS if p not in points]
    if len(missing) == 1 and len(points) == 3:
        points[missing[0]] = 40 - sum(points.values())
    if seen.side_hcp:
        for position in POSITIONS:
            partner = partner_of(position)
            if not seen.visible(position) and seen.visible(partner):
                held = [*seen.hand_of(partner), *seen.played_by.get(partner, ())]
                total = seen.side_hcp.get(side_of(position))
                if total is not None:
                    points[position] = int(total) - hcp(held)
    return points


def hidden_hands(seen: Seen) -> list[HiddenHand]:
    """The constraints on every hand this robot cannot see."""
    announced = announced_points(seen)
    hands = []
    for position in POSITIONS:
        if seen.visible(position) or position not in seen.hand_sizes:
            continue
        start = announced.get(position)
        points = None if start is None else start - hcp(seen.played_by.get(position, []))
        hands.append(HiddenHand(position, int(seen.hand_sizes[position]),
                                frozenset(seen.voids.get(position, set())), points))
    return hands


# -- dealing the hidden cards ----------------------------------------------------------


def sample_layout(unseen: Sequence[str], hidden: Sequence[HiddenHand],
                  rng: random.Random) -> dict[str, list[str]]:
    """One layout of ``unseen`` among the ``hidden`` hands, honouring sizes,
    voids and points. Raises :class:`NoLayoutError` if none exists."""
    if sum(h.size for h in hidden) != len(unseen):
        raise NoLayoutError("the hidden hands' sizes do not add up to the unseen cards")
    if not hidden:
        return {}
    if len(hidden) == 1:
        only = hidden[0]
        _check_alone(unseen, only)
        return {only.position: list(unseen)}
    for _ in range(50):
        try:
            return _deal_in_turn(list(unseen), list(hidden), rng)
        except _DeadEnd:
            continue
    raise NoLayoutError("no layout found for three hidden hands")


class _DeadEnd(Exception):
    """A hand dealt early left the others an impossible remainder."""


def _check_alone(cards: Sequence[str], hand: HiddenHand) -> None:
    if any(c[0] in hand.voids for c in cards):
        raise NoLayoutError(f"{hand.position} has shown out of a suit it must hold")
    if hand.points is not None and hcp(cards) != hand.points:
        raise NoLayoutError(f"{hand.position}'s points do not match the cards left")


def _deal_in_turn(cards: list[str], hidden: list[HiddenHand],
                  rng: random.Random) -> dict[str, list[str]]:
    """Deal the first hand against all the others taken together, then the rest."""
    first, rest = hidden[0], hidden[1:]
    if len(rest) == 1:
        others = rest[0]
    else:
        # Cards of a suit every other hand has shown out of must be the first's.
        shared = frozenset.intersection(*(h.voids for h in rest))
        known = [h.points for h in rest if h.points is not None]
        points = sum(known) if len(known) == len(rest) else None
        others = HiddenHand("", sum(h.size for h in rest), shared, points)
    try:
        chosen = _split_two(cards, first, others, rng)
    except NoLayoutError:
        if len(rest) == 1:
            raise
        raise _DeadEnd from None
    layout = {first.position: chosen}
    taken = set(chosen)
    left = [c for c in cards if c not in taken]
    if len(rest) == 1:
        _check_alone(left, rest[0])
        layout[rest[0].position] = left
        return layout
    try:
        layout.update(_deal_in_turn(left, rest, rng))
    except NoLayoutError:
        raise _DeadEnd from None
    return layout


def _split_two(cards: Sequence[str], first: HiddenHand, other: HiddenHand,
               rng: random.Random) -> list[str]:
    """The cards of ``first``, drawn uniformly among the splits of ``cards``
    between ``first`` and ``other`` that respect both hands' voids and points."""
    forced: list[str] = []
    free: list[str] = []
    for card in cards:
        if card[0] in first.voids:
            if card[0] in other.voids:
                raise NoLayoutError(f"nobody can hold {card}")
            continue
        (forced if card[0] in other.voids else free).append(card)
    need = first.size - len(forced)
    if need < 0 or need > len(free):
        raise NoLayoutError(f"{first.position} cannot hold the cards its voids force on it")
    target = _points_target(cards, first, other)
    if target is None:
        return forced + rng.sample(free, need)
    target -= hcp(forced)
    honours = [c for c in free if c[1] in HCP]
    spots = [c for c in free if c[1] not in HCP]
    picked = _draw_honours(honours, len(spots), need, target, rng)
    return forced + picked + rng.sample(spots, need - len(picked))


def _points_target(cards: Sequence[str], first: HiddenHand, other: HiddenHand) -> int | None:
    if first.points is not None:
        if other.points is not None and first.points + other.points != hcp(cards):
            raise NoLayoutError("the announced points do not add up to the unseen cards")
        return first.points
    if other.points is not None:
        return hcp(cards) - other.points
    return None


def _draw_honours(honours: list[str], spots: int, need: int, target: int,
                  rng: random.Random) -> list[str]:
    """Honours for a hand of ``need`` free cards holding exactly ``target``
    points, each choice weighted by the ways the spot cards complete it.

    ``ways[i][p][c]``: subsets of ``honours[i:]`` worth ``p`` points in ``c`` cards.
    """
    if target < 0:
        raise NoLayoutError("a hidden hand would need fewer than no points")
    n = len(honours)
    values = [HCP[c[1]] for c in honours]
    top = max(need, 0)
    ways = [[[0] * (top + 1) for _ in range(target + 1)] for _ in range(n + 1)]
    ways[n][0][0] = 1
    for i in range(n - 1, -1, -1):
        v = values[i]
        below, here = ways[i + 1], ways[i]
        for p in range(target + 1):
            for c in range(top + 1):
                count = below[p][c]
                if p >= v and c >= 1:
                    count += below[p - v][c - 1]
                here[p][c] = count

    def completions(i: int, points: int, taken: int) -> int:
        if points < 0 or taken > need:
            return 0
        return sum(ways[i][points][c] * comb(spots, need - taken - c)
                   for c in range(0, need - taken + 1))

    if completions(0, target, 0) == 0:
        raise NoLayoutError("no hand of that size holds exactly those points")
    picked: list[str] = []
    points, taken = target, 0
    for i, card in enumerate(honours):
        with_it = completions(i + 1, points - values[i], taken + 1)
        without = completions(i + 1, points, taken)
        if rng.random() * (with_it + without) < with_it:
            picked.append(card)
            points -= values[i]
            taken += 1
    return picked


def sample_deals(seen: Seen, rng: random.Random, count: int) -> list[dict[str, list[str]]]:
    """``count`` full layouts of the cards still to be played: the hands in
    sight plus one sampled layout of the hidden ones each time.

    If the view's facts contradict each other (a revoke at a real table makes
    a false void), the robot forgets the voids, then the points, rather than
    give up.
    """
    unseen = seen.unseen()
    hidden = hidden_hands(seen)
    attempts = [hidden,
                [HiddenHand(h.position, h.size, frozenset(), h.points) for h in hidden],
                [HiddenHand(h.position, h.size) for h in hidden]]
    visible = {p: list(cards) for p, cards in seen.hands.items() if p in seen.hand_sizes}
    for constraints in attempts:
        try:
            return [dict(visible, **sample_layout(unseen, constraints, rng)) for _ in range(count)]
        except NoLayoutError:
            continue
    raise NoLayoutError("the cards seen cannot be laid out at all")


def next_batch(done: int, cap: int, budget: float | None, elapsed: float) -> int:
    """How many more deals to imagine and solve: what fits in ``budget`` (seconds;
    ``None``, no limit), judging by the pace so far, up to ``cap`` deals in all."""
    if done >= cap:
        return 0
    if budget is None:
        return cap - done
    if elapsed >= budget:
        return 0
    pace = elapsed / done
    more = int((budget - elapsed) / pace) if pace > 0 else cap - done
    return max(0, min(cap - done, more, MOST_PER_BATCH))
