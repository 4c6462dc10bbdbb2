"""Use cases of classes and their pupils: a class, its game and robots, co-teachers;
adding pupils from a list of names, renaming, new secrets, moving and archiving them.

Every function is keyword-only and names who acts (``by``); it checks that they may,
checks its input, and either does the whole thing or raises :class:`AccountError` with a
message the teacher reads, leaving everything as it was.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from teaching.accounts.pupil_secrets import secret_new, set_secret
from teaching.accounts.services import AccountError, one_line
from teaching.classes import games
from teaching.classes.selectors import (
    CODE_ALPHABET,
    CODE_LENGTH,
    can_teach,
    is_valid_class_code,
    normalize_class_code,
)
from teaching.models import FORMER_PUPIL, Classroom, Pupil, TableSeat, User, default_game
from teaching.tables.announce import notify_table

MAX_NAMES_AT_ONCE = 100

_NAME_MAX = Pupil._meta.get_field("name").max_length

_CLASS_NAME_MAX = Classroom._meta.get_field("name").max_length
_ROBOT_LEVEL = Classroom._meta.get_field("robot_level").default


# -- small checks ------------------------------------------------------------------

def _require_teacher(by: User, classroom: Classroom) -> None:
    if not can_teach(by, classroom):
        raise PermissionDenied("Only the class's teachers may do that.")


def _require_owner(by: User, classroom: Classroom) -> None:
    if not (by.is_authenticated and by.is_teacher and classroom.owner_id == by.pk):
        raise PermissionDenied("Only the teacher who owns the class may do that.")


def _check_game(game: str, options: object, *, field: str = "game") -> dict[str, Any]:
    """``options`` of ``game`` as its registry entry accepts them, else the entry's reason."""
    try:
        return games.checked_options(game, options)
    except games.GameChoiceError as error:
        raise AccountError(error.message, field=field) from None


def _check_class_name(name: object) -> str:
    name = one_line(name)
    if not name:
        raise AccountError("Give the class a name.", field="name")
    if len(name) > _CLASS_NAME_MAX:
        raise AccountError(f"Keep the class name to {_CLASS_NAME_MAX} characters.", field="name")
    return name


def _check_pupil_name(name: object, *, field: str = "name") -> str:
    name = one_line(name)
    if not name:
        raise AccountError("Type the pupil's name.", field=field)
    if len(name) > _NAME_MAX:
        raise AccountError(f"Keep a name to {_NAME_MAX} characters: {name}", field=field)
    refusal = name_refusal(name)
    if refusal:
        raise AccountError(refusal, field=field)
    return name


#: Words the site itself puts where a pupil's name goes: a robot's seat, a robot pair, a
#: deleted pupil (teaching.models.FORMER_PUPIL). A pupil called so would be taken for one.
_NOT_A_PUPIL = frozenset({"robot", "robots", "bot", "bots"})
_FORMER = " ".join(FORMER_PUPIL.casefold().split())


def name_refusal(name: str) -> str:
    """Why ``name`` cannot be a pupil's (the words the teacher reads), or "" if it can: it
    needs a letter ("-" or "?" names nobody a child can find on the login page), and
    must not read as a robot or a deleted pupil, which the wall and the tables show in
    the same places (decision 0421)."""
    if not any(ch.isalpha() for ch in name):
        return f"“{name}” is not a name: a pupil's name needs at least one letter."
    words = "".join(ch if ch.isalnum() else " " for ch in name.casefold()).split()
    if _NOT_A_PUPIL & set(words) or " ".join(words) == _FORMER:
        return (f"“{name}” would be taken for a robot or a former pupil on the wall and "
                "at the tables: give the pupil's own name.")
    return ""


def names_taken(classroom: Classroom, names: Iterable[str], *, but: Pupil | None = None
                 ) -> list[str]:
    """Which of ``names`` an active pupil of the class already has (any case)."""
    wanted = {n.casefold() for n in names}
    pupils = classroom.pupils.filter(archived=False)
    if but is not None:
        pupils = pupils.exclude(pk=but.pk)
    return sorted((n for n in pupils.values_list("name", flat=True) if n.casefold() in wanted),
                  key=str.casefold)


