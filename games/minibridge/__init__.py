"""MiniBridge, the EBU's way into bridge: bridge play without the auction.

Each player counts and announces his high card points, the stronger side
declares, dummy is faced, declarer chooses the contract and the cards are
played as in bridge (shared/rules/minibridge.txt). The six MiniLessons and
the variants are frozen rules values (:mod:`games.minibridge.rules`); the
state machine is :class:`MiniBridge`; scoring is in
:mod:`games.minibridge.scoring`.

>>> from games.registry import find_game
>>> find_game("minibridge", lesson=5, variant="slam").levels
('part', 'game', 'slam')
"""

from __future__ import annotations

import random
from typing import Any

from games.deals import Deal, dealer_for_board
from games.minibridge.game import Contract, CountAgainError, MiniBridge, deal_for_lesson
from games.minibridge.rules import (
    LESSONS,
    SET_DEALS,
    SET_TARGETS,
    VARIANT_NAMES,
    VARIANT_TITLES,
    MiniBridgeRules,
    RulesError,
    make_rules,
)
from games.minibridge.scoring import standing
from games.minibridge.words import read_result
from games.registry import GameEntry, OptionEntry, RobotsEntry, VariantEntry
from games.seats import Seat

__all__ = [
    "ENTRY", "Contract", "CountAgainError", "MiniBridge", "MiniBridgeRules", "RulesError",
    "deal_for_lesson", "make_rules",
]

_LESSON_SUMMARIES = {
    1: "Recognise the suits and the rank of the cards; the winner of a trick leads to the next.",
    2: "Co-operate with partner and play the tricks duplicate style.",
    3: "Count high card points; the stronger side declares in no-trumps with dummy, "
       "goal seven tricks.",
    4: "Declarer chooses the best trump suit, or no-trumps.",
    5: "The complete game: part-score or game, nine, ten or eleven tricks for game.",
    6: "MiniBridge played competently; the defenders send simple signals.",
}

_VARIANT_SUMMARIES = {
    "target": "Declarer's target depends on the side's points; each deal is a win or a loss.",
    "slam": "Declarer may also try for slam: twelve tricks and a bonus of 800.",
    "three-simple": "Three players: the strongest declares with the dealt dummy opposite him.",
    "three-normal": "Three players: dealer and the dealt dummy play against the other two.",
}


def _variant_entries() -> tuple[VariantEntry, ...]:
    lessons = [VariantEntry(f"lesson-{n}", rules.title, _LESSON_SUMMARIES[n], {"lesson": n})
               for n, rules in LESSONS.items()]
    variants = [VariantEntry(f"lesson-5-{name}", f"{VARIANT_TITLES[name]} (MiniLesson 5)",
                             _VARIANT_SUMMARIES[name], {"lesson": 5, "variant": name})
                for name in VARIANT_NAMES]
    return tuple(lessons + variants)


#: The site seats pupils South, North, West, East: the first two are partners, so two
#: pupils with robots play together.
_FILL_ORDER = (Seat.SOUTH, Seat.NORTH, Seat.WEST, Seat.EAST)


def _seats_for(rules: MiniBridgeRules) -> tuple[Seat, ...]:
    """The first hand's players: all four, or in the three-handed games everyone but
    the seat opposite board 1's dealer, where the dummy is dealt (a later hand moves
    the players round with the deal: the site's dealing does that)."""
    if not rules.three_handed:
        return _FILL_ORDER
    empty = dealer_for_board(1).partner
    return tuple(seat for seat in _FILL_ORDER if seat != empty)


def _deal(rules: MiniBridgeRules, rng: random.Random, board: int = 1) -> Deal:
    """Hand ``board`` of a table: a random deal, dealer and vulnerability by the board
    number (Law 3); the three-handed games deal four hands too, the dummy opposite
    the dealer."""
    return deal_for_lesson(rng, board)


def _robot(level: str, **options: Any) -> Any:
    """A MiniBridge robot (games.minibridge.robots), loaded when a table first needs one."""
    from games.minibridge.robots import make_robot

    return make_robot(level, **options)


_OPTIONS = (
    OptionEntry("lesson", "MiniLesson",
                tuple((number, rules.title) for number, rules in LESSONS.items()), 5,
                help="Each MiniLesson adds one idea to the one before."),
    OptionEntry("variant", "Variant",
                ((None, "None: the lesson as it is"),
                 *((name, VARIANT_TITLES[name]) for name in VARIANT_NAMES)), None,
                help="With MiniLessons 5 and 6 only."),
    OptionEntry("real_table", "Irregularities",
                ((False, "Refused: only legal cards can be played"),
                 (True, "As at a real table: leads out of turn and revokes are put right")),
                False, help="Laws 19-23: a lead out of turn, a revoke and its correction, "
                            "a card played out of rotation."),
    OptionEntry("score_tricks", "Scoring",
                ((False, "As the lesson scores"),
                 (True, "Tricks won by each side")),
                False, help="\"You can ignore the part-score/game elements of scoring and just "
                            "score according to the number of tricks won by each side.\""),
    OptionEntry("set_deals", "Deals in a set",
                ((None, "No set: each deal on its own"),
                 *((n, f"{n} deals") for n in SET_DEALS)), None,
                help="Law 18: play a fixed number of deals; the table keeps the running "
                     "total."),
    OptionEntry("set_target", "Play to a total",
                ((None, "No target"), *((n, f"{n} points") for n in SET_TARGETS)), None,
                help="Law 18: play until a side reaches this total score (with points "
                     "scoring only)."),
)


ENTRY = GameEntry(
    name="minibridge",
    title="MiniBridge",
    players=4,
    summary="Bridge without the bidding: count your points, find the declarer, play the cards.",
    game_class=MiniBridge,
    make_rules=make_rules,
    variants=_variant_entries(),
    # A three-handed deal's empty seat is left out: seats_for.
    seats=_FILL_ORDER,
    seats_for=_seats_for,
    options=_OPTIONS,
    deal=_deal,
    # Law 18: the set of deals a table plays, when the teacher sets one.
    standing=standing,
    robots=RobotsEntry(levels=("beginner", "expert"), make=_robot),
    cli="games.minibridge.cli",
    coach="games.minibridge.coach",
    review="games.minibridge.review",
    guess="games.minibridge.guess",
    # A MiniBridge record is PBN, which python -m games check reads as it is.
    cli_sample=("--deals", "2", "--seed", "1", "--pbn", "{out}"),
    pairs="games.minibridge.pairs",
    read_result=read_result,
    # Its deals are boards: numbered, dealt by Law 18's set, played again in duplicate.
    hand_word="board",
)
