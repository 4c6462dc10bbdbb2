"""MiniBridge robots: each heuristic on hand-made positions, legality over many
random hands of every lesson and variant, no peeking, determinism, and the
expert finding a double-dummy line the beginner misses."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import pytest

from games.bridge.robots.cardtext import hcp, sure_tricks
from games.bridge.robots.play import (
    attitude,
    beginner_card,
    cheapest_winner,
    declarer_lead,
    discard,
    opening_lead,
    third_hand_high,
)
from games.bridge.robots.sampler import (
    HiddenHand,
    NoLayoutError,
    hidden_hands,
    sample_deals,
    sample_layout,
)
from games.bridge.robots.seen import Seen
from games.cards import cards_from_str
from games.deals import Deal
from games.minibridge import MiniBridge, make_rules
from games.minibridge.robots import answer_claim, claim_if_sure
from games.minibridge.robots.contract import (
    announce,
    best_fit,
    choose_contract,
    choose_declarer,
)
from games.protocol import SeatView
from games.robots import robot_for
from games.seats import SEATS, Seat

LESSONS_AND_VARIANTS = [(1, None), (2, None), (3, None), (4, None), (5, None), (6, None),
                        (5, "target"), (5, "slam"), (5, "three-simple"), (6, "three-normal"),
                        (6, "target"), (6, "slam")]


def c(text: str) -> list[str]:
    return text.split()


def play_view(*, me: str = "S", hand: str, trick: list[tuple[str, str]] = (),
              leader: str | None = None, declarer: str | None = "S", dummy_hand: str = "",
              trumps: str | None = None, tricks: list[dict[str, Any]] = (),
              lesson: int = 5, signals: bool = False, to_play: str | None = None) -> dict[str, Any]:
    """A hand-made play-phase view with the keys the robots read."""
    dummy = None if declarer is None else Seat.from_str(declarer).partner.value
    playing = to_play or me
    cards = c(hand) if playing == me else c(dummy_hand)
    hands = {me: c(hand)}
    if dummy and dummy_hand:
        hands[dummy] = c(dummy_hand)
    first = leader or (trick[0][0] if trick else playing)
    return {
        "game": "minibridge", "lesson": lesson, "variant": None, "real_table": False,
        "phase": "play", "seat": me, "position": me, "dealer": "N", "board": 1,
        "to_act": [me], "legal": [f"play {x}" for x in cards], "hand": c(hand),
        "hands": hands, "hand_sizes": {p: len(hands.get(p, [])) or 5 for p in "NESW"},
        "announcements": [], "declarer": declarer, "dummy": dummy,
        "declaring_side": None, "side_hcp": None,
        "contract": ({"denomination": trumps or "NT", "level": "part", "goal": 7}
                     if declarer else None),
        "trumps": trumps, "trick": {"leader": first, "cards": [
            {"seat": s, "card": x} for s, x in trick]},
        "last_trick": None, "tricks": list(tricks), "tricks_won": {"NS": 0, "EW": 0},
        "to_play": playing, "claim": None, "signals": signals, "result": None,
    }


#: The common part of a seat view; every other key of a hand-made view is the game's own.
_FIELDS = {f.name for f in dataclasses.fields(SeatView)}


def as_view(made: dict[str, Any]) -> SeatView:
    """A hand-made view (written as one dict, the way the tests change it) as the
    SeatView the engine would give: its own keys in ``info``, a card action for
    each card play listed."""
    common = {k: v for k, v in made.items() if k in _FIELDS}
    common["info"] = {k: v for k, v in made.items() if k not in _FIELDS}
    common["card_actions"] = {a[5:]: a for a in made["legal"] if a.startswith("play ")}
    return SeatView.from_data(common)


def card_for(view: dict[str, Any], seed: int = 0) -> str:
    return beginner_card(Seen.from_view(as_view(view)), random.Random(seed))


# -- the heuristics on hand-made positions -------------------------------------------


def test_second_hand_plays_low() -> None:
    view = play_view(me="W", declarer="N", hand="SK S7 S3 HA H2",
                     trick=[("N", "S5")], dummy_hand="SQ SJ HK HQ DA")
    assert card_for(view) == "S3"


def test_third_hand_plays_high_but_the_lowest_of_touching_cards() -> None:
    # Partner (W) leads low, dummy (N) plays low: East plays the queen from K Q 4.
    view = play_view(me="E", declarer="S", hand="SK SQ S4 H7 H6",
                     trick=[("W", "S2"), ("N", "S5")], dummy_hand="S9 S8 H3 H2 D2")
    assert card_for(view) == "SQ"


def test_third_hand_high_counts_cards_already_played_as_touching() -> None:
    assert third_hand_high(c("SK SJ S3"), "S5", None, {"SQ"}) == "SJ"
    assert third_hand_high(c("SK SJ S3"), "S5", None, set()) == "SK"
    assert third_hand_high(c("ST S3"), "SJ", None, set()) is None


def test_fourth_hand_wins_cheaply() -> None:
    assert cheapest_winner(c("SA SK S4"), "SQ", None) == "SK"
    assert cheapest_winner(c("SA SK S4 H5"), "SQ", "H") == "SK"
    assert cheapest_winner(c("H5 H9 C2"), "SQ", "H") == "H5"
    assert cheapest_winner(c("S4 S3"), "SQ", None) is None
    # Declarer (S) led, West followed, dummy's queen is winning: East takes it with the king.
    view = play_view(me="E", declarer="S", hand="SA SK S4 H5 H2", dummy_hand="S2 S3 HK HQ HJ",
                     trick=[("S", "S6"), ("W", "S7"), ("N", "SQ")])
    assert card_for(view) == "SK"


def test_it_does_not_overtake_partners_winning_card() -> None:
    view = play_view(me="E", declarer="S", hand="SA S4 H5 H2 D3",
                     dummy_hand="S2 HK HQ HJ D2")
    view["trick"] = {"leader": "S", "cards": [{"seat": "S", "card": "S6"},
                                               {"seat": "W", "card": "SK"},
                                               {"seat": "N", "card": "S2"}]}
    assert card_for(view) == "S4"


def test_third_hand_keeps_a_card_the_visible_fourth_hand_would_beat() -> None:
    # Dummy (S) plays after East and holds the ace: East keeps his king.
    view = play_view(me="E", declarer="N", hand="SK S4 H5 H2 D3",
                     dummy_hand="SA S2 HK HQ D2", trick=[("W", "S3"), ("N", "S9")])
    assert card_for(view) == "S4"


def test_it_ruffs_when_void_unless_the_trick_is_partners() -> None:
    ruff = play_view(me="E", declarer="S", trumps="H", hand="H9 H5 D3 D2 C4",
                     dummy_hand="S2 HK HQ HJ D5", trick=[("W", "S3"), ("N", "SA")])
    assert card_for(ruff) == "H5"
    partners = play_view(me="E", declarer="S", trumps="H", hand="H9 H5 D3 D2 C4",
                         dummy_hand="S2 HK HQ HJ D5")
    partners["trick"] = {"leader": "S", "cards": [{"seat": "S", "card": "S6"},
                                                   {"seat": "W", "card": "SA"},
                                                   {"seat": "N", "card": "S2"}]}
    assert card_for(partners) in ("D2", "C4")


def test_it_overruffs_cheaply_or_discards() -> None:
    assert cheapest_winner(c("H9 H5 H2"), "H4", "H") == "H5"
    # Dummy (N) ruffs declarer's diamond lead with the eight of trumps.
    trick = [("S", "D5"), ("W", "D2"), ("N", "H8")]
    over = play_view(me="E", declarer="S", trumps="H", hand="H9 H3 C4 S9 S2",
                     dummy_hand="S3 HK HQ HJ", trick=trick)
    assert card_for(over) == "H9"
    under = play_view(me="E", declarer="S", trumps="H", hand="H4 H3 C4 S9 S2",
                      dummy_hand="S3 HK HQ HJ", trick=trick)
    assert card_for(under) == "C4"  # no overruff: discard from the weakest suit


def test_it_discards_from_the_weakest_suit() -> None:
    assert discard(c("SK S4 HQ H9 H3 D8 D7 D6"), None) == "D6"
    assert discard(c("SK S4 HQ H9 H3 D8 D7 D6 C2"), None) == "C2"  # the shorter of two
    assert discard(c("SK S4 HQ H3 D7 D6 CA C2"), "D") == "H3"
    assert discard(c("H5 H4"), "H") == "H4"


def test_opening_lead_at_no_trumps_is_fourth_best_of_the_longest_suit() -> None:
    assert opening_lead(c("SK S9 S7 S5 S2 HA H4 DK D8 D3 C6 C4 C2"), None) == "S5"


def test_opening_lead_is_the_top_of_a_sequence() -> None:
    assert opening_lead(c("SK SQ SJ S5 S2 HA H4 DK D8 D3 C6 C4 C2"), None) == "SK"
    # In a trump contract two touching honours make the sequence.
    assert opening_lead(c("S9 S7 S5 S2 HK HQ H4 D8 D3 C6 C4 C2 CA"), "S") == "HK"


def test_opening_lead_in_a_trump_contract_avoids_trumps_and_bare_aces() -> None:
    lead = opening_lead(c("SA S7 S5 S2 H8 H6 H4 H2 DA D8 D3 C6 C4"), "H")
    assert lead[0] == "S" or lead[0] == "C"
    assert lead != "SA"


def test_defender_returns_partners_suit() -> None:
    tricks = [{"leader": "W", "winner": "W",
               "cards": [{"seat": "W", "card": "DK"}, {"seat": "N", "card": "D2"},
                         {"seat": "E", "card": "D5"}, {"seat": "S", "card": "D3"}]},
              {"leader": "W", "winner": "S",
               "cards": [{"seat": "W", "card": "S2"}, {"seat": "N", "card": "S3"},
                         {"seat": "E", "card": "SQ"}, {"seat": "S", "card": "SA"}]}]
    view = play_view(me="E", declarer="S", hand="D9 D4 HA H9 H8 H7 H6 H5 H3 C7 C6",
                     dummy_hand="S4 S5 D6 D7 HK HQ HJ C2 C3 C4 C5", tricks=tricks,
                     to_play="E")
    view["trick"] = {"leader": "E", "cards": []}
    assert card_for(view)[0] == "D"


def test_declarer_draws_trumps_while_the_defenders_may_hold_some() -> None:
    # Spades are trumps; the defenders hold S2 S3 (unseen): declarer leads trumps.
    lead = declarer_lead(c("SA SK SQ HA H4 H3"), c("SJ ST S9 H2 D2 D3"),
                         c("S2 S3 HK HQ D4 D5 DA DK C2 C3 C4 C5"), "S", set())
    assert lead == "SA"
    # Counted from the cards played: no trumps left out, so the long suit comes next.
    lead = declarer_lead(c("SA HA H4 H3 H5 H6"), c("SJ H2 D2 D3 D4 D5"),
                         c("HK HQ DA DK DQ C2 C3 C4 C5 C6 C7 C8"), "S", set())
    assert lead[0] == "H"


def test_declarer_at_no_trumps_leads_the_long_suit_high_from_the_short_side() -> None:
    lead = declarer_lead(c("SK SQ HA H4 D2"), c("SA SJ ST S9 S8 H2"),
                         c("S2 S3 HK HQ D4 D5 DA DK C2"), None, set())
    assert lead == "SK"
    # From the long side, low towards partner's honours.
    lead = declarer_lead(c("S7 S6 S5 S4 HA D2"), c("SA SK H2 D3"),
                         c("S2 S3 HK HQ D4 D5 DA DK C2"), None, set())
    assert lead == "S4"


def test_signals_show_attitude_in_lesson_six() -> None:
    assert attitude(c("SK S8 S3"), likes=True) == "S8"
    assert attitude(c("S8 S3"), likes=False) == "S3"
    view = play_view(me="E", declarer="S", hand="SQ S8 S3 H5 H2", signals=True, lesson=6,
                     dummy_hand="S2 HK HQ HJ D2")
    view["trick"] = {"leader": "W", "cards": [{"seat": "W", "card": "SA"},
                                               {"seat": "N", "card": "S2"}]}
    assert card_for(view) == "S8"  # partner's ace wins: "I like this suit"
    view["hand"] = view["hands"]["E"] = c("S9 S8 S3 H5 H2")
    view["legal"] = [f"play {x}" for x in view["hand"]]
    assert card_for(view) == "S3"  # "I don't"


def test_declarer_may_falsecard_in_lesson_six() -> None:
    view = play_view(me="S", declarer="S", hand="SK SQ S3 H5 H2", signals=True, lesson=6,
                     dummy_hand="S2 HK HQ HJ D2")
    view["trick"] = {"leader": "W", "cards": [{"seat": "W", "card": "SJ"},
                                               {"seat": "N", "card": "S2"},
                                               {"seat": "E", "card": "S4"}]}
    assert {card_for(view, seed) for seed in range(20)} == {"SK", "SQ"}


def test_it_announces_its_true_points() -> None:
    assert announce(c("SA SK HQ HJ D2")) == "hcp 10"


def test_a_tied_pair_chooses_the_hand_with_the_long_suit() -> None:
    legal = ["declarer N", "declarer S"]
    five = c("SA SK S9 S8 S7 H2 H3 D2 D3 C2 C3 C4 C5")
    four = c("SA SK S9 S8 H7 H2 H3 D2 D3 D4 C3 C4 C5")
    assert choose_declarer("N", "S", five, legal) == "declarer N"
    assert choose_declarer("N", "S", four, legal) == "declarer S"


# -- the contract (MiniLesson 5) ----------------------------------------------------------

LESSON_5 = [f"contract {level} {d}" for level in ("part", "game")
            for d in ("C", "D", "H", "S", "NT")]


def test_an_eight_card_fit_makes_trumps() -> None:
    hand = c("SA SK S9 S8 H7 H2 H3 D2 D3 D4 C3 C4 C5")
    dummy = c("SQ S7 S6 S5 HA H4 D5 D6 D7 C6 C7 C8 C9")
    assert best_fit(hand, dummy) == "S"
    assert choose_contract(hand, dummy, 22, LESSON_5) == "contract part S"


def test_without_a_fit_it_plays_in_no_trumps() -> None:
    hand = c("SA SK S9 H8 H7 H2 D3 D2 D4 D8 C4 C5 C6")
    dummy = c("SQ S7 S6 HA H4 H5 D5 D6 D7 C7 C8 C9 CT")
    assert best_fit(hand, dummy) is None
    assert choose_contract(hand, dummy, 23, LESSON_5) == "contract part NT"


def test_twenty_five_points_try_for_game() -> None:
    hand = c("SA SK S9 S8 H7 H2 H3 D2 D3 D4 C3 C4 C5")
    dummy = c("SQ S7 S6 S5 HA H4 D5 D6 D7 C6 C7 C8 C9")
    assert choose_contract(hand, dummy, 25, LESSON_5) == "contract game S"
    assert choose_contract(hand, dummy, 24, LESSON_5) == "contract part S"


def test_a_minor_fit_game_is_tried_in_no_trumps() -> None:
    hand = c("CA CK C9 C8 C7 H2 H3 D2 D3 D4 S3 S4 S5")
    dummy = c("CQ CJ C6 C5 HA H4 D5 D6 D7 S6 S7 S8 S9")
    assert choose_contract(hand, dummy, 26, LESSON_5) == "contract game NT"
    assert choose_contract(hand, dummy, 22, LESSON_5) == "contract part C"


def test_majors_win_a_tie_between_fits() -> None:
    hand = c("CA CK C9 C8 HA H2 H3 H4 D3 D4 S3 S4 S5")
    dummy = c("CQ CJ C6 C5 HK HQ H5 H6 D7 S6 S7 S8 S9")
    assert best_fit(hand, dummy) == "H"


def test_slam_with_thirty_three_points_in_the_slam_variant() -> None:
    legal = LESSON_5 + [f"contract slam {d}" for d in ("C", "D", "H", "S", "NT")]
    hand = c("SA SK S9 S8 HA HK H3 DA DK D4 CA C4 C5")
    dummy = c("SQ SJ S6 S5 HQ H4 D5 D6 D7 CK C7 C8 C9")
    assert choose_contract(hand, dummy, 33, legal) == "contract slam S"
    assert choose_contract(hand, dummy, 33, LESSON_5) == "contract game S"


def test_lessons_three_and_four_and_the_target_variant_name_only_a_denomination() -> None:
    hand = c("SA SK S9 S8 H7 H2 H3 D2 D3 D4 C3 C4 C5")
    dummy = c("SQ S7 S6 S5 HA H4 D5 D6 D7 C6 C7 C8 C9")
    assert choose_contract(hand, dummy, 30, ["contract NT"]) == "contract NT"
    four = [f"contract {d}" for d in ("C", "D", "H", "S", "NT")]
    assert choose_contract(hand, dummy, 30, four) == "contract S"


# -- claims (Law 14) ---------------------------------------------------------------------


def test_sure_tricks_counts_top_winners_and_drawn_trumps() -> None:
    assert sure_tricks(c("SA SK HA"), c("S2"), c("SQ H2 HK"), None) == 3
    assert sure_tricks(c("SA SK HQ"), c("S2"), c("SQ H2 HK"), None) == 2
    # Trumps out against: only the top trumps count unless they draw them all.
    assert sure_tricks(c("SA HA HK"), c(""), c("S2 S3 D2"), "S") == 1
    assert sure_tricks(c("SA SK HA"), c(""), c("S2 S3 D2"), "S") == 3
    # A higher card in partner's hand would take the lead away.
    assert sure_tricks(c("SK"), c("SA"), c("S2"), None) == 0


def claim_view(*, me: str, claim: dict[str, Any] | None, declarer_hand: str, dummy_hand: str,
               my_hand: str, phase: str) -> dict[str, Any]:
    view = play_view(me=me, declarer="S", hand=my_hand if me != "S" else declarer_hand,
                     dummy_hand=dummy_hand, to_play="S")
    view["trick"] = {"leader": "S", "cards": []}
    view["phase"] = phase
    view["claim"] = claim
    if me != "S" and claim:
        view["hands"]["S"] = c(declarer_hand)
    view["legal"] = ["accept", "reject"] if phase == "claim" else (
        [f"play {x}" for x in c(declarer_hand)] + [f"claim {n}" for n in range(14)])
    return view


def test_declarer_claims_when_every_card_on_lead_is_a_top_winner() -> None:
    view = claim_view(me="S", claim=None, declarer_hand="SA HA DA CA", dummy_hand="S2 H2 D2 C2",
                      my_hand="", phase="play")
    view["tricks"] = []
    seen = Seen.from_view(as_view(view))
    # 44 unseen cards: a 9-trick-old hand would hide fewer; here the top cards are all his.
    assert claim_if_sure(seen) == "claim 4"
    view = claim_view(me="S", claim=None, declarer_hand="SA HK DA CA", dummy_hand="S2 H2 D2 C2",
                      my_hand="", phase="play")
    assert claim_if_sure(Seen.from_view(as_view(view))) is None


def test_a_defender_accepts_a_sure_claim_and_rejects_a_doubtful_one() -> None:
    sure = claim_view(me="W", claim={"tricks": 4, "by": "S", "answers": {}},
                      declarer_hand="SA HA DA CA", dummy_hand="S2 H2 D2 C2",
                      my_hand="SK HK DK CK", phase="claim")
    assert answer_claim(Seen.from_view(as_view(sure))) == "accept"
    doubtful = claim_view(me="W", claim={"tricks": 4, "by": "S", "answers": {}},
                          declarer_hand="SA HQ DA CA", dummy_hand="S2 H2 D2 C2",
                          my_hand="SK HK DK CK", phase="claim")
    assert answer_claim(Seen.from_view(as_view(doubtful))) == "reject"
    assert robot_for("minibridge").choose(as_view(doubtful), random.Random(1)) == "reject"


def test_declarer_on_lead_with_top_winners_rejects_a_defenders_claim() -> None:
    """Law 14: a defender may claim too; declarer's own winners do not make it sure."""
    view = claim_view(me="S", claim={"tricks": 1, "by": "W", "answers": {}},
                      declarer_hand="SA HA DA CA", dummy_hand="S2 H2 D2 C2",
                      my_hand="", phase="claim")
    view["hands"]["W"] = c("SK HK DK CK")
    assert answer_claim(Seen.from_view(as_view(view))) == "reject"


