"""Random hands played through the protocol, with the invariants every hand keeps:
every card in exactly one place, no seat shown a card it may not know, every legal
action allowed, illegal ones changing nothing, the replay equal to the live hand."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from games.cards import PACK_32, Card
from games.preference.game import Preference, deal_hand
from games.preference.rules import PLAYERS, PreferenceRules
from games.protocol import GameError

CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT987](?![A-Za-z0-9])")


def _where_cards_are(game: Preference) -> Counter[Card]:
    """Every card once: in a hand (the declarer's twelve while he exchanges), the talon
    nobody took, the discards, or played."""
    places: Counter[Card] = Counter()
    for cards in game.current_hands().values():
        places.update(cards)
    places.update(game.talon())
    places.update(game.discards)
    if game.play is not None:
        for trick in game.play.tricks:
            places.update(card for _, card in trick.cards)
        places.update(card for _, card in game.play.current.cards)
    return places


def _shown_cards(game: Preference, seat: object) -> set[str]:
    return set(CARD_TEXT.findall(repr(game.view(seat))))  # type: ignore[arg-type]


def _choose(legal: list[str], rng: random.Random) -> str:
    # Passing less often than at random, so that hands reach the play.
    others = [a for a in legal if a != "pass"]
    if others and rng.random() < 0.7:
        return rng.choice(others)
    return rng.choice(legal)


def _play_hand(seed: int, rules: PreferenceRules) -> Preference:
    rng = random.Random(seed)
    game = Preference(rules, deal_hand(rules, rng, board=seed % 9 + 1))
    steps = 0
    while not game.is_over():
        assert _where_cards_are(game) == Counter(PACK_32)
        for seat in PLAYERS:
            known = {str(c) for c in game.known_cards(seat)}
            hidden = _shown_cards(game, seat) - known
            assert not hidden, f"{seat.word} is shown {sorted(hidden)} in phase {game.phase}"
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert legal and all(game.can(seat, action) for action in legal)
        view = game.view(seat)
        assert view.legal == tuple(legal) and view.to_act == (seat.value,)
        if rng.random() < 0.2:
            before = [game.view(s) for s in PLAYERS]
            other = next(s for s in PLAYERS if s != seat)
            for bad_seat, bad in ((other, legal[0]), (seat, "play XX"), (seat, "bid 9")):
                with pytest.raises(GameError):
                    game.apply(bad_seat, bad)
            assert [game.view(s) for s in PLAYERS] == before
        game.apply(seat, _choose(legal, rng))
        steps += 1
        assert steps < 200
    return game


@pytest.mark.parametrize("first", range(0, 240, 40))
def test_random_hands_keep_every_invariant(first: int) -> None:
    phases: Counter[str] = Counter()
    for seed in range(first, first + 40):
        refas = {"S": seed % 2, "E": 0, "W": (seed // 3) % 2}
        rules = PreferenceRules(start=30).with_refas(refas)
        game = _play_hand(seed, rules)
        result = game.result()
        again = Preference.replay(rules, game.deal, game.log)
        assert again.full_view() == game.full_view() and again.result() == result
        assert _where_cards_are(game) == Counter(PACK_32)
        if not result["passed_out"]:
            assert sum(result["tricks"].values()) <= 10
            phases["played" if result["played"] else "not played"] += 1
        else:
            phases["passed out"] += 1
    assert phases["played"] > 10
