"""Tops, dummy's description, the play number and the contract it gives.

Pure values and functions, each citing the sentence of shared/rules/top-game.txt
it implements:

* tops: "tophonours i.e. A,K,Q (to be called "tops" in the sequel)";
* the description: "which is dummy's longest suit and how long it is. In case of
  a tie this information is given only for the highest ranking suit. East also
  tells how many tops the dummy has";
* the play number: "Add the final bid to the number of tops in dummy";
* the level: "pn + 2 if in NT and pn + 3 otherwise", with the two exceptions
  (pn 4 or less passes the hand out; above 10 the contract may be impossible and
  may not be doubled).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import SUITS_HIGH_FIRST, Card, Rank, Suit
from games.words import number_words

#: "A,K,Q (to be called "tops" in the sequel)".
TOP_RANKS = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN})
#: Twelve tops in the pack; no bid or raise need go higher (docs/rules/topgame.md).
MOST_TOPS = 12
#: "a whole number greater than or equal to 2".
LOWEST_BID = 2
#: "If the pn is 4 or less the hand is passed out".
PASSED_OUT_AT_MOST = 4
#: "In the (very rare) cases when the pn is more than 10 ... doubling is not allowed."
DOUBLING_AT_MOST = 10
BOOK = 6
NO_TRUMPS = "NT"
#: The strains as the actions write them, clubs up to no-trumps.
STRAINS: tuple[str, ...] = ("C", "D", "H", "S", NO_TRUMPS)
STRAIN_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", NO_TRUMPS: "no-trumps"}
#: The strains in a contract said aloud: "four no trumps", "three spades".
STRAIN_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades",
                NO_TRUMPS: "no trumps"}
_DOUBLING = ("", ", doubled", ", redoubled")



def contract_words(level: int, strain: str, doubled: int = 0) -> str:
    """A Top Game contract in words, never "5DX": "five diamonds, doubled",
    "four no trumps, redoubled", "three spades"; a level above seven (a play
    number over 10, where no double is allowed) the same way: "eight spades".

    >>> contract_words(5, "D", 1), contract_words(4, "NT", 2), contract_words(3, "S")
    ('five diamonds, doubled', 'four no trumps, redoubled', 'three spades')
    """
    if strain not in STRAIN_NAMES or doubled not in (0, 1, 2):
        raise ValueError(f"not a Top Game contract: {level}{strain} doubled {doubled}")
    return f"{number_words(level)} {STRAIN_NAMES[strain]}{_DOUBLING[doubled]}"


def contract_text_words(text: object) -> str:
    """The engine's written contract ("5DX", "4NTXX", "3S") in words; any other
    text as it is, so an odd stored record never breaks a page."""
    if not isinstance(text, str):
        return "" if text is None else str(text)
    body = text.strip().upper()
    plain = body.rstrip("X")
    doubled = len(body) - len(plain)
    digits = "".join(ch for ch in plain[:2] if ch.isdigit())
    strain = plain[len(digits):]
    if not digits or strain not in STRAIN_NAMES or doubled > 2:
        return text
    return contract_words(int(digits), strain, doubled)


def tops(cards: Iterable[Card]) -> int:
    """The tops of a hand: its aces, kings and queens."""
    return sum(1 for card in cards if card.rank in TOP_RANKS)


@dataclass(frozen=True)
class Description:
    """What the informer tells of dummy: its longest suit, that suit's length and
    dummy's tops. ``str()`` is the action's text after "inform": ``"S 5 2"``."""

    suit: Suit
    length: int
    tops: int

    def __str__(self) -> str:
        return f"{self.suit.value} {self.length} {self.tops}"

    def words(self) -> str:
        """"longest suit spades, 5 cards; 2 tops"."""
        top_word = "top" if self.tops == 1 else "tops"
        return (f"longest suit {self.suit.word}, {self.length} cards; "
                f"{self.tops} {top_word}")

    def as_data(self) -> dict[str, object]:
        return {"suit": self.suit.value, "length": self.length, "tops": self.tops}


def describe(dummy: Iterable[Card]) -> Description:
    """The true description of dummy: "In case of a tie this information is given
    only for the highest ranking suit"."""
    cards = list(dummy)
    lengths = {suit: sum(1 for c in cards if c.suit == suit) for suit in SUITS_HIGH_FIRST}
    longest = max(lengths.values())
    suit = next(s for s in SUITS_HIGH_FIRST if lengths[s] == longest)  # spades down: highest first
    return Description(suit, longest, tops(cards))