# -- whole hands through the engine -------------------------------------------------------


def play_hand(lesson: int, variant: str | None, seed: int, robots: dict[Seat, Any],
              real_table: bool = False, check=None) -> MiniBridge:
    rules = make_rules(lesson, variant, real_table)
    rng = random.Random(seed)
    game = MiniBridge(rules, Deal.for_board(seed % 16 + 1, rng))
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        action = robots[seat].choose(view, rng)
        assert action in view.legal, (action, view.legal)
        if check:
            check(view, action)
        game.apply(seat, action)
    return game


def follows_suit(view: SeatView, action: str) -> None:
    """A robot never revokes (it matters at a real table, where revokes are allowed)."""
    if not action.startswith("play ") or not view.trick["cards"]:
        return
    led = view.trick["cards"][0]["card"][0]
    playing = view.to_play
    held = view.hands[playing]
    assert action[5] == led or not any(x[0] == led for x in held)


@pytest.mark.parametrize("lesson,variant", LESSONS_AND_VARIANTS)
def test_the_beginner_only_plays_legal_actions_in_every_lesson(lesson: int,
                                                               variant: str | None) -> None:
    robots = {s: robot_for("minibridge", "beginner") for s in SEATS}
    for seed in range(15):
        game = play_hand(lesson, variant, seed, robots, check=follows_suit)
        result = game.result()
        assert result["redeal"] or sum(result["tricks_by_side"].values()) == 13


