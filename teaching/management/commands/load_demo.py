"""Load the demo class that `make run` shows, and print how to log in as everyone in it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from teaching.classes.demo import DEMO_TEACHER_PASSWORD, demo_class_load, demo_tables_load


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

