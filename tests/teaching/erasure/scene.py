"""A pupil with a distinctive name who has left traces everywhere the site can keep one:
hands at a shared table and at their practice table, a league pair, a duplicate pair,
failed logins, a teacher's unlock, an open socket and a logged-in browser session. The
erasure tests delete them and then read every table for their name and secret."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.test import Client
from django.utils import timezone

from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import (
    Classroom,
    LoginFailure,
    LoginUnlock,
    OpenSocket,
    Pupil,
    Table,
    User,
)
from teaching.tables.services.acting import hand_act
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import practice_table_open
from tests.teaching import duplicate_helpers, league_helpers
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of

#: Unlike any word the site writes, so a hit in any column is this pupil's.
NAME = "Zephyrine Quillfeather"


@dataclass
class Scene:
    pupil: Pupil
    secret: str
    user_id: int
    shared: Table
    others: list[Pupil]


def play(table: Table, players: dict[Seat, Pupil], steps: int) -> None:
    """Pupils and robots take ``steps`` turns at ``table``."""
    for _ in range(steps):
        seat = seat_to_act(table)
        if seat is None:
            return
        if seat in players:
            hand_act(user=players[seat].user, table=table, seat=seat,
                     text=good_action(view_of(table, seat)))
        else:
            robot_act(table_id=table.pk)


def pupil_everywhere(classroom: Classroom, teacher: User, carol: Pupil) -> Scene:
    """The pupil ``NAME`` in ``classroom`` with traces in every part of the site."""
    pupil, *more = classes.pupils_create(
        classroom=classroom, names=f"{NAME}\nFay\nGus\nHal", by=teacher)
    shared = seat_table(classroom, {Seat.NORTH: pupil, Seat.SOUTH: carol}, name="Table 1")
    play(shared, {Seat.NORTH: pupil, Seat.SOUTH: carol}, 12)
    practice = practice_table_open(pupil=pupil)
    play(practice, {Seat(s.seat): pupil for s in practice.seats.filter(pupil=pupil)}, 6)
    four = [pupil, carol, *more]
    league_helpers.create(classroom, teacher, four)
    duplicate_helpers.create(classroom, teacher, four)
    LoginFailure.objects.create(kind=LoginFailure.Kind.SECRET, classroom=classroom, pupil=pupil,
                                client="203.0.113.0")
    LoginUnlock.objects.create(classroom=classroom, pupil=pupil, by=teacher)
    OpenSocket.objects.create(user=pupil.user, channel="specific.abc!zephyrine")
    browser = Client()
    browser.force_login(pupil.user)
    return Scene(pupil=pupil, secret=pupil.secret, user_id=pupil.user_id, shared=shared,
                 others=[carol, *more])


def rows_holding(*needles: str) -> list[str]:
    """Every table and column whose value contains one of ``needles``, read by raw SQL over
    every row of every table of the database (JSON and session data as stored)."""
    found = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            columns = [c.name for c in connection.introspection.get_table_description(
                cursor, table)]
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                for column, value in zip(columns, row, strict=True):
                    text = value if isinstance(value, str) else repr(value)
                    found += [f"{table}.{column}" for needle in needles if needle in text]
    return found


def session_rows_of(user_id: int) -> int:
    from django.contrib.sessions.models import Session
    return sum(1 for s in Session.objects.filter(expire_date__gt=timezone.now())
               if str(s.get_decoded().get("_auth_user_id")) == str(user_id))
