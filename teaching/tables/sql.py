"""The plain SQL of a table's hot path, worked out once per database connection.

Every card at every table reads the table with its seats, pupils and current hand
(teaching.tables.now.table_now), asks the log for the actions newer than the cached
game (teaching.tables.game_cache.hand_state) and appends one action
(teaching.tables.services.acting). The ORM's query building and model instantiation
cost several times the reads themselves, and raw querysets twice a cursor's read, most
of it per-read setup (bench/table_act.py, docs/benchmarks.md "bench/table_act.py").
So the statements, their column positions and the converters Django would apply are
worked out once per connection (:class:`Reads`), and a row becomes an ordinary model
instance without Model.__init__ (:func:`model_instance`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import weakref
from collections.abc import Iterator
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.base import ModelState
from django.db.models.signals import post_init, post_save, pre_init, pre_save
from django.utils import timezone

from teaching.models import Classroom, Hand, HandAction, Pupil, Table, TableSeat


class Reads:
    """The hot path's SQL and converters for one database connection, made once.

    A row read in plain SQL is what the driver gives: on SQLite JSON comes
    back as text, datetimes as strings and booleans as integers. Each column
    goes through the converters Django's query compiler would apply (the
    backend's, then the field's), so the instances are those of an ORM read;
    working them out is what made the ORM's own reads dear (compiler
    get_converters, resolve_model_init_order), so it is done here once per
    connection rather than for every card."""

    def __init__(self, db: Any) -> None:
        q = db.ops.quote_name
        table_fields = Table._meta.concrete_fields
        seat_fields = TableSeat._meta.concrete_fields
        hand_fields = Hand._meta.concrete_fields
        # The pupil as far as a table needs them (who, their name, archived).
        # (teaching.tables.now.table_now unpacks them in this order.)
        pupil_fields = [Pupil._meta.get_field(name)
                        for name in ("user", "name", "archived", "classroom")]

        def columns(alias: str, fields: Any) -> str:
            return ", ".join(f"{alias}.{q(f.column)}" for f in fields)

        def converters(fields: Any) -> list[tuple[int, list[Any], Any]]:
            found = []
            for i, field in enumerate(fields):
                col = field.get_col(field.model._meta.db_table)
                funcs = db.ops.get_db_converters(col) + col.get_db_converters(db)
                if funcs:
                    found.append((i, funcs, col))
            return found

        # The lock is taken first, on the table's row alone; everything is then
        # read in one statement after it is granted. On PostgreSQL a statement
        # sees the rows committed when it began, so a join in the locking
        # statement itself would hand back the seats and hand as they were
        # before the writer we waited for committed.
        self.lock_sql = None
        if db.features.has_select_for_update:
            self.lock_sql = (
                f"SELECT t.{q('id')} FROM {q(Table._meta.db_table)} t WHERE t.{q('id')} = %s"
                + (" FOR UPDATE OF t" if db.features.has_select_for_update_of else " FOR UPDATE"))
        # One row: the table with its class and current hand, then its seats with their
        # pupils as one JSON array in the last column, an array of values a seat. A join
        # repeated the table's and the hand's columns (the deal, its options and results as
        # JSON text) in every seat's row; a UNION ALL of the table's row and the seats'
        # (decision 0910) padded every row to all 37 columns with NULLs, and SQLite's driver
        # lets go of Python's lock and takes it back for every column of every row it hands
        # over, NULLs too: 185 columns a card, about a twentieth of the card's action
        # (docs/decisions/0930). The seats' values come back by the JSON parser's C.
        seat_values = ", ".join([f"s.{q(f.column)}" for f in seat_fields]
                                + [f"p.{q(f.column)}" for f in pupil_fields])
        seat_rows = (f" FROM {q(TableSeat._meta.db_table)} s"
                     f" LEFT JOIN {q(Pupil._meta.db_table)} p ON p.{q('id')} = s.{q('pupil_id')}"
                     f" WHERE s.{q('table_id')} = t.{q('id')}")
        if db.vendor == "postgresql":
            # As text: the JSON parsed by the same json.loads as on SQLite (psycopg would
            # parse a json column itself, with its own loaders).
            seats_json = (f"(SELECT json_agg(json_build_array({seat_values}))::text"
                          f"{seat_rows})")
        else:
            seats_json = f"(SELECT json_group_array(json_array({seat_values})){seat_rows})"
        self.sql = (
            f"SELECT {columns('t', table_fields)}, c.{q('robot_pause_ms')}, c.{q('archived')},"
            f" {columns('h', hand_fields)},"
            # The hand's version as the log has it, for hand_state's cached game.
            f" (SELECT COALESCE(MAX(a.{q('seq')}) + 1, 0) FROM {q(HandAction._meta.db_table)} a"
            f" WHERE a.{q('hand_id')} = h.{q('id')}), {seats_json}"
            f" FROM {q(Table._meta.db_table)} t"
            f" INNER JOIN {q(Classroom._meta.db_table)} c ON c.{q('id')} = t.{q('classroom_id')}"
            f" LEFT JOIN {q(Hand._meta.db_table)} h ON h.{q('table_id')} = t.{q('id')}"
            f" AND h.{q('number')} = (SELECT MAX(m.{q('number')})"
            f" FROM {q(Hand._meta.db_table)} m WHERE m.{q('table_id')} = t.{q('id')})"
            f" WHERE t.{q('id')} = %s")
        # The class's two columns (its robots' pause, whether it is archived) follow the table's.
        hand_start = len(table_fields) + 2
        self.table_slice = slice(0, len(table_fields))
        self.hand_slice = slice(hand_start, hand_start + len(hand_fields))
        self.logged_place = hand_start + len(hand_fields)
        self.seats_place = self.logged_place + 1
        self.pause_place = len(table_fields)
        self.archived_place = len(table_fields) + 1
        self.hand_id_place = hand_start
        # In each seat's array: the seat's values, then its pupil's.
        self.seat_slice = slice(0, len(seat_fields))
        self.pupil_slice = slice(len(seat_fields), len(seat_fields) + len(pupil_fields))
        self.letter_place = [f.name for f in seat_fields].index("seat")
        # hand_state's newer actions and the insert of an action (services.acting).
        self.newer_sql = (
            f"SELECT {q('seq')}, {q('seat')}, {q('text')} FROM {q(HandAction._meta.db_table)}"
            f" WHERE {q('hand_id')} = %s AND {q('seq')} >= %s ORDER BY {q('seq')}")
        self.insert_sql = (
            f"INSERT INTO {q(HandAction._meta.db_table)} ({q('hand_id')}, {q('seq')},"
            f" {q('seat')}, {q('text')}, {q('actor_id')}, {q('created')})"
            f" VALUES (%s, %s, %s, %s, %s, %s)")
        # A new hand ("Next deal", teaching.tables.services.dealing): every column but the
        # id written, the id given back (where the database can: else the ORM's create).
        assert hand_fields[0].primary_key  # new_hand puts the id given back first
        self.hand_insert_fields = [f for f in hand_fields if not f.primary_key]
        #: What new_hand may be given: each field by its name or its column's (``table_id``).
        self.hand_insert_names = frozenset(
            name for f in self.hand_insert_fields for name in (f.name, f.attname))
        self.hand_insert_sql = (
            f"INSERT INTO {q(Hand._meta.db_table)}"
            f" ({', '.join(q(f.column) for f in self.hand_insert_fields)})"
            f" VALUES ({', '.join('%s' for _ in self.hand_insert_fields)})"
            f" RETURNING {q('id')}") if db.features.can_return_columns_from_insert else None
        # A hand's end (teaching.tables.services.acting.finish_if_over).
        self.finish_sql = (
            f"UPDATE {q(Hand._meta.db_table)} SET {q('finished')} = %s, {q('result')} = %s"
            f" WHERE {q('id')} = %s")
        self.result_field = Hand._meta.get_field("result")
        # "Next deal" (teaching.tables.services.dealing), at every table of a class within
        # the same seconds: the class's game and options with the options of each pupil it
        # would seat here (one of the class, not archived; a practice table's own pupil,
        # with their class's options), one row a seat; and the finished first playings.
        tables, classes, seats, pupils, hands = (
            q(model._meta.db_table) for model in (Table, Classroom, TableSeat, Pupil, Hand))
        self.class_options_sql = (
            f"SELECT c.{q('game')}, c.{q('options')}, p.{q('options_override')},"
            f" pp.{q('options_override')}, pc.{q('options')}"
            f" FROM {tables} t INNER JOIN {classes} c ON c.{q('id')} = t.{q('classroom_id')}"
            f" LEFT JOIN {pupils} pp ON pp.{q('id')} = t.{q('practice_for_id')}"
            f" LEFT JOIN {classes} pc ON pc.{q('id')} = pp.{q('classroom_id')}"
            f" LEFT JOIN {seats} s ON s.{q('table_id')} = t.{q('id')}"
            f" LEFT JOIN {pupils} p ON p.{q('id')} = s.{q('pupil_id')} AND NOT p.{q('archived')}"
            f" AND p.{q('classroom_id')} = t.{q('classroom_id')}"
            f" WHERE t.{q('id')} = %s ORDER BY s.{q('seat')}")
        class_options = Classroom._meta.get_field("options")
        override = Pupil._meta.get_field("options_override")
        self.class_options_converters = converters(
            [Classroom._meta.get_field("game"), class_options, override, override, class_options])
        self.first_playings_sql = (
            f"SELECT h.{q('result')} FROM {hands} h WHERE h.{q('table_id')} = %s"
            f" AND h.{q('finished')} IS NOT NULL AND h.{q('replay_of_id')} IS NULL"
            f" ORDER BY h.{q('number')}")
        self.first_playings_converters = converters([Hand._meta.get_field("result")])
        self.table_names = [f.attname for f in table_fields]
        self.seat_names = [f.attname for f in seat_fields]
        self.hand_names = [f.attname for f in hand_fields]
        self.pupil_names = [f.attname for f in Pupil._meta.concrete_fields]
        self.table_converters = converters(table_fields)
        self.seat_converters = converters(seat_fields)
        self.pupil_converters = converters(pupil_fields)
        self.hand_converters = converters(hand_fields)
        # A stand-in is built as Pupil(id=..., user_id=..., ...) would build it:
        # the columns read in their places, every other field at its default
        # (Pupil's defaults are constants, so they are worked out once here).
        self.pupil_template = [f.get_default() for f in Pupil._meta.concrete_fields]
        places = {f.attname: i for i, f in enumerate(Pupil._meta.concrete_fields)}
        self.pupil_id_place = places["id"]
        self.pupil_places = [places[f.attname] for f in pupil_fields]

    @staticmethod
    def convert(row: Any, converters: list[tuple[int, list[Any], Any]], db: Any) -> list[Any]:
        row = list(row)
        for i, funcs, col in converters:
            value = row[i]
            for func in funcs:
                value = func(value, col, db)
            row[i] = value
        return row


_reads: weakref.WeakKeyDictionary[Any, Reads] = weakref.WeakKeyDictionary()


def reads_for_connection() -> tuple[Any, Reads]:
    """This thread's default connection, and its _Reads (made at its first card)."""
    db = connections[DEFAULT_DB_ALIAS]
    reads = _reads.get(db)
    if reads is None:
        reads = _reads[db] = Reads(db)
    return db, reads


