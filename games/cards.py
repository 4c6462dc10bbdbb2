"""Suits, ranks, cards and packs: small immutable values with a text form.

``Card.from_str("SA")`` and ``str(card)`` are a pair, as are the suit and
rank letters (``T`` for ten; ``10`` is accepted on input).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import total_ordering
from operator import attrgetter


class InvalidCardError(ValueError):
    """Text that does not name a card, suit or rank."""


class Suit(enum.StrEnum):
    """The four suits, in bridge order from clubs (low) to spades (high)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def is_major(self) -> bool:
        return self in (Suit.HEARTS, Suit.SPADES)

    @property
    def word(self) -> str:
        """The plural name a player says: "spades"."""
        return self.name.lower()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.order < other.order

    @classmethod
    def from_str(cls, text: str) -> Suit:
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.symbol, suit.name, suit.name[:-1]):
                return suit
        raise InvalidCardError(f"{text!r} is not a suit (use C, D, H or S)")


_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
#: Suits from spades down, the order a hand is shown in.
SUITS_HIGH_FIRST: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.IntEnum):
    """Card ranks, valued so that a higher rank wins (Law 2: ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """High card points, Law 4: ace 4, king 3, queen 2, jack 1."""
        return max(0, self - 10)

    def __str__(self) -> str:
        return self.char

    @property
    def word(self) -> str:
        """The rank as a child says it: "queen", "ten", "two"."""
        return _RANK_WORDS[self]

    @classmethod
    def from_str(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise InvalidCardError(f"{text!r} is not a rank (use 2-9, T, J, Q, K or A)")


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Cards sort by suit (clubs low) then rank."""

    suit: Suit
    rank: Rank
    # Worked out once: a card is written and counted many times in every view
    # of every hand, and enum look-ups are slow in those loops.
    _text: str = field(init=False, repr=False, compare=False)
    _hcp: int = field(init=False, repr=False, compare=False)
    _key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"{self.suit.value}{self.rank.char}")
        object.__setattr__(self, "_hcp", self.rank.hcp)
        object.__setattr__(self, "_key", self.suit.order * 16 + int(self.rank))

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``"SA"``, ``"H10"``, ``"dt"`` or ``"♠A"``."""
        if not isinstance(text, str):
            raise InvalidCardError(f"{text!r} is not a card (write it like SA or H10)")
        card = _PARSED.get(text)
        if card is not None and cls is Card:
            return card
        if len(text.strip()) < 2:
            raise InvalidCardError(f"{text!r} is not a card (write it like SA or H10)")
        key = text.strip()
        card = cls(Suit.from_str(key[0]), Rank.from_str(key[1:]))
        # Cards are immutable: one per way of writing it, shared. Every card played is
        # parsed, and every hand replayed parses its 52; the texts met are a few hundred.
        if cls is Card and len(_PARSED) < 4096:
            _PARSED[text] = card
        return card

    @property
    def hcp(self) -> int:
        return self._hcp

    @property
    def words(self) -> str:
        """The card as a child reads it: "the queen of hearts"."""
        return f"the {self.rank.word} of {self.suit.word}"

    @property
    def short(self) -> str:
        """The card as a score card writes it: the rank, then the suit's symbol ("Q♥",
        "10♠"), never the code ("HQ") a pupil cannot read."""
        rank = "10" if self.rank == Rank.TEN else self.rank.char
        return f"{rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.from_str({self._text!r})"

    def __hash__(self) -> int:
        return self._key

    # Written out rather than generated: the generated one compares
    # (suit, rank) tuples, and hands are searched card by card.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return bool(self._key == other._key)  # type: ignore[attr-defined]
        return NotImplemented

    # A card is immutable: copies (of a game, for robots and the site) share it.
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key < other._key


_sort_key = attrgetter("_key")

_RANK_WORDS = {Rank(value): word for value, word in zip(range(2, 15), (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace"), strict=True)}


def card_words(code: object) -> str:
    """A card code in words ("HQ" -> "the queen of hearts"); text that is not a card
    comes back as it is, so a page never breaks on it."""
    try:
        return Card.from_str(str(code)).words
    except InvalidCardError:
        return str(code)


def card_short(code: object) -> str:
    """A card code as a score card writes it ("HQ" -> "Q♥"); text that is not a card
    comes back as it is."""
    try:
        return Card.from_str(str(code)).short
    except InvalidCardError:
        return str(code)


def cards_short(codes: Iterable[object]) -> str:
    """Card codes as a score card writes them, in the order given: "A♥ Q♥ 9♠"."""
    return " ".join(card_short(code) for code in codes)


def _pack(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    ranks = tuple(ranks)
    return tuple(Card(suit, rank) for suit in Suit for rank in ranks)


#: The full 52-card pack.
PACK_52: tuple[Card, ...] = _pack(Rank)
#: The 32-card piquet pack: A K Q J 10 9 8 7 in each suit.
PACK_32: tuple[Card, ...] = _pack(r for r in Rank if r >= Rank.SEVEN)


def cards_from_str(text: str) -> tuple[Card, ...]:
    """Parse a space-separated list of cards: ``"SA HK D10"``."""
    return tuple(Card.from_str(part) for part in text.split())


def cards_to_str(cards: Iterable[Card]) -> str:
    return " ".join(c._text for c in cards)


def card_texts(cards: Iterable[Card]) -> list[str]:
    """``["SA", "HT"]``: each card's text, as views list a hand (read from the
    card's stored text, without a call of ``str`` per card)."""
    return [c._text for c in cards]


def hcp(cards: Iterable[Card]) -> int:
    """High card points of a holding (Law 4)."""
    return sum([c._hcp for c in cards])


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as a player sorts it: spades first, highest card first in each suit."""
    # A card's key orders it by suit, then rank (a sort stays stable reversed).
    return tuple(sorted(cards, key=_sort_key, reverse=True))


#: Card.from_str's answers by the text parsed.
_PARSED: dict[str, Card] = {}


def shuffled(pack: Iterable[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of a pack. The caller passes the ``random.Random``: the
    engine never touches the global generator, so every deal is reproducible."""
    if not isinstance(rng, random.Random):
        raise TypeError("dealing needs an explicit random.Random")
    cards = list(pack)
    rng.shuffle(cards)
    return cards
