"""Deleting a pupil, a class, a teacher's account; and what the site holds about a pupil.

A pupil's identity is their name, their secret, their login user, the browser sessions
and sockets that user holds and the login throttle's rows about them. Deleting the pupil
deletes all of it: the user row (which takes the Pupil row, the throttle's and unlocks'
rows, the open sockets and the practice tables named after them with it), and the
sessions, which Django keeps keyed by an opaque string and are found by decoding them.
The hands they played at shared tables stay for the other players: the actions keep
their seat and lose their actor, each such hand marks the seat as a former pupil's
(the hand's ``former_seats``, no name), the seat at the table is a robot's from then
on, and a league or duplicate pair names the place "a former pupil"
(docs/decisions/0331-erasing-a-pupil.md, 0335-a-former-pupils-seat.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.sessions.models import Session
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from teaching.accounts.services import AccountError
from teaching.accounts.throttle import KEPT, account_key
from teaching.classes.selectors import can_teach
from teaching.models import (
    Classroom,
    CoachNote,
    Hand,
    HandAction,
    LoginFailure,
    LoginUnlock,
    OpenSocket,
    PendingSignup,
    Pupil,
    SessionPair,
    TableSeat,
    User,
)
from teaching.tables.announce import notify_table


def _require_teacher(by: User, classroom: Classroom) -> None:
    if not can_teach(by, classroom):
        raise PermissionDenied("Only the class's teachers may do that.")


def _require_owner(by: User, classroom: Classroom) -> None:
    if not (by.is_authenticated and by.is_teacher and classroom.owner_id == by.pk):
        raise PermissionDenied("Only the teacher who owns the class may do that.")


def _same(typed: str, expected: str) -> bool:
    return " ".join(typed.split()).casefold() == " ".join(expected.split()).casefold()


def sessions_end(user_ids: set[int]) -> int:
    """Delete every browser session logged in as one of ``user_ids``; how many went.
    A session is stored encoded, so each live one is read: a classroom site has a few
    hundred at most, and expired ones are cleared nightly (``manage.py tidy``)."""
    wanted = {str(pk) for pk in user_ids}
    doomed = [s.session_key for s in Session.objects.iterator()
              if str(s.get_decoded().get("_auth_user_id", "")) in wanted]
    Session.objects.filter(session_key__in=doomed).delete()
    return len(doomed)


# -- what is deleted, for the confirm pages ------------------------------------------------

def pupil_footprint(pupil: Pupil) -> dict[str, int]:
    """What deleting the pupil takes with it, counted for the confirm page."""
    return {
        "hands": Hand.objects.filter(actions__actor_id=pupil.user_id).distinct().count(),
        "practice_tables": pupil.practice_tables.count(),
        "coach_notes": CoachNote.objects.filter(pupil=pupil).count(),
        "seats": TableSeat.objects.filter(pupil=pupil).exclude(
            table__practice_for=pupil).count(),
    }


def classroom_footprint(classroom: Classroom) -> dict[str, int]:
    return {
        "pupils": Pupil.objects.filter(classroom=classroom).count(),
        "tables": classroom.tables.count(),
        "hands": Hand.objects.filter(table__classroom=classroom).count(),
        "sessions": classroom.duplicate_sessions.count(),
        "leagues": classroom.leagues.count(),
    }


def teacher_footprint(teacher: User) -> dict[str, Any]:
    owned = list(Classroom.objects.filter(owner=teacher))
    return {
        "classes": owned,
        "pupils": Pupil.objects.filter(classroom__in=owned).count(),
        "shared": Classroom.objects.filter(co_teachers=teacher).count(),
    }


# -- deleting ----------------------------------------------------------------------------

def _sockets_close(user_ids: set[int]) -> None:
    """Once the deletion is committed, close the users' open websockets the way a socket
    replaced by a newer one is closed (teaching/sockets.py): the browser does not reopen
    it, and a deleted pupil's tablet stops receiving the table at once."""
    channels = list(OpenSocket.objects.filter(user_id__in=user_ids)
                    .values_list("channel", flat=True))
    layer = get_channel_layer()
    if not channels or layer is None:
        return

    def close() -> None:
        for channel in channels:
            async_to_sync(layer.send)(channel, {"type": "socket.replaced"})

    transaction.on_commit(close)


def _former_seats_mark(pupils: list[Pupil]) -> None:
    """Mark the seats the pupils played in hands at shared tables as a former pupil's,
    which is all those hands keep of them; and their duplicate pairs, so that a pair
    who lost a pupil does not read as a pupil with a robot partner. The open tables
    they sat at are told once this commits: a robot plays on, and every page there
    names the seat anew."""
    user_ids = {p.user_id for p in pupils}
    played: dict[int, set[str]] = {}
    for hand_id, seat in (HandAction.objects.filter(actor_id__in=user_ids)
                          .exclude(hand__table__practice_for__isnull=False)
                          .values_list("hand_id", "seat").distinct()):
        played.setdefault(hand_id, set()).add(seat)
    for hand in Hand.objects.select_for_update().filter(pk__in=played):
        # A hand over now was all theirs; the rest of an open one is a robot's.
        how = "whole" if hand.finished is not None else "part"
        hand.former_seats = {**(hand.former_seats or {}), **dict.fromkeys(played[hand.id], how)}
        hand.save(update_fields=["former_seats"])
    for pupil in pupils:
        for side in ("first", "second"):
            SessionPair.objects.filter(**{side: pupil}).update(
                former_pupils=F("former_pupils") + 1)
    tables = set(TableSeat.objects.filter(pupil__in=pupils, table__closed=False,
                                          table__practice_for__isnull=True)
                 .values_list("table_id", flat=True))
    for table_id in tables:
        transaction.on_commit(lambda table_id=table_id: notify_table(table_id, 0))


