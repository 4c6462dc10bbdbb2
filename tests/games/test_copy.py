"""``Game.copy()`` is a structural copy (the site copies the game at every
action): a copy shows what the original showed, and from then on the two are
independent. Each is played on its own way, and each must show exactly what a
fresh replay of its own log shows; a copy left alone must not change while
the original plays on (no mutable state shared)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.protocol import Game
from games.registry import GameEntry, catalogue
from games.seats import SEATS
from games.spades2 import PLAYERS, Spades2, Spades2Rules, deal_hand
from games.tricks import TrickPlay
from tests.games.minibridge_helpers import random_step

CONFIGS = [(n, None, False) for n in range(1, 7)] + [
    (5, "target", False), (5, "slam", False), (5, "three-simple", False),
    (5, "three-normal", False), (6, "three-normal", False), (6, "three-simple", False),
    (1, None, True), (3, None, True), (5, None, True), (6, "three-normal", True),
    (6, "three-simple", True),
]
IDS = [f"lesson-{n}" + (f"-{v}" if v else "") + ("-real" if real else "")
       for n, v, real in CONFIGS]


# -- MiniBridge ---------------------------------------------------------------------

def _seen(game: MiniBridge) -> dict[str, Any]:
    return {"views": [game.view(seat) for seat in (None, *SEATS)],
            "full": game.full_view(),
            "legal": [game.legal_actions(seat) for seat in SEATS],
            "to_act": game.to_act(), "players": game.players(),
            "log": [str(a) for a in game.log], "version": game.version,
            "hands": game.current_hands(),
            "result": game.result() if game.is_over() else None}


def _step(game: MiniBridge, rng: random.Random, claims: bool) -> None:
    """A random legal action; at a real table sometimes a lead out of turn or a
    revoke (a card nobody would call legal) instead."""
    if (game.rules.real_table and game.phase in ("play", "lead_out_of_turn")
            and rng.random() < 0.3):
        seat = rng.choice(game.players())
        cards = [c for p in game._positions_of(seat) for c in game.current_hands()[p]]
        if cards:
            text = f"play {rng.choice(cards)}"
            if game.can(seat, text):
                game.apply(seat, text)
                return
    random_step(game, rng, claims=claims)


def _advance(game: MiniBridge, rng: random.Random, steps: int, claims: bool) -> None:
    for _ in range(steps):
        if game.is_over():
            return
        _step(game, rng, claims)


def _fresh(game: MiniBridge) -> MiniBridge:
    return MiniBridge.replay(game.rules, game.deal, list(game.log))


def _assert_fast_path(game: MiniBridge | Spades2) -> None:
    """Every attribute is one copy() knows (else it falls back to a deep copy,
    correct but slow): a new attribute must be taught to copy()."""
    assert set(vars(game)) == type(game)._COPIED
    if game.play is not None:
        assert set(vars(game.play)) == TrickPlay._COPIED


@pytest.mark.parametrize("lesson, variant, real_table", CONFIGS, ids=IDS)
def test_a_minibridge_copy_and_its_original_go_their_own_ways(
        lesson: int, variant: str | None, real_table: bool) -> None:
    rules = make_rules(lesson, variant, real_table)
    rng = random.Random(f"copy:{lesson}:{variant}:{real_table}")
    copies = 0
    for board in range(1, 5):
        claims = board % 2 == 0
        game = MiniBridge(rules, Deal.for_board(board, rng))
        twins: list[tuple[MiniBridge, dict[str, Any]]] = []
        while True:
            _assert_fast_path(game)
            # Fill the caches in a varying order before copying, sometimes the
            # "card just listed" shortcut for the seat to act.
            if rng.random() < 0.5:
                game.view(rng.choice(SEATS))
            if game.to_act() and rng.random() < 0.5:
                game.legal_actions(rng.choice(game.to_act()))
            # Now and then a copy of a copy.
            twin = game.copy() if rng.random() < 0.8 else game.copy().copy()
            copies += 1
            assert _seen(twin) == _seen(game)
            if rng.random() < 0.1:
                assert _seen(copy.deepcopy(game)) == _seen(game)
            # The copy plays on its own way: it shows what a replay of its log shows.
            _advance(twin, rng, rng.randint(0, 6), claims)
            twin_seen = _seen(twin)
            assert twin_seen == _seen(_fresh(twin)), (twin.phase, twin.log)
            twins = twins[-3:] + [(twin, twin_seen)]
            if game.is_over():
                break
            # The original plays on another way: it shows what a replay of its
            # log shows, and the copies made earlier have not moved.
            _step(game, rng, claims)
            assert _seen(game) == _seen(_fresh(game)), (game.phase, game.log)
            for earlier, seen in twins:
                assert _seen(earlier) == seen
        # A finished hand's result is the copy's own.
        twin = game.copy()
        for value in twin.result().values():
            if isinstance(value, dict):
                value.clear()
        assert game.result() == _fresh(game).result()
    assert copies > 40


def test_a_copy_shares_no_mutable_container_with_its_original() -> None:
    """Checked directly at a few points: every list, dict and set reachable
    from the game (the play's too) is a new one in the copy, except the play's
    ``_next`` (never changed) and the revokes' snapshots (only ever
    deep-copied)."""
    rng = random.Random(3)
    for lesson, variant, real_table in ((5, None, True), (6, "three-normal", False),
                                        (2, None, False)):
        rules = make_rules(lesson, variant, real_table)
        game = MiniBridge(rules, Deal.for_board(7, rng))
        while not game.is_over():
            game.view(game.to_act()[0])
            twin = game.copy()
            for owner, other in ((game, twin), (game.play, twin.play)):
                if owner is None:
                    continue
                for name, value in vars(owner).items():
                    if not isinstance(value, (list, dict, set)) or name == "_next":
                        continue
                    assert value is not vars(other)[name], name
                    if isinstance(value, dict):
                        copied = [id(x) for x in vars(other)[name].values()]
                        assert not [x for x in value.values()
                                    if isinstance(x, (list, dict, set)) and id(x) in copied]
            if game.play is not None:
                assert game.play.current is not twin.play.current
                assert game.play.current.cards is not twin.play.current.cards
            if game.claim is not None:
                assert game.claim.answers is not twin.claim.answers  # type: ignore[union-attr]
            assert all(a is not b for a, b in zip(game.revokes, twin.revokes, strict=True))
            _step(game, rng, claims=True)


def test_a_subclass_or_an_unknown_attribute_falls_back_to_the_deep_copy() -> None:
    class Kept(MiniBridge):
        pass

    rng = random.Random(4)
    game = Kept(make_rules(5), Deal.for_board(1, rng))
    _advance(game, rng, 10, claims=False)
    twin = game.copy()
    assert type(twin) is Kept and _seen(twin) == _seen(game)
    game = MiniBridge(make_rules(5), Deal.for_board(1, rng))
    _advance(game, rng, 10, claims=False)
    game.notes = ["a mutable attribute copy() does not know"]  # type: ignore[attr-defined]
    twin = game.copy()
    assert twin.notes == game.notes and twin.notes is not game.notes  # type: ignore[attr-defined]
    game.play.extra = {}  # type: ignore[union-attr]
    assert game.play.copy().extra is not game.play.extra  # type: ignore[union-attr]


# -- two-handed Spades ----------------------------------------------------------------

SPADES = [Spades2Rules(), Spades2Rules(deal_method="selection"), Spades2Rules(nil=True),
          Spades2Rules(deal_method="selection", nil=True)]


def _spades_seen(game: Spades2) -> dict[str, Any]:
    return {"views": [game.view(seat) for seat in (None, *PLAYERS)],
            "full": game.full_view(),
            "legal": [game.legal_actions(seat) for seat in PLAYERS],
            "to_act": game.to_act(), "phase": game.phase, "bids": dict(game.bids),
            "log": [str(a) for a in game.log], "hands": game.current_hands(),
            "result": game.result() if game.is_over() else None}


def _spades_advance(game: Spades2, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over():
            return
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("rules", SPADES, ids=["automatic", "selection", "nil", "selection-nil"])
def test_a_spades_copy_and_its_original_go_their_own_ways(rules: Spades2Rules) -> None:
    rng = random.Random(f"copy:{rules}")
    for board in range(1, 4):
        deal = deal_hand(rules, rng, board=board)
        game = Spades2(rules, deal)
        twins: list[tuple[Spades2, dict[str, Any]]] = []
        while True:
            _assert_fast_path(game)
            twin = game.copy()
            assert _spades_seen(twin) == _spades_seen(game)
            if rng.random() < 0.1:
                assert _spades_seen(copy.deepcopy(game)) == _spades_seen(game)
            _spades_advance(twin, rng, rng.randint(0, 8))
            twin_seen = _spades_seen(twin)
            assert twin_seen == _spades_seen(Spades2.replay(rules, deal, list(twin.log)))
            twins = twins[-3:] + [(twin, twin_seen)]
            if game.is_over():
                break
            _spades_advance(game, rng, 1)
            assert _spades_seen(game) == _spades_seen(Spades2.replay(rules, deal, list(game.log)))
            for earlier, seen in twins:
                assert _spades_seen(earlier) == seen


# -- every game ---------------------------------------------------------------------

@pytest.mark.parametrize("entry", catalogue(), ids=lambda entry: entry.name)
def test_every_game_copies_itself_rather_than_deep_copying(entry: GameEntry) -> None:
    """The site copies the game at every action: the protocol's generic deep copy cost a
    Piquet card 4.5 million instructions of its 10 (docs/benchmarks.md, issue 30), so every
    game has a structural copy of its own (each tested for independence beside its game)."""
    assert entry.game_class.copy is not Game.copy
