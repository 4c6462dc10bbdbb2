"""Section 3, the bidding: every example sequence of the text, then its rules one by one."""

from __future__ import annotations

import pytest

from games.preference.game import Preference
from games.protocol import IllegalActionError, NotYourTurnError
from tests.games.preference.helpers import (
    A,
    B,
    C,
    contracts_open,
    discard_any_two,
    new_hand,
    say,
)

# The text's examples: "A is the first bidder (to dealer's left), B is the second
# bidder, and C is the dealer". Section 3 itself puts the first bidder on the
# dealer's right; everything turns counterclockwise (docs/decisions/0200).


def _exchanged(game: Preference) -> list[str]:
    assert game.talon_shown and game.phase == "exchange"
    discard_any_two(game)
    return contracts_open(game)


def test_two_three_four_pass_pass() -> None:
    """'Two Three Four Pass Pass - C is declarer, talon is exchanged, contract must be
    4, 5, Bettel, or Sans'."""
    game = say(new_hand(), "Two", "Three", "Four", "Pass", "Pass")
    assert game.declarer == C
    assert _exchanged(game) == ["4", "5", "bettel", "sans"]


def test_pass_two_three_same_four_same_pass() -> None:
    """'Pass Two Three Same Four Same Pass - B is declarer, talon is exchanged, contract
    must be 4, 5, Bettel, or Sans'."""
    game = say(new_hand(), "Pass", "Two", "Three", "Same", "Four", "Same", "Pass")
    assert game.declarer == B
    assert _exchanged(game) == ["4", "5", "bettel", "sans"]


def test_two_three_four_pass_same_five_pass() -> None:
    """'Two Three Four Pass Same Five Pass - C is declarer, talon is exchanged, contract
    must be 5, Bettel, or Sans'."""
    game = say(new_hand(), "Two", "Three", "Four", "Pass", "Same", "Five", "Pass")
    assert game.declarer == C
    assert _exchanged(game) == ["5", "bettel", "sans"]


def test_two_game_game_four_five() -> None:
    """'Two Game Game Four Five - C is declarer, talon is not exchanged, contract must
    be 5'."""
    game = say(new_hand(), "Two", "Game", "Game")
    assert game.phase == "reveal" and game.to_act() == (B,)
    say(game, "Four")
    assert game.to_act() == (C,)
    say(game, "Five")
    assert game.declarer == C and not game.talon_shown
    assert game.contract is not None and (game.contract.value, game.contract.game) == (5, True)
    assert game.phase == "defence"


def test_game_pass_pass() -> None:
    """'Game Pass Pass - A is declarer, talon is not exchanged, contract must be 2, 3, 4,
    5, Bettel, or Sans'."""
    game = say(new_hand(), "Game", "Pass", "Pass")
    assert game.declarer == A and not game.talon_shown and game.phase == "contract"
    assert contracts_open(game) == ["2", "3", "4", "5", "bettel", "sans"]


def test_two_bettel_pass() -> None:
    """'Two Bettel Pass - B is declarer, talon is not exchanged, contract must be
    Bettel'."""
    game = say(new_hand(), "Two", "Bettel", "Pass")
    assert game.declarer == B and not game.talon_shown
    assert game.contract is not None and (game.contract.value, game.contract.game) == (6, True)


def test_two_bettel_sans() -> None:
    """'Two Bettel Sans - C is declarer, talon is not exchanged, contract must be Sans'."""
    game = say(new_hand(), "Two", "Bettel", "Sans")
    assert game.declarer == C and not game.talon_shown
    assert game.contract is not None and (game.contract.value, game.contract.game) == (7, True)


# -- the rules, sentence by sentence ----------------------------------------------------------

def test_the_player_on_the_dealers_right_speaks_first() -> None:
    """'The player on the Dealer's right has first opportunity to bid or pass'."""
    game = new_hand()
    assert game.deal.dealer == C and game.to_act() == (A,)


def test_the_first_bidder_may_only_pass_say_two_or_game() -> None:
    """'Thus the first bidder can only pass or say "two", or "game"' (and game six or
    seven is said "Bettel" or "Sans")."""
    game = new_hand()
    assert game.legal_actions(A) == ["pass", "bid 2", "game", "bettel", "sans"]
    with pytest.raises(IllegalActionError, match="Only the next number"):
        game.apply(A, "bid 3")


