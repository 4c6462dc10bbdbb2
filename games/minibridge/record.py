"""A MiniBridge hand's record: how a deal played to the end is written in PBN.

How a MiniBridge hand is written in PBN (docs/decisions/0041-minibridge-in-pbn.md):

* Declarer, Contract, Result: declarer's position, the contract at its
  bridge level (part-score 1, game 3NT/4H/4S/5C/5D, slam 6; a lesson 3-4
  or target-variant contract at its goal less six), declarer's tricks.
* Score: the declaring side's MiniBridge score less the defenders', as
  "NS 120" / "EW -100" (the PBN form, from the declaring side).
* MiniLessons 1-2 have no declarer: Declarer, Contract and Result are ""
  (PBN's unknown) and Score is "NS n", North-South's tricks (the lesson's
  score); the Play section starts with dealer's left-hand opponent.
* Our own tags: MiniBridgeLesson ("5"), MiniBridgeVariant (only with a
  variant), MiniBridgeHCP (the announced points, "N:12 E:8 S:11 W:9"),
  MiniBridgeSeed (the seed the deal was dealt from, so ``check`` deals it again).
* Vulnerable is "None": MiniBridge has no vulnerability, and its scores from
  MiniLesson 5 on are bridge's non-vulnerable scores.
* Three-handed games: the Deal tag is the deal as played, each hand at the
  position it was played from after the three-handed rules moved it (the
  dealer's exchange with the dummy), so any PBN reader replays the Play
  section; our tag MiniBridgeDealt keeps the deal as dealt (the dummy
  opposite the dealer), from which ``check --lesson`` replays the
  announcements (docs/decisions/0431-three-handed-deals-in-pbn.md).

Checking a MiniBridge PBN file against a MiniLesson (``python -m games check
FILE --lesson N``) is still games/cli/check.py's; it moves here in phase 2 of
issue 28, with PBN into the bridge layer (decision record 0770).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.bridge import pbn
from games.cards import Card
from games.deals import Deal
from games.minibridge.game import MiniBridge
from games.minibridge.scoring import level_digit
from games.seats import Seat


@dataclass
class PlayedDeal:
    """One deal played to the end."""

    game: MiniBridge
    #: The seed it was dealt from: ``Deal.for_board(board, random.Random(seed))``.
    seed: int | None = None

    @property
    def result(self) -> dict[str, Any]:
        return self.game.result()


def contract_text(result: dict[str, Any]) -> str:
    """"1NT", "4H", "6S": the MiniBridge contract at its bridge level."""
    contract = result["contract"]
    digit = level_digit(contract["level"], contract["denomination"], contract["goal"])
    return f"{digit}{contract['denomination']}"


def hcp_tag(game: MiniBridge) -> str:
    """The announced points in compass order: "N:12 E:8 S:11 W:9"."""
    points = {a["seat"]: a["hcp"] for a in game.view(None).info["announcements"]}
    return " ".join(f"{s}:{points[s]}" for s in "NESW" if s in points)


def plays_of(game: MiniBridge) -> tuple[Seat, list[tuple[Seat, Card]]]:
    """The opening leader and every card played, in order."""
    view = game.full_view()
    tricks = list(view.tricks)
    if view.trick and view.trick["cards"]:
        tricks.append(view.trick)
    plays = [(Seat.from_str(e["seat"]), Card.from_str(e["card"]))
             for trick in tricks for e in trick["cards"]]
    first = Seat.from_str(tricks[0]["leader"]) if tricks else game.deal.dealer.lho
    return first, plays


def as_played(game: MiniBridge) -> Deal:
    """The deal with each hand at the position its cards were played from: in the
    three-handed games the dealer may have exchanged hands with the dummy
    ("he exchanges his hand with dummy before dummy is exposed")."""
    deal = game.deal
    return Deal(dict(game.holdings), dealer=deal.dealer, board=deal.board,
                vulnerability=deal.vulnerability)


def record(hand: PlayedDeal, lesson: int, variant: str | None, event: str) -> pbn.PbnGame:
    """The PBN record of one played deal (see the module docstring)."""
    game, result = hand.game, hand.result
    first, plays = plays_of(game)
    extra = {"MiniBridgeLesson": str(lesson)}
    if hand.seed is not None:
        extra["MiniBridgeSeed"] = str(hand.seed)
    if variant:
        extra["MiniBridgeVariant"] = variant
    if game.rules.announces_hcp:
        extra["MiniBridgeHCP"] = hcp_tag(game)
    deal = game.deal
    if game.rules.three_handed:
        extra["MiniBridgeDealt"] = deal.pbn(first=deal.dealer)
        deal = as_played(game)
    if result["declarer"] is None:
        # MiniLessons 1-2: nobody declares; the score is the tricks per side.
        extra.update({"Declarer": "", "Contract": "", "Result": "",
                      "Score": f"NS {result['tricks_by_side']['NS']}"})
        declarer, contract, tricks, score = first.rho, "1NT", 0, 0
    else:
        declarer = Seat.from_str(result["declarer"])
        side = result["declaring_side"]
        other = "EW" if side == "NS" else "NS"
        contract, tricks = contract_text(result), result["tricks"]
        score = result["score"][side] - result["score"][other]
    return pbn.record_for_play(deal, event=event, declarer=declarer, contract=contract,
                               result=tricks, score=score, first_leader=first, plays=plays,
                               extra_tags=extra)
