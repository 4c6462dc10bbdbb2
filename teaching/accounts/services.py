"""Use cases of accounts: a teacher signing up (by a link mailed to her) and logging in,
a pupil logging in with a class code and a secret, and a teacher unlocking logins that
the throttle locked.

Every function is keyword-only; it checks its input and either does the whole thing or
raises with a message the reader acts on, leaving everything as it was. ``client`` is
who knocked (teaching.accounts.throttle.client_of); every guess is throttled there.
"""

from __future__ import annotations

import hashlib
import logging
import math
import secrets
from datetime import datetime, timedelta

from django.contrib.auth import authenticate
from django.contrib.auth.hashers import check_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from teaching.accounts import mail, throttle
from teaching.accounts.pupil_secrets import normalize_secret
from teaching.accounts.throttle import NOBODY, Client, Lock
from teaching.classes.selectors import can_teach, classroom_by_code, normalize_class_code
from teaching.models import Classroom, LoginUnlock, PendingSignup, Pupil, SchoolDevice, User

log = logging.getLogger(__name__)

_DISPLAY_NAME_MAX = User._meta.get_field("display_name").max_length
WRONG_PASSWORD = ("That e-mail address and password do not match a teacher's account. "
                  "Check both and try again.")
TAKEN = "A teacher with this e-mail address has an account already: log in."


