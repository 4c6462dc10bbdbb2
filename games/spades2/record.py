"""A game of two-handed Spades as a JSON record, and its independent check.

``python -m games play spades2 --json FILE`` writes :func:`game_record`; ``python
-m games check FILE`` reads it back through :func:`check_record` (the registry's
``ENTRY.checker``): every hand is dealt again from the record's seed (the cards
must be the seed's), its deal and actions replay through the engine, the
result written must be the replay's, and the running totals, the game's winner
and who bids first in each hand are worked out again from THE SCORE and THE GAME
(shared/rules/two-handed.txt). docs/spades2-log.md describes the record beside
the plain-text log.

::

    {"game": "spades2", "format": "spades2-record 1",
     "rules": {"deal_method": "automatic", "nil": false, "game_limit": 250},
     "seed": "7", "robots": {"N": "beginner", "S": "beginner"},
     "hands": [{"hand": 1, "deal": {...Deal.to_data()...},
                "actions": ["S bid 4", "N bid 3", "S play HA", ...],
                "result": {...Spades2.result()...}, "totals": {"N": 31, "S": 42}}],
     "winner": null}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.deals import Deal, InvalidDealError
from games.protocol import Action, GameError
from games.seats import SEATS
from games.spades2.deal import dealer_for_hand
from games.spades2.game import Spades2
from games.spades2.rules import PLAYERS, Spades2Rules
from games.spades2.scoring import Spades2Match

FORMAT = "spades2-record 1"


def game_record(rules: Spades2Rules, seed: str, levels: Mapping[str, str],
                games: Sequence[Spades2], match: Spades2Match) -> dict[str, Any]:
    """The record of a game's finished hands (``match``: the game after them)."""
    hands = []
    running = Spades2Match(rules, match.first_bidder)
    for game in games:
        running = running.record(game.result()["scores"])
        totals = running.totals()
        hands.append({
            "hand": game.deal.board,
            "deal": game.deal.to_data(),
            "actions": [str(action) for action in game.log],
            "result": game.result(),
            "totals": {seat.value: totals[seat] for seat in PLAYERS},
        })
    winner = match.winner()
    return {"game": "spades2", "format": FORMAT, "rules": rules.as_data(), "seed": seed,
            "robots": dict(levels), "hands": hands,
            "winner": winner.value if winner is not None else None}


def check_record(data: Mapping[str, Any]) -> list[str]:
    """Every problem found in a two-handed Spades record; empty when all is in order."""
    if data.get("game") != "spades2":
        return [f"this is not a two-handed Spades record (game: {data.get('game')!r})"]
    problems: list[str] = []
    if data.get("format") != FORMAT:
        problems.append(f"unknown format {data.get('format')!r} (expected {FORMAT!r})")
    try:
        rules = Spades2Rules.from_options(**dict(data.get("rules") or {}))
    except (TypeError, ValueError) as exc:
        return [*problems, f"rules: {exc}"]
    match = Spades2Match(rules)
    for number, hand in enumerate(data.get("hands") or (), 1):
        where = f"hand {number}"
        if match.is_over():
            problems.append(f"{where}: the game was already over")
            return problems
        game = _replayed(rules, hand, where, problems)
        if game is None:
            return problems
        if data.get("seed"):
            problems += _seed_problems(match, str(data["seed"]), game.deal, where)
        if game.deal.board != number or game.deal.dealer != dealer_for_hand(number):
            problems.append(f"{where}: hand {number} is dealt by "
                            f"{dealer_for_hand(number).word} as board {number}")
        if hand.get("result") != game.result():
            problems.append(f"{where}: the result written is not the play's "
                            f"({game.result()['scores']})")
        match = match.record(game.result()["scores"])
        totals = {seat.value: points for seat, points in match.totals().items()}
        if hand.get("totals") != totals:
            problems.append(f"{where}: the totals are {hand.get('totals')}, but the hands add "
                            f"up to {totals}")
    winner = match.winner()
    if data.get("winner") != (winner.value if winner is not None else None):
        problems.append(f"the winner written is {data.get('winner')!r}, but the scores make it "
                        f"{winner.word if winner is not None else 'nobody yet'}")
    return problems


def _seed_problems(match: Spades2Match, seed: str, deal: Deal, where: str) -> list[str]:
    """Hand N is dealt from the seed ``"{seed}:{N}"`` (``python -m games play spades2``):
    a record that names its seed must hold the cards that seed deals, so a deal
    changed consistently in the record and its actions is still found."""
    dealt = match.deal_next(random.Random(f"{seed}:{match.next_hand}"))
    if dealt.to_data() == deal.to_data():
        return []
    rule = "rule: hand N is dealt from the record's seed, docs/spades2-log.md"
    for seat in SEATS:
        if sorted(dealt.hand(seat)) != sorted(deal.hand(seat)):
            held = " ".join(str(c) for c in deal.hand(seat)) or "nothing"
            given = " ".join(str(c) for c in dealt.hand(seat)) or "nothing"
            return [f"{where}, the deal (before action 1): {seat.word} holds {held}, but the "
                    f"seed {seed!r} deals {given} ({rule})"]
    return [f"{where}, the deal (before action 1): the stock is not the one the seed "
            f"{seed!r} deals ({rule})"]


def _replayed(rules: Spades2Rules, hand: Mapping[str, Any], where: str,
              problems: list[str]) -> Spades2 | None:
    """The hand replayed from its deal and actions, or ``None`` with the reason noted."""
    try:
        deal = Deal.from_data(hand.get("deal") or {})
        game = Spades2.replay(rules, deal, [Action.from_str(a) for a in hand.get("actions", ())])
    except InvalidDealError as exc:
        problems.append(f"{where}: {exc}")
        return None
    except GameError as exc:
        problems.append(f"{where}: an action the rules refuse: {exc.reason}")
        return None
    if not game.is_over():
        problems.append(f"{where}: the actions stop before the hand is over")
        return None
    return game
