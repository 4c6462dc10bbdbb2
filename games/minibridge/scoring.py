"""MiniBridge goals and scores as pure functions, each citing its rule.

Tricks are counted for the declaring side; an "odd trick" is any trick in
excess of six (Law 16). Undertricks are counted against the goal (Law 17).

The table's standing is here too, Law 18's set of deals: "Each deal is scored
independently and the game as a whole can be agreed to last for a fixed number of
deals or until a particular target total score is reached" (Outline of MiniBridge).
A teacher sets either or both (:class:`MiniBridgeRules` ``set_deals``,
``set_target``); the set ends at whichever comes first, and the next deal starts a
new set at 0-0, as a won game of Spades starts a new one (decision 0441).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.minibridge.rules import GAME, PART, SLAM, MiniBridgeRules

#: "the goal for either no trumps or any trump suit is 12 tricks" (slam variant).
SLAM_GOAL = 12
#: MiniLessons 3-4: "Declarer's goal is always seven or more tricks".
SEVEN = 7
BOOK = 6


def law_10_goal(level: str, denomination: str) -> int:
    """Law 10: any part-score seven tricks; game in no-trumps nine, in hearts or
    spades ten, in clubs or diamonds eleven. A slam (variant) is twelve."""
    if level == PART:
        return 7
    if level == SLAM:
        return SLAM_GOAL
    if level == GAME:
        return {"NT": 9, "H": 10, "S": 10, "C": 11, "D": 11}[denomination]
    raise ValueError(f"no goal for level {level!r}")


def odd_trick_points(denomination: str, odd_tricks: int) -> int:
    """Law 16: no-trumps 40 for the first odd trick, 30 for the other odd tricks;
    spades/hearts 30 per odd trick; diamonds/clubs 20 per odd trick."""
    if odd_tricks <= 0:
        return 0
    if denomination == "NT":
        return 40 + 30 * (odd_tricks - 1)
    if denomination in ("H", "S"):
        return 30 * odd_tricks
    return 20 * odd_tricks


def contract_bonus(level: str, slam_bonus: int = 800) -> int:
    """Law 16: part-score 50 bonus, game 300 bonus; a slam 800 (slam variant)."""
    return {PART: 50, GAME: 300, SLAM: slam_bonus}[level]


def undertrick_points(goal: int, tricks: int) -> int:
    """Law 17: if declarer fails to reach his goal the defenders score 50 points
    for each trick by which he is short of his goal."""
    return 50 * max(0, goal - tricks)


def laws_16_17_score(denomination: str, level: str, tricks: int,
                     slam_bonus: int = 800) -> tuple[int, int]:
    """The complete scoring (MiniLesson 5): ``(declaring side, defenders)``.

    Law 16, goal attained: every odd trick scores, plus the contract's bonus.
    Law 17, goal not attained: the defenders score 50 per trick short.
    """
    goal = law_10_goal(level, denomination)
    if tricks >= goal:
        return odd_trick_points(denomination, tricks - BOOK) + contract_bonus(level, slam_bonus), 0
    return 0, undertrick_points(goal, tricks)


def lesson_3_score(tricks: int) -> tuple[int, int]:
    """MiniLesson 3 (and 4): "the successful declarer scores a bonus of 50 points
    for making the majority of the tricks, plus 40 points per trick won beyond
    the first six. If declarer fails to win seven tricks, then the defenders
    score 50 points per undertrick." ``(declaring side, defenders)``."""
    if tricks >= SEVEN:
        return 50 + 40 * (tricks - BOOK), 0
    return 0, undertrick_points(SEVEN, tricks)


def level_digit(level: str | None, denomination: str, goal: int) -> int:
    """The bridge level a MiniBridge contract corresponds to, for contract
    strings: part-score 1, game 3NT/4 of a major/5 of a minor, slam 6; with
    no level named (MiniLessons 3-4, target tricks) the goal less six."""
    if level == PART:
        return 1
    if level == GAME:
        return law_10_goal(GAME, denomination) - BOOK
    if level == SLAM:
        return 6
    return goal - BOOK


