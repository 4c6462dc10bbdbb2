"""Load the demo class that `make run` shows (filled in by the classroom work)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the demo class, pupils and lesson sessions. Safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write("demo data: nothing yet")
