"""The Top Game's coach (issue 29): the expert's choice with a reason in the rule text's
words, from the pupil's seat view alone; every reason checked true.

The card play's ideas are MiniBridge's, read through the Top Game robots' reading of
the view; their golden positions are MiniBridge's (tests/games/test_minibridge_coach.py),
and here two of them are checked through the Top Game's view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.coach import BEST_PLAY
from games.protocol import SeatView
from games.topgame import ENTRY
from games.topgame import coach as topgame_coach
from games.topgame.coach import CARD_IDEAS, IDEAS_BY_KEY, TopGameCoach, is_true
from tests.games.coach_helpers import base_view, play_to, same_hint_for_hidden_swaps

#: Five tops: the ace and king of spades, the ace and queen of hearts, the king of clubs.
TOPS5 = ("SA", "SK", "S7", "S4", "HA", "HQ", "H6", "D8", "D5", "D2", "CK", "C9", "C3")
#: One top.
TOPS1 = ("SA", "S7", "S4", "H6", "H5", "D8", "D5", "D2", "CJ", "C9", "C3", "C2", "HT")
#: Six hearts.
LONG_HEARTS = ("HA", "HJ", "H9", "H7", "H5", "H3", "SK", "S4", "D8", "D5", "C9", "C3", "C2")


def _view(hand: tuple[str, ...] = TOPS5, **fields: Any) -> SeatView:
    info: dict[str, Any] = {"position": "S", "positions": {"S": "S", "W": "W", "E": "E"},
                            "declarer": "S", "dummy": "N", "final_bid": 3,
                            "description": {"suit": "D", "length": 5, "tops": 2},
                            "contract": None}
    info.update(fields.pop("info", {}))
    return base_view("topgame", hand=hand, **fields, info=info,
                     hand_sizes={"S": 13, "W": 13, "E": 13, "N": 13})


BIDS = ("bid 3", "bid 4", "bid 5", "bid 6", "pass")
STRAINS = ("contract 3C", "contract 3D", "contract 3H", "contract 3S", "contract 2NT")
DUMMY = ("SQ", "SJ", "S9", "HK", "H2", "DA", "DK", "D9", "D7", "D3", "CA", "C8", "C7")
GOLDEN: dict[str, tuple[tuple[SeatView, str], tuple[SeatView, str]]] = {
    "count-your-tops": ((_view(phase="bidding", legal=BIDS), "bid 5"),
                        (_view(phase="bidding", legal=BIDS), "bid 4")),
    "pass-a-weak-hand": ((_view(TOPS1, phase="bidding", legal=BIDS), "pass"),
                         (_view(phase="bidding", legal=BIDS), "pass")),
    "raise-to-your-tops": ((_view(phase="raise", legal=("keep", "raise 5", "raise 6")),
                            "raise 5"),
                           (_view(phase="raise", legal=("keep", "raise 5", "raise 6")),
                            "keep")),
    "tell-the-truth": (
        (_view(phase="inform", seat="E", info={"position": "E", "dummy": "N"},
               hands={"E": TOPS1, "N": DUMMY}, legal=("inform D 5 5", "inform D 5 4")),
         "inform D 5 5"),
        (_view(phase="inform", seat="E", info={"position": "E", "dummy": "N"},
               hands={"E": TOPS1, "N": DUMMY}, legal=("inform D 5 5", "inform D 5 4")),
         "inform D 5 4")),
    "ask-declarer": ((_view(phase="ask", legal=("ask",)), "ask"),
                     (_view(phase="bidding", legal=BIDS), "pass")),
    "trumps-in-the-fit": ((_view(phase="contract", legal=STRAINS), "contract 3D"),
                          (_view(phase="contract", legal=STRAINS), "contract 3S")),
    "trumps-in-your-long-suit": ((_view(LONG_HEARTS, phase="contract", legal=STRAINS),
                                  "contract 3H"),
                                 (_view(phase="contract", legal=STRAINS), "contract 3H")),
    "no-trumps-a-level-lower": (
        (_view(phase="contract", info={"description": {"suit": "C", "length": 4, "tops": 2}},
               legal=STRAINS), "contract 2NT"),
        (_view(LONG_HEARTS, phase="contract", legal=STRAINS), "contract 2NT")),
    "double-with-tops": ((_view(phase="double", legal=("pass", "double")), "double"),
                         (_view(TOPS1, phase="double", legal=("pass", "double")), "double")),
    "pass-without-tops": ((_view(TOPS1, phase="double", legal=("pass", "double")), "pass"),
                          (_view(phase="double", legal=("pass", "double")), "pass")),
}


def _playing(trick: list[tuple[str, str]], hand: tuple[str, ...],
             legal: tuple[str, ...]) -> SeatView:
    """West, a defender, to play at no-trumps, South declarer, North dummy."""
    info = {"position": "W", "contract": {"strain": "NT"}, "positions": {"S": "S", "W": "W",
                                                                         "E": "E"}}
    leader = trick[0][0] if trick else "W"
    return _view(hand, phase="play", seat="W", info=info, to_play="W",
                 hands={"W": hand}, legal=legal,
                 trick={"leader": leader, "cards": [{"seat": s, "card": c} for s, c in trick]})


def test_every_idea_of_the_top_game_has_a_golden_position() -> None:
    card_keys = {idea.key for idea in CARD_IDEAS}
    assert set(GOLDEN) == set(IDEAS_BY_KEY) - card_keys


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_each_checker_is_true_of_its_golden_position_and_refuses_a_false_one(key: str) -> None:
    (view, action), (wrong_view, wrong_action) = GOLDEN[key]
    assert is_true(key, view, action), key
    assert not is_true(key, wrong_view, wrong_action), key


def test_the_card_ideas_read_the_top_games_view() -> None:
    """MiniBridge's "cannot win" and "only card", through the Top Game's view."""
    view = _playing([("N", "SA")], ("S9", "S3", "HK"), ("play S9", "play S3"))
    assert is_true("cannot-win", view, "play S3")
    assert not is_true("cannot-win", view, "play S9")
    only = _playing([("N", "SA")], ("S9", "HK"), ("play S9",))
    assert is_true("only-card", only, "play S9")


def test_counting_tops_is_the_rules_a_k_q() -> None:
    """The bidding: "his number of tophonours i.e. A,K,Q (to be called "tops")"."""
    (view, action), _ = GOLDEN["count-your-tops"]
    words = IDEAS_BY_KEY["count-your-tops"].check(view, action)
    assert words is not None and words.startswith("Count your tops: you hold five tops")


def test_the_coach_reasons_with_the_first_true_idea() -> None:
    class ChoosesDiamonds:
        def choose(self, view: SeatView, rng: random.Random) -> str:
            return "contract 3D"

    (view, _), _ = GOLDEN["trumps-in-the-fit"]
    hint = TopGameCoach(robot=ChoosesDiamonds()).hint(view, random.Random(1))
    assert hint is not None and (hint.action, hint.idea) == ("contract 3D", "trumps-in-the-fit")
    assert "diamonds" in hint.reason and "seven trumps together" not in hint.reason


@pytest.mark.parametrize("phase", ["bidding", "play"])
def test_two_deals_differing_only_in_hidden_cards_get_the_same_hint(phase: str) -> None:
    """The issue: "a test gives it two deals that differ only in cards the pupil
    cannot see and gets the same hint" (the rng seed held fixed)."""
    coach = topgame_coach.TopGameCoach(samples=4)

    def wanted(view: SeatView) -> bool:
        return view.phase == phase and (phase == "bidding" or len(view.tricks) >= 6)

    played = next(p for seed in range(10) if (p := play_to(ENTRY, seed, wanted)) is not None)
    game, deal, seat = played
    assert same_hint_for_hidden_swaps(coach, game, deal, seat) == 2


def test_every_hint_before_the_play_is_legal_and_true() -> None:
    coach = topgame_coach.make_coach()
    for seed in range(3):
        played = play_to(ENTRY, seed, lambda v: True)
        assert played is not None
        game, _, _ = played
        while not game.is_over() and game.view(None).phase != "play":
            seat = game.to_act()[0]
            view = game.view(seat)
            hint = coach.hint(view, random.Random(seed))
            assert hint is not None and hint.action in view.legal
            assert hint.idea == BEST_PLAY or is_true(hint.idea, view, hint.action)
            game.apply(seat, hint.action)