def test_robots_never_revoke_at_a_real_table() -> None:
    robots = {s: robot_for("minibridge", "beginner") for s in SEATS}
    for seed in range(15):
        game = play_hand(5, None, seed, robots, real_table=True, check=follows_suit)
        assert game.result()["revoke_transfers"] == 0


@pytest.mark.parametrize("lesson,variant", [(2, None), (5, "target"), (6, "three-normal")])
def test_the_expert_only_plays_legal_actions(lesson: int, variant: str | None) -> None:
    expert = robot_for("minibridge", "expert", budget=None, samples=1, contract_samples=1)
    beginner = robot_for("minibridge", "beginner")
    robots = {s: expert if s == Seat.NORTH else beginner for s in SEATS}
    game = play_hand(lesson, variant, 3, robots, check=follows_suit)
    assert game.is_over()


# -- no peeking -----------------------------------------------------------------------


def mid_hand_views(count: int, seed: int = 7) -> list[dict[str, Any]]:
    """Views of a robot with a decision to make, at random moments of random hands."""
    rng = random.Random(seed)
    beginner = robot_for("minibridge", "beginner")
    views = []
    for lesson, variant in LESSONS_AND_VARIANTS:
        for _ in range(count):
            game = MiniBridge(make_rules(lesson, variant), Deal.for_board(1, rng))
            stop = rng.randrange(60)
            while not game.is_over() and len(game.log) < stop:
                seat = game.to_act()[0]
                game.apply(seat, beginner.choose(game.view(seat), rng))
            if not game.is_over() and game.view(None).phase == "play":
                seat = game.to_act()[0]
                views.append(game.view(seat))
    return views


