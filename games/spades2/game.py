"""One hand of two-handed Spades as a state machine: select (if so dealt), bid,
play, over (shared/rules/two-handed.txt, THE DEAL, TRICKS, THE PLAY, THE SCORE)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.cards import Card, InvalidCardError, sort_hand
from games.deals import Deal
from games.protocol import (
    Game,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.seats import Seat
from games.spades2.deal import automatic_hands, first_bidder_of, selection_pack
from games.spades2.rules import (
    HAND_SIZE,
    NIL,
    PLAYERS,
    TRICK_RULES,
    TRICKS_PER_HAND,
    Spades2Rules,
    opponent,
)
from games.spades2.scoring import hand_score, made
from games.spades2.view import seat_view
from games.tricks import TrickPlay


@dataclass
class _Selection:
    """The card selection in progress (THE DEAL, SELECTION): the pack still to
    draw from, what each player drew, and the cards discarded unseen."""

    pack: list[Card]
    drawn: dict[Seat, list[Card]]
    discards: list[Card] = field(default_factory=list)
    chooser: Seat = Seat.SOUTH

    @property
    def looking_at(self) -> Card:
        return self.pack[0]

    def done(self) -> bool:
        return all(len(cards) == HAND_SIZE for cards in self.drawn.values())


class Spades2(Game):
    """One hand of two-handed Spades: select (if so dealt), bid, play, over."""

    name = "spades2"

    def __init__(self, rules: Spades2Rules, deal: Deal) -> None:
        super().__init__(rules, deal)
        self.first_bidder = first_bidder_of(deal)
        self.bids: dict[Seat, int] = {}
        self.play: TrickPlay | None = None
        self.selection: _Selection | None = None
        self._hands: dict[Seat, tuple[Card, ...]] = {}
        if rules.deal_method == "selection":
            # The first bidder also draws first: the same player starts every phase.
            self.selection = _Selection(list(selection_pack(deal)), {s: [] for s in PLAYERS},
                                        chooser=self.first_bidder)
            self._phase = "select"
        else:
            self._hands = automatic_hands(deal)
            self._phase = "bid"

    #: The attributes :meth:`copy` knows; any other sends it to the deep copy.
    _COPIED = frozenset({"rules", "deal", "log", "first_bidder", "bids", "play",
                         "selection", "_hands", "_phase"})

    def copy(self) -> Spades2:
        """An independent copy, made structurally: the rules, the deal, the
        log's actions, seats, cards and the dealt hands (tuples) are shared;
        the bids, the play and the selection are copied."""
        state = self.__dict__
        if self.__class__ is not Spades2 or state.keys() != self._COPIED:
            return super().copy()  # type: ignore[return-value]
        new = Spades2.__new__(Spades2)
        new.__dict__.update(state)
        new.log = list(self.log)
        new.bids = dict(self.bids)
        new._hands = dict(self._hands)
        if self.play is not None:
            new.play = self.play.copy()
        selection = self.selection
        if selection is not None:
            new.selection = _Selection(list(selection.pack),
                                       {s: list(c) for s, c in selection.drawn.items()},
                                       list(selection.discards), selection.chooser)
        return new

    def players(self) -> tuple[Seat, ...]:
        return PLAYERS

    # -- where are we --------------------------------------------------------

    @property
    def phase(self) -> str:
        """The phase: "select" (selection deal only), "bid", "play", then "over"."""
        return self._phase

    def bidder(self) -> Seat | None:
        """Who bids now: the first bidder, then the opponent, once each."""
        if self.phase != "bid":
            return None
        return self.first_bidder if not self.bids else opponent(self.first_bidder)

    def to_act(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase == "select":
            assert self.selection is not None
            return (self.selection.chooser,)
        if phase == "bid":
            bidder = self.bidder()
            return (bidder,) if bidder else ()
        if phase == "play":
            assert self.play is not None and self.play.to_play is not None
            return (self.play.to_play,)
        return ()

    def legal_actions(self, seat: Seat) -> list[str]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == "select":
            return ["take", "reject"]
        if phase == "bid":
            return (["bid nil"] if self.rules.nil else []) + [
                f"bid {n}" for n in range(1, TRICKS_PER_HAND + 1)]
        assert self.play is not None
        return [f"play {card}" for card in self.play.legal_cards(seat)]

    # -- checking an action (never changes anything) ----------------------------

    def _check(self, seat: Seat, text: str) -> tuple[str, Any]:
        verb, _, rest = text.lower().partition(" ")
        if verb in ("take", "reject") and not rest:
            parsed: tuple[str, Any] = (verb, None)
        elif verb == "bid" and rest:
            parsed = ("bid", self._parse_bid(rest))
            if rest != "nil" and parsed[1] == NIL:
                raise IllegalActionError(
                    "To bid no tricks at all, say 'bid nil'." if self.rules.nil
                    else "Nil is not played at this table: bid at least 1 trick.")
        elif verb == "play" and rest:
            try:
                parsed = ("play", Card.from_str(rest))
            except InvalidCardError as exc:
                raise InvalidActionError(str(exc)) from exc
        else:
            raise InvalidActionError(
                f"{text!r} is not a Spades action (take, reject, bid 4, bid nil, play SA).")
        self._check_turn(seat, parsed[0])
        if parsed[0] == "bid":
            self._check_bid(parsed[1])
        elif parsed[0] == "play":
            assert self.play is not None
            reason = self.play.why_illegal(seat, parsed[1])
            if reason is not None:
                raise IllegalActionError(reason)
        return parsed

    def _canonical_text(self, parsed: tuple[str, Any], text: str) -> str:
        """The log keeps one spelling: "play SA" for "Play sa", "bid nil" for "BID NIL"."""
        verb, value = parsed
        if value is None:
            return verb
        if verb == "bid":
            return "bid nil" if value == NIL else f"bid {value}"
        return f"{verb} {value}"

    @staticmethod
    def _parse_bid(text: str) -> int:
        if text == "nil":
            return NIL
        if not text.isdigit():
            raise InvalidActionError(
                f"{text!r} is not a bid: bid a number of tricks, e.g. 'bid 4'.")
        return int(text)

    def _check_turn(self, seat: Seat, verb: str) -> None:
        if seat not in PLAYERS:
            raise IllegalActionError(
                f"Only North and South play two-handed Spades, not {seat.word}.")
        phase = self.phase
        wanted = {"take": "select", "reject": "select", "bid": "bid", "play": "play"}[verb]
        if phase != wanted:
            raise IllegalActionError(_WRONG_PHASE[phase])
        if seat not in self.to_act():
            raise NotYourTurnError(f"It is {self.to_act()[0].word}'s turn, not {seat.word}'s.")

    def _check_bid(self, bid: int) -> None:
        if bid == NIL and not self.rules.nil:
            raise IllegalActionError("Nil is not played at this table: bid at least 1 trick.")
        if bid > TRICKS_PER_HAND:
            raise IllegalActionError("There are only 13 tricks in a hand: bid 13 or fewer.")

    # -- doing it (only after the check passed) ------------------------------------

    def _do(self, seat: Seat, parsed: tuple[str, Any]) -> None:
        verb, value = parsed
        if verb in ("take", "reject"):
            self._select(seat, take=verb == "take")
        elif verb == "bid":
            self.bids[seat] = value
            if len(self.bids) == len(PLAYERS):
                self._start_play()
        else:
            assert self.play is not None
            self.play.play(seat, value)
            if self.play.is_over():
                self._phase = "over"

    def _select(self, seat: Seat, *, take: bool) -> None:
        """SELECTION: "If he accepts it, the other card is discarded unseen. If
        the first card is rejected, it is discarded and the participant
        receives the second." Then the opponent draws."""
        selection = self.selection
        assert selection is not None
        first, second = selection.pack[0], selection.pack[1]
        del selection.pack[:2]
        kept, dropped = (first, second) if take else (second, first)
        selection.drawn[seat].append(kept)
        selection.discards.append(dropped)
        selection.chooser = opponent(seat)
        if selection.done():
            self._hands = {s: sort_hand(cards) for s, cards in selection.drawn.items()}
            self._phase = "bid"

    def _start_play(self) -> None:
        """THE PLAY: "The starting bidder begins the play"."""
        self.play = TrickPlay(self._hands, PLAYERS, self.first_bidder, TRICK_RULES)
        self._phase = "play"

    # -- what is seen -------------------------------------------------------------

    def current_hands(self) -> dict[Seat, tuple[Card, ...]]:
        if self.play is not None:
            return {s: tuple(cards) for s, cards in self.play.hands.items()}
        if self._phase == "select":
            assert self.selection is not None
            return {s: sort_hand(cards) for s, cards in self.selection.drawn.items()}
        return dict(self._hands)

    def view(self, seat: Seat | None) -> SeatView:
        """What ``seat`` may see: its own hand, the card it is looking at while
        it selects, the bids and the cards played. Never the opponent's hand,
        the stock or the discards (``None``: an onlooker, no hand at all)."""
        return seat_view(self, seat, open_hands=False)

    def full_view(self) -> SeatView:
        """Every card open, the stock and the discards too: the teacher's view."""
        return seat_view(self, None, open_hands=True)

    def known_cards(self, seat: Seat | None) -> frozenset[Card]:
        """Its hand and the cards played, and while it selects the card it is
        looking at (SELECTION: "the participant looks at the top card")."""
        known = super().known_cards(seat)
        selection = self.selection
        if self.phase == "select" and selection is not None and seat in self.to_act():
            known |= {selection.looking_at}
        return known

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """The hands, the cards played, and the unused half (automatic) or, in a
        selection deal, the pack still to draw from and the discards."""
        places = super().card_places()
        selection = self.selection
        if selection is not None:
            del places["stock"]  # the deal's stock is the pack the players draw from
            places["pack"] = tuple(selection.pack)
            places["discards"] = tuple(selection.discards)
        return places

    # -- the end of the hand ----------------------------------------------------------

    def is_over(self) -> bool:
        return self._phase == "over"

    def result(self) -> dict[str, Any]:
        """THE SCORE of each player: bids (0 = nil), tricks won, made or set, points."""
        if not self.is_over():
            raise IllegalActionError("The hand is not over yet.")
        assert self.play is not None
        won = self.play.won
        return {
            "bids": {s.value: self.bids[s] for s in PLAYERS},
            "tricks_won": {s.value: won[s] for s in PLAYERS},
            "made": {s.value: made(self.bids[s], won[s]) for s in PLAYERS},
            "scores": {s.value: hand_score(self.bids[s], won[s]) for s in PLAYERS},
        }


_WRONG_PHASE = {
    "select": "The players are still selecting their cards: take or reject.",
    "bid": "It is time to bid: say how many tricks you will take.",
    "play": "The bidding is over: play a card.",
    "over": "This hand is over.",
}