def _erase_pupils(pupils: list[Pupil], *, keep_hands: bool = True) -> None:
    user_ids = {p.user_id for p in pupils}
    if keep_hands:
        _former_seats_mark(pupils)
    sessions_end(user_ids)
    _sockets_close(user_ids)
    # The user row takes the Pupil with it (one-to-one, CASCADE), and the Pupil its
    # throttle rows, unlocks, practice tables and open sockets.
    User.objects.filter(pk__in=user_ids, role=User.Role.PUPIL).delete()


@transaction.atomic
def pupil_erase(*, pupil: Pupil, by: User) -> str:
    """Delete the pupil and everything that names them; the name, for the message."""
    _require_teacher(by, pupil.classroom)
    name = pupil.name
    _erase_pupils([pupil])
    return name


@transaction.atomic
def classroom_erase(*, classroom: Classroom, typed: str, by: User) -> str:
    """Delete the class, its pupils (archived ones too), tables, hands, sessions and
    leagues. Only its owner may, typing the class's name to say she means it."""
    _require_owner(by, classroom)
    if not _same(typed, classroom.name):
        raise AccountError(f"Type the class's name, {classroom.name}, to delete it.",
                           field="name")
    name = classroom.name
    _erase_classroom(classroom)
    return name


def _erase_classroom(classroom: Classroom) -> None:
    # The class's tables and hands go with it: no seat is left to name.
    _erase_pupils(list(Pupil.objects.filter(classroom=classroom)), keep_hands=False)
    classroom.delete()


@transaction.atomic
def teacher_erase(*, teacher: User, typed: str) -> None:
    """Delete the teacher's account and every class she owns (classes she only
    co-teaches stay with their owners). She types her e-mail address to confirm."""
    if not teacher.is_teacher:
        raise PermissionDenied("Only a teacher has an account to delete.")
    if not _same(typed, teacher.email):
        raise AccountError("Type your e-mail address to delete your account.", field="email")
    for classroom in Classroom.objects.filter(owner=teacher):
        _erase_classroom(classroom)
    LoginFailure.objects.filter(account=account_key(teacher.email)).delete()
    sessions_end({teacher.pk})
    _sockets_close({teacher.pk})
    teacher.delete()


# -- what the site holds about a pupil ---------------------------------------------------------

def pupil_record(pupil: Pupil) -> dict[str, Any]:
    """Everything the site holds about the pupil, for a parent's request: the name,
    the class, the secret on the login card, when they joined, and each hand they
    played (the table, the game, the seats they played and what they did)."""
    hands = (Hand.objects.filter(actions__actor_id=pupil.user_id).distinct()
             .select_related("table").order_by("created", "pk"))
    played = []
    for hand in hands:
        mine = list(hand.actions.filter(actor_id=pupil.user_id).order_by("seq"))
        played.append({
            "table": hand.table.name,
            "hand": hand.number,
            "game": hand.game,
            "options": hand.options,
            "dealt": hand.created.isoformat(),
            "finished": hand.finished.isoformat() if hand.finished else None,
            "seats": sorted({a.seat for a in mine}),
            "actions": [{"seat": a.seat, "action": a.text, "at": a.created.isoformat()}
                        for a in mine],
            "result": hand.result,
        })
    last_login = pupil.user.last_login
    return {
        "about": "What the card-games site holds about one pupil.",
        "made": timezone.now().isoformat(),
        "pupil": {
            "name": pupil.name,
            "class": pupil.classroom.name,
            "class_code": pupil.classroom.code,
            "teacher": str(pupil.classroom.owner),
            "secret": pupil.secret,
            "joined": pupil.created.isoformat(),
            "archived": pupil.archived,
            "last_login": last_login.isoformat() if last_login else None,
            "options": pupil.options_override,
        },
        "hands": played,
        # The coach's notes for the teacher's page (issue 29): no cards, only the idea.
        "coach": [{"kind": note.kind, "game": note.game, "idea": note.idea,
                   "lesson": note.lesson, "at": note.at.isoformat()}
                  for note in CoachNote.objects.filter(pupil=pupil).order_by("at", "pk")],
    }


# -- what expires ------------------------------------------------------------------------

def tidy(now: datetime | None = None) -> dict[str, int]:
    """Delete what has expired: browser sessions past their expiry date, the login
    throttle's failures and unlocks older than the longest window it counts
    (``teaching.accounts.throttle.KEPT``), and teachers' sign-ups whose link expired.
    ``manage.py tidy`` runs it; how many of each went, for its output."""
    now = now or timezone.now()
    sessions, _ = Session.objects.filter(expire_date__lt=now).delete()
    failures, _ = LoginFailure.objects.filter(at__lt=now - KEPT).delete()
    unlocks, _ = LoginUnlock.objects.filter(at__lt=now - KEPT).delete()
    signups, _ = PendingSignup.objects.filter(expires__lt=now).delete()
    return {"sessions": sessions, "login failures": failures, "unlocks": unlocks,
            "sign-ups never finished": signups}
