"""The JSON record of a Preference hand (docs/preference-record.md): written by the
command line, read back by the checker, which rebuilds each part from the replay and
compares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.preference.game import Preference
from games.preference.rules import PLAYERS
from games.preference.scoring import Sheet

FORMAT = "preference-record 1"


def hand_record(game: Preference, game_number: int, change: Mapping[str, Any],
                sheet: Sheet) -> dict[str, Any]:
    """One finished hand: its deal and talon, the refas it was dealt with, every
    action, the tricks, the result and what it wrote on ``sheet``."""
    deal = game.deal
    return {
        "hand": deal.board,
        "game": game_number,
        "dealer": deal.dealer.value,
        "deal": {**{s.value: " ".join(str(c) for c in deal.hand(s)) for s in PLAYERS},
                 "talon": " ".join(str(c) for c in deal.stock)},
        "refas": {s.value: n for s, n in game.rules.refas},
        "actions": [str(a) for a in game.log],
        "tricks": tricks_data(game),
        "result": game.result(),
        "sheet": sheet_entry(change, sheet),
    }


def tricks_data(game: Preference) -> list[dict[str, Any]]:
    """Each trick played: its number, leader, cards in order and winner."""
    if game.play is None:
        return []
    trumps = game.play.rules.trumps
    return [{"number": index, "leader": trick.leader.value,
             "cards": [[s.value, str(c)] for s, c in trick.cards],
             "winner": trick.winner(trumps).value}
            for index, trick in enumerate(game.play.tricks, 1)]


def sheet_entry(change: Mapping[str, Any], sheet: Sheet) -> dict[str, Any]:
    """What the hand wrote on the sheet and why, and each player's columns after it."""
    after = {}
    for seat in PLAYERS:
        column = sheet.columns[seat]
        after[seat.value] = {"score": column.score, "written": column.written,
                             "under_hat": column.under_hat, "refas": column.refas,
                             "bula": {o.value: column.bula[o] for o in PLAYERS if o != seat}}
    entry = {key: value for key, value in change.items() if key != "board"}
    entry.update({"after": after, "sum": sheet.total})
    return entry