def contract_string(denomination: str, level: str | None, goal: int, declarer: str,
                    tricks: int) -> str:
    """endplay-style compact result: ``"1NTS+1"``, ``"4HS-1"``, ``"6NTN="``.
    MiniBridge has no doubles; over- and undertricks are counted from the goal."""
    diff = tricks - goal
    outcome = "=" if diff == 0 else f"{diff:+d}"
    return f"{level_digit(level, denomination, goal)}{denomination}{declarer}{outcome}"


# -- Law 18: the set of deals, the table's standing ---------------------------------------

_SIDES = ("NS", "EW")


def standing(rules: MiniBridgeRules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Where the table's set stands after its finished deals (results oldest first);
    empty when the table keeps no set (nothing to carry to the next deal).

    A redeal is not a deal played (Law 6: "the same dealer ... deals again"). The
    answer: the set's number, the deals counted in it and the totals by side; whether
    the last deal ended it and who won it (``None`` for a tie); and ``next_deal`` /
    ``next_totals``, where the deal being played stands (a new set after one ends).

    >>> from games.minibridge.rules import make_rules
    >>> s = standing(make_rules(5, set_deals=2), [{"score": {"NS": 120, "EW": 0}}])
    >>> s["totals"], s["over"], s["next_deal"]
    ({'NS': 120, 'EW': 0}, False, 2)
    """
    if not rules.keeps_a_set:
        return {}
    number, played, totals, over = 1, 0, dict.fromkeys(_SIDES, 0), False
    for result in results:
        score = result.get("score")
        if result.get("redeal") or not score:
            continue
        if over:
            number, played, totals, over = number + 1, 0, dict.fromkeys(_SIDES, 0), False
        played += 1
        for side in _SIDES:
            totals[side] += int(score.get(side) or 0)
        over = _set_over(rules, played, totals)
    winner = None
    if over and totals["NS"] != totals["EW"]:
        winner = "NS" if totals["NS"] > totals["EW"] else "EW"
    next_totals = dict.fromkeys(_SIDES, 0) if over else dict(totals)
    next_set, next_played = (number + 1, 0) if over else (number, played)
    return {
        "deals": rules.set_deals, "target": rules.set_target, "set": number,
        "played": played, "totals": totals, "over": over, "winner": winner,
        "next_deal": next_played + 1, "next_totals": next_totals,
        # The table deals its next hand with these: the deal in play shows the set.
        "next_options": {"set_so_far": [next_set, next_played, next_totals["NS"],
                                        next_totals["EW"]]},
    }


def deal_in_set(rules: MiniBridgeRules,
                score: Mapping[str, int] | None) -> dict[str, Any] | None:
    """The set as the table sees it during a deal: its number, this deal's number in
    it and the totals before it; once the deal is scored (``score``), the totals after
    it, whether it ended the set and who won it. ``None`` without a set."""
    if not rules.keeps_a_set:
        return None
    number, played, ns, ew = rules.set_so_far or (1, 0, 0, 0)
    shown: dict[str, Any] = {
        "set": number, "deal": played + 1, "deals": rules.set_deals,
        "target": rules.set_target, "totals": {"NS": ns, "EW": ew},
        "after": None, "over": False, "winner": None,
    }
    if score is not None:
        after = {"NS": ns + int(score.get("NS") or 0), "EW": ew + int(score.get("EW") or 0)}
        over = _set_over(rules, played + 1, after)
        shown.update(after=after, over=over)
        if over and after["NS"] != after["EW"]:
            shown["winner"] = "NS" if after["NS"] > after["EW"] else "EW"
    return shown


def _set_over(rules: MiniBridgeRules, played: int, totals: Mapping[str, int]) -> bool:
    """The set ends after its number of deals, or once a side has reached the target."""
    if rules.set_deals is not None and played >= rules.set_deals:
        return True
    return rules.set_target is not None and max(totals.values()) >= rules.set_target
