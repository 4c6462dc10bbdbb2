"""A MiniBridge result typed in from a real table, checked and scored.

Face to face (issue 4, "Face to face"; issue 5's mini-matches played with
real cards) one pupil per table types the result: board, declarer, contract,
tricks. The deal is known (the board was dealt by the site or read from a
PBN file), so the site can check what the pupil typed against the Laws of
MiniBridge (shared/rules/minibridge.txt) before it goes on a traveller:

* Law 6: a board where both sides hold 20 points is redealt, so it has no result;
* Law 7: declarer is on the side with more points, and is its member with
  more points (on a tie the first to announce, counting clockwise from the
  dealer as Law 5 announces; in MiniLessons 3-4 the tied pair chooses);
* Law 9: the contract is one the lesson allows (no-trumps only in MiniLesson 3,
  no part-score or game before MiniLesson 5, slam only with the slam variant,
  no level at all in the target variant);
* Law 15: the tricks are a whole number from 0 to 13.

The score comes from the engine's own scoring functions
(:mod:`games.minibridge.scoring`), chosen by the rules value exactly as the
online game chooses them, so a hand typed in and the same hand played online
score the same (the tests replay online hands to check it).

>>> from games.deals import Deal
>>> from games.minibridge import make_rules
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AK.5432 T987.JT9.QJT.AKQ 6543.876.987.JT9 2.5432.65432.876")
>>> result_check(deal=deal, rules=make_rules(5), declarer="N", contract="game NT",
...              tricks=10).contract_string
'3NTN+1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from games.bridge.target import target_tricks
from games.cards import InvalidCardError, Suit
from games.deals import Deal
from games.minibridge import declaring, scoring
from games.minibridge.game import Contract
from games.minibridge.rules import (
    GAME,
    GOAL_LAW_10,
    GOAL_SEVEN,
    GOAL_TARGET,
    PART,
    SCORE_LAWS,
    SCORE_LESSON_3,
    SCORE_TRICKS,
    SCORE_WIN_LOSS,
    SLAM,
    TIE_PAIR_CHOOSES,
    MiniBridgeRules,
)
from games.seats import SEATS, Seat, Side

TRICKS_IN_A_HAND = 13

_LESSON_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
_DENOMINATION_WORDS = {"NT": "no-trumps", "S": "spades", "H": "hearts", "D": "diamonds",
                       "C": "clubs"}
_EXAMPLE = "e.g. '4H', 'part NT' or 'game S'"


class ResultError(ValueError):
    """A typed-in result that cannot be right, with a reason a pupil can read."""


@dataclass(frozen=True)
class CheckedResult:
    """A result that passed every check, with its score.

    ``tricks`` are the declaring side's; ``tricks_ns`` North-South's (the only
    count in MiniLessons 1-2, which have no declarer). ``score`` is what each
    side scores on the board (Laws 16-17; in MiniLessons 1-2 the tricks; in the
    target variant 1 for the side that won the deal). ``win`` is the side that
    won the deal in the target variant.
    """

    board: int
    tricks_ns: int
    score: dict[Side, int]
    declarer: Seat | None = None
    combined_hcp: int | None = None
    contract: Contract | None = None
    tricks: int | None = None
    made: bool | None = None
    win: Side | None = None
    contract_string: str | None = None

    @property
    def declaring_side(self) -> Side | None:
        return None if self.declarer is None else self.declarer.side

    @property
    def goal(self) -> int | None:
        return None if self.contract is None else self.contract.goal

    @property
    def tricks_by_side(self) -> dict[Side, int]:
        return {Side.NS: self.tricks_ns, Side.EW: TRICKS_IN_A_HAND - self.tricks_ns}

    @property
    def score_ns(self) -> int:
        """North-South's score less East-West's, as a traveller writes it."""
        return self.score[Side.NS] - self.score[Side.EW]

    def words(self) -> str:
        """What the confirmation screen says, e.g. "Game in hearts by South:
        9 tricks, 1 short of the goal of 10. East-West score 50." """
        if self.declarer is None or self.contract is None or self.tricks is None:
            ns = self.tricks_ns
            return f"North-South won {ns} tricks, East-West {TRICKS_IN_A_HAND - ns}."
        goal = self.contract.goal
        aim = "target" if self.win is not None else "goal"
        if self.made:
            how = f"{aim} of {goal} reached" if self.tricks == goal else (
                f"{self.tricks - goal} more than the {aim} of {goal}")
        else:
            how = f"{goal - self.tricks} short of the {aim} of {goal}"
        trick_word = "trick" if self.tricks == 1 else "tricks"
        if self.win is not None:
            scored = f"{_side_words(self.win)} win the deal."
        else:
            scored = " ".join(f"{_side_words(side)} score {points}."
                              for side, points in self.score.items() if points)
        return (f"{self.contract.words()} by {self.declarer.word}: {self.tricks} "
                f"{trick_word}, {how}. {scored}")

    def result(self) -> dict[str, Any]:
        """The same dictionary a hand played online gives (``MiniBridge.result()``),
        so travellers and league tables take either
        (:func:`games.duplicate.board_result_from_hand`)."""
        by_side = {side.value: n for side, n in self.tricks_by_side.items()}
        return {
            "redeal": False, "reason": None,
            "declarer": self.declarer.value if self.declarer else None,
            "declaring_side": self.declaring_side.value if self.declaring_side else None,
            "contract": self.contract.as_data() if self.contract else None,
            "contract_string": self.contract_string, "goal": self.goal, "tricks": self.tricks,
            "made": self.made, "score": {side.value: n for side, n in self.score.items()},
            "win": self.win.value if self.win else None, "tricks_by_side": by_side,
            "claimed": False, "revoke_transfers": 0,
        }


