"""Preference, the three-handed game of Central Europe: an auction for the right to
choose trumps, the talon, the defenders' choice to play or drop out, kontra, and the
paper scoresheet with its declarer column, bulas, hats and refas
(/work/shared/rules/preference.txt).

One :class:`Preference` object is one hand (:mod:`games.preference.game`); a game
is the hands of a table until the declarer columns add up to zero, written on the
sheet by :func:`games.preference.scoring.standing` from the hands' results.

>>> from games.registry import find_game
>>> find_game("preference", start=60).most_refas
2
"""

from __future__ import annotations

import random
from typing import Any

from games.deals import Deal
from games.preference.game import Preference, deal_hand
from games.preference.rules import (
    PLAYERS,
    REFA_MAX_BY_START,
    REFA_MAX_CHOICES,
    REFA_UNDER_HAT_CHOICES,
    START_CHOICES,
    PreferenceRules,
)
from games.preference.scoring import read_result, read_standing, standing
from games.registry import GameEntry, OptionEntry, RobotsEntry, VariantEntry

__all__ = ["ENTRY", "PLAYERS", "TERMS", "Preference", "PreferenceRules", "deal_hand", "standing"]


def _deal(rules: PreferenceRules, rng: random.Random, board: int = 1) -> Deal:
    return deal_hand(rules, rng, board)


def _robot(level: str = "beginner", **options: Any) -> Any:
    from games.preference.robots import make_robot  # the solver loads only when a robot plays

    return make_robot(level, **options)


def _refa_label(value: int | str | None) -> str:
    return {REFA_MAX_BY_START: "As the start says: two from 60 up, one below (the text)",
            2: "Two (the text's maximum from 60)", 1: "One (the text's maximum from 40)",
            0: "None: passing out has no effect", None: "No maximum"}[value]


def _under_hat_label(value: str) -> str:
    return {"none": "No refa for anyone (the text)",
            "others": "A refa for the players who are not under the hat"}[value]


#: The game's words a pupil meets at the table and on the sheet, each in one sentence a
#: child understands, after the rules text's sections 2-10 (shown a tap away where
#: the word appears, and as the how-to page's glossary). Bettel is the game's misère.
TERMS: dict[str, str] = {
    "talon": "The two cards dealt face down in the middle: the declarer may take them "
             "and put two other cards away.",
    "declarer": "The player who wins the auction: he chooses trumps and must take six "
                "tricks (none in Bettel).",
    "same": "The player who bid first may say \"same\" to bid the number just bid and "
            "stay ahead.",
    "game": "Playing without the talon: you bid it the first time you speak, and it "
            "counts one more before doubling.",
    "bettel": "A contract with no trumps where the declarer must take no trick at all.",
    "sans": "A contract with no trumps where the declarer must take six tricks.",
    "defend": "To play against the declarer, promising to take at least two tricks.",
    "drop out": "To stay out of the hand: you cannot lose points, and you cannot win any "
                "either.",
    "invite": "When your partner dropped out you can make him play with you: you two need "
              "four tricks, and only you score or pay.",
    "play alone": "When your partner dropped out you can play against the declarer by "
                  "yourself: you need two tricks.",
    "kontra": "A defender's promise that the defence will take five tricks: every score "
              "of the hand counts double.",
    "rekontra": "The declarer's answer to kontra when he is sure of six tricks: the scores "
                "double again.",
    "refa": "When everyone passes, each player's next contract counts double, and a line "
            "in his declarer column shows it.",
    "declarer column": "The middle column of your sheet: it starts at the game's number "
                       "and comes down when you make a contract.",
    "bula": "A side column of your sheet: the points you win as a defender against the "
            "player on that side.",
    "hat": "The mark drawn when your declarer column goes past zero: you are then under "
           "the hat, and your score is above zero.",
    "final reckoning": "At the end each player adds his bulas, takes away the bulas "
                       "against him, and adds ten times his declarer column.",
}

ENTRY = GameEntry(
    name="preference",
    title="Preference",
    players=3,
    summary="Three players bid for the right to choose trumps and take six tricks; the "
            "others defend or drop out. The scoresheet is kept as on paper.",
    game_class=Preference,
    make_rules=PreferenceRules.from_options,
    variants=(
        VariantEntry("short", "Short game (from 30)",
                     "Every declarer column starts at 30, as in the worked example.",
                     {"start": 30}),
        VariantEntry("standard", "Standard game (from 60)",
                     "Every declarer column starts at 60, with at most two refas.",
                     {"start": 60, "refa_max": 2}),
    ),
    # South at the bottom of the table, then East (South's right) and West.
    seats=PLAYERS,
    options=(
        OptionEntry("start", "Starting score", tuple((n, str(n)) for n in START_CHOICES), 30,
                    help="Each declarer column starts here; the game ends when they add up "
                         "to zero. Smaller is shorter."),
        OptionEntry("refa_max", "Most refas in a game",
                    tuple((v, _refa_label(v)) for v in REFA_MAX_CHOICES), REFA_MAX_BY_START,
                    help="When everyone passes, each player's next contract counts double "
                         "(a refa), up to this many times a game."),
        OptionEntry("refa_under_hat", "Everyone passes while a player is under the hat",
                    tuple((v, _under_hat_label(v)) for v in REFA_UNDER_HAT_CHOICES), "none",
                    help="Under the hat means above zero in the declarer column. The text "
                         "declares no refa then; some tables still give the others theirs."),
    ),
    deal=_deal,
    robots=RobotsEntry(levels=("beginner", "expert"), make=_robot),
    cli="games.preference.cli",
    coach="games.preference.coach",
    # Three hands of a game from 30 (unfinished: the checker takes that too).
    cli_sample=("--games", "1", "--hands", "3", "--seed", "1", "--json", "{out}"),
    checker="games.preference.record",
    standing=standing,
    read_standing=read_standing,
    read_result=read_result,
    review="games.preference.review",
    terms=TERMS,
)
