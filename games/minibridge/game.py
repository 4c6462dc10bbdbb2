"""The MiniBridge state machine: announce, declarer, contract, play, score.

It follows the Laws of MiniBridge (EBU booklet, shared/rules/minibridge.txt)
and reads every lesson difference from its :class:`MiniBridgeRules`.

Positions and players. Cards lie at compass *positions* round the table; a
*player* is known by the seat he was dealt at (the protocol's ``seat``). In
four-handed MiniBridge the two are the same. In the three-handed games a
player may end up controlling another position (see
:mod:`games.minibridge.declaring`), so ``declarer``, ``dummy``, hands, trick
cards and ``to_play`` are positions, while ``to_act``, announcements and
claim answers name players.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.bridge.play import BridgeHand, dummy_played_by, opening_play, read_card, tricks_by_side
from games.bridge.target import target_tricks
from games.cards import PACK_52, Card, InvalidCardError, Suit, card_texts
from games.cards import hcp as holding_hcp
from games.deals import Deal
from games.minibridge import declaring, scoring
from games.minibridge.rules import (
    GOAL_LAW_10,
    GOAL_SEVEN,
    GOAL_TARGET,
    SCORE_LAWS,
    SCORE_LESSON_3,
    SCORE_TRICKS,
    SCORE_WIN_LOSS,
    MiniBridgeRules,
)
from games.protocol import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
    WrongAnswerError,
)
from games.seats import SEATS, Seat, Side, rotation_after
from games.tricks import TrickPlay

TRICKS_IN_A_HAND = 13
#: "SA" -> the card: the common spelling of a played card, read without parsing.
_CARDS: dict[str, Card] = {str(c): c for c in PACK_52}
#: "for 'hcp' all 0..37 counts are legal syntax": a hand holds at most 37 points.
MOST_HCP = 37
# Action texts written once: every view lists the legal actions.
_HCP_TEXTS: tuple[str, ...] = tuple(f"hcp {n}" for n in range(MOST_HCP + 1))
_CLAIM_TEXTS: tuple[str, ...] = tuple(f"claim {n}" for n in range(TRICKS_IN_A_HAND + 1))

ANNOUNCE, DECLARER, CONTRACT, PLAY, CLAIM, LEAD_OUT_OF_TURN, OVER = (
    "announce", "declarer", "contract", "play", "claim", "lead_out_of_turn", "over")

_LEVEL_WORDS = {"part": "part", "part-score": "part", "partscore": "part",
                "game": "game", "slam": "slam"}
_NO_TRUMPS_WORDS = ("NT", "N", "NOTRUMPS", "NO-TRUMPS", "NOTRUMP", "NO-TRUMP")
_DENOMINATION_WORDS = {"NT": "no-trumps", "S": "spades", "H": "hearts", "D": "diamonds",
                       "C": "clubs"}


#: ``Move.value``'s last field for a card played out of rotation (Law 23); ``True``
#: there is a lead out of turn (Law 19).
OUT_OF_ROTATION = "rotation"


class CountAgainError(WrongAnswerError):
    """Law 5: "If the four numbers do not add up to forty, the players try
    again." The engine checks each count at once, so the pupil learns to count;
    every count is listed, so the list does not tell the pupil his."""

    code = "count_again"


@dataclass(frozen=True)
class Contract:
    """Law 9: a denomination, a level (None when only the denomination is named)
    and declarer's goal (Law 10)."""

    denomination: str
    level: str | None
    goal: int

    @property
    def trumps(self) -> Suit | None:
        return None if self.denomination == "NT" else Suit(self.denomination)

    def as_data(self) -> dict[str, Any]:
        return {"denomination": self.denomination, "level": self.level, "goal": self.goal}

    def words(self) -> str:
        """"Game in clubs", "Part-score in no-trumps" (Law 9), "No-trumps"."""
        denomination = _DENOMINATION_WORDS[self.denomination]
        if self.level is None:
            return denomination.capitalize()
        level = {"part": "Part-score", "game": "Game", "slam": "Slam"}[self.level]
        return f"{level} in {denomination}"


class Move(NamedTuple):
    """A checked action: what to do, and its canonical text for the log.
    (A named tuple: it is made for every action, and replays must be fast.)"""

    kind: str
    text: str
    value: Any = None


@dataclass
class Claim:
    """Law 14: a player (any but dummy) claims ``tricks`` of the remaining tricks."""

    tricks: int
    by: Seat
    answers: dict[Seat, str] = field(default_factory=dict)


class Rejected(NamedTuple):
    """Law 14: a claim someone disagreed with, told to the table until the next trick
    starts (decision 0440): the claimer learns why play goes on."""

    tricks: int
    by: Seat
    rejected_by: Seat
    #: Completed tricks when it was rejected.
    at_trick: int


