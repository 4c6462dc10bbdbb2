"""Two-handed Spades, as /work/shared/rules/two-handed.txt describes it.

The rules text splices a Spades help file with paragraphs of a Pinochle one
(meld, marriage, the nine of trumps, a points auction); those cannot apply to a
52-card game without melds, so this module plays the Spades parts: THE DECK,
THE DEAL, TRICKS, THE PLAY, THE SCORE and THE GAME, with spades always trumps
and each player bidding a number of tricks once (docs/decisions/0032-spades2-pinochle-dropped.md;
every reading: docs/rules/spades2.md).

One :class:`Spades2` object is one hand: the deal (automatic, or the card
selection drawn during the hand), the bids, the thirteen tricks and the score
of each player. :class:`Spades2Match` adds the hands of a game up to the
game limit. Seats are North (the opponent, at the top) and South (the pupil).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.cards import PACK_52, Card, InvalidCardError, Suit, shuffled, sort_hand
from games.deals import Deal, InvalidDealError
from games.protocol import (
    Game,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.registry import GameEntry, VariantEntry
from games.seats import Seat, rotation_after
from games.tricks import TrickPlay, TrickRules

#: The two players: North sits at the top, South (the pupil) at the bottom.
PLAYERS: tuple[Seat, Seat] = (Seat.NORTH, Seat.SOUTH)
#: "Each participant will receive 13 cards" (THE DEAL).
HAND_SIZE = 13
#: "There are 13 tricks in each hand" (TRICKS).
TRICKS_PER_HAND = 13
DEAL_METHODS = ("automatic", "selection")
#: A nil bid is written 0 in ``bids`` and "bid nil" as an action.
NIL = 0

# THE PLAY: spades are trumps and "cannot be led until they have been broken".
_TRICK_RULES = TrickRules(trumps=Suit.SPADES, locked_until_broken=Suit.SPADES)


def opponent(seat: Seat) -> Seat:
    """The other player of the two."""
    return rotation_after(seat, PLAYERS)


# -- the rules value -----------------------------------------------------------

@dataclass(frozen=True)
class Spades2Rules:
    """The options a teacher picks for a table.

    ``deal_method``: THE DEAL, "automatic" or "selection". ``nil``: whether a
    player may bid to take no trick at all. ``game_limit``: THE GAME, "the
    pre-set game limit" a player's score must pass.
    """

    deal_method: str = "automatic"
    nil: bool = False
    game_limit: int = 250

    def __post_init__(self) -> None:
        if self.deal_method not in DEAL_METHODS:
            raise ValueError("the deal method is 'automatic' or 'selection', "
                             f"not {self.deal_method!r}")
        if not isinstance(self.nil, bool):
            raise ValueError("nil is on (True) or off (False)")
        if isinstance(self.game_limit, bool) or not isinstance(self.game_limit, int) \
                or self.game_limit < 1:
            raise ValueError(f"the game limit is a whole number of points above 0, "
                             f"not {self.game_limit!r}")

    @classmethod
    def from_options(cls, **options: Any) -> Spades2Rules:
        """``find_game("spades2", deal_method=..., nil=..., game_limit=...)``;
        an unknown option is refused with a readable reason."""
        unknown = set(options) - {"deal_method", "nil", "game_limit"}
        if unknown:
            raise ValueError(f"two-handed Spades has no option {', '.join(sorted(unknown))} "
                             "(options: deal_method, nil, game_limit)")
        return cls(**options)

    def as_data(self) -> dict[str, Any]:
        return {"deal_method": self.deal_method, "nil": self.nil, "game_limit": self.game_limit}


# -- THE SCORE -----------------------------------------------------------------

def hand_score(bid: int, tricks: int) -> int:
    """THE SCORE: "If the participant wins at least as many tricks as he bid,
    he receives 10 points for each bid trick and 1 point for each additional
    trick ... If the participant fails to take the bid amount of tricks, he
    goes 'set' and will lose 10 points per bid."

    A nil bid (``bid == 0``, the nil option) scores +100 when the bidder takes
    no trick and -100 otherwise (our reading; the text has no nil).
    """
    if not 0 <= bid <= TRICKS_PER_HAND or not 0 <= tricks <= TRICKS_PER_HAND:
        raise ValueError("bids and tricks are between 0 and 13")
    if bid == NIL:
        return 100 if tricks == 0 else -100
    if tricks >= bid:
        return 10 * bid + (tricks - bid)
    return -10 * bid


# -- THE DEAL --------------------------------------------------------------------

def first_bidder_of(deal: Deal) -> Seat:
    """The player who bids first and leads to the first trick: the dealer's
    opponent ("Alternating the start of the bidding": the deal passes each hand)."""
    return rotation_after(deal.dealer, PLAYERS)


def dealer_for_hand(number: int, first_bidder: Seat = Seat.SOUTH) -> Seat:
    """The dealer of hand ``number`` of a game whose first hand ``first_bidder``
    bids first: the first bid alternates, so the deal does too."""
    if number < 1:
        raise ValueError("hands are numbered from 1")
    bidder = first_bidder if number % 2 == 1 else opponent(first_bidder)
    return opponent(bidder)


def deal_hand(rules: Spades2Rules, rng: random.Random, *, board: int = 1,
              first_bidder: Seat = Seat.SOUTH) -> Deal:
    """Shuffle and deal hand ``board`` of a game (THE DEAL).

    Automatic: "The first 26 cards are dealt alternately to each participant
    with the second 26 cards not used" (the first card to the first bidder;
    the unused half goes to ``Deal.stock``). Selection: nobody holds a card
    yet and the whole shuffled pack is the stock, top card first; the players
    draw their hands from it during the hand (:class:`Spades2`).
    """
    dealer = dealer_for_hand(board, first_bidder)
    cards = shuffled(PACK_52, rng)
    if rules.deal_method == "selection":
        return Deal({seat: () for seat in PLAYERS}, dealer=dealer, board=board, stock=cards)
    first = opponent(dealer)
    dealt = 2 * HAND_SIZE
    hands = {first: tuple(cards[0:dealt:2]), opponent(first): tuple(cards[1:dealt:2])}
    return Deal(hands, dealer=dealer, board=board, stock=tuple(cards[dealt:]))


def _selection_pack(deal: Deal) -> tuple[Card, ...]:
    """The pack the players draw from in a selection deal, top card first.

    A deal made for this game holds it all in ``stock``. Any other deal of the
    52 cards (say a bridge deal the site makes only to ask who plays) is read
    as a pack in its own order: North's cards, East's, South's, West's, then
    its stock."""
    cards = deal.all_cards()
    if len(cards) != len(PACK_52):
        raise InvalidDealError("the selection deal draws from all 52 cards; "
                               f"this deal has {len(cards)}")
    return cards


def _automatic_hands(deal: Deal) -> dict[Seat, tuple[Card, ...]]:
    hands = {seat: deal.hand(seat) for seat in PLAYERS}
    for seat, cards in hands.items():
        if len(cards) != HAND_SIZE:
            raise InvalidDealError(f"{seat.word} should hold 13 cards, not {len(cards)}")
    return hands


# -- one hand ------------------------------------------------------------------

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
            self.selection = _Selection(list(_selection_pack(deal)), {s: [] for s in PLAYERS},
                                        chooser=self.first_bidder)
            self._phase = "select"
        else:
            self._hands = _automatic_hands(deal)
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

    @classmethod
    def deal_for(cls, rules: Spades2Rules, rng: random.Random, board: int = 1) -> Deal:
        """The site's hook: deal hand ``board`` of a table (see :func:`deal_hand`)."""
        return deal_hand(rules, rng, board=board)

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
        self.play = TrickPlay(self._hands, PLAYERS, self.first_bidder, _TRICK_RULES)
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
        return self._seat_view(seat, open_hands=False)

    def full_view(self) -> SeatView:
        """Every card open, the stock and the discards too: the teacher's view."""
        return self._seat_view(None, open_hands=True)

    def _seat_view(self, seat: Seat | None, open_hands: bool) -> SeatView:
        phase = self.phase
        to_act = self.to_act()
        selection = self.selection
        held = self.current_hands()
        hand = tuple(str(c) for c in held[seat]) if seat in held else ()
        if open_hands:
            hands = {s.value: tuple(str(c) for c in cards) for s, cards in held.items()}
        else:
            hands = {seat.value: hand} if seat in held else {}  # type: ignore[union-attr]
        legal = tuple(self.legal_actions(seat)) if seat is not None else ()
        looking_at = None
        if phase == "select" and selection is not None and (open_hands or seat in to_act):
            looking_at = str(selection.looking_at)
        play = self.play
        result = self.result() if phase == "over" else None
        info: dict[str, Any] = {
            "rules": self.rules.as_data(),
            "board": self.deal.board,
            "dealer": self.deal.dealer.value,
            "first_bidder": self.first_bidder.value,
            "looking_at": looking_at,
            "bids": {s.value: bid for s, bid in self.bids.items()},
            "trumps": Suit.SPADES.value,
            "broken": play.broken if play is not None else False,
            "tricks_played": len(play.tricks) if play is not None else 0,
        }
        if open_hands:
            if selection is not None:
                info["stock"] = tuple(str(c) for c in selection.pack)
                info["discards"] = tuple(str(c) for c in selection.discards)
            else:
                info["stock"] = tuple(str(c) for c in self.deal.stock)
        tricks = play.completed_tricks() if play is not None else ()
        return SeatView(
            game=self.name,
            phase=phase,
            seat=seat.value if seat is not None else None,
            to_act=tuple(s.value for s in to_act),
            legal=legal,
            hand=hand,
            hands=hands,
            hand_sizes={s.value: len(cards) for s, cards in held.items()},
            card_actions={a[5:]: a for a in legal if a.startswith("play ")},
            trick=play.current.frozen_data() if play is not None else None,
            last_trick=tricks[-1] if tricks else None,
            tricks_won=({s.value: n for s, n in play.won.items()} if play is not None
                        else {s.value: 0 for s in PLAYERS}),
            score=result["scores"] if result else None,
            result=result,
            status=self._status(),
            is_open=open_hands,
            info=info,
            tricks=tricks,
            to_play=(play.to_play.value if play is not None and play.to_play is not None
                     else None),
        )

    def _status(self) -> str:
        """One line for the teacher's wall: "South to take or reject a card",
        "North to bid", "Trick 5, South to play", "Hand over"."""
        phase = self.phase
        if phase == "over":
            return "Hand over"
        who = self.to_act()[0].word
        if phase == "select":
            return f"{who} to take or reject a card"
        if phase == "bid":
            return f"{who} to bid"
        assert self.play is not None
        return f"Trick {len(self.play.tricks) + 1}, {who} to play"

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
            "made": {s.value: _made(self.bids[s], won[s]) for s in PLAYERS},
            "scores": {s.value: hand_score(self.bids[s], won[s]) for s in PLAYERS},
        }


