"""One hand of the Top Game, the rules text sentence by sentence (helpers.COUNTED:
dealer North, dummy dealt at South; North holds 5 tops, East 7, West none, the
dummy none, with four spades and four hearts)."""

from __future__ import annotations

import pytest

from games.protocol import IllegalActionError, InvalidActionError, NotYourTurnError
from games.topgame.game import TopGame

from .helpers import COUNTED, NORTH_DECLARES, TYPED, E, N, S, W, hand, play_out

# -- the deal and the bidding ------------------------------------------------------------


def test_the_hand_opposite_the_dealer_belongs_to_the_dummy():
    """"Deal as usual to four players, the hand opposite the dealer belonging to the dummy"."""
    game = hand()
    assert game.players() == (N, E, W)
    assert game.dummy == S


def test_the_dealer_bids_first_and_the_others_follow_clockwise_once_each():
    """"Starting with the dealer the three players bid or pass (clockwise) but only once each"."""
    game = hand()
    assert game.to_act() == (N,)
    game.apply(N, "bid 3")
    assert game.to_act() == (E,)
    game.apply(E, "pass")
    assert game.to_act() == (W,)
    game.apply(W, "bid 4")
    assert game.phase == "ask"


def test_a_bid_is_two_or_more_and_higher_than_the_bid_before():
    """"a whole number greater than or equal to 2 or greater than the bid before (if any).
    You may always pass.\""""
    game = hand()
    with pytest.raises(IllegalActionError, match="2 or more"):
        game.apply(N, "bid 1")
    game.apply(N, "bid 4")
    with pytest.raises(IllegalActionError, match="higher than the bid before, 4"):
        game.apply(E, "bid 4")
    assert game.legal_actions(E) == [f"bid {n}" for n in range(5, 13)] + ["pass"]
    game.apply(E, "pass")
    game.apply(W, "bid 5")
    assert game.declarer == W


def test_the_highest_bidder_becomes_declarer():
    game = hand(["N bid 3", "E bid 6", "W pass"])
    assert game.declarer == E
    assert game.final_bid == 6


def test_a_hand_where_all_three_pass_is_passed_out_and_counts():
    game = hand(["N pass", "E pass", "W pass"])
    result = game.result()
    assert result["outcome"] == "passed-out" and result["counts"]
    assert result["scores"] == {"N": 0, "E": 0, "W": 0}


def test_a_player_out_of_turn_is_told_whose_turn_it_is():
    game = hand()
    with pytest.raises(NotYourTurnError, match="North's turn"):
        game.apply(E, "bid 3")


def test_nobody_acts_for_the_dummys_seat():
    with pytest.raises(NotYourTurnError, match="dummy"):
        hand().apply(S, "pass")


# -- declarer plays the dummy as his partner, wherever he sits -------------------------------


def test_the_leader_is_declarers_left_and_the_informer_his_right():
    """"Let us say South became declarer. East will then look at dummy's cards ... The
    player who has the lead (West in this case)"."""
    game = hand(["N bid 5", "E pass", "W pass"])
    assert (game.declarer, game.leader, game.informer) == (N, E, W)


def test_dummy_is_laid_opposite_a_declarer_who_is_not_the_dealer():
    """West declares: the dummy's cards go opposite him, to East's place, and East takes
    his own cards to the place where the dummy was dealt (decision record 0231)."""
    game = hand(["N pass", "E pass", "W bid 2"])
    assert (game.declarer, game.leader, game.informer) == (W, N, E)
    assert game.dummy == E
    assert game.control == {N: N, E: S, W: W}
    assert game.holdings[E] == COUNTED.hand(S)  # the dummy's cards
    assert game.holdings[S] == COUNTED.hand(E)  # East's own cards, now at South
    assert game.view(E).hand == tuple(str(c) for c in COUNTED.hand(E))
    assert game.view(E).info["position"] == "S"


# -- the tops question ------------------------------------------------------------------------