@dataclass
class Revoke:
    """Laws 20-21 (real table): a failure to follow suit, with the play as it
    stood just before, so that a correction can rewind to it."""

    position: Seat
    trick: int
    before: dict[str, Any]
    established: bool = False


class MiniBridge(BridgeHand):
    """One deal of MiniBridge under ``rules``."""

    name = "minibridge"

    def __init__(self, rules: MiniBridgeRules, deal: Deal) -> None:
        super().__init__(rules, deal)
        self.rules: MiniBridgeRules = rules
        self._players = self._seated()
        self._order: tuple[Seat, ...] | None = None
        #: How many actions have changed the state (every one goes through _do).
        self._changes = 0
        #: (changes, seat, the actions listed) of the latest legal_actions: a
        #: card just listed to a seat is accepted without checking it again.
        self._listed: tuple[int, Seat, tuple[str, ...]] | None = None
        #: The cards dealt to each position, after any three-handed exchange.
        self.holdings: dict[Seat, tuple[Card, ...]] = {s: deal.hand(s) for s in SEATS}
        self._side_points_known: dict[Side, int] = {}
        #: player -> the position he controls now.
        self.control: dict[Seat, Seat] = {s: s for s in self._players}
        #: position -> the player who controls it: ``control`` read backwards.
        self._controller: dict[Seat, Seat] = dict(self.control)
        self.announcements: list[tuple[Seat, int]] = []
        self.choosers: tuple[Seat, ...] = ()
        self.declarer: Seat | None = None
        self.dummy: Seat | None = None
        self.contract: Contract | None = None
        self.play: TrickPlay | None = None
        self.claim: Claim | None = None
        self.claimed: int | None = None
        self.rejected: Rejected | None = None
        #: Law 19: (offender, rightful leader) while a lead out of turn waits.
        self.out_of_turn: tuple[Seat, Seat] | None = None
        self.revokes: list[Revoke] = []
        self.redeal_reason: str | None = None
        self._result: dict[str, Any] | None = None
        #: (announcements, declarer, contract it was worked out for, the parts)
        #: of the view's frame (:mod:`games.minibridge.view`).
        self._frame: tuple[int, Seat | None, Contract | None, tuple[Any, ...]] | None = None
        #: (changes, the trick on the table, the status line, the view's own part but for
        #: the position, the hands' sizes) of the view's moment (:mod:`games.minibridge.view`):
        #: the same for every seat's view of one moment.
        self._now: tuple[int, Any, str, dict[str, Any], Any] | None = None
        self.phase = ANNOUNCE
        wrong = self._wrong_card_count()
        if wrong is not None:
            self._end_with_redeal(wrong)
        elif not rules.announces_hcp:
            # MiniLessons 1-2: no declarer; "the player on the left of dealer leads".
            self._start_play(leader=deal.dealer.lho, trumps=None)

    #: The attributes :meth:`copy` knows; any other (a subclass's, one added
    #: later without teaching copy) sends it to the generic deep copy.
    _COPIED = frozenset({
        "rules", "deal", "log", "_players", "_order", "_changes", "_listed", "holdings",
        "_side_points_known", "control", "_controller", "announcements", "choosers",
        "declarer", "dummy", "contract", "play", "claim", "claimed", "rejected", "out_of_turn",
        "revokes", "redeal_reason", "_result", "_frame", "_now", "phase"})

    def copy(self) -> MiniBridge:
        """An independent copy, made structurally (the site copies the game at
        every action): shared, because nothing changes them in place, are the
        rules, the deal, the log's actions, seats, cards, texts, tuples,
        ``_listed``, ``_frame`` and ``_now`` (its pieces are read, never changed: views
        copy them); each dict or list the game changes in place is copied one
        level, the play, a claim and the revokes by their own copies. A
        revoke's ``before`` is shared: a snapshot only ever deep-copied."""
        state = self.__dict__
        if self.__class__ is not MiniBridge or state.keys() != self._COPIED:
            return super().copy()  # type: ignore[return-value]
        new = MiniBridge.__new__(MiniBridge)
        new.__dict__.update(state)
        new.log = list(self.log)
        new.holdings = dict(self.holdings)
        new._side_points_known = dict(self._side_points_known)
        new.control = dict(self.control)
        new._controller = dict(self._controller)
        new.announcements = list(self.announcements)
        if self.play is not None:
            new.play = self.play.copy()
        claim = self.claim
        if claim is not None:
            new.claim = Claim(claim.tricks, claim.by, dict(claim.answers))
        if self.revokes:
            new.revokes = [Revoke(r.position, r.trick, r.before, r.established)
                           for r in self.revokes]
        else:
            new.revokes = []
        if self._result is not None:
            new._result = {k: dict(v) if isinstance(v, dict) else v
                           for k, v in self._result.items()}
        return new

    # -- who is who ------------------------------------------------------------

    def players(self) -> tuple[Seat, ...]:
        """The players (worked out once: asked before every action)."""
        return self._players

    def _seated(self) -> tuple[Seat, ...]:
        """Four players, or in the three-handed games everyone but the seat
        opposite the dealer, where the dummy is dealt."""
        if self.rules.three_handed:
            return tuple(s for s in SEATS if s != self.deal.dealer.partner)
        return SEATS

    def _player_at(self, position: Seat) -> Seat | None:
        return self._controller.get(position)

    def _actor(self, position: Seat) -> Seat | None:
        """Law 8: "Declarer plays both his hand and that of dummy"."""
        return self._player_at(dummy_played_by(position, declarer=self.declarer,
                                               dummy=self.dummy))

    def _positions_of(self, player: Seat) -> tuple[Seat, ...]:
        """The positions whose cards ``player`` plays: his own (not if he is
        dummy) and dummy's if he is declarer."""
        own = self.control.get(player)
        if own is None or own == self.dummy:
            return ()
        if own == self.declarer and self.dummy is not None:
            return (own, self.dummy)
        return (own,)

    @property
    def declarer_player(self) -> Seat | None:
        return None if self.declarer is None else self._player_at(self.declarer)

    @property
    def declaring_side(self) -> Side | None:
        return None if self.declarer is None else self.declarer.side

    # -- Law 6: redeal ---------------------------------------------------------------

    def _wrong_card_count(self) -> str | None:
        """Law 6: "or if any player has not got exactly thirteen cards"."""
        for position in SEATS:
            count = len(self.holdings[position])
            if count != TRICKS_IN_A_HAND:
                return (f"{position.word} has {count} cards, not thirteen (Law 6): "
                        f"the same dealer deals again.")
        return None

    def _end_with_redeal(self, reason: str) -> None:
        self.redeal_reason = reason
        self.phase = OVER
        self._result = self._redeal_result()

    # -- the protocol: who acts, what is legal --------------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        if self.phase == PLAY:  # _actor written out: asked several times an action
            position = self.play.to_play  # type: ignore[union-attr]
            if position == self.dummy:
                position = self.declarer
            actor = self._controller.get(position)  # type: ignore[arg-type]
            return (actor,) if actor is not None else ()
        if self.phase == ANNOUNCE:
            waiting = self._not_yet_announced()
            return waiting[:1] if self.rules.clockwise_announcements else waiting
        if self.phase == DECLARER:
            return self.choosers
        if self.phase == CONTRACT:
            return (self.declarer_player,)  # type: ignore[return-value]
        if self.phase == CLAIM:
            return tuple(p for p in self._claim_answerers()
                         if p not in self.claim.answers)  # type: ignore[union-attr]
        if self.phase == LEAD_OUT_OF_TURN:
            seats = set(self._out_of_turn_answerers())
            seats.add(self._actor(self.play.to_play))  # type: ignore[union-attr, arg-type]
            return tuple(s for s in SEATS if s in seats)
        return ()

    def _announcing_order(self) -> tuple[Seat, ...]:
        """Law 5: starting with the dealer and going clockwise."""
        if self._order is None:
            self._order = self._clockwise_from_dealer()
        return self._order

    def _clockwise_from_dealer(self) -> tuple[Seat, ...]:
        order = [self.deal.dealer]
        players = self.players()
        while len(order) < len(players):
            order.append(rotation_after(order[-1], players))
        return tuple(order)

    def _not_yet_announced(self) -> tuple[Seat, ...]:
        done = {seat for seat, _ in self.announcements}
        return tuple(s for s in self._announcing_order() if s not in done)

    def _claim_answerers(self) -> tuple[Seat, ...]:
        """Law 14: "either member of the other partnership (not dummy)" than the
        claimer's: both defenders answer declarer, declarer answers a defender."""
        side = self.control[self.claim.by].side  # type: ignore[union-attr]
        return tuple(p for p in SEATS if p in self.control and self.control[p].side != side
                     and self.control[p] != self.dummy)

    def _out_of_turn_answerers(self) -> tuple[Seat, ...]:
        """Law 19: "either opponent (but not dummy)" of the player who led."""
        offender = self.out_of_turn[0]  # type: ignore[index]
        answerers = {self._player_at(p) for p in (offender.lho, offender.rho) if p != self.dummy}
        return tuple(s for s in SEATS if s in answerers)

    def legal_actions(self, seat: Seat) -> list[str]:
        return self._legal_actions(seat, self.to_act())

    def _legal_actions(self, seat: Seat, to_act: tuple[Seat, ...]) -> list[str]:
        if self.phase == OVER:
            return []
        actions: list[str] = []
        if seat in to_act:
            actions = self._legal_now(seat)
        if self.phase == PLAY and self.rules.has_dummy:
            # Law 14 sets no turn for a claim: it is listed whoever is to play, and the
            # claimer is not added to to_act (the table waits for a card, not for him).
            # _may_claim written out (asked in every view): any player but dummy.
            own = self.control.get(seat)
            if own is not None and own != self.dummy:
                actions += _CLAIM_TEXTS[1:TRICKS_IN_A_HAND - len(self.play.tricks) + 1]  # type: ignore[union-attr]
        if self.rules.real_table and self._revoke_to_correct(seat) is not None:
            actions.append("correct")
        self._listed = (self._changes, seat, tuple(actions))
        return actions

    def _legal_now(self, seat: Seat) -> list[str]:
        if self.phase == PLAY:  # the common case first: asked in every view of the play
            play = self.play
            assert play is not None
            to_play = play.to_play
            if to_play not in self._positions_of(seat):
                return []
            return ["play " + text for text in play.legal_texts(to_play)]
        if self.phase == ANNOUNCE:
            return list(_HCP_TEXTS)
        if self.phase == DECLARER:
            return [f"declarer {s.value}" for s in self.choosers]
        if self.phase == CONTRACT:
            return self._contract_texts()
        if self.phase == CLAIM:
            return ["accept", "reject"]
        play = self.play
        assert play is not None
        actions: list[str] = []
        if self.phase == LEAD_OUT_OF_TURN and seat in self._out_of_turn_answerers():
            actions += ["accept", "put back"]
        to_play = play.to_play
        if to_play in self._positions_of(seat):
            actions += ["play " + text
                        for text in card_texts(play.legal_cards(to_play))]
        return actions

    def _contract_texts(self) -> list[str]:
        levels = self.rules.levels or (None,)
        return [f"contract {level} {d}" if level else f"contract {d}"
                for level in levels for d in self.rules.denominations]

    # -- checking an action (never changes anything) -------------------------------

    def _check(self, seat: Seat, text: str) -> Move:
        listed = self._listed
        if (listed is not None and listed[0] == self._changes and listed[1] == seat
                and text.startswith("play ") and text in listed[2]):
            # The common case, a card legal_actions has just offered this seat
            # (so it follows suit): what _check_play would return for it.
            return Move("play", text, (self.play.to_play, _CARDS[text[5:]], False, False))  # type: ignore[union-attr]
        if seat not in self._players:
            raise NotYourTurnError(f"Nobody plays {seat.word} in this game.")
        words = text.split()
        check = self._CHECKS.get(words[0].lower() if words else "")
        if check is None:
            raise InvalidActionError(
                f"{text!r} is not a MiniBridge action (try 'hcp 12', 'contract game NT' "
                f"or 'play SA').")
        move: Move = getattr(self, check)(seat, words)
        return move

    #: The first word of an action -> the method that checks it.
    _CHECKS = {
        "hcp": "_check_hcp", "declarer": "_check_declarer", "contract": "_check_contract",
        "play": "_check_play", "claim": "_check_claim", "accept": "_check_answer",
        "reject": "_check_answer", "put": "_check_answer", "correct": "_check_correct",
    }

    def _expect_phase(self, phase: str, doing: str) -> None:
        if self.phase != phase:
            raise IllegalActionError(f"You cannot {doing} now: {self._phase_words()}.")

    def _phase_words(self) -> str:
        return {
            ANNOUNCE: "the players are announcing their points",
            DECLARER: "the declaring pair is choosing its declarer",
            CONTRACT: "declarer is choosing the contract",
            PLAY: "the cards are being played",
            CLAIM: "the other side is answering a claim",
            LEAD_OUT_OF_TURN: "a lead out of turn is waiting to be accepted or put back",
            OVER: "the hand is over",
        }[self.phase]

    def _check_hcp(self, seat: Seat, words: list[str]) -> Move:
        """Law 5: each player in turn announces his total high card points."""
        if len(words) != 2 or not words[1].isdigit():
            raise InvalidActionError("Announce your points as a number, e.g. 'hcp 12'.")
        points = int(words[1])
        if points > MOST_HCP:
            raise InvalidActionError(f"A hand holds at most {MOST_HCP} high card points.")
        self._expect_phase(ANNOUNCE, "announce points")
        if seat not in self._not_yet_announced():
            raise IllegalActionError("You have already announced your points.")
        if seat not in self.to_act():
            raise NotYourTurnError(
                f"Points are announced clockwise from the dealer: it is "
                f"{self.to_act()[0].word}'s turn.")
        if points != holding_hcp(self.deal.hand(seat)):
            raise CountAgainError(
                f"Count again: your hand does not hold {points} points. "
                f"Ace 4, king 3, queen 2, jack 1.")
        return Move("hcp", f"hcp {points}", points)

    def _check_declarer(self, seat: Seat, words: list[str]) -> Move:
        """MiniLesson 3: "If both of the players on the declaring side have the
        same point count the players can choose who is to be declarer"."""
        if len(words) != 2:
            raise InvalidActionError("Name the declarer, e.g. 'declarer N'.")
        try:
            chosen = Seat.from_str(words[1])
        except ValueError as exc:
            raise InvalidActionError(str(exc)) from exc
        self._expect_phase(DECLARER, "choose the declarer")
        if seat not in self.choosers:
            raise NotYourTurnError("Only the declaring pair chooses its declarer.")
        if chosen not in self.choosers:
            raise IllegalActionError(f"{chosen.word} is not in the declaring pair.")
        return Move("declarer", f"declarer {chosen.value}", chosen)

    def _check_contract(self, seat: Seat, words: list[str]) -> Move:
        """Law 9: after seeing the dummy, declarer announces the contract."""
        level, denomination = _parse_contract(words)
        self._expect_phase(CONTRACT, "announce the contract")
        if seat != self.declarer_player:
            raise NotYourTurnError("Only declarer announces the contract.")
        allowed = self.rules.denominations
        if denomination not in allowed:
            raise IllegalActionError(
                "In this lesson every contract is in no-trumps." if allowed == ("NT",)
                else f"{_DENOMINATION_WORDS[denomination].capitalize()} is not allowed here.")
        levels = self.rules.levels
        if not levels and level is not None:
            raise IllegalActionError(
                f"Here declarer names only no-trumps or a trump suit: say "
                f"'contract {denomination}'.")
        if levels and level is None:
            raise IllegalActionError(
                f"Say part-score or game as well, e.g. 'contract game {denomination}'.")
        if levels and level not in levels:
            raise IllegalActionError(f"A {level} contract is not played in this lesson.")
        text = f"contract {level} {denomination}" if level else f"contract {denomination}"
        contract = Contract(denomination, level, self._goal(level, denomination))
        return Move("contract", text, contract)

    def _goal(self, level: str | None, denomination: str) -> int:
        """Law 10, or seven (MiniLessons 3-4), or the target by points."""
        rule = self.rules.goal_rule
        if rule == GOAL_SEVEN:
            return scoring.SEVEN
        if rule == GOAL_LAW_10:
            return scoring.law_10_goal(level, denomination)  # type: ignore[arg-type]
        if rule == GOAL_TARGET:
            return target_tricks(self._side_points(self.declaring_side))  # type: ignore[arg-type]
        raise AssertionError(f"no goal in {self.rules.key}")

    def _check_play(self, seat: Seat, words: list[str]) -> Move:
        """Laws 11-12; Law 19 and Law 20 when the table is real."""
        card = read_card(words)
        name = str(card)
        if self.phase not in (PLAY, LEAD_OUT_OF_TURN):
            raise IllegalActionError(f"You cannot play a card now: {self._phase_words()}.")
        play = self.play
        assert play is not None
        mine = self._positions_of(seat)
        if not mine:
            raise NotYourTurnError("You are dummy: declarer plays your cards (Law 8).")
        to_play = play.to_play
        text = "play " + name
        if to_play in mine and play.holds(to_play, card):
            broken = play.why_breaks_rules(to_play, card)
            if broken is not None and not self.rules.real_table:
                raise IllegalActionError(broken)
            return Move("play", text, (to_play, card, broken is not None, False))
        holder = next((p for p in mine if play.holds(p, card)), None)
        # Law 19: at a real table a player may lead out of turn; it is then put right.
        if (self.rules.real_table and self.phase == PLAY and not play.current.cards
                and holder is not None):
            return Move("play", text, (holder, card, False, True))
        # Law 23: "If a player plays a card out of rotation (that he intended to play)
        # then it stands as played" (a card to a trick already led).
        if (self.rules.real_table and self.phase == PLAY and holder is not None
                and play.current.card_of(holder) is None):
            broken = play.why_breaks_rules(holder, card)
            return Move("play", text, (holder, card, broken is not None, OUT_OF_ROTATION))
        if to_play not in mine:
            if self.phase == LEAD_OUT_OF_TURN and seat in self._out_of_turn_answerers():
                raise IllegalActionError(
                    "First say 'accept' or 'put back' for the lead out of turn.")
            raise NotYourTurnError(f"It is {to_play.word}'s turn to play.")  # type: ignore[union-attr]
        where = "dummy" if to_play == self.dummy else "your hand"
        raise IllegalActionError(f"{card} is not in {where}.")

    def _may_claim(self, seat: Seat) -> bool:
        """Law 14: "A player may show his hand and explain which of the remaining tricks
        are his": any player but dummy, at any moment of the play (from MiniLesson 3,
        where there is a dummy; decision 0440)."""
        return (self.rules.has_dummy and self.phase == PLAY and bool(self._positions_of(seat))
                and self._remaining_tricks() > 0)

    def _remaining_tricks(self) -> int:
        return TRICKS_IN_A_HAND - len(self.play.tricks)  # type: ignore[union-attr]

    def _check_claim(self, seat: Seat, words: list[str]) -> Move:
        if len(words) != 2 or not words[1].isdigit():
            raise InvalidActionError("Claim a number of the remaining tricks, e.g. 'claim 10'.")
        tricks = int(words[1])
        if self.phase != PLAY:
            raise IllegalActionError(f"You cannot claim now: {self._phase_words()}.")
        if not self.rules.has_dummy:
            raise NotYourTurnError("Claims start with MiniLesson 3: play every card.")
        if not self._may_claim(seat):
            raise NotYourTurnError("You are dummy: only the other players may claim (Law 14).")
        if tricks < 1:
            raise IllegalActionError("Claim at least one of the remaining tricks.")
        if tricks > self._remaining_tricks():
            raise IllegalActionError(f"Only {self._remaining_tricks()} tricks remain to be played.")
        return Move("claim", f"claim {tricks}", tricks)

    def _check_answer(self, seat: Seat, words: list[str]) -> Move:
        """"accept"/"reject" a claim (Law 14); "accept"/"put back" a lead out of
        turn (Law 19)."""
        answer = " ".join(w.lower() for w in words)
        if answer not in ("accept", "reject", "put back"):
            raise InvalidActionError("Answer 'accept', 'reject' or 'put back'.")
        if self.phase == CLAIM:
            if answer == "put back":
                raise IllegalActionError("Answer the claim with 'accept' or 'reject'.")
            if seat not in self.to_act():
                raise NotYourTurnError(
                    "Only the other side (not dummy) answers the claim, each once.")
            return Move("answer-claim", answer, answer)
        if self.phase == LEAD_OUT_OF_TURN:
            if answer == "reject":
                raise IllegalActionError("Say 'accept' or 'put back' for the lead out of turn.")
            if seat not in self._out_of_turn_answerers():
                raise NotYourTurnError(
                    "Only an opponent of the player who led (not dummy) answers.")
            return Move("answer-lead", answer, answer)
        raise IllegalActionError(f"There is nothing to answer now: {self._phase_words()}.")

    def _revoke_to_correct(self, seat: Seat) -> Revoke | None:
        """Law 20: the latest revoke of ``seat`` that is not yet established."""
        if self.phase not in (PLAY, LEAD_OUT_OF_TURN):
            return None
        mine = self._positions_of(seat)
        for revoke in reversed(self.revokes):
            if revoke.position in mine and not revoke.established:
                return revoke
        return None

    def _check_correct(self, seat: Seat, words: list[str]) -> Move:
        if len(words) != 1:
            raise InvalidActionError("Just say 'correct'.")
        if not self.rules.real_table:
            raise IllegalActionError("Revokes cannot happen here: the engine refuses them.")
        revoke = self._revoke_to_correct(seat)
        if revoke is None:
            raise IllegalActionError("You have no revoke to correct.")
        return Move("correct", "correct", revoke)

    # -- doing an action -------------------------------------------------------------

    def _canonical_text(self, parsed: Move, text: str) -> str:
        return parsed.text

    def _do(self, seat: Seat, parsed: Move) -> None:
        self._changes += 1
        getattr(self, self._DOINGS[parsed.kind])(seat, parsed.value)

    #: Move.kind -> the method that carries it out.
    _DOINGS = {
        "hcp": "_do_hcp", "declarer": "_do_declarer", "contract": "_do_contract",
        "play": "_do_play", "claim": "_do_claim", "answer-claim": "_do_answer_claim",
        "answer-lead": "_do_answer_lead", "correct": "_do_correct",
    }

    def _do_hcp(self, seat: Seat, points: int) -> None:
        self.announcements.append((seat, points))
        if not self._not_yet_announced():
            self._after_announcements()

    def _after_announcements(self) -> None:
        outcome = declaring.decide(self.rules, self.deal.dealer, self.announcements)
        if outcome.redeal is not None:
            self._end_with_redeal(outcome.redeal)
        elif outcome.choosers:
            self.choosers = outcome.choosers
            self.phase = DECLARER
        else:
            self._appoint(outcome)

    def _appoint(self, outcome: declaring.Declaring) -> None:
        """Laws 7-8: declarer and dummy; dummy is faced for all from now on,
        before the contract is chosen (Summary 5)."""
        for a, b in outcome.swaps:
            self.holdings[a], self.holdings[b] = self.holdings[b], self.holdings[a]
            self._side_points_known.clear()
        self.control.update(outcome.moves)
        controller: dict[Seat, Seat] = {}
        for player, place in self.control.items():
            controller.setdefault(place, player)  # the first, as a search would find
        self._controller = controller
        self.declarer = outcome.declarer
        self.dummy = outcome.declarer.partner  # type: ignore[union-attr]
        self.phase = CONTRACT

    def _do_declarer(self, seat: Seat, chosen: Seat) -> None:
        self.choosers = ()
        self._appoint(declaring.Declaring(declarer=chosen))

    def _do_contract(self, seat: Seat, contract: Contract) -> None:
        self.contract = contract
        # Summary 6: "The first person to lead a card is the player to the left of declarer."
        self._start_play(leader=self.declarer.lho, trumps=contract.trumps)  # type: ignore[union-attr]

    def _start_play(self, leader: Seat, trumps: Suit | None) -> None:
        self.play = opening_play(self.holdings, leader, trumps)
        self.phase = PLAY

    def _do_play(self, seat: Seat, value: tuple[Seat, Card, bool, bool | str]) -> None:
        position, card, revoke, out_of_turn = value
        play = self.play
        assert play is not None
        if self.revokes:
            self._establish_revokes(position, len(play.tricks))
        if revoke:
            self.revokes.append(Revoke(position, len(play.tricks), self._play_snapshot()))
        if out_of_turn is OUT_OF_ROTATION:
            # Law 23: it stands; the players passed over still play in turn.
            if play.play_out_of_rotation(position, card) is not None and play.is_over():
                self._finish()
            return
        if out_of_turn:
            self.out_of_turn = (position, play.current.leader)
            play.lead_out_of_turn(position)
            self.phase = LEAD_OUT_OF_TURN
        elif self.phase == LEAD_OUT_OF_TURN:
            # Law 19: "or the next opponent may play a card, which accepts it".
            self.out_of_turn = None
            self.phase = PLAY
        # Only a card that completes a trick can end the play.
        if play.play(position, card, enforce=False) is not None and play.is_over():
            self._finish()

    def _establish_revokes(self, position: Seat, trick: int) -> None:
        """Law 21: a revoke is established once the offender or his partner
        plays to the next trick."""
        for revoke in self.revokes:
            if (not revoke.established and trick == revoke.trick + 1
                    and position in (revoke.position, revoke.position.partner)):
                revoke.established = True

    def _play_snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({"play": self.play, "out_of_turn": self.out_of_turn,
                              "revokes": self.revokes, "phase": self.phase})

    def _do_correct(self, seat: Seat, revoke: Revoke) -> None:
        """Law 20: the wrongly played card goes back to the offender's hand and
        "any cards played after the incorrect card may now be changed": the play
        returns to just before the revoke."""
        before = copy.deepcopy(revoke.before)
        self.play = before["play"]
        self.out_of_turn = before["out_of_turn"]
        self.revokes = before["revokes"]
        self.phase = before["phase"]

    def _do_answer_lead(self, seat: Seat, answer: str) -> None:
        """Law 19: accepted, the lead stands; otherwise "the card is returned to
        the player's hand and the correct player leads instead"."""
        offender, rightful = self.out_of_turn  # type: ignore[misc]
        self.out_of_turn = None
        self.phase = PLAY
        if answer == "put back":
            play = self.play
            assert play is not None
            play.take_back()
            play.lead_out_of_turn(rightful)

    def _do_claim(self, seat: Seat, tricks: int) -> None:
        """Law 14: the claimer shows his hand and claims; the other side answers."""
        self.claim = Claim(tricks, seat)
        self.rejected = None
        self.phase = CLAIM

    def _do_answer_claim(self, seat: Seat, answer: str) -> None:
        """Law 14: "If either member of the other partnership (not dummy)
        disagrees, he picks up his hand and completes the hand normally"."""
        claim = self.claim
        assert claim is not None
        claim.answers[seat] = answer
        if answer == "reject":
            self.claim = None
            self.rejected = Rejected(claim.tricks, claim.by, seat, len(self.play.tricks))  # type: ignore[union-attr]
            self.phase = PLAY
        elif all(claim.answers.get(p) == "accept" for p in self._claim_answerers()):
            self.claimed = claim.tricks
            self._finish()

    # -- the end of the hand and the score -------------------------------------------

    def _finish(self) -> None:
        self.phase = OVER
        self._result = self._scored_result()

    def _tricks_by_side(self) -> tuple[dict[Side, int], int]:
        """Tricks won per side (Law 15), with an accepted claim (Law 14) and one
        trick transferred per established revoke (Law 21)."""
        play = self.play
        assert play is not None
        tricks = tricks_by_side(play.won)
        if self.claimed is not None:
            side = self.control[self.claim.by].side  # type: ignore[union-attr]
            tricks[side] += self.claimed
            tricks[side.other] += self._remaining_tricks() - self.claimed
        # Corrected revokes are gone from the list; any still there stand (Law 21).
        transfers = 0
        for revoke in self.revokes:
            offenders = revoke.position.side
            if tricks[offenders] > 0:
                tricks[offenders] -= 1
                tricks[offenders.other] += 1
                transfers += 1
        return tricks, transfers

    def _redeal_result(self) -> dict[str, Any]:
        return {"redeal": True, "reason": self.redeal_reason, "declarer": None,
                "declaring_side": None, "contract": None, "contract_string": None, "goal": None,
                "tricks": None, "made": None, "score": None, "win": None, "tricks_by_side": None,
                "claimed": False, "revoke_transfers": 0}

    def _scored_result(self) -> dict[str, Any]:
        tricks, transfers = self._tricks_by_side()
        by_side = {side.value: n for side, n in tricks.items()}
        result: dict[str, Any] = {
            "redeal": False, "reason": None, "declarer": None, "declaring_side": None,
            "contract": None, "contract_string": None, "goal": None, "tricks": None,
            "made": None, "score": dict(by_side), "win": None, "tricks_by_side": by_side,
            "claimed": self.claimed is not None, "revoke_transfers": transfers,
        }
        side, contract = self.declaring_side, self.contract
        if side is None or contract is None or self.declarer is None:
            return result  # MiniLessons 1-2: no declarer; the score is the tricks per side
        made = tricks[side] >= contract.goal
        result.update(
            declarer=self.declarer.value, declaring_side=side.value,
            contract=contract.as_data(), goal=contract.goal, tricks=tricks[side], made=made,
            contract_string=scoring.contract_string(contract.denomination, contract.level,
                                                    contract.goal, self.declarer.value,
                                                    tricks[side]),
        )
        if self.rules.scoring == SCORE_TRICKS:
            return result  # "just score according to the number of tricks won by each side"
        declaring_points, defending_points = self._score(contract, tricks[side])
        result["score"] = {s.value: declaring_points if s == side else defending_points
                           for s in Side}
        if self.rules.scoring == SCORE_WIN_LOSS:
            result["win"] = side.value if made else side.other.value
        return result

    def _score(self, contract: Contract, tricks: int) -> tuple[int, int]:
        """(declaring side, defenders) by the rules' scoring method."""
        method = self.rules.scoring
        if method == SCORE_LESSON_3:
            return scoring.lesson_3_score(tricks)
        if method == SCORE_LAWS:
            return scoring.laws_16_17_score(contract.denomination, contract.level,  # type: ignore[arg-type]
                                            tricks, self.rules.slam_bonus)
        if method == SCORE_WIN_LOSS:
            # "scored simply as a win or loss for each side": one deal won.
            made = tricks >= contract.goal
            return (1, 0) if made else (0, 1)
        raise AssertionError(f"no score for {method!r}")

    # -- what each seat sees ---------------------------------------------------------

    def _side_points(self, side: Side) -> int:
        # Counted once per holding: every view shows it once the points are announced.
        if side not in self._side_points_known:
            self._side_points_known[side] = sum(holding_hcp(self.holdings[s]) for s in side.seats)
        return self._side_points_known[side]

    def view(self, seat: Seat | None) -> SeatView:
        from games.minibridge.view import seat_view  # the view reads the game's phases

        return seat_view(self, seat, open_hands=False)

    def full_view(self) -> SeatView:
        """Every hand open (the teacher's watch, the hand record): an onlooker's view
        with all four positions' cards."""
        from games.minibridge.view import seat_view

        return seat_view(self, None, open_hands=True)

    # -- a compact record -----------------------------------------------------------

    def contract_string(self) -> str | None:
        """``"1NTS+1"``, ``"4HS-1"``, ``"6NTN="`` once the hand is scored."""
        return self._result.get("contract_string") if self._result else None


def _parse_contract(words: list[str]) -> tuple[str | None, str]:
    """"contract NT", "contract game H", "contract part-score spades"."""
    if len(words) not in (2, 3):
        raise InvalidActionError("Announce a contract like 'contract game NT' or 'contract S'.")
    level = None
    if len(words) == 3:
        level = _LEVEL_WORDS.get(words[1].lower())
        if level is None:
            raise InvalidActionError(f"{words[1]!r} is not part-score, game or slam.")
    return level, _parse_denomination(words[-1])


def _parse_denomination(text: str) -> str:
    if text.upper() in _NO_TRUMPS_WORDS:
        return "NT"
    try:
        return Suit.from_str(text).value
    except InvalidCardError as exc:
        raise InvalidActionError(f"{text!r} is not C, D, H, S or NT.") from exc


def deal_for_lesson(rng: random.Random, board: int = 1) -> Deal:
    """A random board: dealer and vulnerability by the board number (Law 3)."""
    return Deal.for_board(board, rng)
