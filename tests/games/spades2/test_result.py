"""Two-handed Spades' typed result, checked over many robot hands against the
game's own result (THE SCORE)."""

from __future__ import annotations

import random
import re

import pytest

from games.protocol import HandResult
from games.spades2 import ENTRY, Spades2, Spades2Rules, deal_hand


def _robot_hands(count: int, **options: object) -> list[Spades2]:
    rules = Spades2Rules.from_options(**options)
    rng = random.Random(f"spades2 results {options}")
    robot = ENTRY.robot("beginner", **options)
    hands = []
    for number in range(1, count + 1):
        game = Spades2(rules, deal_hand(rules, rng, board=number))
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), rng))
        hands.append(game)
    return hands


HANDS = _robot_hands(40) + _robot_hands(40, nil=True, deal_method="selection")


@pytest.mark.parametrize("game", HANDS, ids=lambda g: "hand")
def test_the_typed_result_agrees_with_the_hand(game: Spades2) -> None:
    data = game.result()
    result = ENTRY.hand_result(data, game.rules.as_data())
    assert isinstance(result, HandResult) and result.counts
    assert result.scores == data["scores"] and result.tricks == data["tricks_won"]
    assert sum(result.tricks.values()) == 13
    for seat, word in (("N", "North"), ("S", "South")):
        bid = "nil" if data["bids"][seat] == 0 else str(data["bids"][seat])
        said = f"{word} bid {bid} and took {data['tricks_won'][seat]}"
        assert said in result.words
        assert (f"{said} (set)" in result.words) is (not data["made"][seat])
    assert not re.search(r"\b[SHDC](?:[2-9]|10|[JQKA])\b", result.words)
    assert HandResult.from_data(result.as_data()) == result


def test_the_sentence_reads_as_a_child_would_say_it() -> None:
    result = ENTRY.hand_result({"bids": {"N": 5, "S": 5}, "tricks_won": {"N": 7, "S": 6},
                                "made": {"N": True, "S": True},
                                "scores": {"N": 52, "S": 51}}, {})
    assert result.words == "North bid 5 and took 7, South bid 5 and took 6"


def test_a_result_it_cannot_read_is_finished_not_an_error() -> None:
    assert ENTRY.hand_result({"bids": {"N": 5}, "tricks_won": {}, "scores": {}}, {}).words \
        == "Finished"
