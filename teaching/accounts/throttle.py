"""The login throttle: how many wrong guesses a client, a pupil, a class and a typed
e-mail address may make, and who is spared a lock a stranger caused.

Every failure is a row (``LoginFailure``), so every server process counts the same
ones. Who knocked (the ``client``) is the browser when it carries a device cookie that a
good login earned, else its network address: a whole school may share one address, and
a stranger can throw cookies away but not addresses (an IPv6 client counts by its /64,
which one home gets whole).

A good login vouches for the user it logged in as, and for nothing more: anyone with
a card of their own can get a fresh device at each login. So the device counts only for
its own users' logins (its wrong secrets for them, its hourly count when it knocks for
them); class codes, sign-ups and guesses at anyone else count by the network address
always (docs/decisions/0720-a-login-vouches-for-its-user-only.md).

A lock a stranger can cause stops only strangers: a browser that has logged in as the
pupil (or teacher) before, and has not itself guessed wrong since, is let through
(docs/decisions/0300-pupil-login-throttle.md), and so is a browser a teacher of the class
vouches for, by her session on it or by marking it as her school's, judged by its own
wrong secrets alone (docs/decisions/0721-school-devices.md). Nothing here sleeps; a
locked attempt is refused without its secret being checked, so guessing on gains nothing.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core import signing
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from teaching.models import Classroom, LoginFailure, LoginUnlock, Pupil, SchoolDevice

Kind = LoginFailure.Kind


@dataclass(frozen=True)
class Limit:
    """At most ``allowed`` failures within ``window``; one more and the lock holds
    until the oldest of them leaves the window."""

    allowed: int
    window: timedelta


#: One pupil's wrong secrets from one client: a child mistyping is stopped briefly.
PUPIL_ON_A_CLIENT = Limit(5, timedelta(minutes=10))
#: One pupil's wrong secrets from everywhere. Past it, only a browser that has logged in
#: as the pupil before (and not guessed wrong since) may try; the teacher can unlock.
PUPIL_PER_DAY = Limit(20, timedelta(hours=24))
#: One class's wrong secrets from everywhere, the same way.
CLASS_PER_DAY = Limit(100, timedelta(hours=24))
#: Wrong secrets and passwords from one client, whoever they were for: counted by the
#: device when it knocks for one of its own users, else by the network address.
CLIENT_PER_HOUR = Limit(60, timedelta(hours=1))
#: Class codes that no class has, from one network address.
CODES_PER_HOUR = Limit(30, timedelta(hours=1))
#: One typed e-mail address's wrong passwords from one client, and from everywhere (past
#: that, only the teacher's own browsers may try).
ADDRESS_ON_A_CLIENT = Limit(5, timedelta(minutes=10))
ADDRESS_PER_HOUR = Limit(20, timedelta(hours=1))
#: Sign-ups from one network address: each mails the address typed, registered or not.
SIGNUPS_PER_HOUR = Limit(10, timedelta(hours=1))
#: Failures older than every window are deleted as new ones come in.
KEPT = timedelta(hours=25)


@dataclass(frozen=True)
class Lock:
    """Why an attempt is refused unchecked (``code``) and for how long (``wait``)."""

    code: str
    wait: timedelta


# -- who knocks ---------------------------------------------------------------------------

DEVICE_COOKIE = "device"
_DEVICE_SALT = "teaching.accounts.throttle.device"
#: A shared class tablet remembers this many logins; the oldest is forgotten first.
DEVICE_USERS = 40
DEVICE_DAYS = 365


#: The network of a client the caller knows nothing of.
UNKNOWN_NETWORK = "address:unknown"


@dataclass(frozen=True)
class Client:
    """Who is knocking: ``key`` counts their failures; ``logins`` are the users this
    browser has logged in as, newest first, each with when it last did (from its signed
    device cookie); ``device`` its id; ``network`` its network address, whatever its
    cookie says (the ``key`` when that is an address); ``teacher`` the teacher whose
    session the browser carries now, if any."""

    key: str
    logins: tuple[tuple[int, datetime | None], ...] = ()
    device: str = ""
    network: str = ""
    teacher: int | None = None

    def __post_init__(self) -> None:
        if not self.network:
            object.__setattr__(self, "network", self.key if self.key.startswith("address:")
                               else UNKNOWN_NETWORK)

    @property
    def trusts(self) -> frozenset[int]:
        return frozenset(user_id for user_id, _ in self.logins)

    def trusted_for(self, user_id: int) -> bool:
        return user_id in self.trusts

    def last_login(self, user_id: int) -> datetime | None:
        """When ``user_id`` last logged in from this browser: its own wrong guesses for
        them before that were their typing, and count no more."""
        return next((at for who, at in self.logins if who == user_id), None)

    def after_login(self, user_id: int, now: datetime) -> Client:
        """This browser once ``user_id`` has logged in from it at ``now``."""
        others = tuple((who, at) for who, at in self.logins if who != user_id)
        return Client(self.key, ((user_id, now), *others)[:DEVICE_USERS],
                      self.device or secrets.token_urlsafe(12), self.network, self.teacher)


#: A client the caller knows nothing of (a service called outside a request).
NOBODY = Client(UNKNOWN_NETWORK)


def _network(address: str) -> str:
    """The address a client counts by: an IPv4 address, or an IPv6 address's /64."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return address.strip()[:60] or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _device(request: HttpRequest) -> tuple[str, tuple[tuple[int, datetime | None], ...]]:
    """The device cookie's id and logins, or ("", ()) without a valid one."""
    text = request.COOKIES.get(DEVICE_COOKIE)
    if not text:
        return "", ()
    try:
        data = signing.loads(text, salt=_DEVICE_SALT, max_age=timedelta(days=DEVICE_DAYS))
        logins = tuple((int(who), datetime.fromtimestamp(int(at), tz=UTC))
                       for who, at in data["users"])
        return str(data["id"]), logins
    except (signing.BadSignature, KeyError, TypeError, ValueError, OverflowError):
        return "", ()


