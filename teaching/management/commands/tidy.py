"""Delete what has expired: old browser sessions, the login throttle's old rows and
teachers' sign-ups whose link expired.

`make run` runs it at start; a server runs it daily from its scheduler (README, "Keeping
little": e.g. a cron line ``17 3 * * * cd /srv/cardclass && .venv/bin/python manage.py tidy``).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from teaching.erasure.services import tidy


class Command(BaseCommand):
    help = ("Delete expired sessions, login-throttle rows past their window and sign-ups "
            "whose link expired. Run it daily.")

    def handle(self, *args: Any, **options: Any) -> None:
        gone = tidy()
        self.stdout.write("Deleted " + ", ".join(f"{n} {what}" for what, n in gone.items()) + ".")
