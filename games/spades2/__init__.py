"""Two-handed Spades, as /work/shared/rules/two-handed.txt describes it.

The rules text splices a Spades help file with paragraphs of a Pinochle one
(meld, marriage, the nine of trumps, a points auction); those cannot apply to a
52-card game without melds, so this package plays the Spades parts: THE DECK,
THE DEAL, TRICKS, THE PLAY, THE SCORE and THE GAME, with spades always trumps
and each player bidding a number of tricks once (docs/decisions/0032-spades2-pinochle-dropped.md;
every reading: docs/rules/spades2.md).

One :class:`Spades2` object is one hand: the deal (automatic, or the card
selection drawn during the hand), the bids, the thirteen tricks and the score
of each player. :class:`Spades2Match` adds the hands of a game up to the
game limit. Seats are North (the opponent, at the top) and South (the pupil).
"""

from __future__ import annotations

import random
from typing import Any

from games.deals import Deal
from games.registry import GameEntry, OptionEntry, RobotsEntry, VariantEntry
from games.seats import Seat
from games.spades2.deal import deal_hand, dealer_for_hand, first_bidder_of
from games.spades2.game import Spades2
from games.spades2.rules import (
    DEAL_METHODS,
    HAND_SIZE,
    NIL,
    PLAYERS,
    TRICKS_PER_HAND,
    Spades2Rules,
    opponent,
)
from games.spades2.scoring import (
    Spades2Match,
    game_winner,
    hand_score,
    read_result,
    read_standing,
    standing,
)

__all__ = [
    "DEAL_METHODS", "ENTRY", "HAND_SIZE", "NIL", "PLAYERS", "TRICKS_PER_HAND", "Spades2",
    "Spades2Match", "Spades2Rules", "deal_hand", "dealer_for_hand", "first_bidder_of",
    "game_winner", "hand_score", "opponent", "standing",
]


# -- the registry ---------------------------------------------------------------------

def _deal(rules: Spades2Rules, rng: random.Random, board: int = 1) -> Deal:
    """Hand ``board`` of a table (THE DEAL): South bids first in hand 1, then it alternates."""
    return deal_hand(rules, rng, board=board)


def _robot(level: str, **options: Any) -> Any:
    from games.spades2.robots import make_robot

    return make_robot(level, **options)


ENTRY = GameEntry(
    name="spades2",
    title="Two-handed Spades",
    players=2,
    summary="Bid the tricks you will take, then play them out; spades are always trumps.",
    game_class=Spades2,
    make_rules=Spades2Rules.from_options,
    standing=standing,
    read_standing=read_standing,
    variants=(
        VariantEntry("automatic", "Automatic deal",
                     "Thirteen cards each, dealt alternately; the other 26 are not used.",
                     {"deal_method": "automatic"}),
        VariantEntry("selection", "Card selection",
                     "Draw your hand from the stock: take the card you see or the next one.",
                     {"deal_method": "selection"}),
        VariantEntry("nil", "With nil bids",
                     "You may bid to take no trick at all: 100 points if you manage it.",
                     {"nil": True}),
    ),
    # South, the pupil at the bottom, first; North is the opponent at the top.
    seats=(Seat.SOUTH, Seat.NORTH),
    options=(
        OptionEntry("deal_method", "The deal",
                    (("automatic", "Automatic: thirteen cards each"),
                     ("selection", "Card selection: draw your hand from the pack")),
                    "automatic", help="THE DEAL: the two ways the rules give."),
        OptionEntry("nil", "Nil bids", ((False, "Not played"), (True, "Allowed: 100 points")),
                    False, help="A bid to take no trick at all (not in the rules text)."),
        OptionEntry("game_limit", "Game limit",
                    tuple((points, f"{points} points") for points in (100, 200, 250, 300, 500)),
                    250, help="THE GAME: a score above the pre-set limit wins."),
    ),
    deal=_deal,
    robots=RobotsEntry(levels=("beginner",), make=_robot),
    cli="games.spades2.cli",
    coach="games.spades2.coach",
    checker="games.spades2.record",
    cli_sample=("--hands", "2", "--seed", "1", "--json", "{out}"),
    read_result=read_result,
    review="games.spades2.review",
    # The words of shared/rules/two-handed.txt a newcomer meets, each in one plain sentence.
    terms={
        "trick": "One card from each player; the higher card wins it and leads next.",
        "trumps": "Spades are always trumps: any spade beats any card of another suit.",
        "bid": "The number of tricks you say you will take in this hand.",
        "set": "Taking fewer tricks than you bid: you lose 10 points for each trick you bid.",
        "broken": "Spades are broken once someone has played a spade on an earlier trick; "
                  "only then may you lead one.",
        "take or reject": "In a selection deal you look at a card and keep it, or throw it "
                          "away and get the next card instead.",
        "nil": "A bid of no tricks at all: 100 points if you take none, 100 lost if you "
               "take one.",
        "game limit": "The score to pass to win the game, such as 250 points.",
    },
)
