"""A pupil's secret: a friendly word and three digits, printed on their login card.

Kept readable in ``Pupil.secret`` so the teacher can reprint a card, and hashed into
the pupil's password with few rounds (docs/decisions/0010-class-codes-and-secrets.md).
Three digits make 108,032 secrets, which the login throttle's 20 wrong secrets a day for
one pupil would take 7 years on average to run through by half
(docs/decisions/0301-secrets-a-word-and-three-digits.md).
"""

from __future__ import annotations

import secrets

from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password

from teaching.accounts.secret_words import WORDS
from teaching.models import Pupil

#: Digits of a secret avoid 0 and 1, which read as O and l on a printed card.
SECRET_DIGITS = "23456789"
SECRET_DIGITS_COUNT = 3


class _PupilSecretHasher(PBKDF2PasswordHasher):
    """Django's default algorithm and format with fewer rounds. A pupil's secret is
    kept readable in ``Pupil.secret`` for reprinting cards, so a slow hash would
    protect nothing and only make adding a class of thirty take seconds
    (docs/decisions/0010-class-codes-and-secrets.md). Django's own hasher verifies it
    (same algorithm name)."""

    iterations = 10_000


def secret_new() -> str:
    """A short secret a child can read and type: a friendly word and three digits."""
    return secrets.choice(WORDS) + "".join(secrets.choice(SECRET_DIGITS)
                                           for _ in range(SECRET_DIGITS_COUNT))


def normalize_secret(text: str) -> str:
    """What a pupil typed, compared without case or spaces ("Otter 42" is "otter42")."""
    return "".join(str(text).split()).lower()


def set_secret(pupil: Pupil, secret: str) -> None:
    pupil.secret = secret
    pupil.user.password = make_password(normalize_secret(secret), hasher=_PupilSecretHasher())
