"""Piquet: two players, the 32-card pack, the exchange, the declarations, the
tricks, and a partie of six deals (shared/rules/piquet.txt).

One :class:`Piquet` is one deal. A partie is the deals of a table in order:
the dealer alternates (:func:`dealer_for_deal`, from the deal's number), and
the sheet (each deal's scores, the totals, the winner and the rubicon) is
:func:`standing` of the finished deals' results. Seats: North (at the top)
and South (the first pupil, at the bottom); North deals first unless the
table says otherwise, so South is elder in the first deal.

>>> from games.registry import find_game
>>> find_game("piquet", counting="classical").counting
'classical'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.piquet.game import Piquet, deal_piquet, dealer_for_deal, opponent
from games.piquet.robots import make_robot
from games.piquet.rules import PLAYERS, PiquetRules
from games.piquet.scoring import partie_over, partie_score, standing_rows
from games.registry import GameEntry, OptionEntry, RobotsEntry, VariantEntry
from games.seats import Seat

__all__ = ["ENTRY", "Piquet", "PiquetRules", "deal_piquet", "dealer_for_deal", "opponent",
           "standing"]


def standing(rules: PiquetRules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """SCORE: where the partie stands after a table's finished deals (their
    results oldest first): each deal's scores and the running totals, the
    partie's number at this table, and once it is over the winner, his points
    for the partie ("the difference ... plus 100", or "100 for game plus the
    sum of the two totals" when the loser is rubiconed under 100). Once a
    partie is over the next deal starts a new one."""
    partie = 1
    deals: list[dict[str, int]] = []
    for result in results:
        scores = result.get("scores")
        if not scores:
            continue
        if deals and _over(deals):
            partie, deals = partie + 1, []
        deals.append({seat.value: int(scores[seat.value]) for seat in PLAYERS})
    rows = standing_rows(deals)
    totals = rows[-1]["total"] if rows else {seat.value: 0 for seat in PLAYERS}
    over = bool(deals) and _over(deals)
    winner = points = None
    rubicon = False
    if over:
        winner, points, rubicon = partie_score(totals)
    return {"partie": partie, "deals": rows, "deals_played": len(deals), "totals": totals,
            "over": over, "winner": winner, "points": points, "rubicon": rubicon,
            "tie": not over and len(deals) >= 6 and len(set(totals.values())) == 1}


def _over(deals: list[dict[str, int]]) -> bool:
    totals = {seat.value: sum(d[seat.value] for d in deals) for seat in PLAYERS}
    return partie_over(len(deals), totals)


ENTRY = GameEntry(
    name="piquet",
    title="Piquet",
    players=2,
    summary="Exchange, declare your point, sequence and set, then win the tricks: "
            "a partie of six deals.",
    game_class=Piquet,
    make_rules=PiquetRules.from_options,
    standing=standing,
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
)
