"""Piquet's coach (issue 29): the expert's choice with a reason in the rule text's
words, from the pupil's seat view alone; every reason checked true."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.coach import BEST_PLAY
from games.piquet import ENTRY
from games.piquet import coach as piquet_coach
from games.piquet.coach import IDEAS_BY_KEY, PiquetCoach, is_true
from games.protocol import SeatView
from tests.games.coach_helpers import base_view, play_to, same_hint_for_hidden_swaps

#: Point of five in hearts, a tierce to the king in spades, three aces.
HAND = ("SK", "SQ", "SJ", "HA", "HQ", "HT", "H9", "H7", "DA", "D8", "CA", "C7")


def _view(hand: tuple[str, ...] = HAND, **fields: Any) -> SeatView:
    info = {"step": "play", "elder": "S", "younger": "N", "classes": {}, "labels": {},
            "mine": {}}
    info.update(fields.pop("info", {}))
    legal = fields.pop("legal", tuple(f"play {c}" for c in hand))
    return base_view("piquet", hand=hand, legal=legal, hand_sizes={"S": 12, "N": 12},
                     info=info, **fields)


def _trick(*cards: str) -> dict[str, Any]:
    return {"leader": "N", "cards": [{"seat": "N", "card": c} for c in cards]}


def _answering(kind: str, announced: dict[str, Any], answers: tuple[str, ...] = ()) -> dict:
    classes = {k: {"announced": None, "answers": ()} for k in ("point", "sequence", "set")}
    classes[kind] = {"announced": announced, "answers": answers}
    return {"step": "answer", "classes": classes}


ANSWER = ("good", "not good", "equal")
GOLDEN: dict[str, tuple[tuple[SeatView, str], tuple[SeatView, str]]] = {
    "only-card": ((_view(legal=("play H7",), trick=_trick("HK")), "play H7"),
                  (_view(legal=("play H7", "play H9"), trick=_trick("HK")), "play H7")),
    "keep-your-combinations": (
        (_view(info={"step": "exchange"}, legal=("discard D8", "discard HA")), "discard D8"),
        (_view(info={"step": "exchange"}, legal=("discard D8", "discard HA")), "discard H9")),
    "draw-now": ((_view(info={"step": "exchange", "mine": {"set_aside": ("D8", "C7")}},
                        legal=("draw",)), "draw"),
                 (_view(info={"step": "exchange", "mine": {"set_aside": ()}}, legal=("draw",)),
                  "draw")),
    "declare-in-full": (
        (_view(info={"step": "declare",
                     "labels": {"point 5 H": "Point of five in hearts, making 47"}},
               legal=("point 5 H", "point 4 H")), "point 5 H"),
        (_view(info={"step": "declare"}, legal=("point 5 H", "point 4 H")), "point 4 H")),
    "nothing-to-declare": (
        (_view(hand=("SA", "SJ", "S9", "HK", "H9", "H7", "DA", "DT", "D8", "CA", "CJ", "C7"),
               info={"step": "declare"}, legal=("no sequence",)), "no sequence"),
        (_view(info={"step": "declare"}, legal=("no sequence",)), "no sequence")),
    "answer-from-your-hand": (
        (_view(info=_answering("point", {"kind": "point", "size": 4, "says": "point of four"}),
               legal=ANSWER), "not good"),
        (_view(info=_answering("point", {"kind": "point", "size": 4, "says": "point of four"}),
               legal=ANSWER), "good")),
    "ask-about-it": ((_view(info={"step": "reply"}, legal=("ask suit 1", "play SK")),
                      "ask suit 1"),
                     (_view(info={"step": "reply"}, legal=("ask suit 1", "play SK")),
                      "play SK")),
    "win-cheaply": ((_view(legal=("play HA", "play HQ", "play HT", "play H9", "play H7"),
                           trick=_trick("HJ")), "play HQ"),
                    (_view(legal=("play HA", "play HQ", "play HT", "play H9", "play H7"),
                           trick=_trick("HJ")), "play HA")),
    "cannot-win": ((_view(legal=("play SK", "play SQ", "play SJ"), trick=_trick("SA")),
                    "play SJ"),
                   (_view(legal=("play SK", "play SQ", "play SJ"), trick=_trick("SA")),
                    "play SK")),
    "lead-a-winner": ((_view(), "play HA"), (_view(), "play SK")),
    "lowest-of-equals": ((_view(), "play SJ"), (_view(), "play D8")),
    "lead-your-long-suit": ((_view(), "play H9"), (_view(), "play D8")),
}


def test_every_idea_has_a_golden_position() -> None:
    assert set(GOLDEN) == set(IDEAS_BY_KEY)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_each_checker_is_true_of_its_golden_position_and_refuses_a_false_one(key: str) -> None:
    (view, action), (wrong_view, wrong_action) = GOLDEN[key]
    assert is_true(key, view, action), key
    assert not is_true(key, wrong_view, wrong_action), key


def test_the_answer_compares_the_point_value_after_equal() -> None:
    """DECLARATIONS: "If younger replies 'equal', elder then declares the combined
    pip-value of his point suit, counting each Ace 11, each court 10, and others at
    face value." Hearts A Q T 9 7 make 11 + 10 + 10 + 9 + 7 = 47."""
    announced = {"kind": "point", "size": 5, "says": "point of five, making 46", "value": 46}
    view = _view(info=_answering("point", announced, ("equal",)), legal=ANSWER)
    assert is_true("answer-from-your-hand", view, "not good")
    assert not is_true("answer-from-your-hand", view, "equal")
    announced = {**announced, "value": 47, "says": "point of five, making 47"}
    view = _view(info=_answering("point", announced, ("equal",)), legal=ANSWER)
    assert is_true("answer-from-your-hand", view, "equal")


