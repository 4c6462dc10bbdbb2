"""Tables for the browser tests of a class's tables (tests/browser/test_class_tables.py),
made in the server's own database file: ``python -m tests.browser.class_tables_setup WHAT``
(with ``DATABASE_URL`` set) migrates and prints JSON.

* ``reseat``: Alice's class "Robins" (MiniLesson 5) with Bob and Carol, seated once
  ("Seat the class"): Table 1, Bob's session key, Alice's e-mail and password.
* ``counting``: the same class with Bob alone in West at Table 1, robots in the other seats
  waiting ``PAUSE_MS`` before each action: the three robots count their points before him.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

PASSWORD = "a long enough password 7"
PAUSE_MS = 1500


def session_key(user: Any) -> str:
    """A logged-in session for ``user`` in the server's database: its key, for the
    browser's cookie."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def setup(what: str) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from games.seats import Seat
    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes
    from teaching.tables.services.seating import table_create
    from teaching.teacher.services import tables_seat_class

    call_command("migrate", verbosity=0)
    # The server's own password hasher: Alice logs in through the page.
    email = f"alice{os.getpid()}@example.org"
    alice = services_accounts.teacher_signup(email=email, display_name="Alice",
                                             password=PASSWORD)
    robins = classes.classroom_create(owner=alice, name="Robins", game="minibridge",
                                      options={"lesson": 5})
    names = "Bob\nCarol" if what == "reseat" else "Bob"
    bob = classes.pupils_create(classroom=robins, names=names, by=alice)[0]
    if what == "reseat":
        robins.robot_pause_ms = 300
        robins.save()
        table = tables_seat_class(classroom=robins, by=alice).tables[0]
    else:
        robins.robot_pause_ms = PAUSE_MS
        robins.save()
        table = table_create(classroom_id=robins.id, name="Table 1", game="minibridge",
                             options={"lesson": 5}, pupils={Seat.WEST: bob})
    return {"table": table.id, "classroom": robins.id, "session": session_key(bob.user),
            "email": email, "password": PASSWORD}


if __name__ == "__main__":
    print(json.dumps(setup(sys.argv[1] if len(sys.argv) > 1 else "reseat")))