def _side_words(side: Side) -> str:
    return "North-South" if side is Side.NS else "East-West"


# -- the check ------------------------------------------------------------------


def result_check(*, deal: Deal, rules: MiniBridgeRules, declarer: Seat | str | None,
                 contract: str | None, tricks: int | str) -> CheckedResult:
    """Check a result typed in at a real table and score it.

    ``declarer`` is a seat ("N", "north" or a :class:`Seat`); ``contract`` is
    friendly text: "4H", "3NT", "part NT", "game in spades", "6NT" (slam
    variant), or only the denomination ("NT", "H") in MiniLessons 3-4 and the
    target variant; ``tricks`` are the declaring side's. In MiniLessons 1-2
    there is no declarer and no contract: ``tricks`` are North-South's.
    Raises :class:`ResultError` with a reason a pupil can read.
    """
    _check_four_handed(rules)
    _check_thirteen_cards(deal)
    won = _tricks(tricks)
    if not rules.has_dummy:
        return _tricks_only(deal, rules, declarer, contract, won)
    who = _declarer(deal, rules, declarer)
    bid = _contract(rules, contract)
    points = deal.side_hcp(who.side)
    goal = _goal(rules, bid, points)
    chosen = Contract(bid.denomination, bid.level, goal)
    made = won >= goal
    declaring_points, defending_points = _score(rules, chosen, won)
    side = who.side
    return CheckedResult(
        board=deal.board,
        tricks_ns=won if side is Side.NS else TRICKS_IN_A_HAND - won,
        score={side: declaring_points, side.other: defending_points},
        declarer=who, combined_hcp=points, contract=chosen, tricks=won, made=made,
        win=(side if made else side.other) if rules.scoring == SCORE_WIN_LOSS else None,
        contract_string=scoring.contract_string(chosen.denomination, chosen.level, goal,
                                                who.value, won),
    )


def _check_four_handed(rules: MiniBridgeRules) -> None:
    if rules.three_handed:
        raise ResultError("Results are typed in for four players, a pair against a pair; "
                          "the three-handed games are played on the site.")


def _check_thirteen_cards(deal: Deal) -> None:
    """Law 6: "or if any player has not got exactly thirteen cards" - redeal."""
    for seat in SEATS:
        count = len(deal.hand(seat))
        if count != TRICKS_IN_A_HAND:
            raise ResultError(f"Board {deal.board} is not a whole deal: {seat.word} has {count} "
                              f"cards, not thirteen (Law 6).")


