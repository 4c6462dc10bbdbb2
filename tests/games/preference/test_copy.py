"""A copy of a hand (the site copies the game at every action) goes its own way: acting
on the copy never changes the original, in every phase, and the copy is the same hand."""

from __future__ import annotations

import random

from games.preference.game import Preference, deal_hand
from games.preference.rules import PLAYERS, PreferenceRules


def _everything(game: Preference) -> tuple:
    return (game.full_view(), tuple(game.view(s) for s in PLAYERS), tuple(game.log))


def test_a_copy_and_its_original_go_their_own_ways_in_every_phase() -> None:
    rules = PreferenceRules().with_refas({"E": 1})
    phases = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = Preference(rules, deal_hand(rules, rng, board=seed % 3 + 1))
        while not game.is_over():
            copy = game.copy()
            assert _everything(copy) == _everything(game)
            before = _everything(game)
            seat = copy.to_act()[0]
            legal = copy.legal_actions(seat)
            others = [a for a in legal if a != "pass"]
            copy.apply(seat, rng.choice(others if others and rng.random() < 0.7 else legal))
            assert _everything(game) == before
            phases.add(game.phase)
            game.apply(copy.log[-1].seat, copy.log[-1].text)
            assert _everything(copy) == _everything(game)
    assert {"auction", "exchange", "contract", "defence", "kontra", "play"} <= phases


def test_a_game_with_an_attribute_of_its_own_is_deep_copied() -> None:
    game = Preference(PreferenceRules(), deal_hand(PreferenceRules(), random.Random(1), 1))
    game.note = ["a pupil's remark"]  # type: ignore[attr-defined]
    copy = game.copy()
    copy.note.append("changed")  # type: ignore[attr-defined]
    assert game.note == ["a pupil's remark"]  # type: ignore[attr-defined]
