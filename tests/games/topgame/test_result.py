"""The Top Game's typed hand result: what every list, chart and wall of the site reads."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.topgame import ENTRY, TopGame
from games.topgame.contract import contract_text_words, contract_words
from games.topgame.match import deal
from games.topgame.robots import make_robot
from games.topgame.rules import TopGameRules
from games.topgame.scoring import read_result

from .helpers import ANNOUNCED, NORTH_DECLARES, TYPED, hand, play_out


def _robot_hand(rules: TopGameRules, board: int) -> TopGame:
    rng = random.Random(board)
    robot = make_robot("beginner")
    game = TopGame(rules, deal(rules, rng, board))
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), rng))
    return game


@pytest.mark.parametrize(("level", "strain", "doubled", "words"), [
    (5, "D", 1, "five diamonds, doubled"),
    (4, "NT", 2, "four no trumps, redoubled"),
    (3, "S", 0, "three spades"),
    (8, "S", 0, "eight spades"),
])
def test_a_contract_reads_in_words(level, strain, doubled, words):
    assert contract_words(level, strain, doubled) == words


def test_the_written_contract_reads_in_words_and_anything_else_as_it_is():
    assert contract_text_words("5DX") == "five diamonds, doubled"
    assert contract_text_words("4NTXX") == "four no trumps, redoubled"
    assert contract_text_words("Redeal") == "Redeal"
    assert contract_text_words("") == ""


def test_robot_hands_read_back_with_every_outcome_and_the_engine_figures():
    seen: Counter[str] = Counter()
    for board in range(1, 121):
        rules = TYPED if board % 2 else ANNOUNCED
        game = _robot_hand(rules, board)
        data = game.result()
        result = ENTRY.hand_result(data, {"informer": rules.informer})
        assert result.game == "topgame" and result.counts == data["counts"]
        assert result.scores == data["scores"] and sum(result.scores.values()) == 0
        if data["outcome"] == "played":
            bridge = result.bridge
            assert bridge is not None
            assert bridge.declarer == data["declarer"] and bridge.tricks == data["tricks"]
            assert bridge.goal == game.contract.tricks and bridge.made == data["made"]
            assert bridge.denomination == game.contract.strain
            assert bridge.contract in result.words and "X" not in result.words
            assert sum(result.tricks.values()) == 13
            assert result.tricks[data["declarer"]] == data["tricks"]
            assert result.roles == {data["declarer"]: "declarer", data["leader"]: "leader",
                                    data["informer"]: "informer"}
            seen["made" if bridge.made else "down"] += 1
        else:
            assert result.bridge is None
            seen[data["outcome"]] += 1
        assert result.lines == tuple(data["reasons"])
    assert seen["made"] and seen["down"], seen


def test_a_hand_all_three_passed_scores_nobody():
    game = hand(["N pass", "E pass", "W pass"])
    result = read_result(ANNOUNCED, game.result())
    assert result.words == "Passed out: nobody scores"
    assert result.bridge is None and set(result.scores.values()) == {0}
    assert result.roles == {"N": "passed", "E": "passed", "W": "passed"}


def test_a_play_number_of_four_or_less_passes_the_hand_out():
    """pn = bid 2 + dummy's 0 tops, 4 or less: passed out, though someone declared."""
    game = hand(["N pass", "E pass", "W bid 2", "N ask", "W keep"])
    assert game.result()["outcome"] == "passed-out"
    result = read_result(ANNOUNCED, game.result())
    assert result.words == "Passed out: nobody scores" and result.bridge is None
    assert result.roles["W"] == "declarer"


def test_wrong_information_does_not_count_and_says_who_pays():
    game = hand(NORTH_DECLARES + ["W inform H 4 0"], rules=TYPED)
    result = read_result(TYPED, game.result())
    assert result.counts is False and result.bridge is None
    assert result.words.startswith("Wrong information about dummy: West loses 2")
    assert result.scores == {"N": 2, "E": 2, "W": -4}


def test_not_raising_to_your_tops_says_the_penalty_first():
    game = play_out(hand(["N bid 3", "E pass", "W pass", "E ask", "N raise 4"]))
    result = read_result(ANNOUNCED, game.result())
    assert result.words.startswith("North did not raise to his tops: -6 from each opponent")
    assert result.scores["N"] == -12


def test_a_made_contract_names_declarer_and_the_tricks():
    game = play_out(hand(NORTH_DECLARES + ["N contract 1NT"]))
    result = read_result(ANNOUNCED, game.result())
    taken = game.result()["tricks"]
    verb = "made one no trumps" if taken >= 7 else "down in one no trumps"
    assert verb in result.words and result.words.startswith("North ")
    assert result.words.endswith(f": {taken} tricks")
    assert result.bridge.dummy == "S"


def test_a_stored_result_without_the_newer_keys_still_reads():
    """Results stored before this reader carry no "won": declarer's tricks only."""
    data = play_out(hand(NORTH_DECLARES + ["N contract 1NT"])).result()
    del data["won"]
    result = read_result(ANNOUNCED, data)
    assert result.tricks == {"N": data["tricks"]}


def test_every_word_a_newcomer_meets_has_one_plain_sentence():
    for word in ("tops", "informer", "strain", "dummy", "declarer", "play number", "leader"):
        says = ENTRY.terms[word]
        assert says.endswith(".") and says.count(". ") == 0 and len(says) < 100, word


def test_the_opening_lead_is_told_in_words_not_a_card_code():
    game = play_out(hand(NORTH_DECLARES + ["N contract 1NT"]))
    lead = next(line for line in game.story if line.startswith("East leads "))
    card = next(e.text for e in game.log if e.text.startswith("play ")).split()[-1]
    assert card not in lead and lead.startswith("East leads the "), lead


def test_the_level_rule_says_its_levels_in_words():
    from games.topgame.contract import level_words

    assert level_words(7) == ("Play number 7: no-trumps needs 7 + 2 = 9 tricks (three no "
                              "trumps), a suit 7 + 3 = 10 tricks (four of the suit).")
