"""Sections 1 and 4-7: the deal, the exchange, the contract, the defenders' decisions,
kontra and the play, sentence by sentence, through the engine's actions."""

from __future__ import annotations

import random

import pytest

from games.cards import PACK_32, Card, cards_from_str, shuffled
from games.deals import Deal, InvalidDealError
from games.preference.game import Preference, bidding_order, deal_hand, dealer_of
from games.preference.rules import PLAYERS, PreferenceRules
from games.protocol import GameError, IllegalActionError, InvalidActionError, NotYourTurnError
from games.seats import Seat
from tests.games.preference.helpers import RULES, A, B, C, say

S, E, W = Seat.SOUTH, Seat.EAST, Seat.WEST

# A deal where every card's owner is plain: South (A) all the spades with the top
# hearts, East (B) the other hearts and the top diamonds, West (C, the dealer) the
# low diamonds and the top clubs; the talon the two lowest clubs.
HANDS = {S: "SA SK SQ SJ ST S9 S8 S7 HA HK", E: "HQ HJ HT H9 H8 H7 DA DK DQ DJ",
         W: "DT D9 D8 D7 CA CK CQ CJ CT C9"}
TALON = "C8 C7"


def fixed(rules: PreferenceRules = RULES, hands: dict[Seat, str] | None = None,
          talon: str = TALON) -> Preference:
    hands = hands or HANDS
    deal = Deal({s: cards_from_str(t) for s, t in hands.items()}, dealer=W, board=1,
                stock=cards_from_str(talon))
    return Preference(rules, deal)


def act(game: Preference, *actions: str) -> Preference:
    for action in actions:
        game.apply(game.to_act()[0], action)
    return game


def south_declares(game: Preference, contract: str, discards: str = "HK C7") -> Preference:
    """South bids two, the others pass; he discards and announces ``contract``."""
    act(game, "bid 2", "pass", "pass")
    for card in discards.split():
        act(game, f"discard {card}")
    return act(game, f"contract {contract}")


# -- section 1: the deal ----------------------------------------------------------------------

def test_the_pack_is_dealt_in_fives_with_the_talon_after_the_first_round() -> None:
    """"The cards are dealt five at a time ... The widow should not be the last two cards
    dealt, instead should be two cards after first round of five cards each." """
    rng_seed = 7
    deal = deal_hand(RULES, random.Random(rng_seed), board=1)
    pack = shuffled(PACK_32, random.Random(rng_seed))
    first, second, dealer = bidding_order(deal.dealer)
    assert set(deal.hand(first)) == set(pack[0:5] + pack[17:22])
    assert set(deal.hand(second)) == set(pack[5:10] + pack[22:27])
    assert set(deal.hand(dealer)) == set(pack[10:15] + pack[27:32])
    assert deal.stock == tuple(pack[15:17])


def test_the_deal_turns_counterclockwise_to_the_first_bidder() -> None:
    """Section 3: "the deck then passes to the next player who becomes dealer"; the
    next dealer is the first bidder, on the dealer's right (docs/decisions/0200)."""
    assert [dealer_of(n) for n in range(1, 7)] == [W, S, E, W, S, E]
    for board in range(1, 6):
        assert dealer_of(board + 1) == bidding_order(dealer_of(board))[0]
    # South's right-hand neighbour at the table is East, East's is West (no North).
    assert bidding_order(W) == (S, E, W) and PLAYERS == (S, E, W)


def test_a_deal_that_is_not_preferences_is_refused() -> None:
    with pytest.raises(InvalidDealError, match="does not play Preference"):
        Preference(RULES, Deal.from_seed(1))  # a bridge deal, dealt by North
    with pytest.raises(InvalidDealError, match="only South, East and West hold cards"):
        Preference(RULES, Deal.from_seed(1, board=2))  # dealt by East, North has cards


# -- section 4: the exchange ------------------------------------------------------------------