def test_the_robot_decides_from_the_view_alone_and_leaves_it_untouched() -> None:
    for view in mid_hand_views(3):
        before = json.dumps(view.as_data(), sort_keys=True)
        # A JSON round trip: the view is all the robot gets, as plain data.
        plain = SeatView.from_data(json.loads(before))
        first = robot_for("minibridge", "beginner").choose(plain, random.Random(5))
        assert json.dumps(plain.as_data(), sort_keys=True) == before
        again = robot_for("minibridge", "beginner").choose(copy.deepcopy(view), random.Random(5))
        assert again == first


def test_the_experts_samples_agree_with_everything_in_the_view() -> None:
    for view in mid_hand_views(4, seed=11):
        seen = Seen.from_view(view)
        hidden = {h.position: h for h in hidden_hands(seen)}
        played = seen.played
        for deal in sample_deals(seen, random.Random(3), 5):
            everything = [x for cards in deal.values() for x in cards] + sorted(played)
            assert sorted(everything) == sorted(set(everything)) and len(everything) == 52
            for position, cards in deal.items():
                assert len(cards) == view.hand_sizes[position]
                if position in view.hands:
                    assert sorted(cards) == sorted(view.hands[position])
                    continue
                known = hidden[position]
                assert not any(x[0] in known.voids for x in cards)
                if known.points is not None:
                    assert hcp(cards) == known.points


