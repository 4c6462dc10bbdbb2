"""``Piquet.copy()`` is a structural copy (the site copies the game at every
action): a copy shows what the original shows, plays on exactly as a deep
copy does, and from then on the two are independent: the original does not
move while a copy plays on, and a copy left alone does not move while the
original plays on (no mutable state shared)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.piquet import Piquet, PiquetRules
from games.piquet.game import ClassDialogue, Declared
from games.seats import Seat
from games.tricks import TrickPlay
from tests.games.piquet.test_playouts import _deal

N, S = Seat.NORTH, Seat.SOUTH


def _seen(game: Piquet) -> dict[str, Any]:
    return {"views": [game.view(seat) for seat in (None, N, S)],
            "full": game.full_view(),
            "legal": [game.legal_actions(seat) for seat in (N, S)],
            "to_act": game.to_act(), "phase": game.phase, "step": game.step,
            "log": [str(a) for a in game.log], "version": game.version,
            "hands": game.current_hands(), "places": game.card_places(),
            "known": [game.known_cards(seat) for seat in (None, N, S)],
            "totals": [game.total(seat) for seat in (N, S)],
            "over": game.is_over(),
            "result": game.result() if game.is_over() else None}


def _assert_fast_path(game: Piquet) -> None:
    """Every attribute is one copy() knows (else it falls back to a deep copy,
    correct but slow): a new attribute must be taught to copy()."""
    assert set(vars(game)) == Piquet._COPIED
    if game.play is not None:
        assert set(vars(game.play)) == TrickPlay._COPIED


def _random_action(game: Piquet, rng: random.Random) -> tuple[Seat, str]:
    seat = game.to_act()[0]
    return seat, rng.choice(game.legal_actions(seat))


def _replay(game: Piquet) -> Piquet:
    return Piquet.replay(game.rules, game.deal, list(game.log))


@pytest.mark.parametrize("counting", ["text", "classical"])
def test_a_piquet_copy_plays_on_as_a_deep_copy_and_leaves_its_original_alone(
        counting: str) -> None:
    rules = PiquetRules(counting=counting)
    rng = random.Random(f"piquet copy:{counting}")
    copies = 0
    for board in range(1, 9):
        game = Piquet(rules, _deal(rng, board, rules))
        twins: list[tuple[Piquet, dict[str, Any]]] = []
        while True:
            _assert_fast_path(game)
            # Now and then a copy of a copy.
            twin = game.copy() if rng.random() < 0.8 else game.copy().copy()
            deep = copy.deepcopy(game)
            copies += 1
            before = _seen(game)
            assert _seen(twin) == before
            # The copy and the deep copy take the same actions and show the
            # same at every step; the original does not move.
            for _ in range(rng.randint(0, 6)):
                if twin.is_over():
                    break
                seat, text = _random_action(twin, rng)
                twin.apply(seat, text)
                deep.apply(seat, text)
                assert _seen(twin) == _seen(deep)
            assert _seen(game) == before
            twin_seen = _seen(twin)
            assert twin_seen == _seen(_replay(twin))
            twins = twins[-3:] + [(twin, twin_seen)]
            if game.is_over():
                break
            # The original plays on another way: the copies made earlier have
            # not moved.
            game.apply(*_random_action(game, rng))
            for earlier, seen in twins:
                assert _seen(earlier) == seen
        assert _seen(game) == _seen(_replay(game))
        # A finished deal's result is the copy's own.
        twin = game.copy()
        twin.result()["scores"].clear()
        assert game.result() == _replay(game).result()
    assert copies > 300


def _containers(owner: object) -> dict[str, Any]:
    return {name: value for name, value in vars(owner).items()
            if isinstance(value, (list, dict, set))}


def test_a_piquet_copy_shares_no_mutable_container_with_its_original() -> None:
    """Checked directly at every step of a few deals: every list, dict and set
    the game holds is a new one in the copy, and so is each one inside them,
    the class dialogues and declarations; ``dealt`` and ``holders`` (filled
    once, at the deal) and the play's ``_next`` (never changed) are shared."""
    rules = PiquetRules()
    rng = random.Random(5)
    shared = {"dealt", "holders"}
    for board in range(1, 7):
        game = Piquet(rules, _deal(rng, board, rules))
        while True:
            twin = game.copy()
            for name, value in _containers(game).items():
                other = vars(twin)[name]
                assert (value is other) == (name in shared), name
                inner = value.values() if isinstance(value, dict) else value
                twin_inner = other.values() if isinstance(other, dict) else other
                for a, b in zip(inner, twin_inner, strict=True):
                    if isinstance(a, (list, dict, set, ClassDialogue, Declared)):
                        assert a is not b or name in ("dialogue", *shared), name
            for a, b in zip(game.dialogues.values(), twin.dialogues.values(), strict=True):
                assert a.answers is not b.answers
            for d, e in zip(game.declared, twin.declared, strict=True):
                assert d.told is not e.told
            if game.play is not None:
                assert twin.play is not None and twin.play is not game.play
                for name, value in _containers(game.play).items():
                    assert (value is vars(twin.play)[name]) == (name == "_next"), name
                assert game.play.current is not twin.play.current
            if game.is_over():
                break
            game.apply(*_random_action(game, rng))


def test_a_subclass_or_an_unknown_attribute_falls_back_to_the_deep_copy() -> None:
    class Kept(Piquet):
        pass

    rules = PiquetRules()
    rng = random.Random(6)
    game: Piquet = Kept(rules, _deal(rng, 1, rules))
    for _ in range(10):
        game.apply(*_random_action(game, rng))
    twin = game.copy()
    assert type(twin) is Kept and _seen(twin) == _seen(game)
    game = Piquet(rules, _deal(rng, 2, rules))
    game.notes = ["a mutable attribute copy() does not know"]  # type: ignore[attr-defined]
    twin = game.copy()
    assert twin.notes == game.notes and twin.notes is not game.notes  # type: ignore[attr-defined]
