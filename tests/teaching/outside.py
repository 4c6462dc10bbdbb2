"""Table work done from a separate process, on a real database file or server.

pytest-django's test database is SQLite in memory, where concurrent writers
fail with "table is locked" instead of waiting, and it cannot be shared with a
daphne subprocess. Tests that need real concurrency or a real server run this
module as a script with ``DATABASE_URL`` set::

    python -m tests.teaching.outside setup   # migrate, make a pupil and a table; prints JSON
    python -m tests.teaching.outside setups 4,1  # a setup each (4 pupils, 1); prints a JSON list
    python -m tests.teaching.outside pupil   # migrate, a class at lesson 5 with Bob; prints JSON
    python -m tests.teaching.outside race    # two clients act at once; prints JSON
    python -m tests.teaching.outside log TABLE  # the current hand's action log; prints JSON
    python -m tests.teaching.outside claim   # four pupils, South declarer to play; prints JSON
    python -m tests.teaching.outside finished  # Bob's hand with three robots played out; JSON
    python -m tests.teaching.outside prepared  # twelve actions; the statements PostgreSQL prepared
    python -m tests.teaching.outside seats   # four seats as the table's read and the ORM give them

A test runs one with :func:`run`.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any


def run(database_url: str, *args: str) -> dict[str, Any]:
    """Run a command of this module in a process of its own on ``database_url`` (no Redis:
    an in-memory channel layer); the JSON its last line printed. Fails with its stderr."""
    env = dict(os.environ, DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="teaching.settings")
    env.pop("REDIS_URL", None)
    done = subprocess.run([sys.executable, "-m", "tests.teaching.outside", *args], cwd=_ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


_ROOT = Path(__file__).resolve().parents[2]

#: Each setup's teacher has an address of her own, several setups in one process too.
_teachers = itertools.count()


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    import django

    django.setup()


def setup(pupils: int = 1, lesson: int = 5, game: str = "minibridge") -> dict[str, Any]:
    """A teacher, a class, ``pupils`` pupils seated from South round the table
    (robots elsewhere), and a session cookie for each pupil and the teacher. ``game`` "spades2"
    seats South and North."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from games.seats import Seat
    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes
    from teaching.tables.services.seating import table_create

    call_command("migrate", verbosity=0)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    teacher = services_accounts.teacher_signup(
        email=f"t{os.getpid()}.{next(_teachers)}@example.org", display_name="Alice",
        password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="minibridge",
                                         options={"lesson": lesson})
    names = ["Bob", "Carol", "Dora", "Ed"][:pupils]
    created = classes.pupils_create(classroom=classroom, names="\n".join(names),
                                              by=teacher)
    order = [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    options: dict[str, Any] = {"lesson": lesson}
    if game == "spades2":
        order, options = [Seat.SOUTH, Seat.NORTH], {"deal_method": "selection"}
    classroom.robot_pause_ms = 150 if game == "spades2" else 0
    classroom.save()
    table = table_create(
        classroom_id=classroom.id, name="Table 1", game=game, options=options,
        pupils=dict(zip(order, created, strict=False)),
    )
    def session_of(user: Any) -> str:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        return session.session_key

    cookies = {seat.value: session_of(pupil.user)
               for pupil, seat in zip(created, order, strict=False)}
    return {"table": table.id, "cookies": cookies, "classroom": classroom.id,
            "teacher": session_of(teacher)}


def pupil(lesson: int = 5) -> dict[str, Any]:
    """A class at ``lesson`` with one pupil, Bob, and what he types to log in."""
    from django.conf import settings
    from django.core.management import call_command

    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes

    call_command("migrate", verbosity=0)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher",
                                 "django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    teacher = services_accounts.teacher_signup(
        email=f"t{os.getpid()}@example.org", display_name="Alice",
        password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="minibridge",
                                         options={"lesson": lesson})
    classroom.robot_pause_ms = 150
    classroom.save()
    (bob,) = classes.pupils_create(classroom=classroom, names="Bob", by=teacher)
    return {"code": classroom.code, "name": bob.name, "secret": bob.secret}


