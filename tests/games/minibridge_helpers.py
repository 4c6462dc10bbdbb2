"""Shared helpers for the MiniBridge tests: deals with chosen honours, and
driving a game to a chosen point."""

from __future__ import annotations

import json
import random
from typing import Any

from games.cards import PACK_52, Rank, cards_from_str, hcp
from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.minibridge.playout import announce_all
from games.seats import SEATS, Seat

N, E, S, W = SEATS


def deal_with(honours: dict[Seat, str], dealer: Seat = N, board: int = 1) -> Deal:
    """A deal where each seat holds the given cards, filled up to thirteen with
    spot cards (ten down), so the high card points are exactly the given ones'
    as long as every honour is given to someone."""
    hands = {seat: list(cards_from_str(honours.get(seat, ""))) for seat in SEATS}
    used = {c for cards in hands.values() for c in cards}
    spots = [c for c in PACK_52 if c not in used and c.rank <= Rank.TEN]
    spots += [c for c in PACK_52 if c not in used and c.rank > Rank.TEN]
    for seat in SEATS:
        while len(hands[seat]) < 13:
            hands[seat].append(spots.pop(0))
    return Deal({s: tuple(c) for s, c in hands.items()}, dealer=dealer, board=board)


#: North 16, East 4, South 15, West 5: North-South declare, North declarer.
STRONG_NORTH = {N: "SA SK HA HK DQ", E: "SQ CQ", S: "SJ HQ HJ DA DK CA", W: "DJ CK CJ"}
#: North 12, South 12 (a tie), East 7, West 9.
TIED_NS = {N: "SA SK HA DJ", S: "HK CA CK DQ", E: "SQ SJ DA", W: "HQ HJ DK CQ CJ"}


def points(deal: Deal) -> dict[Seat, int]:
    return {s: hcp(deal.hand(s)) for s in SEATS}


def game_at(lesson: int, deal: Deal, variant: str | None = None, real_table: bool = False,
            actions: str = "") -> MiniBridge:
    """A new game, the true announcements made, then ``actions`` ("S contract game NT; ...")."""
    game = MiniBridge(make_rules(lesson, variant, real_table), deal)
    announce_all(game)
    for text in filter(None, (a.strip() for a in actions.split(";"))):
        game.apply(text)
    return game


def snapshot(game: MiniBridge) -> str:
    """Everything that must not change when an action is refused."""
    return json.dumps({"full": game.full_view().as_data(), "log": [str(a) for a in game.log],
                       "views": {s.value: game.view(s).as_data() for s in SEATS}},
                      sort_keys=True)


def hidden_cards(game: MiniBridge, seat: Seat | None) -> set[str]:
    """Cards still held in hands ``seat`` may not see."""
    view = game.view(seat)
    visible = set(view.hands)
    return {str(c) for position, cards in game.current_hands().items()
            if position.value not in visible for c in cards}


def random_step(game: MiniBridge, rng: random.Random, claims: bool = False) -> str:
    """One random legal action of a random seat that may act (true counts only)."""
    seat = rng.choice(game.to_act())
    if game.phase == "announce":
        return str(game.apply(seat, f"hcp {hcp(game.deal.hand(seat))}"))
    legal = game.legal_actions(seat)
    if not claims:
        legal = [a for a in legal if not a.startswith("claim")] or legal
    return str(game.apply(seat, rng.choice(legal)))


def json_of(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