def test_the_opening_leader_asks_declarer_whether_he_needs_to_raise():
    """"directly at the end of the bidding the opening leader must ask declarer if he needs
    to raise his bid"."""
    game = hand(["N bid 3", "E pass", "W pass"])
    assert game.to_act() == (E,) and game.legal_actions(E) == ["ask"]
    game.apply(E, "ask")
    assert game.to_act() == (N,)
    assert game.legal_actions(N) == ["keep"] + [f"raise {n}" for n in range(4, 13)]
    assert '"Do you need to raise?"' in game.story[-1]


def test_declarer_raises_to_his_tops():
    """"he has to raise his bid if it is lower than his number of tops"."""
    game = hand(["N bid 3", "E pass", "W pass", "E ask", "N raise 5"])
    assert game.final_bid == 5 and game.pn == 5 + 0
    assert game.result() if game.is_over() else "North raises his bid to 5." in game.story


def test_not_raising_when_he_must_costs_six_to_each_opponent_whatever_happens():
    """"If you do not raise your bid when you need to, your score is always -6": North
    holds 5 tops, bids 4 and keeps it; he even makes his contract."""
    game = hand(["N bid 4", "E pass", "W pass", "E ask", "N keep"])
    assert game.pn == 4 + 0
    assert game.result()["penalty"] == "no-raise"  # pn 4 passes out, and still -6
    assert game.result()["scores"] == {"N": -12, "E": 6, "W": 6}
    assert "needed to raise to at least 5" in game.result()["reasons"][0]


def test_a_raise_still_below_the_tops_costs_the_same():
    game = play_out(hand(["N bid 3", "E pass", "W pass", "E ask", "N raise 4"]))
    assert game.result()["penalty"] == "no-raise"
    assert game.result()["scores"] == {"N": -12, "E": 6, "W": 6}


def test_the_penalty_shows_declarers_hand_at_the_end():
    game = hand(["N bid 4", "E pass", "W pass", "E ask", "N keep"])
    assert "N" in game.view(E).hands


# -- the informer -----------------------------------------------------------------------------


def test_the_engine_tells_the_informers_description_by_default():
    """"East will then look at dummy's cards and tell which is dummy's longest suit and how
    long it is ... East also tells how many tops the dummy has" (spades and hearts tie at
    four: spades, the higher, is told)."""
    game = hand(NORTH_DECLARES)
    assert game.view(N).info["description"] == {"suit": "S", "length": 4, "tops": 0}
    assert "West looks at dummy and tells: longest suit spades, 4 cards; 0 tops." in game.story


def test_the_informer_may_type_the_description_and_the_engine_checks_it():
    game = hand(NORTH_DECLARES, rules=TYPED)
    assert game.phase == "inform" and game.to_act() == (W,)
    assert "inform S 4 0" in game.legal_actions(W)
    game.apply(W, "inform s 4 0")
    assert game.log[-1].text == "inform S 4 0"
    assert game.phase == "contract"


def test_wrong_information_costs_the_informer_and_the_same_dealer_deals_again():
    """"If the wrong information about dummy is given, the informer is penalized by -2 and
    the hand is redealt by the same dealer" (hearts tie with spades: only spades is right)."""
    game = hand(NORTH_DECLARES + ["W inform H 4 0"], rules=TYPED)
    result = game.result()
    assert result["redeal"] and not result["counts"]
    assert result["penalty"] == "wrong-information"
    assert result["scores"] == {"N": 2, "E": 2, "W": -4}
    assert "S" in game.view(N).hands  # everyone may check the dummy


def test_only_an_informer_who_types_informs():
    game = hand(NORTH_DECLARES[:-1])
    game.apply(N, "keep")
    with pytest.raises(IllegalActionError, match="engine tells"):
        game.apply(W, "inform S 4 0")


# -- hidden cards -------------------------------------------------------------------------------


