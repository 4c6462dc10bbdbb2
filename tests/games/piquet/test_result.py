"""Piquet's typed result: what the site's lists and walls read of a finished deal,
checked over many robot deals against the game's own result."""

from __future__ import annotations

import random
import re

import pytest

from games.piquet import ENTRY, Piquet, PiquetRules, deal_piquet
from games.protocol import HandResult

RULES = PiquetRules()
#: A card code as the engine writes it ("CJ", "H10", "SA"): never in a pupil's words.
CODE = re.compile(r"\b[SHDC](?:[2-9]|10|[JQKA])\b")


def _robot_deals(count: int) -> list[Piquet]:
    rng = random.Random("piquet results")
    robot = ENTRY.robots.make("beginner")
    games = []
    for number in range(1, count + 1):
        game = Piquet(RULES, deal_piquet(RULES, rng, number))
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), rng))
        games.append(game)
    return games


DEALS = _robot_deals(60)


@pytest.mark.parametrize("game", DEALS, ids=lambda g: "deal")
def test_the_typed_result_agrees_with_the_deal(game: Piquet) -> None:
    data = game.result()
    result = ENTRY.hand_result(data, {})
    assert isinstance(result, HandResult) and result.counts
    assert result.scores == data["scores"]
    assert result.tricks == data["tricks_won"] and sum(result.tricks.values()) == 12
    assert result.roles == {game.elder.value: "elder", game.younger.value: "younger"}
    # The sentence names both players' scores, the higher first.
    high, low = sorted(data["scores"].items(), key=lambda item: -item[1])
    if high[1] != low[1]:
        words = {"N": "North", "S": "South"}
        assert result.words.startswith(f"{words[high[0]]} scored {high[1]}, "
                                       f"{words[low[0]]} {low[1]}")
    # The count in its order, one line an entry, the last total being the score.
    assert len(result.lines) == len(data["count"])
    assert not any(CODE.search(line) for line in (result.words, *result.lines))
    assert HandResult.from_data(result.as_data()) == result


def test_the_sentence_says_who_won_each_class_and_bonus() -> None:
    seen = {"the point", "the sequence", "the set", "the cards"}
    said = " ".join(ENTRY.hand_result(g.result(), {}).words for g in DEALS)
    assert all(words in said for words in seen)


def test_the_first_example_reads_as_a_child_would_say_it() -> None:
    result = ENTRY.hand_result({
        "scores": {"N": 40, "S": 9}, "elder": "S", "younger": "N", "carte_blanche": [],
        "classes": {"point": "N", "sequence": "N", "set": "S"}, "repique": None,
        "pique": None, "bonus": {"seat": "N", "points": 10, "name": "the cards"},
        "tricks_won": {"N": 7, "S": 5},
        "count": [{"seat": "S", "kind": "set", "points": 3, "total": 3,
                   "says": "3 for three aces, 3"}]}, {})
    assert result.words == ("North scored 40, South 9: North won the point, the sequence "
                            "and the cards; South the set")
    assert result.lines == ("South: 3 for three aces, 3",)


def test_a_result_it_cannot_read_is_finished_not_an_error() -> None:
    assert ENTRY.hand_result({"scores": {"N": 3}}, {}).words == "Finished"
    assert ENTRY.hand_result({"scores": "x", "elder": "N", "younger": "S"}, {}).words == "Finished"
