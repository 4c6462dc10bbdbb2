"""A finished Preference hand read as the site's typed HandResult (scoring.read_result):
one plain sentence, each player's part, the tricks, the further facts (refa, kontra),
and the points the hand is worth to each player, over many hands played out.

The hands are played by robots and by a random chooser that says kontra, Bettel and
"game" far more often than people do, with and without a refa waiting: every outcome
the text has (passed out, a refa, a game, Bettel, kontra and rekontra, a lone defender,
both defenders out) is met and checked.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from games.preference import ENTRY
from games.preference.game import Preference, deal_hand
from games.preference.robots import make_robot
from games.preference.rules import PLAYERS, PreferenceRules
from games.preference.scoring import Sheet, read_result, sheets
from games.protocol import ROLE_WORDS, HandResult

#: A card code as the engine writes it ("SA", "H10", "D7"); a pupil never reads one.
CODE = re.compile(r"\b[SHDC](?:[2-9]|10|[JQKA])\b")


def _play(rules: PreferenceRules, seed: int, robot: bool) -> dict:
    rng = random.Random(seed)
    game = Preference(rules, deal_hand(rules, rng, board=seed % 9 + 1))
    player = make_robot("beginner") if robot else None
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if player is not None:
            action = player.choose(game.view(seat), rng)
        else:
            others = [a for a in legal if a != "pass"]
            action = rng.choice(others if others and rng.random() < 0.7 else legal)
        game.apply(seat, action)
    return game.result()


def _kind(data: dict) -> set[str]:
    if data["passed_out"]:
        return {"passed out"}
    kinds = {"refa"} if data["refa"] else set()
    kinds |= {"game"} if data["contract"]["game"] else set()
    kinds |= {"Bettel"} if data["contract"]["value"] == 6 else set()
    kinds |= {"kontra"} if data["kontra"] == 1 else set()
    kinds |= {"rekontra"} if data["kontra"] >= 2 else set()
    kinds |= {"both out"} if not data["played"] else set()
    kinds |= {"lone defender"} if sorted(data["roles"].values()) == ["defends", "out"] else set()
    kinds |= {"made"} if data["made"] else {"failed"}
    return kinds


def _hands() -> list[tuple[PreferenceRules, dict]]:
    hands = []
    for refas in (0, 1):
        rules = PreferenceRules.from_options(start=100,
                                             refas={s.value: refas for s in PLAYERS})
        for seed in range(60):
            hands.append((rules, _play(rules, seed, robot=seed % 2 == 0)))
    return hands


HANDS = _hands()


def test_the_hands_met_every_outcome() -> None:
    met = Counter(kind for _rules, data in HANDS for kind in _kind(data))
    assert set(met) == {"passed out", "refa", "game", "Bettel", "kontra", "rekontra",
                        "both out", "lone defender", "made", "failed"}, met


@pytest.mark.parametrize("number", range(len(HANDS)))
def test_each_hand_reads_as_one_plain_sentence_with_parts_and_tricks(number: int) -> None:
    rules, data = HANDS[number]

    result = ENTRY.hand_result(data, {"start": 100})

    assert result == read_result(rules, data)
    assert isinstance(result, HandResult) and result.counts
    for text in (result.words, *result.lines):
        assert not CODE.search(text), text
        assert "None" not in text and "{" not in text and "'" not in text.replace("'s ", "")
    assert set(result.roles.values()) <= set(ROLE_WORDS)
    if data["passed_out"]:
        # The hand alone cannot tell whether a refa was declared (section 9: not while a
        # player is under the hat): the words claim none, the line says when.
        assert result.words == "All passed: nobody plays"
        assert "not while a player is under the hat" in result.lines[0]
        assert result.roles == {"S": "passed", "E": "passed", "W": "passed"}
        assert result.scores == {} and result.tricks == {}
        return
    declarer = data["declarer"]
    assert result.roles[declarer] == "declarer"
    for seat, part in data["roles"].items():
        assert result.roles[seat] == ("passed" if part == "out" else "defender")
    assert result.tricks == data["tricks"]
    word = {"S": "South", "E": "East", "W": "West"}[declarer]
    n = data["declarer_tricks"]
    if data["played"]:
        ending = "made" if data["made"] else "failed"
        assert result.words.startswith(f"{word} played ")
        assert result.words.endswith(f" and took {n} trick{'s' * (n != 1)}: {ending}")
    else:
        assert result.words.startswith(f"Nobody played against {word}: he wins ")
    if data["kontra"]:
        kontra_by = {"S": "South", "E": "East", "W": "West"}[data["kontra_by"]]
        assert any(line.startswith(f"{kontra_by} said kontra") for line in result.lines)
    if data["refa"]:
        assert f"{word} had a refa waiting." in result.lines


@pytest.mark.parametrize("number", [n for n, (_r, d) in enumerate(HANDS)
                                    if not d["passed_out"] and not d["refa"]])
def test_the_scores_are_what_the_hand_adds_to_each_players_final_reckoning(
        number: int) -> None:
    rules, data = HANDS[number]
    before = Sheet(PreferenceRules(rules.start, rules.refa_max)).reckoning()
    after = sheets(rules, [data])[-1].reckoning()

    scores = read_result(rules, data).scores

    assert scores == {seat: after[seat]["total"] - before[seat]["total"] for seat in "SEW"}


def test_a_clubs_contract_made_in_words_and_points() -> None:
    data = {"board": 1, "dealer": "W", "refas": {}, "passed_out": False, "declarer": "E",
            "contract": {"value": 5, "game": False, "words": "clubs (5)"}, "refa": False,
            "roles": {"S": "defends", "W": "out"}, "plain_two": False, "kontra": 0,
            "kontra_by": None, "played": True, "tricks": {"E": 9, "S": 1, "W": 0},
            "declarer_tricks": 9, "defence_tricks": 1, "made": True}

    result = read_result(PreferenceRules(), data)

    assert result.words == "East played clubs (five) and took 9 tricks: made"
    assert result.roles == {"E": "declarer", "S": "defender", "W": "passed"}
    # East +10 in his declarer column (x10), less South's bula of 10; South pays 10 for
    # one trick of his two (x10) and writes 10 against East.
    assert result.scores == {"E": 90, "S": -90, "W": 0}
    assert "South pays 10: he took 1 of his 2 tricks." in result.lines


def test_with_no_refas_in_the_game_passing_out_says_so() -> None:
    rules = PreferenceRules.from_options(start=30, refa_max=0)

    result = read_result(rules, {"board": 1, "passed_out": True, "refas": {}})

    assert result.words == "All passed: nobody plays, and it has no effect"
