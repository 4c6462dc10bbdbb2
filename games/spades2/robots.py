"""A robot for two-handed Spades that sees only its own seat's view.

It selects the cards that add most to its trick count, bids the tricks it
can count (high spades, side aces and kings, long suits, ruffs in its short
suits), then plays to make its bid and set the opponent: in a two-handed
game every trick it takes is one the opponent does not. It never bids nil
(see :meth:`Spades2Robot._bid`), but against a nil bid it plays to give the
nil bidder a trick.

What it knows it reads from the view: its hand, the card it is looking at,
the bids, every card played (``tricks`` and ``trick``). From those it works
out which cards are still unseen (the opponent's hand, and in a two-handed
game also the cards nobody holds) and which suits the opponent has shown out of.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.cards import PACK_52, Card, Rank, Suit
from games.protocol import SeatView

LEVELS: tuple[str, ...] = ("beginner",)

_TRUMPS = Suit.SPADES
# Card texts of the view, read many times a hand: a table is quicker than parsing.
_CARD = {str(card): card for card in PACK_52}
_SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def make_robot(level: str = "beginner", **options: Any) -> Spades2Robot:
    if level not in LEVELS:
        raise LookupError(f"no {level!r} robot for two-handed Spades (levels: {', '.join(LEVELS)})")
    return Spades2Robot(level)


# -- counting tricks in a hand (bidding and selecting) -------------------------------

def estimate_tricks(hand: Iterable[Card]) -> float:
    """How many tricks ``hand`` should take by its own strength (a count,
    not yet calibrated: see :func:`expected_tricks`).

    Two-handed, the opponent holds about a third of each suit's unseen cards
    (13 of the other 39), so a king loses to the ace only a third of the time
    and a side ace is almost always a trick. Spades count by rank and then by
    length; short side suits count as ruffs for the spades left over.
    """
    return _estimate(_by_suit(hand))


def _by_suit(hand: Iterable[Card]) -> dict[Suit, list[Rank]]:
    by_suit: dict[Suit, list[Rank]] = {suit: [] for suit in Suit}
    for card in hand:
        by_suit[card.suit].append(card.rank)
    for ranks in by_suit.values():
        ranks.sort(reverse=True)
    return by_suit


def _estimate(by_suit: dict[Suit, list[Rank]]) -> float:
    spades = by_suit[_TRUMPS]
    high_spades = _spade_tricks(spades)
    total = high_spades
    spare = max(0, len(spades) - round(high_spades) - 1)
    for suit in _SIDE_SUITS:
        ranks = by_suit[suit]
        total += _side_tricks(ranks)
        ruffs = min(spare, _RUFFS.get(len(ranks), 0))
        total += ruffs * (0.6 if not ranks else 0.5)
        spare -= ruffs
    return total


# A void may ruff twice, a singleton once, with spades to spare.
_RUFFS = {0: 2, 1: 1}

# What the count is worth at the table, measured with bench/spades2.py over
# thousands of robot-against-robot hands: tricks taken = slope * count +
# intercept, give or take ``spread`` (one standard deviation). Half the pack
# is never played in an automatic deal, so even a hand that counts nothing
# takes about four tricks; with card selection both hands are strong.
_CALIBRATION: dict[str, tuple[float, float, float]] = {
    "automatic": (0.76, 4.40, 1.83),
    "selection": (1.00, 1.16, 1.76),
}
#: The player who leads to the first trick takes about 0.4 of a trick less.
_LEADER_COST = 0.4


def expected_tricks(hand: Iterable[Card], deal_method: str = "automatic",
                    leads: bool = False) -> tuple[float, float]:
    """The tricks ``hand`` should take at the table, and how far off that may be."""
    slope, intercept, spread = _CALIBRATION[deal_method]
    mean = slope * estimate_tricks(hand) + intercept - (_LEADER_COST if leads else 0.0)
    return mean, spread


def best_bid(mean: float, spread: float) -> int:
    """The bid (1-13) worth most on average when the tricks taken are spread
    normally round ``mean``: being set costs ten a trick bid, an overtrick
    earns only one, so the best bid lies well under the mean."""
    chances = _trick_chances(mean, spread)
    return max(range(1, 14), key=lambda bid: sum(
        p * _score(bid, tricks) for tricks, p in enumerate(chances)))


def _trick_chances(mean: float, spread: float) -> list[float]:
    cdf = [_normal_cdf((t + 0.5 - mean) / spread) for t in range(13)] + [1.0]
    return [cdf[0]] + [cdf[t] - cdf[t - 1] for t in range(1, 14)]


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def _score(bid: int, tricks: int) -> int:
    return 10 * bid + (tricks - bid) if tricks >= bid else -10 * bid


def _spade_tricks(ranks: list[Rank]) -> float:
    """Spades: the ace, a king with a guard, a queen with two, then length
    (the opponent holds about a third of the spades we do not)."""
    total = 0.0
    for held_above, rank in enumerate(ranks):
        missing_above = (Rank.ACE - rank) - held_above
        below = len(ranks) - held_above - 1
        if missing_above <= 0:
            total += 1.0
        elif missing_above <= below:
            total += 0.85 - 0.15 * missing_above
        elif missing_above <= 2:
            total += 0.4
    opponent_spades = (13 - len(ranks)) / 3
    length = len(ranks) - opponent_spades
    return max(total, length) + 0.2 * max(0, len(ranks) - 4)


def _side_tricks(ranks: list[Rank]) -> float:
    """A side suit: aces, guarded kings, queens with length, long cards."""
    length = len(ranks)
    total = 0.0
    for held_above, rank in enumerate(ranks[:3]):
        missing_above = (Rank.ACE - rank) - held_above
        if missing_above <= 0:
            total += 0.9 if held_above < 2 else 0.6
        elif missing_above == 1:
            total += 0.7 if length >= 2 else 0.5
        elif missing_above == 2 and length >= 3:
            total += 0.35
    return total + 0.3 * max(0, length - 5)


def _count_with(by_suit: dict[Suit, list[Rank]], card: Card) -> float:
    """The count of the hand ``by_suit`` with ``card`` added."""
    with_card = dict(by_suit)
    with_card[card.suit] = sorted(by_suit[card.suit] + [card.rank], reverse=True)
    return _estimate(with_card)


# -- what the robot can see -----------------------------------------------------------------

@dataclass
class _Table:
    """The robot's reading of its view: its hand, the cards still unseen,
    the suits the opponent has shown out of, and the bids."""

    me: str
    opponent: str
    hand: list[Card]
    unseen: set[Card]
    opponent_voids: set[Suit]
    led: Card | None
    bid: int
    opponent_bid: int
    won: int
    opponent_won: int
    tricks_left: int
    opponent_cards: int

    @classmethod
    def read(cls, view: SeatView) -> _Table:
        me = view.seat
        assert me is not None  # a robot has a seat
        opponent = "N" if me == "S" else "S"
        hand = [_CARD[c] for c in view.hand]
        tricks = list(view.tricks)
        current = view.trick or {"leader": me, "cards": ()}
        played = [_CARD[e["card"]] for t in [*tricks, current] for e in t["cards"]]
        led = _CARD[current["cards"][0]["card"]] if current["cards"] else None
        bids = view.info["bids"]
        return cls(
            me=me, opponent=opponent, hand=hand,
            unseen=set(PACK_52) - set(hand) - set(played),
            opponent_voids=_shown_out([*tricks, current], opponent),
            led=led,
            bid=bids[me], opponent_bid=bids[opponent],
            won=view.tricks_won[me], opponent_won=view.tricks_won[opponent],
            tricks_left=13 - len(tricks),
            opponent_cards=view.hand_sizes[opponent],
        )

    def higher_unseen(self, card: Card) -> int:
        """How many unseen cards of its suit beat ``card`` by rank."""
        return sum(1 for c in self.unseen if c.suit == card.suit and c.rank > card.rank)

    def lower_unseen(self, card: Card) -> int:
        return sum(1 for c in self.unseen if c.suit == card.suit and c.rank < card.rank)

    def win_chance(self, card: Card) -> float:
        """The chance that ``card``, led, wins: the opponent holds none of the
        unseen cards above it (each unseen card is theirs with the chance
        their hand size over the unseen count) and cannot ruff it."""
        if card.suit in self.opponent_voids:
            return 1.0 if card.suit == _TRUMPS or not self.spades_out() else 0.0
        theirs = self.opponent_cards / max(1, len(self.unseen))
        return (1.0 - theirs) ** self.higher_unseen(card)

    def spades_out(self) -> bool:
        """Whether the opponent may still hold a spade."""
        return _TRUMPS not in self.opponent_voids and any(c.suit == _TRUMPS for c in self.unseen)

    def is_master(self, card: Card) -> bool:
        return self.higher_unseen(card) == 0

    def suit_length(self, suit: Suit) -> int:
        return sum(1 for c in self.hand if c.suit == suit)


def _shown_out(tricks: list[Mapping[str, Any]], seat: str) -> set[Suit]:
    """Suits ``seat`` cannot hold any more: it did not follow to them, or it
    led a spade before spades were broken (so it held nothing else)."""
    voids: set[Suit] = set()
    broken = False
    for trick in tricks:
        cards = [(e["seat"], _CARD[e["card"]]) for e in trick["cards"]]
        if not cards:
            continue
        led_suit = cards[0][1].suit
        for who, card in cards[1:]:
            if who == seat and card.suit != led_suit:
                voids.add(led_suit)
        if cards[0][0] == seat and led_suit == _TRUMPS and not broken:
            voids.update(_SIDE_SUITS)
        broken = broken or any(card.suit == _TRUMPS for _, card in cards)
    return voids


def _beats(card: Card, led: Card) -> bool:
    """Whether ``card`` played second wins a trick that ``led`` started."""
    if card.suit == led.suit:
        return card.rank > led.rank
    return card.suit == _TRUMPS


# -- the robot ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Spades2Robot:
    level: str = "beginner"

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the robot was asked to act with nothing legal to do")
        phase = view.phase
        if phase == "select":
            return self._select(view)
        if phase == "bid":
            return self._bid(view, legal)
        offered = view.card_actions
        cards = [_CARD[code] for code in offered]
        return offered[str(self._play(_Table.read(view), cards))]

    # -- selection: keep the card if it is worth more than a card unseen ------------

    def _select(self, view: SeatView) -> str:
        """SELECTION: rejecting the card seen gives the next, unseen one, so
        take it when it adds at least what an average unseen card would."""
        hand = [_CARD[c] for c in view.hand]
        seen = _CARD[view.info["looking_at"]]
        by_suit = _by_suit(hand)
        base = _estimate(by_suit)
        held = set(hand)
        gains = {card: _count_with(by_suit, card) - base for card in PACK_52 if card not in held}
        average = sum(gains.values()) / len(gains)  # the card seen is one of them
        return "take" if gains[seen] >= average else "reject"

    # -- bidding --------------------------------------------------------------------

    def _bid(self, view: SeatView, legal: list[str]) -> str:
        hand = [_CARD[c] for c in view.hand]
        leads = view.info["first_bidder"] == view.seat
        mean, spread = expected_tricks(hand, view.info["rules"]["deal_method"], leads)
        # Never nil: two-handed, the opponent leads low into every suit and
        # the nil bidder has no partner to cover; even the weakest hands make
        # it a few times in a hundred (bench/spades2.py), for -100 the rest.
        return f"bid {best_bid(mean, spread)}"

    # -- the play -------------------------------------------------------------------

    def _play(self, table: _Table, cards: list[Card]) -> Card:
        opponent_nil_alive = table.opponent_bid == 0 and table.opponent_won == 0
        still_needed = table.bid - table.won
        if opponent_nil_alive and still_needed < table.tricks_left:
            return self._give(table, cards)
        return self._win(table, cards)

    def _win(self, table: _Table, cards: list[Card]) -> Card:
        """Take as many tricks as possible: to make the bid and set the opponent."""
        if table.led is not None:
            winners = [c for c in cards if _beats(c, table.led)]
            if winners:
                # The cheapest card that wins: a low spade only when out of the suit led.
                return min(winners, key=lambda c: (c.suit == _TRUMPS, c.rank))
            return _cheapest_discard(table, cards)
        return self._lead(table, cards)

    def _lead(self, table: _Table, cards: list[Card]) -> Card:
        """Lead the card most likely to win the trick: a master first, then
        the card with the fewest unseen cards above it. Two-handed, half the
        pack is never played, so a king led wins whenever the opponent does
        not hold the ace; and a lead that loses still draws a high card out."""
        return max(cards, key=lambda c: (table.win_chance(c), table.suit_length(c.suit), c.rank))

    def _give(self, table: _Table, cards: list[Card]) -> Card:
        """The opponent bid nil: make them take a trick."""
        led = table.led
        if led is not None:
            losers = [c for c in cards if not _beats(c, led)]
            if losers:
                # Stay under the nil bidder's card, keeping the low cards for later leads.
                return max(losers, key=lambda c: (c.suit == led.suit, c.rank))
            return min(cards, key=lambda c: c.rank)
        # Lead low where the nil bidder has few cards left to play under it.
        return min(cards, key=lambda c: (c.suit in table.opponent_voids,
                                         table.lower_unseen(c), c.rank))


def _cheapest_discard(table: _Table, cards: list[Card]) -> Card:
    """A card that loses anyway: the lowest, keeping spades and winners, and
    preferring to empty a short side suit (a void lets us ruff later)."""
    return min(cards, key=lambda c: (c.suit == _TRUMPS, table.is_master(c), c.rank,
                                     table.suit_length(c.suit)))
