"""The record of Piquet parties, as JSON-ready data.

:func:`deal_record` writes down one finished deal: the cards dealt, the
talon in order, both exchanges, the untaken cards, the declarations and
answers, the tricks, the count in the order it was made (each score with the
action it was scored at), the scores and the partie's totals after it.
docs/piquet-record.md describes every field; :mod:`games.piquet.checker`
reads a record back (``python -m games check FILE``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import cards_to_str
from games.piquet.game import Piquet
from games.piquet.rules import PLAYERS

FORMAT = "piquet-record 2"
#: The first format counted the text's way of issue 17 and looked for pique once
#: a trick was complete (docs/decisions/0742): its records are refused, not recounted.
FORMAT_1 = "piquet-record 1"
#: A partie that keeps tying stops here (it never has in practice).
MOST_DEALS_A_PARTIE = 40


def deal_record(game: Piquet, totals: Mapping[str, int]) -> dict[str, Any]:
    """One finished deal as the record keeps it (docs/piquet-record.md)."""
    result = game.result()
    assert game.play is not None
    return {
        "deal": game.deal.board,
        "dealer": game.deal.dealer.value,
        "elder": game.elder.value,
        "younger": game.younger.value,
        "hands": {s.value: cards_to_str(game.dealt[s]) for s in PLAYERS},
        "talon": cards_to_str(game.deal.stock),
        "carte_blanche": {s.value: game.claims.get(s) for s in game.holders},
        "exchange": {s.value: {"discards": cards_to_str(game.discards[s]),
                               "drew": cards_to_str(game.drawn[s])}
                     for s in game.exchange_order()},
        "peeked": cards_to_str(game.peeked),
        "untaken": {"cards": cards_to_str(game.untaken), "faced": game.untaken_faced},
        "declarations": [dict(line) for line in game.dialogue],
        "classes": result["classes"],
        "tricks": [{"leader": t.leader.value, "cards": [str(c) for _, c in t.cards],
                    "winner": t.winner(None).value} for t in game.play.tricks],
        # Each score with the action it was scored at, so that a check can tell
        # where a line of the count is missing (docs/decisions/0742).
        "count": [{**entry.as_data(), "action": entry.action} for entry in game.entries],
        "repique": result["repique"],
        "pique": result["pique"],
        "bonus": result["bonus"],
        "tricks_won": result["tricks_won"],
        "scores": result["scores"],
        "totals": dict(totals),
        "actions": [str(a) for a in game.log],
    }


def partie_record(number: int, deals: list[dict[str, Any]],
                  standing: Mapping[str, Any]) -> dict[str, Any]:
    return {"partie": number, "deals": deals, "totals": dict(standing["totals"]),
            "over": standing["over"], "winner": standing["winner"],
            "points": standing["points"], "rubicon": standing["rubicon"]}


def summary(parties: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Parties won and partie points by player, over the finished parties."""
    wins = {s.value: 0 for s in PLAYERS}
    points = {s.value: 0 for s in PLAYERS}
    for partie in parties:
        if partie.get("over") and partie.get("winner"):
            wins[partie["winner"]] += 1
            points[partie["winner"]] += partie["points"]
    return {"parties_won": wins, "partie_points": points}
