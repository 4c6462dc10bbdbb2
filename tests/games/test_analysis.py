"""Double-dummy analysis through endplay (DDS): tables, par and the cost of each card."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.bridge import analysis
from games.bridge.contracts import DENOMINATIONS, Denomination
from games.cards import PACK_52, Card, Suit
from games.deals import Deal, Vulnerability
from games.seats import SEATS, Seat
from games.tricks import TrickPlay, TrickRules

# North holds every spade, East every heart, South every diamond, West every club.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
BOOK_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    return [Deal.for_board(board, rng) for board in range(1, count + 1)]


def test_with_one_suit_each_a_side_makes_all_thirteen_in_its_own_suits_and_none_elsewhere() -> None:
    table = analysis.dd_table(Deal.from_pbn(ONE_SUIT_EACH))
    assert table.as_data() == {
        "N": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
        "E": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
        "S": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
        "W": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
    }
    assert table[Seat.NORTH, Denomination.SPADES] == 13


def test_par_with_one_suit_each_is_the_grand_slam_in_spades() -> None:
    # Spades outrank hearts, and a sacrifice in 7NT would go down all thirteen.
    deal = Deal.from_pbn(ONE_SUIT_EACH, board=1)
    assert analysis.par(deal) == analysis.Par(1510, ("7SN=", "7SS="))


def test_par_on_the_book_deal_is_one_spade_for_the_dealers_side() -> None:
    # Each side takes seven tricks in its two suits: North, who deals, gets in first.
    deal = Deal.from_pbn(BOOK_DEAL, board=1)
    table = analysis.dd_table(deal)
    assert {table[seat, Denomination.SPADES] for seat in (Seat.NORTH, Seat.SOUTH)} == {7}
    assert analysis.par(deal, table=table) == analysis.Par(80, ("1SN=", "1SS="))


def test_par_is_scored_with_the_deals_vulnerability() -> None:
    deal = Deal.from_pbn(ONE_SUIT_EACH, board=1, vulnerability=Vulnerability.NS)
    assert analysis.par(deal).score == 2210


def test_turning_the_deal_round_the_table_turns_the_table() -> None:
    for deal in random_deals(2, seed=5):
        turned = Deal({seat.next: cards for seat, cards in deal.hands.items()})
        table, turned_table = analysis.dd_table(deal), analysis.dd_table(turned)
        for seat in SEATS:
            for denomination in DENOMINATIONS:
                assert turned_table[seat.next, denomination] == table[seat, denomination]


def test_swapping_two_suits_swaps_their_columns() -> None:
    swap = {Suit.HEARTS: Suit.CLUBS, Suit.CLUBS: Suit.HEARTS}
    deal = random_deals(1, seed=8)[0]
    swapped = Deal({seat: tuple(Card(swap.get(c.suit, c.suit), c.rank) for c in cards)
                    for seat, cards in deal.hands.items()})
    table, swapped_table = analysis.dd_table(deal), analysis.dd_table(swapped)
    for seat in SEATS:
        assert swapped_table[seat, Denomination.HEARTS] == table[seat, Denomination.CLUBS]
        assert swapped_table[seat, Denomination.NO_TRUMPS] == table[seat, Denomination.NO_TRUMPS]


def test_dd_tricks_for_one_declarer_agrees_with_the_table() -> None:
    deal = random_deals(1, seed=13)[0]
    table = analysis.dd_table(deal)
    for seat in (Seat.NORTH, Seat.WEST):
        for denomination in (Denomination.SPADES, Denomination.NO_TRUMPS):
            assert analysis.dd_tricks_for(deal, seat, denomination) == table[seat, denomination]


def _double_dummy_line(deal: Deal, trumps: Suit | None, leader: Seat) -> list[tuple[Seat, Card]]:
    """Each card chosen from those solve_board calls best."""
    play = TrickPlay(deal.hands, SEATS, leader, TrickRules(trumps))
    plays: list[tuple[Seat, Card]] = []
    while not play.is_over():
        seat = play.to_play
        assert seat is not None
        options = analysis.best_cards(deal, trumps=trumps, first_leader=leader, plays=plays)
        best = max(options.values())
        card = min(c for c, tricks in options.items() if tricks == best)
        play.play(seat, card)
        plays.append((seat, card))
    return plays


def test_a_double_dummy_line_costs_nothing_and_takes_the_tables_tricks() -> None:
    deal = random_deals(1, seed=21)[0]
    declarer, trumps = Seat.SOUTH, Suit.HEARTS
    plays = _double_dummy_line(deal, trumps, declarer.lho)
    costs = analysis.card_costs(deal, trumps=trumps, first_leader=declarer.lho, plays=plays)
    assert costs == [0] * 52
    play = TrickPlay(deal.hands, SEATS, declarer.lho, TrickRules(trumps))
    for seat, card in plays:
        play.play(seat, card)
    taken = play.won[Seat.NORTH] + play.won[Seat.SOUTH]
    assert taken == analysis.dd_tricks_for(deal, declarer, Denomination.HEARTS)


def test_a_card_that_throws_a_trick_away_costs_what_solve_board_says() -> None:
    # West on lead at no-trumps: the lowest-scoring opening lead against the best one.
    deal = Deal.from_pbn(BOOK_DEAL)
    leader = Seat.WEST
    options = analysis.best_cards(deal, trumps=None, first_leader=leader)
    best = max(options.values())
    worst_card = min(options, key=lambda c: (options[c], c))
    assert options[worst_card] < best
    costs = analysis.card_costs(deal, trumps=None, first_leader=leader,
                                plays=[(leader, worst_card)])
    assert costs == [best - options[worst_card]]


def test_both_ways_of_costing_cards_agree_on_random_plays() -> None:
    rng = random.Random(34)
    for deal in random_deals(3, seed=34):
        trumps = rng.choice([None, *Suit])
        leader = rng.choice(SEATS)
        play = TrickPlay(deal.hands, SEATS, leader, TrickRules(trumps))
        plays: list[tuple[Seat, Card]] = []
        while not play.is_over():
            seat = play.to_play
            assert seat is not None
            card = rng.choice(play.legal_cards(seat))
            play.play(seat, card)
            plays.append((seat, card))
        fast = analysis.card_costs(deal, trumps=trumps, first_leader=leader, plays=plays)
        slow = analysis.card_costs_by_solving(deal, trumps=trumps, first_leader=leader, plays=plays)
        assert fast == slow
        assert all(cost >= 0 for cost in fast) and fast[-4:] == [0, 0, 0, 0]


def test_an_early_stop_is_costed_card_by_card() -> None:
    deal = random_deals(1, seed=55)[0]
    plays = _double_dummy_line(deal, None, Seat.EAST)[:9]
    assert analysis.card_costs(deal, trumps=None, first_leader=Seat.EAST, plays=plays) == [0] * 9
    assert analysis.card_costs(deal, trumps=None, first_leader=Seat.EAST, plays=[]) == []


def test_every_card_converts_to_endplay_and_back() -> None:
    assert all(analysis._card(analysis._ep_card(card)) == card for card in PACK_52)


def test_analysis_needs_all_four_hands() -> None:
    with pytest.raises(ValueError, match="all four hands"):
        analysis.dd_table(Deal.from_pbn("N:AKQJ.T98.765.432 - - -"))


def test_only_the_analysis_module_imports_endplay() -> None:
    code = ("import sys, games.bridge.pbn, games.bridge.contracts, games.cli.check;"
            "assert 'endplay' not in sys.modules, 'endplay imported'")
    subprocess.run([sys.executable, "-c", code], check=True,
                   cwd=Path(__file__).resolve().parents[2])
