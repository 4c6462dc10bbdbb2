"""Piquet: two players, the 32-card pack, the exchange, the declarations, the
tricks, and a partie of six deals (shared/rules/piquet.txt).

One :class:`Piquet` is one deal. A partie is the deals of a table in order:
the dealer alternates (:func:`dealer_for_deal`, from the deal's number), and
the sheet (each deal's scores, the totals, the winner and the rubicon) is
:func:`games.piquet.scoring.standing` of the finished deals' results. Seats: North (at the top)
and South (the first pupil, at the bottom); North deals first unless the
table says otherwise, so South is elder in the first deal.

>>> from games.registry import find_game
>>> find_game("piquet", counting="classical").counting
'classical'
"""

from __future__ import annotations

from games.piquet.game import Piquet, deal_piquet, dealer_for_deal, opponent
from games.piquet.robots import make_robot
from games.piquet.rules import PiquetRules
from games.piquet.scoring import read_result, read_standing, standing
from games.registry import GameEntry, OptionEntry, RobotsEntry, VariantEntry
from games.seats import Seat

__all__ = ["ENTRY", "Piquet", "PiquetRules", "deal_piquet", "dealer_for_deal", "opponent",
           "standing"]


ENTRY = GameEntry(
    name="piquet",
    title="Piquet",
    players=2,
    summary="Exchange, declare your point, sequence and set, then win the tricks: "
            "a partie of six deals.",
    game_class=Piquet,
    make_rules=PiquetRules.from_options,
    standing=standing,
    read_standing=read_standing,
    seats=(Seat.SOUTH, Seat.NORTH),
    options=(
        OptionEntry("counting", "Counting the tricks",
                    (("text", "1 for winning your lead, 2 for winning the other's"),
                     ("classical", "1 a lead, 1 for winning the other's lead, 1 the last")),
                    "text",
                    help="The rules text's count, or the classical one."),
        OptionEntry("first_dealer", "Who deals first", (("N", "North"), ("S", "South")), "N",
                    help="The dealer is younger; the other player, elder, exchanges first."),
    ),
    variants=(
        VariantEntry("text", "Piquet", "The rules text's way of counting the tricks.",
                     {"counting": "text"}),
        VariantEntry("classical", "Piquet, classical count",
                     "1 for each lead, 1 for winning the opponent's lead, 1 for the last trick.",
                     {"counting": "classical"}),
    ),
    deal=deal_piquet,
    robots=RobotsEntry(levels=("beginner", "expert"), make=make_robot),
    cli="games.piquet.cli",
    checker="games.piquet.record",
    coach="games.piquet.coach",
    read_result=read_result,
    review="games.piquet.review",
    # The words of shared/rules/piquet.txt a newcomer meets, each in one plain sentence.
    terms={
        "elder": "The player who did not deal: he changes cards first, speaks first and "
                 "leads to the first trick.",
        "younger": "The dealer: he changes cards after elder and answers what elder declares.",
        "talon": "The eight cards left face down in the middle, which you draw from when "
                 "you change cards.",
        "exchange": "Putting some of your cards aside and taking as many new ones from the "
                    "talon.",
        "point": "Your longest suit: the longer one scores, 1 point for each of its cards.",
        "sequence": "Three or more cards next to each other in the same suit, like queen, "
                    "jack and ten of hearts.",
        "set": "Three or four cards of the same rank, tens or higher, like three kings.",
        "sinking": "Telling less than you hold, to keep your cards secret; you then score "
                   "only what you told.",
        "pique": "A bonus of 30 for elder when he reaches 30 points before younger scores "
                 "anything.",
        "repique": "A bonus of 60 when you reach 30 points with your declarations alone "
                   "before the other player scores anything.",
        "the cards": "A bonus of 10 for winning more than half of the twelve tricks.",
        "capot": "A bonus of 40 for winning all twelve tricks.",
        "carte blanche": "A hand with no king, queen or jack: you show it and score 10.",
        "partie": "A match of six deals: the higher total at the end wins.",
        "rubicon": ("Losing a partie with under 100 points: the winner then scores 100 plus "
                   "both totals."),
        "good": "What younger says when elder's declaration beats his: elder scores it.",
        "not good": "What younger says when his own declaration is better.",
        "equal": "What younger says when his is the same size: elder then tells a little more.",
    },
)
