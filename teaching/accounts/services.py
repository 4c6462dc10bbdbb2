"""Use cases of accounts: a teacher signing up, a pupil logging in, and the throttle on
wrong secrets.

Every function is keyword-only; it checks its input and either does the whole thing or
raises with a message the reader acts on, leaving everything as it was.
"""

from __future__ import annotations

import math
import secrets
from datetime import datetime, timedelta

from django.contrib.auth.hashers import check_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from teaching.accounts.pupil_secrets import normalize_secret
from teaching.models import Classroom, LoginFailure, Pupil, User

LOGIN_WINDOW = timedelta(minutes=10)

#: More failures than this in the window lock the pupil (or the whole class).
PUPIL_FAILURES_ALLOWED = 5

CLASS_FAILURES_ALLOWED = 50

_DISPLAY_NAME_MAX = User._meta.get_field("display_name").max_length


class AccountError(ValueError):
    """Input the rules refuse; ``message`` is what the teacher reads, ``field``
    the form field it belongs to (``None`` for the whole form)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class LoginRefused(Exception):
    """A pupil login that did not happen: ``message`` for the pupil, ``code`` one of
    ``wrong_secret``, ``pupil_locked``, ``class_locked``, ``closed``; ``wait`` how
    long a lock lasts."""

    def __init__(self, message: str, code: str, wait: timedelta | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.wait = wait


def one_line(text: object) -> str:
    """Trimmed, inner runs of spaces made one."""
    return " ".join(str(text or "").split())


# -- teachers ---------------------------------------------------------------------------

@transaction.atomic
def teacher_signup(*, email: str, display_name: str, password: str) -> User:
    """A new teacher account; the password must pass Django's validators."""
    email = str(email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise AccountError("Enter a valid e-mail address.", field="email") from None
    email = User.objects.normalize_email(email)
    display_name = one_line(display_name)
    if not display_name:
        raise AccountError("Tell us the name your pupils know you by.", field="display_name")
    if len(display_name) > _DISPLAY_NAME_MAX:
        raise AccountError(f"Keep your name to {_DISPLAY_NAME_MAX} characters.",
                           field="display_name")
    if User.objects.filter(role=User.Role.TEACHER, email__iexact=email).exists():
        raise AccountError("A teacher with this e-mail address has an account already: log in.",
                           field="email")
    user = User(username=f"t-{secrets.token_hex(8)}", email=email, display_name=display_name,
                role=User.Role.TEACHER)
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise AccountError(" ".join(exc.messages), field="password") from None
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        raise AccountError("A teacher with this e-mail address has an account already: log in.",
                           field="email") from None
    return user


# -- pupils logging in -------------------------------------------------------------------

def _wait_after(failures: list[datetime], allowed: int, now: datetime) -> timedelta | None:
    """How long until no more than ``allowed`` of ``failures`` (oldest first, all in
    the window) are left in the window; ``None`` if that is so already."""
    if len(failures) <= allowed:
        return None
    return failures[len(failures) - allowed - 1] + LOGIN_WINDOW - now


def class_login_wait(classroom: Classroom, now: datetime) -> timedelta | None:
    """How long the class's logins stay locked after too many wrong secrets."""
    failures = LoginFailure.objects.filter(classroom=classroom, at__gt=now - LOGIN_WINDOW,
                                           at__lte=now)
    return _wait_after(list(failures.order_by("at").values_list("at", flat=True)),
                       CLASS_FAILURES_ALLOWED, now)


def pupil_login_wait(pupil: Pupil, now: datetime) -> timedelta | None:
    """How long the pupil stays locked. Failures before their last good login do not count."""
    since = now - LOGIN_WINDOW
    last = pupil.user.last_login
    if last is not None and since < last <= now:
        since = last
    failures = LoginFailure.objects.filter(pupil=pupil, at__gt=since, at__lte=now)
    return _wait_after(list(failures.order_by("at").values_list("at", flat=True)),
                       PUPIL_FAILURES_ALLOWED, now)


def minutes(wait: timedelta) -> str:
    count = max(1, math.ceil(wait.total_seconds() / 60))
    return f"{count} minute{'s' if count != 1 else ''}"


def _login_refusal(pupil: Pupil, secret: str, now: datetime) -> LoginRefused | None:
    classroom = pupil.classroom
    if pupil.archived or not pupil.user.is_active or classroom.archived:
        return LoginRefused("You cannot log in to this class any more: ask your teacher.",
                            "closed")
    wait = class_login_wait(classroom, now)
    if wait:
        return LoginRefused(f"Too many wrong secrets in this class. Wait {minutes(wait)}, "
                            "then try again.", "class_locked", wait)
    wait = pupil_login_wait(pupil, now)
    if wait:
        return LoginRefused(f"Too many wrong secrets for {pupil.name}. Wait {minutes(wait)}, "
                            "then try again, or ask your teacher.", "pupil_locked", wait)
    if not check_password(normalize_secret(secret), pupil.user.password):
        failure = LoginFailure.objects.create(classroom=classroom, pupil=pupil)
        LoginFailure.objects.filter(pk=failure.pk).update(at=now)
        return LoginRefused("That secret is not right. Look at your login card and try again.",
                            "wrong_secret")
    pupil.user.last_login = now
    pupil.user.save(update_fields=["last_login"])
    return None


def pupil_login_check(*, pupil: Pupil, secret: str, now: datetime | None = None) -> User:
    """The pupil's user if ``secret`` is theirs and neither they nor their class is
    locked; otherwise :class:`LoginRefused` says why and how long to wait. A wrong
    secret is recorded (LoginFailure) for the throttle; a locked pupil's guesses
    are not even checked."""
    now = now or timezone.now()
    # The failure must be stored although the attempt is refused, so the refusal is
    # raised only after the transaction has committed.
    with transaction.atomic():
        pupil = Pupil.objects.select_related("user", "classroom").get(pk=pupil.pk)
        refusal = _login_refusal(pupil, secret, now)
    if refusal is not None:
        raise refusal
    return pupil.user
