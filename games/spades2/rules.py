"""Two-handed Spades' rules value and its fixed facts: two players, thirteen cards
each, thirteen tricks, spades always trumps (shared/rules/two-handed.txt, THE DECK,
THE DEAL, TRICKS; docs/rules/spades2.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Suit
from games.seats import Seat, rotation_after
from games.tricks import TrickRules

#: The two players: North sits at the top, South (the pupil) at the bottom.
PLAYERS: tuple[Seat, Seat] = (Seat.NORTH, Seat.SOUTH)
#: "Each participant will receive 13 cards" (THE DEAL).
HAND_SIZE = 13
#: "There are 13 tricks in each hand" (TRICKS).
TRICKS_PER_HAND = 13
DEAL_METHODS = ("automatic", "selection")
#: A nil bid is written 0 in ``bids`` and "bid nil" as an action.
NIL = 0

#: THE PLAY: spades are trumps and "cannot be led until they have been broken".
TRICK_RULES = TrickRules(trumps=Suit.SPADES, locked_until_broken=Suit.SPADES)


def opponent(seat: Seat) -> Seat:
    """The other player of the two."""
    return rotation_after(seat, PLAYERS)


# -- the rules value -----------------------------------------------------------

@dataclass(frozen=True)
class Spades2Rules:
    """The options a teacher picks for a table.

    ``deal_method``: THE DEAL, "automatic" or "selection". ``nil``: whether a
    player may bid to take no trick at all. ``game_limit``: THE GAME, "the
    pre-set game limit" a player's score must pass.
    """

    deal_method: str = "automatic"
    nil: bool = False
    game_limit: int = 250

    def __post_init__(self) -> None:
        if self.deal_method not in DEAL_METHODS:
            raise ValueError("the deal method is 'automatic' or 'selection', "
                             f"not {self.deal_method!r}")
        if not isinstance(self.nil, bool):
            raise ValueError("nil is on (True) or off (False)")
        if isinstance(self.game_limit, bool) or not isinstance(self.game_limit, int) \
                or self.game_limit < 1:
            raise ValueError(f"the game limit is a whole number of points above 0, "
                             f"not {self.game_limit!r}")

    @classmethod
    def from_options(cls, **options: Any) -> Spades2Rules:
        """``find_game("spades2", deal_method=..., nil=..., game_limit=...)``;
        an unknown option is refused with a readable reason."""
        unknown = set(options) - {"deal_method", "nil", "game_limit"}
        if unknown:
            raise ValueError(f"two-handed Spades has no option {', '.join(sorted(unknown))} "
                             "(options: deal_method, nil, game_limit)")
        return cls(**options)

    def as_data(self) -> dict[str, Any]:
        return {"deal_method": self.deal_method, "nil": self.nil, "game_limit": self.game_limit}