def _tricks(tricks: int | str) -> int:
    """Law 15: the players agree how many tricks each side won - 0 to 13."""
    if isinstance(tricks, str) and tricks.strip().isdigit():
        tricks = int(tricks.strip())
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise ResultError(f"Type the tricks as a whole number from 0 to 13, not {tricks!r}.")
    if not 0 <= tricks <= TRICKS_IN_A_HAND:
        raise ResultError(f"A deal has 13 tricks: {tricks} tricks cannot be won.")
    return tricks


def _tricks_only(deal: Deal, rules: MiniBridgeRules, declarer: Seat | str | None,
                 contract: str | None, tricks_ns: int) -> CheckedResult:
    """MiniLessons 1-2: no points, no dummy; the score is the tricks per side."""
    lesson = f"MiniLesson {_LESSON_WORDS[rules.lesson]}"
    if declarer not in (None, ""):
        raise ResultError(f"{lesson} has no declarer: type only the tricks North-South won.")
    if contract not in (None, ""):
        raise ResultError(f"{lesson} has no contract: every hand is played in no-trumps; "
                          f"type only the tricks North-South won.")
    assert rules.scoring == SCORE_TRICKS
    by_side = {Side.NS: tricks_ns, Side.EW: TRICKS_IN_A_HAND - tricks_ns}
    return CheckedResult(board=deal.board, tricks_ns=tricks_ns, score=by_side)


# -- Law 7: who declares --------------------------------------------------------


def announcing_order(dealer: Seat) -> tuple[Seat, ...]:
    """Law 5: "Starting with the dealer and going clockwise"."""
    order = [dealer]
    while len(order) < len(SEATS):
        order.append(order[-1].next)
    return tuple(order)


def _declarer(deal: Deal, rules: MiniBridgeRules, declarer: Seat | str | None) -> Seat:
    """Law 7 (and Law 6's redeal), decided by the engine's own
    :func:`games.minibridge.declaring.decide` from the true counts announced
    in clockwise order from the dealer."""
    announcements = [(seat, deal.hcp(seat)) for seat in announcing_order(deal.dealer)]
    outcome = declaring.decide(rules, deal.dealer, announcements)
    if outcome.redeal is not None:
        raise ResultError(f"Board {deal.board} has no result: both sides hold 20 points, "
                          f"so it is dealt again (Law 6).")
    seat = _seat(declarer)
    ns, ew = deal.side_hcp(Side.NS), deal.side_hcp(Side.EW)
    side = Side.NS if ns > ew else Side.EW
    if seat.side is not side:
        more, fewer = max(ns, ew), min(ns, ew)
        raise ResultError(f"{seat.word} cannot declare board {deal.board}: "
                          f"{_side_words(side)} hold {more} points to {_side_words(side.other)}'s "
                          f"{fewer}, so {_side_words(side)} declare (Law 7).")
    if outcome.choosers:
        return seat  # MiniLessons 3-4: the tied pair chose
    if seat != outcome.declarer:
        raise ResultError(_wrong_member(deal, rules, seat, outcome.declarer))  # type: ignore[arg-type]
    return seat


def _seat(declarer: Seat | str | None) -> Seat:
    if isinstance(declarer, Seat):
        return declarer
    if not isinstance(declarer, str) or not declarer.strip():
        raise ResultError("Name the declarer: N, E, S or W.")
    try:
        return Seat.from_str(declarer)
    except ValueError:
        raise ResultError(f"{declarer!r} is not a seat: name the declarer as N, E, S or "
                          f"W.") from None


def _wrong_member(deal: Deal, rules: MiniBridgeRules, seat: Seat, right: Seat) -> str:
    mine, theirs = deal.hcp(seat), deal.hcp(right)
    if mine < theirs:
        return (f"{seat.word} cannot declare board {deal.board}: {right.word} holds more points "
                f"({theirs} to {mine}), so {right.word} is declarer (Law 7).")
    assert rules.tie_rule != TIE_PAIR_CHOOSES
    return (f"{seat.word} cannot declare board {deal.board}: {right.word} and {seat.word} hold "
            f"{mine} points each, and {right.word} announced first (points are announced "
            f"clockwise from the dealer, {deal.dealer.word}), so {right.word} is declarer (Law 7).")


