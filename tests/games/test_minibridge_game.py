"""The four-handed MiniBridge state machine, Laws 1-17, lesson by lesson."""

from __future__ import annotations

import json
import random

import pytest

from games.cards import hcp
from games.deals import Deal
from games.minibridge import CountAgainError, MiniBridge, make_rules
from games.minibridge.playout import announce_all, play_hand, play_to_end
from games.protocol import (
    Action,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.seats import SEATS
from tests.games.minibridge_helpers import (
    STRONG_NORTH,
    TIED_NS,
    deal_with,
    game_at,
    snapshot,
)

N, E, S, W = SEATS

#: MiniBridge's own part of the view (SeatView.info).
INFO_KEYS = {
    "lesson", "variant", "real_table", "signals", "position", "players", "positions", "dealer",
    "board", "announcements", "declarer", "dummy", "declaring_side", "side_hcp", "contract",
    "trumps", "claim", "claim_rejected", "set",
}


# -- MiniLessons One and Two ------------------------------------------------------

@pytest.mark.parametrize("lesson", [1, 2])
def test_lessons_one_and_two_start_with_the_play_led_from_dealers_left(lesson: int) -> None:
    game = MiniBridge(make_rules(lesson), deal_with(STRONG_NORTH, dealer=E))
    assert game.phase == "play"
    assert game.to_act() == (S,)
    assert game.view(S).info["trumps"] is None and game.view(S).info["declarer"] is None


def test_lesson_one_scores_the_tricks_won_by_each_side() -> None:
    game = play_to_end(MiniBridge(make_rules(1), deal_with(STRONG_NORTH)))
    result = game.result()
    assert result["score"] == result["tricks_by_side"]
    assert sum(result["score"].values()) == 13
    assert result["declarer"] is None and result["contract_string"] is None


def test_nobody_sees_another_hand_in_lesson_one() -> None:
    game = MiniBridge(make_rules(1), deal_with(STRONG_NORTH))
    assert set(game.view(N).hands) == {"N"}
    assert game.view(None).hands == {}


# -- Law 5: announcing points -------------------------------------------------------

def test_points_are_announced_clockwise_from_the_dealer_from_lesson_five() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH, dealer=S))
    assert game.to_act() == (S,)
    with pytest.raises(NotYourTurnError):
        game.apply(W, "hcp 5")
    game.apply(S, "hcp 15")
    assert game.to_act() == (W,)


def test_before_lesson_five_points_may_be_announced_in_any_order() -> None:
    game = MiniBridge(make_rules(3), deal_with(STRONG_NORTH))
    assert game.to_act() == SEATS
    game.apply(W, "hcp 5")
    assert game.to_act() == (N, E, S)
    with pytest.raises(IllegalActionError, match="already announced"):
        game.apply(W, "hcp 5")


def test_a_wrong_count_is_refused_so_the_pupil_counts_again() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH))
    before = snapshot(game)
    with pytest.raises(CountAgainError) as error:
        game.apply(N, "hcp 15")
    assert error.value.code == "count_again"
    assert "count again" in error.value.reason.lower()
    assert "16" not in error.value.reason  # the pupil counts; the engine does not tell
    assert snapshot(game) == before


def test_every_count_up_to_37_is_offered_but_only_the_true_one_is_accepted() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH))
    legal = game.legal_actions(N)
    assert legal == [f"hcp {n}" for n in range(38)]
    assert [a for a in legal if game.can(N, a)] == ["hcp 16"]
    with pytest.raises(InvalidActionError):
        game.apply(N, "hcp 38")


def test_the_announced_total_is_always_forty() -> None:
    rng = random.Random(5)
    for board in range(1, 40):
        game = MiniBridge(make_rules(5), Deal.for_board(board, rng))
        announce_all(game)
        assert sum(n for _, n in game.announcements) == 40


# -- Law 6: redeal ---------------------------------------------------------------

def test_twenty_points_each_is_a_redeal_by_the_same_dealer() -> None:
    honours = {N: "SA SK SQ SJ HA HK HQ HJ", E: "DA DK DQ DJ CA CK CQ CJ"}
    game = game_at(5, deal_with(honours, dealer=W))
    assert game.is_over() and game.phase == "over"
    result = game.result()
    assert result["redeal"] is True and "20" in result["reason"]
    assert result["score"] is None
    assert game.view(N).info["side_hcp"] == {"NS": 20, "EW": 20}


