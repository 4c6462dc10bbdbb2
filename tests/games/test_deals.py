"""Deals: seeded dealing, board number conventions and the PBN deal string."""

from __future__ import annotations

import random

import pytest

from games.cards import PACK_32, Card
from games.deals import (
    Deal,
    InvalidDealError,
    Vulnerability,
    dealer_for_board,
    vulnerability_for_board,
)
from games.seats import SEATS, Seat

BOOK_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_a_seed_always_gives_the_same_board() -> None:
    assert Deal.from_seed(42, board=3) == Deal.from_seed(42, board=3)
    assert Deal.from_seed(42, board=3) != Deal.from_seed(42, board=4)


def test_each_player_gets_thirteen_different_cards_dealt_from_dealers_left() -> None:
    deal = Deal.for_board(2, random.Random(1))
    assert deal.dealer is Seat.EAST
    assert all(len(deal.hand(seat)) == 13 for seat in SEATS)
    assert len(set(deal.all_cards())) == 52
    assert sum(deal.hcp(seat) for seat in SEATS) == 40


def test_dealer_and_vulnerability_follow_the_board_number_as_in_bridge() -> None:
    assert [dealer_for_board(b) for b in (1, 2, 3, 4, 5)] == [*SEATS, Seat.NORTH]
    assert [vulnerability_for_board(b).value for b in range(1, 17)] == (
        "None NS EW All NS EW All None EW All None NS All None NS EW".split())
    assert vulnerability_for_board(17) is Vulnerability.NONE


def test_the_pbn_deal_string_reads_and_writes_back() -> None:
    deal = Deal.from_pbn(BOOK_DEAL, board=1)
    assert deal.hcp(Seat.NORTH) == 10 and deal.hcp(Seat.EAST) == 10
    assert deal.pbn() == BOOK_DEAL
    assert deal.pbn(first=Seat.EAST).startswith("E:T98.765.432.AKQJ ")
    east_first = Deal.from_pbn("E:" + BOOK_DEAL[2:])
    assert east_first.hand(Seat.EAST) == deal.hand(Seat.NORTH)


@pytest.mark.parametrize("text", [
    "AKQJ.T98.765.432",                       # no first seat
    "X:AKQJ.T98.765.432 - - -",               # no such seat
    "N:AKQJ.T98.765.432 - -",                 # three hands
    "N:AKQJ.T98.765 - - -",                   # three suits
    "N:AKQZ.T98.765.432 - - -",               # no such rank
    "N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -",  # a card twice
])
def test_a_bad_deal_string_is_refused(text: str) -> None:
    with pytest.raises(InvalidDealError):
        Deal.from_pbn(text)


def test_games_of_two_players_and_a_stock_deal_the_rest_to_the_stock() -> None:
    deal = Deal.random(random.Random(5), seats=(Seat.NORTH, Seat.SOUTH), hand_size=13)
    assert set(deal.hands) == {Seat.NORTH, Seat.SOUTH}
    assert len(deal.stock) == 26
    piquet = Deal.random(random.Random(5), seats=(Seat.NORTH, Seat.SOUTH), hand_size=12,
                         pack=PACK_32)
    assert len(piquet.stock) == 8 and Card.from_str("C2") not in piquet.all_cards()


def test_a_deal_stored_as_data_reads_back_exactly() -> None:
    deal = Deal.random(random.Random(9), seats=(Seat.NORTH, Seat.SOUTH), hand_size=13, board=7)
    assert Deal.from_data(deal.to_data()) == deal
    assert Deal.from_data(Deal.from_seed(1, board=6).to_data()).vulnerability.value == "EW"
    with pytest.raises(InvalidDealError):
        Deal.from_data({"hands": {"N": "SA SA"}})
