"""MiniBridge robots: a beginner who plays sound simple bridge, and an expert
who thinks double dummy about the deals it cannot rule out.

``make_robot(level, **options).choose(view, rng)`` returns one of
``view.legal``. A robot is given only its seat's view: never the game or
the deal (DESIGN.md, "Robots use ... only the view of their own seat").

In every phase both robots do as a pupil is taught: announce the true point
count (Law 5), choose a declarer in a tied pair (MiniLesson 3), choose the
contract by the lessons' advice (MiniLesson 5; the expert may weigh the
contracts double dummy instead), claim only when every remaining trick is a
top winner and accept a claim only when it is sure (Law 14), accept a lead
out of turn (Law 19) and never revoke.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.bridge.robots.cardtext import ABOVE, hcp, sure_tricks
from games.bridge.robots.play import beginner_card
from games.bridge.robots.seen import Seen, partner_of, side_of
from games.minibridge.robots.contract import (
    announce,
    choose_contract,
    choose_declarer,
)
from games.protocol import SeatView

LEVELS = ("beginner", "expert")


class BeginnerRobot:
    """Plays by the simple rules a teacher gives (see ``play.py``)."""

    level = "beginner"

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = view.legal
        if len(legal) == 1:
            # What every decision comes to (an answer not in ``legal`` falls
            # back to ``legal[0]``), without reading the view: a forced card.
            return legal[0]
        return self._choose(view, legal, rng)

    def _choose(self, view: SeatView, legal: Sequence[str], rng: random.Random) -> str:
        if not legal:
            raise ValueError("the robot was asked to act with nothing legal to do")
        seen = Seen.from_view(view)
        action = self._decide(seen, rng)
        return action if action in legal else legal[0]

    def _decide(self, seen: Seen, rng: random.Random) -> str:
        phase, legal = seen.phase, seen.legal
        if phase == "announce":
            return announce(seen.hand_of(seen.me))
        if phase == "declarer":
            return choose_declarer(seen.me, partner_of(seen.me), seen.hand_of(seen.me), legal)
        if phase == "contract":
            return self.contract(seen, rng)
        if phase == "claim":
            return answer_claim(seen)
        if phase == "lead_out_of_turn" and "accept" in legal:
            return "accept"  # Law 19: a lead out of turn is accepted
        if seen.card_actions:
            return claim_if_sure(seen) or self.card(seen, rng)
        return legal[0]

    def contract(self, seen: Seen, rng: random.Random) -> str:
        dummy = seen.hand_of(seen.dummy) if seen.dummy else []
        return choose_contract(seen.hand_of(seen.me), dummy, side_points(seen), seen.legal)

    def card(self, seen: Seen, rng: random.Random) -> str:
        return seen.card_actions[beginner_card(seen, rng)]


def side_points(seen: Seen) -> int:
    """The declaring side's high card points (announced, so public)."""
    side = side_of(seen.declarer or seen.me)
    if seen.side_hcp and side in seen.side_hcp:
        return int(seen.side_hcp[side])
    return hcp(seen.hand_of(seen.me)) + hcp(seen.hand_of(seen.dummy or ""))


def claim_if_sure(seen: Seen) -> str | None:
    """Law 14: declarer claims the rest when, at the start of a trick, every
    card of the hand on lead is a top winner (``cardtext.sure_tricks``)."""
    lead = seen.to_play
    if (seen.declarer != seen.me or seen.trick or lead is None
            or lead not in (seen.declarer, seen.dummy)):
        return None
    cards = seen.hand_of(lead)
    if len(cards) < 2:
        return None
    partner, unseen = seen.hand_of(partner_of(lead)), seen.hidden
    # A quick no first (asked at every lead of declarer's): a claim of every
    # card needs each to be a top winner, nothing above it held elsewhere.
    elsewhere = unseen.union(partner)
    if any(higher in elsewhere for card in cards for higher in ABOVE[card]):
        return None
    sure = sure_tricks(cards, partner, unseen, seen.trumps)
    text = f"claim {len(cards)}"
    return text if sure >= len(cards) and text in seen.legal else None


def answer_claim(seen: Seen) -> str:
    """A claim is accepted only when it is surely right from what the robot can
    see (the claimer's hand is shown during a claim): the claimer's side is on
    lead and both its hands are in sight (so a defender's claim, his partner's
    hand hidden, is rejected: play it out, Law 14); otherwise rejected."""
    claim = seen.claim or {}
    claimed = int(claim.get("tricks", 99))
    lead = seen.to_play or seen.leader
    if claimed <= 0:
        return "accept"
    by = claim.get("by")
    claimer = seen.positions.get(by, by) if by else seen.declarer
    if (seen.trick or lead is None or claimer is None or side_of(lead) != side_of(claimer)
            or not seen.visible(lead) or not seen.visible(partner_of(lead))):
        return "reject"
    sure = sure_tricks(seen.hand_of(lead), seen.hand_of(partner_of(lead)),
                       seen.against(lead), seen.trumps)
    return "accept" if claimed <= sure else "reject"


def make_robot(level: str = "beginner", **options: Any) -> Any:
    """A MiniBridge robot. The expert takes ``budget`` (seconds per card,
    default 0.5) and ``samples`` (the most deals it imagines per card)."""
    if level == "beginner":
        if options:
            raise TypeError(f"the beginner takes no options: {sorted(options)}")
        return BeginnerRobot()
    if level == "expert":
        from games.minibridge.robots.expert import ExpertRobot

        return ExpertRobot(**options)
    raise LookupError(f"no {level!r} MiniBridge robot (levels: {', '.join(LEVELS)})")