def test_a_player_without_thirteen_cards_means_a_redeal() -> None:
    deal = deal_with(STRONG_NORTH)
    short = Deal({s: deal.hand(s)[:12] if s is E else deal.hand(s) for s in SEATS})
    game = MiniBridge(make_rules(5), short)
    assert game.is_over()
    assert game.result()["redeal"] is True
    assert "East has 12 cards" in game.result()["reason"]


def test_a_wrong_card_count_is_a_redeal_even_in_lesson_one() -> None:
    deal = deal_with(STRONG_NORTH)
    game = MiniBridge(make_rules(1), Deal({s: deal.hand(s)[:12] for s in SEATS}))
    assert game.result()["redeal"] is True


# -- Law 7: declarer ---------------------------------------------------------------

def test_the_stronger_partner_of_the_stronger_side_is_declarer() -> None:
    game = game_at(5, deal_with(STRONG_NORTH))
    view = game.view(E)
    info = view.info
    assert (info["declarer"], info["dummy"], info["declaring_side"]) == ("N", "S", "NS")
    assert view.info["side_hcp"] == {"NS": 31, "EW": 9}
    assert game.phase == "contract" and game.to_act() == (N,)


def test_from_lesson_five_a_tie_goes_to_the_first_to_announce() -> None:
    assert game_at(5, deal_with(TIED_NS, dealer=E)).declarer is S  # E, S, W, N
    assert game_at(5, deal_with(TIED_NS, dealer=W)).declarer is N


def test_in_lesson_three_a_tied_pair_chooses_its_declarer() -> None:
    game = game_at(3, deal_with(TIED_NS))
    assert game.phase == "declarer"
    assert game.to_act() == (N, S)
    assert game.legal_actions(S) == ["declarer N", "declarer S"]
    with pytest.raises(NotYourTurnError):
        game.apply(E, "declarer N")
    with pytest.raises(IllegalActionError):
        game.apply(S, "declarer E")
    assert game.view(E).hands.keys() == {"E"}  # no dummy yet
    game.apply(S, "declarer s")
    assert game.log[-1] == Action(S, "declarer S")
    assert (game.declarer, game.dummy) == (S, N)


# -- Laws 8-10: dummy, contract, goal ----------------------------------------------

def test_dummy_is_faced_for_everyone_before_the_contract_is_chosen() -> None:
    game = game_at(5, deal_with(STRONG_NORTH))
    assert game.phase == "contract"
    for seat in (None, N, E, S, W):
        assert "S" in game.view(seat).hands
    assert set(game.view(E).hands) == {"E", "S"}


def test_in_lesson_three_every_contract_is_in_no_trumps() -> None:
    game = game_at(3, deal_with(STRONG_NORTH))
    assert game.legal_actions(N) == ["contract NT"]
    with pytest.raises(IllegalActionError, match="no-trumps"):
        game.apply(N, "contract S")
    game.apply(N, "contract nt")
    assert game.contract.goal == 7 and game.log[-1].text == "contract NT"


def test_in_lesson_four_declarer_chooses_trumps_and_the_goal_stays_seven() -> None:
    game = game_at(4, deal_with(STRONG_NORTH))
    assert game.legal_actions(N) == [f"contract {d}" for d in ("C", "D", "H", "S", "NT")]
    with pytest.raises(IllegalActionError, match="names only"):
        game.apply(N, "contract game S")
    game.apply(N, "contract spades")
    assert game.log[-1].text == "contract S"
    assert game.view(E).info["trumps"] == "S" and game.contract.goal == 7


@pytest.mark.parametrize("contract, goal", [
    ("part NT", 7), ("part C", 7), ("game NT", 9), ("game H", 10), ("game S", 10),
    ("game D", 11), ("game C", 11),
])
def test_law_10_sets_declarers_goal(contract: str, goal: int) -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions=f"N contract {contract}")
    assert game.view(W).info["contract"]["goal"] == goal


