"""Preference robots: a beginner and an expert, each seeing only its own seat's view.

The beginner plays by a few simple rules (bid with a long suit or aces, discard low
cards, defend with two high cards, win a trick when it can and else play low).

The expert estimates its tricks for every contract with and without the talon and
bids as far as its best contract allows; discards the two cards that leave the
best contract; defends, drops out or invites by the defenders' quotas; says kontra
when the defence is clearly stronger; and plays by sampling the cards it cannot
see (consistent with the suits each player has shown out of and with the talon shown
to all, which no defender holds; the bidding is not read into the samples) and solving
each sample exactly (:mod:`games.preference.solver`). A budget of
search nodes, not of time, bounds a decision, so the same seed plays the same game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.cards import PACK_32, Card, Rank, Suit
from games.preference.bidding import BETTEL, HIGHEST, LOWEST, SANS
from games.preference.solver import SUIT_INDEX, SearchTooLong, Solver, bits_of, card_bit

LEVELS: tuple[str, ...] = ("beginner", "expert")

_CARD = {str(card): card for card in PACK_32}
#: Section 2: the trump suit of each suit contract.
TRUMPS: dict[int, Suit] = {2: Suit.SPADES, 3: Suit.DIAMONDS, 4: Suit.HEARTS, 5: Suit.CLUBS}
_SUITS = (Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS)


def make_robot(level: str = "beginner", **options: Any) -> Beginner | Expert:
    if level == "beginner":
        return Beginner()
    if level == "expert":
        return Expert(**options)
    raise LookupError(f"no {level!r} robot for Preference (levels: {', '.join(LEVELS)})")


# -- reading the view -------------------------------------------------------------------------

def _cards(texts: Iterable[str] | None) -> list[Card]:
    return [_CARD[t] for t in texts or ()]


@dataclass
class Table:
    """What a robot reads from its view, as cards and seats."""

    seat: str
    phase: str
    legal: tuple[str, ...]
    hand: list[Card]
    info: Mapping[str, Any]
    view: Any

    @classmethod
    def of(cls, view: Any) -> Table:
        return cls(view.seat, view.phase, tuple(view.legal), _cards(view.hand), view.info, view)

    @property
    def declarer(self) -> str | None:
        return self.info.get("declarer")

    @property
    def contract(self) -> Mapping[str, Any] | None:
        return self.info.get("contract")

    def talon(self) -> list[Card]:
        return _cards(self.info.get("talon"))

    def played(self) -> list[tuple[str, Card]]:
        """Every card played so far, completed tricks first, with who played it."""
        cards = [(c["seat"], _CARD[c["card"]]) for t in self.info.get("tricks", ())
                 for c in t["cards"]]
        trick = self.view.trick
        if trick:
            cards += [(c["seat"], _CARD[c["card"]]) for c in trick["cards"]]
        return cards


# -- judging a hand -------------------------------------------------------------------------------

def by_suit(hand: Iterable[Card]) -> dict[Suit, list[int]]:
    """Each suit's ranks, highest first (7 = the ace, 0 = the seven)."""
    suits: dict[Suit, list[int]] = {s: [] for s in _SUITS}
    for card in hand:
        suits[card.suit].append(int(card.rank) - int(Rank.SEVEN))
    for ranks in suits.values():
        ranks.sort(reverse=True)
    return suits


def _side_tricks(ranks: Sequence[int]) -> float:
    """Tricks a side suit takes by its high cards: an ace, a guarded king, a queen
    with two guards (each suit has only eight cards, two opponents share the rest)."""
    length = len(ranks)
    tricks = 0.0
    held = set(ranks)
    if 7 in held:
        tricks += 0.95
        if 6 in held:
            tricks += 0.85 if length >= 2 else 0.0
            if 5 in held and length >= 3:
                tricks += 0.6
        elif 5 in held and length >= 3:
            tricks += 0.35
    elif 6 in held and length >= 2:
        tricks += 0.55
        if 5 in held and length >= 3:
            tricks += 0.4
    elif 5 in held and length >= 3:
        tricks += 0.3
    if length >= 5:
        tricks += 0.4 * (length - 4)  # long cards once the suit is played out
    return tricks


