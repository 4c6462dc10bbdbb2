"""Playing a whole hand without a person: true announcements, a chosen
contract, then cards chosen by a policy. Used by tests, the benchmark and
anyone who wants a finished hand quickly (robots play through the views).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.cards import hcp
from games.deals import Deal
from games.minibridge.game import MiniBridge
from games.minibridge.rules import MiniBridgeRules
from games.seats import Seat

#: Chooses one of the legal actions.
Policy = Callable[[MiniBridge, Seat, list[str]], str]


def first_legal(game: MiniBridge, seat: Seat, legal: list[str]) -> str:
    return legal[0]


def random_policy(rng: random.Random) -> Policy:
    """Any legal card; never a claim (claims are tested on their own)."""
    def choose(game: MiniBridge, seat: Seat, legal: list[str]) -> str:
        plays = [a for a in legal if not a.startswith("claim")]
        return rng.choice(plays or legal)
    return choose


def announce_all(game: MiniBridge) -> None:
    """Every player announces his true count (Law 5), in the order asked."""
    while game.phase == "announce":
        seat = game.to_act()[0]
        game.apply(seat, f"hcp {hcp(game.deal.hand(seat))}")


def play_hand(
    rules: MiniBridgeRules,
    deal: Deal,
    contract: str | None = None,
    *,
    declarer: Seat | None = None,
    policy: Policy = first_legal,
) -> MiniBridge:
    """Announce, choose the declarer if the pair must (``declarer`` or the first
    of them), announce ``contract`` (e.g. ``"game NT"``; the first legal one
    if ``None``) and play to the end with ``policy``. A redeal ends early."""
    game = MiniBridge(rules, deal)
    announce_all(game)
    if game.phase == "declarer":
        chooser = game.to_act()[0]
        game.apply(chooser, f"declarer {(declarer or chooser).value}")
    if game.phase == "contract":
        seat = game.to_act()[0]
        game.apply(seat, f"contract {contract}" if contract else game.legal_actions(seat)[0])
    play_to_end(game, policy)
    return game


def play_to_end(game: MiniBridge, policy: Policy = first_legal) -> MiniBridge:
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, policy(game, seat, game.legal_actions(seat)))
    return game