def test_from_lesson_five_declarer_says_part_score_or_game() -> None:
    game = game_at(5, deal_with(STRONG_NORTH))
    legal = game.legal_actions(N)
    assert "contract part H" in legal and "contract game NT" in legal
    assert not any("slam" in a for a in game.legal_actions(N))
    with pytest.raises(IllegalActionError, match="part-score or game"):
        game.apply(N, "contract NT")
    with pytest.raises(IllegalActionError):
        game.apply(N, "contract slam NT")
    with pytest.raises(NotYourTurnError):
        game.apply(S, "contract game NT")
    game.apply(N, "Contract Part-Score hearts")
    assert game.log[-1].text == "contract part H"


# -- Laws 11-12: the play -----------------------------------------------------------

def test_the_player_on_declarers_left_leads_first() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    assert game.phase == "play" and game.to_act() == (E,)
    assert game.view(E).to_play == "E"


def test_declarer_plays_dummys_cards() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    lead = game.legal_actions(E)[0]
    game.apply(E, lead)
    assert game.view(N).to_play == "S"
    assert game.to_act() == (N,)  # declarer acts for dummy
    dummy_card = game.legal_actions(N)[0]
    assert dummy_card.split()[1] in game.view(N).hands["S"]
    with pytest.raises(NotYourTurnError, match="dummy"):
        game.apply(S, dummy_card)
    game.apply(N, dummy_card)
    assert game.view(W).trick["cards"][1] == {"seat": "S", "card": dummy_card.split()[1]}


def test_a_player_must_follow_suit() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    game.apply(E, "play SQ")
    assert all(a.startswith("play S") for a in game.legal_actions(N) if a.startswith("play"))
    off_suit = next(c for c in game.view(N).hands["S"] if not c.startswith("S"))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(N, f"play {off_suit}")
    assert snapshot(game) == before


def test_a_card_not_in_the_hand_is_refused() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        game.apply(E, "play SA")
    with pytest.raises(InvalidActionError):
        game.apply(E, "play S1")


def test_the_winner_of_a_trick_leads_to_the_next() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    for _ in range(4):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    view = game.view(None)
    assert view.last_trick["winner"] == view.to_play == view.trick["leader"]
    assert view.tricks == (view.last_trick,)
    assert sum(view.tricks_won.values()) == 1


def test_the_last_trick_may_be_looked_at_only_until_the_next_trick_starts() -> None:
    """Law 25: "the last trick may be inspected until play starts to the next trick"."""
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    for _ in range(4):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.view(E).last_trick is not None
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])  # the lead to trick two
    for seat in (None, N, E, S, W):
        assert game.view(seat).last_trick is None
    assert game.full_view().last_trick is None
    assert len(game.view(E).tricks) == 1  # the play so far stays in the record


def test_actions_are_read_in_any_case_and_logged_canonically() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH))
    game.apply(N, "HCP 16")
    game.apply("E  hcp   4")
    assert [a.text for a in game.log] == ["hcp 16", "hcp 4"]
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game nt; E play sq")
    assert [a.text for a in game.log[-2:]] == ["contract game NT", "play SQ"]


def test_nonsense_is_an_invalid_action() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH))
    for text in ("bid 1NT", "hcp", "hcp twelve", "play", "contract", "claim all", ""):
        with pytest.raises(InvalidActionError):
            game.check(N, text)


def test_actions_in_the_wrong_phase_are_refused_with_the_reason() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH))
    with pytest.raises(IllegalActionError, match="announcing"):
        game.apply(N, "play SA")
    with pytest.raises(IllegalActionError, match="announcing"):
        game.apply(N, "contract game NT")
    with pytest.raises(IllegalActionError):
        game.apply(N, "accept")


# -- Law 14: claims -----------------------------------------------------------------

def _claim_ready(lesson: int = 5, contract: str = "game NT") -> MiniBridge:
    game = game_at(lesson, deal_with(STRONG_NORTH), actions=f"N contract {contract}")
    game.apply(E, game.legal_actions(E)[0])  # the opening lead; now dummy to play
    return game


def test_declarers_hand_is_shown_to_all_while_the_claim_stands() -> None:
    game = _claim_ready()
    assert "claim 13" in game.legal_actions(N) and "claim 14" not in game.legal_actions(N)
    assert "N" not in game.view(E).hands
    game.apply(N, "claim 9")
    assert game.phase == "claim" and game.to_act() == (E, W)
    for seat in (None, E, S, W):
        assert "N" in game.view(seat).hands
    assert game.view(E).info["claim"] == {"tricks": 9, "by": "N", "answers": {}}


