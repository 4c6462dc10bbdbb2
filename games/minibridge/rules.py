"""MiniBridge's six MiniLessons and its variants, each a frozen rules value.

The booklet ("All About MiniBridge", EBU) adds one idea per MiniLesson and
describes variations ("It's flexible and adaptable", "It can be a great game
for three"). Every difference between them is a field below, so the state
machine in :mod:`games.minibridge.game` reads the fields and never asks which
lesson it is playing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

#: Denominations as the action texts write them, from clubs up to no-trumps.
DENOMINATIONS: tuple[str, ...] = ("C", "D", "H", "S", "NT")
#: Contract levels a declarer may announce (Law 9, and the booklet's slam).
PART, GAME, SLAM = "part", "game", "slam"

#: ``MiniBridgeRules.goal_rule``: how declarer's goal is set.
GOAL_NONE = "none"        # MiniLessons 1-2: no declarer, no goal
GOAL_SEVEN = "seven"      # MiniLessons 3-4: "always seven or more tricks"
GOAL_LAW_10 = "law-10"    # Law 10, by part-score/game (and slam)
GOAL_TARGET = "target"    # target tricks by the side's combined points

#: ``MiniBridgeRules.scoring``: how a hand is scored.
SCORE_TRICKS = "tricks"           # tricks per side (MiniLessons 1-2)
SCORE_LESSON_3 = "lesson-3"       # 50 bonus + 40 per odd trick (MiniLessons 3-4)
SCORE_LAWS = "laws-16-17"         # the complete scoring (MiniLesson 5 on)
SCORE_WIN_LOSS = "win-loss"       # target variant: a win or a loss per deal

#: ``MiniBridgeRules.tie_rule``: who declares when the declaring pair tie (Law 7).
TIE_FIRST_ANNOUNCED = "first-announced"
TIE_PAIR_CHOOSES = "pair-chooses"

#: ``MiniBridgeRules.seating``: four players, or three and a dealt dummy.
FOUR_HANDED = "four"
THREE_SIMPLE = "three-simple"
THREE_NORMAL = "three-normal"

#: The variants, usable with MiniLessons 5 and 6 only.
VARIANT_NAMES: tuple[str, ...] = ("target", "slam", THREE_SIMPLE, THREE_NORMAL)


class RulesError(ValueError):
    """Options that do not make a MiniBridge game (an unknown lesson or variant)."""


@dataclass(frozen=True)
class MiniBridgeRules:
    """Everything that differs between the MiniLessons and the variants."""

    lesson: int
    variant: str | None = None
    #: Laws 19-21 apply: irregular plays are accepted and then put right.
    #: Off by default: the engine simply refuses them.
    real_table: bool = False
    title: str = ""
    #: Laws 4-5: players count and announce their high card points (MiniLesson 3 on).
    announces_hcp: bool = True
    #: Law 8: declarer's partner is dummy (MiniLesson 3 on).
    has_dummy: bool = True
    #: Law 5 "in turn", enforced from MiniLesson 5 (d); before that any order.
    clockwise_announcements: bool = True
    tie_rule: str = TIE_FIRST_ANNOUNCED
    denominations: tuple[str, ...] = DENOMINATIONS
    #: Levels the declarer announces with the denomination; empty: only the
    #: denomination is named (MiniLessons 3-4, target variant).
    levels: tuple[str, ...] = (PART, GAME)
    goal_rule: str = GOAL_LAW_10
    scoring: str = SCORE_LAWS
    #: "the bonus is 800 points" for a slam (It's flexible and adaptable).
    slam_bonus: int = 800
    #: MiniLesson 6: defenders signal. The robots' job; the engine only carries it.
    signals: bool = False
    seating: str = FOUR_HANDED
    #: Law 18, "a fixed number of deals": the deals of a set at one table (None: no set).
    set_deals: int | None = None
    #: Law 18, "until a particular target total score is reached" (None: no target).
    set_target: int | None = None
    #: Where the set stood before this deal, as the table carries it from deal to deal
    #: (:func:`games.minibridge.scoring.standing`'s ``next_options``): (set, deals
    #: already played in it, N-S total, E-W total). None: the first deal of a set.
    set_so_far: tuple[int, int, int, int] | None = None

    @property
    def three_handed(self) -> bool:
        return self.seating != FOUR_HANDED

    @property
    def key(self) -> str:
        """The registry key, e.g. ``"lesson-5-target"``."""
        return f"lesson-{self.lesson}" + (f"-{self.variant}" if self.variant else "")

    @property
    def by_tricks(self) -> bool:
        """Each side scores the tricks it won (MiniLessons 1-2, or the teacher's option)."""
        return self.scoring == SCORE_TRICKS

    @property
    def keeps_a_set(self) -> bool:
        """Law 18: the table's deals add up to a set (a number of deals or a target)."""
        return self.set_deals is not None or self.set_target is not None

    def options(self) -> dict[str, Any]:
        """The options that :func:`make_rules` turns back into this value."""
        options: dict[str, Any] = {"lesson": self.lesson, "variant": self.variant,
                                   "real_table": self.real_table}
        # Only when set: a record of the usual options reads as it always did.
        if self.by_tricks and LESSONS[self.lesson].scoring != SCORE_TRICKS:
            options["score_tricks"] = True
        if self.set_deals is not None:
            options["set_deals"] = self.set_deals
        if self.set_target is not None:
            options["set_target"] = self.set_target
        if self.set_so_far is not None:
            options["set_so_far"] = list(self.set_so_far)
        return options


# MiniLessons One and Two: no points, no dummy, no-trumps, tricks per side.
_PLAY_ONLY: dict[str, Any] = dict(
    announces_hcp=False, has_dummy=False, clockwise_announcements=False,
    denominations=("NT",), levels=(), goal_rule=GOAL_NONE, scoring=SCORE_TRICKS)
# MiniLessons Three and Four: announce in any order, the tied pair chooses,
# goal seven, 50 + 40 per odd trick.
_FIRST_CONTRACTS: dict[str, Any] = dict(
    clockwise_announcements=False, tie_rule=TIE_PAIR_CHOOSES, levels=(),
    goal_rule=GOAL_SEVEN, scoring=SCORE_LESSON_3)

LESSONS: dict[int, MiniBridgeRules] = {
    1: MiniBridgeRules(1, title="MiniLesson One: tricks at no-trumps", **_PLAY_ONLY),
    2: MiniBridgeRules(2, title="MiniLesson Two: playing with a partner", **_PLAY_ONLY),
    3: MiniBridgeRules(3, title="MiniLesson Three: dummy and high card points",
                       denominations=("NT",), **_FIRST_CONTRACTS),
    4: MiniBridgeRules(4, title="MiniLesson Four: trumps", **_FIRST_CONTRACTS),
    5: MiniBridgeRules(5, title="MiniLesson Five: part-score or game"),
    6: MiniBridgeRules(6, title="MiniLesson Six: defenders' signals", signals=True),
}

#: What each variant changes in a lesson 5 or 6 rules value.
VARIANTS: dict[str, dict[str, Any]] = {
    # "set declarer a target number of tricks ... scored simply as a win or loss"
    "target": dict(levels=(), goal_rule=GOAL_TARGET, scoring=SCORE_WIN_LOSS),
    # "the goal in either no trumps or any trump suit is 12 tricks ... bonus is 800"
    "slam": dict(levels=(PART, GAME, SLAM)),
    THREE_SIMPLE: dict(seating=THREE_SIMPLE),
    THREE_NORMAL: dict(seating=THREE_NORMAL),
}

VARIANT_TITLES: dict[str, str] = {
    "target": "Target tricks",
    "slam": "Slam",
    THREE_SIMPLE: "Simple three-handed",
    THREE_NORMAL: "Normal three-handed",
}


#: Law 18's choices a teacher is offered (the class page's select boxes).
SET_DEALS: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 10, 12)
SET_TARGETS: tuple[int, ...] = (500, 1000, 1500, 2000)