_WRONG_PHASE = {
    "select": "The players are still selecting their cards: take or reject.",
    "bid": "It is time to bid: say how many tricks you will take.",
    "play": "The bidding is over: play a card.",
    "over": "This hand is over.",
}


def _made(bid: int, tricks: int) -> bool:
    return tricks == 0 if bid == NIL else tricks >= bid


# -- THE GAME: several hands -------------------------------------------------------

def game_winner(totals: Mapping[Seat, int], limit: int) -> Seat | None:
    """THE GAME: "The game is over when a player has a score higher than the
    pre-set game limit. Should both players have scores above the game limit,
    the one with the higher score is the winner."

    ``None`` while nobody has passed the limit, and also on a tie above it:
    the players play another hand (our reading; the text does not say).
    """
    north, south = totals[Seat.NORTH], totals[Seat.SOUTH]
    if max(north, south) <= limit or north == south:
        return None
    return Seat.NORTH if north > south else Seat.SOUTH


@dataclass(frozen=True)
class Spades2Match:
    """A game of several hands: the running totals, who bids first next, and
    whether the game is over. A value: :meth:`record` returns a new one.

    ``hand_scores`` holds each finished hand's points as a pair (North's,
    South's); :meth:`record` takes them as ``Spades2.result()["scores"]``
    gives them.
    """

    rules: Spades2Rules = Spades2Rules()
    #: Who bids first in hand 1 (then it alternates).
    first_bidder: Seat = Seat.SOUTH
    hand_scores: tuple[tuple[int, int], ...] = ()

    @property
    def hands_played(self) -> int:
        return len(self.hand_scores)

    @property
    def next_hand(self) -> int:
        return self.hands_played + 1

    def totals(self) -> dict[Seat, int]:
        return {seat: sum(scores[i] for scores in self.hand_scores)
                for i, seat in enumerate(PLAYERS)}

    def next_first_bidder(self) -> Seat:
        """Who bids first in the next hand: "Alternating the start of the bidding"."""
        return opponent(dealer_for_hand(self.next_hand, self.first_bidder))

    def winner(self) -> Seat | None:
        return game_winner(self.totals(), self.rules.game_limit)

    def is_over(self) -> bool:
        return self.winner() is not None

    def record(self, scores: Mapping[Seat | str, int]) -> Spades2Match:
        """The match after one more hand scored ``scores``."""
        if self.is_over():
            raise IllegalActionError("The game is over: start a new game.")
        by_seat = {Seat.from_str(str(seat)): int(points) for seat, points in scores.items()}
        if set(by_seat) != set(PLAYERS):
            raise ValueError("a hand's scores name North and South")
        pair = (by_seat[Seat.NORTH], by_seat[Seat.SOUTH])
        return Spades2Match(self.rules, self.first_bidder, self.hand_scores + (pair,))

    def deal_next(self, rng: random.Random) -> Deal:
        """The deal of the next hand, its dealer set so the right player bids first."""
        return deal_hand(self.rules, rng, board=self.next_hand, first_bidder=self.first_bidder)


