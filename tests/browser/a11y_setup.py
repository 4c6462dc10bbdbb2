"""A table of every registered game for the browser tests of the table pages' reach (a
tablet, a screen reader): ``python -m tests.browser.a11y_setup SEED`` (with
``DATABASE_URL`` set) migrates, makes one class per game, each with its pupil Bob seated
at Table 1 against beginner robots that do not pause, and prints JSON: by game, the
table and that Bob's session key.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

#: Each game's options here: the ones whose decisions the pupil meets in a first hand
#: (Spades dealt by choosing from the stock, the Top Game's informer announced).
OPTIONS: dict[str, dict[str, Any]] = {
    "minibridge": {"lesson": 5},
    "preference": {"start": 30, "refa_max": 2},
    "topgame": {"informer": "announced"},
    "piquet": {},
    "spades2": {"deal_method": "selection"},
}


def setup(seed: str) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from games.registry import catalogue
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
    made: dict[str, Any] = {}
    for game in (entry.name for entry in catalogue()):
        options = OPTIONS.get(game, {})
        classroom = classes.classroom_create(owner=teacher, name=f"Robins {game}", game=game,
                                             options=options)
        classroom.robot_pause_ms = 0
        classroom.save()
        (bob,) = classes.pupils_create(classroom=classroom, names="Bob", by=teacher)
        table = table_create(classroom_id=classroom.id, name="Table 1", game=game,
                             options=options, pupils={Seat.SOUTH: bob})
        # The seeded deal: the table's first hand dealt again from the test's seed.
        Table.objects.filter(pk=table.pk).update(seed=f"{seed}-{game}")
        Hand.objects.filter(table=table).delete()
        hand_start(table=Table.objects.get(pk=table.pk), notify=False)
        made[game] = {"table": table.id, "session": session_key(bob.user)}
    return made


if __name__ == "__main__":
    print(json.dumps(setup(sys.argv[1] if len(sys.argv) > 1 else "a11y1")))