# -- classes ----------------------------------------------------------------------------

def _new_code() -> str:
    for _ in range(50):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not Classroom.objects.filter(code=code).exists():
            return code
    raise RuntimeError("no free class code after 50 tries")  # 887 million codes: not in practice


@transaction.atomic
def classroom_create(*, owner: User, name: str, game: str | None = None,
                     options: Mapping[str, Any] | None = None, code: str | None = None
                     ) -> Classroom:
    """A new class owned by ``owner`` playing ``game`` with ``options`` (by default the
    catalogue's first game as it comes), with a fresh class code (or ``code``, for the
    demo)."""
    if not (owner.is_authenticated and owner.is_teacher):
        raise PermissionDenied("Only teachers have classes.")
    name = _check_class_name(name)
    game = game or default_game()
    options = _check_game(game, options or {})
    levels = games.robot_levels(game)
    level = _ROBOT_LEVEL if not levels or _ROBOT_LEVEL in levels else levels[0]
    if code is not None:
        code = normalize_class_code(code)
        if not is_valid_class_code(code):
            raise AccountError(f"A class code is {CODE_LENGTH} of {CODE_ALPHABET}.", field="code")
        if Classroom.objects.filter(code=code).exists():
            raise AccountError(f"The class code {code} is taken.", field="code")
    for _ in range(5):
        try:
            with transaction.atomic():
                return Classroom.objects.create(
                    name=name, game=game, options=options, owner=owner,
                    code=code or _new_code(), robot_level=level)
        except IntegrityError:
            if code is not None:  # someone took the chosen code between the check and now
                raise AccountError(f"The class code {code} is taken.", field="code") from None
    raise RuntimeError("could not store a class with a fresh code")


@transaction.atomic
def classroom_rename(*, classroom: Classroom, name: str, by: User) -> Classroom:
    _require_teacher(by, classroom)
    classroom.name = _check_class_name(name)
    classroom.save(update_fields=["name"])
    return classroom


@transaction.atomic
def classroom_set_game(*, classroom: Classroom, game: str, options: Mapping[str, Any],
                       by: User) -> Classroom:
    """Put the class on ``game`` with ``options``, checked by the game's registry entry
    (a refusal changes nothing). Pupils with their own options keep them while the class
    stays at the same game; a new game clears them (they were that game's options), and
    a robot level the new game's robots lack becomes its first. Tables already open
    play on as they are: seating the class again seats it at the new game."""
    _require_teacher(by, classroom)
    options = _check_game(game, options)
    fields = ["game", "options"]
    if game != classroom.game:
        classroom.pupils.exclude(options_override={}).update(options_override={})
        levels = games.robot_levels(game)
        if levels and classroom.robot_level not in levels:
            classroom.robot_level = levels[0]
            fields.append("robot_level")
    classroom.game, classroom.options = game, options
    classroom.save(update_fields=fields)
    return classroom


#: The longest pause a teacher may give robots between cards, in milliseconds.
ROBOT_PAUSE_MAX_MS = 5000


@transaction.atomic
def classroom_set_robots(*, classroom: Classroom, pause_ms: int, level: str, by: User
                         ) -> Classroom:
    """How the class's robots play: ``pause_ms`` before each of their cards (0 to 5 s,
    read live by the robots) and ``level``, one of the levels of the class's game's robots.

    The level is also given to the robot seats of the class's open tables whose game
    has a robot of that level; closed tables keep the robots they were played with."""
    _require_teacher(by, classroom)
    if (isinstance(pause_ms, bool) or not isinstance(pause_ms, int)
            or not 0 <= pause_ms <= ROBOT_PAUSE_MAX_MS):
        raise AccountError("Choose a pause from 0 to 5 seconds.", field="pause_ms")
    levels = games.robot_levels(classroom.game)
    if level not in levels:
        raise AccountError(f"Choose the robots' level: {' or '.join(levels)}."
                           if levels else "No robot plays this class's game.", field="level")
    classroom.robot_pause_ms = pause_ms
    classroom.robot_level = level
    classroom.save(update_fields=["robot_pause_ms", "robot_level"])
    played_by_level = [entry.name for entry in games.games()
                       if level in games.robot_levels(entry.name)]
    TableSeat.objects.filter(
        table__classroom=classroom, table__closed=False, table__game__in=played_by_level,
        pupil__isnull=True,
    ).exclude(robot_level=level).update(robot_level=level)
    return classroom


