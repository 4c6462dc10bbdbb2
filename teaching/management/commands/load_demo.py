"""Load the demo class that `make run` shows, and print how to log in as everyone in it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from games.seats import Seat
from teaching.classes.demo import DEMO_TEACHER_PASSWORD, Demo, demo_class_load
from teaching.models import Table
from teaching.tables.services.seating import table_create

#: The demo's tables: (name, game, options, the demo pupils seated by seat). Robots fill
#: every other seat, so whoever logs in as one of these pupils can play at once.
DEMO_TABLES = (
    ("Demo table", "minibridge", {"lesson": 5}, {Seat.SOUTH: "Ada", Seat.NORTH: "Ben"}),
    ("Demo Spades", "spades2", {}, {Seat.SOUTH: "Cleo"}),
)


class Command(BaseCommand):
    help = "Load the demo teacher, class, pupils and tables. Safe to run again: it puts them back."

    def handle(self, *args: Any, **options: Any) -> None:
        demo = demo_class_load()
        tables = demo_tables_load(demo)
        write = self.stdout.write
        write("Demo class loaded.")
        write("")
        write("Teacher: log in at /accounts/login/")
        write(f"  e-mail:   {demo.teacher.email}")
        write(f"  password: {DEMO_TEACHER_PASSWORD}")
        write("")
        write(f"Pupils of {demo.classroom.name}: log in at /join/ with class code "
              f"{demo.classroom.code}, tap the name, then type the secret word:")
        for pupil in demo.pupils:
            write(f"  {pupil.name:<8} secret word: {pupil.secret}")
        write("")
        write("Tables ready to play (robots in the other seats):")
        for table, names in tables:
            write(f"  {table.name:<12} /tables/{table.pk}/  {', '.join(names)}")


@transaction.atomic
def demo_tables_load(demo: Demo) -> list[tuple[Table, list[str]]]:
    """The demo tables, freshly dealt: the old ones of the same names are closed first, so
    running it again puts them back rather than adding more."""
    by_name = {pupil.name: pupil for pupil in demo.pupils}
    made = []
    for name, game, options, seated in DEMO_TABLES:
        Table.objects.filter(classroom=demo.classroom, name=name, closed=False).update(closed=True)
        pupils = {seat: by_name[pupil] for seat, pupil in seated.items()}
        table = table_create(classroom_id=demo.classroom.pk, name=name, game=game,
                             options=options, pupils=pupils)
        made.append((table, [f"{p.name} ({s.name.title()})" for s, p in pupils.items()]))
    return made
