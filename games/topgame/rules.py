"""The Top Game's rules value: the one option a teacher sets, frozen.

The rules text (shared/rules/top-game.txt) asks to be played as written
("Please do not change the rules!"), so the only option is how the informer's
description of dummy reaches the table: the engine announces it, or the
informer pupil types it in and the engine checks it (issue 16, "As an option
the informer pupil types this in").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: ``TopGameRules.informer``: the engine tells dummy's description for the informer.
ANNOUNCED = "announced"
#: ``TopGameRules.informer``: the informer types it; wrong information costs him 2 (PENALTY POINTS).
TYPED = "typed"
INFORMER_CHOICES: tuple[str, ...] = (ANNOUNCED, TYPED)


class RulesError(ValueError):
    """Options that do not make a Top Game."""


@dataclass(frozen=True)
class TopGameRules:
    """How a table plays the Top Game. ``informer``: "announced" or "typed"."""

    informer: str = ANNOUNCED

    def __post_init__(self) -> None:
        if self.informer not in INFORMER_CHOICES:
            raise RulesError(f"the informer's description is 'announced' or 'typed', "
                             f"not {self.informer!r}")

    @property
    def informer_types(self) -> bool:
        return self.informer == TYPED

    def as_data(self) -> dict[str, Any]:
        return {"informer": self.informer}


def make_rules(**options: Any) -> TopGameRules:
    """``find_game("topgame", informer="typed")``; an unknown option is refused
    with a readable reason.

    >>> make_rules(informer="typed").informer_types
    True
    """
    unknown = set(options) - {"informer"}
    if unknown:
        raise RulesError(f"the Top Game has no option {', '.join(sorted(unknown))} "
                         "(options: informer)")
    return TopGameRules(**options)
