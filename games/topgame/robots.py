"""Top Game robots: a beginner who counts his points, and an expert who weighs
the hands it cannot see.

``make_robot(level, **options).choose(view, rng)`` returns one of ``view.legal``,
given only its seat's :class:`~games.protocol.SeatView` (no peeking).

Both robots do what the rules ask of everyone: the opening leader asks declarer
whether he needs to raise, declarer raises to his tops when his bid is lower
(PENALTY POINTS), and an informer who types dummy's description tells the truth.
They differ in judgement:

* the beginner bids when the points of his hand and of an average dummy promise
  the contract (:mod:`games.topgame.estimate`), chooses trumps by the fit the
  description shows, doubles only with a very strong hand, never redoubles, and
  plays the cards as the MiniBridge beginner does;
* the expert "bids from its hand and its tops": it imagines dummies among the
  unseen cards and bids when the contract's expected score is positive; "chooses
  the strain from the informer's description" by imagining dummies that fit it;
  "doubles with sense" (when the contract is more likely to fail than to make)
  and answers a double by weighing pass, redouble and every change; and "plays by
  double-dummy sampling as the MiniBridge expert does".
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.bridge.robots.cardtext import ALL_CARDS, SUITS, rank
from games.bridge.robots.play import all_equal, beginner_card, legal_cards
from games.bridge.robots.sampler import next_batch
from games.bridge.robots.seen import Seen
from games.protocol import SeatView
from games.topgame import estimate
from games.topgame.contract import tricks_needed

LEVELS = ("beginner", "expert")
#: The beginner doubles with this many tops or more: the contract's high cards are his.
BEGINNER_DOUBLE_TOPS = 6
#: Imagined dummies per bidding or contract decision of the expert.
DUMMIES = 48


# -- reading the view ------------------------------------------------------------------

def unseen_cards(view: SeatView) -> list[str]:
    """Cards in no hand this viewer sees and not yet played."""
    seen = set(view.hand)
    for cards in view.hands.values():
        seen.update(cards)
    for trick in view.tricks:
        seen.update(entry["card"] for entry in trick["cards"])
    if view.trick:
        seen.update(entry["card"] for entry in view.trick["cards"])
    return [c for c in ALL_CARDS if c not in seen]


def seen_from(view: SeatView) -> Seen:
    """The MiniBridge robots' reading of a view, for the card play they share:
    positions are compass letters, declarer plays dummy's cards."""
    info = view.info
    me = info["position"]
    hands = {position: list(cards) for position, cards in view.hands.items()}
    hands[me] = list(view.hand)
    trick = view.trick or {}
    contract = info.get("contract") or {}
    strain = contract.get("strain")
    return Seen(
        me=me, lesson=0, variant=None, phase="play", legal=list(view.legal), signals=False,
        declarer=info["declarer"], dummy=info["dummy"],
        trumps=None if strain in (None, "NT") else strain, to_play=view.to_play,
        hands=hands, hand_sizes=dict(view.hand_sizes), leader=trick.get("leader"),
        trick=[(e["seat"], e["card"]) for e in trick.get("cards", ())],
        raw_tricks=list(view.tricks), announcements=[], side_hcp=None,
        contract={"denomination": strain}, claim=None, positions=dict(info["positions"]))


def _bids(legal: Sequence[str]) -> list[int]:
    return [int(t.split()[1]) for t in legal if t.startswith("bid ")]


def _strain_of(text: str) -> str:
    """"contract 3NT" -> "NT", "change 4H" -> "H"."""
    return text.split()[1].lstrip("0123456789")


# -- what every robot does -----------------------------------------------------------------

def raise_to_tops(view: SeatView) -> str:
    """PENALTY POINTS: "raise your bid at least to the same level as your number of tops"."""
    held = estimate.card_tops(view.hand)
    bid = view.info["final_bid"]
    return "keep" if bid >= held else f"raise {held}"


