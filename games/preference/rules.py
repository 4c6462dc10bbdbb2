"""The options of a Preference table, as one frozen value (sections 8 and 9).

``start`` is the agreed starting number of every declarer column ("Typical
starting levels are 60, 80, or more"; the worked example starts from 30).
``refa_max`` is the most refas a game may declare ("Starting from 60, a maximum
of two refas are allowed. Starting from 40, just one"): ``"by start"`` (the
default) follows the start, two from 60 up and one below; a number or ``None``
(no maximum) is a table's own agreement ("All refas are subject to an internal
agreement beetwen the players"). ``most_refas`` is the number it comes to.
``refa_under_hat`` says what a pass-out does while a player is under the hat:
``"none"`` (the text: "a refa is not declared when all players pass") or
``"others"`` (a club's reading: the others still get theirs); docs/decisions/0750.

``refas`` is not a teacher's option but the state a hand is played under: how
many refas each player has waiting in his declarer column when the hand is
dealt. A hand needs it for one rule only, the plain two ("without 'game' and
without refa"), and a replay must give the same answer, so it travels in the
rules value: the table builds hand N's rules from the table's options and
``standing(rules, results)["next_options"]`` (docs/decisions/0212).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.seats import Seat

#: The three players' seats in the order of play, counterclockwise round the table:
#: South at the bottom, East on South's right, West on South's left (docs/decisions/0201).
PLAYERS: tuple[Seat, Seat, Seat] = (Seat.SOUTH, Seat.EAST, Seat.WEST)

#: The starting scores the class page offers (any whole number above 0 is accepted).
START_CHOICES: tuple[int, ...] = (30, 40, 60, 80, 100)
#: The refa maximum that follows the start: "Starting from 60, a maximum of two refas are
#: allowed. Starting from 40, just one refa is allowed" (docs/decisions/0751).
REFA_MAX_BY_START = "by start"
#: The refa maxima the class page offers: as the start says (the default), two (as from
#: 60), one (as from 40), none at all, or no maximum.
REFA_MAX_CHOICES: tuple[int | str | None, ...] = (REFA_MAX_BY_START, 2, 1, 0, None)
#: The start from which the text allows two refas; below it, one.
TWO_REFAS_FROM = 60
#: A pass-out while a player is under the hat: no refa at all (the text's section 9), or
#: a refa for the players who are not (docs/decisions/0750).
REFA_UNDER_HAT_CHOICES: tuple[str, ...] = ("none", "others")

_OPTIONS = ("start", "refa_max", "refa_under_hat", "refas")


@dataclass(frozen=True)
class PreferenceRules:
    """A table's Preference options, and the refas waiting when a hand is dealt."""

    start: int = 30
    refa_max: int | str | None = REFA_MAX_BY_START
    #: Refas waiting in each player's declarer column, as (seat, count) pairs in the
    #: order of :data:`PLAYERS`; all zero at the start of a game.
    refas: tuple[tuple[Seat, int], ...] = tuple((seat, 0) for seat in PLAYERS)
    refa_under_hat: str = "none"

    def __post_init__(self) -> None:
        if isinstance(self.start, bool) or not isinstance(self.start, int) or self.start < 1:
            raise ValueError(f"the starting score is a whole number above 0, not {self.start!r}")
        if self.refa_max is not None and self.refa_max != REFA_MAX_BY_START and (
                isinstance(self.refa_max, bool) or not isinstance(self.refa_max, int)
                or self.refa_max < 0):
            raise ValueError(f"the refa maximum is {REFA_MAX_BY_START!r}, a whole number "
                             f"(0 for no refas) or None for no maximum, not {self.refa_max!r}")
        if self.refa_under_hat not in REFA_UNDER_HAT_CHOICES:
            raise ValueError("a pass-out while a player is under the hat gives refas to "
                             f"{' or '.join(REFA_UNDER_HAT_CHOICES)}, not "
                             f"{self.refa_under_hat!r}")
        object.__setattr__(self, "refas", _refas_from(self.refas))

    @property
    def most_refas(self) -> int | None:
        """The most refas this game may declare (None: no maximum). Section 9:
        "Starting from 60, a maximum of two refas are allowed. Starting from 40, just
        one refa is allowed": by the start, two from 60 up and one below it.

        >>> PreferenceRules(start=60).most_refas, PreferenceRules(start=40).most_refas
        (2, 1)
        """
        if self.refa_max == REFA_MAX_BY_START:
            return 2 if self.start >= TWO_REFAS_FROM else 1
        assert not isinstance(self.refa_max, str)
        return self.refa_max

    @classmethod
    def from_options(cls, **options: Any) -> PreferenceRules:
        """``find_game("preference", start=60, refa_max=1)``; an unknown option is
        refused with a readable reason. ``refas`` may be a mapping of seat letters
        to counts (``{"S": 1}``), as :func:`~games.preference.scoring.standing`
        gives it in ``next_options``."""
        unknown = set(options) - set(_OPTIONS)
        if unknown:
            raise ValueError(f"Preference has no option {', '.join(sorted(unknown))} "
                             f"(options: {', '.join(_OPTIONS)})")
        if options.get("refa_max") in ("none", "None", ""):
            options["refa_max"] = None
        if isinstance(options.get("start"), str) and options["start"].isdigit():
            options["start"] = int(options["start"])
        if isinstance(options.get("refa_max"), str) and options["refa_max"].isdigit():
            options["refa_max"] = int(options["refa_max"])
        return cls(**options)

    def refas_of(self, seat: Seat) -> int:
        """How many refas ``seat`` has waiting when this hand is dealt."""
        return dict(self.refas).get(seat, 0)

    def with_refas(self, refas: Mapping[Seat, int] | Mapping[str, int]) -> PreferenceRules:
        """The same table's rules for a hand dealt with these refas waiting."""
        return replace(self, refas=_refas_from(refas))

    def table_rules(self) -> PreferenceRules:
        """The table's options alone: a new game's rules, no refa waiting."""
        return replace(self, refas=_refas_from({}))

    def options(self) -> dict[str, Any]:
        """The teacher's options, as ``from_options`` takes them."""
        return {"start": self.start, "refa_max": self.refa_max,
                "refa_under_hat": self.refa_under_hat}

    def as_data(self) -> dict[str, Any]:
        return {**self.options(), "refas": {seat.value: count for seat, count in self.refas}}


def _refas_from(refas: Any) -> tuple[tuple[Seat, int], ...]:
    """Refas as (seat, count) pairs in the order of play, from pairs or a mapping."""
    items = refas.items() if isinstance(refas, Mapping) else refas
    counts: dict[Seat, int] = {seat: 0 for seat in PLAYERS}
    try:
        for seat, count in items:
            key = seat if isinstance(seat, Seat) else Seat.from_str(str(seat))
            if key not in counts:
                raise ValueError(f"{key.word} does not play Preference (South, East, West)")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"a refa count is a whole number, not {count!r}")
            counts[key] = count
    except TypeError as exc:
        raise ValueError(f"refas are given per seat, e.g. {{'S': 1}}, not {refas!r}") from exc
    return tuple((seat, counts[seat]) for seat in PLAYERS)
