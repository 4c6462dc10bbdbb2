"""Bridge contracts as PBN writes them ("3NT", "4HX", "Pass") and their duplicate score.

A contract is a small frozen value: a level, a denomination and whether it
was doubled. ``Contract.from_str("4HX")`` and ``str(contract)`` are a pair.
:func:`duplicate_score` is the score table of the Laws of Duplicate Bridge
(Law 77), used to check the Score of an ordinary bridge record; MiniBridge
keeps its own scoring (shared/rules/minibridge.txt, Laws 16-17).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from games.cards import Suit


class InvalidContractError(ValueError):
    """Text that does not name a contract."""


class Denomination(enum.StrEnum):
    """What a contract is played in: a trump suit or no trumps, lowest first."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NO_TRUMPS = "NT"

    @property
    def trumps(self) -> Suit | None:
        """The trump suit, or ``None`` at no trumps."""
        return None if self is Denomination.NO_TRUMPS else Suit(self.value)

    @property
    def is_minor(self) -> bool:
        return self in (Denomination.CLUBS, Denomination.DIAMONDS)

    @classmethod
    def from_suit(cls, suit: Suit | None) -> Denomination:
        return cls.NO_TRUMPS if suit is None else cls(suit.value)

    @classmethod
    def from_str(cls, text: str) -> Denomination:
        key = text.strip().upper()
        if key in ("N", "NT", "NOTRUMPS", "NO_TRUMPS"):
            return cls.NO_TRUMPS
        try:
            return cls(Suit.from_str(key).value)
        except ValueError as exc:
            raise InvalidContractError(
                f"{text!r} is not a denomination (use C, D, H, S or NT)") from exc


#: The order of a bidding box and of a double-dummy table's columns.
DENOMINATIONS: tuple[Denomination, ...] = tuple(Denomination)

_DOUBLING = {"": 0, "X": 1, "XX": 2}


@dataclass(frozen=True, slots=True)
class Contract:
    """A level from 1 to 7 in a denomination, undoubled (0), doubled (1) or
    redoubled (2). A passed-out board is level 0 with no denomination."""

    level: int
    denomination: Denomination | None
    doubled: int = 0

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.denomination is not None or self.doubled:
                raise InvalidContractError("a passed-out board has no denomination or double")
            return
        if not 1 <= self.level <= 7:
            raise InvalidContractError(f"a contract's level is 1 to 7, not {self.level}")
        if self.denomination is None:
            raise InvalidContractError("a contract needs a denomination")
        if self.doubled not in (0, 1, 2):
            raise InvalidContractError("a contract is undoubled, doubled or redoubled")

    @classmethod
    def passed_out(cls) -> Contract:
        return cls(0, None)

    @classmethod
    def from_str(cls, text: str) -> Contract:
        """Parse ``"3NT"``, ``"4HX"``, ``"6SXX"``, ``"2N"`` or ``"Pass"``."""
        key = text.strip().upper()
        if key in ("PASS", "AP", "P"):
            return cls.passed_out()
        if len(key) < 2 or not key[0].isdigit():
            raise InvalidContractError(
                f"{text!r} is not a contract (write it like 3NT, 4HX or Pass)")
        body = key[1:]
        doubling = ""
        while body.endswith("X"):
            doubling += "X"
            body = body[:-1]
        if doubling not in _DOUBLING:
            raise InvalidContractError(f"{text!r}: a contract is doubled (X) or redoubled (XX)")
        return cls(int(key[0]), Denomination.from_str(body), _DOUBLING[doubling])

    def __str__(self) -> str:
        if self.is_passed_out:
            return "Pass"
        assert self.denomination is not None
        return f"{self.level}{self.denomination.value}{'X' * self.doubled}"

    def __repr__(self) -> str:
        return f"Contract.from_str({str(self)!r})"

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def trumps(self) -> Suit | None:
        return self.denomination.trumps if self.denomination is not None else None

    @property
    def tricks_needed(self) -> int:
        """Book (six tricks) plus the level."""
        return self.level + 6 if self.level else 0


def _trick_value(denomination: Denomination, odd_trick: int) -> int:
    """Law 77, trick score below the line for the ``odd_trick``-th trick bid."""
    if denomination.is_minor:
        return 20
    if denomination is Denomination.NO_TRUMPS and odd_trick == 1:
        return 40
    return 30


def duplicate_score(contract: Contract, tricks: int, *, vulnerable: bool) -> int:
    """The declaring side's score under the Laws of Duplicate Bridge, Law 77
    (negative when the contract fails). ``tricks`` is declarer's total."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"a side takes 0 to 13 tricks, not {tricks}")
    if contract.is_passed_out:
        return 0
    assert contract.denomination is not None
    if tricks < contract.tricks_needed:
        return -_undertrick_penalty(contract.tricks_needed - tricks, contract.doubled, vulnerable)
    factor = (1, 2, 4)[contract.doubled]
    below = factor * sum(_trick_value(contract.denomination, n)
                         for n in range(1, contract.level + 1))
    score = below + (_game_bonus(vulnerable) if below >= 100 else 50)
    score += {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(contract.level, 0)
    score += (0, 50, 100)[contract.doubled]  # "for making a doubled contract"
    overtricks = tricks - contract.tricks_needed
    if contract.doubled:
        score += overtricks * (200 if vulnerable else 100) * contract.doubled
    else:
        score += overtricks * _trick_value(contract.denomination, 2)
    return score


def _game_bonus(vulnerable: bool) -> int:
    return 500 if vulnerable else 300


def _undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    """Law 77 undertricks: undoubled 50/100 each; doubled not vulnerable
    100, 200, 200, then 300 each; doubled vulnerable 200, then 300 each;
    redoubled twice the doubled figures."""
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:
        penalty = sum(100 if n == 1 else 200 if n <= 3 else 300 for n in range(1, down + 1))
    return penalty * doubled