# -- Law 9: the contract ----------------------------------------------------------


@dataclass(frozen=True)
class _Bid:
    """A contract as typed: the denomination, the level word if any, and the
    level digit if one was written ("4H")."""

    denomination: str
    level: str | None
    digit: int | None


_LEVEL_WORDS = {"part": PART, "partscore": PART, "game": GAME, "slam": SLAM}
_SYMBOLS = {"♠": " S ", "♤": " S ", "♥": " H ", "♡": " H ", "♦": " D ", "♢": " D ",
            "♣": " C ", "♧": " C "}
_NO_TRUMPS = re.compile(r"\bno[\s-]*trumps?\b|\bnt\b|\bn\b", re.IGNORECASE)
_PART_SCORE = re.compile(r"\bpart[\s-]*score\b", re.IGNORECASE)
_FILLER = {"in", "a", "of", "contract"}
_PUNCTUATION = set(".,;:!-'\"()")


def parse_contract(text: str | None) -> tuple[int | None, str | None, str]:
    """Friendly contract text -> ``(level digit or None, level word or None,
    denomination)``: "4H" -> (4, None, "H"), "game in spades" -> (None,
    "game", "S"), "NT" -> (None, None, "NT"). Only the spelling is checked
    here; whether the lesson allows it is :func:`result_check`'s business."""
    bid = _parse(text)
    return bid.digit, bid.level, bid.denomination


def _parse(text: str | None) -> _Bid:
    if not isinstance(text, str) or not text.strip():
        raise ResultError(f"Type the contract, {_EXAMPLE}.")
    plain = "".join(_SYMBOLS.get(ch, ch) for ch in text)
    plain = _PART_SCORE.sub(" part ", plain)
    plain = _NO_TRUMPS.sub(" NT ", plain)
    tokens = [t for t in re.findall(r"\d+|[A-Za-z]+|[^\sA-Za-z\d]", plain)
              if t not in _PUNCTUATION]
    digit: int | None = None
    level: str | None = None
    denomination: str | None = None
    for token in tokens:
        word = token.lower()
        if word in _FILLER:
            continue
        if token.isdigit():
            if digit is not None or level is not None:
                raise ResultError(f"{text!r} names the level twice: write '4H' or 'game H'.")
            digit = int(token)
        elif word in _LEVEL_WORDS:
            if digit is not None or level is not None:
                raise ResultError(f"{text!r} names the level twice: write '4H' or 'game H'.")
            level = _LEVEL_WORDS[word]
        else:
            found = _denomination(token)
            if found is None:
                raise ResultError(f"{token!r} is not part of a MiniBridge contract: write the "
                                  f"contract, {_EXAMPLE}.")
            if denomination is not None:
                raise ResultError(f"{text!r} names two denominations: choose one trump suit "
                                  f"or no-trumps.")
            denomination = found
    if denomination is None:
        raise ResultError(f"{text!r} does not say the trump suit or no-trumps: {_EXAMPLE}.")
    return _Bid(denomination, level, digit)


def _denomination(token: str) -> str | None:
    if token.upper() in ("NT", "N"):
        return "NT"
    try:
        return Suit.from_str(token).value
    except InvalidCardError:
        return None


def _level_from_digit(rules: MiniBridgeRules, bid: _Bid) -> str:
    """Bridge levels for MiniBridge contracts: part-score 1, game 3NT, 4H, 4S,
    5C, 5D (Law 10's nine, ten or eleven tricks), slam 6 (the slam variant's
    twelve tricks) - the levels the engine's contract strings use."""
    denomination, digit = bid.denomination, bid.digit
    game = scoring.law_10_goal(GAME, denomination) - scoring.BOOK
    levels = {1: PART, game: GAME, 6: SLAM}
    if digit in levels:
        return levels[digit]
    named = f"{digit}{denomination}"
    choices = f"part-score is 1{denomination} and game {game}{denomination}"
    if SLAM in rules.levels:
        choices += f", slam 6{denomination}"
    raise ResultError(f"{named} is not a MiniBridge contract: in "
                      f"{_DENOMINATION_WORDS[denomination]} {choices}.")


