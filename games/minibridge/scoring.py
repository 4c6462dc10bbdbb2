"""MiniBridge goals and scores as pure functions, each citing its rule.

Tricks are counted for the declaring side; an "odd trick" is any trick in
excess of six (Law 16). Undertricks are counted against the goal (Law 17).
"""

from __future__ import annotations

from games.minibridge.rules import GAME, PART, SLAM

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