def test_hidden_points_come_from_the_announcements_less_the_cards_played() -> None:
    rules = make_rules(5)
    deal = Deal.for_board(1, random.Random(4))
    game = MiniBridge(rules, deal)
    beginner = robot_for("minibridge", "beginner")
    rng = random.Random(1)
    while game.view(None).phase != "play" or len(game.view(None).tricks) < 3:
        if game.is_over():
            pytest.skip("this deal was redealt")
        seat = game.to_act()[0]
        game.apply(seat, beginner.choose(game.view(seat), rng))
    seat = game.to_act()[0]
    seen = Seen.from_view(game.view(seat))
    truth = game.current_hands()
    for hand in hidden_hands(seen):
        assert hand.points == hcp(str(x) for x in truth[Seat.from_str(hand.position)])


# -- the sampler -----------------------------------------------------------------------


def test_two_hidden_hands_are_dealt_with_exact_points_and_voids() -> None:
    unseen = c("SA SK SQ S2 HA H3 H4 DJ D5 D6")
    hands = [HiddenHand("E", 5, frozenset({"H"}), 9), HiddenHand("W", 5, frozenset(), 5)]
    rng = random.Random(2)
    seen_layouts = set()
    for _ in range(200):
        layout = sample_layout(unseen, hands, rng)
        assert hcp(layout["E"]) == 9 and not any(x[0] == "H" for x in layout["E"])
        assert sorted(layout["E"] + layout["W"]) == sorted(unseen)
        seen_layouts.add(tuple(sorted(layout["E"])))
    # E must hold the three top spades and two of S2 D5 D6.
    assert len(seen_layouts) == 3


