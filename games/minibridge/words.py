"""MiniBridge results in the game's own words, not bridge notation.

A MiniBridge contract has no bridge level and is never doubled: declarer announces
"Game" or "Part-score" and "a trump suit or 'No-trumps'" (Law 9), then plays for
his goal (Law 10). Records keep the compact form the engine writes (``"3NTN+1"``:
the contract at the bridge level of its goal, declarer, tricks against the goal,
:func:`games.minibridge.scoring.contract_string`); this module reads it back and
says it as a teacher would: ``"No-trumps, game, by North: 10 tricks, +430"``
(docs/decisions/0430-minibridge-in-its-own-words.md).

>>> from games.minibridge.rules import make_rules
>>> result_words("3NTN+1", make_rules(5))
'No-trumps, game, by North: 10 tricks, +430'
>>> result_words("1CN-3", make_rules(5))
'Clubs, part-score, by North: 4 tricks, -150'
>>> result_words("3HS+1", make_rules(5, "target"))
'Hearts, by South: 10 tricks, target 9 reached'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.minibridge import scoring
from games.minibridge.rules import (
    GAME,
    GOAL_TARGET,
    PART,
    SCORE_LAWS,
    SCORE_LESSON_3,
    SCORE_WIN_LOSS,
    SLAM,
    MiniBridgeRules,
)
from games.protocol import BridgeResult, HandResult
from games.seats import Seat

#: Law 9's words: "a trump suit or 'No-trumps'".
DENOMINATION_WORDS = {"NT": "No-trumps", "S": "Spades", "H": "Hearts", "D": "Diamonds",
                      "C": "Clubs"}
#: Law 9: "He either announces 'Game' or 'Part-score'" (and the booklet's slam).
LEVEL_WORDS = {PART: "part-score", GAME: "game", SLAM: "slam"}

_COMPACT = re.compile(r"^([1-7])(NT|[SHDC])([NESW])(=|[+-]\d{1,2})$")


@dataclass(frozen=True)
class Played:
    """One contract played: Law 9's announcement, Law 10's goal, declarer and the
    tricks his side took."""

    denomination: str
    level: str | None
    goal: int
    declarer: Seat
    tricks: int


def read_compact(text: str, rules: MiniBridgeRules) -> Played | None:
    """The contract in ``"3NTN+1"`` under ``rules``, or ``None`` when the text is
    not a MiniBridge result of these rules (empty, "Redeal", a bridge contract)."""
    found = _COMPACT.match(text.strip().upper()) if isinstance(text, str) else None
    if found is None:
        return None
    digit, denomination, seat, outcome = found.groups()
    goal = int(digit) + scoring.BOOK  # every level is written as its goal less six
    tricks = goal + (0 if outcome == "=" else int(outcome))
    if not 0 <= tricks <= 13 or denomination not in rules.denominations:
        return None
    level = _level(rules, int(digit), denomination)
    if rules.levels and level is None:
        return None
    return Played(denomination, level, goal, Seat.from_str(seat), tricks)


def _level(rules: MiniBridgeRules, digit: int, denomination: str) -> str | None:
    """Part-score is the 1 level, game Law 10's goal less six, slam the 6 level;
    without levels (MiniLessons 3-4, the target) declarer names none."""
    for level in rules.levels:
        if scoring.level_digit(level, denomination, 0) == digit:
            return level
    return None


def contract_words(denomination: str, level: str | None) -> str:
    """Law 9's announcement: "No-trumps, game", "Clubs, part-score", or "Hearts"
    where declarer names only the denomination."""
    words = DENOMINATION_WORDS[denomination]
    return words if level is None else f"{words}, {LEVEL_WORDS[level]}"


def declaring_score(played: Played, rules: MiniBridgeRules) -> int | None:
    """The declaring side's score less the defenders' under the rules' scoring:
    Laws 16-17, MiniLessons 3-4's 50 + 40 a trick, or the target's 1 (a win) or -1;
    ``None`` where each side only counts its tricks."""
    if rules.scoring == SCORE_LAWS and played.level is not None:
        made, lost = scoring.laws_16_17_score(played.denomination, played.level,
                                              played.tricks, rules.slam_bonus)
    elif rules.scoring == SCORE_LESSON_3:
        made, lost = scoring.lesson_3_score(played.tricks)
    elif rules.scoring == SCORE_WIN_LOSS:
        return 1 if played.tricks >= played.goal else -1
    else:
        return None
    return made - lost


def played_words(played: Played, rules: MiniBridgeRules, *, score: bool = True) -> str:
    """"No-trumps, game, by North: 10 tricks, +430"; the target variant says
    "target 9 reached" or "1 short of the target of 9"."""
    trick_word = "trick" if played.tricks == 1 else "tricks"
    text = (f"{contract_words(played.denomination, played.level)}, by {played.declarer.word}: "
            f"{played.tricks} {trick_word}")
    if not score:
        return text
    if rules.goal_rule == GOAL_TARGET:
        if played.tricks >= played.goal:
            return f"{text}, target {played.goal} reached"
        return f"{text}, {played.goal - played.tricks} short of the target of {played.goal}"
    points = declaring_score(played, rules)
    return text if points is None else f"{text}, {points:+d}"


def result_words(text: str, rules: MiniBridgeRules, *, score: bool = True) -> str:
    """The compact result ``text`` in MiniBridge's words; any other text as it is."""
    played = read_compact(text, rules)
    return text if played is None else played_words(played, rules, score=score)


