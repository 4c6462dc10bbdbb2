"""THE SCORE of a hand and THE GAME of several hands, to the game limit
(shared/rules/two-handed.txt)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.deals import Deal
from games.protocol import HandResult, IllegalActionError, Standing
from games.seats import Seat
from games.spades2.deal import deal_hand, dealer_for_hand
from games.spades2.rules import NIL, PLAYERS, TRICKS_PER_HAND, Spades2Rules, opponent


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


def made(bid: int, tricks: int) -> bool:
    """Whether a bid of ``bid`` tricks (0: nil) is made with ``tricks``."""
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


def read_standing(rules: Spades2Rules, data: Mapping[str, Any]) -> Standing:
    """The game to its limit, typed for the teacher's wall: "Game 1 to 250, after 3
    hands" and each player's total (THE GAME)."""
    words = f"Game {data['game']} to {data['limit']}, after {data['hand']} " \
            f"hand{'s' if data['hand'] != 1 else ''}"
    if data.get("winner"):
        words += f": {Seat(data['winner']).word} won"
    return Standing(totals=dict(data["totals"]), words=words, over=bool(data.get("winner")))


# -- the typed result --------------------------------------------------------------

def read_result(rules: object, data: Mapping[str, Any]) -> HandResult:
    """A finished hand's typed result from ``Spades2.result()``: each player's
    points for the hand and tricks by seat letter, and one sentence saying what
    each bid and took (THE SCORE: made or "set").

    >>> read_result(None, {"bids": {"S": 5, "N": 5}, "tricks_won": {"S": 6, "N": 7},
    ...     "made": {"S": True, "N": True}, "scores": {"S": 51, "N": 52}}).words
    'North bid 5 and took 7, South bid 5 and took 6'
    >>> read_result(None, {"bids": {"S": 0, "N": 4}, "tricks_won": {"S": 1, "N": 3},
    ...     "made": {"S": False, "N": False}, "scores": {"S": -100, "N": -40}}).words
    'North bid 4 and took 3 (set), South bid nil and took 1 (set)'
    """
    bids = {str(seat): int(bid) for seat, bid in data["bids"].items()}
    tricks = {str(seat): int(n) for seat, n in data["tricks_won"].items()}
    scores = {str(seat): int(points) for seat, points in data["scores"].items()}
    if set(bids) != {s.value for s in PLAYERS} or set(tricks) != set(bids):
        raise ValueError("a two-handed Spades result has North's and South's bids and tricks")
    said = []
    for seat in PLAYERS:
        bid, took = bids[seat.value], tricks[seat.value]
        bid_words = "nil" if bid == NIL else str(bid)
        set_words = "" if made(bid, took) else " (set)"
        said.append(f"{seat.word} bid {bid_words} and took {took}{set_words}")
    # No roles: the two players bid and play alike, and the result names no dealer.
    return HandResult(game="spades2", words=", ".join(said), scores=scores, tricks=tricks)