@transaction.atomic
def classroom_archive(*, classroom: Classroom, by: User) -> Classroom:
    """Put a class away: off the dashboard's list, and its pupils can no longer log in.
    Nothing is deleted. Only the owner may."""
    _require_owner(by, classroom)
    classroom.archived = True
    classroom.save(update_fields=["archived"])
    return classroom


@transaction.atomic
def classroom_restore(*, classroom: Classroom, by: User) -> Classroom:
    _require_owner(by, classroom)
    classroom.archived = False
    classroom.save(update_fields=["archived"])
    return classroom


@transaction.atomic
def classroom_add_co_teacher(*, classroom: Classroom, email: str, by: User) -> User:
    """Share the class with another teacher, found by the e-mail they signed up with."""
    _require_teacher(by, classroom)
    email = str(email or "").strip()
    if not email:
        raise AccountError("Type the other teacher's e-mail address.", field="email")
    teacher = User.objects.filter(role=User.Role.TEACHER, email__iexact=email).first()
    if teacher is None:
        raise AccountError(
            f"No teacher has an account with the e-mail address {email}. "
            "Ask them to sign up first, then add them here.", field="email")
    if teacher.pk == classroom.owner_id:
        raise AccountError(f"{teacher} owns this class already.", field="email")
    if classroom.co_teachers.filter(pk=teacher.pk).exists():
        raise AccountError(f"{teacher} teaches this class already.", field="email")
    classroom.co_teachers.add(teacher)
    return teacher


@transaction.atomic
def classroom_remove_co_teacher(*, classroom: Classroom, teacher: User, by: User) -> None:
    """Stop sharing the class with ``teacher``. The owner can never be removed."""
    _require_teacher(by, classroom)
    if teacher.pk == classroom.owner_id:
        raise PermissionDenied("The teacher who owns a class cannot be removed from it.")
    if not classroom.co_teachers.filter(pk=teacher.pk).exists():
        raise AccountError(f"{teacher} does not teach this class.")
    classroom.co_teachers.remove(teacher)


# -- pupils -----------------------------------------------------------------------------

def parse_names(names: str | Iterable[str]) -> list[str]:
    """One pupil per line: trimmed, blank lines left out."""
    lines = names.splitlines() if isinstance(names, str) else list(names)
    return [name for name in (one_line(line) for line in lines) if name]


