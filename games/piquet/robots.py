"""The robots that play Piquet, each given only its own seat's view.

* The **beginner** plays as a pupil learns to: it keeps its longest suit and
  its high cards and exchanges the rest (five as elder, three as younger),
  declares everything fully and answers truthfully, leads the top of its
  longest suit, wins a trick as cheaply as it can and otherwise plays low.
* The **expert** exchanges for combinations and tricks by sampling the talon
  (:func:`plan_exchange`), declares fully and answers with all it holds, asks
  which suit and top card each sequence of its opponent is in, and plays
  the twelve tricks by sampling the hand it cannot see, consistent with all it
  knows (:class:`Knowledge`), and searching each sample with both hands open
  (:mod:`games.piquet.search`): exactly to the end once few tricks are left,
  a few tricks deep before.

A robot answers with one of ``view.legal``. The exchange is one card a call
("discard S7" ... "draw"): the robot plans the whole exchange from its hand
with a generator seeded by that hand, so each call of the same exchange
finds the same plan.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.cards import PACK_32, Card, Rank, Suit
from games.piquet import search
from games.piquet.combinations import CLASSES
from games.piquet.game import ELDER_MOST, TALON_SIZE
from games.piquet.scoring import PIQUE_THRESHOLD, REPIQUE, SEQUENCE_SCORES, first_to_thirty
from games.protocol import SeatView

LEVELS = ("beginner", "expert")
_CARD = {str(c): c for c in PACK_32}


def make_robot(level: str = "beginner", **options: Any) -> PiquetRobot:
    """``make_robot("expert")``: the registry's maker (``ENTRY.robots.make``).
    The expert takes ``samples`` (hands of the opponent tried a card) and
    ``budget`` (positions searched a decision) to trade strength for speed."""
    if level not in LEVELS:
        raise LookupError(f"no {level!r} robot for Piquet (levels: {', '.join(LEVELS)})")
    if level == "beginner":
        return BeginnerRobot()
    return ExpertRobot(**options)


def _cards(texts: Iterable[str]) -> list[Card]:
    return [_CARD[t] for t in texts]


class PiquetRobot:
    """What both robots share: the steps where there is nothing to weigh."""

    level = "robot"
    #: Whether it asks the suit and top card of each sequence its opponent declares.
    asks = False

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the robot was asked to act with nothing it may do")
        if len(legal) == 1:
            return legal[0]
        step = view.info["step"]
        if step == "claim":
            # Elder says how many he will exchange: the exchange he plans.
            plan = self.plan(view)
            return f"carte blanche {max(1, len(plan))}"
        if step == "exchange":
            return self._exchange_step(view)
        if step == "untaken":
            return self.untaken(view, rng)
        if step == "answer":
            return self.answer(view)
        declarations = [a for a in legal if _is_declaration(a)]
        if declarations:
            return self.declare(view, declarations)
        asks = [a for a in legal if a.startswith("ask ")]
        if asks and self.asks:
            return asks[0]
        plays = [a for a in legal if a.startswith("play ")]
        return self.play(view, plays, rng)

    # -- the exchange ------------------------------------------------------------------

    def _exchange_step(self, view: SeatView) -> str:
        """One step of the planned exchange: put aside the next planned card,
        take back one not planned, then draw."""
        plan = set(self.plan(view))
        aside = set(view.info["mine"]["set_aside"])
        legal = set(view.legal)
        for text in sorted(aside - plan):
            if f"keep {text}" in legal:
                return f"keep {text}"
        for text in sorted(plan - aside):
            if f"discard {text}" in legal:
                return f"discard {text}"
        return "draw" if "draw" in legal else sorted(legal)[0]

    def plan(self, view: SeatView) -> list[str]:
        """The cards to exchange, as texts."""
        raise NotImplementedError

    # -- the declarations ----------------------------------------------------------------

    def declare(self, view: SeatView, declarations: list[str]) -> str:
        """Declare fully: each offer is listed best first, an extra sequence or set
        before the next class; "no point" only when nothing else is offered."""
        return declarations[0]

    def answer(self, view: SeatView) -> str:
        """Answer with all it holds: "not good" if it can beat, else "equal", else "good"."""
        for word in ("not good", "equal", "good"):
            if word in view.legal:
                return word
        return view.legal[0]

    def untaken(self, view: SeatView, rng: random.Random) -> str:
        return "conceal"

    # -- the play ---------------------------------------------------------------------------

    def play(self, view: SeatView, plays: list[str], rng: random.Random) -> str:
        raise NotImplementedError


def _is_declaration(action: str) -> bool:
    verb = action.split()[0]
    return verb in CLASSES or verb in ("also", "no")


# -- the beginner ----------------------------------------------------------------------------

class BeginnerRobot(PiquetRobot):
    """Simple, fast and legal: the habits a pupil is taught first."""

    level = "beginner"

    def plan(self, view: SeatView) -> list[str]:
        least, most = view.info["mine"].get("limits", (1, 5))
        if view.info["step"] == "claim":
            least, most = 1, 5
        is_elder = view.seat == view.info["elder"]
        count = min(most, 5 if is_elder else 3)
        count = max(count, least)
        hand = _cards(view.hand)
        longest = max(Suit, key=lambda s: (sum(c.suit == s for c in hand), s.order))
        # The lowest cards outside the longest suit go first.
        order = sorted(hand, key=lambda c: (c.suit == longest, c.rank, c.suit.order))
        return [str(c) for c in order[:count]]

    def untaken(self, view: SeatView, rng: random.Random) -> str:
        return "face"

    def play(self, view: SeatView, plays: list[str], rng: random.Random) -> str:
        cards = [_CARD[p.split()[1]] for p in plays]
        trick = view.trick or {"cards": []}
        if not trick["cards"]:
            hand = _cards(view.hand)
            longest = max(Suit, key=lambda s: (sum(c.suit == s for c in hand), s.order))
            in_suit = [c for c in cards if c.suit == longest] or cards
            return f"play {max(in_suit, key=lambda c: c.rank)}"
        led = _CARD[trick["cards"][0]["card"]]
        winners = [c for c in cards if c.suit == led.suit and c.rank > led.rank]
        if winners:
            return f"play {min(winners, key=lambda c: c.rank)}"
        return f"play {min(cards, key=lambda c: (c.rank, c.suit.order))}"


# -- what a player knows --------------------------------------------------------------------

@dataclass
class Knowledge:
    """What the robot's view tells it of the hand it cannot see.

    ``pool``: the cards that may be in the opponent's hand; ``certain``: those
    that are (cards elder looked at and younger then drew, sequences named in
    full, a quatorze); ``voids``: suits he has shown out of; ``declared``: what he
    declared, checked against each sample with the cards he has played;
    ``size``: how many cards he holds.
    """

    me: str
    other: str
    hand: list[Card]
    pool: list[Card]
    certain: list[Card]
    voids: set[Suit]
    declared: list[dict[str, Any]]
    played_by_other: list[Card]
    size: int
    #: A proved carte blanche: the opponent's dealt hand, and how many he exchanged.
    proof: list[Card] = field(default_factory=list)
    exchanged: int = 0

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        info = view.info
        me = view.seat or ""
        other = "N" if me == "S" else "S"
        hand = _cards(view.hand)
        played: list[tuple[str, Card]] = []
        voids: set[Suit] = set()
        tricks = list(info.get("tricks", ())) + ([view.trick] if view.trick else [])
        for trick in tricks:
            cards = [(entry["seat"], _CARD[entry["card"]]) for entry in trick["cards"]]
            played += cards
            if len(cards) == 2 and cards[1][0] == other and cards[1][1].suit != cards[0][1].suit:
                voids.add(cards[0][1].suit)
        mine = info.get("mine", {})
        gone = set(hand) | {c for _, c in played} | set(_cards(mine.get("discards", ())))
        gone |= set(_cards(info["untaken"].get("seen", ())))
        peeked = _cards(mine.get("peeked", ()))
        taken = _cards(mine.get("peeked_taken_by_younger", ()))
        certain = [c for c in taken if c not in gone]
        if info["exchange"][other]["done"] and info["exchange"][me]["done"]:
            # Elder's look: the cards younger did not take stayed in the talon.
            gone |= {c for c in peeked if c not in taken}
        declared = [d for d in info.get("declarations", ()) if d["seat"] == other]
        for d in declared:
            for card in _named_cards(d):
                if card not in gone and card not in certain:
                    certain.append(card)
        proof: list[Card] = []
        exchanged = 0
        for claim in info.get("carte_blanche", ()):
            if claim["seat"] == other and claim.get("proof"):
                proof = _cards(claim["proof"])
                exchanged = info["exchange"][other]["count"] or 0
        pool = [c for c in PACK_32 if c not in gone and c not in certain]
        size = view.hand_sizes[other]
        return cls(me, other, hand, pool, certain, voids, declared,
                   [c for s, c in played if s == other], size, proof, exchanged)

    # Sampling the opponent's hand.

    def sample(self, rng: random.Random, tries: int = 60) -> list[Card]:
        """One hand the opponent may hold: every card known to be there, the rest
        from the pool, none of a suit he has shown out of, and his declarations
        true of it (with the cards he has played). After ``tries`` failures the
        declarations are let go, then the voids (a sample is always found)."""
        wanted = self.size - len(self.certain)
        if wanted <= 0:
            return list(self.certain[:self.size])
        open_pool = [c for c in self.pool if c.suit not in self.voids]
        if len(open_pool) < wanted:
            open_pool = list(self.pool)
        if self.proof and self.exchanged:
            found = self._sample_from_proof(rng, open_pool, wanted, tries)
            if found is not None:
                return found
        for _attempt in range(tries):
            hand = self.certain + rng.sample(open_pool, wanted)
            if self.fits(hand):
                return hand
        return self.certain + rng.sample(open_pool, wanted)

    def _sample_from_proof(self, rng: random.Random, pool: list[Card], wanted: int,
                           tries: int) -> list[Card] | None:
        """A proved carte blanche: he kept all but ``exchanged`` of the dealt cards
        (those not yet played), and drew the rest."""
        kept_pool = [c for c in self.proof if c in pool]
        drawn_pool = [c for c in pool if c not in self.proof]
        for _attempt in range(tries):
            keep = min(len(kept_pool), max(0, 12 - self.exchanged - len(self.played_by_other)))
            keep = min(keep, wanted)
            if wanted - keep > len(drawn_pool):
                return None
            hand = self.certain + rng.sample(kept_pool, keep) + rng.sample(drawn_pool,
                                                                          wanted - keep)
            if self.fits(hand):
                return hand
        return None

    def fits(self, hand: Sequence[Card]) -> bool:
        """Whether every declaration of the opponent's is true of ``hand`` with the
        cards he has played."""
        if not self.declared:
            return True
        held = list(hand) + self.played_by_other
        return all(_holds(held, d) for d in self.declared)


def _named_cards(declared: dict[str, Any]) -> list[Card]:
    """The cards a declaration names outright: a sequence with its suit and top
    card told, a quatorze."""
    if declared["kind"] == "sequence" and "suit" in declared and "top" in declared:
        suit, top = Suit.from_str(declared["suit"]), Rank.from_str(declared["top"])
        return [Card(suit, Rank(int(top) - i)) for i in range(declared["size"])]
    if declared["kind"] == "set" and declared["size"] == 4:
        rank = Rank.from_str(declared["rank"])
        return [Card(suit, rank) for suit in Suit]
    return []


def _holds(cards: Sequence[Card], declared: dict[str, Any]) -> bool:
    kind, size = declared["kind"], declared["size"]
    suits = [Suit.from_str(declared["suit"])] if "suit" in declared else list(Suit)
    if kind == "set":
        rank = Rank.from_str(declared["rank"])
        return bool(sum(c.rank == rank for c in cards) >= size)
    for suit in suits:
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        if kind == "point":
            if len(ranks) < size:
                continue
            if "value" in declared and sum(_pip(r) for r in ranks[:size]) != declared["value"]:
                continue
            return True
        if _has_run(ranks, size, Rank.from_str(declared["top"]) if "top" in declared else None):
            return True
    return False


def _pip(rank: Rank) -> int:
    return 11 if rank == Rank.ACE else min(10, int(rank))


def _has_run(ranks: list[Rank], length: int, top: Rank | None) -> bool:
    held = set(ranks)
    tops = [top] if top is not None else list(held)
    return any(all(Rank(int(t) - i) in held if int(t) - i >= 7 else False
                   for i in range(length)) for t in tops)


# -- the expert ------------------------------------------------------------------------------

class ExpertRobot(PiquetRobot):
    """Exchanges by sampling the talon, declares fully, plays by sampling and search."""

    level = "expert"
    asks = True

    def __init__(self, samples: int = 0, budget: int = 8_000, exact: int = 7,
                 depth: int = 3) -> None:
        #: Hands of the opponent tried for each card (0: chosen by how many tricks are left).
        self.samples = samples
        #: Positions searched over all the samples of one decision, at most.
        self.budget = budget
        #: From how many cards in hand the search goes to the end, and how many
        #: tricks deep it looks before that.
        self.exact = exact
        self.depth = depth
        #: The exchanges planned, by what they were planned from (one call a card).
        self._plans: dict[str, list[str]] = {}

    # The exchange.

    def plan(self, view: SeatView) -> list[str]:
        info = view.info
        hand = _cards(view.hand)
        is_elder = view.seat == info["elder"]
        if info["step"] == "claim":
            least, most = 1, 5
        else:
            least, most = info["mine"].get("limits", (1, 5))
        mine = info.get("mine", {})
        known = set(hand) | set(_cards(mine.get("discards", ())))
        for claim in info.get("carte_blanche", ()):
            if claim.get("proof") and claim["seat"] != view.seat:
                known |= set(_cards(claim["proof"]))
        pool = [c for c in PACK_32 if c not in known]
        # The same hand always gives the same plan (one call a card of it).
        seed = f"{' '.join(view.hand)}|{info['board']}|{least}|{most}|{len(pool)}"
        plan = self._plans.get(seed)
        if plan is None:
            rng = random.Random(seed)
            plan = [str(c) for c in plan_exchange(hand, pool, least, most, is_elder, rng)]
            if len(self._plans) > 64:
                self._plans.clear()
            self._plans[seed] = plan
        return plan

    # The play.

    def play(self, view: SeatView, plays: list[str], rng: random.Random) -> str:
        if len(plays) == 1:
            return plays[0]
        knowledge = Knowledge.from_view(view)
        mine = search.mask_of(knowledge.hand)
        trick = view.trick or {"cards": []}
        led = _CARD[trick["cards"][0]["card"]] if trick["cards"] else None
        left = len(knowledge.hand)
        samples, depth = self._effort(left)
        info = view.info
        me_elder = view.seat == info["elder"]
        scores = view.score or {}
        elder_score = scores.get(info["elder"], 0)
        younger_score = scores.get(info["younger"], 0)
        pique_from = -1
        if (info.get("pique") is None and info.get("repique") is None and younger_score == 0
                and elder_score < PIQUE_THRESHOLD):
            pique_from = elder_score
        won = view.tricks_won
        scoring = search.Scoring(info["rules"]["counting"], me_elder, pique_from)
        legal = {search.bit_of(_CARD[p.split()[1]]): p for p in plays}
        totals = dict.fromkeys(legal, 0.0)
        budget = max(200, self.budget // samples)
        for _ in range(samples):
            other = search.mask_of(knowledge.sample(rng))
            searcher = search.Searcher(scoring, node_budget=budget)
            values = searcher.values(mine, other, led is None,
                                     search.bit_of(led) if led else 0,
                                     won.get(knowledge.me, 0), won.get(knowledge.other, 0), depth)
            for bit in legal:
                totals[bit] += values[search.group_of(bit, mine, other)]
        # Equal values: the lower card (keep the higher one for later).
        best = max(legal, key=lambda bit: (totals[bit], -bit))
        return legal[best]

    def _effort(self, left: int) -> tuple[int, int]:
        """How many samples, and how many tricks deep, for ``left`` cards in hand:
        to the end once that is cheap (the search is exact there), a few tricks
        deep while the hands are long."""
        if left <= 5:
            samples, depth = 16, left
        elif left <= self.exact:
            samples, depth = 6, left
        else:
            samples, depth = 10, self.depth
        return (self.samples or samples), depth


def plan_exchange(hand: list[Card], pool: list[Card], least: int, most: int, is_elder: bool,
                  rng: random.Random, draws: int = 32) -> list[Card]:
    """The cards to exchange: of the likeliest candidates (the cards whose loss
    costs the hand least, a few swaps, and the beginner's rule of keeping the
    longest suit), the set whose exchange does best on average over ``draws``
    samples. A sample is the top of the talon (any of the unseen cards, to this
    player) and a hand for the opponent from the rest, improved by an exchange
    of his own; the candidate's hand is then scored against it
    (:func:`deal_value`: the declarations as they would be answered, repique,
    and a guess at the tricks)."""
    mask = search.mask_of(hand)
    base = hand_value(mask)
    losses = sorted(hand, key=lambda c: (base - hand_value(mask ^ search.bit_of(c)),
                                         c.rank, c.suit.order))
    candidates: list[tuple[Card, ...]] = []
    top = min(most, len(losses))
    for count in range(least, top + 1):
        chosen = tuple(losses[:count])
        candidates.append(chosen)
        for swap in range(count, min(count + 3, len(losses))):
            candidates.append(chosen[:-1] + (losses[swap],))
            if count >= 2:
                candidates.append(chosen[:-2] + (chosen[-1], losses[swap]))
    longest = max(Suit, key=lambda s: (sum(c.suit == s for c in hand), s.order))
    plain = sorted(hand, key=lambda c: (c.suit == longest, c.rank, c.suit.order))
    candidates.append(tuple(plain[:max(least, min(top, 5 if is_elder else 3))]))
    pool_bits = [search.bit_of(c) for c in pool]
    orders = [rng.sample(pool_bits, len(pool_bits)) for _ in range(draws)]
    opponents: dict[int, list[int]] = {}
    best_value, best = -1e9, candidates[0] if candidates else ()
    for candidate in dict.fromkeys(candidates):
        kept = mask
        for card in candidate:
            kept ^= search.bit_of(card)
        count = len(candidate)
        if count not in opponents:
            # The opponent's exchange, roughly: younger takes what elder leaves,
            # elder five.
            theirs = TALON_SIZE - count if is_elder else ELDER_MOST
            opponents[count] = [_improved(order[most:most + 12 + theirs], 12)
                                for order in orders]
        total = 0.0
        for order, other in zip(orders, opponents[count], strict=True):
            mine = kept
            for bit in order[:count]:
                mine |= bit
            total += deal_value(mine, other, is_elder)
        value = total / len(orders)
        if value > best_value:
            best_value, best = value, candidate
    return list(best)


def _improved(bits: list[int], size: int) -> int:
    """A hand of ``size`` from ``bits`` as an exchange improves it: the lowest cards
    outside the longest suit go."""
    suits = [0, 0, 0, 0]
    for bit in bits:
        suits[(bit.bit_length() - 1) // 8] += 1
    longest = max(range(4), key=lambda s: suits[s])
    kept = sorted(bits, key=lambda b: ((b.bit_length() - 1) // 8 == longest,
                                       (b.bit_length() - 1) % 8), reverse=True)[:size]
    mask = 0
    for bit in kept:
        mask |= bit
    return mask


def deal_value(mine: int, other: int, is_elder: bool) -> float:
    """My points less the opponent's for a deal between these two hands, as far as
    a quick look can tell: the point, sequence and set compared as younger
    would answer them (the better scores, equality scores nobody), repique, and
    :func:`games.piquet.search.estimate` of the tricks with elder to lead."""
    my_point, my_run, my_runs, my_set, my_sets = _combinations(mine)
    their_point, their_run, their_runs, their_set, their_sets = _combinations(other)
    order: list[tuple[str, int]] = []
    if my_point != their_point:
        order.append(("me", my_point[0]) if my_point > their_point else ("them", their_point[0]))
    if my_run != their_run:
        order.append(("me", my_runs) if my_run > their_run else ("them", their_runs))
    if my_set != their_set:
        order.append(("me", my_sets) if my_set > their_set else ("them", their_sets))
    value = 0.0
    for who, points in order:
        value += points if who == "me" else -points
    bonus = first_to_thirty(order)
    if bonus == "me":
        value += REPIQUE
    elif bonus == "them":
        value -= REPIQUE
    return value + search.estimate(mine, other, is_elder, 0, 0, "text")


def _combinations(mask: int) -> tuple[tuple[int, int], tuple[int, int], int, int, int]:
    """(point count and value), (longest run and its top), the score of all runs,
    the best set (size and rank) as one number, and the score of all sets."""
    best_point = (0, 0)
    best_run = (0, 0)
    runs_score = 0
    for shift in (0, 8, 16, 24):
        holding = (mask >> shift) & 0xFF
        point = (_COUNT_OF[holding], _PIP_OF[holding])
        if point > best_point:
            best_point = point
        run = _RUN_OF[holding]
        if run > best_run:
            best_run = run
        runs_score += _RUNS_OF[holding][1]
    best_set = sets_score = 0
    for rank_bit in (7, 6, 5, 4, 3):
        held = ((mask >> rank_bit) & 1) + ((mask >> (8 + rank_bit)) & 1) + \
            ((mask >> (16 + rank_bit)) & 1) + ((mask >> (24 + rank_bit)) & 1)
        if held >= 3:
            sets_score += 14 if held == 4 else 3
            best_set = max(best_set, held * 16 + rank_bit)
    if best_run[0] == 0:
        runs_score = 0
    return best_point, best_run, runs_score, best_set, sets_score


# -- what a hand is worth, quickly -----------------------------------------------------------

# Chances of winning a class with a given best combination, from the
# distribution of the best point, sequence and set in random hands of twelve,
# raised a little for the exchange (see docs/rules/piquet.md, "Robots").
_POINT_WINS = {0: 0.0, 1: 0.0, 2: 0.0, 3: 0.02, 4: 0.2, 5: 0.55, 6: 0.88, 7: 0.98, 8: 1.0}
_SEQUENCE_WINS = {0: 0.0, 3: 0.45, 4: 0.8, 5: 0.95, 6: 1.0, 7: 1.0, 8: 1.0}
_PIPS = (7, 8, 9, 10, 10, 10, 10, 11)


def _suit_tables() -> tuple[list[int], list[int], list[tuple[int, int]], list[float]]:
    """For each holding of one suit (a byte, bit 0 the seven): its pip value,
    its longest run and the score of all its runs, and the tricks it may take."""
    pips, counts, runs, tricks = [], [], [], []
    for holding in range(256):
        ranks = [i for i in range(8) if holding >> i & 1]
        counts.append(len(ranks))
        pips.append(sum(_PIPS[i] for i in ranks))
        longest, score, length = 0, 0, 0
        for i in range(9):
            if i < 8 and holding >> i & 1:
                length += 1
            else:
                if length >= 3:
                    score += SEQUENCE_SCORES[min(length, 8)]
                longest = max(longest, length)
                length = 0
        runs.append((longest if longest >= 3 else 0, score))
        length = len(ranks)
        value = 0.0
        if holding >> 7 & 1:
            value += 1.0
        if holding >> 6 & 1:
            value += 0.75 if length >= 2 else 0.35
        if holding >> 5 & 1:
            value += 0.45 if length >= 3 else 0.15
        if holding >> 4 & 1 and length >= 4:
            value += 0.25
        value += max(0, length - 4) * 0.7
        tricks.append(value)
    return pips, counts, runs, tricks


_PIP_OF, _COUNT_OF, _RUNS_OF, _TRICKS_OF = _suit_tables()


def _longest_runs() -> list[tuple[int, int]]:
    """For each holding of one suit: its longest run of three or more and that
    run's top card (the higher one when two are as long); (0, 0) for none."""
    found = []
    for holding in range(256):
        best = (0, 0)
        length = 0
        for i in range(8):
            length = length + 1 if holding >> i & 1 else 0
            if length >= 3 and (length, i) > best:
                best = (length, i)
        found.append(best)
    return found


