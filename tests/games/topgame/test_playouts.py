"""Random playouts of whole hands through the protocol, with the invariants every game
keeps: cards conserved, no hidden card in any seat's view, the replay equal to the live
hand, an illegal action changing nothing, every score zero-sum and as the rules give it."""

from __future__ import annotations

import random

import pytest

from games.cards import PACK_52
from games.protocol import GameError
from games.seats import SEATS
from games.topgame import TopGame
from games.topgame.match import deal
from games.topgame.record import score_problems
from games.topgame.rules import TopGameRules

HANDS = 150
ALL = {str(c) for c in PACK_52}


def _played(view) -> list[str]:
    cards = [e["card"] for trick in view.tricks for e in trick["cards"]]
    if view.trick:
        cards += [e["card"] for e in view.trick["cards"]]
    return cards


def _check_views(game: TopGame) -> None:
    full = game.full_view()
    held = [c for cards in full.hands.values() for c in cards]
    assert sorted(held + _played(full)) == sorted(ALL)  # every card once, held or played
    truth = {p.value: [str(c) for c in cards] for p, cards in game.current_hands().items()}
    for seat in (*game.players(), None):
        view = game.view(seat)
        for position, cards in view.hands.items():
            assert list(cards) == truth[position]
        allowed = set()
        if seat is not None:
            allowed.add(game.control[seat].value)
        if game.dummy_visible or (seat is not None and seat == game.informer
                                  and game.phase not in ("ask", "raise")):
            allowed.add(game.dummy.value)
        if game.is_over() and game.result()["penalty"] == "wrong-information":
            allowed.add(game.dummy.value)
        if game.is_over() and game.result()["penalty"] == "no-raise":
            allowed.add(game.declarer.value)
        assert set(view.hands) <= allowed, (seat, game.phase, set(view.hands))
        if seat is not None:
            assert view.hand == tuple(truth[game.control[seat].value])
        assert view.hand_sizes == {p: len(c) for p, c in truth.items()}


def _try_illegal(game: TopGame, rng: random.Random) -> None:
    seat = rng.choice(game.players())
    attempts = ["bid 1", "pass", "ask", "keep", "raise 13", "double", "redouble",
                "contract 9C", "play " + rng.choice(sorted(ALL))]
    text = rng.choice(attempts)
    if game.can(seat, text):
        return
    before = (game.full_view(), [game.view(s) for s in game.players()], list(game.log))
    with pytest.raises(GameError):
        game.apply(seat, text)
    assert (game.full_view(), [game.view(s) for s in game.players()], list(game.log)) == before


@pytest.mark.parametrize("informer", ["announced", "typed"])
def test_random_hands_keep_every_invariant(informer):
    rules = TopGameRules(informer=informer)
    outcomes = set()
    for board in range(1, HANDS + 1):
        rng = random.Random(f"{informer}:{board}")
        game = TopGame(rules, deal(rules, rng, board))
        while not game.is_over():
            if rng.random() < 0.2:
                _check_views(game)
                _try_illegal(game, rng)
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            assert legal and all(game.can(seat, t) for t in rng.sample(legal, min(3, len(legal))))
            if game.phase == "inform" and rng.random() < 0.9:
                text = "inform " + str(game.true_description())
            elif game.phase == "bidding":
                text = rng.choice(legal[:3] + ["pass"])
            else:
                text = rng.choice(legal)
            game.apply(seat, text)
            assert all(not game.legal_actions(s) for s in SEATS if s not in game.to_act())
        _check_views(game)
        result = game.result()
        outcomes.add((result["outcome"], result["penalty"]))
        assert sum(result["scores"].values()) == 0
        assert score_problems(game, result) == []
        again = TopGame.replay(rules, game.deal, game.log)
        assert again.result() == result and again.full_view() == game.full_view()
    assert ("played", None) in outcomes and ("passed-out", None) in outcomes
    if informer == "typed":
        assert ("redeal", "wrong-information") in outcomes


def test_a_copy_is_independent_and_plays_on_as_a_replay_would():
    rules = TopGameRules(informer="typed")
    for board in range(1, 41):
        rng = random.Random(f"copy:{board}")
        game = TopGame(rules, deal(rules, rng, board))
        while not game.is_over():
            if rng.random() < 0.3:
                before = (game.full_view(), list(game.log), game.story[:])
                copy = game.copy()
                while not copy.is_over():
                    seat = copy.to_act()[0]
                    copy.apply(seat, rng.choice(copy.legal_actions(seat)))
                assert (game.full_view(), list(game.log), game.story[:]) == before
                assert copy.full_view() == TopGame.replay(rules, copy.deal, copy.log).full_view()
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
