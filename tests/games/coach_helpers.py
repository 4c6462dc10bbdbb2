"""What the coach tests of Spades, Preference, the Top Game and Piquet share: a game
played by the beginner robots up to a pupil's decision, and deals that differ from it
only in cards that pupil cannot see (issue 29: "a test gives it two deals that differ
only in cards the pupil cannot see and gets the same hint")."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from games.deals import Deal
from games.protocol import Game, SeatView
from games.registry import GameEntry
from games.seats import Seat

#: A card code anywhere in a view's data: a card the viewer may see.
CARD = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")


def play_to(entry: GameEntry, seed: int, wanted: Callable[[SeatView], bool],
            **options: Any) -> tuple[Game, Deal, str] | None:
    """A hand of ``entry`` played by its beginner robots until the seat to act has a
    view ``wanted`` accepts: the game, its deal and that seat; ``None`` if the hand
    ends first."""
    rules = entry.rules(**options)
    rng = random.Random(f"coach-test:{entry.name}:{seed}")
    assert entry.deal is not None
    deal = entry.deal(rules, rng, board=seed + 1)
    game = entry.game_class(rules, deal)
    robot = entry.robot(entry.robots.levels[0])
    for _ in range(600):
        if game.is_over():
            return None
        seat = game.to_act()[0]
        view = game.view(seat)
        if view.legal and wanted(view):
            return game, deal, seat.value if isinstance(seat, Seat) else str(seat)
        game.apply(seat, robot.choose(view, rng))
    return None


def visible_cards(view: SeatView) -> set[str]:
    """Every card code the view shows, anywhere in it."""
    return set(CARD.findall(str(view.as_data())))


def hidden_swaps(game: Game, deal: Deal, seat: str) -> Iterator[Game]:
    """Games replayed from deals like ``deal`` with two cards the seat cannot see
    exchanged between two holders (two other hands, or a hand and the undealt cards) or
    between two places in the undealt cards,
    whose view for ``seat`` is the same as in ``game``."""
    view = game.view(Seat(seat))
    seen = visible_cards(view)
    holders: dict[Any, list[Any]] = {s: list(cards) for s, cards in deal.hands.items()}
    holders["stock"] = list(deal.stock)
    hidden = [(holder, card) for holder, cards in holders.items() for card in cards
              if str(card) not in seen]
    for i, (a, x) in enumerate(hidden):
        for b, y in hidden[i + 1:]:
            if a == b and (a != "stock" or x == y):
                continue  # two cards of one hand: the same hand (the stock's order counts)
            cards = {h: list(c) for h, c in holders.items()}
            i_x, i_y = cards[a].index(x), cards[b].index(y)
            cards[a][i_x], cards[b][i_y] = y, x
            stock = tuple(cards.pop("stock"))
            other_deal = replace(deal, hands={s: tuple(c) for s, c in cards.items()},
                                 stock=stock)
            try:
                other = type(game).replay(game.rules, other_deal, game.log)
            except ValueError:
                continue  # the swap changes what was legal: another history
            if other.view(Seat(seat)) == view:
                yield other


def same_hint_for_hidden_swaps(coach: Any, game: Game, deal: Deal, seat: str,
                               wanted: int = 2) -> int:
    """How many of the first ``wanted`` hidden swaps gave the same hint (the rng seed
    fixed); fails at the first that does not."""
    view = game.view(Seat(seat))
    first = coach.hint(view, random.Random(31))
    assert first is not None and first.action in view.legal
    same = 0
    for other in hidden_swaps(game, deal, seat):
        assert other.deal != game.deal
        assert coach.hint(other.view(Seat(seat)), random.Random(31)) == first
        same += 1
        if same == wanted:
            break
    return same


def base_view(game: str, **fields: Any) -> SeatView:
    """A hand-built seat view for a golden position: only the fields a checker reads."""
    values: dict[str, Any] = {"phase": "play", "seat": "S", "to_act": ("S",), "legal": (),
                              "hand": (), "hands": {}, "hand_sizes": {}}
    values.update(fields)
    if "hands" not in fields:
        values["hands"] = {values["seat"]: tuple(values["hand"])}
    return SeatView(game=game, **values)
