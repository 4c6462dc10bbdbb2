"""Two-handed Spades: the rules text's own examples, the lead restriction,
both deal methods, the game limit, and thousands of random hands through the
whole protocol (invariants, hidden information, refused actions, replay)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from games.cards import PACK_52, Card, Suit, cards_from_str, shuffled
from games.deals import Deal
from games.protocol import (
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    SeatView,
)
from games.registry import catalogue, find_game, new_game
from games.seats import Seat
from games.spades2 import (
    ENTRY,
    PLAYERS,
    Spades2,
    Spades2Match,
    Spades2Rules,
    deal_hand,
    dealer_for_hand,
    first_bidder_of,
    game_winner,
    hand_score,
    opponent,
    standing,
)

N, S = Seat.NORTH, Seat.SOUTH
AUTOMATIC = Spades2Rules()
SELECTION = Spades2Rules(deal_method="selection")


def _deal(north: str, south: str, dealer: Seat = N) -> Deal:
    """A deal with these hands; the other 26 cards are the unused stock."""
    hands = {N: cards_from_str(north), S: cards_from_str(south)}
    held = set(hands[N]) | set(hands[S])
    return Deal(hands, dealer=dealer, stock=tuple(c for c in PACK_52 if c not in held))


def _high_lead_low_follow(game: Spades2, seat: Seat) -> str:
    """A plain way to play a hand out: lead the highest card, follow with the lowest."""
    cards = [Card.from_str(a.split()[1]) for a in game.legal_actions(seat)]
    leading = not game.play.current.cards
    card = max(cards, key=lambda c: c.rank) if leading else min(cards, key=lambda c: c.rank)
    return f"play {card}"


def _bid_and_play(deal: Deal, bids: dict[Seat, str], rules: Spades2Rules = AUTOMATIC,
                  chooser: Callable[[Spades2, Seat], str] = _high_lead_low_follow) -> Spades2:
    game = Spades2(rules, deal)
    first = game.first_bidder
    game.apply(first, f"bid {bids[first]}")
    game.apply(opponent(first), f"bid {bids[opponent(first)]}")
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, chooser(game, seat))
    return game


# -- THE SCORE: the text's own examples --------------------------------------------------

def test_a_player_who_bid_and_took_4_tricks_receives_40() -> None:
    assert hand_score(4, 4) == 40


def test_a_player_who_bid_4_but_took_6_receives_42() -> None:
    assert hand_score(4, 6) == 42


def test_a_player_who_bid_4_and_only_took_3_goes_set_and_loses_40() -> None:
    assert hand_score(4, 3) == -40
    assert hand_score(4, 0) == -40


def test_nil_scores_100_when_no_trick_is_taken_and_loses_100_otherwise() -> None:
    assert hand_score(0, 0) == 100
    assert hand_score(0, 1) == -100
    assert hand_score(0, 13) == -100


def test_a_score_needs_a_real_bid_and_trick_count() -> None:
    with pytest.raises(ValueError):
        hand_score(14, 3)
    with pytest.raises(ValueError):
        hand_score(3, -1)


# Four top hearts for South, who leads; North holds every higher club and the diamonds.
FOUR_HEARTS = _deal("CA CK CQ CJ D2 D3 D4 D5 D6 D7 D8 D9 DT",
                    "HA HK HQ HJ C2 C3 C4 C5 C6 C7 C8 C9 CT")


def test_south_bids_4_takes_4_tricks_and_receives_40_in_a_played_hand() -> None:
    game = _bid_and_play(FOUR_HEARTS, {S: "4", N: "9"})
    result = game.result()
    assert result["tricks_won"] == {"N": 9, "S": 4}
    assert result["scores"] == {"N": 90, "S": 40}
    assert result["made"] == {"N": True, "S": True}


def test_south_bids_4_takes_6_tricks_and_receives_42_in_a_played_hand() -> None:
    deal = _deal("CA CK CQ CJ CT C9 D2 D3 D4 D5 D6 D7 D8",
                 "HA HK HQ HJ HT H9 C2 C3 C4 C5 C6 C7 C8")
    result = _bid_and_play(deal, {S: "4", N: "8"}).result()
    assert result["tricks_won"] == {"N": 7, "S": 6}
    assert result["scores"] == {"N": -80, "S": 42}  # North bid 8 and took 7: set


def test_south_bids_4_takes_only_3_goes_set_and_loses_40_in_a_played_hand() -> None:
    deal = _deal("CA CK CQ CJ D3 D4 D5 D6 D7 D8 D9 DT DJ",
                 "HA HK HQ C2 C3 C4 C5 C6 C7 C8 C9 CT D2")
    result = _bid_and_play(deal, {S: "4", N: "10"}).result()
    assert result["tricks_won"] == {"N": 10, "S": 3}
    assert result["scores"] == {"N": 100, "S": -40}
    assert result["made"] == {"N": True, "S": False}


def test_a_nil_bidder_who_takes_no_trick_scores_100() -> None:
    rules = Spades2Rules(nil=True)
    deal = _deal("HA HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3 H2",
                 "C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA", dealer=S)  # North leads
    result = _bid_and_play(deal, {N: "13", S: "nil"}, rules).result()
    assert result["bids"] == {"N": 13, "S": 0}
    assert result["scores"] == {"N": 130, "S": 100}


# -- THE PLAY ----------------------------------------------------------------------------------

def _ready_to_play(deal: Deal, rules: Spades2Rules = AUTOMATIC) -> Spades2:
    game = Spades2(rules, deal)
    game.apply(game.first_bidder, "bid 3")
    game.apply(opponent(game.first_bidder), "bid 3")
    return game


def test_the_first_bidder_leads_to_the_first_trick() -> None:
    game = _ready_to_play(FOUR_HEARTS)
    assert game.first_bidder is S and game.to_act() == (S,)
    assert game.phase == "play"


def test_spades_may_not_be_led_until_a_spade_has_been_played() -> None:
    deal = _deal("HA HK D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ",
                 "SA SK S2 H2 H3 C2 C3 C4 C5 C6 C7 C8 C9")
    game = _ready_to_play(deal)
    assert "play SA" not in game.legal_actions(S)
    with pytest.raises(IllegalActionError, match="Spades may not be led"):
        game.apply(S, "play SA")
    game.apply(S, "play C2")
    game.apply(N, "play D2")  # void in clubs, North discards: no obligation to trump
    game.apply(S, "play H2")
    game.apply(N, "play HA")
    game.apply(N, "play D3")
    game.apply(S, "play S2")  # void in diamonds: South trumps, which breaks spades
    assert game.view(S).info["broken"] is True
    assert "play SA" in game.legal_actions(S)
    game.apply(S, "play SA")


def test_a_leader_holding_only_spades_may_lead_one() -> None:
    deal = _deal("HA D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK",
                 "SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2")
    game = _ready_to_play(deal)
    assert game.legal_actions(S)[0] == "play SA" and len(game.legal_actions(S)) == 13
    game.apply(S, "play S2")
    assert game.view(N).info["broken"] is True


def test_a_player_who_cannot_follow_need_not_trump() -> None:
    deal = _deal("SA SK HA D2 D3 D4 D5 D6 D7 D8 D9 DT DJ",
                 "C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA")
    game = _ready_to_play(deal)
    game.apply(S, "play C2")
    assert {"play SA", "play HA", "play D2"} <= set(game.legal_actions(N))


def test_the_follower_must_follow_suit_when_able() -> None:
    game = _ready_to_play(FOUR_HEARTS)
    game.apply(S, "play C2")
    with pytest.raises(IllegalActionError, match="follow suit"):
        game.apply(N, "play D2")


def test_the_higher_spade_wins_and_its_player_leads_next() -> None:
    deal = _deal("S3 HA D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ",
                 "CA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK")
    game = _ready_to_play(deal)
    game.apply(S, "play CA")
    game.apply(N, "play S3")
    view = game.view(S)
    assert view.last_trick["winner"] == "N" and view.tricks_won == {"N": 1, "S": 0}
    assert game.to_act() == (N,)


# -- THE DEAL -------------------------------------------------------------------------------------

def test_an_automatic_deal_gives_the_first_26_cards_alternately_and_leaves_26_unused() -> None:
    deal = deal_hand(AUTOMATIC, random.Random(5), board=1)
    pack = shuffled(PACK_52, random.Random(5))
    first = first_bidder_of(deal)
    assert first is S and deal.dealer is N
    assert set(deal.hand(S)) == set(pack[0:26:2]) and set(deal.hand(N)) == set(pack[1:26:2])
    assert deal.stock == tuple(pack[26:])


def test_the_deal_and_the_first_bid_alternate_from_hand_to_hand() -> None:
    assert [dealer_for_hand(n) for n in (1, 2, 3, 4)] == [N, S, N, S]
    firsts = [first_bidder_of(deal_hand(AUTOMATIC, random.Random(n), board=n)) for n in (1, 2, 3)]
    assert firsts == [S, N, S]
    assert [dealer_for_hand(n, first_bidder=N) for n in (1, 2)] == [S, N]


def test_a_selection_deal_puts_the_whole_shuffled_pack_in_the_stock() -> None:
    deal = deal_hand(SELECTION, random.Random(5), board=2)
    assert deal.hand(N) == deal.hand(S) == ()
    assert deal.stock == tuple(shuffled(PACK_52, random.Random(5)))
    assert Spades2(SELECTION, deal).phase == "select"


def test_taking_keeps_the_card_seen_and_discards_the_next_unseen() -> None:
    deal = deal_hand(SELECTION, random.Random(8))
    game = Spades2(SELECTION, deal)
    top, second = deal.stock[0], deal.stock[1]
    assert game.to_act() == (S,) and game.view(S).info["looking_at"] == str(top)
    game.apply(S, "take")
    assert game.current_hands()[S] == (top,)
    assert game.selection.discards == [second]


def test_rejecting_discards_the_card_seen_and_gives_the_next_one() -> None:
    deal = deal_hand(SELECTION, random.Random(8))
    game = Spades2(SELECTION, deal)
    top, second = deal.stock[0], deal.stock[1]
    game.apply(S, "reject")
    assert game.current_hands()[S] == (second,)
    assert game.selection.discards == [top]
    assert game.to_act() == (N,) and game.view(N).info["looking_at"] == str(deal.stock[2])


def test_the_selection_alternates_until_both_hold_13_then_the_first_bidder_bids() -> None:
    game = Spades2(SELECTION, deal_hand(SELECTION, random.Random(3)))
    order = []
    rng = random.Random(1)
    while game.phase == "select":
        seat = game.to_act()[0]
        order.append(seat)
        game.apply(seat, rng.choice(["take", "reject"]))
    assert order == [S, N] * 13
    hands = game.current_hands()
    assert len(hands[N]) == len(hands[S]) == 13
    assert sorted(hands[N] + hands[S] + tuple(game.selection.discards)) == sorted(PACK_52)
    assert game.phase == "bid" and game.to_act() == (S,)
    assert [a.text for a in game.log] == [a.text for a in game.log if a.text in ("take", "reject")]


def test_a_player_sees_only_the_card_they_are_looking_at_never_the_stock() -> None:
    deal = deal_hand(SELECTION, random.Random(4))
    game = Spades2(SELECTION, deal)
    game.apply(S, "reject")
    south, north = game.view(S), game.view(N)
    assert south.info["looking_at"] is None and north.info["looking_at"] == str(deal.stock[2])
    assert "stock" not in south.info and "discards" not in north.info
    text = json.dumps(south.as_data())
    for card in deal.stock[2:] + (deal.stock[0],):  # the rejected card is gone for good
        assert f'"{card}"' not in text
    assert south.hand == (str(deal.stock[1]),)
    assert game.full_view().info["stock"][0] == str(deal.stock[2])


def test_any_52_card_deal_reads_as_a_selection_pack() -> None:
    # The site asks a game built on any deal who plays in it.
    game = Spades2(SELECTION, Deal.from_seed(0))
    assert game.players() == PLAYERS and game.phase == "select"


def test_an_automatic_deal_needs_13_cards_each() -> None:
    with pytest.raises(ValueError, match="13 cards"):
        Spades2(AUTOMATIC, _deal("SA SK", "HA"))


# -- THE BID --------------------------------------------------------------------------------

def test_each_player_bids_once_from_1_to_13_without_nil() -> None:
    game = Spades2(AUTOMATIC, FOUR_HEARTS)
    assert game.legal_actions(S) == [f"bid {n}" for n in range(1, 14)]
    assert game.legal_actions(N) == []
    for text, error in (("bid nil", "Nil is not played"), ("bid 0", "Nil is not played"),
                        ("bid 14", "only 13 tricks")):
        with pytest.raises(IllegalActionError, match=error):
            game.apply(S, text)
    with pytest.raises(NotYourTurnError):
        game.apply(N, "bid 3")
    game.apply(S, "bid 13")
    game.apply(N, "bid 1")
    assert game.view(None).info["bids"] == {"S": 13, "N": 1} and game.phase == "play"


def test_nil_is_bid_by_name_when_the_option_is_on() -> None:
    game = Spades2(Spades2Rules(nil=True), FOUR_HEARTS)
    assert game.legal_actions(S)[0] == "bid nil"
    with pytest.raises(IllegalActionError, match="say 'bid nil'"):
        game.apply(S, "bid 0")
    game.apply(S, "bid nil")
    assert game.view(N).info["bids"] == {"S": 0}


def test_actions_that_are_not_spades_actions_are_invalid() -> None:
    game = Spades2(AUTOMATIC, FOUR_HEARTS)
    for text in ("pass", "bid", "bid four", "play", "play Z9", "take it", "meld 40"):
        with pytest.raises(InvalidActionError):
            game.apply(S, text)


def test_east_and_west_do_not_play() -> None:
    game = Spades2(AUTOMATIC, FOUR_HEARTS)
    with pytest.raises(IllegalActionError, match="Only North and South"):
        game.apply(Seat.EAST, "bid 3")
    assert game.legal_actions(Seat.WEST) == []


def test_an_action_of_another_phase_is_refused_with_the_phase_named() -> None:
    game = Spades2(AUTOMATIC, FOUR_HEARTS)
    with pytest.raises(IllegalActionError, match="time to bid"):
        game.apply(S, "play HA")
    with pytest.raises(IllegalActionError, match="time to bid"):
        game.apply(S, "take")
    selecting = Spades2(SELECTION, deal_hand(SELECTION, random.Random(1)))
    with pytest.raises(IllegalActionError, match="selecting"):
        selecting.apply(S, "bid 4")


def test_nothing_may_be_done_once_the_hand_is_over() -> None:
    game = _bid_and_play(FOUR_HEARTS, {S: "4", N: "9"})
    assert game.to_act() == () and game.phase == "over"
    with pytest.raises(GameOverError):
        game.apply(S, "play HA")


def test_the_result_is_only_known_at_the_end() -> None:
    with pytest.raises(IllegalActionError):
        Spades2(AUTOMATIC, FOUR_HEARTS).result()


# -- THE GAME -------------------------------------------------------------------------------------

def test_the_game_is_over_when_a_score_is_higher_than_the_limit() -> None:
    assert game_winner({N: 251, S: 100}, 250) is N
    assert game_winner({N: 250, S: 0}, 250) is None  # reaching the limit is not passing it
    assert game_winner({N: -300, S: 120}, 100) is S


def test_when_both_pass_the_limit_the_higher_score_wins() -> None:
    assert game_winner({N: 262, S: 270}, 250) is S


def test_a_tie_above_the_limit_means_another_hand() -> None:
    assert game_winner({N: 260, S: 260}, 250) is None
    match = Spades2Match(Spades2Rules(game_limit=100)).record({"N": 120, "S": 120})
    assert not match.is_over() and match.next_hand == 2
    match = match.record({"N": 10, "S": -40})
    assert match.is_over() and match.winner() is N


def test_a_table_s_standing_names_the_winner_then_starts_a_new_game() -> None:
    rules = Spades2Rules(game_limit=100)
    hands = [{"scores": {"N": 60, "S": 30}}, {"scores": {"N": 50, "S": 20}}]

    won = standing(rules, hands)
    assert won == {"totals": {"N": 110, "S": 50}, "winner": "N", "limit": 100,
                   "game": 1, "hand": 2}
    # The next hand belongs to a new game, from 0-0.
    again = standing(rules, [*hands, {"scores": {"N": -10, "S": 40}}])
    assert again == {"totals": {"N": -10, "S": 40}, "winner": None, "limit": 100,
                     "game": 2, "hand": 1}
    # A result without scores (no hand of this game) changes nothing; none at all is 0-0.
    assert standing(rules, [{"redeal": True}]) == standing(rules, [])
    assert standing(rules, [])["totals"] == {"N": 0, "S": 0}
    assert ENTRY.standing is standing


def test_a_match_adds_the_hands_up_and_alternates_the_first_bidder() -> None:
    match = Spades2Match(Spades2Rules(game_limit=100))
    assert match.next_first_bidder() is S and match.totals() == {N: 0, S: 0}
    match = match.record({"N": 40, "S": -30})
    assert match.next_first_bidder() is N
    match = match.record({N: 42, S: 61})
    assert match.totals() == {N: 82, S: 31} and match.next_first_bidder() is S
    assert not match.is_over()
    match = match.record({"N": 30, "S": 20})
    assert match.is_over() and match.winner() is N and match.hands_played == 3
    with pytest.raises(IllegalActionError, match="game is over"):
        match.record({"N": 10, "S": 10})


def test_a_match_deals_each_hand_with_the_right_first_bidder() -> None:
    match = Spades2Match(SELECTION, first_bidder=N)
    deal = match.deal_next(random.Random(1))
    assert first_bidder_of(deal) is N and deal.board == 1
    match = match.record({"N": 0, "S": 0})
    assert first_bidder_of(match.deal_next(random.Random(1))) is S


def test_a_match_is_a_value() -> None:
    first = Spades2Match().record({"N": 10, "S": 20})
    assert first == Spades2Match().record({"N": 10, "S": 20})
    assert hash(first) == hash(Spades2Match().record({"N": 10, "S": 20}))
    with pytest.raises(ValueError):
        Spades2Match().record({"N": 10})


# -- the rules value and the registry ------------------------------------------------------------

def test_find_game_makes_the_frozen_rules_value() -> None:
    rules = find_game("spades2", deal_method="selection", nil=True, game_limit=300)
    assert rules == Spades2Rules("selection", True, 300)
    assert find_game("spades2") == Spades2Rules("automatic", False, 250)
    with pytest.raises(AttributeError):
        rules.nil = False  # type: ignore[misc]


@pytest.mark.parametrize("options", [
    {"deal_method": "pinochle"}, {"nil": "yes"}, {"game_limit": 0}, {"game_limit": True},
    {"meld": True},
])
def test_bad_options_are_refused_with_a_reason(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        find_game("spades2", **options)


def test_the_game_is_in_the_catalogue_for_two_players() -> None:
    assert ENTRY in catalogue()
    assert ENTRY.players == 2 and ENTRY.game_class is Spades2
    assert ENTRY.variant("selection").options == {"deal_method": "selection"}
    game = new_game("spades2", deal_hand(AUTOMATIC, random.Random(1)))
    assert isinstance(game, Spades2) and game.players() == (N, S)


def test_the_site_deals_through_the_games_entry() -> None:
    deal = ENTRY.deal(SELECTION, random.Random(2), board=2)
    assert len(deal.stock) == 52 and first_bidder_of(deal) is N


# -- the view --------------------------------------------------------------------------------------

#: Spades' own part of the view (SeatView.info).
INFO_KEYS = {"rules", "board", "dealer", "first_bidder", "looking_at", "bids", "trumps",
             "broken", "tricks_played"}


def test_the_view_is_a_seat_view_with_spades_own_part_in_info() -> None:
    game = _ready_to_play(FOUR_HEARTS)
    view = game.view(S)
    assert isinstance(view, SeatView) and set(view.info) == INFO_KEYS
    assert view.phase == "play" and view.to_act == ("S",) and view.info["trumps"] == "S"
    assert view.to_play == "S" and view.status == "Trick 1, South to play"
    assert view.card_actions == {a.split()[1]: a for a in view.legal}
    before = Spades2(SELECTION, deal_hand(SELECTION, random.Random(1))).view(N)
    assert set(before.info) == INFO_KEYS and before.trick is None and before.tricks == ()
    assert json.loads(json.dumps(view.as_data())) == view.as_data()


def test_the_status_line_says_who_is_to_do_what() -> None:
    selecting = Spades2(SELECTION, deal_hand(SELECTION, random.Random(1)))
    assert selecting.view(None).status == "South to take or reject a card"
    bidding = Spades2(AUTOMATIC, FOUR_HEARTS)
    assert bidding.view(N).status == f"{bidding.to_act()[0].word} to bid"


def test_an_onlooker_sees_no_hand_and_may_do_nothing() -> None:
    view = _ready_to_play(FOUR_HEARTS).view(None)
    assert view.hand == () and view.legal == () and view.seat is None
    assert view.hand_sizes == {"N": 13, "S": 13}


def test_the_teachers_view_shows_both_hands_and_the_unused_cards() -> None:
    full = Spades2(AUTOMATIC, FOUR_HEARTS).full_view()
    assert full.is_open and len(full.hands["N"]) == len(full.hands["S"]) == 13
    assert len(full.info["stock"]) == 26


def test_a_finished_hand_shows_its_result_in_every_view() -> None:
    game = _bid_and_play(FOUR_HEARTS, {S: "4", N: "9"})
    assert game.view(N).result == game.result() and game.view(S).phase == "over"
    assert len(game.view(None).tricks) == 13


def test_actions_are_read_in_any_case() -> None:
    game = Spades2(AUTOMATIC, FOUR_HEARTS)
    game.apply(S, "BID 4")
    game.apply(N, "Bid 9")
    game.apply(S, "play ha")
    assert game.view(N).trick["cards"] == ({"seat": "S", "card": "HA"},)


# -- random hands through the whole protocol --------------------------------------------------

def _random_game(rules: Spades2Rules, seed: int,
                 keep_at: int = -1) -> tuple[Spades2, Spades2 | None]:
    """A hand played with random legal actions, and a copy of it as it was
    after ``keep_at`` actions."""
    rng = random.Random(seed)
    game = Spades2(rules, deal_hand(rules, rng, board=seed % 7 + 1))
    kept = None
    while not game.is_over():
        if game.version == keep_at:
            kept = game.copy()
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game, kept


def _check_finished(game: Spades2) -> None:
    """The invariants of a finished hand."""
    play = game.play
    rules = game.rules
    result = game.result()
    # Cards conserved: the hands at the start of the play are all played, once each.
    played = [c for t in play.tricks for _, c in t.cards]
    assert len(played) == len(set(played)) == 26
    if rules.deal_method == "automatic":
        assert sorted(played) == sorted(game.deal.hand(N) + game.deal.hand(S))
    else:
        assert sorted(played + game.selection.discards) == sorted(PACK_52)
        assert [a.text for a in game.log[:26]] == [a.text for a in game.log[:26]
                                                    if a.text in ("take", "reject")]
    # The first bidder leads first; each trick has one winner, who leads next.
    assert play.tricks[0].leader == game.first_bidder
    following = [t.leader for t in play.tricks[1:]] + [play.current.leader]
    broken = False
    hands = {N: [c for t in play.tricks for s, c in t.cards if s == N],
             S: [c for t in play.tricks for s, c in t.cards if s == S]}
    for trick, next_leader in zip(play.tricks, following, strict=True):
        (leader, lead), (follower, reply) = trick.cards
        assert leader == trick.leader and follower != leader
        winner = trick.winner(Suit.SPADES)
        assert winner == next_leader
        beats = (reply.suit == lead.suit and reply.rank > lead.rank) or (
            reply.suit is Suit.SPADES and lead.suit is not Suit.SPADES)
        assert winner == (follower if beats else leader)
        # Following suit, and spades led only once broken or when nothing else is held.
        if reply.suit != lead.suit:
            assert all(c.suit != lead.suit for c in hands[follower])
        if lead.suit is Suit.SPADES and not broken:
            assert all(c.suit is Suit.SPADES for c in hands[leader])
        broken = broken or Suit.SPADES in (lead.suit, reply.suit)
        hands[leader].remove(lead)
        hands[follower].remove(reply)
    won = result["tricks_won"]
    assert sum(won.values()) == 13
    assert won == {s.value: sum(1 for t in play.tricks if t.winner(Suit.SPADES) == s)
                   for s in PLAYERS}
    bids = result["bids"]
    assert all((1 if not rules.nil else 0) <= b <= 13 for b in bids.values())
    assert result["scores"] == {s: hand_score(bids[s], won[s]) for s in ("N", "S")}


RULES = [Spades2Rules(method, nil)
         for method in ("automatic", "selection") for nil in (False, True)]
RULE_IDS = [f"{r.deal_method}-{'nil' if r.nil else 'no-nil'}" for r in RULES]


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_random_hands_keep_every_invariant(rules: Spades2Rules) -> None:
    for seed in range(1000 if rules.nil else 500):
        game, _ = _random_game(rules, seed)
        _check_finished(game)


def _visible_cards(game: Spades2, seat: Seat) -> set[str]:
    """The cards ``seat`` may see now: its own, those played, the one it looks at."""
    seen = {str(c) for c in game.current_hands().get(seat, ())}
    if game.play is not None:
        seen |= {str(c) for t in game.play.tricks + [game.play.current] for _, c in t.cards}
    if game.phase == "select" and game.to_act() == (seat,):
        seen.add(str(game.selection.looking_at))
    return seen


@pytest.mark.parametrize("rules", RULES[::2], ids=RULE_IDS[::2])
def test_no_view_ever_shows_a_hidden_card(rules: Spades2Rules) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        game = Spades2(rules, deal_hand(rules, rng, board=seed + 1))
        while True:
            for seat in (N, S, None):
                text = json.dumps(game.view(seat).as_data())
                visible = _visible_cards(game, seat) if seat else set()
                if game.play is not None:
                    visible |= {str(c) for t in game.play.tricks + [game.play.current]
                                for _, c in t.cards}
                hidden = [str(c) for c in PACK_52 if str(c) not in visible]
                assert not [c for c in hidden if f'"{c}"' in text], (seat, game.phase)
                if seat:
                    assert set(game.view(seat).hand) <= visible
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def _illegal_tries(game: Spades2, seat: Seat) -> list[tuple[Seat, str]]:
    other = N if seat is S else S
    tries = [(other, a) for a in game.legal_actions(seat)[:3]]  # the other player, out of turn
    tries += [(seat, "bid 14"), (seat, "bid 0"), (seat, "meld 40"), (seat, "play XX"),
              (Seat.EAST, "take"), (seat, "take now")]
    legal = set(game.legal_actions(seat))
    tries += [(seat, f"play {c}") for c in PACK_52 if f"play {c}" not in legal][:8]
    if game.phase != "select":
        tries += [(seat, "take"), (seat, "reject")]
    if game.phase != "bid":
        tries += [(seat, "bid 3"), (seat, "bid nil")]
    return [(s, t) for s, t in tries if t not in legal or s is not seat]


@pytest.mark.parametrize("rules", RULES[1::2], ids=RULE_IDS[1::2])
def test_a_refused_action_changes_nothing(rules: Spades2Rules) -> None:
    for seed in range(25):
        rng = random.Random(seed)
        game = Spades2(rules, deal_hand(rules, rng, board=seed + 1))
        while not game.is_over():
            seat = game.to_act()[0]
            if rng.random() < 0.2:
                before, log = json.dumps(game.full_view().as_data()), list(game.log)
                for who, text in _illegal_tries(game, seat):
                    assert not game.can(who, text)
                    with pytest.raises(GameError) as error:
                        game.apply(who, text)
                    assert error.value.reason
                    assert json.dumps(game.full_view().as_data()) == before and game.log == log
            legal = game.legal_actions(seat)
            assert all(game.can(seat, a) for a in legal)
            game.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_replaying_the_log_rebuilds_the_same_hand(rules: Spades2Rules) -> None:
    for seed in range(20):
        game, middle = _random_game(rules, seed, keep_at=seed % 20 + 5)
        again = Spades2.replay(rules, game.deal, [str(a) for a in game.log])
        assert again.full_view() == game.full_view() and again.log == game.log
        assert again.result() == game.result()
        assert middle is not None
        rebuilt = Spades2.replay(rules, game.deal, game.log[:middle.version])
        assert rebuilt.full_view() == middle.full_view()
        assert [rebuilt.view(s) for s in PLAYERS] == [middle.view(s) for s in PLAYERS]


def test_the_same_seed_deals_the_same_hand() -> None:
    for rules in (AUTOMATIC, SELECTION):
        assert deal_hand(rules, random.Random("t:3"), board=3) == \
            deal_hand(rules, random.Random("t:3"), board=3)


def test_a_copy_is_independent() -> None:
    game = Spades2(SELECTION, deal_hand(SELECTION, random.Random(9)))
    copy = game.copy()
    copy.apply(S, "take")
    assert game.version == 0 and game.phase == "select" and game.current_hands()[S] == ()


def test_the_log_keeps_one_spelling_of_each_action() -> None:
    game = Spades2(Spades2Rules(), Deal.from_seed(3))
    bidder = game.to_act()[0]
    game.apply(bidder, "BID 3")
    assert game.log[-1].text == "bid 3"
