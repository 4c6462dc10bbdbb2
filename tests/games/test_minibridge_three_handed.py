"""MiniBridge for three ("It can be a great game for three"): a dummy hand is
dealt opposite the dealer; simple and normal three-handed rules."""

from __future__ import annotations

import pytest

from games.minibridge import MiniBridge, make_rules
from games.minibridge.playout import play_to_end
from games.protocol import NotYourTurnError
from games.seats import SEATS
from tests.games.minibridge_helpers import deal_with, game_at, points

N, E, S, W = SEATS


def _cards(deal, seat) -> tuple[str, ...]:
    return tuple(str(c) for c in deal.hand(seat))


def test_three_players_sit_round_the_dummy_dealt_opposite_the_dealer() -> None:
    deal = deal_with({N: "SA SK", E: "HA HK", W: "DA DK", S: "CA CK"}, dealer=E)
    game = MiniBridge(make_rules(5, "three-simple"), deal)
    assert game.players() == (N, E, S)
    assert game.to_act() == (E,)
    assert game.view(W).info["position"] is None and game.view(W).hand == ()
    with pytest.raises(NotYourTurnError, match="Nobody plays West"):
        game.apply(W, "hcp 7")


def test_three_players_announce_clockwise_skipping_the_dummy() -> None:
    deal = deal_with({N: "SA SK", E: "HA HK", W: "DA DK", S: "CA CK"})
    game = game_at(5, deal, "three-normal")
    assert [a["seat"] for a in game.view(N).info["announcements"]] == ["N", "E", "W"]


# -- simple three-handed ---------------------------------------------------------

#: Dealer North 7, East 16, West 7, the dealt dummy (South) 10.
EAST_STRONGEST = {N: "SA HJ CJ SJ", E: "SK SQ HA HK DA", W: "HQ DK DQ", S: "CA CK CQ DJ"}


def test_simple_the_strongest_player_declares_with_the_dummy_faced_opposite_him() -> None:
    deal = deal_with(EAST_STRONGEST)
    assert points(deal) == {N: 7, E: 16, S: 10, W: 7}
    game = game_at(5, deal, "three-simple")
    assert (game.declarer, game.dummy) == (E, W)
    view = game.view(N)
    assert view.hands["W"] == _cards(deal, S)  # the dealt dummy, now opposite East
    west = game.view(W)
    assert west.info["position"] == "S" and west.hand == _cards(deal, W)
    assert west.info["positions"] == {"N": "N", "E": "E", "W": "S"}
    assert view.info["side_hcp"] == {"NS": 14, "EW": 26}


def test_simple_the_moved_player_defends_from_his_new_place() -> None:
    game = game_at(5, deal_with(EAST_STRONGEST), "three-simple", actions="E contract game NT")
    assert game.view(N).to_play == "S" and game.to_act() == (W,)  # West's own cards, at South
    lead = game.legal_actions(W)[0]
    game.apply(W, lead)
    assert game.to_act() == (E,)  # West position is now dummy, played by East
    assert game.view(E).to_play == "W"
    play_to_end(game)
    assert set(game.result()["score"]) == {"NS", "EW"}


def test_simple_the_dealer_declaring_keeps_the_dummy_where_it_was_dealt() -> None:
    deal = deal_with({N: "SA SK HA HK", E: "SQ HQ DA", W: "SJ HJ DK DQ", S: "DJ CA CK CQ CJ"})
    game = game_at(5, deal, "three-simple")
    assert points(deal)[N] == 14 and (game.declarer, game.dummy) == (N, S)
    assert game.control == {N: N, E: E, W: W}


def test_simple_a_tie_for_the_most_points_goes_to_the_first_to_announce() -> None:
    deal = deal_with({N: "SJ", E: "SA SK HA HQ", W: "DA DK HK SQ HJ", S: "DQ DJ CA CK CQ CJ"})
    assert points(deal)[E] == points(deal)[W] == 13
    assert game_at(5, deal, "three-simple").declarer is E