def test_the_sampler_draws_each_consistent_layout_about_equally_often() -> None:
    unseen = c("SA SK S2 S3 S4 S5")
    hands = [HiddenHand("E", 3, frozenset(), 4), HiddenHand("W", 3, frozenset(), 3)]
    rng = random.Random(9)
    counts: dict[tuple[str, ...], int] = {}
    for _ in range(3000):
        key = tuple(sorted(sample_layout(unseen, hands, rng)["E"]))
        counts[key] = counts.get(key, 0) + 1
    # E holds the ace and two of the four spot cards: six layouts.
    assert len(counts) == 6
    assert max(counts.values()) < 1.3 * min(counts.values())


def test_an_impossible_layout_is_reported() -> None:
    with pytest.raises(NoLayoutError):
        sample_layout(c("SA S2"), [HiddenHand("E", 1, frozenset({"S"})),
                                   HiddenHand("W", 1, frozenset({"S"}))], random.Random(1))
    with pytest.raises(NoLayoutError):
        sample_layout(c("SA S2"), [HiddenHand("E", 1, points=3), HiddenHand("W", 1)],
                      random.Random(1))


def test_three_hidden_hands_respect_voids() -> None:
    unseen = c("SA SK SQ HA HK HQ DA DK DQ DJ")
    hands = [HiddenHand("E", 4, frozenset({"S"})), HiddenHand("S", 3, frozenset({"H"})),
             HiddenHand("W", 3, frozenset({"S", "H"}))]
    rng = random.Random(4)
    diamonds_for_east = set()
    for _ in range(100):
        layout = sample_layout(unseen, hands, rng)
        assert all(x[0] == "D" for x in layout["W"])
        assert sorted(layout["S"]) == c("SA SK SQ")
        assert {x for x in layout["E"] if x[0] == "H"} == {"HA", "HK", "HQ"}
        diamonds_for_east.update(x for x in layout["E"] if x[0] == "D")
    assert len(diamonds_for_east) == 4


