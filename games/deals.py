"""Deals: who holds which cards, who deals, the board number and vulnerability.

A deal is a value. Dealing takes an explicit ``random.Random`` (or a seed), so
the same seed always gives the same boards. ``Deal.from_pbn`` and
``deal.pbn()`` are the PBN deal-string pair, e.g. ``"N:AKQ.T98.765.4321 ..."``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.cards import (
    PACK_52,
    SUITS_HIGH_FIRST,
    Card,
    InvalidCardError,
    Rank,
    Suit,
    shuffled,
    sort_hand,
)
from games.cards import hcp as holding_hcp
from games.seats import SEATS, Seat, Side


class InvalidDealError(ValueError):
    """A deal string or board that cannot be read."""


class Vulnerability(enum.StrEnum):
    """Vulnerability of a board, written as PBN writes it."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, seat: Seat) -> bool:
        return self is Vulnerability.BOTH or self.value == seat.side.value

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        key = text.strip().upper()
        aliases = {"NONE": cls.NONE, "-": cls.NONE, "LOVE": cls.NONE, "NS": cls.NS,
                   "EW": cls.EW, "ALL": cls.BOTH, "BOTH": cls.BOTH}
        if key not in aliases:
            raise InvalidDealError(f"{text!r} is not a vulnerability (None, NS, EW or All)")
        return aliases[key]


# The standard 16-board cycle of duplicate bridge.
_VULNERABILITY_CYCLE = (
    "None NS EW All NS EW All None EW All None NS All None NS EW".split()
)


def dealer_for_board(board: int) -> Seat:
    """Board 1 is dealt by North, board 2 by East, and so on round the table."""
    if board < 1:
        raise InvalidDealError("board numbers start at 1")
    return SEATS[(board - 1) % 4]


def vulnerability_for_board(board: int) -> Vulnerability:
    if board < 1:
        raise InvalidDealError("board numbers start at 1")
    return Vulnerability.from_str(_VULNERABILITY_CYCLE[(board - 1) % 16])