def _trump_tricks(ranks: Sequence[int]) -> float:
    """Trump tricks: the top honours held and the length (eight trumps in the pack)."""
    length = len(ranks)
    held = set(ranks)
    tricks = 0.0
    for rank, worth, guards in ((7, 1.0, 1), (6, 0.8, 2), (5, 0.6, 3), (4, 0.4, 4)):
        if rank in held and length >= guards:
            tricks += worth
    tricks += max(0.0, length - 3) * 0.85
    return min(float(length), tricks)


#: The share of side-suit winners that survive, by the declarer's number of trumps.
_SIDE_KEPT = (0.35, 0.45, 0.55, 0.7, 0.85, 1.0)


def suit_tricks(hand: Iterable[Card], trumps: Suit) -> float:
    """The tricks ``hand`` should take as declarer with ``trumps``: trump tricks, side
    high cards, and ruffs in short side suits with trumps to spare."""
    suits = by_suit(hand)
    trump_ranks = suits[trumps]
    total = _trump_tricks(trump_ranks)
    spare = max(0, len(trump_ranks) - 3)
    # With few trumps the defenders, holding the rest, ruff the side winners.
    keep = _SIDE_KEPT[min(len(trump_ranks), len(_SIDE_KEPT) - 1)]
    for suit in _SUITS:
        if suit == trumps:
            continue
        ranks = suits[suit]
        total += keep * _side_tricks(ranks)
        if spare and len(ranks) <= 1:
            ruffs = min(spare, 2 - len(ranks))
            total += 0.6 * ruffs
            spare -= ruffs
    return total


def sans_tricks(hand: Iterable[Card]) -> float:
    """Tricks without trumps: high cards, and a long suit only with its top cards
    (anything else the defence runs first)."""
    total = 0.0
    stopped = 0
    for ranks in by_suit(hand).values():
        total += _side_tricks(ranks)
        if ranks and (ranks[0] == 7 or (ranks[0] == 6 and len(ranks) >= 2)):
            stopped += 1
    return total - 0.7 * (4 - stopped)


def bettel_risk(hand: Iterable[Card]) -> float:
    """How many tricks a Bettel declarer may be forced to take: in each suit, a card
    higher than the low cards of the suit protect (the seven is always safe, a nine
    with the seven, and so on), and a singleton high card counts as a sure loser."""
    risk = 0.0
    for ranks in by_suit(hand).values():
        for index, rank in enumerate(sorted(ranks)):
            excess = rank - 2 * index
            if excess > 0:
                risk += min(1.0, 0.35 * excess)
    return risk


def declarer_tricks(hand: Iterable[Card], value: int) -> float:
    hand = list(hand)
    if value == SANS:
        return sans_tricks(hand)
    return suit_tricks(hand, TRUMPS[value])


#: The logistic curves of :func:`make_chance`: (slope, centre) on the trick estimate.
#: Exact solutions of random deals (bench/preference_calibrate.py; docs/benchmarks.md,
#: "Preference") make a suit half the time at an estimate of 4.8-4.9, Sans at 4.0 and a
#: Bettel at a risk of 0.65; the curves here are a little flatter and more cautious, as
#: players at the table see less than the solver does.
_SUIT_CURVE = (1.3, 4.9)
_SANS_CURVE = (1.4, 4.1)
_BETTEL_CURVE = (2.4, 0.55)


def make_chance(hand: Iterable[Card], value: int) -> float:
    """The chance of making contract ``value`` with ``hand`` (a logistic curve on the
    trick estimate, or on the Bettel risk)."""
    hand = list(hand)
    if value == BETTEL:
        slope, centre = _BETTEL_CURVE
        return 1.0 / (1.0 + math.exp(slope * (bettel_risk(hand) - centre)))
    slope, centre = _SANS_CURVE if value == SANS else _SUIT_CURVE
    return 1.0 / (1.0 + math.exp(-slope * (declarer_tricks(hand, value) - centre)))