# -- determinism and the expert's edge --------------------------------------------------------


def finish(game: MiniBridge, robots: dict[Seat, Any], seed: int) -> list[str]:
    """Play ``game`` (a copy) to the end; the actions taken."""
    game = game.copy()
    start = len(game.log)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robots[seat].choose(game.view(seat), rng))
    return [str(a) for a in game.log[start:]]


def test_robots_are_deterministic_with_a_seeded_rng() -> None:
    beginners = {s: robot_for("minibridge", "beginner") for s in SEATS}
    assert finish(MiniBridge(make_rules(6), Deal.for_board(5, random.Random(21))), beginners, 1) \
        == finish(MiniBridge(make_rules(6), Deal.for_board(5, random.Random(21))), beginners, 1)
    # The expert from the fifth trick on (the early tricks are the solver's slowest).
    game = MiniBridge(make_rules(5), Deal.for_board(5, random.Random(21)))
    rng = random.Random(1)
    while not game.is_over() and len(game.view(None).tricks) < 4:
        seat = game.to_act()[0]
        game.apply(seat, beginners[seat].choose(game.view(seat), rng))
    experts = {s: robot_for("minibridge", "expert", budget=None, samples=3) for s in SEATS}
    assert finish(game, experts, 2) == finish(game, experts, 2)


BLOCKED = {  # dummy's spades can only be reached by overtaking declarer's queen
    "N": "SA SJ ST S9 S8 S7 H6 H5 D6 D5 C6 C5 C4",
    "S": "SK SQ HA HK H4 H3 DA DK D4 D3 CA C3 C2",
    "W": "CK CQ CJ CT C9 C8 C7 S6 S5 S4 HQ HJ HT",
    "E": "DQ DJ DT D9 D8 D7 D2 S3 S2 H9 H8 H7 H2",
}
BLOCKED_ACTIONS = ["N hcp 5", "E hcp 3", "S hcp 23", "W hcp 9", "S contract NT",
                   "W play CK", "S play C4", "E play D2", "S play CA",
                   "S play SK", "W play S4", "S play S7", "E play S2",
                   "S play SQ", "W play S5"]


def test_the_expert_overtakes_to_unblock_where_the_beginner_does_not() -> None:
    deal = Deal({Seat.from_str(p): cards_from_str(h) for p, h in BLOCKED.items()}, board=1)
    game = MiniBridge.replay(make_rules(3), deal, BLOCKED_ACTIONS)
    view = game.view(Seat.SOUTH)
    assert view.to_play == "N"
    beginner = robot_for("minibridge", "beginner")
    expert = robot_for("minibridge", "expert", budget=None, samples=6)
    assert beginner.choose(view, random.Random(1)) == "play S8"  # don't overtake partner
    assert expert.choose(view, random.Random(1)) == "play SA"

    def declarer_tricks(level: str) -> int:
        robots = {s: beginner for s in SEATS}
        robots[Seat.SOUTH] = expert if level == "expert" else beginner
        rest = game.copy()
        rng = random.Random(2)
        while not rest.is_over():
            seat = rest.to_act()[0]
            rest.apply(seat, robots[seat].choose(rest.view(seat), rng))
        return rest.result()["tricks"]

    assert declarer_tricks("expert") >= declarer_tricks("beginner") + 3


