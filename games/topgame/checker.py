"""``python -m games check FILE``: a Top Game record checked from scratch.

Every hand is replayed from its deal and action log through the engine (an
illegal action is reported with the engine's reason), its result compared with
the one written, its score worked out again from the rules text's sentences
(not from the engine's result), the seats of A, B and C and the dealer checked
against the match's order (B and C change places after six hands, a redealt
hand keeps its dealer), and the standing recomputed. A PBN file written by
``--pbn`` is checked the same way, its tags and Play section against the replay.

``check_record(data)`` and ``check_pbn(games)`` return the problems found, in
sentences; an empty list means the record is in order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games import pbn
from games.protocol import GameError
from games.seats import Seat
from games.topgame import scoring
from games.topgame.contract import describe, play_number, tops, tricks_needed
from games.topgame.game import TopGame
from games.topgame.match import standing
from games.topgame.record import (
    FORMAT,
    SCORING,
    hands_from_pbn,
    pbn_facts,
    pbn_games,
    replay,
    run_record,
)
from games.topgame.rules import TopGameRules


def check_record(data: Mapping[str, Any]) -> list[str]:
    """The problems of a JSON run record (docs/topgame-record.md)."""
    if data.get("game") != "topgame":
        return ["This is not a Top Game record (its \"game\" is not \"topgame\")."]
    if data.get("format") != FORMAT:
        return [f"Unknown record format {data.get('format')!r} (expected {FORMAT!r})."]
    try:
        rules = TopGameRules(**data["rules"])
        hands = list(data["hands"])
    except (KeyError, TypeError, ValueError) as exc:
        return [f"The record cannot be read: {exc}"]
    problems, results = _check_hands(rules, hands, written=True)
    if not problems and standing(rules, results) != data.get("standing"):
        problems.append("The standing written is not the one the hands give.")
    return problems


def check_pbn(games: Sequence[pbn.PbnGame]) -> list[str]:
    """The problems of PBN games written by ``python -m games play topgame --pbn``."""
    try:
        rules, hands = hands_from_pbn(games)
    except (ValueError, KeyError) as exc:
        return [str(exc)]
    problems, results = _check_hands(rules, hands, written=False)
    if problems:
        return problems
    for hand, result in zip(hands, results, strict=True):
        hand["result"] = result
    expected = pbn_games(run_record(rules, seed="", robots={}, hands=hands))
    for written, wanted in zip(games, expected, strict=True):
        label = f"Board {written.get('Board')}"
        facts, truth = pbn_facts(written), pbn_facts(wanted)
        for name, value in facts.items():
            if value != truth[name]:
                problems.append(f"{label}: {name} is {value!r} but the replay gives "
                                f"{truth[name]!r}.")
        if written.sections.get("Play") and _cards(written) != _cards(wanted):
            problems.append(f"{label}: the Play section is not the play of the actions.")
    return problems


def is_topgame_pbn(games: Sequence[pbn.PbnGame]) -> bool:
    """Whether a PBN file holds Top Game hands (its Scoring tag says so)."""
    return bool(games) and all(g.get("Scoring") == SCORING for g in games)


def _cards(game: pbn.PbnGame) -> list[str]:
    return " ".join(game.sections.get("Play", [])).split()


def _check_hands(rules: TopGameRules, hands: Sequence[Mapping[str, Any]],
                 *, written: bool) -> tuple[list[str], list[dict[str, Any]]]:
    problems: list[str] = []
    results: list[dict[str, Any]] = []
    for hand in hands:
        label = f"Hand {hand.get('table_hand', '?')}"
        next_hand = standing(rules, results)["next"]
        problems += [f"{label}: {p}" for p in _check_place(hand, next_hand)]
        try:
            game = replay(rules, hand)
        except GameError as exc:
            problems.append(f"{label}: {exc.reason}")
            return problems, results
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"{label}: cannot be read: {exc}")
            return problems, results
        if not game.is_over():
            problems.append(f"{label}: the actions stop before the hand is over "
                            f"({game.status()}).")
            return problems, results
        result = game.result()
        if written and result != hand.get("result"):
            different = sorted(k for k in result if result[k] != (hand.get("result") or {}).get(k))
            problems.append(f"{label}: the result written differs from the replay in "
                            f"{', '.join(different)}.")
        problems += [f"{label}: {p}" for p in score_problems(game, result)]
        results.append(result)
    return problems, results


def _check_place(hand: Mapping[str, Any], expected: Mapping[str, Any]) -> list[str]:
    """The hand's number, dealer and seats are the match's next ones."""
    problems = []
    for key in ("table_hand", "match", "hand", "seats"):
        if hand.get(key) != expected[key]:
            problems.append(f"its {key.replace('_', ' ')} is {hand.get(key)!r}, but the match "
                            f"comes to {expected[key]!r} here.")
    dealer = (hand.get("deal") or {}).get("dealer")
    if dealer != expected["dealer_seat"]:
        problems.append(f"dealt by {dealer}, but the match's next dealer ({expected['dealer']}) "
                        f"deals from {expected['dealer_seat']}.")
    return problems


def score_problems(game: TopGame, result: Mapping[str, Any]) -> list[str]:
    """The score worked out again from the rules text, from the deal and the facts
    of the hand (not from the engine's own scoring)."""
    scores = {Seat(s): v for s, v in result["scores"].items()}
    if sum(scores.values()) != 0:
        return [f"the scores {result['scores']} do not add up to zero."]
    dealt_dummy = game.deal.hand(game.deal.dealer.partner)
    declarer = Seat(result["declarer"]) if result["declarer"] else None
    if result["outcome"] == "redeal":
        told = result["told"]
        truth = describe(dealt_dummy)
        if told == truth.as_data():
            return ["the hand was dealt again but the informer's description was right."]
        informer = Seat(result["informer"])
        others = tuple(p for p in scores if p != informer)
        expected = scoring.wrong_information_entry(informer, others).scores  # type: ignore[arg-type]
    elif declarer is None:
        expected = scoring.passed_out_entry(tuple(scores)).scores  # type: ignore[arg-type]
    else:
        opponents = (Seat(result["leader"]), Seat(result["informer"]))
        pn = play_number(result["final_bid"], tops(dealt_dummy))
        if pn != result["play_number"]:
            return [f"the play number is {result['play_number']}, but the final bid "
                    f"{result['final_bid']} and dummy's {tops(dealt_dummy)} tops make {pn}."]
        if result["final_bid"] < tops(game.deal.hand(declarer)):
            expected = scoring.no_raise_entry(declarer, opponents).scores
        elif pn <= 4:
            expected = scoring.passed_out_entry(tuple(scores)).scores  # type: ignore[arg-type]
        else:
            detail = result["contract_detail"]
            needed = tricks_needed(pn, detail["strain"])
            if needed != detail["tricks"]:
                return [f"{result['contract']} needs {detail['tricks']} tricks, but at play "
                        f"number {pn} it is {needed}."]
            taken = _tricks_won(game, declarer)
            doubler = Seat(result["doubler"]) if result["doubler"] else None
            expected = scoring.contract_entry(declarer, opponents, needed=needed, taken=taken,
                                              doubled=detail["doubled"], doubler=doubler).scores
    if expected != scores:
        return [f"the scores are {result['scores']}, but the rules give "
                f"{ {s.value: v for s, v in expected.items()} }."]
    return []


def _tricks_won(game: TopGame, declarer: Seat) -> int:
    """Declarer's tricks counted from the tricks played (each one's winner)."""
    assert game.play is not None and game.contract is not None
    trumps = game.contract.trumps
    side = (declarer, declarer.partner)
    return sum(1 for trick in game.play.tricks if trick.winner(trumps) in side)
