"""The rules a teacher's password must pass (settings.AUTH_PASSWORD_VALIDATORS), in words a
teacher acts on (docs/decisions/0711-teacher-password-rules.md).

Django's four validators do the checking; here they only say what is wrong in plainer
words. One rule is the project's own: a password that is a common one or a word of cards,
bridge or school, disguised the way people disguise them ("Passw0rd!", "minibridge2024"),
is the first thing a pupil who knows the teacher's address would try.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.contrib.auth.password_validation import (
    CommonPasswordValidator,
    MinimumLengthValidator,
    NumericPasswordValidator,
    UserAttributeSimilarityValidator,
    get_default_password_validators,
)
from django.core.exceptions import ValidationError

from games.registry import GAME_MODULES

#: Words anyone guessing a CardClass teacher's password tries first: the site, its games,
#: the words of a card table and of a school. Compared whole, after the disguises below are
#: undone, so a passphrase that merely contains one ("bridge on a wet tuesday") passes. The
#: games' own names come from the registry's module list, so a new game is refused too
#: without importing it.
_GAME_NAMES = frozenset(module.rsplit(".", 1)[-1] for module in GAME_MODULES)
CARDS_AND_SCHOOL_WORDS = _GAME_NAMES | frozenset("""
    cardclass bridge contractbridge rubberbridge duplicate contract
    trumps notrump notrumps dummy declarer slam grandslam tricks spades hearts diamonds
    clubs aceofspades queenofhearts kingofhearts jackofclubs
    cardgame cardgames playingcards deckofcards cards bridgeclub
    classroom school schoolteacher teacher teaching pupil pupils lesson lessons homework
    headteacher headmaster headmistress playground primaryschool
""".split())

#: Digits and symbols people put for look-alike letters; "1" is tried as both i and l.
_LOOK_ALIKES = [str.maketrans("0134@$5789!|+", "oieaasstbgilt"),
                str.maketrans("0134@$5789!|+", "oleaasstbgilt")]
_ENDS = re.compile(r"^[\W\d_]+|[\W\d_]+$")  # digits and symbols put before or after
_SYMBOL_ENDS = re.compile(r"^[\W_]+|[\W_]+$")  # symbols only: "m1n1br1dg3!" ends in an e
_INSIDE = re.compile(r"[\s._-]+")  # spaces and joiners between words
#: A core shorter than this is mostly the digits and symbols around it, not a disguised word.
_SHORTEST_CORE = 4


def _cores(password: str) -> set[str]:
    """The words a password may be a disguise of: ends of digits and symbols taken off,
    look-alike digits read as letters, spaces between words closed up."""
    lower = password.lower().strip()
    readings = {lower}
    for look_alikes in _LOOK_ALIKES:
        for trimmed in (lower, _SYMBOL_ENDS.sub("", lower), _ENDS.sub("", lower)):
            readings.add(trimmed.translate(look_alikes))
    cores = set()
    for reading in readings:
        core = _ENDS.sub("", reading)
        cores.update((core, _INSIDE.sub("", core)))
    return {core for core in cores if len(core) >= _SHORTEST_CORE and core.isalpha()}


@lru_cache(maxsize=1)
def _common_passwords() -> frozenset[str]:
    """Django's list of common passwords, read once."""
    return frozenset(CommonPasswordValidator().passwords)


class LongEnough(MinimumLengthValidator):
    def get_error_message(self) -> str:
        return (f"This password is too short: use at least {self.min_length} characters. "
                "Three or four words you will remember, with spaces between them, make a "
                "good one.")

    def get_help_text(self) -> str:
        return f"At least {self.min_length} characters."


class NotLikeYourDetails(UserAttributeSimilarityValidator):
    """Django's check, naming the detail as the sign-up form does."""

    _SAID = {"email address": "your e-mail address", "display name": "your name"}

    def validate(self, password: str, user: Any = None) -> None:
        try:
            super().validate(password, user)
        except ValidationError as error:
            what = str((error.params or {}).get("verbose_name", ""))
            raise ValidationError(
                f"This password is too like {self._SAID.get(what, 'your ' + what)}, which "
                "anyone who knows you can guess: choose another.",
                code=error.code) from None

    def get_help_text(self) -> str:
        return "Not like your name or e-mail address."


class NotCommon(CommonPasswordValidator):
    def get_error_message(self) -> str:
        return ("This password is one of the most common ones, the first tried by anyone "
                "guessing: choose another.")

    def get_help_text(self) -> str:
        return "Not a common password."


class NotOnlyDigits(NumericPasswordValidator):
    def get_error_message(self) -> str:
        return "This password is only digits, which are quickly guessed: use words."

    def get_help_text(self) -> str:
        return "Not only digits."


class NotADisguisedWord:
    """A common password or a word of cards, bridge or school, whole or disguised: digits or
    symbols around it, digits for look-alike letters, spaces in it. A password on Django's
    list as typed is left to :class:`NotCommon`, so that it is refused once."""

    def validate(self, password: str, user: Any = None) -> None:
        common = _common_passwords()
        if password.lower().strip() in common:
            return
        cores = _cores(password)
        if cores & CARDS_AND_SCHOOL_WORDS:
            raise ValidationError(
                "This password is a word of cards, bridge or school, the first a pupil "
                "would try: choose another.", code="password_cards_or_school_word")
        if cores & common:
            raise ValidationError(
                "This password is a common one with a few characters changed or added (like "
                "\u201cPassw0rd!\u201d), which is tried just as early: choose another.",
                code="password_disguised_common")

    def get_help_text(self) -> str:
        return "Not a word of cards, bridge or school."


def password_help_text() -> str:
    """What the password field says before anything is typed: each rule in force
    (settings.AUTH_PASSWORD_VALIDATORS), after the advice that passes them all."""
    rules = [validator.get_help_text() for validator in get_default_password_validators()]
    length = [rule for rule in rules if rule.startswith("At least")]
    others = [rule for rule in rules if not rule.startswith("At least")]
    return " ".join([*length, "Three or four words you will remember, with spaces between "
                     "them, make a good one.", *others])
