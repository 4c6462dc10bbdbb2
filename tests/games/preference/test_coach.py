"""Preference's coach (issue 29): the expert's choice with a reason in the rule text's
words, from the pupil's seat view alone; every reason checked true."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.coach import BEST_PLAY
from games.preference import ENTRY
from games.preference import coach as preference_coach
from games.preference.coach import IDEAS_BY_KEY, PreferenceCoach, is_true
from games.protocol import SeatView
from tests.games.coach_helpers import base_view, play_to, same_hint_for_hidden_swaps

#: Five spades with the ace and king, the ace of hearts, a guarded king of clubs.
STRONG = ("SA", "SK", "S9", "S8", "S7", "HA", "H8", "CK", "C7", "D7")
#: One ace and nothing else.
WEAK = ("SA", "S8", "S7", "HJ", "H8", "H7", "DT", "D8", "C9", "C7")


def _view(hand: tuple[str, ...] = STRONG, **fields: Any) -> SeatView:
    info: dict[str, Any] = {"declarer": "E", "contract": None}
    info.update(fields.pop("info", {}))
    legal = fields.pop("legal", tuple(f"play {c}" for c in hand))
    return base_view("preference", hand=hand, legal=legal,
                     hand_sizes={"S": len(hand), "E": 10, "W": 10}, info=info, **fields)


def _trick(*cards: str) -> dict[str, Any]:
    seats = ("E", "W")
    return {"leader": "E", "cards": [{"seat": seats[i], "card": c} for i, c in enumerate(cards)]}


HEARTS = {"contract": {"value": 4, "trumps": "H", "game": False}}
BETTEL_BY_S = {"declarer": "S", "contract": {"value": 6, "trumps": None, "game": True}}
AUCTION = ("pass", "bid 2", "game", "bettel", "sans")
GOLDEN: dict[str, tuple[tuple[SeatView, str], tuple[SeatView, str]]] = {
    "only-card": ((_view(legal=("play H8",), trick=_trick("HK")), "play H8"),
                  (_view(legal=("play HA", "play H8"), trick=_trick("HK")), "play H8")),
    "bid-from-sure-tricks": ((_view(phase="auction", legal=AUCTION), "bid 2"),
                             (_view(WEAK, phase="auction", legal=AUCTION), "bid 2")),
    "game-with-six-tricks": (
        (_view(("SA", "SK", "SQ", "S9", "S8", "S7", "HA", "H8", "CA", "C7"), phase="auction",
               legal=AUCTION), "game"),
        (_view(WEAK, phase="auction", legal=AUCTION), "game")),
    "pass-without-tricks": ((_view(WEAK, phase="auction", legal=AUCTION), "pass"),
                            (_view(phase="auction", legal=AUCTION), "pass")),
    "put-aside-a-loser": (
        (_view(phase="exchange", legal=("discard D7", "discard SA")), "discard D7"),
        (_view(phase="exchange", legal=("discard D7", "discard SA")), "discard SA")),
    "trumps-in-your-longest-suit": (
        (_view(phase="contract", legal=("contract 2", "contract 4")), "contract 2"),
        (_view(phase="contract", legal=("contract 2", "contract 4")), "contract 4")),
    "defend-with-your-quota": (
        (_view(phase="defence", info=HEARTS, legal=("defend", "drop out")), "defend"),
        (_view(WEAK, phase="defence", info=HEARTS, legal=("defend", "drop out")), "defend")),
    "drop-out-below-quota": (
        (_view(WEAK, phase="defence", info=HEARTS, legal=("defend", "drop out")), "drop out"),
        (_view(phase="defence", info=HEARTS, legal=("defend", "drop out")), "drop out")),
    "no-kontra-without-five": (
        (_view(WEAK, phase="kontra", info=HEARTS, legal=("kontra", "pass")), "pass"),
        (_view(phase="kontra", info=HEARTS, legal=("kontra", "pass")), "pass")),
    "duck-in-bettel": (
        (_view(("H9", "H7", "SA"), info=BETTEL_BY_S, legal=("play H9", "play H7"),
               trick=_trick("HT")), "play H9"),
        (_view(("HJ", "H7", "SA"), info=BETTEL_BY_S, legal=("play HJ", "play H7"),
               trick=_trick("HT")), "play HJ")),
    "trump-it": ((_view(("HA", "H9", "H7", "C7"), info=HEARTS, legal=("play H9", "play H7"),
                        trick=_trick("SA")), "play H7"),
                 (_view(("HA", "H9", "H7", "C7"), info=HEARTS, legal=("play H9", "play H7"),
                        trick=_trick("SA")), "play H9")),
    "win-cheaply": ((_view(info=HEARTS, legal=("play SA", "play SK", "play S9"),
                           trick=_trick("SQ")), "play SK"),
                    (_view(info=HEARTS, legal=("play SA", "play SK", "play S9"),
                           trick=_trick("SQ")), "play SA")),
    "cannot-win": ((_view(info=HEARTS, legal=("play CK", "play C7"), trick=_trick("CA")),
                    "play C7"),
                   (_view(info=HEARTS, legal=("play CK", "play C7"), trick=_trick("CA")),
                    "play CK")),
    "lowest-of-equals": ((_view(info=HEARTS, tricks=({"leader": "E", "cards": [
                             {"seat": "E", "card": "SQ"}, {"seat": "W", "card": "SJ"},
                             {"seat": "S", "card": "ST"}]},)), "play S9"),
                         (_view(info=HEARTS), "play S9")),
    "cash-a-winner": ((_view(info=HEARTS), "play SK"),
                      (_view(info=HEARTS), "play CK")),
}


def test_every_idea_has_a_golden_position() -> None:
    assert set(GOLDEN) == set(IDEAS_BY_KEY)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_each_checker_is_true_of_its_golden_position_and_refuses_a_false_one(key: str) -> None:
    (view, action), (wrong_view, wrong_action) = GOLDEN[key]
    assert is_true(key, view, action), key
    assert not is_true(key, wrong_view, wrong_action), key


def test_the_quota_reason_counts_the_defenders_sure_tricks() -> None:
    """6. The Defenders' Decisions: "Playing is a commitment to win at least two tricks"."""
    (view, action), _ = GOLDEN["defend-with-your-quota"]
    words = IDEAS_BY_KEY["defend-with-your-quota"].check(view, action)
    assert words == ("Defend: you hold two aces and two guarded kings, enough for your quota "
                     "of two tricks.")