@contextlib.contextmanager
def hot_cursor(db: Any) -> Iterator[Any]:
    """A cursor for the hot path's statements (the table's read and its lock, the newer
    actions, an action's insert).

    On PostgreSQL the statements are prepared, once per connection: the table's read is a
    join of five tables with two sub-selects, and PostgreSQL spent longer planning it than
    running it at every card (EXPLAIN ANALYZE, 2026-11-26: planning 0.66 ms, execution 0.19
    ms; docs/decisions/0517-prepared-statements-for-the-hot-path.md). Django's psycopg cursors
    bind their parameters on the client, which cannot be prepared, so this is a psycopg
    cursor binding on the server, in the same connection and transaction, with Django's
    checks and error translation around it (an insert that lost the race still raises
    Django's ``IntegrityError``). On SQLite it is the driver's own cursor, the same way
    (the addendum to 0517); while queries are logged, and elsewhere, Django's own."""
    if db.vendor == "sqlite" and not db.queries_logged:
        # SQLite's own cursor, the statements' placeholders turned into its own once each:
        # Django's cursor wrapper and its regex conversion at every statement were a
        # sixth of a card's action. With the query log on (DEBUG, a test counting queries)
        # Django's cursor, which logs them.
        db.ensure_connection()
        db.validate_no_broken_transaction()
        with db.wrap_database_errors:
            raw = db.connection.cursor(factory=sqlite3.Cursor)
            try:
                yield _QuestionMarks(raw)
            finally:
                raw.close()
        return
    if not _prepares_on(db):
        with db.cursor() as cursor:
            yield cursor
        return
    import psycopg
    from django.db.backends.postgresql.base import TIMESTAMPTZ_OID
    from django.db.backends.postgresql.psycopg_any import register_tzloader

    db.validate_no_broken_transaction()
    with db.wrap_database_errors:
        raw = psycopg.Cursor(db.connection)
        try:
            # As Django's own cursors: the connection's time zone for the timestamps read.
            loader = db.connection.adapters.get_loader(TIMESTAMPTZ_OID, psycopg.pq.Format.TEXT)
            if db.timezone != loader.timezone:
                register_tzloader(db.timezone, raw)
            yield _Prepared(raw)
        finally:
            raw.close()


