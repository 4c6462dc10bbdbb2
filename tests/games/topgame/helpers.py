"""A hand-made Top Game deal whose tops and dummy everyone can count, and small drivers.

Dealer North, so the dummy is dealt at South::

    North  S AKQ2  H AK3  D 432   C 432     tops 5 (SA SK SQ HA HK)
    East   S JT9   H QJT  D AKQJ  C AKQ     tops 7
    South  S 8765  H 9876 D 765   C 65      the dummy: no tops, spades and hearts 4 each
    West   S 43    H 542  D T98   C JT987   tops 0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.deals import Deal
from games.protocol import Game
from games.seats import Seat
from games.topgame import TopGame
from games.topgame.rules import TopGameRules

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
COUNTED = Deal.from_pbn("N:AKQ2.AK3.432.432 JT9.QJT.AKQJ.AKQ 8765.9876.765.65 43.542.T98.JT987",
                        dealer=N, board=1)
ANNOUNCED = TopGameRules()
TYPED = TopGameRules(informer="typed")


def hand(actions: Iterable[str] = (), rules: TopGameRules = ANNOUNCED,
         deal: Deal = COUNTED) -> TopGame:
    """The counted deal after ``actions`` ("N bid 5", ...)."""
    return TopGame.replay(rules, deal, list(actions))


def play_out(game: Game, choose: Callable[[Game, Seat, list[str]], str] | None = None) -> Game:
    """Play to the end, the first legal action each time unless ``choose`` says."""
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, choose(game, seat, legal) if choose else legal[0])
    return game


#: North declares 5 (his five tops), East leads and asks, West informs.
NORTH_DECLARES = ["N bid 5", "E pass", "W pass", "E ask", "N keep"]