def test_the_talon_is_shown_to_all_and_the_declarer_discards_two() -> None:
    """"the declarer now picks up the talon, exposing it for all to see, adds it to his
    hand, and then discards any two cards face down." """
    game = act(fixed(), "bid 2", "pass", "pass")
    assert game.phase == "exchange" and game.to_act() == (S,)
    for seat in PLAYERS:
        assert game.view(seat).info["talon"] == ["C8", "C7"]
    assert len(game.view(S).hand) == 12 and game.view(E).hand_sizes["S"] == 12
    act(game, "discard HK", "discard C7")
    assert game.phase == "contract" and game.view(S).info["put_aside"] == ["HK", "C7"]
    assert game.view(E).info["put_aside"] is None
    act(game, "contract 2")
    assert game.view(S).info["discards"] == ["HK", "C7"]
    for seat in (E, W):
        assert "HK" not in str(game.view(seat)) and game.view(seat).info["discards"] is None
    assert len(game.current_hands()[S]) == 10


def test_a_card_put_aside_can_be_taken_back_until_the_contract() -> None:
    game = act(fixed(), "bid 2", "pass", "pass", "discard HK", "discard HA")
    assert game.view(S).card_actions["HA"] == "take back HA"
    act(game, "take back HA")
    assert game.phase == "exchange" and game.view(S).card_actions["HA"] == "discard HA"
    with pytest.raises(IllegalActionError, match="First discard two cards"):
        game.apply(S, "contract 2")


def test_a_game_never_shows_the_talon() -> None:
    """"If a game is bid, the talon is not used." """
    game = act(fixed(), "game", "pass", "pass", "contract 5")
    assert not game.talon_shown
    for seat in PLAYERS:
        view = game.view(seat)
        assert view.info["talon"] is None
        assert "C8" not in str(view) and "C7" not in str(view)
    assert game.full_view().info["talon"] == ["C8", "C7"]


# -- section 5: the contract ------------------------------------------------------------------

def test_the_contract_is_at_least_the_winning_bid() -> None:
    """"the declarer announces the contract number, which must be at least as high as
    the winning bid." """
    game = act(fixed(), "bid 2", "bid 3", "pass", "pass", "discard HQ", "discard HJ")
    assert game.declarer == E
    with pytest.raises(IllegalActionError, match="at least as high as your bid"):
        game.apply(E, "contract 2")
    act(game, "contract hearts")
    assert game.contract is not None and game.contract.value == 4
    assert game.log[-1].text == "contract 4"


def test_a_game_scores_one_more_and_trumps_are_the_contracts_suit() -> None:
    """"All of the contracts can also be played as games ... the value for them in the
    scoring is increased by one"; "Two through five - indicates the suit which is trump"."""
    game = act(fixed(), "game", "pass", "pass", "contract 5")
    assert game.contract is not None and game.contract.game
    assert game.contract.trumps is not None and game.contract.trumps.value == "C"
    assert game.contract.words() == "game clubs (5)"


# -- section 6: the defenders' decisions ------------------------------------------------------

def test_the_defender_after_the_declarer_decides_first() -> None:
    """"First the defender on the declarer's left announces whether he will play,
    followed by the other defender" (the next in the turn: docs/decisions/0203)."""
    game = south_declares(fixed(), "5")
    assert game.phase == "defence" and game.defenders == (E, W) and game.to_act() == (E,)
    assert game.legal_actions(E) == ["defend", "drop out"]


def test_nobody_defending_gives_the_declarer_ten_tricks() -> None:
    """"If neither wishes to play then declarer has (by default) won 10 tricks." """
    game = act(south_declares(fixed(), "5"), "drop out", "drop out")
    result = game.result()
    assert game.is_over() and result["played"] is False
    assert result["tricks"] == {"S": 10, "E": 0, "W": 0} and result["made"] is True


def test_a_lone_defender_may_invite_his_partner_who_cannot_refuse() -> None:
    """"If only one defender wishes to play, he may invite his partner to defend with
    him. This invitation cannot be refused"."""
    game = act(south_declares(fixed(), "5"), "drop out", "defend")
    assert game.to_act() == (W,) and game.legal_actions(W) == ["invite", "play alone"]
    act(game, "invite")
    assert game.roles == {W: "host", E: "guest"}
    assert game.phase == "kontra"


