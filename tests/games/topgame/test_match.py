"""The 6 + 6 match: who deals, who sits where, the two sheets and the next hand."""

from __future__ import annotations

import random

import pytest

from games.seats import Seat
from games.topgame import ENTRY, TopGame
from games.topgame.match import (
    deal,
    dealer_of,
    dealer_seat,
    next_deal,
    order_of,
    seats_of,
)
from games.topgame.rules import TopGameRules
from games.topgame.scoring import standing

RULES = TopGameRules()


def test_the_deal_passes_clockwise_and_after_six_hands_b_and_c_change_places():
    """"After 6 hands B and C change places, A deals in the seventh hand"."""
    assert "".join(dealer_of(h) for h in range(1, 13)) == "ABCABC" + "ACBACB"
    assert order_of(6) == "ABC" and order_of(7) == "ACB"


def test_the_dealer_seat_turns_clockwise_from_south():
    assert [dealer_seat(n).value for n in range(1, 6)] == ["S", "W", "N", "E", "S"]
    hand = deal(RULES, random.Random(1), 1)
    assert hand.dealer is Seat.SOUTH and all(len(hand.hand(s)) == 13 for s in Seat)


def test_the_players_sit_clockwise_in_the_sheets_order_the_dummy_opposite_the_dealer():
    seats = seats_of(2, Seat.WEST)  # B deals from West: C on his left, A on his right
    assert seats == {"B": Seat.WEST, "C": Seat.NORTH, "A": Seat.SOUTH}
    seats = seats_of(8, Seat.WEST)  # C deals hand 8: the order is A, C, B
    assert seats == {"C": Seat.WEST, "B": Seat.NORTH, "A": Seat.SOUTH}


def test_the_registry_seats_the_first_dealer_in_south():
    assert ENTRY.seats[0] is Seat.SOUTH
    assert set(ENTRY.seats) == set(seats_of(1, dealer_seat(1)).values())


def _result(dealer: str, players: str, scores: tuple[int, int, int], **extra: object) -> dict:
    result = {"dealer": dealer, "players": list(players),
              "scores": dict(zip(players, scores, strict=True)), "counts": True,
              "outcome": "played", "final_bid": 5, "dummy_tops": 2, "contract": "4S",
              "penalty": None}
    result.update(extra)
    return result


def _results(count: int) -> list[dict]:
    """``count`` counted hands, each won 10 by its dealer, seated as the match says."""
    results = []
    for _ in range(count):
        following = standing(RULES, results)["next"]
        seats = following["seats"]
        dealer = seats[following["dealer"]]
        clockwise = [dealer] + [seats[k] for k in seats if seats[k] != dealer]
        results.append(_result(dealer, "".join(clockwise), (10, -5, -5)))
    return results


def test_the_sheet_has_a_column_per_player_and_a_note_under_the_dealer():
    """"On the scoresheet the players have in dealing order (clockwise) one column each. At
    the bottom, right under the dealer (and his scores), a note is ... made of the final bid,
    the number of tops in dummy and the contract."\""""
    now = standing(RULES, _results(2))
    first = now["sheets"][0]
    assert first["order"] == ["A", "B", "C"]
    assert [row["dealer"] for row in first["rows"]] == ["A", "B"]
    assert first["rows"][1]["scores"] == {"B": 10, "A": -5, "C": -5}
    assert first["rows"][1]["note"] == {"bid": 5, "tops": 2, "contract": "4S",
                                        "said": "bid five · two tops · four spades"}
    assert first["totals"] == {"A": 5, "B": 5, "C": -10}


def test_a_new_sheet_starts_with_the_seventh_hand_b_and_c_having_changed_places():
    now = standing(RULES, _results(6))
    following = now["next"]
    assert following["hand"] == 7 and following["new_sheet"] and following["dealer"] == "A"
    assert following["order"] == "ACB"
    seats = {k: Seat(v) for k, v in following["seats"].items()}
    assert seats["C"] is seats["A"].lho and seats["B"] is seats["A"].rho
    now = standing(RULES, _results(7))
    assert now["sheets"][1]["order"] == ["A", "C", "B"]
    assert len(now["sheets"][1]["rows"]) == 1


def test_twelve_counted_hands_make_a_match_and_the_next_starts_afresh():
    now = standing(RULES, _results(12))
    assert now["finished"] and now["hands_counted"] == 12
    assert sum(now["totals"].values()) == 0
    following = now["next"]
    assert (following["match"], following["hand"], following["new_match"]) == (2, 1, True)
    later = standing(RULES, _results(13))
    assert later["match"] == 2 and later["matches"][0]["totals"] == now["totals"]


def test_a_hand_dealt_again_after_wrong_information_does_not_count_but_its_penalty_does():
    """"6+6 hands (including the ones passed out but not the ones where the wrong
    information of dummy was given)"; "the hand is redealt by the same dealer"."""
    results = _results(3)
    following = standing(RULES, results)["next"]
    seats = following["seats"]
    dealer = seats[following["dealer"]]
    clockwise = "".join([dealer] + [s for s in seats.values() if s != dealer])
    results.append(_result(dealer, clockwise, (2, 2, -4), counts=False, outcome="redeal",
                           penalty="wrong-information"))
    now = standing(RULES, results)
    assert now["hands_counted"] == 3
    again = now["next"]
    assert again["hand"] == 4 and again["redeal"] and again["dealer_seat"] == dealer
    assert again["seats"] == following["seats"]
    assert now["sheets"][0]["rows"][-1]["counts"] is False
    assert sum(now["sheets"][0]["totals"].values()) == 0


def test_the_next_deal_keeps_the_dealers_seat_after_a_redeal():
    following = {"table_hand": 5, "dealer_seat": "N"}
    assert next_deal(RULES, random.Random(3), following).dealer is Seat.NORTH
    assert next_deal(RULES, random.Random(3), dict(following, dealer_seat="S")).dealer is Seat.SOUTH


def test_a_game_dealt_for_the_table_seats_the_players_the_match_names():
    following = standing(RULES, [])["next"]
    game = TopGame(RULES, next_deal(RULES, random.Random(0), following))
    assert set(game.players()) == {Seat(s) for s in following["seats"].values()}
    assert game.dealer.value == following["seats"][following["dealer"]]


def test_hand_numbers_outside_a_match_are_refused():
    with pytest.raises(ValueError):
        dealer_of(13)