def inform(view: SeatView) -> str:
    """The true description of dummy, which the informer sees."""
    dummy = view.hands[view.info["dummy"]]
    counts = estimate.lengths(dummy)
    longest = max(counts.values())
    suit = next(s for s in SUITS if counts[s] == longest)  # "SHDC": the highest first on a tie
    return f"inform {suit} {longest} {estimate.card_tops(dummy)}"


# -- the beginner ----------------------------------------------------------------------------

class BeginnerRobot:
    """Counts points and plays simple, sound bridge."""

    level = "beginner"

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the robot was asked to act with nothing legal to do")
        if len(legal) == 1:
            return legal[0]
        action = self.decide(view, legal, rng)
        return action if action in legal else legal[0]

    def decide(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        phase = view.phase
        if phase == "play":
            return self.card(view, rng)
        if phase == "bidding":
            return self.bid(view, legal, rng)
        if phase == "raise":
            return raise_to_tops(view)
        if phase == "inform":
            return inform(view)
        if phase == "contract":
            return self.contract(view, legal, rng)
        if phase == "double":
            return self.double(view, legal, rng)
        if phase == "answer":
            return self.answer(view, legal, rng)
        return legal[0]  # "ask"

    def bid(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        """Bid the lowest number that is legal and at least the tops held, when the
        hand with an average dummy should make the contract or go one down (which
        costs nothing)."""
        bid = _lowest_honest_bid(view.hand, legal)
        if bid is None:
            return "pass"
        dummy = _average_dummy(view.hand)
        value = max(estimate.expected_points(tricks_needed(bid + dummy["tops"], strain), mean,
                                             strain)
                    for strain, mean in _average_tricks(view.hand, dummy).items())
        return f"bid {bid}" if value > 0 else "pass"

    def contract(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        """Trumps in the described suit with eight cards together, else in a six-card
        suit of one's own, else no-trumps (one trick fewer)."""
        told = view.info["description"]
        counts = estimate.lengths(view.hand)
        if counts[told["suit"]] + told["length"] >= 8:
            wanted = told["suit"]
        else:
            long_suits = [s for s in SUITS if counts[s] >= 6]
            wanted = long_suits[0] if long_suits else "NT"
        return next((t for t in legal if _strain_of(t) == wanted), legal[0])

    def double(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        return "double" if estimate.card_tops(view.hand) >= BEGINNER_DOUBLE_TOPS else "pass"

    def answer(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        return "pass"

    def card(self, view: SeatView, rng: random.Random) -> str:
        return "play " + beginner_card(seen_from(view), rng)


def _lowest_honest_bid(hand: Sequence[str], legal: Sequence[str]) -> int | None:
    """The lowest legal bid that is not below the hand's tops (no raise needed)."""
    held = estimate.card_tops(hand)
    bids = [b for b in _bids(legal) if b >= held]
    return min(bids) if bids else None


def _average_dummy(hand: Sequence[str]) -> dict[str, Any]:
    """A third of what the other hands hold: dummy's expected points, tops, lengths."""
    counts = estimate.lengths(hand)
    return {"hcp": (40 - estimate.card_hcp(hand)) / 3,
            "tops": round((12 - estimate.card_tops(hand)) / 3),
            "lengths": {s: (13 - counts[s]) / 3 for s in SUITS}}


def _average_tricks(hand: Sequence[str], dummy: dict[str, Any]) -> dict[str, float]:
    """:func:`estimate.tricks` with an average dummy of fractional lengths."""
    points = estimate.card_hcp(hand) + dummy["hcp"]
    mine = estimate.lengths(hand)
    together = {s: mine[s] + dummy["lengths"][s] for s in SUITS}
    result = {"NT": estimate.NT0 + estimate.NT_HCP * points
              + estimate.NT_LONG * max(0.0, max(together.values()) - 7)}
    for suit in SUITS:
        shortness = max(0, 3 - min(n for s, n in mine.items() if s != suit))
        result[suit] = (estimate.SUIT0 + estimate.SUIT_HCP * points
                        + estimate.SUIT_FIT * (together[suit] - 8)
                        + estimate.SUIT_SHORT * shortness)
    return result


# -- the expert ---------------------------------------------------------------------------------

#: Deals solved in the first batch of a card, before the expert knows its pace: one
#: while the first tricks are played (DDS takes longest over many cards), then two.
FIRST_BATCH = 2
#: Cards still to play above which the first batch is a single deal.
SLOW_POSITION = 40


class ExpertRobot(BeginnerRobot):
    """Imagines the hands it cannot see: dummies for the bidding and the contract,
    whole deals solved double dummy for the card play.

    ``budget``: seconds of card play thinking per card (None: only ``samples``
    limits it, and the robot is then reproducible for a given ``random.Random``);
    ``samples``: the most deals solved for one card.
    """

    level = "expert"

    def __init__(self, budget: float | None = 0.25, samples: int = 32,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if samples < 1:
            raise ValueError("the expert needs at least one sample")
        self.budget = budget
        self.samples = samples
        self.clock = clock
        #: Deals solved for the last card (for benchmarks and tests).
        self.last_samples = 0

    def choose(self, view: SeatView, rng: random.Random) -> str:
        self.last_samples = 0
        return super().choose(view, rng)

    # -- before the play ----------------------------------------------------------------

    def bid(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        """The lowest honest bid, when dummies drawn from the unseen cards give the
        contract (in its best strain) a positive expected score."""
        bid = _lowest_honest_bid(view.hand, legal)
        if bid is None:
            return "pass"
        unseen = unseen_cards(view)
        total = 0.0
        for _ in range(DUMMIES):
            dummy = rng.sample(unseen, 13)
            pn = bid + estimate.card_tops(dummy)
            if pn <= 4:
                continue  # passed out: nothing
            total += max(estimate.expected_points(tricks_needed(pn, strain), mean, strain)
                         for strain, mean in estimate.tricks(view.hand, dummy).items())
        return f"bid {bid}" if total > 0 else "pass"

    def _dummies(self, view: SeatView, rng: random.Random) -> list[list[str]]:
        """Dummies that fit the informer's description."""
        unseen = unseen_cards(view)
        told = view.info["description"]
        return [estimate.sample_dummy(unseen, told, rng) for _ in range(DUMMIES)]

    def _values(self, view: SeatView, strains: Sequence[str],
                rng: random.Random) -> dict[str, tuple[float, float]]:
        """Each strain's (expected points from each opponent, chance to make), over
        dummies that fit the description."""
        pn = view.info["play_number"]
        sums = {s: [0.0, 0.0] for s in strains}
        dummies = self._dummies(view, rng)
        for dummy in dummies:
            means = estimate.tricks(view.hand, dummy)
            for strain in strains:
                needed = tricks_needed(pn, strain)
                sums[strain][0] += estimate.expected_points(needed, means[strain], strain)
                sums[strain][1] += estimate.made_chance(needed, means[strain], strain)
        return {s: (v[0] / len(dummies), v[1] / len(dummies)) for s, v in sums.items()}

    def contract(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        values = self._values(view, [_strain_of(t) for t in legal], rng)
        return max(legal, key=lambda t: values[_strain_of(t)][0])

    def double(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        """Double when the contract fails more often than it makes, by a margin for
        declarer's chance to redouble or run: doubling wins 3 when it fails and
        loses 3 when it makes."""
        info = view.info
        contract = info["contract"]
        unseen = unseen_cards(view)
        made = 0.0
        for _ in range(DUMMIES):
            dummy = estimate.sample_dummy(unseen, info["description"], rng)
            rest = [c for c in unseen if c not in set(dummy)]
            declarer = estimate.sample_hand(rest, 13, rng, most_tops=info["final_bid"])
            strain = contract["strain"]
            mean = estimate.tricks(declarer, dummy)[strain]
            made += estimate.made_chance(contract["tricks"], mean, strain)
        return "double" if made / DUMMIES < 0.4 else "pass"

    def answer(self, view: SeatView, legal: list[str], rng: random.Random) -> str:
        """Doubled: each choice's expected score for declarer, from both opponents
        and the doubler's stake (a change may be doubled again if it looks bad)."""
        info = view.info
        current = info["contract"]["strain"]
        changes = {t: _strain_of(t) for t in legal if t.startswith("change ")}
        values = self._values(view, [current, *changes.values()], rng)
        points, made = values[current]
        scores = {"pass": 2 * points + 3 * (2 * made - 1),
                  "redouble": 2 * points + 6 * (2 * made - 1)}
        for text, strain in changes.items():
            points, made = values[strain]
            scores[text] = 2 * points + min(0.0, 3 * (2 * made - 1))
        return max((t for t in legal if t in scores), key=lambda t: scores[t])

    # -- the play ---------------------------------------------------------------------------

    def card(self, view: SeatView, rng: random.Random) -> str:
        """The card that takes the most tricks over the sampled deals; the opening
        lead by the beginner's rules: DDS needs up to seconds for one 52-card
        position on a slow machine (decision record 0237)."""
        seen = seen_from(view)
        cards = legal_cards(seen)
        plain = beginner_card(seen, rng)
        if len(cards) == 1 or all_equal(cards, seen) or not (seen.raw_tricks or seen.trick):
            return "play " + plain
        totals = dict.fromkeys(cards, 0)
        for solved in self._solutions(view, seen, rng):
            for card in cards:
                totals[card] += solved.get(card, 0)
        best = max(totals.values())
        tied = [c for c in cards if totals[c] == best]
        chosen = plain if plain in tied else min(tied, key=lambda c: (rank(c), SUITS.index(c[0])))
        return "play " + chosen

    def _solutions(self, view: SeatView, seen: Seen,
                   rng: random.Random) -> Iterator[dict[str, int]]:
        """Each sampled deal solved: the tricks each card takes for this side."""
        from games.bridge.robots.solver import solve_cards, to_endplay

        leader = seen.leader or seen.playing
        hidden = [p for p in seen.hand_sizes if p not in seen.hands]
        cap = 1 if len(hidden) <= 1 else self.samples
        start = self.clock()
        done = 0
        first = 1 if sum(seen.hand_sizes.values()) > SLOW_POSITION else FIRST_BATCH
        batch = min(cap, first if self.budget is not None else cap)
        while batch > 0:
            deals = [to_endplay(layout, leader, seen.trumps, seen.trick)
                     for layout in layouts(view, seen, rng, batch)]
            yield from solve_cards(deals)
            done += batch
            self.last_samples = done
            batch = next_batch(done, cap, self.budget, self.clock() - start)


def layouts(view: SeatView, seen: Seen, rng: random.Random,
            count: int) -> list[dict[str, list[str]]]:
    """``count`` layouts of the cards still to play that agree with what the robot
    knows (after the opening lead, with dummy in sight): the hands in sight, the
    voids shown and, for a defender, a declarer who held no more tops than his
    final bid (he raised to his tops, as the rules ask)."""
    from games.bridge.robots.sampler import sample_deals

    deals = sample_deals(seen, rng, count)
    declarer = view.info["declarer"]
    if declarer in seen.hands:
        return deals
    played = seen.played_by.get(declarer, [])
    for index, deal in enumerate(deals):
        for _ in range(5):
            if estimate.card_tops(deal[declarer] + played) <= view.info["final_bid"]:
                break
            deal = sample_deals(seen, rng, 1)[0]
        deals[index] = deal
    return deals


def make_robot(level: str = "beginner", **options: Any) -> BeginnerRobot:
    """A Top Game robot: ``make_robot("expert", budget=0.25, samples=32)``."""
    if level == "beginner":
        if options:
            raise TypeError(f"the beginner takes no options: {sorted(options)}")
        return BeginnerRobot()
    if level == "expert":
        return ExpertRobot(**options)
    raise LookupError(f"no {level!r} Top Game robot (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "BeginnerRobot", "ExpertRobot", "make_robot"]
