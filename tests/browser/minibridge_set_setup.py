"""MiniBridge tables for the browser tests of Laws 14 and 18, made in the server's own
database file (with ``DATABASE_URL`` set)::

    python -m tests.browser.minibridge_set_setup set      # a set of 2 deals, deal 1 played
    python -m tests.browser.minibridge_set_setup finish TABLE  # play the hand in progress out
    python -m tests.browser.minibridge_set_setup pause TABLE   # the teacher pauses the table

``set`` migrates, makes Alice's class on MiniLesson 5 with "Deals in a set: 2", seats Bob
in South with three robots, plays the first deal to its end through the services (Bob's
cards chosen as a beginner robot would) and prints JSON: the table, Bob's session key and
the first deal's score.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

#: The table's seed: its second deal (the one the test deals) is not a redeal.
SEED = "law-18"


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()


def _play_out(table_id: int) -> dict[str, Any]:
    """Bob's and the robots' actions until the table's current hand is over; its result."""
    from games.seats import Seat
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.robots import robot_act
    from tests.teaching.table_helpers import good_action, view_of

    table = Table.objects.get(pk=table_id)
    bob = table.seats.get(seat="S").pupil.user
    for step in range(400):
        hand = current_hand(table)
        game = hand_state(hand)
        if game.is_over():
            return dict(game.result())
        if Seat.SOUTH in game.to_act():
            text = good_action(view_of(table, Seat.SOUTH), seed=step)
            hand_act(user=bob, table=table, text=text, seat=Seat.SOUTH)
        else:
            robot_act(table_id=table.id)
    raise AssertionError("the hand did not end")


def a_set() -> dict[str, Any]:
    from django.conf import settings
    from django.core.management import call_command

    from games.deals import Deal
    from games.seats import Seat
    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes
    from teaching.models import Hand, Table
    from teaching.tables.services.dealing import hand_start
    from teaching.tables.services.seating import table_create
    from tests.browser.class_tables_setup import session_key
    from tests.teaching.outside import CLAIM_DEAL

    call_command("migrate", verbosity=0)
    # The teacher logs in through the server, which checks with its own hashers.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher",
                                 "django.contrib.auth.hashers.MD5PasswordHasher"]
    teacher = services_accounts.teacher_signup(
        email=f"t{os.getpid()}@example.org", display_name="Alice",
        password="a long enough password 7")
    options = {"lesson": 5, "set_deals": 2}
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="minibridge",
                                         options=options)
    classroom.robot_pause_ms = 0
    classroom.save()
    (bob,) = classes.pupils_create(classroom=classroom, names="Bob", by=teacher)
    table = table_create(classroom_id=classroom.id, name="Table 1", game="minibridge",
                         options=options, pupils={Seat.SOUTH: bob})
    # The same deals at every run: the first one South's 30 points, the next from SEED.
    Table.objects.filter(pk=table.pk).update(seed=SEED)
    Hand.objects.filter(table=table).delete()
    hand_start(table=Table.objects.get(pk=table.pk), deal=Deal.from_data(CLAIM_DEAL),
               notify=False)
    result = _play_out(table.id)
    return {"table": table.id, "cookie": session_key(bob.user), "score": result["score"],
            "redeal": result["redeal"], "classroom": classroom.id, "teacher": teacher.email,
            "password": "a long enough password 7"}


def pause(table_id: int) -> dict[str, Any]:
    from teaching.models import Table
    from teaching.teacher.services import table_set_paused

    table = Table.objects.select_related("classroom__owner").get(pk=table_id)
    table_set_paused(table=table, paused=True, by=table.classroom.owner)
    return {"paused": True}


if __name__ == "__main__":
    _django()
    command = sys.argv[1]
    if command == "set":
        out = a_set()
    elif command == "finish":
        out = _play_out(int(sys.argv[2]))
    elif command == "pause":
        out = pause(int(sys.argv[2]))
    else:
        raise SystemExit(f"unknown command {command!r}")
    print(json.dumps(out))
