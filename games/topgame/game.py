"""The Top Game, one hand: bidding, the tops question, the informer, the contract,
the doubling, the play and the score (shared/rules/top-game.txt).

Phases, in the order of the rules text:

* ``bidding``: "Starting with the dealer the three players bid or pass
  (clockwise) but only once each" (``bid 3``, ``pass``);
* ``ask``: "directly at the end of the bidding the opening leader must ask
  declarer if he needs to raise his bid" (``ask``);
* ``raise``: declarer answers (``raise 5``, ``keep``);
* ``inform``: the informer types dummy's description (``inform S 5 2``), only
  when the table's rules say the informer types it; otherwise the engine tells it;
* ``contract``: "South now chooses a trumpsuit or NT", at the level the play
  number gives (``contract 4S``, ``contract 3NT``);
* ``double``: the opening leader passes or doubles (``pass``, ``double``);
* ``answer``: declarer, doubled, passes, redoubles or changes the strain at the
  same play number (``pass``, ``redouble``, ``change 3NT``); after a change the
  leader may double again and declarer may then only pass or redouble;
* ``play``: "The game continues as ordinary bridge" (``play SA``);
* ``over``: scored (:mod:`games.topgame.scoring`), passed out, or to be
  redealt after wrong information.

Players and positions (decision record 0231). Cards lie at compass *positions*;
a *player* is known by the seat he was dealt at (the protocol's seat). The four
hands are dealt as usual, "the hand opposite the dealer belonging to the dummy",
so the three players are the dealer and the two seats beside him. Whoever
declares "plays the dummy as his partner, wherever he sits": at the end of the
bidding dummy's hand is laid opposite declarer, and the player who sat there
takes his own cards to the place where dummy was dealt. The three players keep
their clockwise order, so declarer's left-hand opponent (the opening leader) and
right-hand opponent (the informer, who "will then look at dummy's cards") are
the players after and before him in the bidding order. ``control`` maps each
player to the position he plays from; hands, tricks and ``to_play`` name
positions, while ``to_act``, bids and calls name players.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from itertools import takewhile
from typing import Any, NamedTuple

from games.bridge.play import BridgeHand, dummy_played_by, opening_play, read_card, tricks_by_side
from games.cards import Card, InvalidCardError, Suit
from games.deals import Deal, InvalidDealError
from games.protocol import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.seats import LETTER as _LETTER
from games.seats import SEATS, Seat, rotation_after
from games.topgame import scoring
from games.topgame.contract import (
    LOWEST_BID,
    MOST_TOPS,
    NO_TRUMPS,
    STRAIN_WORDS,
    Description,
    TopContract,
    contract_choices,
    contract_text_words,
    contract_words,
    describe,
    is_passed_out,
    level_words,
    may_double,
    needs_words,
    play_number,
    tops,
)
from games.topgame.rules import TopGameRules
from games.tricks import TrickPlay

TRICKS_IN_A_HAND = 13
BIDDING, ASK, RAISE, INFORM, CONTRACT, DOUBLE, ANSWER, PLAY, OVER = (
    "bidding", "ask", "raise", "inform", "contract", "double", "answer", "play", "over")
#: What a hand came to, in ``result()["outcome"]``.
PLAYED, PASSED_OUT, REDEAL = "played", "passed-out", "redeal"
#: ``result()["penalty"]``.
NO_RAISE, WRONG_INFORMATION = "no-raise", "wrong-information"
#: The longest suit of thirteen cards holds four to thirteen of them.
LONGEST = range(4, TRICKS_IN_A_HAND + 1)

_INFORM_TEXTS: tuple[str, ...] = tuple(
    f"inform {suit.value} {length} {top}"
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    for length in LONGEST for top in range(MOST_TOPS + 1))
_PHASE_WORDS = {
    BIDDING: "the players are bidding",
    ASK: "the opening leader is asking declarer whether he needs to raise",
    RAISE: "declarer is answering whether he needs to raise",
    INFORM: "the informer is describing dummy",
    CONTRACT: "declarer is choosing trumps or no-trumps",
    DOUBLE: "the opening leader may double",
    ANSWER: "declarer is answering the double",
    PLAY: "the cards are being played",
    OVER: "the hand is over",
}


class Move(NamedTuple):
    """A checked action: its kind, its canonical text for the log, its value."""

    kind: str
    text: str
    value: Any = None


class TopGame(BridgeHand):
    """One hand of the Top Game under ``rules``."""

    name = "topgame"

    def __init__(self, rules: TopGameRules, deal: Deal) -> None:
        super().__init__(rules, deal)
        self.rules: TopGameRules = rules
        for position in SEATS:
            if len(deal.hand(position)) != TRICKS_IN_A_HAND:
                raise InvalidDealError(f"the Top Game deals thirteen cards to each of four "
                                       f"hands; {position.word} has {len(deal.hand(position))}")
        self.dealer = deal.dealer
        #: "the hand opposite the dealer belonging to the dummy".
        self.dummy_dealt = deal.dealer.partner
        self._players = tuple(s for s in SEATS if s != self.dummy_dealt)
        #: The players clockwise from the dealer: the order of the bidding.
        self.order: tuple[Seat, ...] = (self.dealer, rotation_after(self.dealer, self._players),
                                        self.dealer.rho)
        #: position -> the cards dealt there (dummy's move opposite declarer changes it).
        self.holdings: dict[Seat, tuple[Card, ...]] = {s: deal.hand(s) for s in SEATS}
        #: player -> the position whose cards he holds.
        self.control: dict[Seat, Seat] = {p: p for p in self._players}
        self.dummy: Seat = self.dummy_dealt
        #: The bidding, in order: (player, bid), ``None`` for a pass.
        self.bids: list[tuple[Seat, int | None]] = []
        self.declarer: Seat | None = None
        self.leader: Seat | None = None
        self.informer: Seat | None = None
        self.final_bid: int | None = None
        #: Declarer's answer to the tops question: "keep" or "raise N".
        self.answer: str | None = None
        #: The description told at the table (the informer's, possibly wrong).
        self.told: Description | None = None
        self.pn: int | None = None
        self.contract: TopContract | None = None
        self.changed_from: TopContract | None = None
        self.doubler: Seat | None = None
        #: The calls after the contract is chosen: (player, "double" / "pass" / ...).
        self.calls: list[tuple[Seat, str]] = []
        self.play: TrickPlay | None = None
        #: What happened, in sentences anyone at the table may read.
        self.story: list[str] = [
            f"{self.dealer.word} deals; the dummy's hand lies opposite, at {self.dummy.word}."]
        self.phase = BIDDING
        self._result: dict[str, Any] | None = None
        #: What every seat's view of the last moment viewed shares (version, play,
        #: phase, the parts): games.topgame.view's, read-only, so a copy shares it.
        self._moment: tuple[int, TrickPlay | None, str, tuple[Any, ...]] | None = None

    #: The attributes :meth:`copy` knows; any other (one added later without
    #: teaching copy) sends it to the generic deep copy.
    _COPIED = frozenset({
        "rules", "deal", "log", "dealer", "dummy_dealt", "_players", "order", "holdings",
        "control", "dummy", "bids", "declarer", "leader", "informer", "final_bid", "answer",
        "told", "pn", "contract", "changed_from", "doubler", "calls", "play", "story",
        "phase", "_result", "_moment"})

    def copy(self) -> TopGame:
        """An independent copy, made structurally (the site copies the game at every
        action): the dicts and lists the game changes in place are copied one level,
        the play by its own copy; everything else (seats, cards, tuples, the frozen
        description and contract, the result, made once) is shared."""
        state = self.__dict__
        if self.__class__ is not TopGame or state.keys() != self._COPIED:
            return super().copy()  # type: ignore[return-value]
        new = TopGame.__new__(TopGame)
        new.__dict__.update(state)
        new.log = list(self.log)
        new.holdings = dict(self.holdings)
        new.control = dict(self.control)
        new.bids = list(self.bids)
        new.calls = list(self.calls)
        new.story = list(self.story)
        if self.play is not None:
            new.play = self.play.copy()
        return new

    @classmethod
    def deal_for(cls, rules: TopGameRules, rng: random.Random, board: int = 1) -> Deal:
        """The site's hook: hand ``board`` of a table (:func:`games.topgame.match.deal`)."""
        from games.topgame.match import deal

        return deal(rules, rng, board)

    # -- who is who ------------------------------------------------------------

    def players(self) -> tuple[Seat, ...]:
        """The three players: every seat but the one opposite the dealer."""
        return self._players

    @property
    def declarer_position(self) -> Seat | None:
        return self.declarer  # declarer plays from where he sits

    def opponents(self) -> tuple[Seat, Seat]:
        """Declarer's opponents, the leader first."""
        assert self.leader is not None and self.informer is not None
        return (self.leader, self.informer)

    def _actor(self, position: Seat) -> Seat:
        """The player who plays ``position``'s cards: declarer plays dummy's (Law 8)."""
        position = dummy_played_by(position, declarer=self.declarer, dummy=self.dummy)
        return next(p for p, place in self.control.items() if place == position)

    @property
    def dummy_tops(self) -> int:
        return tops(self.holdings[self.dummy])

    def true_description(self) -> Description:
        return describe(self.holdings[self.dummy])

    # -- the protocol: who acts, what is legal ---------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase == PLAY:
            assert self.play is not None and self.play.to_play is not None
            return (self._actor(self.play.to_play),)
        if phase == BIDDING:
            return (self.order[len(self.bids)],)
        if phase in (ASK, DOUBLE):
            return (self.leader,)  # type: ignore[return-value]
        if phase in (RAISE, CONTRACT, ANSWER):
            return (self.declarer,)  # type: ignore[return-value]
        if phase == INFORM:
            return (self.informer,)  # type: ignore[return-value]
        return ()

    def legal_actions(self, seat: Seat) -> list[str]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == PLAY:
            assert self.play is not None
            return ["play " + text for text in self.play.legal_texts(self.play.to_play)]  # type: ignore[arg-type]
        if phase == BIDDING:
            # No bid above 12: none could score better (docs/decisions/0760).
            return [f"bid {n}" for n in range(self._lowest_bid(), MOST_TOPS + 1)] + ["pass"]
        if phase == ASK:
            return ["ask"]
        if phase == RAISE:
            assert self.final_bid is not None
            return ["keep"] + [f"raise {n}" for n in range(self.final_bid + 1, MOST_TOPS + 1)]
        if phase == INFORM:
            return list(_INFORM_TEXTS)
        if phase == CONTRACT:
            assert self.pn is not None
            return [f"contract {text}" for text in contract_choices(self.pn).values()]
        if phase == DOUBLE:
            return ["pass", "double"]
        if phase == ANSWER:
            return ["pass", "redouble"] + [f"change {text}" for text in self._changes()]
        return []

    def _high_bid(self) -> int | None:
        made = [bid for _, bid in self.bids if bid is not None]
        return max(made) if made else None

    def _lowest_bid(self) -> int:
        """"a whole number greater than or equal to 2 or greater than the bid before"."""
        high = self._high_bid()
        return LOWEST_BID if high is None else high + 1

    def _changes(self) -> list[str]:
        """The contracts declarer may change to, once: "(though the calculated level
        remains the same, 4 spades say can thus be changed to a 4-bid in another suit
        or to 3N)"."""
        if self.changed_from is not None:
            return []
        assert self.pn is not None and self.contract is not None
        return [text for strain, text in contract_choices(self.pn).items()
                if strain != self.contract.strain]

    # -- checking an action (never changes anything) ------------------------------------

    def _check(self, seat: Seat, text: str) -> Move:
        if seat not in self._players:
            raise NotYourTurnError(
                f"Nobody sits at {seat.word} in this hand: the dummy's cards were dealt there.")
        words = text.split()
        verb = words[0].lower() if words else ""
        check = self._CHECKS.get(verb)
        if check is None:
            raise InvalidActionError(
                f"{text!r} is not a Top Game action (try 'bid 3', 'pass', 'ask', 'keep', "
                f"'raise 4', 'contract 3NT', 'double' or 'play SA').")
        move: Move = getattr(self, check)(seat, words)
        return move

    _CHECKS = {
        "bid": "_check_bid", "pass": "_check_pass", "ask": "_check_ask", "keep": "_check_keep",
        "raise": "_check_raise", "inform": "_check_inform", "contract": "_check_contract",
        "double": "_check_double", "redouble": "_check_redouble", "change": "_check_change",
        "play": "_check_play",
    }

    def _expect(self, seat: Seat, phases: tuple[str, ...], doing: str) -> None:
        """The phase must be one of ``phases`` and ``seat`` the one to act."""
        if self.phase not in phases:
            raise IllegalActionError(f"You cannot {doing} now: {_PHASE_WORDS[self.phase]}.")
        if seat not in self.to_act():
            raise NotYourTurnError(f"It is {self.to_act()[0].word}'s turn, not {seat.word}'s.")

    @staticmethod
    def _number(words: list[str], example: str) -> int:
        if len(words) != 2 or not words[1].isdigit():
            raise InvalidActionError(f"Say a whole number, e.g. '{example}'.")
        return int(words[1])

    def _check_bid(self, seat: Seat, words: list[str]) -> Move:
        """"To "bid" means here to say a whole number greater than or equal to 2 or
        greater than the bid before (if any). You may always pass.\""""
        bid = self._number(words, "bid 3")
        self._expect(seat, (BIDDING,), "bid")
        high = self._high_bid()
        if bid < LOWEST_BID:
            raise IllegalActionError(f"A bid is {LOWEST_BID} or more.")
        if high is not None and bid <= high:
            raise IllegalActionError(f"A bid must be higher than the bid before, {high}: "
                                     f"bid {high + 1} or more, or pass.")
        if bid > MOST_TOPS:
            raise IllegalActionError(
                f"No bid need be higher than {MOST_TOPS}: there are only {MOST_TOPS} tops "
                f"(aces, kings and queens) in the pack.")
        return Move("bid", f"bid {bid}", bid)

    def _check_pass(self, seat: Seat, words: list[str]) -> Move:
        if len(words) != 1:
            raise InvalidActionError("Just say 'pass'.")
        self._expect(seat, (BIDDING, DOUBLE, ANSWER), "pass")
        return Move("pass", "pass")

    def _check_ask(self, seat: Seat, words: list[str]) -> Move:
        """"the opening leader must ask declarer if he needs to raise his bid"."""
        if len(words) != 1:
            raise InvalidActionError("Just say 'ask'.")
        self._expect(seat, (ASK,), "ask declarer whether he needs to raise")
        return Move("ask", "ask")

    def _check_keep(self, seat: Seat, words: list[str]) -> Move:
        if len(words) != 1:
            raise InvalidActionError("Just say 'keep' to keep your bid.")
        self._expect(seat, (RAISE,), "keep your bid")
        return Move("answer", "keep", self.final_bid)

    def _check_raise(self, seat: Seat, words: list[str]) -> Move:
        """"he has to raise his bid if it is lower than his number of tops". Any
        higher bid is accepted: one still below declarer's tops costs him, and the
        engine says why at the end (PENALTY POINTS)."""
        bid = self._number(words, "raise 4")
        self._expect(seat, (RAISE,), "raise your bid")
        assert self.final_bid is not None
        if bid <= self.final_bid:
            raise IllegalActionError(f"To raise, name a number higher than your bid of "
                                     f"{self.final_bid}; or say 'keep'.")
        if bid > MOST_TOPS:
            raise IllegalActionError(f"No bid need be higher than {MOST_TOPS}: there are only "
                                     f"{MOST_TOPS} tops in the pack.")
        return Move("answer", f"raise {bid}", bid)

    def _check_inform(self, seat: Seat, words: list[str]) -> Move:
        """"East will then look at dummy's cards and tell which is dummy's longest
        suit and how long it is ... East also tells how many tops the dummy has."
        Any description is accepted; a wrong one is penalised (PENALTY POINTS)."""
        if len(words) != 4 or not words[2].isdigit() or not words[3].isdigit():
            raise InvalidActionError(
                "Describe dummy as its longest suit, that suit's length and dummy's tops, "
                "e.g. 'inform S 5 2'.")
        try:
            suit = Suit.from_str(words[1])
        except InvalidCardError as exc:
            raise InvalidActionError(str(exc)) from exc
        length, top = int(words[2]), int(words[3])
        if not self.rules.informer_types:
            raise IllegalActionError("At this table the engine tells dummy's description.")
        self._expect(seat, (INFORM,), "describe dummy")
        if length not in LONGEST:
            raise IllegalActionError(
                "The longest suit of thirteen cards has 4 to 13 of them.")
        if top > MOST_TOPS:
            raise IllegalActionError(f"A hand holds at most {MOST_TOPS} tops.")
        described = Description(suit, length, top)
        return Move("inform", f"inform {described}", described)

    def _check_contract(self, seat: Seat, words: list[str]) -> Move:
        """"South now chooses a trumpsuit or NT": the level follows from the play number."""
        strain = self._strain(words, "contract")
        self._expect(seat, (CONTRACT,), "choose the contract")
        return Move("contract", f"contract {self._contract_text(strain, words)}", strain)

    def _strain(self, words: list[str], verb: str) -> str:
        """The strain of "contract 4S", "contract S", "contract 3NT", "change NT"."""
        if len(words) != 2:
            raise InvalidActionError(f"Name the contract, e.g. '{verb} 4S' or '{verb} 3NT'.")
        text = words[1].upper().lstrip("0123456789")
        if text in ("N", "NT", "NOTRUMPS", "NO-TRUMPS"):
            return NO_TRUMPS
        try:
            return Suit.from_str(text).value
        except InvalidCardError as exc:
            raise InvalidActionError(
                f"{words[1]!r} is not a contract: name a suit or NT, e.g. '{verb} 4S'.") from exc

    def _contract_text(self, strain: str, words: list[str]) -> str:
        """The contract at the play number's level, refusing another level named."""
        assert self.pn is not None
        text = contract_choices(self.pn)[strain]
        level = "".join(takewhile(str.isdigit, words[1]))
        if level and level != text[:-len(strain)]:
            raise IllegalActionError(f"{level_words(self.pn)} In {STRAIN_WORDS[strain]} the "
                                     f"contract is {text}, not {words[1].upper()}.")
        return text

    def _check_double(self, seat: Seat, words: list[str]) -> Move:
        """"The player who has the lead ... may now pass or double"."""
        if len(words) != 1:
            raise InvalidActionError("Just say 'double'.")
        if self.phase == DOUBLE and seat != self.leader:
            raise NotYourTurnError("Only the opening leader may double.")
        self._expect(seat, (DOUBLE,), "double")
        return Move("double", "double")

    def _check_redouble(self, seat: Seat, words: list[str]) -> Move:
        if len(words) != 1:
            raise InvalidActionError("Just say 'redouble'.")
        self._expect(seat, (ANSWER,), "redouble")
        return Move("redouble", "redouble")

    def _check_change(self, seat: Seat, words: list[str]) -> Move:
        """"declarer may either pass, redouble or change his contract (though the
        calculated level remains the same ...)"; after a change, "South then only
        has the choice between redouble and pass"."""
        strain = self._strain(words, "change")
        self._expect(seat, (ANSWER,), "change the contract")
        if self.changed_from is not None:
            raise IllegalActionError("You have changed the contract once already: now only "
                                     "redouble or pass.")
        assert self.contract is not None
        if strain == self.contract.strain:
            raise IllegalActionError(f"The contract is already in {STRAIN_WORDS[strain]}: "
                                     f"change to another strain, or pass or redouble.")
        return Move("change", f"change {self._contract_text(strain, words)}", strain)

    def _check_play(self, seat: Seat, words: list[str]) -> Move:
        """"The game continues as ordinary bridge": follow suit, declarer plays dummy."""
        card = read_card(words)
        self._expect(seat, (PLAY,), "play a card")
        play = self.play
        assert play is not None and play.to_play is not None
        position = play.to_play
        if not play.holds(position, card):
            if position == self.dummy:
                raise IllegalActionError(f"It is dummy's turn: play one of dummy's cards, "
                                         f"not {card}.")
            raise IllegalActionError(f"{card} is not in your hand.")
        reason = play.why_breaks_rules(position, card)
        if reason is not None:
            raise IllegalActionError(reason)
        return Move("play", f"play {card}", (position, card))

    def _canonical_text(self, parsed: Move, text: str) -> str:
        return parsed.text

    # -- doing it (only after the check passed) ------------------------------------------

    def _do(self, seat: Seat, parsed: Move) -> None:
        getattr(self, "_do_" + parsed.kind)(seat, parsed.value)

    def _do_bid(self, seat: Seat, bid: int | None) -> None:
        self.bids.append((seat, bid))
        self.story.append(f"{seat.word} bids {bid}." if bid is not None else f"{seat.word} passes.")
        if len(self.bids) == len(self.order):
            self._end_bidding()

    def _do_pass(self, seat: Seat, value: None) -> None:
        if self.phase == BIDDING:
            self._do_bid(seat, None)
        else:
            self.calls.append((seat, "pass"))
            self.story.append(f"{seat.word} passes.")
            self._start_play()

    def _end_bidding(self) -> None:
        """"The highest bidder becomes declarer" and plays dummy as his partner."""
        high = self._high_bid()
        if high is None:
            self.story.append("All three passed: the hand is passed out.")
            self._finish(PASSED_OUT)
            return
        declarer = next(seat for seat, bid in self.bids if bid == high)
        self.declarer, self.final_bid = declarer, high
        self.leader = rotation_after(declarer, self._players)
        self.informer = next(p for p in self._players if p not in (declarer, self.leader))
        self.story.append(f"{declarer.word} is declarer with a bid of {high}: "
                          f"{self.leader.word} will lead and {self.informer.word} informs.")
        self._lay_dummy_opposite(declarer)
        self.phase = ASK

    def _lay_dummy_opposite(self, declarer: Seat) -> None:
        """Dummy goes opposite declarer; the player who sat there takes his cards
        to where dummy was dealt (decision record 0231)."""
        place = declarer.partner
        if place != self.dummy_dealt:
            mover = place  # a player: only the dealt dummy's place holds no one
            self.holdings[place], self.holdings[self.dummy_dealt] = (
                self.holdings[self.dummy_dealt], self.holdings[place])
            self.control[mover] = self.dummy_dealt
            self.story.append(f"The dummy is laid opposite {declarer.word}; {mover.word} "
                              f"takes his cards to {self.dummy_dealt.word}.")
        self.dummy = place
        assert self.leader is not None and self.control[self.leader] == declarer.lho

    def _do_ask(self, seat: Seat, value: None) -> None:
        self.story.append(f"{seat.word} asks {self.declarer.word}: "  # type: ignore[union-attr]
                          "\"Do you need to raise?\"")
        self.phase = RAISE

    def _do_answer(self, seat: Seat, bid: int) -> None:
        if bid == self.final_bid:
            self.answer = "keep"
            self.story.append(f"{seat.word} keeps his bid of {bid}.")
        else:
            self.answer = f"raise {bid}"
            self.story.append(f"{seat.word} raises his bid to {bid}.")
        self.final_bid = bid
        if self.rules.informer_types:
            self.phase = INFORM
        else:
            told = self.true_description()
            self.story.append(f"{self.informer.word} looks at dummy and tells: "  # type: ignore[union-attr]
                              f"{told.words()}.")
            self._described(told)

    def _do_inform(self, seat: Seat, told: Description) -> None:
        self.story.append(f"{seat.word} looks at dummy and tells: {told.words()}.")
        self._described(told)

    def _described(self, told: Description) -> None:
        """The description is told: checked, then the play number worked out."""
        self.told = told
        truth = self.true_description()
        if told != truth:
            self.story.append(f"That is wrong: dummy's {truth.words()}. {self.informer.word} "  # type: ignore[union-attr]
                              f"loses 2 to each other player and {self.dealer.word} deals again.")
            self._finish(REDEAL)
            return
        assert self.final_bid is not None
        self.pn = play_number(self.final_bid, truth.tops)
        if is_passed_out(self.pn):
            self.story.append(f"Play number {self.final_bid} + {truth.tops} = {self.pn}: "
                              f"4 or less, so the hand is passed out.")
            self._finish(PASSED_OUT)
            return
        self.story.append(f"Play number {self.final_bid} + {truth.tops} = {self.pn}: "
                          f"{needs_words(self.pn)}.")
        self.phase = CONTRACT

    def _do_contract(self, seat: Seat, strain: str) -> None:
        assert self.pn is not None
        self.contract = TopContract.for_play_number(self.pn, strain)
        self.story.append(f"{seat.word} chooses {self.contract.words()}.")
        if may_double(self.pn):
            self.phase = DOUBLE
        else:
            self.story.append(f"Play number {self.pn} is more than 10: no doubling.")
            self._start_play()

    def _do_double(self, seat: Seat, value: None) -> None:
        assert self.contract is not None
        self.calls.append((seat, "double"))
        self.contract = TopContract(self.contract.level, self.contract.strain, 1)
        self.doubler = seat
        self.story.append(f"{seat.word} doubles.")
        self.phase = ANSWER

    def _do_redouble(self, seat: Seat, value: None) -> None:
        assert self.contract is not None
        self.calls.append((seat, "redouble"))
        self.contract = TopContract(self.contract.level, self.contract.strain, 2)
        self.story.append(f"{seat.word} redoubles.")
        self._start_play()

    def _do_change(self, seat: Seat, strain: str) -> None:
        assert self.contract is not None and self.pn is not None
        self.changed_from = self.contract
        self.contract = TopContract.for_play_number(self.pn, strain)
        self.doubler = None
        self.calls.append((seat, f"change {self.contract.bid_text}"))
        self.story.append(f"{seat.word} changes the contract to {self.contract.words()}.")
        self.phase = DOUBLE

    def _start_play(self) -> None:
        """The opening lead comes from declarer's left; dummy is faced after it."""
        assert self.contract is not None and self.declarer is not None
        self.play = opening_play(self.holdings, self.declarer.lho, self.contract.trumps)
        self.story.append(f"The play begins: {self.leader.word}, on declarer's left, "  # type: ignore[union-attr]
                          f"leads to {self.contract.said}.")
        self.phase = PLAY

    def _do_play(self, seat: Seat, value: tuple[Seat, Card]) -> None:
        position, card = value
        play = self.play
        assert play is not None
        first = not play.tricks and not play.current.cards
        trick = play.play(position, card)
        if first:
            self.story.append(f"{seat.word} leads {card.words}; dummy is laid face up.")
        if trick is not None and play.is_over():
            self._finish(PLAYED)

    # -- the end and the score ---------------------------------------------------------

    @property
    def dummy_visible(self) -> bool:
        """"The dummy stays hidden until the opening lead, as in bridge"."""
        play = self.play
        return play is not None and bool(play.tricks or play.current.cards)

    def declarer_tricks(self) -> int:
        """Declarer's tricks with dummy's: dummy lies opposite him, so his side's."""
        play = self.play
        assert play is not None and self.declarer is not None
        return tricks_by_side(play.won)[self.declarer.side]

    def needed_raise(self) -> bool:
        """PENALTY POINTS: "If you become declarer and have bid lower than your
        number of tops you must ... raise your bid at least to the same level"; the
        final bid is still lower than declarer's tops."""
        assert self.declarer is not None and self.final_bid is not None
        return self.final_bid < tops(self.holdings[self.declarer])

    def _finish(self, outcome: str) -> None:
        self.phase = OVER
        self._result = self._scored(outcome)
        self.story.extend(self._result["reasons"])

    def _scored(self, outcome: str) -> dict[str, Any]:
        result = self._result_frame(outcome)
        if outcome == REDEAL:
            informer = self.informer
            assert informer is not None
            others = tuple(p for p in self.order if p != informer)
            entry = scoring.wrong_information_entry(informer, others)  # type: ignore[arg-type]
            result["penalty"] = WRONG_INFORMATION
            reasons = [f"Wrong information about dummy: {informer.word} loses 2 to each "
                       f"other player (PENALTY POINTS). This hand does not count; "
                       f"{self.dealer.word} deals again."]
        elif self.declarer is not None and self.needed_raise():
            entry = scoring.no_raise_entry(self.declarer, self.opponents())
            result["penalty"] = NO_RAISE
            held = tops(self.holdings[self.declarer])
            reasons = [f"{self.declarer.word} held {held} tops but his final bid was "
                       f"{self.final_bid}: he needed to raise to at least {held}, so his score "
                       f"is -6 from each opponent whatever happened (PENALTY POINTS)."]
        elif outcome == PASSED_OUT:
            entry = scoring.passed_out_entry(self.order)  # type: ignore[arg-type]
            reasons = ["Passed out: nobody scores."]
        else:
            entry, reasons = self._contract_entry()
        result["scores"] = {_LETTER[p]: entry.scores[p] for p in self.order}
        result["reasons"] = reasons + [_score_line(result["scores"], self.order)]
        return result

    def _contract_entry(self) -> tuple[scoring.Entry[Seat], list[str]]:
        contract, declarer = self.contract, self.declarer
        assert contract is not None and declarer is not None
        taken = self.declarer_tricks()
        entry = scoring.contract_entry(declarer, self.opponents(), needed=contract.tricks,
                                       taken=taken, doubled=contract.doubled,
                                       doubler=self.doubler)
        each = scoring.contract_points(contract.tricks, taken)
        # The contract in words, its doubling told in the line after: "Four spades".
        named = contract_words(contract.level, contract.strain).capitalize()
        if taken >= contract.tricks:
            over = taken - contract.tricks
            how = "made" + (f" with {over} overtrick{'s' * (over != 1)}" if over else "")
            reasons = [f"{named} by {declarer.word}, {taken} tricks: {how}. Each "
                       f"opponent pays {declarer.word} 4" + (f" + {over} = {each}." if over
                                                             else ".")]
        else:
            down = contract.tricks - taken
            amount = {0: "nothing", 2: "2"}.get(-each, str(-each))
            reasons = [f"{named} by {declarer.word}, {taken} tricks: {down} down. "
                       f"{declarer.word} pays each opponent {amount}."]
        if contract.doubled and self.doubler is not None:
            stake = scoring.double_stake(contract.doubled)
            word = "redoubled" if contract.doubled == 2 else "doubled"
            if taken >= contract.tricks:
                reasons.append(f"It was {word} by {self.doubler.word}, and made: "
                               f"{self.doubler.word} pays {declarer.word} {stake} more.")
            else:
                reasons.append(f"It was {word} by {self.doubler.word}, and failed: "
                               f"{declarer.word} pays {self.doubler.word} {stake} more.")
        return entry, reasons

    def _result_frame(self, outcome: str) -> dict[str, Any]:
        declarer, contract = self.declarer, self.contract
        truth = self.true_description() if declarer is not None else None
        played = outcome == PLAYED
        return {
            "game": self.name,
            "outcome": outcome,
            "redeal": outcome == REDEAL,
            "counts": outcome != REDEAL,
            "board": self.deal.board,
            "dealer": _LETTER[self.dealer],
            "players": [_LETTER[p] for p in self.order],
            "bids": [{"seat": _LETTER[s], "bid": bid} for s, bid in self.bids],
            "declarer": _LETTER[declarer] if declarer else None,
            "leader": _LETTER[self.leader] if self.leader else None,
            "informer": _LETTER[self.informer] if self.informer else None,
            "positions": {_LETTER[p]: _LETTER[place] for p, place in self.control.items()},
            "dummy": _LETTER[self.dummy],
            "bid": self._high_bid(),
            "final_bid": self.final_bid,
            "declarer_tops": tops(self.holdings[declarer]) if declarer else None,
            "dummy_tops": truth.tops if truth else None,
            "description": truth.as_data() if truth else None,
            "told": self.told.as_data() if self.told else None,
            "play_number": self.pn,
            "contract": str(contract) if contract else None,
            "contract_detail": contract.as_data() if contract else None,
            "changed_from": self.changed_from.bid_text if self.changed_from else None,
            "doubled": contract.doubled if contract else 0,
            "doubler": _LETTER[self.doubler] if self.doubler else None,
            "tricks": self.declarer_tricks() if played else None,
            "made": (self.declarer_tricks() >= contract.tricks) if played and contract else None,
            # Each player's tricks, declarer's with dummy's: the site's lists show a
            # pupil his own count, and positions change hands when dummy is laid.
            "won": self._won_by_player() if played else None,
            "penalty": None,
        }

    def _won_by_player(self) -> dict[str, int]:
        play = self.play
        assert play is not None
        won = {_LETTER[p]: play.won[self.control[p]] for p in self.order}
        if self.declarer is not None:
            won[_LETTER[self.declarer]] = self.declarer_tricks()
        return won

    # -- what each seat sees ---------------------------------------------------------------

    def view(self, seat: Seat | None) -> SeatView:
        return _seat_view()(self, seat, open_hands=False)

    def full_view(self) -> SeatView:
        """Every hand open: the teacher's view and the hand record."""
        return _seat_view()(self, None, open_hands=True)

    def _said(self, *, capital: bool = False) -> str:
        """The contract in words for a line a pupil reads ("four spades"), never "4S";
        without its doubling, which each line says its own way."""
        contract = self.contract
        said = contract_words(contract.level, contract.strain) if contract is not None else ""
        return said[:1].upper() + said[1:] if capital else said

    def status(self) -> str:
        """One line for the teacher's wall."""
        phase = self.phase
        if phase == OVER:
            result = self._result or {}
            if result.get("outcome") == REDEAL:
                return f"Wrong information: {self.dealer.word} deals again"
            if result.get("outcome") == PASSED_OUT:
                return "Over: passed out"
            return (f"Over: {contract_text_words(result['contract'])} by "
                    f"{self.declarer.word}, {result['tricks']} tricks")  # type: ignore[union-attr]
        actor = self.to_act()[0].word
        if phase == PLAY:
            assert self.play is not None
            said = self.contract.said if self.contract else ""
            return f"Trick {len(self.play.tricks) + 1} of {said}: {actor} to play"
        return {
            BIDDING: f"{actor} to bid",
            ASK: f"{actor} asks: do you need to raise?",
            RAISE: f"{actor} to raise or keep",
            INFORM: f"{actor} describes dummy",
            CONTRACT: f"{actor} chooses the contract (play number {self.pn})",
            DOUBLE: f"{actor} may double {self._said()}",
            ANSWER: f"{actor} answers the double of {self._said()}",
        }[phase]

    def prompt(self, seat: Seat | None, legal: tuple[str, ...]) -> str:
        """What the viewer may do now, in a sentence (empty when nothing)."""
        if not legal or seat is None:
            return ""
        phase = self.phase
        if phase == BIDDING:
            low = self._lowest_bid()
            if low > MOST_TOPS:
                return "Nobody can bid higher: pass."
            return f"Bid a number from {low} to {MOST_TOPS}, or pass."
        if phase == ASK:
            return f"Ask {self.declarer.word}: \"Do you need to raise?\""  # type: ignore[union-attr]
        if phase == RAISE:
            return (f"You bid {self.final_bid}. Count your tops (aces, kings and queens): if "
                    f"you hold more than {self.final_bid}, raise to at least that number, or "
                    f"you lose 6 to each opponent. Otherwise keep your bid.")
        if phase == INFORM:
            return ("Look at dummy: tell its longest suit and how many cards it has (on a tie, "
                    "only the higher suit), and how many tops (A, K, Q) dummy holds.")
        if phase == CONTRACT:
            return f"{level_words(self.pn)} Choose trumps or no-trumps."  # type: ignore[arg-type]
        if phase == DOUBLE:
            return f"Pass, or double {self._said()}."
        if phase == ANSWER:
            if self.changed_from is None:
                return (f"{self._said(capital=True)} is doubled: pass, redouble, or change "
                        f"to another strain at play number {self.pn}.")
            return f"{self._said(capital=True)} is doubled: pass or redouble."
        if phase == PLAY:
            assert self.play is not None
            whose = "dummy's" if self.play.to_play == self.dummy else "your"
            return f"Play one of {whose} cards."
        return ""


def _score_line(scores: dict[str, int], order: tuple[Seat, ...]) -> str:
    """"North +10, East -5, West -5"."""
    return "Scores: " + ", ".join(f"{p.word} {scores[_LETTER[p]]:+d}" for p in order) + "."


@functools.cache
def _seat_view() -> Callable[..., SeatView]:
    """:func:`games.topgame.view.seat_view`, imported once on the first view: the view
    module reads the game's phases, so it imports this one. (An import inside
    ``view()`` itself costs about a microsecond a view, 3% of one.)"""
    from games.topgame.view import seat_view

    return seat_view