def contract_worth(value: int, game: bool, chance: float) -> float:
    """What a contract is worth on average in the final reckoning's units: its basic
    score ten times over in the declarer column, won or lost, less the defenders'
    tricks in their bulas (about two tricks' worth when it is made, four when not)."""
    basic = 2 * (value + (1 if game else 0))
    return basic * (chance * (10 - 2) - (1 - chance) * (10 + 4))


def defence_tricks(hand: Iterable[Card], trumps: Suit | None) -> float:
    """A defender's tricks against a contract: aces, guarded kings, and trumps that
    survive the declarer's (who holds most of them)."""
    suits = by_suit(hand)
    total = 0.0
    for suit, ranks in suits.items():
        held = set(ranks)
        length = len(ranks)
        if trumps is not None and suit == trumps:
            total += 0.9 * (7 in held) + 0.6 * (6 in held and length >= 2) \
                + 0.35 * (5 in held and length >= 3) + 0.3 * max(0, length - 3)
            continue
        if 7 in held:
            total += 0.9 if length <= 5 else 0.6
            if 6 in held and length <= 4:
                total += 0.6
        elif 6 in held and length >= 2:
            total += 0.5
        elif 5 in held and length >= 3:
            total += 0.2
        if trumps is None and length >= 5 and (7 in held or 6 in held):
            total += 0.5 * (length - 4)
    if trumps is not None:
        trump_count = len(suits[trumps])
        shortest = min(len(suits[s]) for s in _SUITS if s != trumps)
        if trump_count >= 1 and shortest == 0:
            total += 0.5
    return total


# -- the beginner ---------------------------------------------------------------------------------

class Beginner:
    """Simple, fast and legal: a few rules a new player would follow."""

    level = "beginner"

    def choose(self, view: Any, rng: random.Random) -> str:
        legal = list(view.legal)
        if not legal:
            raise ValueError("this robot has nothing to do now")
        if len(legal) == 1:
            return str(legal[0])
        table = Table.of(view)
        phase = table.phase
        if phase in ("auction", "reveal"):
            return self._bid(table, legal)
        if phase == "exchange":
            return self._discard(table, legal)
        if phase == "contract":
            return self._contract(table, legal)
        if phase == "defence":
            strong = _high_cards(table.hand) >= 2
            for choice in (("defend" if strong else "drop out"), "play alone", "pass"):
                if choice in legal:
                    return choice
        if phase == "kontra":
            return "pass"
        return self._play(table, legal)

    @staticmethod
    def _bid(table: Table, legal: list[str]) -> str:
        suits = by_suit(table.hand)
        longest = max(len(r) for r in suits.values())
        aces = sum(1 for c in table.hand if c.rank == Rank.ACE)
        if table.phase == "reveal":
            return _first(legal, ("silent",)) or legal[0]
        if longest >= 5 or aces >= 3:
            bid = _first(legal, ("bid 2", "bid 3", "same"))
            if bid:
                return bid
        return "pass"

    @staticmethod
    def _discard(table: Table, legal: list[str]) -> str:
        suits = by_suit(table.hand)
        longest = max(_SUITS, key=lambda s: len(suits[s]))
        put = set(table.info.get("put_aside") or ())
        choices = [c for c in table.hand if str(c) not in put and f"discard {c}" in legal]
        choices.sort(key=lambda c: (c.suit == longest, int(c.rank)))
        return f"discard {choices[0]}"

    @staticmethod
    def _contract(table: Table, legal: list[str]) -> str:
        contracts = [a for a in legal if a.startswith("contract ")]
        kept = [c for c in table.hand if str(c) not in set(table.info.get("put_aside") or ())]
        suits = by_suit(kept)
        for value in sorted(TRUMPS, key=lambda v: -len(suits[TRUMPS[v]])):
            if f"contract {value}" in contracts:
                return f"contract {value}"
        return contracts[0]

    @staticmethod
    def _play(table: Table, legal: list[str]) -> str:
        cards = [_CARD[a.split()[1]] for a in legal]
        trick = table.view.trick
        contract = table.contract or {}
        trumps = Suit(contract["trumps"]) if contract.get("trumps") else None
        bettel = contract.get("value") == BETTEL
        on_table = [_CARD[c["card"]] for c in trick["cards"]] if trick else []
        if not on_table:
            pick = min(cards, key=lambda c: int(c.rank)) if bettel \
                else max(cards, key=lambda c: int(c.rank))
            return f"play {pick}"
        winning = [c for c in cards if _beats_all(c, on_table, trumps)]
        if bettel and table.seat == table.declarer:
            losing = [c for c in cards if c not in winning]
            pick = max(losing, key=lambda c: int(c.rank)) if losing \
                else min(cards, key=lambda c: int(c.rank))
        elif winning:
            pick = max(winning, key=lambda c: int(c.rank))
        else:
            pick = min(cards, key=lambda c: int(c.rank))
        return f"play {pick}"