def standing(rules: Spades2Rules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """THE GAME across a table's hands, from their results oldest first: the totals of
    the game in progress (once a game is won, the next hand starts a new one at 0-0),
    which game and hand of it this is, and, when the last hand ended the game, its
    winner (:func:`game_winner`)."""
    match, game = Spades2Match(rules), 1
    for result in results:
        scores = result.get("scores")
        if not scores:
            continue
        if match.is_over():
            match, game = Spades2Match(rules), game + 1
        match = match.record(scores)
    winner = match.winner()
    return {"totals": {seat.value: points for seat, points in match.totals().items()},
            "winner": winner.value if winner is not None else None,
            "limit": rules.game_limit, "game": game, "hand": match.hands_played}


# -- the registry ---------------------------------------------------------------------

ENTRY = GameEntry(
    name="spades2",
    title="Two-handed Spades",
    players=2,
    summary="Bid the tricks you will take, then play them out; spades are always trumps.",
    game_class=Spades2,
    make_rules=Spades2Rules.from_options,
    standing=standing,
    variants=(
        VariantEntry("automatic", "Automatic deal",
                     "Thirteen cards each, dealt alternately; the other 26 are not used.",
                     {"deal_method": "automatic"}),
        VariantEntry("selection", "Card selection",
                     "Draw your hand from the stock: take the card you see or the next one.",
                     {"deal_method": "selection"}),
        VariantEntry("nil", "With nil bids",
                     "You may bid to take no trick at all: 100 points if you manage it.",
                     {"nil": True}),
    ),
)
