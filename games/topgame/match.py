"""The Top Game match: 6 + 6 hands, its two score sheets, and who sits where.

"You should play for a stake and a good way to do so is to play a "match" which
consists of 6+6 hands (including the ones passed out but not the ones where the
wrong information of dummy was given). The dealer in the first hand as well as
the position of the players (let us call them A,B,C) is decided by drawing
cards. The dealer (A say) in the first hand will take care of the score sheet in
all 12 hands. After 6 hands B and C change places, A deals in the seventh hand
and a new score sheet is made. On the scoresheet the players have in dealing
order (clockwise) one column each. At the bottom, right under the dealer (and
his scores), a note is (before the opening lead) made of the final bid, the
number of tops in dummy and the contract."

A table plays hands one after another; each hand is one :class:`TopGame`. This
module holds what spans them (decision record 0232):

* :func:`deal`: hand ``board`` of a table. The dealer's seat turns clockwise
  with the table's hand number, South first, so that in the first hand the
  dummy lies at the top of the screen of a pupil in South. Which *player* deals
  is not the seat's business: a table seats its players for each hand as
  :func:`games.topgame.scoring.standing` says (``next["seats"]``).
* :func:`next_hand`: which match hand the next one is, who deals, and the seat
  of each of A, B and C (B and C change places before the seventh); the
  match's sheets, from the results of a table's finished hands, are
  :func:`games.topgame.scoring.standing`'s.

A is the dealer of a match's first hand (the site's "drawing cards" is its
filling of the seats: the first pupil seated deals first), B the next player
clockwise, C the third. After twelve counted hands a new match starts with the
next player clockwise as its A.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.deals import Deal
from games.seats import SEATS, Seat
from games.topgame.rules import TopGameRules

#: "6+6 hands".
HANDS_PER_SHEET = 6
HANDS_PER_MATCH = 2 * HANDS_PER_SHEET
#: The dealing order (clockwise) on each sheet: "After 6 hands B and C change places".
ORDERS: tuple[str, str] = ("ABC", "ACB")
LETTERS = "ABC"


def dealer_seat(board: int) -> Seat:
    """The dealer's seat in hand ``board`` of a table: South, West, North, East, ..."""
    if board < 1:
        raise ValueError("hands are numbered from 1")
    return SEATS[(board + 1) % 4]


def deal(rules: TopGameRules, rng: random.Random, board: int = 1) -> Deal:
    """"Deal as usual to four players, the hand opposite the dealer belonging to the
    dummy": four hands of thirteen, one card at a time from dealer's left."""
    return Deal.random(rng, dealer=dealer_seat(board), board=board)


def next_deal(rules: TopGameRules, rng: random.Random, following: Mapping[str, Any]) -> Deal:
    """The deal of the hand ``standing(...)["next"]`` describes: the cards of its
    table hand, dealt from its dealer's seat (the same seat again after a redeal)."""
    dealt = deal(rules, rng, following["table_hand"])
    seat = Seat(following["dealer_seat"])
    return dealt if dealt.dealer == seat else replace(dealt, dealer=seat)


def order_of(match_hand: int) -> str:
    """The clockwise order of A, B, C in hand ``match_hand`` (1 to 12) of a match."""
    _check_hand(match_hand)
    return ORDERS[(match_hand - 1) // HANDS_PER_SHEET]


def dealer_of(match_hand: int) -> str:
    """Who deals hand ``match_hand``: A, B, C, A, B, C, then "A deals in the
    seventh hand" and the order is A, C, B."""
    _check_hand(match_hand)
    return order_of(match_hand)[(match_hand - 1) % 3]


def seats_of(match_hand: int, dealer: Seat) -> dict[str, Seat]:
    """Where A, B and C sit in hand ``match_hand`` dealt from ``dealer``: the
    dealer's letter there, the others clockwise after him in the sheet's order
    (the seat opposite the dealer holds the dummy)."""
    order = order_of(match_hand)
    first = order.index(dealer_of(match_hand))
    letters = order[first:] + order[:first]
    return dict(zip(letters, (dealer, dealer.lho, dealer.rho), strict=True))


def _check_hand(match_hand: int) -> None:
    if not 1 <= match_hand <= HANDS_PER_MATCH:
        raise ValueError(f"a match has hands 1 to {HANDS_PER_MATCH}, not {match_hand}")


def next_hand(results: Sequence[Mapping[str, Any]], match: int, counted: int) -> dict[str, Any]:
    """The next hand: its number at the table and in the match, who deals where,
    and the seat of each player. A redealt hand is dealt again by the same dealer
    from the same seat (PENALTY POINTS: "the hand is redealt by the same dealer")."""
    if counted == HANDS_PER_MATCH:
        match, counted = match + 1, 0
    hand = counted + 1
    table_hand = len(results) + 1
    redeal = bool(results) and not results[-1].get("counts", True)
    seat = Seat(results[-1]["dealer"]) if redeal else dealer_seat(table_hand)
    seats = seats_of(hand, seat)
    return {
        "table_hand": table_hand, "match": match, "hand": hand,
        "sheet": (hand - 1) // HANDS_PER_SHEET + 1, "order": order_of(hand),
        "dealer": dealer_of(hand), "dealer_seat": seat.value, "redeal": redeal,
        "seats": {letter: s.value for letter, s in seats.items()},
        "new_sheet": hand == HANDS_PER_SHEET + 1 and not redeal,
        "new_match": hand == 1 and bool(results) and not redeal,
    }