def _first(legal: Sequence[str], wanted: Iterable[str]) -> str | None:
    for choice in wanted:
        if choice in legal:
            return choice
    return None


def _high_cards(hand: Iterable[Card]) -> int:
    return sum(1 for c in hand if c.rank in (Rank.ACE, Rank.KING))


def _beats_all(card: Card, on_table: Sequence[Card], trumps: Suit | None) -> bool:
    best = on_table[0]
    for played in on_table[1:]:
        if _beats(played, best, trumps):
            best = played
    return _beats(card, best, trumps)


def _beats(card: Card, best: Card, trumps: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return trumps is not None and card.suit == trumps


# -- the expert -----------------------------------------------------------------------------------

#: Search nodes one play decision may use (about a tenth of a second on a slow machine).
PLAY_BUDGET = 6000
#: Samples of the hidden cards per play decision, at most and (budget allowing) at least.
MOST_SAMPLES = 16
FEWEST_SAMPLES = 3
#: Talons tried when judging the exchange during the bidding.
TALON_SAMPLES = 8
#: The chance of making a contract that a bid needs: with the talon, and without it (a
#: game). A failed contract costs its score, the defenders' tricks and any penalty
#: spared, so a bid needs better than even chances.
NUMBER_CHANCE = 0.55
GAME_CHANCE = 0.66


class Expert:
    """Bids from an estimate of its tricks with and without the talon, discards well,
    defends by the quota, says kontra when the defence is clearly stronger, and plays
    by solving samples of the hidden cards exactly."""

    level = "expert"

    def __init__(self, budget: int = PLAY_BUDGET, samples: int = MOST_SAMPLES) -> None:
        self.budget = budget
        self.samples = samples
        # A hand's plan, worked out at its first call and kept for the later ones.
        self._plans: dict[tuple[Card, ...], tuple[int | None, int | None]] = {}

    def choose(self, view: Any, rng: random.Random) -> str:
        legal = list(view.legal)
        if not legal:
            raise ValueError("this robot has nothing to do now")
        if len(legal) == 1:
            return str(legal[0])
        table = Table.of(view)
        phase = table.phase
        if phase in ("auction", "reveal"):
            return self._bid(table, legal, rng)
        if phase in ("exchange", "contract"):
            return self._exchange(table, legal)
        if phase == "defence":
            return self._defend(table, legal)
        if phase == "kontra":
            return self._kontra(table, legal)
        return self._play(table, legal, rng)

    # -- the bidding ------------------------------------------------------------------------

    def _plan(self, table: Table, rng: random.Random) -> tuple[int | None, int | None]:
        """The highest number this hand will bid (taking the talon) and the game it
        would play without the talon (None: neither)."""
        hand = table.hand
        key = tuple(sorted(hand))
        if key in self._plans:
            return self._plans[key]
        if len(self._plans) > 64:
            self._plans.clear()
        unseen = [c for c in PACK_32 if c not in set(hand)]
        game_value, game_worth = None, 0.0
        for value in range(LOWEST, HIGHEST + 1):
            chance = make_chance(hand, value)
            worth = contract_worth(value, True, chance)
            if chance >= GAME_CHANCE and worth > game_worth:
                game_value, game_worth = value, worth
        # With the talon: the best contract after the best two discards, on average.
        talon_chances = {value: 0.0 for value in range(LOWEST, HIGHEST + 1)}
        for _ in range(TALON_SAMPLES):
            talon = rng.sample(unseen, 2)
            twelve = hand + talon
            for value in talon_chances:
                talon_chances[value] += _greedy_keep(twelve, value) / TALON_SAMPLES
        number = None
        for value, chance in talon_chances.items():
            if chance >= NUMBER_CHANCE:
                number = value
        self._plans[key] = (number, game_value)
        return number, game_value

    def _bid(self, table: Table, legal: list[str], rng: random.Random) -> str:
        number, game = self._plan(table, rng)
        if table.phase == "reveal":
            reveals = [a for a in legal if a.startswith("reveal ")]
            mine = game if game is not None else _best_game(table.hand)
            wanted = {BETTEL: "reveal bettel", SANS: "reveal sans"}.get(mine, f"reveal {mine}")
            if wanted in reveals:
                return wanted
            return "silent" if "silent" in legal else reveals[0]
        if game is not None:
            call = {BETTEL: "bettel", SANS: "sans"}.get(game, "game")
            if call in legal:
                return call
        if number is None:
            return "pass"
        if "same" in legal and table.info.get("high") is not None \
                and number >= table.info["high"]:
            return "same"
        for action in legal:
            if action.startswith("bid ") and int(action.split()[1]) <= number:
                return action
        return "pass"

    # -- the exchange and the contract ---------------------------------------------------------

    def _exchange(self, table: Table, legal: list[str]) -> str:
        info = table.info
        bid = info.get("bid") or {}
        lowest = bid.get("value") or LOWEST
        game = bool(bid.get("game"))
        put = [_CARD[t] for t in info.get("put_aside") or ()]
        hand = table.hand
        best: tuple[float, int, tuple[Card, ...]] | None = None
        for value in range(lowest, HIGHEST + 1):
            if game:
                kept, chance = hand, make_chance(hand, value)
                discards: tuple[Card, ...] = ()
            else:
                kept, chance = _best_keep(hand, value)
                discards = tuple(c for c in hand if c not in kept)
            worth = contract_worth(value, game, chance)
            if best is None or worth > best[0]:
                best = (worth, value, discards)
        assert best is not None
        _, value, discards = best
        for card in put:
            if card not in discards:
                return f"take back {card}"
        for card in discards:
            if card not in put and f"discard {card}" in legal:
                return f"discard {card}"
        wanted = {BETTEL: "contract bettel", SANS: "contract sans"}.get(value,
                                                                       f"contract {value}")
        return wanted if wanted in legal else next(a for a in legal if a.startswith("contract"))

    # -- the defence ----------------------------------------------------------------------------

    def _defend(self, table: Table, legal: list[str]) -> str:
        contract = table.contract or {}
        trumps = Suit(contract["trumps"]) if contract.get("trumps") else None
        mine = defence_tricks(table.hand, trumps)
        if "kontra" in legal:  # a plain two: kontra (quota five with the partner) or concede
            return "kontra" if mine >= 3.3 else "pass"
        if "invite" in legal:
            return "invite" if mine >= 3.0 else "play alone"
        decisions = table.info.get("decisions") or {}
        partner_dropped = "drop out" in decisions.values()
        needed = 1.9 if not partner_dropped else 1.8
        return "defend" if mine >= needed else "drop out"

    def _kontra(self, table: Table, legal: list[str]) -> str:
        info = table.info
        contract = table.contract or {}
        value = contract.get("value")
        if table.seat == table.declarer:
            kept = table.hand
            tricks = 0.0 if value is None or value == BETTEL else declarer_tricks(kept, value)
            return "rekontra" if "rekontra" in legal and tricks >= 8.3 else "pass"
        if info.get("kontra"):
            return "pass"  # the defence does not double again
        trumps = Suit(contract["trumps"]) if contract.get("trumps") else None
        mine = defence_tricks(table.hand, trumps)
        roles = info.get("roles") or {}
        partner = next((s for s in info.get("defenders", ()) if s != table.seat), None)
        partner_share = 1.8 if roles.get(partner) == "defends" else 1.0
        return "kontra" if "kontra" in legal and mine + partner_share >= 5.6 else "pass"

    # -- the play --------------------------------------------------------------------------------

    def _play(self, table: Table, legal: list[str], rng: random.Random) -> str:
        cards = [_CARD[a.split()[1]] for a in legal]
        if len({(c.suit, _run_key(c, table)) for c in cards}) == 1:
            return f"play {min(cards)}"
        position = Position.of(table)
        values: dict[Card, float] = {c: 0.0 for c in cards}
        solved = used = 0
        # Enough samples, or the budget spent (a sample that would pass it is given up).
        for _ in range(self.samples * 2):
            if solved >= self.samples or (solved >= FEWEST_SAMPLES and used >= self.budget):
                break
            allowed = 2 * self.budget - used
            if allowed <= 0:
                break
            hands = position.sample(rng)
            if hands is None:
                continue
            try:
                scores, nodes = position.score(hands, cards, allowed)
            except SearchTooLong:
                break
            used += nodes
            solved += 1
            for card, score in scores.items():
                values[card] += score
        if not solved:
            return Beginner._play(table, legal)
        best = max(values.values())
        good = [c for c in cards if values[c] >= best - 1e-9]
        return f"play {min(good, key=lambda c: (int(c.rank), c.suit.order))}"


def _run_key(card: Card, table: Table) -> int:
    """Cards of one suit with no unplayed card of another hand between them share a key."""
    gone = {c for _, c in table.played()} | set(table.hand)
    rank = int(card.rank)
    while rank < int(Rank.ACE):
        above = Card(card.suit, Rank(rank + 1))
        if above not in gone:
            break
        rank += 1
    return rank


def _best_game(hand: Sequence[Card]) -> int:
    return max(range(LOWEST, HIGHEST + 1),
               key=lambda v: contract_worth(v, True, make_chance(hand, v)))


def _greedy_keep(twelve: Sequence[Card], value: int) -> float:
    """The chance of contract ``value`` after discarding, one at a time, the card whose
    loss hurts least (quicker than trying every pair, for the bidding)."""
    kept = list(twelve)
    while len(kept) > 10:
        kept.remove(max(kept, key=lambda c: make_chance([k for k in kept if k != c], value)))
    return make_chance(kept, value)


def _best_keep(twelve: Sequence[Card], value: int) -> tuple[list[Card], float]:
    """The ten cards to keep of twelve for contract ``value`` and its chance."""
    best: tuple[list[Card], float] | None = None
    for pair in combinations(range(len(twelve)), len(twelve) - 10):
        kept = [c for i, c in enumerate(twelve) if i not in pair]
        chance = make_chance(kept, value)
        if best is None or chance > best[1]:
            best = (kept, chance)
    assert best is not None
    return best


# -- sampling the hidden cards and solving ---------------------------------------------------------

@dataclass
class Position:
    """A play position as the robot knows it: its own cards, the players in the tricks,
    the cards played, and what each other player may hold."""

    me: str
    players: tuple[str, ...]
    declarer: str
    trumps: Suit | None
    bettel: bool
    mine: list[Card]
    sizes: dict[str, int]
    unseen: list[Card]
    #: Suits each other player has shown out of.
    voids: dict[str, set[Suit]]
    #: Cards that can only be in the declarer's hand (the talon shown to all).
    declarer_only: set[Card]
    leader: str
    trick: list[tuple[str, Card]]
    declarer_won: int
    value: int

    @classmethod
    def of(cls, table: Table) -> Position:
        info = table.info
        view = table.view
        players = tuple(info["in_play"])
        contract = info["contract"]
        trumps = Suit(contract["trumps"]) if contract.get("trumps") else None
        played = table.played()
        gone = {c for _, c in played}
        mine = list(table.hand)
        known = set(mine) | gone
        if table.seat == info["declarer"]:
            known |= set(_cards(info.get("discards")))
        unseen = [c for c in PACK_32 if c not in known]
        voids: dict[str, set[Suit]] = {p: set() for p in players}
        for trick in list(info.get("tricks", ())) + ([view.trick] if view.trick else []):
            cards = trick["cards"]
            if not cards:
                continue
            led = _CARD[cards[0]["card"]].suit
            for entry in cards[1:]:
                card = _CARD[entry["card"]]
                if card.suit != led:
                    voids[entry["seat"]].add(led)
                    if trumps is not None and card.suit != trumps:
                        voids[entry["seat"]].add(trumps)
        declarer_only = {c for c in _cards(info.get("talon")) if c not in known} \
            if info.get("talon_shown") and table.seat != info["declarer"] else set()
        trick = [(c["seat"], _CARD[c["card"]]) for c in view.trick["cards"]] if view.trick \
            else []
        leader = view.trick["leader"] if view.trick else table.seat
        return cls(me=table.seat, players=players, declarer=info["declarer"], trumps=trumps,
                   bettel=contract["value"] == BETTEL, mine=mine,
                   sizes={p: view.hand_sizes[p] for p in players}, unseen=unseen,
                   voids=voids, declarer_only=declarer_only, leader=leader, trick=trick,
                   declarer_won=int(info.get("declarer_tricks", 0)),
                   value=contract["value"])

    def sample(self, rng: random.Random) -> dict[str, list[Card]] | None:
        """One deal of the unseen cards to the other players that fits what is known:
        no card of a suit a player has shown out of, and the talon shown to all never
        in a defender's hand (the declarer mostly keeps it: it may also be among his
        discards)."""
        others = [p for p in self.players if p != self.me]
        # Players who showed out of suits first: they have the fewest cards to choose from.
        order = sorted(others, key=lambda p: (-len(self.voids[p]), p != self.declarer))
        for _ in range(20):
            pool = list(self.unseen)
            rng.shuffle(pool)
            kept_talon = [c for c in pool if c in self.declarer_only and rng.random() < 0.85]
            hands: dict[str, list[Card]] = {self.me: list(self.mine)}
            for player in order:
                need = self.sizes[player]
                if player == self.declarer:
                    allowed = kept_talon + [c for c in pool if c not in kept_talon]
                else:
                    allowed = [c for c in pool if c not in self.declarer_only]
                allowed = [c for c in allowed if c.suit not in self.voids[player]]
                if len(allowed) < need:
                    break
                hands[player] = allowed[:need]
                chosen = set(hands[player])
                pool = [c for c in pool if c not in chosen]
            else:
                return hands
        return None

    def score(self, hands: Mapping[str, list[Card]], cards: Sequence[Card], budget: int
              ) -> tuple[dict[Card, float], int]:
        """Each card's worth in this sample (its utility for the robot's side) and the
        nodes the search used."""
        index = {p: i for i, p in enumerate(self.players)}
        solver = Solver(SUIT_INDEX[self.trumps] if self.trumps else None,
                        index[self.declarer], len(self.players), bettel=self.bettel,
                        budget=budget)
        bits = [bits_of(hands[p]) for p in self.players]
        trick = [(index[p], card_bit(c)) for p, c in self.trick]
        won = self.declarer_won
        remaining = len(self.mine)
        if self.bettel:
            low, high = 0, 1
        else:
            low = max(0, 5 - won)
            high = max(low, min(remaining, 7 - won))
        values = solver.move_values(bits, index[self.leader], trick, low, high)
        mine_declares = self.me == self.declarer
        scores: dict[Card, float] = {}
        for card in cards:
            total = won + values[card_bit(card)]
            if self.bettel:
                utility = -1.0 if total >= 1 else 1.0
            else:
                # Making the contract is worth twenty defence tricks (the declarer
                # column counts ten times a bula, and the score is won or lost).
                utility = 20.0 * (total >= 6) - min(5, 10 - total)
            scores[card] = utility if mine_declares else -utility
        return scores, solver.nodes
