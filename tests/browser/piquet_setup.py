"""A Piquet table for the browser test, made in the server's own database file:
``python -m tests.browser.piquet_setup SEED`` (with ``DATABASE_URL`` set) migrates, makes
Alice's class on Piquet with Bob, seats Bob in South against a beginner robot in North (no
pause), and prints JSON: the table, Bob's session key. ``SEED`` is the table's seed, so the
deals and the robot's choices are the same at every run.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def setup(seed: str) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from games.seats import Seat
    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes
    from teaching.models import Hand, Table
    from teaching.tables.services.dealing import hand_start
    from teaching.tables.services.seating import table_create
    from tests.browser.class_tables_setup import session_key

    call_command("migrate", verbosity=0)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    teacher = services_accounts.teacher_signup(
        email=f"t{os.getpid()}@example.org", display_name="Alice",
        password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="piquet",
                                         options={})
    classroom.robot_pause_ms = 0
    classroom.save()
    (bob,) = classes.pupils_create(classroom=classroom, names="Bob", by=teacher)
    table = table_create(classroom_id=classroom.id, name="Table 1", game="piquet",
                         options={}, pupils={Seat.SOUTH: bob})
    # The seeded partie: the table's first deal made again from SEED.
    Table.objects.filter(pk=table.pk).update(seed=seed)
    Hand.objects.filter(table=table).delete()
    hand_start(table=Table.objects.get(pk=table.pk), notify=False)
    return {"table": table.id, "session": session_key(bob.user)}


if __name__ == "__main__":
    print(json.dumps(setup(sys.argv[1] if len(sys.argv) > 1 else "piquet17")))
