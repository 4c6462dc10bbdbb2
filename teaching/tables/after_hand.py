"""What a table offers once a hand is over: "Next deal", "Play it again", and a word.

A practice table offers both. A table that deals a competition's boards (a duplicate
session's round, a league's mini-match) offers only what counts there: its feature
says so by registering a rule (:func:`after_hand_decided_by`), as it registers the
next deal (teaching.tables.services.dealing), so the tables name no feature. The same
answer hides the buttons (teaching.tables.selectors) and refuses the actions
(teaching.tables.services.dealing): a button hidden but still obeyed would count for
nothing, or show pupils a deal other tables have still to play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from teaching.models import Hand, Table


@dataclass(frozen=True)
class AfterHand:
    next_deal: bool = True
    play_again: bool = True
    #: What the players read instead of a button that is not there ("" for nothing).
    message: str = ""
    #: The refusal's code when a hidden action is asked for all the same.
    code: str = "not_offered"
    #: Where to look next, (address, words), shown after the message.
    link: tuple[str, str] | None = None


#: The practice table's offer.
PRACTICE = AfterHand()

AfterHandRule = Callable[[Table, Hand], AfterHand | None]
_rules: list[AfterHandRule] = []


def after_hand_decided_by(rule: AfterHandRule) -> AfterHandRule:
    """Register ``rule`` (``rule(table, hand)``: the offer after ``hand``, or ``None``
    for a table that is not the rule's). Used as a decorator."""
    if rule not in _rules:
        _rules.append(rule)
    return rule


def after_hand(table: Table, hand: Hand) -> AfterHand:
    """The offer once ``hand`` (the table's newest, finished) is over."""
    for rule in _rules:
        offer = rule(table, hand)
        if offer is not None:
            return offer
    return PRACTICE
