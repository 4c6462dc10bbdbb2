"""MiniBridge played by pairs over boards: what duplicate sessions and leagues ask of it.

The registry entry names this module (``GameEntry.pairs``), so the site offers
duplicate sessions and leagues for MiniBridge without naming it. Both are North-South
against East-West: a duplicate session plays the same boards at every table ("play a
series of tricks in duplicate style", MiniLesson 2), and a league is the booklet's
term of mini-matches ("It's flexible and adaptable", shared/rules/minibridge.txt),
each deal "scored simply as a win or loss for each side, according to whether the
declarer achieves the target or not".

A result typed in from a real table is checked by :mod:`games.minibridge.results`, re-exported
here with the rest of what the site needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.bridge.target import target_tricks
from games.deals import Deal
from games.minibridge import scoring
from games.minibridge.par import minibridge_par
from games.minibridge.results import CheckedResult, ResultError, parse_contract, result_check
from games.minibridge.rules import GAME, GOAL_TARGET, PART, SCORE_WIN_LOSS, make_rules
from games.minibridge.words import compact_contract_words
from games.minibridge.words import result_words as _result_words
from games.seats import Seat, Side

__all__ = [
    "SESSION_VARIANTS", "TRICKS_IN_A_HAND", "CheckedResult", "ResultError", "WithoutCards",
    "board_redealt", "contract_words", "league_options", "par_lines", "parse_contract",
    "result_check", "result_without_cards", "result_words", "session_refusal",
    "target_tricks", "won_or_lost",
]

TRICKS_IN_A_HAND = 13

#: The entry's variants (their keys) a duplicate session may be played at, as the
#: session's form lists them: MiniLesson 2 on, where pupils play with a partner, and
#: the four-handed variants of the complete game.
SESSION_VARIANTS: tuple[str, ...] = (
    "lesson-2", "lesson-3", "lesson-4", "lesson-5", "lesson-6",
    "lesson-5-target", "lesson-5-slam",
)

#: The target tricks for a declaring side's combined points (the booklet's table).
def session_refusal(options: Mapping[str, Any]) -> str | None:
    """Why a duplicate session cannot be played with these (valid) options, or ``None``."""
    rules = make_rules(**options)
    if rules.lesson < 2:
        return ("Duplicate starts at MiniLesson 2, where pupils play with a partner: "
                "choose lesson 2 to 6.")
    if rules.three_handed:
        return ("A duplicate session needs four players at each table: choose the target "
                "or slam variant, or none.")
    return None


def won_or_lost(options: Mapping[str, Any]) -> bool:
    """Whether each board is a win or a loss for declarer's side (the target-tricks
    variant) rather than scored in points."""
    return make_rules(**options).scoring == SCORE_WIN_LOSS


def board_redealt(deal: Deal) -> bool:
    """Law 6: a 20-20 deal is dealt again. A duplicate board cannot be redealt at one
    table only, so such a deal is never a board."""
    return deal.side_hcp(Side.NS) == 20


def league_options(won_by_target: bool) -> dict[str, Any]:
    """A league's rules: MiniLesson 5 with the target variant when deals are won against
    the target (the booklet's recommendation), plain MiniLesson 5 by score."""
    return {"lesson": 5, "variant": "target"} if won_by_target else {"lesson": 5}


@dataclass(frozen=True)
class WithoutCards:
    """A deal typed in from a real table without its cards."""

    goal: int
    #: The declaring side's score and the defenders' (1-0 or 0-1 against the target).
    declaring: int
    defending: int
    #: The compact result, e.g. ``"4HS-1"``.
    contract: str


def _level(won_by_target: bool, digit: int | None, level: str | None,
           denomination: str) -> str | None:
    if won_by_target:
        if digit is not None or level is not None:
            raise ResultError(f"In this league declarer names only the trump suit or "
                              f"no-trumps (type '{denomination}'): the target comes from "
                              f"the declaring side's points.")
        return None
    if level is None and digit is not None:
        for word in (PART, GAME):
            if digit == scoring.level_digit(word, denomination, 7):
                level = word
    if level not in (PART, GAME):
        game = scoring.level_digit(GAME, denomination, 7)
        raise ResultError(f"Say part-score or game: '1{denomination}' or "
                          f"'{game}{denomination}'.")
    return level


def result_without_cards(*, won_by_target: bool, declarer: Seat, contract: str,
                         combined_hcp: int, tricks: int) -> WithoutCards:
    """No cards known: the declaring side's combined points give the target (the
    booklet's table); by score, the contract's level gives the goal (Law 10) and
    Laws 16-17 the score. :class:`ResultError` says what is wrong with what was typed."""
    digit, level, denomination = parse_contract(contract)
    level = _level(won_by_target, digit, level, denomination)
    if level is None:
        goal = target_tricks(combined_hcp)
        declaring, defending = (1, 0) if tricks >= goal else (0, 1)
    else:
        goal = scoring.law_10_goal(level, denomination)
        declaring, defending = scoring.laws_16_17_score(denomination, level, tricks)
    return WithoutCards(goal, declaring, defending,
                        scoring.contract_string(denomination, level, goal, declarer.value,
                                                tricks))


# -- results and par in MiniBridge's words (docs/decisions/0430-minibridge-in-its-own-words.md)

def result_words(options: Mapping[str, Any], text: str, *, score: bool = True) -> str:
    """A stored result (``"3NTN+1"``) as MiniBridge says it: "No-trumps, game, by
    North: 10 tricks, +430" (without the score if ``score`` is false)."""
    return _result_words(text, make_rules(**options), score=score)


def contract_words(options: Mapping[str, Any], text: str) -> str:
    """Only the contract of a stored result: "No-trumps, game" (Law 9)."""
    return compact_contract_words(text, make_rules(**options))


def par_lines(options: Mapping[str, Any], deal: Deal,
              table: Mapping[str, Mapping[str, int]]) -> tuple[str, ...]:
    """A hand record's MiniBridge par from its double-dummy table: who declares and
    the best goal they reach, then the other side's best had it declared. Empty
    where nobody declares."""
    rules = make_rules(**options)
    par = minibridge_par(rules, deal, table)
    if par is None:
        return ()
    us, them = par.declaring, par.other
    names = {Side.NS: "North-South", Side.EW: "East-West"}
    lines = (f"Par: {names[us.side]} declare ({us.points} points to {them.points}): "
             f"{' or '.join(us.words(rules))}.",)
    if rules.goal_rule == GOAL_TARGET:
        return lines  # the booklet sets no target below 21 points: the others have none
    return (*lines, f"Had {names[them.side]} declared: {' or '.join(them.words(rules))}.")