def test_simple_redeal_when_declarer_and_dummy_hold_fewer_than_21() -> None:
    deal = deal_with({N: "SA SK SQ HJ DJ CJ", E: "HA HK HQ CQ", W: "DA DK DQ SJ", S: "CA CK"})
    assert points(deal) == {N: 12, E: 11, W: 10, S: 7}
    game = game_at(5, deal, "three-simple")
    assert game.result()["redeal"] is True and "19" in game.result()["reason"]


# -- normal three-handed -------------------------------------------------------------

def test_normal_dealer_exchanges_hands_with_a_stronger_dummy_before_it_is_exposed() -> None:
    # Dealer North 10, dummy South 15: their 25 beat East-West's 15.
    deal = deal_with({N: "SA SK HA", S: "SQ HK HQ DA CA", E: "DK DQ SJ HJ", W: "CK CQ CJ DJ"})
    assert points(deal) == {N: 11, S: 15, E: 7, W: 7}
    game = game_at(5, deal, "three-normal")
    assert (game.declarer, game.dummy) == (N, S)
    assert game.view(N).hand == _cards(deal, S)
    assert game.view(E).hands["S"] == _cards(deal, N)
    assert game.view(E).info["side_hcp"] == {"NS": 26, "EW": 14}


def test_normal_dealer_keeps_his_hand_when_it_is_the_stronger() -> None:
    deal = deal_with({S: "SA SK HA", N: "SQ HK HQ DA CA", E: "DK DQ SJ HJ", W: "CK CQ CJ DJ"})
    game = game_at(5, deal, "three-normal")
    assert game.declarer is N and game.view(N).hand == _cards(deal, N)
    assert game.view(W).hands["S"] == _cards(deal, S)


def test_normal_when_the_other_side_declares_the_partner_takes_over_the_dealt_dummy() -> None:
    # East 12 + West 9 = 21 against dealer North 10 + dummy South 9.
    deal = deal_with({E: "SA SK HA HJ", W: "SQ HK DA", N: "DK DQ CA SJ", S: "CK CQ CJ HQ DJ"})
    assert points(deal) == {N: 10, E: 12, S: 9, W: 9}
    announcing = MiniBridge(make_rules(5, "three-normal"), deal)
    assert "S" not in announcing.view(W).hands
    game = game_at(5, deal, "three-normal")
    assert (game.declarer, game.dummy) == (E, W)
    west = game.view(W)
    assert west.info["position"] == "S" and west.hand == _cards(deal, S)
    assert game.view(N).hands["W"] == _cards(deal, W)  # West's own hand is dummy
    game.apply(E, "contract part S")
    assert game.to_act() == (W,)  # declarer's left is South, now West's place


def test_normal_a_tie_in_the_other_side_goes_to_the_first_to_announce() -> None:
    deal = deal_with({E: "SA SK HA", W: "SQ HK DA HQ", N: "DK DQ CA SJ", S: "CK CQ CJ HJ DJ"})
    assert points(deal)[E] == points(deal)[W] == 11
    assert game_at(5, deal, "three-normal", ).declarer is E
    assert game_at(5, deal_with({E: "SA SK HA", W: "SQ HK DA HQ", N: "DK DQ CA SJ",
                                 S: "CK CQ CJ HJ DJ"}, dealer=S), "three-normal").declarer is W


def test_normal_redeal_at_twenty_points_each() -> None:
    deal = deal_with({E: "SA SK HA", W: "SQ HK DA", N: "DK DQ CA SJ HQ CQ", S: "CK CJ HJ DJ"})
    assert points(deal)[E] + points(deal)[W] == 20
    assert game_at(5, deal, "three-normal").result()["redeal"] is True


def test_a_defender_who_moved_answers_a_claim_from_his_new_place() -> None:
    deal = deal_with({E: "SA SK HA HJ", W: "SQ HK DA", N: "DK DQ CA SJ", S: "CK CQ CJ HQ DJ"})
    game = game_at(5, deal, "three-normal", actions="E contract part NT")
    game.apply(W, game.legal_actions(W)[0])  # the lead from South, West's new place
    game.apply(E, "claim 7")
    assert game.to_act() == (N, W)
    game.apply(N, "accept")
    game.apply(W, "accept")
    assert game.result()["tricks_by_side"]["EW"] >= 7
