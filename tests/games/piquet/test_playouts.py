"""Hundreds of seeded deals through the whole protocol, with random legal
actions: cards are conserved, no view shows a card its seat may not know,
replaying the log rebuilds the deal, a refused action changes nothing, the
count adds up, and the count made again apart from the engine, the view's
running score and the typed result agree with it (OpenSpiel's random playout
test, for Piquet)."""

from __future__ import annotations

import random
import re

import pytest

from games.cards import PACK_32, Card
from games.deals import Deal
from games.piquet import Piquet, PiquetRules, deal_piquet, recount
from games.piquet.combinations import COURTS
from games.piquet.record import deal_record
from games.piquet.scoring import read_result
from games.protocol import GameError
from games.seats import Seat

N, S = Seat.NORTH, Seat.SOUTH
CARD = re.compile(r"\b[SHDC][AKQJT987]\b")


def _deal(rng: random.Random, board: int, rules: PiquetRules) -> Deal:
    """A random deal; one in four gives elder, younger or both a carte blanche."""
    kind = rng.randrange(8)
    if kind >= 3:
        return deal_piquet(rules, rng, board)
    deal = deal_piquet(rules, rng, board)
    elder = S if deal.dealer is N else N
    blanks = [c for c in PACK_32 if c.rank not in COURTS]
    courts = [c for c in PACK_32 if c.rank in COURTS]
    rng.shuffle(blanks)
    rng.shuffle(courts)
    if kind == 2:  # both: 24 cards without a court cannot be found; 12 + 8 then
        first, second = blanks[:12], blanks[12:20] + courts[:4]
    else:
        first, rest = blanks[:12], blanks[12:] + courts
        rng.shuffle(rest)
        second = rest[:12]
    holder = elder if kind == 0 else deal.dealer
    other = deal.dealer if holder is elder else elder
    used = set(first) | set(second)
    talon = [c for c in PACK_32 if c not in used]
    rng.shuffle(talon)
    return Deal({holder: tuple(first), other: tuple(second)}, dealer=deal.dealer, board=board,
                stock=tuple(talon))


def _cards_in(data: object) -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_cards_in(k) | _cards_in(v) for k, v in data.items())) \
            if data else set()
    if isinstance(data, (list, tuple)):
        return set().union(*(_cards_in(item) for item in data)) if data else set()
    if isinstance(data, str):
        return set(CARD.findall(data))
    return set()


def _check_invariants(game: Piquet) -> None:
    # Cards are conserved: hands, talon, discards and cards played are the pack.
    held = [c for cards in game.current_hands().values() for c in cards]
    played = []
    if game.play is not None:
        played = [c for t in game.play.tricks for _, c in t.cards]
        played += [c for _, c in game.play.current.cards]
    discarded = [c for cards in game.discards.values() for c in cards]
    everything = held + played + discarded + list(game.talon)
    assert sorted(everything) == sorted(PACK_32)
    # No view shows a card its seat may not know; a player knows his hand and
    # the cards played; an onlooker only what is public.
    for seat in (N, S):
        view = game.view(seat)
        known = {str(c) for c in game.known_cards(seat)}
        assert {str(c) for c in game.current_hands()[seat]} | {str(c) for c in played} <= known
        shown = _cards_in(view.as_data())
        assert shown <= known, (seat, shown - known, game.step)
        assert view.hand == tuple(str(c) for c in game.current_hands()[seat])
        assert set(view.legal) == set(game.legal_actions(seat))
    public = {str(c) for c in game.known_cards(None)}
    assert _cards_in(game.view(None).as_data()) <= public
    assert not public & {str(c) for c in game.talon if not game.untaken_faced}
    places = game.card_places()
    assert sorted(c for cards in places.values() for c in cards) == sorted(PACK_32)
    # The count adds up.
    for seat in (N, S):
        entries = [e for e in game.entries if e.seat == seat]
        assert sum(e.points for e in entries) == game.total(seat)
        assert [e.total for e in entries] == [sum(x.points for x in entries[:i + 1])
                                              for i in range(len(entries))]
    assert game.pique in (None, game.elder)


def _everyone_counts_alike(game: Piquet, rules: PiquetRules) -> None:
    """The engine's count is the one made again from the tricks' cards by the
    scoring functions alone (pique after every score, each at its action); the
    views' running score, the result and the typed result say the same."""
    record = deal_record(game, {})
    plays = [n for n, text in enumerate(record["actions"], 1) if text.split()[1] == "play"]
    pairs = [(Card.from_str(a), Card.from_str(b)) for a, b in (t["cards"] for t in
                                                               record["tricks"])]
    again = recount.expected_count(rules.counting, game.elder.value, record["count"], pairs,
                                   plays)
    assert [(s.seat, s.kind, s.points, s.action) for s in again] == [
        (e["seat"], e["kind"], e["points"], e["action"]) for e in record["count"]]
    scores = game.result()["scores"]
    assert game.view(N).score == game.view(S).score == scores
    assert read_result(rules, game.result()).scores == scores


def _refused_changes_nothing(game: Piquet, rng: random.Random) -> None:
    before = (list(game.log), game.full_view().as_data())
    seat = rng.choice((N, S))
    attempts = ["play SA", "discard H7", "draw", "good", "not good", "point 8 S",
                "sequence 5 SA", "set 4 A", "face", "carte blanche 3", "ask suit 1",
                "nonsense", "also set 3 K"]
    text = rng.choice(attempts)
    if game.can(seat, text):
        return
    with pytest.raises(GameError):
        game.apply(seat, text)
    assert (list(game.log), game.full_view().as_data()) == before


@pytest.mark.parametrize("counting", ["text", "classical"])
def test_random_deals_keep_every_invariant(counting: str) -> None:
    rules = PiquetRules(counting=counting)
    rng = random.Random(f"playouts:{counting}")
    blanches = 0
    for number in range(1, 81):
        deal = _deal(rng, number, rules)
        game = Piquet(rules, deal)
        blanches += bool(game.holders)
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            assert legal, (game.step, seat)
            # Lean towards progress: a toggle back and forth is legal but slow.
            forward = [a for a in legal if not a.startswith(("keep", "ask"))] or legal
            game.apply(seat, rng.choice(forward if rng.random() < 0.9 else legal))
            if rng.random() < 0.25:
                _check_invariants(game)
                _refused_changes_nothing(game, rng)
            assert len(game.log) < 400
        _check_invariants(game)
        result = game.result()
        assert result["scores"] == {"N": game.total(N), "S": game.total(S)}
        assert sum(result["tricks_won"].values()) == 12
        replayed = Piquet.replay(rules, deal, game.log)
        assert replayed.full_view() == game.full_view()
        assert replayed.result() == result
        _everyone_counts_alike(game, rules)
    assert blanches >= 12
