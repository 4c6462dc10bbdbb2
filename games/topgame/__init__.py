"""The Top Game: three-handed bridge with tops, the informer and the 6+6 match.

Four hands are dealt, the one opposite the dealer for the dummy. The three
players bid once each; the highest bidder declares with the dummy as his
partner, raising his bid to his number of tops (aces, kings, queens) if it was
lower. His right-hand opponent describes the dummy; the final bid plus dummy's
tops is the play number, which fixes the contract's level in no-trumps or a
suit. The opening leader may double, declarer redouble or change the strain;
then the cards are played as in bridge and each opponent pays declarer, or is
paid, a few points (shared/rules/top-game.txt).

* :mod:`games.topgame.rules`: the rules value (the informer types or not);
* :mod:`games.topgame.contract`: tops, dummy's description, the play number;
* :mod:`games.topgame.game`: one hand, :class:`TopGame`;
* :mod:`games.topgame.scoring`: the score of a hand, per opponent;
* :mod:`games.topgame.match`: the deal of each hand, the 6 + 6 match and its sheets;
* :mod:`games.topgame.robots`: the beginner and the expert;
* :mod:`games.topgame.record`, :mod:`games.topgame.cli`: the written record and its
  check, ``python -m games play topgame``.

>>> from games.registry import find_game
>>> find_game("topgame", informer="typed").informer
'typed'
"""

from __future__ import annotations

from typing import Any

from games.registry import GameEntry, OptionEntry, RobotsEntry, VariantEntry
from games.seats import Seat
from games.topgame.game import TopGame
from games.topgame.match import deal
from games.topgame.rules import ANNOUNCED, TYPED, TopGameRules, make_rules
from games.topgame.scoring import next_seats, read_result, read_standing, standing

__all__ = ["ENTRY", "TopGame", "TopGameRules", "deal", "make_rules", "next_seats", "standing"]


def _make_robot(level: str, **options: Any) -> Any:
    from games.topgame.robots import make_robot

    return make_robot(level, **options)


#: The Top Game's words a newcomer meets, each in one plain sentence (the rules
#: text's own words: tops, the informer, the play number; bridge's: declarer, dummy).
TERMS = {
    "tops": "Your tops are your aces, kings and queens; count them before you bid.",
    "declarer": "The declarer bid highest, so he plays his own cards and dummy's too.",
    "dummy": "The dummy is the fourth hand, laid face up opposite declarer as his partner.",
    "informer": "The informer sits on declarer's right and tells him what dummy holds.",
    "leader": "The leader sits on declarer's left and plays the first card of the hand.",
    "play number": "The play number is the final bid plus dummy's tops; it sets the contract.",
    "strain": "The strain is the trump suit, or no trumps when there is none.",
    "contract": "The contract is how many tricks declarer must win, and in which strain.",
    "double": "A double makes the contract worth more: the doubler pays or wins 3 more.",
    "redouble": "A redouble answers a double: the doubler now pays or wins 6 instead of 3.",
    "trick": "A trick is one card from each of the four hands; the highest wins it.",
    "overtrick": "An overtrick is a trick declarer wins beyond his contract: 1 more each.",
    "passed out": "Passed out means nobody plays the hand and nobody scores for it.",
}

ENTRY = GameEntry(
    name="topgame",
    title="The Top Game",
    players=3,
    summary="Bridge for three: bid once, count your tops, the informer describes dummy, "
            "and each opponent pays or is paid.",
    game_class=TopGame,
    make_rules=make_rules,
    variants=(
        VariantEntry("announced", "Dummy described by the computer",
                     "The informer's description of dummy is announced for him.",
                     {"informer": ANNOUNCED}),
        VariantEntry("typed", "The informer describes dummy",
                     "The informer types dummy's longest suit and tops; wrong costs him 2 "
                     "to each player and the hand is dealt again.",
                     {"informer": TYPED}),
    ),
    # The first hand's dealer (A) in South, the dummy opposite him in North, then
    # B and C clockwise (decision record 0232).
    seats=(Seat.SOUTH, Seat.WEST, Seat.EAST),
    options=(
        OptionEntry("informer", "Dummy's description",
                    ((ANNOUNCED, "announced by the computer"),
                     (TYPED, "typed by the informer (checked: wrong costs 2 each)")),
                    ANNOUNCED,
                    help="Who tells dummy's longest suit and its tops after the bidding."),
    ),
    deal=deal,
    robots=RobotsEntry(levels=("beginner", "expert"), make=_make_robot),
    cli="games.topgame.cli",
    checker="games.topgame.record",
    coach="games.topgame.coach",
    standing=standing,
    read_standing=read_standing,
    next_seats=next_seats,
    read_result=read_result,
    terms=TERMS,
    review="games.topgame.review",
)