def make_rules(lesson: int = 5, variant: str | None = None, real_table: bool = False,
               score_tricks: bool = False, set_deals: int | None = None,
               set_target: int | None = None,
               set_so_far: Sequence[int] | None = None) -> MiniBridgeRules:
    """The rules of MiniLesson ``lesson`` (1-6), with a ``variant`` for lessons 5-6;
    ``score_tricks``: "just score according to the number of tricks won by each side"
    (It's flexible and adaptable); ``set_deals``/``set_target``: Law 18's session.

    >>> make_rules(5, "target").goal_rule
    'target'
    >>> make_rules(5, score_tricks=True).levels
    ()
    """
    if isinstance(lesson, bool) or not isinstance(lesson, int) or lesson not in LESSONS:
        raise RulesError(f"MiniBridge has MiniLessons 1 to 6, not {lesson!r}.")
    rules = LESSONS[lesson]
    if variant is not None:
        if variant not in VARIANTS:
            known = ", ".join(VARIANT_NAMES)
            raise RulesError(f"MiniBridge has no variant {variant!r} (known: {known}).")
        if lesson < 5:
            raise RulesError(
                f"The {VARIANT_TITLES[variant].lower()} variant needs the complete game: "
                f"use it with MiniLesson 5 or 6, not {lesson}.")
        rules = replace(rules, variant=variant,
                        title=f"{rules.title} ({VARIANT_TITLES[variant].lower()})",
                        **VARIANTS[variant])
    if real_table:
        rules = replace(rules, real_table=True)
    if score_tricks:
        rules = _scored_by_tricks(rules)
    return _with_set(rules, set_deals, set_target, set_so_far)


def _scored_by_tricks(rules: MiniBridgeRules) -> MiniBridgeRules:
    """"You can ignore the part-score/game elements of scoring and just score according
    to the number of tricks won by each side": declarer names only the denomination, and
    his goal, where the lesson sets one, is the majority (seven), as in MiniLesson 3."""
    if rules.scoring == SCORE_TRICKS:
        return rules  # MiniLessons 1-2 score so already
    goal = rules.goal_rule if rules.goal_rule == GOAL_TARGET else GOAL_SEVEN
    return replace(rules, scoring=SCORE_TRICKS, levels=(), goal_rule=goal,
                   title=f"{rules.title} (tricks won)")


def _with_set(rules: MiniBridgeRules, deals: object, target: object,
              so_far: object = None) -> MiniBridgeRules:
    """Law 18: "the game as a whole can be agreed to last for a fixed number of deals or
    until a particular target total score is reached" (Outline)."""
    for value, name in ((deals, "number of deals"), (target, "target score")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise RulesError(f"A set's {name} is a whole number above 0, not {value!r}.")
    if target is not None and rules.scoring != SCORE_LAWS and rules.scoring != SCORE_LESSON_3:
        counted = "tricks" if rules.scoring == SCORE_TRICKS else "deals won"
        raise RulesError(
            f"A target score needs points: this game counts {counted}. Choose a number of "
            f"deals instead.")
    if deals is None and target is None:
        return rules
    carried = None
    if so_far is not None:
        if (not isinstance(so_far, (list, tuple)) or len(so_far) != 4
                or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in so_far)
                or so_far[0] < 1):
            raise RulesError(f"A set so far is (set, deals played, N-S, E-W), not {so_far!r}.")
        carried = tuple(so_far)
    return replace(rules, set_deals=deals, set_target=target,  # type: ignore[arg-type]
                   set_so_far=carried)
