"""Trick play, shared by every game: following suit, trumps, who wins, who leads.

The options cover the five games: no trumps, fixed or chosen trumps; the
obligation to trump when void (Preference) or a free discard (bridge,
Spades); a suit that may not be led until it is broken (Spades); tricks of
two, three or four cards (the ``players`` who take part). A game that lets a
declarer play dummy's cards decides *who* may play for a seat; this module
only knows seats.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.cards import Card, Suit, card_texts, sort_hand
from games.protocol import FrozenDict
from games.seats import LETTER as _LETTER
from games.seats import Seat

#: (seat, card) -> ``{"seat": "N", "card": "SA"}``, read-only: made once, shared by
#: every trick of every view that shows that card played from that seat.
_ENTRIES: dict[tuple[Seat, Card], FrozenDict] = {}


def trick_entry(seat: Seat, card: Card) -> FrozenDict:
    """One card of a trick as a view shows it: ``{"seat": "N", "card": "SA"}``."""
    entry = _ENTRIES.get((seat, card))
    if entry is None:
        entry = _ENTRIES[(seat, card)] = FrozenDict(seat=_LETTER[seat], card=str(card))
    return entry


@dataclass(frozen=True)
class TrickRules:
    """How a trick is played and won."""

    trumps: Suit | None = None
    #: Preference: a player who cannot follow suit must trump if able.
    must_trump: bool = False
    #: Spades: this suit may not be led until one of its cards has been played
    #: to an earlier trick, unless the leader holds nothing else.
    locked_until_broken: Suit | None = None


@dataclass
class Trick:
    """The cards of one trick in the order they were played."""

    leader: Seat
    cards: list[tuple[Seat, Card]] = field(default_factory=list)
    #: A card was played out of rotation (MiniBridge Law 23): the turn is worked out
    #: from who has played, not from the last card.
    out_of_rotation: bool = False

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0][1].suit if self.cards else None

    def winner(self, trumps: Suit | None) -> Seat:
        """Law 11: the highest trump if there is one, else the highest card of
        the suit led."""
        if not self.cards:
            raise ValueError("an empty trick has no winner")
        # Card by card: the card winning so far is a trump or of the suit led,
        # and only a higher card of its suit or a first trump beats it.
        winner, best = self.cards[0]
        for seat, card in self.cards[1:]:
            if card.suit == best.suit:
                if card.rank > best.rank:
                    winner, best = seat, card
            elif trumps is not None and card.suit == trumps:
                winner, best = seat, card
        return winner

    def copy(self) -> Trick:
        """An independent copy: a new list of the (immutable) seat-card pairs."""
        return Trick(self.leader, list(self.cards), self.out_of_rotation)

    def card_of(self, seat: Seat) -> Card | None:
        for who, card in self.cards:
            if who == seat:
                return card
        return None

    def as_data(self) -> dict[str, Any]:
        return {
            "leader": _LETTER[self.leader],
            "cards": [{"seat": _LETTER[s], "card": str(c)} for s, c in self.cards],
        }

    def frozen_data(self) -> FrozenDict:
        """:meth:`as_data`, read-only, its cards a tuple of shared entries."""
        return FrozenDict(leader=_LETTER[self.leader],
                          cards=tuple([trick_entry(s, c) for s, c in self.cards]))


class TrickPlay:
    """The play of a hand: the hands still held, the trick in progress and the
    tricks already won.

    ``players`` lists the seats taking part, in playing order (clockwise);
    a trick is complete when each of them has played once.
    """

    def __init__(
        self,
        hands: Mapping[Seat, Iterable[Card]],
        players: tuple[Seat, ...],
        leader: Seat,
        rules: TrickRules = TrickRules(),
    ) -> None:
        if leader not in players:
            raise ValueError(f"{leader} is not one of the players")
        self.hands: dict[Seat, list[Card]] = {s: list(sort_hand(hands[s])) for s in players}
        self.players = players
        self.rules = rules
        self.current = Trick(leader)
        self.tricks: list[Trick] = []
        self.won: dict[Seat, int] = {s: 0 for s in players}
        self.broken = False
        #: Each player -> the next one clockwise (asked for after every card).
        self._next: dict[Seat, Seat] = {
            s: players[(i + 1) % len(players)] for i, s in enumerate(players)}
        # Each hand as text, kept with the hand: every view shows a hand or two.
        self._texts: dict[Seat, list[str]] = {s: card_texts(h) for s, h in self.hands.items()}
        # Each completed trick as read-only data, made once: every view lists them all,
        # and every view and copy shares them.
        self._quitted: list[FrozenDict] = []

    #: The attributes :meth:`copy` knows how to copy; any other (a subclass's,
    #: one added later) sends it to the generic deep copy.
    _COPIED = frozenset({"hands", "players", "rules", "current", "tricks", "won", "broken",
                         "_next", "_texts", "_quitted"})

    def copy(self) -> TrickPlay:
        """An independent copy, structural: each mutable container is copied
        one level, everything immutable (cards, seats, texts, the rules, the
        completed tricks' read-only data, ``_next``, never changed) is shared. A completed trick
        is never changed again, so the list of them is copied and the tricks
        shared; the trick in progress is copied."""
        state = self.__dict__
        if self.__class__ is not TrickPlay or state.keys() != self._COPIED:
            return _copy.deepcopy(self)
        new = TrickPlay.__new__(TrickPlay)
        new.__dict__.update(state)
        new.hands = {s: list(h) for s, h in self.hands.items()}
        new.current = self.current.copy()
        new.tricks = list(self.tricks)
        new.won = dict(self.won)
        new._texts = {s: list(t) for s, t in self._texts.items()}
        new._quitted = list(self._quitted)
        return new

    # -- questions ------------------------------------------------------------

    @property
    def to_play(self) -> Seat | None:
        cards = self.current.cards
        if cards:
            if not self.current.out_of_rotation:
                return self._next[cards[-1][0]]
            # A card played out of rotation (MiniBridge Law 23) stands: the first
            # player from the leader round who has not played is next.
            played = {who for who, _ in cards}
            seat = self.current.leader
            while seat in played:
                seat = self._next[seat]
            return seat
        if not any(self.hands.values()):
            return None  # over
        return self.current.leader

    def is_over(self) -> bool:
        return not self.current.cards and not any(self.hands.values())

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    def why_illegal(self, seat: Seat, card: Card) -> str | None:
        """The reason ``seat`` may not play ``card`` now, or ``None`` if it may."""
        if seat not in self.hands:
            return f"{seat.word} is not playing this hand."
        if self.is_over():
            return "All the cards have been played."
        to_play = self.to_play
        if seat != to_play:
            whose = f"{to_play.word}'s" if to_play is not None else "nobody's"
            return f"It is {whose} turn to play, not {seat.word}'s."
        hand = self.hands[seat]
        if card not in hand:
            return f"{card} is not in {seat.word}'s hand."
        return self.why_breaks_rules(seat, card)

    def why_breaks_rules(self, seat: Seat, card: Card) -> str | None:
        """Following suit, trumping and lead restrictions only (no turn check)."""
        hand = self.hands[seat]
        led = self.current.suit_led
        if led is None:
            locked = self.rules.locked_until_broken
            if (locked is not None and card.suit == locked and not self.broken
                    and any(c.suit != locked for c in hand)):
                return (f"{locked.word.title()} may not be led until a {locked.word[:-1]} "
                        "has been played.")
            return None
        if card.suit != led and any(c.suit == led for c in hand):
            return f"You must follow suit: play a {led.word[:-1]}."
        trumps = self.rules.trumps
        if (self.rules.must_trump and trumps is not None and card.suit != led
                and card.suit != trumps and any(c.suit == trumps for c in hand)):
            return f"You cannot follow suit, so you must play a trump ({trumps.word})."
        return None

    def legal_cards(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` may play now, in the order of the hand: the cards
        :meth:`why_breaks_rules` allows, found suit by suit rather than card
        by card (every view of every hand asks)."""
        if seat != self.to_play:
            return []
        hand = self.hands[seat]
        led = self.current.suit_led
        rules = self.rules
        if led is None:
            if rules.locked_until_broken is None or self.broken:
                return list(hand)
            return [c for c in hand if self.why_breaks_rules(seat, c) is None]
        following = [c for c in hand if c.suit == led]
        if following:
            return following
        trumps = rules.trumps
        if rules.must_trump and trumps is not None:
            ruffs = [c for c in hand if c.suit == trumps]
            if ruffs:
                return ruffs
        return list(hand)

    def hand_texts(self, seat: Seat) -> list[str]:
        """``seat``'s cards as text (``["SA", "HT"]``), in the order of the hand."""
        return list(self._texts[seat])

    def holds(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat`` still holds ``card``: looked up among the hand's texts, by the
        string comparison of C, where looking among the cards called Card.__eq__ for each
        card before it (every card played is looked for this way)."""
        hand = self._texts.get(seat)
        return hand is not None and str(card) in hand

    def hand_codes(self, seat: Seat) -> tuple[str, ...]:
        """``seat``'s cards as a tuple of codes, for a view."""
        return tuple(self._texts[seat])

    def legal_texts(self, seat: Seat) -> list[str]:
        """:meth:`legal_cards` as text, read from the hand's text when only
        following suit restricts the play (bridge)."""
        rules = self.rules
        if rules.must_trump or rules.locked_until_broken is not None:
            return card_texts(self.legal_cards(seat))
        if seat != self.to_play:
            return []
        texts = self._texts[seat]
        led = self.current.suit_led
        if led is None:
            return list(texts)
        return [t for t in texts if t[0] == led] or list(texts)

    # -- actions ----------------------------------------------------------------

    def play(self, seat: Seat, card: Card, *, enforce: bool = True) -> Trick | None:
        """Play a card; returns the trick if this card completed it.

        With ``enforce=False`` a card that breaks the suit rules is allowed
        (the real-table mode of MiniBridge, Laws 20-21, where a revoke happens
        and is dealt with afterwards); turn and ownership are always checked.
        """
        hand = self.hands.get(seat)
        if seat != self.to_play or hand is None:
            raise ValueError(self.why_illegal(seat, card))
        if enforce and self.why_breaks_rules(seat, card) is not None:
            raise ValueError(self.why_illegal(seat, card))
        return self._place(seat, card)

    def play_out_of_rotation(self, seat: Seat, card: Card) -> Trick | None:
        """MiniBridge Law 23: "If a player plays a card out of rotation (that he intended
        to play) then it stands as played": ``seat`` plays to the trick in progress before
        his turn; the players he passed still play in turn. Suit rules are not enforced
        (a revoke is the game's to handle, Laws 20-21)."""
        hand = self.hands.get(seat)
        if hand is None or not self.current.cards or self.current.card_of(seat) is not None:
            raise ValueError(f"{seat.word} cannot play out of rotation to this trick.")
        self.current.out_of_rotation = True
        return self._place(seat, card)

    def _place(self, seat: Seat, card: Card) -> Trick | None:
        hand = self.hands[seat]
        texts = self._texts[seat]
        try:
            # The text of each card stands at its place in the hand (:meth:`holds`).
            index = texts.index(str(card))
        except ValueError:
            raise ValueError(self.why_illegal(seat, card)) from None
        del hand[index]
        del texts[index]
        self.current.cards.append((seat, card))
        locked = self.rules.locked_until_broken
        if locked is not None and card.suit == locked:
            self.broken = True
        if len(self.current.cards) < len(self.players):
            return None
        trick = self.current
        winner = trick.winner(self.rules.trumps)
        self.won[winner] += 1
        self.tricks.append(trick)
        self._quitted.append(FrozenDict(
            leader=_LETTER[trick.leader],
            cards=tuple([trick_entry(s, c) for s, c in trick.cards]),
            winner=_LETTER[winner]))
        self.current = Trick(winner)
        return trick

    def lead_out_of_turn(self, seat: Seat) -> None:
        """Make ``seat`` the leader of the empty current trick (Law 19: a lead
        out of turn that is accepted)."""
        if self.current.cards:
            raise ValueError("the trick has already started")
        self.current = Trick(seat)

    def take_back(self) -> tuple[Seat, Card]:
        """Return the last card played to the current trick to its owner's hand
        (Law 19, a lead out of turn put back; Law 20, a revoke corrected)."""
        if not self.current.cards:
            raise ValueError("no card of the current trick to take back")
        seat, card = self.current.cards.pop()
        self.hands[seat] = list(sort_hand(self.hands[seat] + [card]))
        self._texts[seat] = card_texts(self.hands[seat])
        return seat, card

    # -- what everyone may see ------------------------------------------------------

    def completed_tricks(self) -> tuple[FrozenDict, ...]:
        """Every completed trick, in order, as read-only data shared by every view:
        ``{"leader": "N", "cards": ({"seat": "N", "card": "SA"}, ...), "winner": "E"}``."""
        return tuple(self._quitted)

    def last_quitted(self) -> FrozenDict | None:
        """The last completed trick, as :meth:`completed_tricks` gives it."""
        return self._quitted[-1] if self._quitted else None

    def completed_tricks_data(self) -> list[dict[str, Any]]:
        """Every completed trick, in order: leader, cards and winner (fresh dicts)."""
        return [_plain_trick(trick) for trick in self._quitted]

    def last_trick_data(self) -> dict[str, Any] | None:
        return _plain_trick(self._quitted[-1]) if self._quitted else None

    def completed_tricks_kept(self, earlier: tuple[FrozenDict, ...],
                              earlier_last: FrozenDict | None) -> tuple[FrozenDict, ...]:
        """The completed tricks as :meth:`completed_tricks_data` gives them, read-only
        (:func:`frozen_trick_data`) and shared by every view of a moment: ``earlier`` were
        worked out for an earlier moment of this hand, whose :meth:`last_quitted` was
        ``earlier_last`` (a copy's too, since copies share the completed tricks). A
        completed trick never changes, so they are kept while that trick is still where
        it was, and only the new ones are added."""
        quitted = self._quitted
        done = earlier
        if len(done) > len(quitted) or (done and quitted[len(done) - 1] is not earlier_last):
            done = ()
        if len(done) == len(quitted):
            return done
        return done + tuple([frozen_trick_data(trick) for trick in quitted[len(done):]])

    def public_data(self) -> dict[str, Any]:
        """The cards on the table and the tricks won: nothing from any hand."""
        return {
            "trumps": self.rules.trumps.value if self.rules.trumps else None,
            "trick": self.current.as_data(),
            "last_trick": self.last_trick_data(),
            "tricks_won": {s.value: n for s, n in self.won.items()},
            "tricks_played": len(self.tricks),
            "to_play": self.to_play.value if self.to_play else None,
            "hand_sizes": {s.value: len(cards) for s, cards in self.hands.items()},
        }


def frozen_trick_data(trick: Mapping[str, Any]) -> FrozenDict:
    """A trick's data (leader, cards, winner, as ``as_data`` and the ``*_data`` methods give
    it), read-only: its cards a list of read-only entries, as the views showed them."""
    return FrozenDict(trick, cards=[FrozenDict(entry) for entry in trick["cards"]])


def _plain_trick(trick: FrozenDict) -> dict[str, Any]:
    return {"leader": trick["leader"], "cards": [dict(e) for e in trick["cards"]],
            "winner": trick["winner"]}
