"""The rules value of a Piquet table: the options a teacher sets, frozen.

The rules text (shared/rules/piquet.txt) fixes almost everything; what it
leaves open, or what a class may want either way, is an option here:

* ``counting``: how tricks are counted. ``"text"`` is the rules text's own
  sentences: elder "adds one point 'for leading'" the first card, and "The
  winner of a trick scores 1 point if he led to it, or 2 if his opponent led
  to it", the first trick included
  (docs/decisions/0740-piquet-the-lead-point-apart-from-trick-one.md);
  ``"classical"`` is the older count: 1 for each lead, 1 for winning the
  opponent's lead, 1 for the last trick
  (docs/decisions/0266-piquet-counting-the-tricks.md).
* ``first_dealer``: who deals the first deal of each partie. The text has the
  players cut for it (DEAL: "Higher cut decides whether or not to deal
  first"); at a school table the teacher or the table decides it
  (docs/decisions/0261-piquet-seats-and-the-first-dealer.md).
* ``batch``: the deal is "12 each in batches of two or three"; one choice for
  the whole partie keeps "you must stick to for your next two".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.seats import Seat

COUNTINGS = ("text", "classical")
#: PLAYERS: North sits at the top, South (the first pupil) at the bottom.
PLAYERS: tuple[Seat, Seat] = (Seat.NORTH, Seat.SOUTH)
_OPTIONS = ("counting", "first_dealer", "batch")


@dataclass(frozen=True)
class PiquetRules:
    """How one table plays Piquet (see the module's docstring for each option)."""

    counting: str = "text"
    #: The seat letter of the first deal's dealer ("N" or "S"); deals then alternate.
    first_dealer: str = "N"
    #: Cards dealt at a time to each player: 2 or 3.
    batch: int = 2

    def __post_init__(self) -> None:
        if self.counting not in COUNTINGS:
            raise ValueError(f"tricks are counted the 'text' way or the 'classical' way, "
                             f"not {self.counting!r}")
        if self.first_dealer not in ("N", "S"):
            raise ValueError(f"the first dealer is N or S, not {self.first_dealer!r}")
        if self.batch not in (2, 3) or isinstance(self.batch, bool):
            raise ValueError(f"the cards are dealt in batches of 2 or 3, not {self.batch!r}")

    @property
    def first_dealer_seat(self) -> Seat:
        return Seat.from_str(self.first_dealer)

    @classmethod
    def from_options(cls, **options: Any) -> PiquetRules:
        """``find_game("piquet", counting="classical")``; an unknown option is
        refused with a readable reason."""
        unknown = set(options) - set(_OPTIONS)
        if unknown:
            raise ValueError(f"Piquet has no option {', '.join(sorted(unknown))} "
                             f"(options: {', '.join(_OPTIONS)})")
        if "batch" in options:
            options["batch"] = int(options["batch"])
        return cls(**options)

    def as_data(self) -> dict[str, Any]:
        return {"counting": self.counting, "first_dealer": self.first_dealer,
                "batch": self.batch}
