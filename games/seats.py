"""The four compass seats and their relations round the table."""

from __future__ import annotations

import enum


class Seat(enum.StrEnum):
    """A seat at the table, named by its compass point (teaching tip 2).

    ``next`` is the player on the left (play goes clockwise: N, E, S, W).
    Games of two or three players use a subset of the seats and their own
    rotation (see :func:`rotation_after`).
    """

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    # The seat's place at the table, replacing str.index (never asked of a seat).
    @property
    def index(self) -> int:  # type: ignore[override]
        return _ORDER.index(self)

    @property
    def next(self) -> Seat:
        """The next player clockwise, i.e. left-hand opponent."""
        return _ORDER[(self.index + 1) % 4]

    @property
    def lho(self) -> Seat:
        return self.next

    @property
    def partner(self) -> Seat:
        return _ORDER[(self.index + 2) % 4]

    @property
    def rho(self) -> Seat:
        return _ORDER[(self.index + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def word(self) -> str:
        return self.name.title()

    @classmethod
    def from_str(cls, text: str) -> Seat:
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.value, seat.name):
                return seat
        raise ValueError(f"{text!r} is not a seat (use N, E, S or W)")


_ORDER: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
SEATS: tuple[Seat, ...] = _ORDER

#: Each seat's letter, and each letter's word ("N" -> "North"), written once: an enum's
#: ``.value`` and ``.word`` are Python calls, and the views and frames read them dozens of
#: times a card.
LETTER: dict[Seat, str] = {s: s.value for s in SEATS}
WORD_OF_LETTER: dict[str, str] = {s.value: s.word for s in SEATS}
#: Each seat by its letter (``SEAT_OF_LETTER["N"]``), where ``Seat("N")`` is a few Python calls.
SEAT_OF_LETTER: dict[str, Seat] = {s.value: s for s in SEATS}


class Side(enum.StrEnum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


def rotation_after(seat: Seat, players: tuple[Seat, ...]) -> Seat:
    """The next seat clockwise among ``players`` (a game of 2 or 3 players
    skips the empty seats)."""
    following = seat.next
    while following not in players:
        following = following.next
    return following