def client_of(request: HttpRequest) -> Client:
    """Who sent ``request``: their device when its cookie vouches for a login, else
    their network address; and the teacher whose session it carries, if any."""
    network = f"address:{_network(request.META.get('REMOTE_ADDR', ''))}"
    user = getattr(request, "user", None)
    teacher = user.pk if (user is not None and user.is_authenticated
                          and getattr(user, "is_teacher", False)) else None
    device, logins = _device(request)
    if device and logins:
        return Client(f"device:{device}", logins, device, network, teacher)
    return Client(network, device=device, network=network, teacher=teacher)


def remember_login(response: HttpResponse, client: Client, user_id: int,
                   now: datetime) -> None:
    """Mark the browser as one ``user_id`` logs in from, as of ``now`` (the device
    cookie): a lock a stranger causes will not stop it, and its own wrong guesses for
    them before now no longer count."""
    after = client.after_login(user_id, now)
    users = [[who, int(at.timestamp()) if at is not None else 0] for who, at in after.logins]
    value = signing.dumps({"id": after.device, "users": users}, salt=_DEVICE_SALT,
                          compress=True)
    response.set_cookie(DEVICE_COOKIE, value, max_age=DEVICE_DAYS * 24 * 3600, httponly=True,
                        samesite="Lax", secure=settings.SESSION_COOKIE_SECURE)


def account_key(email: str) -> str:
    """A typed e-mail address as the throttle keeps it: keyed with the site's secret,
    so the table of failures holds no address (registered or not)."""
    normalized = str(email or "").strip().lower()
    return salted_hmac("teaching.accounts.throttle.account", normalized,
                       algorithm="sha256").hexdigest()


# -- counting -------------------------------------------------------------------------------

def _wait_of(newest: list[datetime], limit: Limit, now: datetime) -> timedelta | None:
    """The lock's wait, from the failure times in the window, newest first."""
    if len(newest) <= limit.allowed:
        return None
    return newest[limit.allowed] + limit.window - now


def _start(limit: Limit, now: datetime, *since: datetime | None) -> datetime:
    """Where the window of ``limit`` begins: ``limit.window`` ago, or later where a
    teacher's unlock or a good login came since."""
    return max([now - limit.window, *(t for t in since if t is not None)])


def _wait(failures: QuerySet[LoginFailure], limit: Limit, now: datetime,
          *since: datetime | None) -> timedelta | None:
    """How long the lock of ``limit`` over ``failures`` lasts; ``None``: no lock.
    Only failures after every ``since`` (an unlock, a good login) count."""
    newest = list(failures.filter(at__gt=_start(limit, now, *since), at__lte=now)
                  .order_by("-at").values_list("at", flat=True)[:limit.allowed + 1])
    return _wait_of(newest, limit, now)


def _any(failures: QuerySet[LoginFailure], window: timedelta, now: datetime,
         *since: datetime | None) -> bool:
    return failures.filter(at__gt=_start(Limit(0, window), now, *since), at__lte=now).exists()


def _first(*waits: tuple[str, timedelta | None]) -> Lock | None:
    for code, wait in waits:
        if wait is not None and wait > timedelta(0):
            return Lock(code, wait)
    return None


