"""What a robot sees: its seat's view, read once into plain values.

A robot is given exactly ``game.view(seat)`` and nothing else (no peeking);
this module turns that :class:`~games.protocol.SeatView` into the few facts
card play needs: whose cards are to be played, the hands in sight, the
trick so far, the cards gone, and the suits each player has shown out of.
Positions are compass letters; in three-handed MiniBridge a player may
control a position other than the seat they were dealt
(``view.info["position"]``), and the robot plays the position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.bridge.robots.cardtext import ALL_CARDS
from games.lazy import lazy
from games.protocol import SeatView

POSITIONS = "NESW"
_PACK = frozenset(ALL_CARDS)

# Looked up, not worked out: robots ask these many times in every decision.
_NEXT = {p: POSITIONS[(i + 1) % 4] for i, p in enumerate(POSITIONS)}
_PARTNER = {p: POSITIONS[(i + 2) % 4] for i, p in enumerate(POSITIONS)}


def next_position(position: str) -> str:
    """The next player clockwise (Law 11)."""
    following = _NEXT.get(position)
    return following if following is not None else POSITIONS[(POSITIONS.index(position) + 1) % 4]


def partner_of(position: str) -> str:
    partner = _PARTNER.get(position)
    return partner if partner is not None else POSITIONS[(POSITIONS.index(position) + 2) % 4]


def side_of(position: str) -> str:
    return "NS" if position in "NS" else "EW"


@dataclass
class Seen:
    """The facts of one view that the robots reason from."""

    me: str
    lesson: int
    variant: str | None
    phase: str
    legal: Sequence[str]
    signals: bool
    declarer: str | None
    dummy: str | None
    trumps: str | None
    to_play: str | None
    #: Hands in sight: own, dummy once exposed, declarer's during a claim.
    hands: Mapping[str, Sequence[str]]
    hand_sizes: Mapping[str, int]
    leader: str | None
    trick: list[tuple[str, str]]
    #: The view's completed tricks, read into :attr:`tricks` when needed.
    raw_tricks: Sequence[Mapping[str, Any]]
    announcements: Sequence[Mapping[str, Any]]
    side_hcp: Mapping[str, int] | None
    contract: Mapping[str, Any] | None
    claim: Mapping[str, Any] | None
    #: player -> the position he controls (three-handed games move players).
    positions: Mapping[str, str] = field(default_factory=dict)
    #: Each card this robot may play now -> the action that plays it (the view's
    #: ``card_actions``). A Seen made without it (another game's robots reuse this
    #: card play) reads it from the legal card plays.
    #: Never None once made: __post_init__ fills it in (the default only marks it missing).
    card_actions: Mapping[str, str] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.card_actions is None:
            self.card_actions = {t[5:]: t for t in self.legal if t.startswith("play ")}

    @classmethod
    def from_view(cls, view: SeatView) -> Seen:
        # Read once per decision, nothing parsed that a decision may not need (the
        # completed tricks wait in raw_tricks). The view's parts are read-only and
        # kept as they are: a robot never changes what it was shown.
        info = view.info
        me: str = info.get("position") or view.seat or ""  # a robot's view always has a seat
        hands: dict[str, Sequence[str]] = dict(view.hands)
        hands[me] = view.hand or hands.get(me, ())
        trick_data = view.trick or {}
        trick = [(e["seat"], e["card"]) for e in trick_data.get("cards", ())]
        contract = info.get("contract")
        trumps = info.get("trumps")
        if trumps is None and contract and contract.get("denomination") not in (None, "NT"):
            trumps = contract["denomination"]
        return cls(me, int(info.get("lesson") or 0), info.get("variant"), view.phase,
                   view.legal, bool(info.get("signals")), info.get("declarer"),
                   info.get("dummy"), trumps, view.to_play, hands, view.hand_sizes,
                   trick_data.get("leader"), trick, view.tricks,
                   info.get("announcements") or (), info.get("side_hcp"), contract,
                   info.get("claim"), info.get("positions") or {}, view.card_actions)

    # -- the play so far (read only when a decision needs it) --------------------

    @lazy
    def tricks(self) -> list[tuple[str, list[tuple[str, str]], str | None]]:
        """Completed tricks: (leader, [(position, card)...], winner)."""
        tricks: list[tuple[str, list[tuple[str, str]], str | None]] = []
        for trick in self.raw_tricks:
            entries = trick["cards"]
            if len(entries) == 4:  # every completed trick of four-handed play, spelled out
                a, b, c, d = entries
                cards = [(a["seat"], a["card"]), (b["seat"], b["card"]),
                         (c["seat"], c["card"]), (d["seat"], d["card"])]
            else:
                cards = [(e["seat"], e["card"]) for e in entries]
            tricks.append((trick["leader"], cards, trick.get("winner")))
        return tricks

    @lazy
    def played(self) -> set[str]:
        """Every card played, the trick on the table included."""
        return set(self.quitted) | {card for _, card in self.trick}

    @lazy
    def quitted(self) -> set[str]:
        """Cards of the completed tricks only: unlike a card on the table,
        they can no longer win anything."""
        return {entry["card"] for trick in self.raw_tricks for entry in trick["cards"]}

    @lazy
    def played_by(self) -> dict[str, list[str]]:
        by: dict[str, list[str]] = {p: [] for p in POSITIONS}
        for cards in self._all_tricks():
            for position, card in cards:
                by[position].append(card)
        return by

    @lazy
    def voids(self) -> dict[str, set[str]]:
        """Suits each position has shown out of (failed to follow, Law 11)."""
        voids: dict[str, set[str]] = {p: set() for p in POSITIONS}
        # Read from the view's tricks directly: most decisions need only this.
        for trick in self.raw_tricks:
            entries = trick["cards"]
            led = entries[0]["card"][0]
            for entry in entries:
                if entry["card"][0] != led:
                    voids[entry["seat"]].add(led)
        if self.trick:
            led = self.trick[0][1][0]
            for position, card in self.trick:
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

    def hand_of(self, position: str) -> Sequence[str]:
        return self.hands.get(position, ())

    def declaring_side(self, position: str) -> bool:
        return self.declarer is not None and side_of(position) == side_of(self.declarer)

    def is_defender(self, position: str) -> bool:
        return self.declarer is not None and not self.declaring_side(position)

    def visible(self, position: str) -> bool:
        return position in self.hands

    # -- cards --------------------------------------------------------------

    def unseen(self) -> list[str]:
        """Cards neither in a hand in sight nor played: the hidden hands'
        cards, in the pack's order (spades down to clubs, high to low)."""
        hidden = self.hidden
        return [c for c in ALL_CARDS if c in hidden]

    @lazy
    def hidden(self) -> frozenset[str]:
        """The unseen cards as a set, for questions where order does not matter."""
        return _PACK.difference(self.played, *self.hands.values())

    def against(self, position: str) -> list[str]:
        """Cards the opponents of ``position`` may hold, as far as this robot
        can tell: every unseen card (a hidden partner's too, to be safe) and
        the cards of any opponent's hand in sight."""
        own_side = (position, partner_of(position))
        cards = list(self.hidden)  # in no particular order: the callers ask about suits and ranks
        for p, held in self.hands.items():
            if p not in own_side:
                cards.extend(held)
        return cards