def test_a_claim_both_defenders_accept_ends_the_hand_with_the_claimed_tricks() -> None:
    game = _claim_ready()
    game.apply(N, "claim 9")
    game.apply(W, "accept")
    assert game.to_act() == (E,) and not game.is_over()
    game.apply(E, "ACCEPT")
    result = game.result()
    assert result["claimed"] is True and result["tricks"] == 9
    assert result["score"] == {"NS": 400, "EW": 0} and result["contract_string"] == "3NTN="


def test_a_rejected_claim_means_play_on_with_declarers_hand_hidden_again() -> None:
    game = _claim_ready()
    game.apply(N, "claim 13")
    game.apply(E, "reject")
    assert game.phase == "play" and game.to_act() == (N,)
    assert "N" not in game.view(E).hands and game.view(E).info["claim"] is None
    play_to_end(game)
    assert game.result()["claimed"] is False


def test_any_player_but_dummy_may_claim_at_any_moment_of_the_play() -> None:
    """Law 14: "A player may show his hand ..." - not only declarer, not only on his turn."""
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    assert game.to_act() == (E,)  # East is on lead
    for seat in (N, E, W):
        assert "claim 13" in game.legal_actions(seat)
    assert not any(a.startswith("claim") for a in game.legal_actions(S))  # dummy
    with pytest.raises(NotYourTurnError, match="dummy"):
        game.apply(S, "claim 3")
    before = snapshot(game)
    for text in ("claim 14", "claim 0"):
        with pytest.raises(IllegalActionError):
            game.apply(W, text)
    assert snapshot(game) == before
    game.apply(N, "claim 9")  # declarer, while East is to lead
    assert game.phase == "claim" and game.to_act() == (E, W)
    with pytest.raises(NotYourTurnError):
        game.apply(S, "accept")  # dummy does not answer


def test_a_defenders_claim_is_answered_by_declarer_alone_and_shows_his_hand() -> None:
    game = _claim_ready()  # East has led; dummy (South) to play
    assert "W" not in game.view(N).hands
    game.apply(W, "claim 5")
    assert game.to_act() == (N,)  # "either member of the other partnership (not dummy)"
    for seat in (None, N, E, S):
        assert "W" in game.view(seat).hands
    assert "E" not in game.view(N).hands
    game.apply(N, "accept")
    result = game.result()
    # The trick in progress counts among the remaining 13: West's side takes 5, N-S 8.
    assert result["claimed"] is True and result["tricks_by_side"] == {"NS": 8, "EW": 5}
    assert result["made"] is False and result["score"] == {"NS": 0, "EW": 50}


def test_the_claimer_is_told_who_rejected_his_claim_until_the_next_trick_starts() -> None:
    game = _claim_ready()
    game.apply(N, "claim 13")
    game.apply(W, "reject")
    told = {"tricks": 13, "by": "N", "rejected_by": "W"}
    for seat in (N, E, S, W):
        assert game.view(seat).info["claim_rejected"] == told
    while len(game.play.tricks) < 1:  # the rest of this trick
        seat = game.to_act()[0]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.startswith("play")))
        assert game.view(N).info["claim_rejected"] == told
    seat = game.to_act()[0]
    game.apply(seat, next(a for a in game.legal_actions(seat) if a.startswith("play")))
    assert game.view(N).info["claim_rejected"] is None


def test_after_a_claim_the_tricks_shown_are_the_tricks_the_result_counts() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    while len(game.play.tricks) < 4:
        seat = game.to_act()[0]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.startswith("play")))
    played = dict(game.view(N).tricks_won)
    game.apply(N, "claim 9")
    game.apply(E, "accept")
    game.apply(W, "accept")
    result = game.result()
    assert sum(played.values()) == 4
    assert result["tricks_by_side"] == {"NS": played["NS"] + 9, "EW": played["EW"]}
    for seat in (None, N, E, S, W):
        assert game.view(seat).tricks_won == result["tricks_by_side"]


def test_there_are_no_claims_without_a_declarer() -> None:
    game = MiniBridge(make_rules(1), deal_with(STRONG_NORTH))
    assert not any(a.startswith("claim") for a in game.legal_actions(E))
    with pytest.raises(NotYourTurnError):
        game.apply(E, "claim 5")