def first_playings(table_id: int) -> list[dict[str, Any]]:
    """The results of a table's finished first playings, oldest first (a deal played again
    is a lesson, not another hand of a game): what a game's standing and its next seats are
    worked out from, at every "Next deal" and at every hand's summary that shows them."""
    db, reads = reads_for_connection()
    with hot_cursor(db) as cursor:
        cursor.execute(reads.first_playings_sql, [table_id])
        rows = cursor.fetchall()
    results = (reads.convert(row, reads.first_playings_converters, db)[0] for row in rows)
    return [result for result in results if result]


def _prepares_on(db: Any) -> bool:
    """Whether ``db`` prepares hot_cursor's statements: PostgreSQL, unless turned off here or
    on the connection (``DATABASE_PREPARED=false``, behind a transaction-mode pooler)."""
    if db.vendor != "postgresql" or not _prepares:
        return False
    db.ensure_connection()
    return db.connection.prepare_threshold is not None


#: Whether hot_cursor prepares its statements on PostgreSQL (off: Django's own cursor, as
#: everywhere else; the tests compare both).
_prepares = True


class _Prepared:
    """A psycopg cursor whose every statement is prepared (``execute(..., prepare=True)``)."""

    __slots__ = ("cursor",)

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor

    def execute(self, sql: str, params: Any) -> None:
        self.cursor.execute(sql, params, prepare=True)

    def fetchone(self) -> Any:
        return self.cursor.fetchone()

    def fetchall(self) -> list[Any]:
        return self.cursor.fetchall()