def _unlocked(classroom: Classroom, pupil: Pupil | None, now: datetime) -> datetime | None:
    """The teacher's latest unlock of the class (or of ``pupil``, or of the whole class)."""
    unlocks = LoginUnlock.objects.filter(classroom=classroom, at__lte=now)
    unlocks = unlocks.filter(Q(pupil=None) | Q(pupil=pupil)) if pupil else unlocks.filter(
        pupil=None)
    return unlocks.order_by("-at").values_list("at", flat=True).first()


def _record(now: datetime, **fields: object) -> None:
    LoginFailure.objects.filter(at__lt=now - KEPT).delete()
    LoginFailure.objects.create(at=now, **fields)


def _guessing(kinds: Iterable[str]) -> QuerySet[LoginFailure]:
    return LoginFailure.objects.filter(kind__in=list(kinds))


def _client_wait(client: Client, own_user: bool, now: datetime) -> timedelta | None:
    """The lock of :data:`CLIENT_PER_HOUR`: a browser knocking for one of its own users
    counts its own wrong tries, so a classmate's do not stop it; anyone else is counted
    with every try from their network, so fresh cookies buy no more tries."""
    wrong = _guessing([Kind.SECRET, Kind.PASSWORD])
    wrong = wrong.filter(client=client.key) if own_user else wrong.filter(network=client.network)
    return _wait(wrong, CLIENT_PER_HOUR, now)


# -- teachers vouching for a browser ------------------------------------------------------

def _teachers_of(classroom: Classroom) -> set[int]:
    return {classroom.owner_id, *classroom.co_teachers.values_list("pk", flat=True)}


def vouched_by_teacher(client: Client, classroom: Classroom) -> bool:
    """Whether a teacher of ``classroom`` vouches for this browser: her session is on it
    now, or she has marked it as her school's (a :class:`SchoolDevice`)."""
    if client.teacher is None and not client.device:
        return False
    teachers = _teachers_of(classroom)
    if client.teacher in teachers:
        return True
    return bool(client.device) and SchoolDevice.objects.filter(
        device=client.device, teacher_id__in=teachers).exists()


# -- pupils -----------------------------------------------------------------------------------

def pupil_lock(pupil: Pupil, client: Client, now: datetime) -> Lock | None:
    """Whether ``client`` may try a secret for ``pupil`` now, and if not, why."""
    unlocked = _unlocked(pupil.classroom, pupil, now)
    logged_in = client.last_login(pupil.user_id)
    secrets_ = _guessing([Kind.SECRET])
    mine = secrets_.filter(pupil=pupil, client=client.key)
    school = vouched_by_teacher(client, pupil.classroom)
    lock = _first(
        ("pupil_locked", _wait(mine, PUPIL_ON_A_CLIENT, now, unlocked, logged_in)),
        ("client_locked", _client_wait(client, school or client.trusted_for(pupil.user_id),
                                       now)),
    )
    if lock is not None:
        return lock
    # A browser the pupil has logged in from, with no wrong guess for them since it last
    # did (or since the teacher's unlock): a stranger's guesses do not stop it.
    if client.trusted_for(pupil.user_id) and not _any(mine, PUPIL_PER_DAY.window, now,
                                                      unlocked, logged_in):
        return None
    class_unlocked = _unlocked(pupil.classroom, None, now)
    if school:
        # A browser the class's teacher vouches for: only its own wrong secrets count, so
        # strangers cannot shut a class out of its room's tablets, and a tablet that
        # guesses itself is locked like any other.
        mine_in_class = secrets_.filter(classroom=pupil.classroom_id, client=client.key)
        return _first(
            ("pupil_day_locked", _wait(mine, PUPIL_PER_DAY, now, unlocked, logged_in)),
            ("class_locked", _wait(mine_in_class, CLASS_PER_DAY, now, class_unlocked)),
        )
    return _first(
        ("pupil_day_locked", _wait(secrets_.filter(pupil=pupil), PUPIL_PER_DAY, now, unlocked)),
        ("class_locked", _wait(secrets_.filter(classroom=pupil.classroom_id), CLASS_PER_DAY,
                               now, class_unlocked)),
    )


def pupil_failed(pupil: Pupil, client: Client, now: datetime) -> None:
    _record(now, kind=Kind.SECRET, classroom_id=pupil.classroom_id, pupil=pupil,
            client=client.key, network=client.network)


@dataclass(frozen=True)
class PupilLocks:
    """What the teacher sees of a pupil's logins: wrong secrets since the window began
    (or her last unlock) and whether a stranger's browser is locked out now."""

    pupil: Pupil
    wrong_today: int
    locked: bool


@dataclass(frozen=True)
class ClassLocks:
    pupils: list[PupilLocks]
    wrong_today: int
    class_locked: bool

    @property
    def any(self) -> bool:
        return self.class_locked or any(p.wrong_today for p in self.pupils)