def play_number(final_bid: int, dummy_tops: int) -> int:
    """"Add the final bid to the number of tops in dummy. This gives the so
    called playnumber.\""""
    return final_bid + dummy_tops


def is_passed_out(pn: int) -> bool:
    """"If the pn is 4 or less the hand is passed out"."""
    return pn <= PASSED_OUT_AT_MOST


def may_double(pn: int) -> bool:
    """"when the pn is more than 10 ... These contracts are played but doubling
    is not allowed.\""""
    return pn <= DOUBLING_AT_MOST


def tricks_needed(pn: int, strain: str) -> int:
    """"The level of the contract is pn + 2 if in NT and pn + 3 otherwise" (in
    tricks: pn 7 is 3NT, nine tricks, or four of a suit, ten)."""
    return pn + 2 if strain == NO_TRUMPS else pn + 3


@dataclass(frozen=True)
class TopContract:
    """A Top Game contract: a level (tricks less six, above seven when pn > 10),
    a strain ("S", "NT") and 0, 1 or 2 for undoubled, doubled, redoubled.
    ``str()`` is written like a bridge contract: ``"4S"``, ``"3NTX"``, ``"8SXX"``."""

    level: int
    strain: str
    doubled: int = 0

    @classmethod
    def for_play_number(cls, pn: int, strain: str) -> TopContract:
        return cls(tricks_needed(pn, strain) - BOOK, strain)

    @property
    def tricks(self) -> int:
        """The tricks declarer needs: book and the level."""
        return self.level + BOOK

    @property
    def trumps(self) -> Suit | None:
        return None if self.strain == NO_TRUMPS else Suit(self.strain)

    @property
    def bid_text(self) -> str:
        """The contract without its doubling: ``"4S"``."""
        return f"{self.level}{self.strain}"

    def __str__(self) -> str:
        return self.bid_text + "X" * self.doubled

    @property
    def said(self) -> str:
        """The contract in words: "four spades, doubled"."""
        return contract_words(self.level, self.strain, self.doubled)

    def words(self) -> str:
        """"four spades, doubled (10 tricks)"."""
        return f"{self.said} ({self.tricks} tricks)"

    def as_data(self) -> dict[str, object]:
        return {"text": str(self), "words": self.said, "level": self.level,
                "strain": self.strain, "tricks": self.tricks, "doubled": self.doubled}


def contract_choices(pn: int) -> dict[str, str]:
    """Each strain with its contract at play number ``pn``: ``{"C": "4C", ...,
    "NT": "3NT"}`` (what declarer chooses from, the level worked out)."""
    return {strain: TopContract.for_play_number(pn, strain).bid_text for strain in STRAINS}


def needs_words(pn: int) -> str:
    """"no-trumps needs 7 + 2 = 9 tricks (three no trumps), a suit 7 + 3 = 10 tricks
    (four of the suit)": the levels in words, as the contract buttons say them."""
    nt, suit = tricks_needed(pn, NO_TRUMPS), tricks_needed(pn, "S")
    return (f"no-trumps needs {pn} + 2 = {nt} tricks ({contract_words(nt - BOOK, NO_TRUMPS)}), "
            f"a suit {pn} + 3 = {suit} tricks ({number_words(suit - BOOK)} of the suit)")


def level_words(pn: int) -> str:
    """The level rule worked out for ``pn``, as a pupil reads it."""
    return f"Play number {pn}: {needs_words(pn)}."