def test_only_the_next_number_may_be_bid() -> None:
    """'Numerical jump bids are not allowed.'"""
    game = say(new_hand(), "Two")
    assert game.legal_actions(B) == ["pass", "bid 3", "game", "bettel", "sans"]
    with pytest.raises(IllegalActionError, match="three"):
        game.apply(B, "bid 4")


def test_nobody_may_reenter_after_a_pass() -> None:
    """'No player who has passed may reenter the bidding'."""
    game = say(new_hand(), "Pass", "Two", "Three")
    assert game.to_act() == (B,)  # A passed and is skipped


def test_a_number_bidder_cannot_later_bid_game() -> None:
    """'a player who has made a number bid cannot later increase his bid to "game".
    Therefore if you want to bid a game at all you must do it at your first
    opportunity'."""
    game = say(new_hand(), "Two", "Three", "Pass")
    assert game.to_act() == (A,)
    assert "game" not in game.legal_actions(A)
    with pytest.raises(IllegalActionError, match="first chance"):
        game.apply(A, "game")


def test_once_game_is_bid_no_number_can_be_bid() -> None:
    """'Once a player has bid "game", no more numerical bids can be made.'"""
    game = say(new_hand(), "Game")
    assert game.legal_actions(B) == ["pass", "game", "bettel", "sans"]
    with pytest.raises(IllegalActionError, match="no more numbers"):
        game.apply(B, "bid 2")


def test_the_number_bidders_are_out_once_game_is_bid() -> None:
    """'Once "game" has been bid only another bid of "game" can outbid it': A's two is
    dead, and the bidding ends with the game bidder when the others have spoken."""
    game = say(new_hand(), "Two", "Game", "Pass")
    assert game.declarer == B and game.auction.is_over()


def test_the_second_game_bidder_may_stay_silent_when_the_first_is_higher() -> None:
    """'If the first player has a higher bid, the second player may remain silent and
    not reveal his bid'."""
    game = say(new_hand(), "Game", "Game", "Pass")
    assert game.legal_actions(A) == ["reveal 2", "reveal 3", "reveal 4", "reveal 5",
                                     "reveal bettel", "reveal sans"]
    say(game, "Sans")
    assert game.legal_actions(B) == ["silent"]
    say(game, "silent")
    assert game.declarer == A and game.contract is not None and game.contract.value == 7


def test_equal_games_go_to_the_senior_player() -> None:
    """'In the unlikely event that two players claim the same suit then the first player
    (counting counterclockwise starting from the player on the dealer's right) has
    precedence.'"""
    game = say(new_hand(), "Pass", "Game", "Game", "Four")
    assert "reveal 4" not in game.legal_actions(C)  # C is junior to B: four does not beat
    assert "reveal 5" in game.legal_actions(C)
    say(game, "silent")
    assert game.declarer == B


def test_a_senior_player_may_claim_a_contract_already_told() -> None:
    """A's hidden game against B's Bettel: A, the senior, wins by telling Bettel too."""
    game = say(new_hand(), "Game", "Bettel", "Pass")
    assert game.phase == "reveal" and game.to_act() == (A,)
    assert game.legal_actions(A) == ["reveal bettel", "reveal sans", "silent"]
    say(game, "Bettel")
    assert game.declarer == A and game.contract is not None and game.contract.value == 6


def test_same_is_only_for_the_senior_player_outbid() -> None:
    """'"Same" is equivalent to bidding the same number as the second bidder ... If the
    second bidder wants to continue, he must go on to the next number'."""
    game = say(new_hand(), "Pass", "Two", "Three")
    assert game.legal_actions(B) == ["pass", "same"]
    say(game, "Same")
    assert game.legal_actions(C) == ["pass", "bid 4"]
    with pytest.raises(IllegalActionError, match="senior"):
        game.apply(C, "same")


def test_everyone_passing_ends_the_hand_for_a_refa() -> None:
    """'If all pass, a Refa is given to each player ... the deck then passes to the next
    player who becomes dealer.'"""
    game = say(new_hand(), "Pass", "Pass", "Pass")
    assert game.is_over() and game.result()["passed_out"] is True
    assert game.status() == "Hand over: everyone passed"


def test_a_player_may_not_speak_out_of_turn() -> None:
    game = new_hand()
    with pytest.raises(NotYourTurnError, match="South's turn"):
        game.apply(B, "pass")
    assert game.log == []
