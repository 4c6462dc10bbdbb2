"""table_now reads in plain SQL: its objects are those of an ORM read, field by field.

On whatever database the suite runs (SQLite by default; PostgreSQL with DATABASE_URL):
JSON, datetimes and booleans come back from the driver as each backend has them, and
table_now must convert them as the ORM does."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.seats import Seat
from teaching.models import Classroom, Hand, Pupil, Table, TableSeat
from teaching.tables.game_cache import current_hand
from teaching.tables.now import table_now
from teaching.tables.services.acting import finish_if_over, record
from teaching.tables.services.dealing import hand_start
from tests.teaching import outside
from tests.teaching.postgres_helpers import throwaway_database
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db


def _fields(obj: Any) -> dict[str, tuple[type, Any]]:
    """Every concrete field's value, with its type (1 == True, but not as a field);
    and nothing else in the instance's dict than an ORM instance has there."""
    extra = set(obj.__dict__) - {f.attname for f in type(obj)._meta.concrete_fields}
    assert extra - {"robot_pause_ms", "classroom_archived"} == {"_state"}
    return {f.attname: (type(getattr(obj, f.attname)), getattr(obj, f.attname))
            for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def table(bob: Pupil, carol: Pupil) -> Table:
    table = seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})
    # Values that only a converter turns back into what was saved.
    Table.objects.filter(pk=table.pk).update(
        options={"lesson": 5, "nested": {"list": [1, 2.5, None, "é"]}}, paused=True)
    Classroom.objects.filter(pk=bob.classroom_id).update(robot_pause_ms=1234)
    Pupil.objects.filter(pk=carol.pk).update(archived=True)
    hand = current_hand(table)
    Hand.objects.filter(pk=hand.pk).update(
        finished=timezone.now(), result={"redeal": False, "score": {"NS": 120}}, undo_count=2)
    return table


@pytest.mark.parametrize("lock", [False, True])
def test_table_now_gives_what_the_orm_reads(table: Table, lock: bool) -> None:
    with transaction.atomic():
        now = table_now(table.id, lock=lock)
    assert now is not None

    orm_table = Table.objects.get(pk=table.pk)
    assert _fields(now.table) == _fields(orm_table)
    assert now.table.options == {"lesson": 5, "nested": {"list": [1, 2.5, None, "é"]}}
    assert now.table.paused is True
    assert now.table.robot_pause_ms == 1234 == orm_table.classroom.robot_pause_ms
    assert now.table.classroom_archived is False
    assert now.table._state.adding is False and now.table._state.db == orm_table._state.db

    orm_seats = list(TableSeat.objects.filter(table=table).order_by("seat"))
    assert [_fields(s) for s in now.seats] == [_fields(s) for s in orm_seats]
    assert [s._state.adding for s in now.seats] == [False] * len(orm_seats)
    blank = _fields(Pupil())
    for seat in now.seats:
        if seat.pupil_id is None:
            assert seat.pupil is None
            continue
        # The pupil stand-in: what a table needs read, every other field at its default.
        pupil, orm_pupil = seat.pupil, Pupil.objects.get(pk=seat.pupil_id)
        read = {"id", "user_id", "name", "archived", "classroom_id"}
        assert {k: v for k, v in _fields(pupil).items() if k in read} == {
            k: v for k, v in _fields(orm_pupil).items() if k in read}
        assert {k: v for k, v in _fields(pupil).items() if k not in read} == {
            k: v for k, v in blank.items() if k not in read}
        assert pupil._state.adding is False and pupil._state.db == orm_pupil._state.db
    assert {s.seat: s.pupil.archived for s in now.seats if s.pupil is not None} == {
        "N": True, "S": False}

    orm_hand = current_hand(table)
    assert _fields(now.hand) == _fields(orm_hand)
    assert now.hand.result == {"redeal": False, "score": {"NS": 120}}
    assert now.hand.created == orm_hand.created and now.hand.created.tzinfo is not None
    assert now.hand.finished == orm_hand.finished
    assert now.hand.deal == orm_hand.deal and isinstance(now.hand.deal, dict)