# -- results, records and replays ----------------------------------------------------

def test_the_result_is_refused_before_the_end() -> None:
    game = MiniBridge(make_rules(5), deal_with(STRONG_NORTH))
    with pytest.raises(IllegalActionError):
        game.result()


def test_a_finished_hand_refuses_every_action() -> None:
    game = play_hand(make_rules(5), deal_with(STRONG_NORTH), "game NT")
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(N, "play SA")
    assert game.to_act() == () and game.legal_actions(N) == []


def test_the_result_has_every_key_and_a_contract_string() -> None:
    game = play_hand(make_rules(5), deal_with(STRONG_NORTH), "part S")
    result = game.result()
    assert set(result) == {
        "redeal", "reason", "declarer", "declaring_side", "contract", "contract_string", "goal",
        "tricks", "made", "score", "win", "tricks_by_side", "claimed", "revoke_transfers"}
    assert result["contract"] == {"denomination": "S", "level": "part", "goal": 7}
    diff = result["tricks"] - 7
    assert result["contract_string"] == "1SN" + ("=" if diff == 0 else f"{diff:+d}")
    assert game.contract_string() == result["contract_string"]
    assert json.loads(json.dumps(result)) == result


def test_replaying_the_log_reproduces_the_state_exactly() -> None:
    rng = random.Random(11)
    for board in range(1, 30):
        game = play_hand(make_rules(6), Deal.for_board(board, rng))
        again = MiniBridge.replay(game.rules, game.deal, game.log)
        assert again.full_view() == game.full_view()
        assert [str(a) for a in again.log] == [str(a) for a in game.log]
        assert MiniBridge.replay(game.rules, game.deal, [str(a) for a in game.log]).log == game.log


def test_a_copy_is_independent() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game NT")
    twin = game.copy()
    twin.apply(E, twin.legal_actions(E)[0])
    assert game.version + 1 == twin.version and game.view(None).trick["cards"] == ()


# -- the view ------------------------------------------------------------------------

def test_the_view_is_a_seat_view_with_the_agreed_own_part_in_every_phase() -> None:
    game = MiniBridge(make_rules(6), deal_with(TIED_NS))
    rng = random.Random(3)
    statuses = set()
    while True:
        for seat in (None, *SEATS):
            view = game.view(seat)
            assert isinstance(view, SeatView) and set(view.info) == INFO_KEYS, game.phase
            assert json.loads(json.dumps(view.as_data())) == view.as_data()
            assert SeatView.from_data(view.as_data()).as_data() == view.as_data()
            statuses.add(view.status)
        if game.is_over():
            break
        seat = game.to_act()[0]
        if game.phase == "announce":
            game.apply(seat, f"hcp {hcp(game.deal.hand(seat))}")
        else:
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.view(N).info["signals"] is True
    assert {"North to announce points", "North to choose the contract",
            "Trick 1, East to play", "Hand over"} <= statuses, statuses


def test_the_view_says_whose_turn_it_is_and_what_they_may_do() -> None:
    game = game_at(5, deal_with(STRONG_NORTH), actions="N contract game S")
    view = game.view(E)
    assert (view.phase, view.seat, view.info["position"]) == ("play", "E", "E")
    assert view.to_act == ("E",)
    assert list(view.legal) == game.legal_actions(E) and view.legal
    assert view.card_actions == {a[5:]: a for a in view.legal if a.startswith("play ")}
    assert view.status == "Trick 1, East to play"
    # West may only claim (Law 14), not play.
    assert {a.split()[0] for a in game.view(W).legal} == {"claim"}
    assert game.view(W).card_actions == {}
    assert view.hand == view.hands["E"] and len(view.hand) == 13
    assert view.hand_sizes == {"N": 13, "E": 13, "S": 13, "W": 13}
    assert view.info["announcements"][0] == {"seat": "N", "hcp": 16}
    assert view.info["contract"] == {"denomination": "S", "level": "game", "goal": 10}
    assert view.info["trumps"] == "S" and view.game == "minibridge" and view.info["lesson"] == 5


def test_the_teachers_full_view_shows_every_hand() -> None:
    game = game_at(5, deal_with(STRONG_NORTH))
    full = game.full_view()
    assert set(full.hands) == {"N", "E", "S", "W"} and full.is_open is True
