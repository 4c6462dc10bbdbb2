"""The scoring combinations of a hand: point, sequence and set (THE EXCHANGE,
DECLARATIONS), and carte blanche.

"*Point* - greatest number of cards in any one suit; *Sequence* - longest run
of consecutive cards in one suit; *Set* - three or four cards of the same
rank, Ten or higher."

A :class:`Combination` is one declaration a hand supports. Sinking ("declaring
less than you hold", SINKING AND PROVING) is allowed, so a hand supports more
than its best combinations: a shorter point in a suit (its highest cards), a
run inside a longer run, a trio of a rank held four times. Each has an action
text (``"point 5 H"``, ``"sequence 4 HK"``, ``"set 3 A"``) and the words a
player says ("Point of five", "Quart", "Three aces").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card, Rank, Suit
from games.words import number_words

POINT, SEQUENCE, SET = "point", "sequence", "set"
#: "Elder announces, strictly in this order, his best point, his best sequence, and his best set."
CLASSES: tuple[str, ...] = (POINT, SEQUENCE, SET)
#: Court cards: "a hand devoid of courts" is a carte blanche (CARTE BLANCHE).
COURTS = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})
#: The lowest rank of a set: "three or four cards of the same rank, Ten or higher".
LOWEST_SET_RANK = Rank.TEN
#: A sequence is at least three cards (a tierce).
SHORTEST_SEQUENCE = 3

SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixieme", 7: "septieme",
                  8: "huitieme"}


def rank_plural(rank: Rank) -> str:
    return "sixes" if rank == 6 else rank.word + "s"


def pip_value(card: Card) -> int:
    """DECLARATIONS: "counting each Ace 11, each court 10, and others at face value"."""
    if card.rank == Rank.ACE:
        return 11
    if card.rank in COURTS:
        return 10
    return int(card.rank)


def is_carte_blanche(hand: Iterable[Card]) -> bool:
    """CARTE BLANCHE: "a hand devoid of courts"."""
    return not any(card.rank in COURTS for card in hand)


@dataclass(frozen=True)
class Combination:
    """One declarable combination: its class and its cards, highest first."""

    kind: str
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """Cards in it: the point's count, the sequence's length, the set's three or four."""
        return len(self.cards)

    @property
    def suit(self) -> Suit:
        """The suit of a point or a sequence."""
        return self.cards[0].suit

    @property
    def top(self) -> Rank:
        """The highest card's rank (a sequence's "top card"; a set's rank)."""
        return self.cards[0].rank

    @property
    def value(self) -> int:
        """A point's pip value (compared when the count is equal)."""
        return sum(pip_value(c) for c in self.cards)

    def keys(self) -> tuple[int, ...]:
        """What is compared, stage by stage: a point's count then its value; a
        sequence's length then its top card; a set's size then its rank (sets
        cannot be equal, so that is one stage: a quatorze beats any trio)."""
        if self.kind == POINT:
            return (self.size, self.value)
        if self.kind == SEQUENCE:
            return (self.size, int(self.top))
        return (self.size * 16 + int(self.top),)

    def score(self) -> int:
        from games.piquet.scoring import combination_score

        return combination_score(self)

    def text(self) -> str:
        """The action text that declares it: "point 5 H", "sequence 4 HK", "set 3 A"."""
        if self.kind == POINT:
            return f"point {self.size} {self.suit.value}"
        if self.kind == SEQUENCE:
            return f"sequence {self.size} {self.cards[0]}"
        return f"set {self.size} {self.top.char}"

    def name(self) -> str:
        """What a player calls it: "a point of five", "a quart", "three kings", "fourteen aces"."""
        if self.kind == POINT:
            return f"a point of {number_words(self.size)}"
        if self.kind == SEQUENCE:
            return f"a {SEQUENCE_NAMES[self.size]}"
        if self.size == 4:
            return f"fourteen {rank_plural(self.top)}"
        return f"three {rank_plural(self.top)}"

    def __str__(self) -> str:
        return self.text()