def test_an_invited_defender_may_say_kontra_and_becomes_the_host() -> None:
    """Section 6 (Kontra): "Once the declarer selects the contract ... and the defenders
    have determined who will defend, one of the defenders may say "Kontra" ... The
    defender to declarer's left has the first option to Kontra ... Saying Kontra doubles
    all the scores for the hand and automatically "invites" the other defender (only the
    host scores)." The invited East defends, so he may say it, first as the defender on
    South's left (docs/decisions/0753)."""
    game = act(south_declares(fixed(), "5"), "drop out", "defend", "invite")
    assert game.roles == {W: "host", E: "guest"}
    assert game.to_act() == (E,) and game.legal_actions(E) == ["kontra", "pass"]
    assert "you become the host" in game.view(E).info["help"]
    act(game, "kontra")
    assert game.roles == {E: "host", W: "guest"} and game.kontra_by == E
    assert game.multiplier == 2 and game.to_act() == (S,)
    act(game, "pass")
    assert game.phase == "play" and game.roles == {E: "host", W: "guest"}


def test_the_inviting_defender_may_still_say_kontra_after_his_guest_passes() -> None:
    """"if he does not, then the other defender may Kontra"."""
    game = act(south_declares(fixed(), "5"), "drop out", "defend", "invite", "pass")
    assert game.to_act() == (W,) and game.legal_actions(W) == ["kontra", "pass"]
    act(game, "kontra")
    assert game.roles == {W: "host", E: "guest"} and game.kontra == 1


def test_a_dropped_defender_takes_no_part_and_tricks_have_two_cards() -> None:
    """"A defender who does not wish to play and is not invited to do so lays his cards
    face down and takes no further part in the hand." """
    game = act(south_declares(fixed(), "5"), "defend", "drop out", "play alone", "pass")
    assert game.phase == "play" and game.in_play() == (S, E)
    assert game.to_act() == (S,)  # West dropped out; South is first after the dealer
    act(game, "play SA", "play HQ")
    assert len(game.play.tricks) == 1 and game.play.tricks[0].winner(Card.from_str("CA").suit) == S
    # West's cards stay hidden from the others, and he sees them himself.
    assert "CA" not in str(game.view(S)) and "CA" in game.view(W).hand


def test_bettel_cannot_be_dropped() -> None:
    """Bettel: "There are no trumps, and the defenders may not drop out." """
    game = act(fixed(), "bettel", "pass", "pass")
    assert game.phase == "play" and game.roles == {E: "defends", W: "defends"}
    assert game.contract is not None and game.contract.trumps is None


def test_a_plain_two_needs_a_kontra_to_be_played() -> None:
    """"If the contract is a plain "two" (without "game" and without refa), one of the
    defenders must say Kontra if they want the hand to be played. If neither is willing
    to do so, there is no play and the declarer wins ten tricks by default." """
    game = south_declares(fixed(), "2")
    assert game.plain_two and game.legal_actions(E) == ["kontra", "pass"]
    act(game, "pass", "pass")
    assert game.is_over() and game.result()["played"] is False
    assert game.result()["tricks"]["S"] == 10

    game = act(south_declares(fixed(), "2"), "pass", "kontra")
    assert game.roles == {W: "host", E: "guest"} and game.kontra == 1
    assert game.to_act() == (S,) and game.legal_actions(S) == ["rekontra", "pass"]


def test_a_two_with_a_refa_or_as_a_game_is_not_plain() -> None:
    refa = PreferenceRules().with_refas({"S": 1})
    game = south_declares(fixed(refa), "2")
    assert not game.plain_two and game.legal_actions(E) == ["defend", "drop out"]
    assert game.multiplier == 2
    game = act(fixed(), "game", "pass", "pass", "contract 2")
    assert not game.plain_two


# -- section 6: kontra ------------------------------------------------------------------------