def test_a_quatorze_beats_a_trio_of_aces() -> None:
    """SET: "three or four cards of the same rank, Ten or higher"."""
    hand = ("SK", "HK", "DK", "CK", "SQ", "SJ", "HT", "H9", "H7", "D8", "C8", "C7")
    announced = {"kind": "set", "size": 3, "rank": "A", "says": "three aces"}
    view = _view(hand=hand, info=_answering("set", announced), legal=ANSWER)
    assert is_true("answer-from-your-hand", view, "not good")


def test_declaring_in_full_says_why_not_to_sink() -> None:
    """SINKING AND PROVING: "Holding back part of a combination ... is called sinking"."""
    (view, action), _ = GOLDEN["declare-in-full"]
    words = IDEAS_BY_KEY["declare-in-full"].check(view, action)
    assert words == ("Declare in full: point of five in hearts, making 47. It is the best you "
                     "hold; sinking part of it would only hide a card, and what you sink does "
                     "not score.")


def test_the_coach_reasons_with_the_first_true_idea() -> None:
    class Discards:
        def choose(self, view: SeatView, rng: random.Random) -> str:
            return "discard D8"

    view = _view(info={"step": "exchange"}, legal=("discard D8", "discard HA"))
    hint = PiquetCoach(robot=Discards()).hint(view, random.Random(1))
    assert hint is not None
    assert (hint.action, hint.idea) == ("discard D8", "keep-your-combinations")
    assert "the eight of diamonds" in hint.reason and "five hearts" in hint.reason


@pytest.mark.parametrize("step", ["exchange", "play"])
def test_two_deals_differing_only_in_hidden_cards_get_the_same_hint(step: str) -> None:
    """The issue: "a test gives it two deals that differ only in cards the pupil
    cannot see and gets the same hint" (the rng seed held fixed)."""
    coach = piquet_coach.make_coach()

    def wanted(view: SeatView) -> bool:
        return view.info.get("step") == step and (step == "exchange" or len(view.tricks) >= 3)

    played = play_to(ENTRY, 2, wanted)
    assert played is not None
    game, deal, seat = played
    assert same_hint_for_hidden_swaps(coach, game, deal, seat) == 2


def test_every_hint_of_a_whole_hand_is_legal_and_true() -> None:
    coach = piquet_coach.make_coach()
    played = play_to(ENTRY, 1, lambda v: True)
    assert played is not None
    game, _, _ = played
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        hint = coach.hint(view, random.Random(3))
        assert hint is not None and hint.action in view.legal
        assert hint.idea == BEST_PLAY or is_true(hint.idea, view, hint.action)
        game.apply(seat, hint.action)
