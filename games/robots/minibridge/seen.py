"""What a robot sees: its seat's view, read once into plain values.

A robot is given exactly ``game.view(seat)`` and nothing else (no peeking);
this module turns that dict into the few facts card play needs: whose cards
are to be played, the hands in sight, the trick so far, the cards gone, and
the suits each player has shown out of. Positions are compass letters; in
three-handed MiniBridge a player may control a position other than the seat
they were dealt (the view's ``position``), and the robot plays the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from games.robots.minibridge.cardtext import ALL_CARDS

POSITIONS = "NESW"


def next_position(position: str) -> str:
    """The next player clockwise (Law 11)."""
    return POSITIONS[(POSITIONS.index(position) + 1) % 4]


def partner_of(position: str) -> str:
    return POSITIONS[(POSITIONS.index(position) + 2) % 4]


def side_of(position: str) -> str:
    return "NS" if position in "NS" else "EW"


@dataclass
class Seen:
    """The facts of one view that the robots reason from."""

    me: str
    lesson: int
    variant: str | None
    phase: str
    legal: list[str]
    signals: bool
    declarer: str | None
    dummy: str | None
    trumps: str | None
    to_play: str | None
    #: Hands in sight: own, dummy once exposed, declarer's during a claim.
    hands: dict[str, list[str]]
    hand_sizes: dict[str, int]
    leader: str | None
    trick: list[tuple[str, str]]
    #: The view's completed tricks, read into :attr:`tricks` when needed.
    raw_tricks: list[dict[str, Any]]
    announcements: list[dict[str, Any]]
    side_hcp: dict[str, int] | None
    contract: dict[str, Any] | None
    claim: dict[str, Any] | None
    #: player -> the position he controls (three-handed games move players).
    positions: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Seen:
        me = view.get("position") or view["seat"]
        hands = dict(view.get("hands") or {})
        hands[me] = view.get("hand") or hands.get(me, [])
        trick_data = view.get("trick") or {}
        trick = [(e["seat"], e["card"]) for e in trick_data.get("cards", [])]
        contract = view.get("contract")
        trumps = view.get("trumps")
        if trumps is None and contract and contract.get("denomination") not in (None, "NT"):
            trumps = contract["denomination"]
        seen = cls(
            me=me,
            lesson=int(view.get("lesson") or 0),
            variant=view.get("variant"),
            phase=view.get("phase", ""),
            legal=view.get("legal") or [],
            signals=bool(view.get("signals")),
            declarer=view.get("declarer"),
            dummy=view.get("dummy"),
            trumps=trumps,
            to_play=view.get("to_play"),
            hands=hands,
            hand_sizes=view.get("hand_sizes") or {},
            leader=trick_data.get("leader"),
            trick=trick,
            raw_tricks=view.get("tricks") or [],
            announcements=view.get("announcements") or [],
            side_hcp=view.get("side_hcp"),
            contract=contract,
            claim=view.get("claim"),
            positions=view.get("positions") or {},
        )
        return seen

    # -- the play so far (read only when a decision needs it) --------------------

    @cached_property
    def tricks(self) -> list[tuple[str, list[tuple[str, str]], str]]:
        """Completed tricks: (leader, [(position, card)...], winner)."""
        return [(t["leader"], [(e["seat"], e["card"]) for e in t["cards"]], t.get("winner"))
                for t in self.raw_tricks]

    @cached_property
    def played(self) -> set[str]:
        """Every card played, the trick on the table included."""
        return {card for _, cards, _ in self.tricks for _, card in cards} | {
            card for _, card in self.trick}

    @cached_property
    def quitted(self) -> set[str]:
        """Cards of the completed tricks only: unlike a card on the table,
        they can no longer win anything."""
        return {card for _, cards, _ in self.tricks for _, card in cards}

    @cached_property
    def played_by(self) -> dict[str, list[str]]:
        by: dict[str, list[str]] = {p: [] for p in POSITIONS}
        for cards in self._all_tricks():
            for position, card in cards:
                by[position].append(card)
        return by

    @cached_property
    def voids(self) -> dict[str, set[str]]:
        """Suits each position has shown out of (failed to follow, Law 11)."""
        voids: dict[str, set[str]] = {p: set() for p in POSITIONS}
        for cards in self._all_tricks():
            led = cards[0][1][0]
            for position, card in cards:
                if card[0] != led:
                    voids[position].add(led)
        return voids

    def _all_tricks(self) -> list[list[tuple[str, str]]]:
        return [cards for _, cards, _ in self.tricks] + ([self.trick] if self.trick else [])

    # -- who is who -----------------------------------------------------------

    @property
    def playing(self) -> str:
        """The position whose card this robot chooses now: its own, or
        dummy's when declarer plays for dummy (Law 8)."""
        return self.to_play or self.me

    def hand_of(self, position: str) -> list[str]:
        return self.hands.get(position, [])

    def declaring_side(self, position: str) -> bool:
        return self.declarer is not None and side_of(position) == side_of(self.declarer)

    def is_defender(self, position: str) -> bool:
        return self.declarer is not None and not self.declaring_side(position)

    def visible(self, position: str) -> bool:
        return position in self.hands

    # -- cards --------------------------------------------------------------

    def unseen(self) -> list[str]:
        """Cards neither in a hand in sight nor played: the hidden hands' cards."""
        known = set(self.played)
        for cards in self.hands.values():
            known.update(cards)
        return [c for c in ALL_CARDS if c not in known]

    def against(self, position: str) -> list[str]:
        """Cards the opponents of ``position`` may hold, as far as this robot
        can tell: every unseen card (a hidden partner's too, to be safe) and
        the cards of any opponent's hand in sight."""
        own_side = (position, partner_of(position))
        cards = self.unseen()
        for p, held in self.hands.items():
            if p not in own_side:
                cards.extend(held)
        return cards