def test_kontra_goes_first_to_the_first_defender_and_invites_the_other() -> None:
    """"The defender to declarer's left has the first option to Kontra, and if he does
    not, then the other defender may Kontra. Saying Kontra doubles all the scores for the
    hand and automatically 'invites' the other defender (only the host scores)." """
    game = act(south_declares(fixed(), "5"), "defend", "defend")
    assert game.phase == "kontra" and game.to_act() == (E,)
    act(game, "pass")
    assert game.to_act() == (W,)
    act(game, "kontra")
    assert game.roles == {W: "host", E: "guest"} and game.multiplier == 2


def test_rekontra_and_further_doublings_alternate() -> None:
    """"if the declarer is confident of winning at least six tricks he may say
    "Rekontra", which doubles the score again ... This defender may then say
    "Rekontra", doubling again." """
    game = act(south_declares(fixed(), "5"), "defend", "defend", "kontra", "rekontra")
    assert game.to_act() == (E,) and game.multiplier == 4
    act(game, "rekontra")
    assert game.to_act() == (S,) and game.multiplier == 8
    act(game, "pass")
    assert game.phase == "play" and game.kontra == 3


def test_a_defender_who_dropped_out_cannot_say_kontra() -> None:
    game = act(south_declares(fixed(), "5"), "defend", "drop out", "play alone")
    assert game.to_act() == (E,)
    act(game, "pass")
    assert game.phase == "play"


# -- section 7: the play ----------------------------------------------------------------------

def test_the_player_on_the_dealers_right_leads_first() -> None:
    """"the player to the dealer's right normally leads to the first trick." """
    game = act(south_declares(fixed(), "5"), "defend", "defend", "pass", "pass")
    assert game.to_act() == (S,)


def test_a_dropped_first_player_is_skipped_for_the_lead() -> None:
    """"If the player to dealer's left is a defender who has dropped out and not been
    invited to play, the next player in rotation leads." """
    game = act(fixed(), "pass", "bid 2", "pass", "discard HQ", "discard C7", "contract 5",
               "defend", "drop out", "play alone", "pass")
    assert game.declarer == E and game.roles == {W: "defends", S: "out"}
    assert game.in_play() == (E, W) and game.to_act() == (E,)


def test_the_sans_declarer_never_leads_to_the_first_trick() -> None:
    """Sans: "he never leads to the first trick"."""
    game = act(south_declares(fixed(), "sans"), "defend", "defend", "pass", "pass")
    assert game.to_act() == (E,)


def test_a_player_must_follow_suit_and_else_trump() -> None:
    """"It is necessary: to follow suit if able; when holding no card of the led suit,
    to play a trump if possible. ... It is not necessary to play a card beating those
    already in the trick." """
    hands = {S: "SA SK SQ HA HK HQ DA DK CA CK", E: "SJ ST S9 HJ HT H9 DQ DJ CQ CJ",
             W: "S8 S7 H8 H7 D9 D8 D7 CT C9 C8"}
    game = act(fixed(hands=hands, talon="DT C7"), "bid 2", "pass", "pass",
               "discard DT", "discard C7", "contract 2", "kontra", "pass")
    act(game, "play HA")
    assert game.legal_actions(E) == ["play HJ", "play HT", "play H9"]
    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(E, "play SJ")
    act(game, "play H9", "play H7")
    act(game, "play DA", "play DJ")  # East follows low: no need to beat
    # West has diamonds: follows. Then hearts again: West void... he still has H8.
    act(game, "play D7")
    act(game, "play HK", "play HT", "play H8", "play HQ", "play HJ")
    assert game.legal_actions(W) == ["play S8", "play S7"]  # void in hearts: must trump
    with pytest.raises(IllegalActionError, match="must play a trump"):
        game.apply(W, "play CT")


def test_play_stops_at_the_fifth_defence_trick() -> None:
    """"When the defenders have taken five tricks play ends, the declarer has failed to
    make the contract" (section 6)."""
    game = fixed(hands={S: "S7 S8 S9 H7 H8 H9 D7 D8 D9 C7",
                        E: "SA SK SQ SJ ST HA HK HQ HJ HT",
                        W: "DA DK DQ DJ DT CA CK CQ CJ CT"}, talon="C8 C9")
    act(game, "game", "pass", "pass", "contract 3", "defend", "defend", "pass", "pass")
    while not game.is_over():
        seat = game.to_act()[0]
        act(game, game.legal_actions(seat)[0])
    assert game.defence_tricks() == 5 and game.play.tricks_played == 5
    assert game.stopped is not None and game.result()["made"] is False


