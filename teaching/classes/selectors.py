"""Reads for the class pages and the home page: who teaches what, what a page lists, the
class codes, the login cards, and the games the engine offers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from games.registry import GameEntry, catalogue
from teaching.models import (
    Classroom,
    DuplicateSession,
    Pupil,
    SessionSitting,
    Table,
    User,
)

#: Class codes use no look-alikes: no 0/O, no 1/I/L (a child copies them off a card).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

CODE_LENGTH = 6
#: How many login cards fit on one printed A4 page (2 across, 4 down).
CARDS_PER_PAGE = 8


def game_catalogue() -> list[GameEntry]:
    """Every game the engine offers, with its variants (lessons), in the engine's order."""
    return list(catalogue())


def normalize_class_code(text: str) -> str:
    """What a pupil typed, as a code: capitals, without spaces or dashes."""
    return "".join(ch for ch in str(text).upper() if ch not in " -\t\r\n")


def is_valid_class_code(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)


def classroom_by_code(text: str) -> Classroom | None:
    code = normalize_class_code(text)
    if not code:
        return None
    return Classroom.objects.filter(code=code).first()


def can_teach(user: User, classroom: Classroom) -> bool:
    """Whether ``user`` is the owner or a co-teacher of ``classroom``."""
    if not user.is_authenticated or not user.is_teacher:
        return False
    if classroom.owner_id == user.pk:
        return True
    return classroom.co_teachers.filter(pk=user.pk).exists()


def classrooms_taught_by(user: User) -> QuerySet[Classroom]:
    """Every class ``user`` owns or co-teaches, archived ones included."""
    if not user.is_authenticated or not user.is_teacher:
        return Classroom.objects.none()
    return Classroom.objects.filter(Q(owner=user) | Q(co_teachers=user)).distinct()


def classroom_for_teacher(user: User, classroom_id: int) -> Classroom | None:
    """The class if ``user`` teaches it, else ``None`` (the page then answers 404)."""
    return classrooms_taught_by(user).select_related("owner").filter(pk=classroom_id).first()


def pupil_for_teacher(user: User, classroom: Classroom, pupil_id: int) -> Pupil | None:
    """An active pupil of ``classroom``; ``None`` for anyone else's or an archived pupil."""
    return (
        Pupil.objects.select_related("user", "classroom")
        .filter(pk=pupil_id, classroom=classroom, archived=False)
        .first()
        if can_teach(user, classroom)
        else None
    )


@dataclass(frozen=True)
class Dashboard:
    active: list[Classroom]
    archived: list[Classroom]


def dashboard_for(user: User) -> Dashboard:
    """The teacher's classes with their pupil counts, owned and shared, archived apart."""
    classes = list(
        Classroom.objects.filter(pk__in=classrooms_taught_by(user).values("pk"))
        .select_related("owner")
        .annotate(pupil_count=Count("pupils", filter=Q(pupils__archived=False)))
    )
    return Dashboard(
        active=[c for c in classes if not c.archived],
        archived=[c for c in classes if c.archived],
    )


def active_pupils(classroom: Classroom) -> QuerySet[Pupil]:
    return classroom.pupils.filter(archived=False).select_related("user", "classroom")


def other_classrooms(user: User, classroom: Classroom) -> list[Classroom]:
    """Where a pupil of ``classroom`` may be moved: the teacher's other active classes."""
    return list(classrooms_taught_by(user).filter(archived=False).exclude(pk=classroom.pk))


def pupil_current_table(pupil: Pupil) -> Table | None:
    """The open table of the pupil's class where their teacher seated them, the newest if
    several; never their own practice table (they opened it, nobody seated them there)."""
    return (
        Table.objects.filter(seats__pupil=pupil, classroom_id=pupil.classroom_id, closed=False,
                             practice_for__isnull=True)
        .order_by("-created", "-id").first()
    )


@dataclass(frozen=True)
class Whereabouts:
    """Where a pupil's own page sends them to play now."""

    #: The table their teacher seated them at (see :func:`pupil_current_table`).
    table: Table | None
    #: The duplicate session's round and table number that table is, when it is one.
    sitting: SessionSitting | None
    #: A duplicate session they play in with real cards, going on now: the session's
    #: page tells them where to sit, and no table on the site is theirs meanwhile.
    face_session: DuplicateSession | None


def pupil_whereabouts(pupil: Pupil) -> Whereabouts:
    mine = Q(pairs__first=pupil) | Q(pairs__second=pupil)
    face = (DuplicateSession.objects.filter(mine, classroom_id=pupil.classroom_id,
                                            mode=DuplicateSession.Mode.FACE,
                                            status=DuplicateSession.Status.PLAYING)
            .order_by("-created", "-id").first())
    table = pupil_current_table(pupil)
    sitting = (SessionSitting.objects.select_related("session").filter(table=table).first()
               if table is not None else None)
    return Whereabouts(table=table, sitting=sitting, face_session=face)


@dataclass(frozen=True)
class LoginCard:
    code: str
    classroom: str
    name: str
    secret: str


def login_card_pages(
    classroom: Classroom, pupil_id: int | None = None
) -> Iterator[list[LoginCard]]:
    """The class's login cards (or one pupil's), eight to a printed page."""
    pupils = active_pupils(classroom)
    if pupil_id is not None:
        pupils = pupils.filter(pk=pupil_id)
    cards = [LoginCard(classroom.code, classroom.name, p.name, p.secret) for p in pupils]
    for start in range(0, len(cards), CARDS_PER_PAGE):
        yield cards[start : start + CARDS_PER_PAGE]