def _contract(rules: MiniBridgeRules, text: str | None) -> _Bid:
    """Law 9, as each lesson has it: "He either announces 'Game' or
    'Part-score' and he either announces a trump suit or 'No-trumps'."""
    bid = _parse(text)
    denomination = bid.denomination
    lesson = f"MiniLesson {_LESSON_WORDS[rules.lesson]}"
    if denomination not in rules.denominations:
        raise ResultError(f"In {lesson} every contract is in no-trumps: type 'NT'."
                          if rules.denominations == ("NT",) else
                          f"{_DENOMINATION_WORDS[denomination].capitalize()} is not allowed here.")
    if not rules.levels:
        _no_level(rules, lesson, bid)
        return _Bid(denomination, None, None)
    level = bid.level if bid.digit is None else _level_from_digit(rules, bid)
    if level is None:
        game = scoring.law_10_goal(GAME, denomination) - scoring.BOOK
        raise ResultError(f"Say part-score or game as well: '1{denomination}' or "
                          f"'part {denomination}', '{game}{denomination}' or "
                          f"'game {denomination}'.")
    if level not in rules.levels:
        raise ResultError("A slam is played only with the slam variant: here declarer "
                          "chooses part-score or game.")
    return _Bid(denomination, level, None)


def _no_level(rules: MiniBridgeRules, lesson: str, bid: _Bid) -> None:
    """MiniLessons 3-4 and the target variant: declarer names only the
    denomination. In MiniLessons 3-4 "Declarer's goal is always seven or more
    tricks", so "part" (or the level 1 the engine writes, "1NT") says the same
    and is accepted; game, slam and other levels are refused. The target
    variant refuses any level: its target comes from the declaring side's points."""
    denomination = bid.denomination
    if rules.goal_rule == GOAL_TARGET:
        if bid.level is not None or bid.digit is not None:
            raise ResultError(f"In the target variant declarer names only the trump suit or "
                              f"no-trumps (type '{denomination}'): the target comes from the "
                              f"declaring side's points.")
        return
    seven = (f"declarer's goal is always seven tricks. Type only the trump suit or "
             f"no-trumps, e.g. '{denomination}'.")
    if bid.level not in (None, PART):
        raise ResultError(f"There is no {bid.level} in {lesson}: {seven}")
    if bid.digit not in (None, 1):
        raise ResultError(f"{bid.digit}{denomination} is not a {lesson} contract: {seven}")


def _goal(rules: MiniBridgeRules, bid: _Bid, combined_hcp: int) -> int:
    """Law 10; seven in MiniLessons 3-4; the target by points in the target variant."""
    if rules.goal_rule == GOAL_SEVEN:
        return scoring.SEVEN
    if rules.goal_rule == GOAL_LAW_10:
        return scoring.law_10_goal(bid.level, bid.denomination)  # type: ignore[arg-type]
    if rules.goal_rule == GOAL_TARGET:
        return target_tricks(combined_hcp)
    raise AssertionError(f"no goal in {rules.key}")


def _score(rules: MiniBridgeRules, contract: Contract, tricks: int) -> tuple[int, int]:
    """``(declaring side, defenders)`` by the rules' scoring method, with the
    engine's scoring functions: MiniLessons 3-4 (50 + 40 per odd trick, 50 an
    undertrick), Laws 16-17, or the target variant's win or loss."""
    if rules.scoring == SCORE_LESSON_3:
        return scoring.lesson_3_score(tricks)
    if rules.scoring == SCORE_LAWS:
        return scoring.laws_16_17_score(contract.denomination, contract.level,  # type: ignore[arg-type]
                                        tricks, rules.slam_bonus)
    if rules.scoring == SCORE_WIN_LOSS:
        # "scored simply as a win or loss for each side": one deal won.
        return (1, 0) if tricks >= contract.goal else (0, 1)
    raise AssertionError(f"no score for {rules.scoring!r}")