def test_a_bettel_ends_at_the_declarers_first_trick() -> None:
    """Bettel: "The declarer undertakes to take no tricks" (docs/decisions/0209: play
    stops there)."""
    game = act(fixed(), "bettel", "pass", "pass")
    act(game, "play SA", "play HQ", "play DT")  # South leads his ace and wins
    assert game.is_over() and game.result()["declarer_tricks"] == 1
    assert game.result()["made"] is False


# -- the protocol -----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["fly", "bid twelve", "discard ZZ", "play", "contract 9"])
def test_a_text_that_is_no_action_is_refused_and_changes_nothing(text: str) -> None:
    game = fixed()
    before = game.view(S)
    with pytest.raises(InvalidActionError):
        game.apply(S, text)
    assert game.view(S) == before and game.log == []


def test_an_action_of_the_wrong_phase_or_seat_changes_nothing() -> None:
    game = act(fixed(), "bid 2", "pass", "pass")
    before = [game.view(s) for s in PLAYERS]
    for seat, text in ((S, "play SA"), (E, "discard HQ"), (S, "defend"), (S, "discard D7")):
        with pytest.raises(GameError):
            game.apply(seat, text)
    with pytest.raises(NotYourTurnError):
        game.apply(E, "contract 2")
    assert [game.view(s) for s in PLAYERS] == before and len(game.log) == 3


def test_the_log_keeps_one_spelling_and_replays_the_hand() -> None:
    game = act(fixed(), "Bid Two", "PASS", "pass", "discard hk", "discard c7",
               "contract clubs", "drop", "defend", "alone", "pass")
    assert [a.text for a in game.log] == ["bid 2", "pass", "pass", "discard HK", "discard C7",
                                          "contract 5", "drop out", "defend", "play alone",
                                          "pass"]
    again = Preference.replay(game.rules, game.deal, game.log)
    assert again.full_view() == game.full_view()


def test_every_phase_says_whose_turn_and_what_may_be_done() -> None:
    game = say(fixed(), "Two")
    view = game.view(B)
    assert view.status == "East to bid" and view.to_act == ("E",)
    assert "Your turn to bid" in view.info["help"] and view.legal == (
        "pass", "bid 3", "game", "bettel", "sans")
    assert view.info["labels"] == {"pass": "Pass", "bid 3": "Three", "game": "Game",
                                   "bettel": "Bettel", "sans": "Sans"}
    assert game.view(A).info["help"] == "Waiting for East."
    assert game.view(A).info["auction"] == [{"seat": "S", "call": "bid 2", "words": "two"}]
    assert A == S and C == W


def test_the_doublings_go_on_until_one_side_passes() -> None:
    """Section 8: "In the event of a kontra, all the scores mentioned above are doubled,
    in the event of rekontra they are quadrupled, and so on"; section 6: "This defender
    may then say "Rekontra", doubling again." No fifth doubling was allowed before
    (docs/decisions/0754)."""
    game = act(south_declares(fixed(), "5"), "defend", "defend", "kontra", "rekontra",
               "rekontra", "rekontra")
    assert game.kontra == 4 and game.multiplier == 16 and game.phase == "kontra"
    assert game.to_act() == (E,) and game.legal_actions(E) == ["rekontra", "pass"]
    act(game, "rekontra", "rekontra", "pass")
    assert game.kontra == 6 and game.multiplier == 64 and game.phase == "play"


def test_a_refusal_never_names_the_cards_of_another_hand() -> None:
    """The reason goes to whoever tried: East, trying to play during South's exchange,
    is told whose turn it is, not which cards South may discard."""
    game = act(fixed(), "bid 2", "pass", "pass")
    with pytest.raises(IllegalActionError) as refused:
        game.apply(E, "play HQ")
    assert "South's turn" in refused.value.reason
    assert not {"SA", "HA", "C8"} & set(refused.value.reason.replace(",", " ").split())