def test_before_the_opening_lead_declarer_sees_only_the_description():
    """The dummy stays hidden until the opening lead; the informer has looked at it."""
    game = hand(NORTH_DECLARES + ["N contract 1NT", "E pass"])
    assert set(game.view(N).hands) == {"N"}
    assert set(game.view(E).hands) == {"E"}
    assert set(game.view(W).hands) == {"W", "S"}
    game.apply(E, game.legal_actions(E)[0])
    for seat in (N, E, W):
        assert "S" in game.view(seat).hands


def test_an_onlooker_sees_no_hand_and_the_teacher_every_hand():
    game = hand(NORTH_DECLARES)
    assert game.view(None).hands == {} and game.view(None).legal == ()
    full = game.full_view()
    assert full.is_open and set(full.hands) == {"N", "E", "S", "W"}


# -- the play number and the contract ----------------------------------------------------------


def test_the_play_number_gives_the_level_of_each_contract():
    """pn = 5 + 0: one no-trump (seven tricks) or two of a suit (eight)."""
    game = hand(NORTH_DECLARES)
    assert game.pn == 5
    assert game.legal_actions(N) == ["contract 2C", "contract 2D", "contract 2H",
                                     "contract 2S", "contract 1NT"]
    assert game.view(N).info["choices"]["NT"] == "1NT"
    with pytest.raises(IllegalActionError, match="the contract is 2S, not 3S"):
        game.apply(N, "contract 3S")
    game.apply(N, "contract S")
    assert str(game.contract) == "2S" and game.log[-1].text == "contract 2S"


def test_a_play_number_of_four_or_less_passes_the_hand_out():
    game = hand(["N pass", "E pass", "W bid 2", "N ask", "W keep"])
    assert game.pn == 2 and game.result()["outcome"] == "passed-out"
    assert game.result()["scores"] == {"N": 0, "E": 0, "W": 0}


def test_above_ten_the_contract_is_played_without_doubling():
    """"when the pn is more than 10 ... These contracts are played but doubling is not
    allowed": bid 11, seven no-trumps or eight of a suit."""
    game = hand(["N bid 11", "E pass", "W pass", "E ask", "N keep", "N contract 8S"])
    assert game.phase == "play"
    game = play_out(game)
    result = game.result()
    assert result["contract"] == "8S" and result["tricks"] < 14
    assert result["scores"]["N"] == -8


# -- doubling -----------------------------------------------------------------------------------


def test_only_the_opening_leader_may_double():
    game = hand(NORTH_DECLARES + ["N contract 1NT"])
    with pytest.raises(NotYourTurnError, match="Only the opening leader"):
        game.apply(W, "double")
    assert game.legal_actions(E) == ["pass", "double"]


def test_a_doubled_declarer_may_pass_redouble_or_change_the_strain_at_the_same_level():
    """"if he doubles declarer may either pass, redouble or change his contract (though the
    calculated level remains the same ...). West may now pass or double the new contract.
    South then only has the choice between redouble and pass."\""""
    game = hand(NORTH_DECLARES + ["N contract 2S", "E double"])
    assert game.legal_actions(N) == ["pass", "redouble", "change 2C", "change 2D",
                                     "change 2H", "change 1NT"]
    game.apply(N, "change NT")
    assert str(game.contract) == "1NT" and game.to_act() == (E,)
    game.apply(E, "double")
    assert game.legal_actions(N) == ["pass", "redouble"]
    with pytest.raises(IllegalActionError, match="changed the contract once"):
        game.apply(N, "change 2H")
    game.apply(N, "redouble")
    assert str(game.contract) == "1NTXX" and game.phase == "play"
    assert game.view(E).info["calls"] == [
        {"seat": "E", "call": "double", "said": "doubles"},
        {"seat": "N", "call": "change 1NT", "said": "changes to one no trumps"},
        {"seat": "E", "call": "double", "said": "doubles"},
        {"seat": "N", "call": "redouble", "said": "redoubles"}]