def _duplicates(names: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    twice: dict[str, str] = {}
    for name in names:
        key = name.casefold()
        if key in seen:
            twice.setdefault(key, seen[key])
        seen.setdefault(key, name)
    return list(twice.values())


@transaction.atomic
def pupils_create(*, classroom: Classroom, names: str | Iterable[str], by: User) -> list[Pupil]:
    """Add pupils from a pasted list of names, each with a login and a secret.

    All or nothing: a name that is too long, not a name (:func:`name_refusal`), in the
    list twice, or already an active pupil's is named in the error and no pupil is
    created.
    """
    _require_teacher(by, classroom)
    # One list at a time per class, so two pastes cannot both pass the name checks.
    classroom = Classroom.objects.select_for_update().get(pk=classroom.pk)
    wanted = parse_names(names)
    if not wanted:
        raise AccountError("Type the pupils' names, one per line.", field="names")
    if len(wanted) > MAX_NAMES_AT_ONCE:
        raise AccountError(f"Add at most {MAX_NAMES_AT_ONCE} pupils at a time "
                           f"(the list has {len(wanted)}).", field="names")
    too_long = [n for n in wanted if len(n) > _NAME_MAX]
    if too_long:
        raise AccountError(f"Keep each name to {_NAME_MAX} characters: "
                           + ", ".join(too_long), field="names")
    refused = [refusal for refusal in map(name_refusal, wanted) if refusal]
    if refused:
        raise AccountError(" ".join(refused) + " Nobody was added.", field="names")
    twice = _duplicates(wanted)
    if twice:
        raise AccountError("These names are in the list more than once: " + ", ".join(twice)
                           + ". Give each pupil a different name, e.g. add an initial.",
                           field="names")
    taken = names_taken(classroom, wanted)
    if taken:
        raise AccountError("These pupils are in the class already: " + ", ".join(taken)
                           + ". Nobody was added.", field="names")
    created = []
    for name in wanted:
        user = User(username=f"p-{classroom.code.lower()}-{secrets.token_hex(5)}",
                    role=User.Role.PUPIL, display_name=name, email="")
        pupil = Pupil(classroom=classroom, name=name, user=user)
        set_secret(pupil, secret_new())
        user.save()
        pupil.user = user
        pupil.save()
        created.append(pupil)
    return created


@transaction.atomic
def pupil_rename(*, pupil: Pupil, name: str, by: User) -> Pupil:
    _require_teacher(by, pupil.classroom)
    name = _check_pupil_name(name)
    if names_taken(pupil.classroom, [name], but=pupil):
        raise AccountError(f"Another pupil in the class is called {name}.", field="name")
    pupil.name = name
    pupil.save(update_fields=["name"])
    pupil.user.display_name = name
    pupil.user.save(update_fields=["display_name"])
    return pupil


@transaction.atomic
def pupil_reset_secret(*, pupil: Pupil, by: User) -> Pupil:
    """A new secret for a pupil who lost theirs; the old one stops working at once
    (and any tablet still logged in with it is logged out)."""
    _require_teacher(by, pupil.classroom)
    old = pupil.secret
    secret = secret_new()
    while secret == old:
        secret = secret_new()
    set_secret(pupil, secret)
    pupil.save(update_fields=["secret"])
    pupil.user.save(update_fields=["password"])
    return pupil


@transaction.atomic
def pupil_archive(*, pupil: Pupil, by: User) -> Pupil:
    """The pupil leaves the lists and can no longer log in; their hands stay."""
    _require_teacher(by, pupil.classroom)
    pupil.archived = True
    pupil.save(update_fields=["archived"])
    pupil.user.is_active = False
    pupil.user.save(update_fields=["is_active"])
    return pupil


@transaction.atomic
def pupil_move(*, pupil: Pupil, to: Classroom, by: User) -> Pupil:
    """Move a pupil to another class the same teacher teaches; their secret stays."""
    _require_teacher(by, pupil.classroom)
    _require_teacher(by, to)
    if to.pk == pupil.classroom_id:
        raise AccountError(f"{pupil.name} is in {to.name} already.", field="classroom")
    if to.archived:
        raise AccountError(f"{to.name} is archived: restore it first.", field="classroom")
    if names_taken(to, [pupil.name]):
        raise AccountError(f"{to.name} has a pupil called {pupil.name} already: "
                           "rename one of them first.", field="classroom")
    if to.game != pupil.classroom.game:
        pupil.options_override = {}  # they were the old class's game's options
    # They can no longer play at the old class's tables (0305): a robot takes their seat
    # there, as when a teacher reseats them, so their old table plays on.
    left = list(TableSeat.objects.select_for_update(of=("self",))
                .filter(pupil=pupil, table__classroom=pupil.classroom_id, table__closed=False,
                        table__practice_for__isnull=True))
    for seat in left:
        seat.pupil = None
        seat.save(update_fields=["pupil"])
        transaction.on_commit(lambda table_id=seat.table_id: notify_table(table_id, 0))
    pupil.classroom = to
    pupil.save(update_fields=["classroom", "options_override"])
    return pupil


@transaction.atomic
def pupil_set_options(*, pupil: Pupil, options: Mapping[str, Any] | None, by: User) -> Pupil:
    """Put a pupil ahead of or behind the class: their own options of the class's game
    (checked by its registry entry; a refusal changes nothing). ``None`` or no options:
    the pupil follows the class again."""
    _require_teacher(by, pupil.classroom)
    pupil.options_override = (_check_game(pupil.classroom.game, options, field="options")
                              if options else {})
    pupil.save(update_fields=["options_override"])
    return pupil