def test_the_bettel_declarer_is_never_told_to_win_cheaply() -> None:
    """5. The Contract: "Bettel. The declarer undertakes to take no tricks"."""
    view = _view(("HJ", "H7", "SA"), info=BETTEL_BY_S, legal=("play HJ", "play H7"),
                 trick=_trick("HT"))
    assert not is_true("win-cheaply", view, "play HJ")


def test_the_coach_reasons_with_the_first_true_idea() -> None:
    class DropsOut:
        def choose(self, view: SeatView, rng: random.Random) -> str:
            return "drop out"

    (view, _), _ = GOLDEN["drop-out-below-quota"]
    hint = PreferenceCoach(robot=DropsOut()).hint(view, random.Random(1))
    assert hint is not None and (hint.action, hint.idea) == ("drop out", "drop-out-below-quota")


@pytest.mark.parametrize("phase", ["auction", "play"])
def test_two_deals_differing_only_in_hidden_cards_get_the_same_hint(phase: str) -> None:
    """The issue: "a test gives it two deals that differ only in cards the pupil
    cannot see and gets the same hint" (the rng seed held fixed)."""
    coach = preference_coach.make_coach()

    def wanted(view: SeatView) -> bool:
        return view.phase == phase and (phase == "auction" or len(view.hand) <= 7)

    played = next(p for seed in range(10) if (p := play_to(ENTRY, seed, wanted)) is not None)
    game, deal, seat = played
    assert same_hint_for_hidden_swaps(coach, game, deal, seat) == 2


def test_every_hint_of_whole_hands_is_legal_and_true() -> None:
    coach = preference_coach.make_coach()
    for seed in range(2):
        played = play_to(ENTRY, seed, lambda v: True)
        assert played is not None
        game, _, _ = played
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            hint = coach.hint(view, random.Random(seed))
            assert hint is not None and hint.action in view.legal
            assert hint.idea == BEST_PLAY or is_true(hint.idea, view, hint.action)
            game.apply(seat, hint.action)