class _QuestionMarks:
    """A SQLite cursor taking the hot path's statements as Django writes them (``%s``)."""

    __slots__ = ("cursor",)

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor

    def execute(self, sql: str, params: Any) -> None:
        converted = _question_marks.get(sql)
        if converted is None:  # the hot path's few statements: converted once each
            converted = _question_marks[sql] = sql.replace("%s", "?")
        self.cursor.execute(converted, params)

    def fetchone(self) -> Any:
        return self.cursor.fetchone()

    def fetchall(self) -> list[Any]:
        return self.cursor.fetchall()


#: The hot path's statements with SQLite's placeholders, by their Django form.
_question_marks: dict[str, str] = {}


def new_hand(**given: Any) -> Hand:
    """``Hand.objects.create(**given)``, as one plain INSERT: "Next deal" at every table of
    a class, within the same seconds, and the ORM's create (its query compiler, the model's
    __init__ and save) cost about a tenth of a hand's end. Each field is what the ORM would
    write: the value given (a relation by its object or its id) or the field's default,
    ``created`` the time now, each prepared for the database by the field itself. With a
    receiver of Hand's save signals, or a database that cannot give the id back, the ORM's
    create is used."""
    db, reads = reads_for_connection()
    if reads.hand_insert_sql is None or pre_save.has_listeners(Hand) or post_save.has_listeners(
            Hand):
        return Hand.objects.create(**given)  # type: ignore[no-any-return]
    unknown = given.keys() - reads.hand_insert_names
    if unknown:
        raise TypeError(f"Hand has no field {', '.join(sorted(unknown))}")
    now = timezone.now()
    values: list[Any] = []
    for field in reads.hand_insert_fields:
        if field.name in given:
            value = given[field.name]
            if field.is_relation:
                value = value.pk if value is not None else None
        elif field.attname in given:
            value = given[field.attname]
        elif getattr(field, "auto_now_add", False):
            value = now
        else:
            value = field.get_default()
        values.append(value)
    with hot_cursor(db) as cursor:
        cursor.execute(reads.hand_insert_sql, [
            field.get_db_prep_save(value, connection=db)
            for field, value in zip(reads.hand_insert_fields, values, strict=True)])
        (hand_id,) = cursor.fetchone()
    hand: Hand = model_instance(Hand, db.alias, reads.hand_names, [hand_id, *values])
    for field in reads.hand_insert_fields:  # the related objects given, as create keeps them
        if field.is_relation and given.get(field.name) is not None:
            field.set_cached_value(hand, given[field.name])
    return hand


def model_instance(model: Any, alias: str, names: list[str], values: list[Any]) -> Any:
    """``model.from_db(alias, names, values)`` for a full row, without Model.__init__.

    What __init__ leaves behind for a row of every concrete field is a fresh
    ModelState and each value under its attname (a new instance has no cached
    relation for ForeignKeyDeferredAttribute to clear); it costs several times
    this for ten instances a card. Its only other work is the pre_init and
    post_init signals: with any receiver connected, the instance is made the
    ordinary way."""
    if pre_init.receivers or post_init.receivers:
        return model.from_db(alias, names, values)
    instance = model.__new__(model)
    state = instance._state = ModelState()
    state.adding = False
    state.db = alias
    instance.__dict__.update(zip(names, values, strict=True))
    return instance
