"""The Top Game's scores as pure functions, each citing shared/rules/top-game.txt.

"The scores entered show how much each player should give to or receive from
the other players": every figure of the rules text is what declarer receives
from (or gives to) *each* opponent, so an entry is always zero-sum across the
three players (docs/rules/topgame.md, reading 3; decision record 0233). The
examples of the text, for 4D by A:

* made with one overtrick, undoubled: A 10, B -5, C -5;
* the same doubled by B: A 13, B -8, C -5;
* two down: A -4, B 2, C 2;
* doubled by B, redoubled by A, one down: A -6, B 6, C 0.

Scores are keyed by whatever names the players: seats in the game, the
letters A, B, C in the tests of the examples.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)

#: "If declarer makes his contract he scores 4 points."
MADE = 4
#: "Overtricks are 1 each."
OVERTRICK = 1
#: "one down is zero points, two down is -2 and more than two down is -4".
DOWN = {1: 0, 2: -2}
MORE_THAN_TWO_DOWN = -4
#: "the doubler pays (receives) 3 (6) points to (from) declarer".
DOUBLE_STAKE = {1: 3, 2: 6}
#: "If you do not raise your bid when you need to, your score is always -6."
NO_RAISE = -6
#: "If the wrong information about dummy is given, the informer is penalized by -2".
WRONG_INFORMATION = -2


def contract_points(needed: int, taken: int) -> int:
    """What each opponent pays declarer (negative: receives) for the contract,
    before any double: "If declarer makes his contract he scores 4 points. If
    the contract is undoubled one down is zero points, two down is -2 and more
    than two down is -4. Overtricks are 1 each."

    >>> contract_points(10, 11), contract_points(10, 8), contract_points(10, 3)
    (5, -2, -4)
    """
    if not 0 <= taken <= 13:
        raise ValueError(f"declarer takes 0 to 13 tricks, not {taken}")
    if taken >= needed:
        return MADE + OVERTRICK * (taken - needed)
    return DOWN.get(needed - taken, MORE_THAN_TWO_DOWN)


def double_stake(doubled: int) -> int:
    """"If the contract is doubled (redoubled) and makes (fails) the doubler pays
    (receives) 3 (6) points to (from) declarer": 0, 3 or 6."""
    if doubled not in (0, 1, 2):
        raise ValueError("a contract is undoubled (0), doubled (1) or redoubled (2)")
    return DOUBLE_STAKE.get(doubled, 0)


@dataclass(frozen=True)
class Entry(Generic[P]):
    """One line of the score sheet: each player's score, and why, in sentences."""

    scores: dict[P, int]
    reasons: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if sum(self.scores.values()) != 0:
            raise ValueError(f"a Top Game entry adds up to zero, not {self.scores}")


def contract_entry(declarer: P, opponents: tuple[P, P], *, needed: int, taken: int,
                   doubled: int = 0, doubler: P | None = None) -> Entry[P]:
    """The entry of a contract played out: each opponent pays declarer the
    contract's points, and a doubler pays (made) or receives (failed) the stake
    besides, "while all the other scores remain the same"."""
    if doubled and doubler not in opponents:
        raise ValueError("only an opponent of declarer doubles")
    each = contract_points(needed, taken)
    scores = {declarer: 2 * each, opponents[0]: -each, opponents[1]: -each}
    stake = double_stake(doubled)
    if stake and doubler is not None:
        swing = stake if taken >= needed else -stake
        scores[declarer] += swing
        scores[doubler] -= swing
    return Entry(scores)


def no_raise_entry(declarer: P, opponents: tuple[P, P]) -> Entry[P]:
    """PENALTY POINTS: "If you do not raise your bid when you need to, your score
    is always -6": -6 to each opponent, whatever else happens to the hand."""
    return Entry({declarer: 2 * NO_RAISE, opponents[0]: -NO_RAISE, opponents[1]: -NO_RAISE})


def wrong_information_entry(informer: P, others: tuple[P, P]) -> Entry[P]:
    """PENALTY POINTS: "If the wrong information about dummy is given, the
    informer is penalized by -2": -2 to each of the other two."""
    return Entry({informer: 2 * WRONG_INFORMATION, others[0]: -WRONG_INFORMATION,
                  others[1]: -WRONG_INFORMATION})


def passed_out_entry(players: tuple[P, P, P]) -> Entry[P]:
    """A hand passed out (all three pass, or a play number of 4 or less) scores nothing."""
    return Entry(dict.fromkeys(players, 0))