def compact_contract_words(text: str, rules: MiniBridgeRules) -> str:
    """Only the announcement of the compact result ``text``: "No-trumps, game"."""
    played = read_compact(text, rules)
    return text if played is None else contract_words(played.denomination, played.level)


def read_result(rules: MiniBridgeRules, data: Mapping[str, Any]) -> HandResult:
    """A finished hand's typed result from ``MiniBridge.result()``: the declaring side's
    score by side (Laws 16-17), the tricks by side, and, once Law 9's declarer has
    announced a contract (MiniLesson 3 on), the bridge part.

    >>> from games.minibridge.rules import make_rules
    >>> read_result(make_rules(5), {"declarer": "N", "contract": {"denomination": "NT",
    ...     "level": "game", "goal": 9}, "goal": 9, "tricks": 10,
    ...     "score": {"NS": 430, "EW": 0}, "tricks_by_side": {"NS": 10, "EW": 3}}).words
    'No-trumps, game, by North: 10 tricks, made (+430)'
    """
    by_side = {str(side): int(n) for side, n in (data.get("tricks_by_side") or {}).items()}
    scores = {str(side): int(points) for side, points in (data.get("score") or {}).items()
              if isinstance(points, int | float) and not isinstance(points, bool)}
    contract = data.get("contract")
    declarer = data.get("declarer")
    if not declarer or not isinstance(contract, Mapping):
        # MiniLessons 1-2: no declarer yet, each side counts its tricks.
        sides = {"NS": "North-South", "EW": "East-West"}
        said = " and ".join(f"{sides.get(side, side)} took {n}" for side, n in by_side.items())
        said = f"{said} tricks" if said else ""
        return HandResult(game="minibridge", words=said or "Finished", scores=scores,
                          tricks=by_side, roles={})
    seat = Seat.from_str(str(declarer))
    denomination = str(contract.get("denomination"))
    level = contract.get("level") if contract.get("level") in LEVEL_WORDS else None
    goal = int(data.get("goal") or contract.get("goal") or 7)
    tricks = int(data.get("tricks", by_side.get(seat.side.value, 0)))
    bridge = BridgeResult(declarer=seat.value, denomination=denomination,
                          contract=contract_words(denomination, level), goal=goal,
                          tricks=tricks, dummy=seat.partner.value)
    trick_word = "trick" if tricks == 1 else "tricks"
    made = "made" if tricks >= goal else f"{goal - tricks} short of {goal}"
    words = f"{bridge.contract}, by {seat.word}: {tricks} {trick_word}, {made}"
    points = scores.get(seat.side.value)
    if points is not None and rules.goal_rule != GOAL_TARGET and rules.scoring != SCORE_WIN_LOSS:
        other = scores.get(seat.lho.side.value, 0)
        words += f" ({points - other:+d})"
    roles = {seat.value: "declarer", seat.partner.value: "dummy",
             seat.lho.value: "defender", seat.rho.value: "defender"}
    return HandResult(game="minibridge", words=words, scores=scores, tricks=by_side,
                      roles=roles, bridge=bridge)
