"""Deals and action logs that play the text's Example of Scoring, notes (b)-(p), through
the engine (tests/games/preference/example_hands.json, read by test_example_played.py).

Each note fixes the declarer, the contract, the defenders' choices and kontra, and how many
tricks each player took; the calls and choices are written here, and a deal and a play
that give those tricks were found by trying seeded random deals and random legal cards.
Run ``python -m tests.games.preference.example_hands`` to write the file again (it is
deterministic: the same deals and plays come out).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.cards import Card
from games.preference.game import Preference, deal_hand
from games.preference.rules import PreferenceRules
from games.preference.scoring import standing

FIXTURE = Path(__file__).with_name("example_hands.json")
A, B, C = "S", "E", "W"

#: (note, declarer, how he bids, contract, the choices after the contract in order,
#:  the tricks each player takes, or a test of them).
Note = tuple[str, str, str, str, list[str], Callable[[dict[str, int]], bool]]


def _exactly(**tricks: int) -> Callable[[dict[str, int]], bool]:
    return lambda won: won == tricks


NOTES: list[Note] = [
    ("b", C, "bid 2", "3", ["defend", "defend", "pass", "pass"], _exactly(W=6, S=2, E=2)),
    ("c", B, "bid 2", "5", ["defend", "drop out", "play alone", "pass"],
     _exactly(E=7, W=3, S=0)),
    ("d", "", "pass", "", [], _exactly()),
    ("e", A, "bid 2", "5", ["drop out", "defend", "play alone", "pass"],
     _exactly(S=7, W=3, E=0)),
    ("f", C, "game", "4", ["defend", "drop out", "invite", "pass", "pass"],
     lambda won: won["W"] == 6),
    ("g", A, "bid 2", "2", ["kontra", "pass"], lambda won: won["S"] == 7),
    ("h", B, "bid 2", "bettel", [], lambda won: won["E"] == 1),
    ("i", C, "bid 2", "bettel", [], lambda won: won["W"] == 0 and sum(won.values()) == 10),
    ("j", C, "bid 2", "5", ["defend", "defend", "pass", "pass"], _exactly(W=5, S=4, E=1)),
    ("k", A, "bid 2", "4", ["drop out", "defend", "play alone", "kontra", "rekontra", "pass"],
     lambda won: won["S"] == 6),
    ("l", C, "game", "sans", ["drop out", "defend", "play alone", "pass"],
     _exactly(W=8, E=2, S=0)),
    ("m", B, "bid 2", "5", ["drop out", "defend", "invite", "pass", "pass"],
     lambda won: won["E"] == 6),
    ("n", B, "game", "5", ["drop out", "drop out"], _exactly()),
    ("o", A, "bid 2", "bettel", [], lambda won: won["S"] == 0 and sum(won.values()) == 10),
    ("p", B, "bid 2", "5", ["defend", "defend", "pass", "pass"], _exactly(E=6, S=1, W=3)),
]


def _bid(game: Preference, declarer: str, call: str) -> None:
    while game.phase == "auction":
        seat = game.to_act()[0]
        game.apply(seat, call if seat.value == declarer else "pass")


def play_note(note: Note, rules: PreferenceRules, board: int, seed: int) -> Preference | None:
    """One try at a note: a deal from ``seed``, the note's calls and choices, random
    legal cards; the hand if its tricks are the note's."""
    _, declarer, call, contract, choices, tricks_ok = note
    rng = random.Random(seed)
    game = Preference(rules, deal_hand(rules, rng, board))
    _bid(game, declarer, call)
    if game.phase == "exchange":
        hand = list(game.hands[game.to_act()[0]])
        for card in rng.sample(hand, 2):
            game.apply(game.to_act()[0], f"discard {card}")
    if game.phase == "contract":
        game.apply(game.to_act()[0], f"contract {contract}")
    for choice in choices:
        game.apply(game.to_act()[0], choice)
    while game.phase == "play":
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if contract == "bettel" and seat == game.declarer:
            # A Bettel declarer who tries: his lowest card (found sooner than at random).
            legal = [min(legal, key=lambda a: Card.from_str(a.split()[1]).rank)]
        game.apply(seat, rng.choice(legal))
    if not game.is_over():
        return None
    result = game.result()
    won = result.get("tricks", {}) if not result["passed_out"] else {}
    if result.get("played") is False:
        won = {}
    return game if tricks_ok(won) else None


def find_hands(tries: int = 200_000) -> list[dict[str, Any]]:
    rules = PreferenceRules(start=30)
    results: list[dict[str, Any]] = []
    found: list[dict[str, Any]] = []
    for board, note in enumerate(NOTES, 1):
        hand_rules = rules.with_refas(standing(rules, results)["next_options"]["refas"])
        for seed in range(tries):
            game = play_note(note, hand_rules, board, seed)
            if game is not None:
                break
        else:
            raise RuntimeError(f"no deal found for note ({note[0]})")
        results.append(game.result())
        found.append({"note": note[0], "board": board, "deal": game.deal.to_data(),
                      "refas": {s.value: n for s, n in hand_rules.refas},
                      "actions": [str(a) for a in game.log]})
    return found


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(find_hands(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
