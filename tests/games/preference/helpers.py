"""Shared by the Preference tests: a table, its first deal, and calls in the text's words."""

from __future__ import annotations

import random

from games.preference.game import Preference, deal_hand
from games.preference.rules import PreferenceRules
from games.seats import Seat

RULES = PreferenceRules()
#: The text's players: A the first bidder (on the dealer's right), B the second, C the
#: dealer. Hand 1 is dealt by West, so A, B, C are South, East, West.
A, B, C = Seat.SOUTH, Seat.EAST, Seat.WEST


def new_hand(rules: PreferenceRules = RULES, seed: int = 0, board: int = 1) -> Preference:
    return Preference(rules, deal_hand(rules, random.Random(seed), board))


def say(game: Preference, *words: str) -> Preference:
    """Make the calls of a bidding sequence as the text writes them ("Two", "Same",
    "Game", "Four" ...), each by the player whose turn it is."""
    numbers = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
    for word in words:
        key = word.lower()
        if key in numbers:
            verb = "reveal" if game.phase == "reveal" else "bid"
            text = f"{verb} {numbers[key]}"
        elif key in ("bettel", "sans") and game.phase == "reveal":
            text = f"reveal {key}"
        else:
            text = key
        game.apply(game.to_act()[0], text)
    return game


def discard_any_two(game: Preference) -> None:
    """The declarer puts aside the first two cards he may discard."""
    for _ in range(2):
        seat = game.to_act()[0]
        discard = next(a for a in game.legal_actions(seat) if a.startswith("discard "))
        game.apply(seat, discard)


def contracts_open(game: Preference) -> list[str]:
    seat = game.to_act()[0]
    return [a.split(" ", 1)[1] for a in game.legal_actions(seat) if a.startswith("contract ")]
