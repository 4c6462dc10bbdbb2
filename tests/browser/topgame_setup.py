"""A Top Game table for the browser test, made in the server's own database file:
``python -m tests.browser.topgame_setup SEED`` (with ``DATABASE_URL`` set) migrates, makes
Alice's class on the Top Game with Bob, seats Bob as A (the first dealer, South) and two
beginner robots (no pause), and prints JSON: the table, Bob's session key.
``python -m tests.browser.topgame_setup --standing TABLE`` prints the match's totals as
the engine works them out from the hands in the database.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()


def setup(seed: str) -> dict[str, Any]:
    _django()
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
    options = {"informer": "announced"}
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="topgame",
                                         options=options)
    classroom.robot_pause_ms = 0
    classroom.save()
    (bob,) = classes.pupils_create(classroom=classroom, names="Bob", by=teacher)
    table = table_create(classroom_id=classroom.id, name="Table 1", game="topgame",
                         options=options, pupils={Seat.SOUTH: bob})
    # The seeded deals: the table's first hand dealt again from the test's seed.
    Table.objects.filter(pk=table.pk).update(seed=seed)
    Hand.objects.filter(table=table).delete()
    hand_start(table=Table.objects.get(pk=table.pk), notify=False)
    return {"table": table.id, "session": session_key(bob.user)}


def totals(table_id: int) -> dict[str, Any]:
    _django()
    from games.registry import game_entry
    from teaching.models import Hand, Table

    table = Table.objects.get(pk=table_id)
    results = [r for r in Hand.objects.filter(table=table, finished__isnull=False,
                                              replay_of__isnull=True)
               .order_by("number").values_list("result", flat=True) if r]
    entry = game_entry("topgame")
    standing = entry.standing(entry.rules(**table.options), results)
    return {"totals": standing["totals"], "hands": standing["hands_counted"],
            "finished": standing["finished"]}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--standing"]:
        print(json.dumps(totals(int(sys.argv[2]))))
    else:
        print(json.dumps(setup(sys.argv[1] if len(sys.argv) > 1 else "toptest16")))