@pytest.mark.parametrize("lock", [False, True])
def test_a_hand_without_a_result_a_table_without_seats_and_one_without_a_hand(
    table: Table, lock: bool
) -> None:
    Hand.objects.filter(table=table).update(finished=None, result=None)
    with transaction.atomic():
        now = table_now(table.id, lock=lock)
    assert now is not None and now.hand is not None and len(now.seats) == 4
    assert (now.hand.finished, now.hand.result) == (None, None)

    Table.objects.filter(pk=table.pk).update(options={"lesson": 5})  # options the engine takes
    hand_start(table=table)  # the current hand is the newest
    TableSeat.objects.filter(table=table).delete()
    with transaction.atomic():
        now = table_now(table.id, lock=lock)
    assert now is not None and now.seats == []
    assert _fields(now.hand) == _fields(current_hand(table)) and now.hand.number == 2

    Hand.objects.filter(table=table).delete()
    with transaction.atomic():
        now = table_now(table.id, lock=lock)
    assert now is not None and (now.hand, now.game) == (None, None)
    assert _fields(now.table) == _fields(Table.objects.get(pk=table.pk))


def test_no_table(table: Table) -> None:
    assert table_now(table.id + 1000) is None
    with transaction.atomic():
        assert table_now(table.id + 1000, lock=True) is None


@pytest.mark.parametrize("logged", [False, True], ids=["no-query-log", "query-log"])
def test_the_hot_path_reads_and_writes_the_same_with_or_without_the_query_log(
        bob: Pupil, carol: Pupil, logged: bool) -> None:
    """The hot path's statements go to the database's own cursor unless queries are being
    logged (teaching.tables.sql.hot_cursor): either way the table reads the same, a hand's
    end is written, and a second writer of the same sequence number gets Django's
    IntegrityError, which the action turns into "someone else acted first"."""
    table = seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol},
                       options={"lesson": 5})
    log = CaptureQueriesContext(connection) if logged else contextlib.nullcontext()
    with log:
        with transaction.atomic():
            now = table_now(table.id, lock=True)
            seat = now.game.to_act()[0]
            record(now, seat, f"hcp {now.game.deal.hcp(seat)}", None)
        assert table_now(table.id).game.version == 1
        with pytest.raises(IntegrityError), transaction.atomic():
            record(now, seat, f"hcp {now.game.deal.hcp(seat)}", None)  # version 0 again
        hand = current_hand(table)
        ended = Hand.objects.filter(pk=hand.pk)
        finished = timezone.now()
        with transaction.atomic():
            game = table_now(table.id).game.copy()
            game.is_over = lambda: True  # type: ignore[method-assign]
            game.result = lambda: {"redeal": True, "reason": "a test's"}  # type: ignore[method-assign]
            finish_if_over(hand, game)

    assert ended.get().result == {"redeal": True, "reason": "a test's"}
    assert ended.get().finished >= finished
    assert bool(log.captured_queries if logged else None) == logged


# -- the seats' JSON, on both databases ----------------------------------------------------
# The seats and their pupils come back as one JSON array (teaching.tables.sql): each
# database's JSON functions, read in a process of their own on a real database.


@pytest.mark.parametrize("vendor", ["sqlite", "postgresql"])
def test_the_seats_read_as_json_are_the_orms_on_each_database(
        vendor: str, tmp_path: Path) -> None:
    if vendor == "sqlite":
        seats = outside.run(f"sqlite:///{tmp_path / 'seats.sqlite3'}", "seats")
    else:
        with throwaway_database("cardclass_seats") as (url, _name):
            seats = outside.run(url, "seats")

    assert seats["vendor"] == vendor
    assert seats["read"] == seats["orm"]  # every field, with its type, in the letters' order
    assert [seat["seat"][1] for seat, _pupil in seats["read"]] == ["E", "N", "S", "W"]
    south_pupil = next(pupil for seat, pupil in seats["read"] if seat["seat"][1] == "S")
    assert south_pupil["name"] == ["str", 'Zoë "Z" O\'Neil \\ 黄']
    # The archived pupil's seat is not played by them; the other three are.
    assert sorted(seats["players"]) == ["E", "N", "S"]