def race() -> dict[str, Any]:
    """Two tablets of the same seat send the same move at the same version."""
    from django.db import connection

    from games.seats import Seat
    from teaching.models import HandAction, Table
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services import ActionRefused
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.robots import robot_act
    from tests.teaching.table_helpers import good_action, seat_to_act, view_of

    info = setup(pupils=1)
    table = Table.objects.get(pk=info["table"])
    while seat_to_act(table) != Seat.SOUTH:
        robot_act(table_id=table.id)
    version = hand_state(current_hand(table)).version
    text = good_action(view_of(table, Seat.SOUTH))
    user = table.seats.get(seat="S").pupil.user
    barrier = threading.Barrier(2)
    outcomes: list[Any] = [None, None]

    def act(i: int) -> None:
        try:
            barrier.wait()
            outcomes[i] = hand_act(user=user, table=table, text=text, version=version)
        except ActionRefused as exc:
            outcomes[i] = {"refused": exc.code, "message": exc.message}
        finally:
            connection.close()

    threads = [threading.Thread(target=act, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = HandAction.objects.filter(hand=current_hand(table)).count()
    return {"version": version, "outcomes": outcomes, "rows": rows,
            "vendor": connection.vendor}


#: South holds 30 points and seven spades: South-North declare and South is declarer (Law 7).
CLAIM_DEAL = {"dealer": "S", "board": 1, "vulnerability": "None", "hands": {
    "S": "SA SK SQ SJ ST S9 S8 HA HK HQ DA DK CA",
    "W": "S7 S6 HJ HT H9 H8 DQ DJ DT CK CQ CJ CT",
    "N": "S5 S4 S3 H7 H6 H5 D9 D8 D7 C9 C8 C7 C6",
    "E": "S2 H4 H3 H2 D6 D5 D4 D3 D2 C5 C4 C3 C2",
}}


def claim() -> dict[str, Any]:
    """Four pupils (Bob South, Carol West, Dora North, Ed East) at a lesson-5 table on
    CLAIM_DEAL, played on through the services to the moment South, declarer, is to
    play (from hand or dummy) after the opening lead: when declarer may claim (Law 14)."""
    from games.deals import Deal
    from games.seats import Seat
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.dealing import hand_start
    from tests.teaching.table_helpers import good_action, seat_to_act, view_of

    info = setup(pupils=4)
    table = Table.objects.get(pk=info["table"])
    hand_start(table=table, deal=Deal.from_data(CLAIM_DEAL))
    users = {s.seat: s.pupil.user for s in table.seats.select_related("pupil__user")}
    for step in range(40):
        seat = seat_to_act(table)
        view = view_of(table, Seat.SOUTH)
        if view.phase == "play" and seat == Seat.SOUTH:  # after West's opening lead
            break
        assert seat is not None, "the hand ended before the play"
        text = good_action(view_of(table, seat), seed=step)
        assert not text.startswith("claim"), text
        hand_act(user=users[seat.value], table=table, text=text, seat=seat)
    else:
        raise AssertionError("South never came to play")
    state = hand_state(current_hand(table))
    assert state.view(Seat.SOUTH).info["declarer"] == "S", "South is not declarer"
    return info


def finished() -> dict[str, Any]:
    """Bob alone with three robots, his hand played to its last card through the services
    (its double-dummy table not yet solved: only showing the summary asks for it)."""
    from games.seats import Seat
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.dealing import hand_start
    from teaching.tables.services.robots import robot_act
    from tests.teaching.table_helpers import good_action, seat_to_act, view_of

    info = setup(pupils=1)
    table = Table.objects.get(pk=info["table"])
    bob = table.seats.get(seat="S").pupil.user
    for step in range(300):
        seat = seat_to_act(table)
        if seat is None:
            hand = current_hand(table)
            if hand is not None and hand.result and hand.result.get("redeal"):
                hand_start(table=table)  # Law 6: dealt again, and played
                continue
            break
        if seat == Seat.SOUTH:
            hand_act(user=bob, table=table, text=good_action(view_of(table, seat), seed=step),
                     seat=seat)
        else:
            robot_act(table_id=table.id)
    hand = current_hand(table)
    assert hand is not None and hand.finished and hand.dd is None
    return {**info, "hand": hand.id}


def guessing() -> dict[str, Any]:
    """Four pupils play through the services until declarer is to play from dummy (issue
    29's dummy's guess); which seats are dummy and declarer."""
    from games.registry import game_entry
    from games.seats import Seat
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.dealing import hand_start
    from tests.teaching.table_helpers import good_action

    info = setup(pupils=4)
    table = Table.objects.get(pk=info["table"])
    users = {Seat(row.seat): row.pupil.user for row in table.seats.select_related("pupil__user")}
    entry = game_entry("minibridge")
    for step in range(400):
        hand = current_hand(table)
        assert hand is not None
        game = hand_state(hand)
        if game.is_over():
            hand_start(table=table)  # dealt again (Law 6), or a hand without the moment
            continue
        for seat in users:
            if entry.guessable(game.view(seat)):
                return {**info, "dummy": seat.value, "declarer": game.to_act()[0].value}
        seat = game.to_act()[0]
        hand_act(user=users[seat], table=table, text=good_action(game.view(seat), seed=step),
                 seat=seat)
    raise AssertionError("declarer never played from dummy")


def reviewed() -> dict[str, Any]:
    """As :func:`finished`, in a class whose coach gives hints and the review."""
    from teaching.models import Classroom, CoachMode

    info = finished()
    Classroom.objects.filter(pk=info["classroom"]).update(coach_mode=CoachMode.REVIEW)
    return info


def prepared() -> dict[str, Any]:
    """Four pupils play twelve actions through the services; then what the server's database
    connection has prepared, and the table read with its statements prepared and without."""
    from django.db import connection

    from teaching.models import Table
    from teaching.tables import sql
    from teaching.tables.now import table_now
    from teaching.tables.services.acting import table_act
    from teaching.tables.services.dealing import hand_start
    from tests.teaching.table_helpers import good_action, seat_to_act, view_of

    info = setup(pupils=4)
    table = Table.objects.get(pk=info["table"])
    users = {row.seat: row.pupil.user for row in table.seats.select_related("pupil__user")}
    acted = 0
    for step in range(100):
        if acted == 12:
            break
        seat = seat_to_act(table)
        if seat is None:  # a redeal (Law 6: 20 points a side): dealt again, and played
            hand_start(table=table)
            continue
        table_act(user=users[seat.value], table_id=table.id,
                  text=good_action(view_of(table, seat), seed=step))
        acted += 1
    assert acted == 12

    def read() -> list[Any]:
        now = table_now(table.id)
        assert now is not None and now.hand is not None
        return [now.table.name, now.table.options, now.hand.number, now.hand.deal,
                now.hand.created.isoformat(), now.game.version if now.game else None,
                [(row.seat, row.pupil.name if row.pupil else None) for row in now.seats]]

    with_prepared = read()
    sql._prepares = False
    without = read()
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
        statements = cursor.fetchall()
    return {"vendor": connection.vendor, "same": with_prepared == without,
            "prepared": [[text, runs] for text, runs in statements]}


def seats_read() -> dict[str, Any]:
    """Four pupils seated, one renamed with quotes, a backslash and letters beyond ASCII,
    one archived, a seat's coach hint set: each seat and pupil as the table's read gives
    them and as the ORM reads them, every field with its type's name."""
    from django.db import connection

    from teaching.models import Pupil, Table, TableSeat
    from teaching.tables.now import table_now

    info = setup(pupils=4)
    table = Table.objects.get(pk=info["table"])
    south = table.seats.get(seat="S")
    Pupil.objects.filter(pk=south.pupil_id).update(name='Zoë "Z" O\'Neil \\ 黄')
    Pupil.objects.filter(pk=table.seats.get(seat="W").pupil_id).update(archived=True)
    TableSeat.objects.filter(pk=south.pk).update(coach_hint="lead from a sequence")

    def fields(obj: Any, names: set[str] | None = None) -> dict[str, list[Any]]:
        return {f.attname: [type(getattr(obj, f.attname)).__name__, str(getattr(obj, f.attname))]
                for f in type(obj)._meta.concrete_fields
                if names is None or f.attname in names}

    read = {"id", "user_id", "name", "archived", "classroom_id"}
    now = table_now(table.id)
    assert now is not None
    return {
        "vendor": connection.vendor,
        "read": [[fields(s), fields(s.pupil, read) if s.pupil else None] for s in now.seats],
        "orm": [[fields(s), fields(s.pupil, read) if s.pupil else None]
                for s in TableSeat.objects.filter(table=table).select_related("pupil")
                .order_by("seat")],
        "players": dict(now.players),
    }


def action_log(table_id: int) -> dict[str, Any]:
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand, hand_state

    hand = current_hand(Table.objects.get(pk=table_id))
    rows = list(hand.actions.order_by("seq").values_list("seq", "seat", "text"))
    return {"hand": hand.number, "log": rows, "version": hand_state(hand).version}


if __name__ == "__main__":
    _django()
    command = sys.argv[1]
    if command == "setup":
        out = setup(pupils=int(sys.argv[2]) if len(sys.argv) > 2 else 1,
                    game=sys.argv[3] if len(sys.argv) > 3 else "minibridge")
    elif command == "setups":
        out = [setup(pupils=int(n)) for n in sys.argv[2].split(",")]
    elif command == "finished":
        out = finished()
    elif command == "guessing":
        out = guessing()
    elif command == "reviewed":
        out = reviewed()
    elif command == "pupil":
        out = pupil(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
    elif command == "race":
        out = race()
    elif command == "claim":
        out = claim()
    elif command == "prepared":
        out = prepared()
    elif command == "seats":
        out = seats_read()
    elif command == "log":
        out = action_log(int(sys.argv[2]))
    else:
        raise SystemExit(f"unknown command {command!r}")
    print(json.dumps(out))