_RUN_OF = _longest_runs()


def hand_value(mask: int) -> float:
    """A quick worth of a twelve-card hand in points: each class's score times
    the chance of winning it, and the tricks' points with the bonus for the
    cards. Used to weigh exchanges; the play is searched, not guessed."""
    best_point = (0, 0)
    best_run, runs_score = 0, 0
    tricks = 0.0
    for shift in (0, 8, 16, 24):
        holding = (mask >> shift) & 0xFF
        count = _COUNT_OF[holding]
        point = (count, _PIP_OF[holding])
        if point > best_point:
            best_point = point
        longest, score = _RUNS_OF[holding]
        if longest > best_run:
            best_run = longest
        runs_score += score
        tricks += _TRICKS_OF[holding]
    value = _POINT_WINS[best_point[0]] * best_point[0]
    if best_point[0] == 5:
        value += (best_point[1] - 40) * 0.02
    value += _SEQUENCE_WINS[best_run] * runs_score
    sets_score = 0
    best_set = 0
    for rank_bit in (7, 6, 5, 4, 3):  # ace down to ten
        held = ((mask >> rank_bit) & 1) + ((mask >> (8 + rank_bit)) & 1) + \
            ((mask >> (16 + rank_bit)) & 1) + ((mask >> (24 + rank_bit)) & 1)
        if held >= 3:
            sets_score += 14 if held == 4 else 3
            best_set = max(best_set, (held - 2) * 10 + rank_bit)
    if best_set:
        chance = 0.95 if best_set >= 20 else 0.35 + 0.05 * (best_set - 13)
        value += chance * sets_score
    value += 1.6 * tricks
    if tricks > 6:
        value += min(10.0, (tricks - 6) * 8)
    elif tricks < 5:
        value -= min(10.0, (5 - tricks) * 6)
    return value