def suit_cards(hand: Iterable[Card]) -> dict[Suit, list[Card]]:
    """The hand by suit, each suit highest first."""
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in Suit}
    for card in hand:
        by_suit[card.suit].append(card)
    for cards in by_suit.values():
        cards.sort(key=lambda c: c.rank, reverse=True)
    return by_suit


def points(hand: Iterable[Card]) -> list[Combination]:
    """Every point the hand supports: in each suit, its highest 1, 2, ... cards.

    A player who sinks part of his point keeps back its lowest cards (our
    reading, docs/decisions/0264-piquet-what-a-declaration-names.md), so a point is
    named by its count and suit."""
    found = []
    for cards in suit_cards(hand).values():
        for count in range(1, len(cards) + 1):
            found.append(Combination(POINT, tuple(cards[:count])))
    return found


def runs(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """The maximal runs of consecutive cards in each suit (any length), highest first."""
    found = []
    for cards in suit_cards(hand).values():
        run: list[Card] = []
        for card in cards:
            if run and run[-1].rank - card.rank != 1:
                found.append(tuple(run))
                run = []
            run.append(card)
        if run:
            found.append(tuple(run))
    return found


def sequences(hand: Iterable[Card]) -> list[Combination]:
    """Every sequence the hand supports: each run of three or more
    consecutive cards, and each shorter run inside it (sinking)."""
    found = []
    for run in runs(hand):
        for length in range(SHORTEST_SEQUENCE, len(run) + 1):
            for start in range(len(run) - length + 1):
                found.append(Combination(SEQUENCE, run[start:start + length]))
    return found


def sets(hand: Iterable[Card]) -> list[Combination]:
    """Every set the hand supports: each rank from the Ten up held three or
    four times; a quatorze also supports a trio of its rank (sinking one card)."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in hand:
        if card.rank >= LOWEST_SET_RANK:
            by_rank.setdefault(card.rank, []).append(card)
    found = []
    for cards in by_rank.values():
        cards.sort(key=lambda c: c.suit.order, reverse=True)
        if len(cards) == 4:
            found.append(Combination(SET, tuple(cards)))
        if len(cards) >= 3:
            found.append(Combination(SET, tuple(cards[:3])))
    return found


_FINDERS = {POINT: points, SEQUENCE: sequences, SET: sets}


def supported(kind: str, hand: Iterable[Card]) -> list[Combination]:
    """Every combination of class ``kind`` the hand supports."""
    return _FINDERS[kind](hand)


def best(kind: str, hand: Iterable[Card]) -> Combination | None:
    """The best combination of class ``kind`` in the hand, or ``None``."""
    found = supported(kind, hand)
    return max(found, key=Combination.keys) if found else None


def full_declaration(kind: str, hand: Iterable[Card]) -> list[Combination]:
    """Everything of class ``kind`` a player declares who sinks nothing: the
    best one first, then (sequences and sets) every other one disjoint from
    those already named, longest or highest first."""
    chosen: list[Combination] = []
    used: set[Card] = set()
    hand = tuple(hand)
    if kind == POINT:
        top = best(POINT, hand)
        return [top] if top else []
    candidates = sorted(supported(kind, hand), key=Combination.keys, reverse=True)
    for combo in candidates:
        if used.isdisjoint(combo.cards) and not (
                kind == SET and any(c.top == combo.top for c in chosen)):
            chosen.append(combo)
            used.update(combo.cards)
    return chosen


def parse(text: str, hand: Iterable[Card]) -> Combination | None:
    """The combination a declaration's text names, if the hand supports it:
    ``"point 5 H"``, ``"sequence 4 HK"``, ``"set 3 A"``. ``None`` when the hand
    does not hold it; ``ValueError`` when the text is not a declaration."""
    words = text.split()
    if len(words) != 3 or words[0] not in CLASSES or not words[1].isdigit():
        raise ValueError(f"{text!r} is not a declaration")
    kind, size = words[0], int(words[1])
    wanted = words[2].upper()
    for combo in supported(kind, hand):
        if combo.size == size and combo.text().split()[2] == wanted:
            return combo
    return None