def test_a_doubled_contract_is_scored_with_the_doublers_stake():
    game = play_out(hand(NORTH_DECLARES + ["N contract 1NT", "E double", "N pass"]))
    result = game.result()
    taken = result["tricks"]
    each = 4 + taken - 7 if taken >= 7 else {6: 0, 5: -2}.get(taken, -4)
    stake = 3 if taken >= 7 else -3
    assert result["scores"] == {"N": 2 * each + stake, "E": -each - stake, "W": -each}
    assert result["doubler"] == "E"


# -- the play -----------------------------------------------------------------------------------


def test_the_leader_leads_and_declarer_plays_dummys_cards():
    game = hand(NORTH_DECLARES + ["N contract 1NT", "E pass"])
    view = game.view(E)
    assert view.phase == "play" and view.to_play == "E"
    assert view.card_actions == {card: f"play {card}" for card in view.hand}
    game.apply(E, "play DA")
    assert game.to_act() == (N,) and game.view(N).to_play == "S"  # declarer plays for dummy
    assert set(game.view(N).card_actions) == {"D7", "D6", "D5"}
    with pytest.raises(IllegalActionError, match="dummy's turn"):
        game.apply(N, "play D4")
    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(N, "play S8")


def test_a_whole_hand_is_scored_per_opponent():
    game = play_out(hand(NORTH_DECLARES + ["N contract 1NT", "E pass"]))
    result = game.result()
    assert result["outcome"] == "played" and result["contract"] == "1NT"
    assert sum(result["scores"].values()) == 0
    assert result["scores"]["E"] == result["scores"]["W"]


# -- actions a pupil may get wrong ------------------------------------------------------------


@pytest.mark.parametrize(("actions", "seat", "text", "error"), [
    ([], N, "hello", InvalidActionError),
    ([], N, "bid three", InvalidActionError),
    ([], N, "bid 13", IllegalActionError),
    ([], N, "ask", IllegalActionError),
    (["N bid 3", "E pass", "W pass"], N, "keep", IllegalActionError),
    (["N bid 3", "E pass", "W pass"], W, "ask", NotYourTurnError),
    (["N bid 3", "E pass", "W pass", "E ask"], N, "raise 3", IllegalActionError),
    (NORTH_DECLARES, N, "contract 2X", InvalidActionError),
    (NORTH_DECLARES, N, "double", IllegalActionError),
    (NORTH_DECLARES + ["N contract 1NT", "E pass"], E, "play SA", IllegalActionError),
])
def test_an_illegal_action_is_refused_and_changes_nothing(actions, seat, text, error):
    game = hand(actions)
    before = (game.full_view(), game.view(seat), list(game.log))
    with pytest.raises(error):
        game.apply(seat, text)
    assert (game.full_view(), game.view(seat), list(game.log)) == before


def test_every_phase_says_whose_turn_and_what_to_do():
    game = hand()
    seen = set()
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        assert view.status and view.info["prompt"], view.phase
        seen.add(view.phase)
        game.apply(seat, {"bidding": "bid 5" if seat == N else "pass"}.get(
            view.phase, view.legal[0]))
    assert seen == {"bidding", "ask", "raise", "contract", "double", "play"}


def test_a_deal_must_give_thirteen_cards_to_each_hand():
    from games.deals import Deal, InvalidDealError

    short = Deal({N: COUNTED.hand(N)[:12], E: COUNTED.hand(E), S: COUNTED.hand(S),
                  W: COUNTED.hand(W)}, dealer=N)
    with pytest.raises(InvalidDealError, match="thirteen"):
        TopGame(hand().rules, short)


def test_every_view_and_result_is_plain_json():
    import json

    game = hand(NORTH_DECLARES + ["N contract 1NT", "E double", "N redouble"])
    play_out(game)
    for seat in (N, E, W, None):
        json.dumps(game.view(seat).as_data())
    json.dumps(game.result())