def test_the_expert_weighs_contracts_double_dummy() -> None:
    expert = robot_for("minibridge", "expert", budget=None, contract_samples=3)
    game = MiniBridge(make_rules(5), Deal.for_board(2, random.Random(8)))
    rng = random.Random(1)
    while not game.is_over() and game.view(None).phase != "contract":
        seat = game.to_act()[0]
        game.apply(seat, expert.choose(game.view(seat), rng))
    if game.is_over():
        pytest.skip("this deal was redealt")
    seat = game.to_act()[0]
    view = game.view(seat)
    assert expert.choose(view, random.Random(4)) in view.legal
    assert expert.last_samples == 3


def test_unknown_levels_and_options_are_refused() -> None:
    with pytest.raises(LookupError):
        robot_for("minibridge", "grandmaster")
    with pytest.raises(TypeError):
        robot_for("minibridge", "beginner", budget=1)
    with pytest.raises(ValueError):
        robot_for("minibridge", "expert", samples=0)


def test_only_the_expert_loads_the_double_dummy_solver() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, games.minibridge.robots, games.minibridge.cli;"
            "assert not [m for m in sys.modules if m.startswith('endplay')]")
    subprocess.run([sys.executable, "-c", code], check=True,
                   cwd=Path(__file__).resolve().parents[2])


def test_a_robot_accepts_a_lead_out_of_turn_at_a_real_table() -> None:
    beginner = robot_for("minibridge", "beginner")
    rng = random.Random(3)
    for board in range(1, 30):
        game = MiniBridge(make_rules(5, real_table=True), Deal.for_board(board, rng))
        while not game.is_over() and game.view(None).phase != "play":
            seat = game.to_act()[0]
            game.apply(seat, beginner.choose(game.view(seat), rng))
        if not game.is_over():
            break
    declarer = Seat.from_str(game.view(None).info["declarer"])
    offender = declarer.rho  # the wrong defender leads
    game.apply(offender, f"play {game.view(offender).hand[0]}")
    assert game.view(None).phase == "lead_out_of_turn"
    view = game.view(declarer)
    assert "put back" in view.legal
    assert beginner.choose(view, rng) == "accept"


def test_the_expert_stops_thinking_when_its_budget_is_spent() -> None:
    from games.bridge.robots.sampler import MOST_PER_BATCH, next_batch

    ticks = iter(range(1000))
    slow_clock = lambda: float(next(ticks))  # noqa: E731 - every reading is a second later
    deal = Deal({Seat.from_str(p): cards_from_str(h) for p, h in BLOCKED.items()}, board=1)
    view = MiniBridge.replay(make_rules(3), deal, BLOCKED_ACTIONS[:5]).view(Seat.WEST)
    expert = robot_for("minibridge", "expert", budget=0.5, samples=40, clock=slow_clock)
    assert expert.choose(view, random.Random(1)) in view.legal
    assert expert.last_samples == 2  # the first batch, then the budget was gone
    # The pace so far decides the next batch, never more than a few deals at once.
    assert next_batch(done=2, cap=40, budget=0.5, elapsed=0.3) == 1
    assert next_batch(done=2, cap=40, budget=0.5, elapsed=0.01) == MOST_PER_BATCH
    assert next_batch(done=2, cap=40, budget=None, elapsed=9.0) == 38
    assert next_batch(done=40, cap=40, budget=0.5, elapsed=0.0) == 0


def test_equal_cards_are_found_as_touching_defines_them() -> None:
    """equals_of and sequence_top walk the ranks; the definition is touching()."""
    from games.bridge.robots.cardtext import (
        ALL_CARDS,
        equals_of,
        in_suit,
        rank,
        sequence_top,
        touching,
    )

    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(ALL_CARDS, rng.randint(1, 13))
        gone = set(rng.sample([c for c in ALL_CARDS if c not in cards], rng.randint(0, 20)))
        card = rng.choice(cards)
        suit_cards = in_suit(cards, card[0])
        known = gone | set(suit_cards)
        expected = sorted([card] + [o for o in suit_cards
                                    if o != card and touching(o, card, known)],
                          key=rank, reverse=True)
        assert equals_of(card, cards, gone) == expected
        holding = in_suit(cards, card[0])
        for length in (2, 3):
            top = holding[0]
            want = (top if rank(top) >= 10
                    and len(equals_of(top, holding, gone)) >= length else None)
            assert sequence_top(holding, length, gone) == want