def test_a_seat_changed_between_two_cards_is_read_as_it_is_now(bob: Pupil, carol: Pupil) -> None:
    """The seats are made again only when what the database gives for them changed
    (teaching.tables.now._seats_of): a teacher renaming a pupil, archiving one, moving a
    robot in or putting the class away between two cards shows at the next card."""
    table = seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})
    first = table_now(table.id)
    assert first is not None
    again = table_now(table.id)
    assert again is not None
    # Nothing changed: the same seats as the last read (read-only, shared).
    assert again.seats is first.seats and again.players == {"N": carol.user_id, "S": bob.user_id}

    Pupil.objects.filter(pk=bob.pk).update(name="Robert")
    renamed = table_now(table.id)
    assert renamed is not None and renamed.seats is not first.seats
    assert {s.seat: s.pupil.name for s in renamed.seats if s.pupil} == {"N": carol.name,
                                                                        "S": "Robert"}
    Pupil.objects.filter(pk=carol.pk).update(archived=True)
    archived = table_now(table.id)
    assert archived is not None and archived.players == {"S": bob.user_id}
    TableSeat.objects.filter(table=table, seat="S").update(pupil=None, robot_level="expert")
    robot = table_now(table.id)
    assert robot is not None and robot.players == {}
    assert robot.robots()[Seat.SOUTH] == "expert"
    Pupil.objects.filter(pk=carol.pk).update(archived=False)
    Classroom.objects.filter(pk=bob.classroom_id).update(archived=True)
    put_away = table_now(table.id)
    # The same seats' text, with the class put away: nobody plays.
    assert put_away is not None and put_away.players == {}
    Classroom.objects.filter(pk=bob.classroom_id).update(archived=False)
    back = table_now(table.id)
    assert back is not None and back.players == {"N": carol.user_id}


def test_the_table_and_its_hand_changed_between_two_cards_read_as_they_are_now(
        bob: Pupil, carol: Pupil) -> None:
    """The table's and the hand's columns are converted again only when the driver gives
    other values (teaching.tables.now._converted): a pause, new options or a hand's end
    between two cards shows at the next; and each read has instances of its own."""
    table = seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})
    first, again = table_now(table.id), table_now(table.id)
    assert first is not None and again is not None and first.hand is not None
    assert again.table is not first.table and again.hand is not first.hand
    assert _fields(again.table) == _fields(first.table)
    assert _fields(again.hand) == _fields(first.hand)  # type: ignore[arg-type]
    first.hand.finished = timezone.now()  # a change to one read's instance is its own
    assert again.hand is not None and again.hand.finished is None

    Table.objects.filter(pk=table.pk).update(paused=True, options={"lesson": 4})
    finished = timezone.now()
    Hand.objects.filter(pk=first.hand.pk).update(finished=finished, result={"score": {"NS": 1}})
    now = table_now(table.id)
    assert now is not None and now.table.paused and now.table.options == {"lesson": 4}
    assert now.hand is not None and now.hand.finished == finished
    assert now.hand.result == {"score": {"NS": 1}}


def test_with_game_is_the_same_table_with_the_moved_game(table: Table) -> None:
    """TableNow.with_game (an action's result) is dataclasses.replace(now, game=...): every
    other field the same object, whatever fields TableNow comes to have."""
    import dataclasses

    now = table_now(table.id)
    assert now is not None and now.game is not None
    moved = now.game.copy()
    assert now.with_game(moved) == dataclasses.replace(now, game=moved)
    assert all(getattr(now.with_game(moved), f.name) is getattr(now, f.name)
               for f in dataclasses.fields(now) if f.name != "game")