def class_locks(classroom: Classroom, pupils: Iterable[Pupil], now: datetime) -> ClassLocks:
    """The class's wrong secrets today, pupil by pupil, for the teacher's page (two
    queries, whatever the size of the class)."""
    failures = list(_guessing([Kind.SECRET]).filter(
        classroom=classroom, at__gt=now - PUPIL_PER_DAY.window, at__lte=now,
    ).order_by("-at").values_list("pupil_id", "client", "at"))
    unlocks = list(LoginUnlock.objects.filter(classroom=classroom, at__lte=now)
                   .values_list("pupil_id", "at"))
    class_unlocked = max((at for who, at in unlocks if who is None), default=None)
    rows = []
    for pupil in pupils:
        unlocked = max((at for who, at in unlocks if who in (None, pupil.pk)), default=None)
        theirs = [(client, at) for who, client, at in failures if who == pupil.pk]
        day = [at for _, at in theirs if at > _start(PUPIL_PER_DAY, now, unlocked)]
        short = _start(PUPIL_ON_A_CLIENT, now, unlocked)
        by_client: dict[str, list[datetime]] = {}
        for client, at in theirs:
            if at > short:
                by_client.setdefault(client, []).append(at)
        locked = _wait_of(day, PUPIL_PER_DAY, now) is not None or any(
            _wait_of(times, PUPIL_ON_A_CLIENT, now) is not None for times in by_client.values())
        rows.append(PupilLocks(pupil, len(day), locked))
    in_class = [at for _, _, at in failures if at > _start(CLASS_PER_DAY, now, class_unlocked)]
    return ClassLocks(rows, len(in_class), _wait_of(in_class, CLASS_PER_DAY, now) is not None)


# -- class codes ----------------------------------------------------------------------------

def code_lock(client: Client, now: datetime) -> Lock | None:
    """Whether ``client`` may look a class code up now: counted by its network, as a
    login vouches for no code but its own class's (see :func:`known_codes`)."""
    failures = _guessing([Kind.CODE]).filter(network=client.network)
    return _first(("code_locked", _wait(failures, CODES_PER_HOUR, now)))


def code_failed(client: Client, now: datetime) -> None:
    _record(now, kind=Kind.CODE, client=client.key, network=client.network)


def known_codes(client: Client) -> frozenset[str]:
    """The codes of the classes this browser already knows: those of the pupils and
    teachers who logged in from it, of the teacher whose session it carries, and of the
    teachers who marked it as their school's. Asked without the typed code, so a
    locked client learns nothing of codes it does not know."""
    users = set(client.trusts)
    if client.teacher is not None:
        users.add(client.teacher)
    if client.device:
        users.update(SchoolDevice.objects.filter(device=client.device)
                     .values_list("teacher_id", flat=True))
    if not users:
        return frozenset()
    return frozenset(Classroom.objects.filter(
        Q(pupils__user_id__in=users) | Q(owner_id__in=users) | Q(co_teachers__in=users),
    ).values_list("code", flat=True))


# -- teachers -------------------------------------------------------------------------------

def password_lock(account: str, client: Client, now: datetime, *,
                  owner_id: int | None = None) -> Lock | None:
    """Whether ``client`` may try a password for the typed address ``account`` (see
    :func:`account_key`). ``owner_id``: the teacher the address is registered to, whose
    own browsers are spared the address's lock; the same answer otherwise, registered
    or not."""
    passwords = _guessing([Kind.PASSWORD]).filter(account=account)
    mine = passwords.filter(client=client.key)
    logged_in = client.last_login(owner_id) if owner_id is not None else None
    own = owner_id is not None and client.trusted_for(owner_id)
    lock = _first(
        ("address_locked", _wait(mine, ADDRESS_ON_A_CLIENT, now, logged_in)),
        ("client_locked", _client_wait(client, own, now)),
    )
    if lock is not None:
        return lock
    if own and not _any(mine, ADDRESS_PER_HOUR.window, now, logged_in):
        return None
    return _first(("address_locked", _wait(passwords, ADDRESS_PER_HOUR, now)))


def password_failed(account: str, client: Client, now: datetime) -> None:
    _record(now, kind=Kind.PASSWORD, account=account, client=client.key,
            network=client.network)


def signup_lock(client: Client, now: datetime) -> Lock | None:
    """Whether ``client`` may have a sign-up mailed now: counted by its network, as a
    login vouches for nobody it mails."""
    failures = _guessing([Kind.SIGNUP]).filter(network=client.network)
    return _first(("signup_locked", _wait(failures, SIGNUPS_PER_HOUR, now)))


def signup_mailed(client: Client, now: datetime) -> None:
    _record(now, kind=Kind.SIGNUP, client=client.key, network=client.network)
