"""A Preference table for the browser test, made in the server's own database file:
``python -m tests.browser.preference_setup SEED`` (with ``DATABASE_URL`` set) migrates,
makes Alice's class on Preference with Bob, seats Bob in South and two beginner robots
(no pause), and prints JSON: the table, Bob's session key.

The table's game is a short one, every declarer column from 2 (the class page offers 30
and more): a whole game is then a hand or two, enough for a browser to play it to its
final reckoning. ``SEED`` is the table's seed, so the deals and the robots' choices are
the same at every run.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

#: The starting score of the test's short game.
START = 2


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
    from teaching.tables.services.seating import table_create
    from tests.browser.class_tables_setup import session_key

    call_command("migrate", verbosity=0)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    teacher = services_accounts.teacher_signup(
        email=f"t{os.getpid()}@example.org", display_name="Alice",
        password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="preference",
                                         options={"start": 30, "refa_max": 2})
    classroom.robot_pause_ms = 0
    classroom.save()
    (bob,) = classes.pupils_create(classroom=classroom, names="Bob", by=teacher)
    table = table_create(classroom_id=classroom.id, name="Table 1", game="preference",
                         options={"start": 30, "refa_max": 2}, pupils={Seat.SOUTH: bob})
    # The short game: the table and its first hand (not started yet) from START.
    short = {"start": START, "refa_max": 2}
    Table.objects.filter(pk=table.pk).update(options=short, seed=seed)
    Hand.objects.filter(table=table).delete()
    from teaching.tables.services.dealing import hand_start

    hand_start(table=Table.objects.get(pk=table.pk), notify=False)
    return {"table": table.id, "session": session_key(bob.user)}


if __name__ == "__main__":
    print(json.dumps(setup(sys.argv[1] if len(sys.argv) > 1 else "preftest37")))
