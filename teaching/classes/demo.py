"""The demo class of ``manage.py load_demo``: a teacher, "Demo class" (code DEMX42) and
eight pupils with fixed secrets, and two tables where some of them sit with robots, put
back as they were on every run: a second run changes nothing that was still as it made it,
so the links it prints stay the same."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games.seats import Seat
from teaching.accounts.pupil_secrets import set_secret
from teaching.classes.services import classroom_create, names_taken, pupils_create
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables.services.seating import table_create

DEMO_TEACHER_EMAIL = "teacher@example.org"
DEMO_TEACHER_PASSWORD = "minibridge"
DEMO_CLASS_CODE = "DEMX42"
DEMO_PUPILS = (
    ("Ada", "otter42"), ("Ben", "maple37"), ("Cleo", "comet58"), ("Dev", "tiger24"),
    ("Ema", "robin63"), ("Finn", "kiwi85"), ("Gus", "panda29"), ("Hana", "tulip74"),
)


@dataclass(frozen=True)
class Demo:
    teacher: User
    classroom: Classroom
    pupils: list[Pupil]


@transaction.atomic
def demo_class_load() -> Demo:
    """The demo teacher, "Demo class" (code DEMX42, MiniLesson 5) and eight pupils with
    fixed secrets. Running it again puts everything back as it was."""
    teacher = User.objects.filter(role=User.Role.TEACHER,
                                  email__iexact=DEMO_TEACHER_EMAIL).first()
    if teacher is None:
        teacher = User(username=f"t-{secrets.token_hex(8)}", email=DEMO_TEACHER_EMAIL,
                       role=User.Role.TEACHER)
    teacher.display_name = "Demo Teacher"
    teacher.is_active = True
    teacher.set_password(DEMO_TEACHER_PASSWORD)  # a known demo password, past the validators
    teacher.save()
    classroom = Classroom.objects.filter(code=DEMO_CLASS_CODE).first()
    if classroom is None:
        classroom = classroom_create(owner=teacher, name="Demo class", game="minibridge",
                                     options={"lesson": 5}, code=DEMO_CLASS_CODE)
    classroom.owner, classroom.name, classroom.archived = teacher, "Demo class", False
    classroom.save()
    missing = [name for name, _ in DEMO_PUPILS if not names_taken(classroom, [name])]
    if missing:
        pupils_create(classroom=classroom, names=missing, by=teacher)
    pupils = []
    for name, secret in DEMO_PUPILS:
        pupil = classroom.pupils.select_related("user").get(archived=False, name__iexact=name)
        if pupil.secret != secret:
            set_secret(pupil, secret)
            pupil.save(update_fields=["secret"])
            pupil.user.save(update_fields=["password"])
        pupils.append(pupil)
    return Demo(teacher=teacher, classroom=classroom, pupils=pupils)


#: The demo's tables: (name, game, options, the demo pupils seated by seat). Robots fill
#: every other seat, so whoever logs in as one of these pupils can play at once.
DEMO_TABLES = (
    ("Demo table", "minibridge", {"lesson": 5}, {Seat.SOUTH: "Ada", Seat.NORTH: "Ben"}),
    ("Demo Spades", "spades2", {}, {Seat.SOUTH: "Cleo"}),
)


@transaction.atomic
def demo_tables_load(demo: Demo) -> list[tuple[Table, list[str]]]:
    """The demo tables. An open one still as the demo seats it is kept, hand and all, so
    running it again prints the same links (a pupil's bookmark, the README's link, keep
    working); one changed since (another game, other pupils, closed) is closed and dealt
    afresh."""
    by_name = {pupil.name: pupil for pupil in demo.pupils}
    made = []
    for name, game, options, seated in DEMO_TABLES:
        pupils = {seat: by_name[pupil] for seat, pupil in seated.items()}
        table = _demo_table_as_it_was(demo, name, game, options, pupils)
        if table is None:
            Table.objects.filter(classroom=demo.classroom, name=name,
                                 closed=False).update(closed=True)
            table = table_create(classroom_id=demo.classroom.pk, name=name, game=game,
                                 options=options, pupils=pupils)
        made.append((table, [f"{p.name} ({s.name.title()})" for s, p in pupils.items()]))
    return made


def _demo_table_as_it_was(demo: Demo, name: str, game: str, options: dict[str, Any],
                          pupils: dict[Seat, Pupil]) -> Table | None:
    """The open demo table of that name if it still has that game and exactly those
    pupils in those seats."""
    wanted = {seat.value: pupil.pk for seat, pupil in pupils.items()}
    for table in Table.objects.filter(classroom=demo.classroom, name=name, closed=False,
                                      game=game).order_by("-id"):
        seated = {s.seat: s.pupil_id for s in table.seats.all() if s.pupil_id is not None}
        if table.options == options and seated == wanted:
            return table
    return None
