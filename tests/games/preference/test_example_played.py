"""The Example of Scoring played through the engine: for each note (b)-(p) a deal and an
action log (tests/games/preference/example_hands.json, made by example_hands.py) replay
through :class:`Preference`, each hand dealt with the refas the sheet gives it, and the
hands' own results, written on the sheet, end the game at +506, -496 and -10."""

from __future__ import annotations

import json

from games.deals import Deal
from games.preference.game import Preference
from games.preference.rules import PreferenceRules
from games.preference.scoring import standing
from tests.games.preference.example_hands import FIXTURE

A, B, C = "S", "E", "W"


def test_the_example_played_through_the_engine_ends_plus_506_minus_496_minus_10() -> None:
    """Notes (b)-(p) of the Example of Scoring, with the printing errors of (b) and (f)
    corrected (docs/decisions/0215): "Player A scores 166 + 132 - 24 - 188 + 420 = +506 ...
    The scores add up to zero as they should"."""
    rules = PreferenceRules(start=30)
    results = []
    for hand in json.loads(FIXTURE.read_text()):
        before = standing(rules, results)
        refas = before["next_options"]["refas"]
        assert hand["refas"] == refas, hand["note"]
        game = Preference.replay(rules.with_refas(refas), Deal.from_data(hand["deal"]),
                                 hand["actions"])
        assert game.is_over(), hand["note"]
        results.append(game.result())
    sheet = standing(rules, results)
    assert sheet["over"] and sheet["hands"] == 15
    totals = {seat: entry["total"] for seat, entry in sheet["final"].items()}
    assert totals == {A: 506, B: -496, C: -10}
    bulas = {seat: {p["left"]["against"]: p["left"]["total"],
                    p["right"]["against"]: p["right"]["total"]}
             for seat, p in sheet["players"].items()}
    assert bulas == {A: {B: 166, C: 132}, B: {A: 24, C: 54}, C: {A: 188, B: 168}}
    assert {s: p["score"] for s, p in sheet["players"].items()} == {A: 42, B: -24, C: -18}


def test_the_played_hands_are_the_notes() -> None:
    """(g) is a plain two that B says kontra to; (k) is rekontra'd; (n) is not played."""
    hands = {h["note"]: h for h in json.loads(FIXTURE.read_text())}
    assert "E kontra" in hands["g"]["actions"]
    k = hands["k"]["actions"]
    assert k[k.index("W kontra"):k.index("W kontra") + 3] == ["W kontra", "S rekontra", "W pass"]
    assert hands["n"]["actions"][-2:] == ["W drop out", "S drop out"]
    assert all(a.endswith("pass") for a in hands["d"]["actions"])