@dataclass(frozen=True)
class Deal:
    """The cards each seat holds, plus any cards not dealt to a seat.

    ``stock`` keeps undealt cards in order: Preference's talon, Piquet's
    stock, the unused half of two-handed Spades, or the whole pack when the
    players draw their hands during play (Spades' selection deal).
    """

    hands: Mapping[Seat, tuple[Card, ...]]
    dealer: Seat = Seat.NORTH
    board: int = 1
    vulnerability: Vulnerability = Vulnerability.NONE
    stock: tuple[Card, ...] = field(default=())

    def __post_init__(self) -> None:
        hands = {seat if seat.__class__ is Seat else Seat(seat): sort_hand(cards)
                 for seat, cards in self.hands.items()}
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "stock", tuple(self.stock))
        cards = [c for held in hands.values() for c in held] + list(self.stock)
        if len(set(cards)) == len(cards):
            return
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise InvalidDealError(f"{card} appears twice in the deal")
            seen.add(card)

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.hands.items())), self.dealer, self.board, self.stock))

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands.get(seat, ())

    def hcp(self, seat: Seat) -> int:
        return holding_hcp(self.hand(seat))

    def side_hcp(self, side: Side) -> int:
        return sum(self.hcp(seat) for seat in side.seats)

    def all_cards(self) -> tuple[Card, ...]:
        return tuple(c for seat in SEATS for c in self.hand(seat)) + self.stock

    # -- construction -------------------------------------------------------

    @classmethod
    def for_board(cls, board: int, rng: random.Random, pack: Iterable[Card] = PACK_52) -> Deal:
        """A random four-hand deal with the dealer and vulnerability of ``board``."""
        return cls.random(rng, dealer=dealer_for_board(board), board=board,
                          vulnerability=vulnerability_for_board(board), pack=pack)

    @classmethod
    def random(
        cls,
        rng: random.Random,
        *,
        dealer: Seat = Seat.NORTH,
        board: int = 1,
        vulnerability: Vulnerability = Vulnerability.NONE,
        seats: tuple[Seat, ...] = SEATS,
        hand_size: int | None = None,
        pack: Iterable[Card] = PACK_52,
    ) -> Deal:
        """Deal one card at a time clockwise from dealer's left (Law 3).

        With fewer ``seats`` or a ``hand_size`` the rest of the pack goes to
        the stock, in order.
        """
        cards = shuffled(pack, rng)
        size = hand_size if hand_size is not None else len(cards) // len(seats)
        order = [dealer.next]
        while len(order) < len(seats):
            following = order[-1].next
            while following not in seats:
                following = following.next
            order.append(following)
        if order[0] not in seats:
            order = [s for s in SEATS if s in seats]
        dealt = size * len(seats)
        hands = {seat: tuple(cards[i:dealt:len(seats)]) for i, seat in enumerate(order)}
        return cls(hands, dealer=dealer, board=board, vulnerability=vulnerability,
                   stock=tuple(cards[dealt:]))

    @classmethod
    def from_seed(cls, seed: int | str, board: int = 1) -> Deal:
        return cls.for_board(board, random.Random(f"{seed}:{board}"))

    # -- plain data, for storing a deal beside its action log ------------------

    def to_data(self) -> dict[str, object]:
        """JSON-ready data that :meth:`from_data` reads back exactly."""
        return {
            "hands": {s.value: " ".join(str(c) for c in cards) for s, cards in self.hands.items()},
            "stock": " ".join(str(c) for c in self.stock),
            "dealer": self.dealer.value,
            "board": self.board,
            "vulnerability": self.vulnerability.value,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> Deal:
        try:
            hands = {Seat.from_str(s): tuple(Card.from_str(c) for c in str(text).split())
                     for s, text in dict(data["hands"]).items()}  # type: ignore[call-overload]
            return cls(
                hands,
                dealer=Seat.from_str(str(data.get("dealer", "N"))),
                board=int(data.get("board", 1)),  # type: ignore[call-overload]
                vulnerability=Vulnerability.from_str(str(data.get("vulnerability", "None"))),
                stock=tuple(Card.from_str(c) for c in str(data.get("stock", "")).split()),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidDealError(f"not a stored deal: {exc}") from exc

    # -- PBN deal string ----------------------------------------------------

    @classmethod
    def from_pbn(
        cls,
        text: str,
        *,
        dealer: Seat | None = None,
        board: int = 1,
        vulnerability: Vulnerability | None = None,
    ) -> Deal:
        """Read a PBN deal string: ``"N:KQ.AJ4.T98.7652 ..."`` (``-`` for an
        unknown hand). The first seat is the one the string starts with."""
        try:
            first_text, rest = text.strip().split(":", 1)
            first = Seat.from_str(first_text)
        except ValueError as exc:
            raise InvalidDealError(f"{text!r} is not a PBN deal (it starts like N:)") from exc
        parts = rest.split()
        if len(parts) != 4:
            raise InvalidDealError(f"a PBN deal has four hands; found {len(parts)}")
        hands: dict[Seat, tuple[Card, ...]] = {}
        seat = first
        for part in parts:
            if part != "-":
                hands[seat] = _hand_from_pbn(part)
            seat = seat.next
        return cls(
            hands,
            dealer=dealer if dealer is not None else dealer_for_board(board),
            board=board,
            vulnerability=(vulnerability if vulnerability is not None
                           else vulnerability_for_board(board)),
        )

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN deal string, starting with ``first``."""
        parts = []
        seat = first
        for _ in range(4):
            parts.append(_hand_to_pbn(self.hands[seat]) if seat in self.hands else "-")
            seat = seat.next
        return f"{first.value}:" + " ".join(parts)


def _hand_from_pbn(text: str) -> tuple[Card, ...]:
    holdings = text.split(".")
    if len(holdings) != 4:
        raise InvalidDealError(f"{text!r}: a PBN hand has four suits separated by dots")
    cards = []
    for suit, holding in zip(SUITS_HIGH_FIRST, holdings, strict=True):
        for char in holding:
            try:
                cards.append(Card(suit, Rank.from_str(char)))
            except InvalidCardError as exc:
                raise InvalidDealError(f"{text!r}: {exc}") from exc
    return tuple(cards)


def _hand_to_pbn(cards: Iterable[Card]) -> str:
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in SUITS_HIGH_FIRST}
    for card in sort_hand(cards):
        by_suit[card.suit].append(card)
    return ".".join("".join(c.rank.char for c in by_suit[suit]) for suit in SUITS_HIGH_FIRST)