class AccountError(ValueError):
    """Input the rules refuse; ``message`` is what the teacher reads, ``field``
    the form field it belongs to (``None`` for the whole form)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class LoginRefused(Exception):
    """A login (or a class code) that was refused: ``message`` for the reader, ``code``
    one of ``wrong_secret``, ``wrong_password``, ``closed`` or a lock's
    (teaching.accounts.throttle: ``pupil_locked``, ``pupil_day_locked``,
    ``class_locked``, ``client_locked``, ``code_locked``, ``address_locked``,
    ``signup_locked``); ``wait`` how long a lock lasts."""

    def __init__(self, message: str, code: str, wait: timedelta | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.wait = wait


def one_line(text: object) -> str:
    """Trimmed, inner runs of spaces made one."""
    return " ".join(str(text or "").split())


def minutes(wait: timedelta) -> str:
    """A wait as a child reads it: "9 minutes", "1 minute", "3 hours"."""
    count = max(1, math.ceil(wait.total_seconds() / 60))
    if count > 90:
        hours = math.ceil(count / 60)
        return f"{hours} hours"
    return f"{count} minute{'s' if count != 1 else ''}"


def _refusal(lock: Lock, name: str = "") -> LoginRefused:
    """What a lock tells the one locked out."""
    wait = minutes(lock.wait)
    message = {
        "pupil_locked": f"Too many wrong secrets for {name}. Wait {wait}, then try again, "
                        "or ask your teacher.",
        "pupil_day_locked": f"Too many wrong secrets for {name} today. Ask your teacher to "
                            "unlock your login.",
        "class_locked": "Too many wrong secrets in this class today. Ask your teacher to "
                        "unlock the class's logins.",
        "client_locked": f"Too many wrong tries from this computer or network. Wait {wait}, "
                         "then try again.",
        "code_locked": f"Too many class codes that did not fit. Wait {wait}, then try again.",
        "address_locked": f"Too many wrong passwords for this e-mail address. Wait {wait}, "
                          "then try again.",
        "signup_locked": f"Too many sign-ups from here. Wait {wait}, then try again.",
    }[lock.code]
    return LoginRefused(message, lock.code, lock.wait)


# -- teachers ---------------------------------------------------------------------------

#: How long a sign-up's link works.
SIGNUP_LINK_LIFE = timedelta(hours=24)
MAIL_FAILED = ("We could not send the message just now: try again in a few minutes. "
               "Nothing was saved.")
SIGNUP_LINK_DEAD = ("This link has expired or has been used already. Sign up again, "
                    "or log in if you finished signing up.")


def _teacher_checked(*, email: str, display_name: str) -> User:
    """An unsaved teacher with these details and no password yet; :class:`AccountError`
    names the field the rules refuse."""
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
    return User(username=f"t-{secrets.token_hex(8)}", email=email, display_name=display_name,
                role=User.Role.TEACHER)


def _password_set(user: User, password: str) -> None:
    """The password checked against the rules (settings.AUTH_PASSWORD_VALIDATORS, with the
    teacher's address and name to compare it to) and hashed onto ``user``, unsaved."""
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise AccountError(" ".join(exc.messages), field="password") from None
    user.set_password(password)


def _registered(email: str) -> bool:
    return User.objects.filter(role=User.Role.TEACHER, email__iexact=email).exists()


def teacher_signup(*, email: str, display_name: str, password: str) -> User:
    """A teacher account made at once, its address taken on trust: for commands,
    benchmarks and tests. The sign-up page goes through :func:`teacher_signup_request`,
    which mails a link to the address first. An address that has an account is refused."""
    user = _teacher_checked(email=email, display_name=display_name)
    _password_set(user, password)
    try:
        with transaction.atomic():
            if _registered(user.email):
                raise IntegrityError
            user.save()
    except IntegrityError:
        raise AccountError(TAKEN, field="email") from None
    return user


def _token_hash(token: str) -> str:
    return hashlib.sha256(str(token).encode()).hexdigest()


def teacher_signup_request(*, email: str, display_name: str, site: str,
                           client: Client = NOBODY, now: datetime | None = None) -> str:
    """A sign-up from the page: the address typed is mailed, and the answer is the same
    whether it has an account or not (docs/decisions/0336-sign-up-confirmed-by-e-mail.md):
    the same checks, one mail, the same address returned for the page. A new address gets
    a link (``site`` is the site's scheme and host) whose page asks for the password and
    makes the account within :data:`SIGNUP_LINK_LIFE`; a registered one a note that she has
    an account, with the way to log in. No password is asked here: one typed by whoever
    asked for the link would be the account's, and he need not be the address's owner
    (docs/decisions/0710-the-password-is-chosen-at-the-link.md). Every sign-up counts
    against the client's hourly limit, as each sends a mail."""
    now = now or timezone.now()
    lock = throttle.signup_lock(client, now)
    if lock is not None:
        raise AccountError(_refusal(lock).message)
    user = _teacher_checked(email=email, display_name=display_name)
    throttle.signup_mailed(client, now)
    try:
        if _registered(user.email):
            mail.signup_registered(to=user.email, login=site + reverse("login"))
            return user.email
        token = secrets.token_urlsafe(32)
        mail.signup_confirm(to=user.email, link=site + reverse("signup_confirm", args=[token]),
                            hours=int(SIGNUP_LINK_LIFE.total_seconds() // 3600))
    except OSError:  # the mail server refused or could not be reached (SMTPException too)
        log.exception("could not mail a sign-up")
        raise AccountError(MAIL_FAILED) from None
    # Kept once the link is on its way: a mail that failed leaves nothing behind.
    PendingSignup.objects.create(email=user.email, display_name=user.display_name,
                                 token_hash=_token_hash(token), expires=now + SIGNUP_LINK_LIFE)
    return user.email


def pending_signup(*, token: str, now: datetime | None = None) -> PendingSignup | None:
    """The sign-up waiting for this link, if it still works."""
    now = now or timezone.now()
    return PendingSignup.objects.filter(token_hash=_token_hash(token), expires__gt=now).first()


def teacher_signup_confirm(*, token: str, password: str, now: datetime | None = None) -> User:
    """The account a sign-up's link makes, once, with the password chosen on the link's
    page: every link mailed to that address stops working. :class:`AccountError` for a
    password the rules refuse (``field`` "password"; the link still works), for a link
    expired, used or unknown, and for an address that has an account by now (signed up by
    another link)."""
    now = now or timezone.now()
    with transaction.atomic():
        pending = (PendingSignup.objects.select_for_update()
                   .filter(token_hash=_token_hash(token), expires__gt=now).first())
        if pending is None:
            raise AccountError(SIGNUP_LINK_DEAD)
        user = User(username=f"t-{secrets.token_hex(8)}", email=pending.email,
                    display_name=pending.display_name, role=User.Role.TEACHER, last_login=now)
        _password_set(user, password)  # refused: the transaction ends and nothing is used up
        PendingSignup.objects.filter(email__iexact=pending.email).delete()
        taken = _registered(user.email)
        if not taken:
            try:
                with transaction.atomic():
                    user.save()
            except IntegrityError:  # made a moment ago, between the check and now
                taken = True
    if taken:
        raise AccountError(TAKEN)
    return user


def teacher_login_check(*, email: str, password: str, client: Client = NOBODY,
                        request: HttpRequest | None = None, now: datetime | None = None
                        ) -> User:
    """The teacher whose e-mail address and password these are; otherwise
    :class:`LoginRefused`. A registered address and an unknown one take the same
    path, the same time (one password hash) and the same answer; both are
    throttled alike (teaching.accounts.throttle)."""
    now = now or timezone.now()
    account = throttle.account_key(email)
    teacher = User.objects.filter(role=User.Role.TEACHER,
                                  email__iexact=str(email or "").strip()).first()
    lock = throttle.password_lock(account, client, now,
                                  owner_id=teacher.pk if teacher is not None else None)
    if lock is not None:
        raise _refusal(lock)
    # No such teacher: the backend hashes the password all the same (an empty
    # username is nobody's), so the answer takes as long as a wrong password does.
    user = authenticate(request, username=teacher.username if teacher is not None else "",
                        password=str(password))
    if user is None:
        throttle.password_failed(account, client, now)
        raise LoginRefused(WRONG_PASSWORD, "wrong_password")
    return user


# -- class codes -----------------------------------------------------------------------------

def classroom_by_code_check(*, code: str, client: Client = NOBODY,
                            now: datetime | None = None) -> Classroom | None:
    """The class with this code, or ``None``; a code no class has counts against the
    client's network, and a client past the limit is refused without the code being
    looked up (``code_locked``), so guessing codes gains nothing; only the codes of the
    classes its browser knows (teaching.accounts.throttle.known_codes) still work."""
    now = now or timezone.now()
    lock = throttle.code_lock(client, now)
    # Past the lock, a browser still reaches the classes it knows (its pupils', its
    # teachers'): their codes are no guess, and nothing else is looked up.
    if lock is not None and normalize_class_code(code) not in throttle.known_codes(client):
        raise _refusal(lock)
    classroom = classroom_by_code(code) if normalize_class_code(code) else None
    if classroom is None:
        throttle.code_failed(client, now)
    return classroom


# -- pupils logging in -------------------------------------------------------------------

def _login_refusal(pupil: Pupil, secret: str, client: Client, now: datetime
                   ) -> LoginRefused | None:
    classroom = pupil.classroom
    if pupil.archived or not pupil.user.is_active or classroom.archived:
        return LoginRefused("You cannot log in to this class any more: ask your teacher.",
                            "closed")
    lock = throttle.pupil_lock(pupil, client, now)
    if lock is not None:
        return _refusal(lock, pupil.name)
    if not check_password(normalize_secret(secret), pupil.user.password):
        throttle.pupil_failed(pupil, client, now)
        return LoginRefused("That secret is not right. Look at your login card and try again.",
                            "wrong_secret")
    pupil.user.last_login = now
    pupil.user.save(update_fields=["last_login"])
    return None


def pupil_login_check(*, pupil: Pupil, secret: str, client: Client = NOBODY,
                      now: datetime | None = None) -> User:
    """The pupil's user if ``secret`` is theirs and no lock stops ``client``; otherwise
    :class:`LoginRefused` says why and how long to wait. A wrong secret is recorded
    for the throttle; a locked client's guesses are not even checked."""
    now = now or timezone.now()
    # The failure must be stored although the attempt is refused, so the refusal is
    # raised only after the transaction has committed. The class's row is held so
    # that guesses at one class are counted one after the other, none past a limit.
    with transaction.atomic():
        Classroom.objects.select_for_update().filter(pk=pupil.classroom_id).first()
        pupil = Pupil.objects.select_related("user", "classroom").get(pk=pupil.pk)
        refusal = _login_refusal(pupil, secret, client, now)
    if refusal is not None:
        raise refusal
    return pupil.user


# -- a teacher unlocking logins ----------------------------------------------------------

@transaction.atomic
def pupil_login_unlock(*, pupil: Pupil, by: User, now: datetime | None = None) -> None:
    """Lift every lock on the pupil's logins: the wrong secrets so far no longer count."""
    if not can_teach(by, pupil.classroom):
        raise PermissionDenied("Only the class's teachers may do that.")
    LoginUnlock.objects.create(classroom=pupil.classroom, pupil=pupil, by=by,
                               at=now or timezone.now())


@transaction.atomic
def classroom_logins_unlock(*, classroom: Classroom, by: User, now: datetime | None = None
                            ) -> None:
    """Lift every lock on the class's logins, the class's own and each pupil's."""
    if not can_teach(by, classroom):
        raise PermissionDenied("Only the class's teachers may do that.")
    LoginUnlock.objects.create(classroom=classroom, by=by, at=now or timezone.now())


# -- school devices ----------------------------------------------------------------------

_DEVICE_LABEL_MAX = SchoolDevice._meta.get_field("label").max_length
NO_DEVICE = ("This browser does not keep cookies, so it cannot be remembered as a school "
             "device. Allow cookies for this site and try again.")


def school_device_mark(*, teacher: User, client: Client, label: str = "",
                       now: datetime | None = None) -> SchoolDevice:
    """Mark the browser ``client`` as one of the teacher's school devices: her pupils log
    in there past the locks strangers' wrong secrets cause
    (teaching.accounts.throttle.vouched_by_teacher). ``client`` must carry the device
    id its cookie will keep; marking it again renames it. ``label``, a name she may
    give it, is all that is kept about it."""
    if not teacher.is_authenticated or not teacher.is_teacher:
        raise PermissionDenied("Only a teacher marks school devices.")
    label = one_line(label)
    if len(label) > _DEVICE_LABEL_MAX:
        raise AccountError(f"Keep the name to {_DEVICE_LABEL_MAX} characters.", field="label")
    if not client.device:
        raise AccountError(NO_DEVICE)
    device, _ = SchoolDevice.objects.update_or_create(
        teacher=teacher, device=client.device, defaults={"label": label},
        create_defaults={"label": label, "marked": now or timezone.now()})
    return device


def school_devices(teacher: User) -> list[SchoolDevice]:
    """The teacher's school devices, oldest first."""
    return list(SchoolDevice.objects.filter(teacher_id=teacher.pk))


def school_device_forget(*, teacher: User, device_id: int) -> SchoolDevice | None:
    """Forget one of the teacher's school devices: locks count there as anywhere again.
    ``None`` when she has no such device (another teacher's is none of hers)."""
    device = SchoolDevice.objects.filter(teacher_id=teacher.pk, pk=device_id).first()
    if device is not None:
        device.delete()
    return device
