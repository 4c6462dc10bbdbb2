"""Use cases of a table: dealing hands, acting, robots, pausing and undoing.

A hand is its deal plus its action log (teaching.models.HandAction). Every
action goes through the engine: the log is replayed, the engine checks the
action, and only then is one row appended with the next sequence number. Two
clients acting at once both try to write that number; the unique constraint
lets exactly one in and the other is told, with a fresh view (DESIGN.md).

``table_act`` and ``table_robot_act`` return the table as the action left it
(``TableNow``), for the socket to render every player's frame from
(teaching.tables.push); ``hand_act``, ``robot_act`` and the other use cases tell
the table's group "table changed, version V" once committed, and each
connection renders its own seat's view (teaching.tables.consumers).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import queue
import random
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import (
    DEFAULT_DB_ALIAS,
    IntegrityError,
    close_old_connections,
    connections,
    transaction,
)
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init
from django.utils import timezone

from games.deals import Deal
from games.protocol import Game, GameError
from games.registry import game_entry
from games.robots import robot_for, robot_levels
from games.seats import Seat
from teaching.models import Classroom, Hand, HandAction, Pupil, Table, TableSeat, User
from teaching.runtime import analysis_process

log = logging.getLogger(__name__)


class ActionRefused(Exception):
    """An action that was not taken; ``message`` is what the player reads and
    ``code`` a short machine word (``"illegal"``, ``"not_your_turn"``, ...)."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def classroom_group(classroom_id: int) -> str:
    return f"class-{classroom_id}"


# -- the engine state of a hand -------------------------------------------------

_Key = tuple[int, int, float]


def _key(hand: Hand) -> _Key:
    """A hand's cache key. The undo count changes when a teacher cuts the log
    back; the creation time tells a hand from an earlier one that had the same
    id (SQLite hands out a deleted row's id again, and so does a rolled-back test)."""
    return (hand.id, hand.undo_count, hand.created.timestamp() if hand.created else 0.0)


class _GameCache:
    """Replayed games by hand, so a busy table does not replay its whole log
    for every card. Only ever a cache: the database is the truth, and an entry
    whose version is behind is brought up to date from the log."""

    def __init__(self, size: int = 2048) -> None:
        self._games: OrderedDict[_Key, Game] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, hand_id: _Key) -> Game | None:
        with self._lock:
            game = self._games.get(hand_id)
            if game is not None:
                self._games.move_to_end(hand_id)
            return game

    def put(self, hand_id: _Key, game: Game) -> None:
        with self._lock:
            self._games[hand_id] = game
            self._games.move_to_end(hand_id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)

    def forget(self, hand_id: _Key) -> None:
        with self._lock:
            self._games.pop(hand_id, None)


_cache = _GameCache()


def hand_state(hand: Hand, *, logged: int | None = None, deal: Deal | None = None) -> Game:
    """The engine state of ``hand``: its deal replayed through its action log.

    ``logged``, when the caller has just read it (table_now), is how many
    actions the log holds: a cached game at that version is taken as it is,
    without asking the log for newer actions.

    The object may be shared with other readers: do not change it (act on
    its ``copy()``, as :func:`_record` does). ``deal``: the hand's deal, when the
    caller has just made it (the dealer), saves reading it back."""
    key = _key(hand)
    cached = _cache.get(key)
    if cached is not None and logged is not None and cached.version == logged:
        return cached
    if cached is not None:
        # Plain SQL: this runs for every card (see table_now).
        db, reads = _reads_for_connection()
        with db.cursor() as cursor:
            cursor.execute(reads.newer_sql, [hand.id, cached.version])
            newer = cursor.fetchall()
        if all(seq == cached.version + i for i, (seq, _, _) in enumerate(newer)):
            if not newer:
                return cached
            game = cached.copy()
            try:
                for _, seat, text in newer:
                    game.apply(Seat(seat), text)
            except GameError:
                log.exception("hand %s: the stored log no longer replays", hand.id)
            else:
                _cache.put(key, game)
                return game
    entry = game_entry(hand.game)
    game = entry.game_class(entry.rules(**hand.options), deal or Deal.from_data(hand.deal))
    if logged != 0:  # a hand just dealt has nothing in its log to read
        for seat, text in hand.actions.order_by("seq").values_list("seat", "text"):
            game.apply(Seat(seat), text)
    _cache.put(key, game)
    return game


def current_hand(table: Table) -> Hand | None:
    return _newest_first(table.pk).first()


def _newest_first(table_id: int) -> Any:
    """The table's hands, the one being played (or just finished) first."""
    return Hand.objects.filter(table_id=table_id).order_by("-number")


# -- dealing --------------------------------------------------------------------

def _deal_for(table: Table, number: int, dealer: Seat | None) -> Deal:
    """Hand ``number`` of a table is always the same deal: seeded by the table."""
    rng = random.Random(f"{table.seed}:{number}")
    entry = game_entry(table.game)
    deal_for = getattr(entry.game_class, "deal_for", None)
    if deal_for is not None:
        deal = deal_for(entry.rules(**table.options), rng, board=number)
    else:
        deal = Deal.for_board(number, rng)
    if dealer is not None and deal.dealer != dealer:
        deal = dataclasses.replace(deal, dealer=dealer)
    return deal


@transaction.atomic
def hand_start(*, table: Table, deal: Deal | None = None, notify: bool = True) -> Hand:
    """Deal the next hand at ``table``. After a redeal (MiniBridge Law 6) the
    same dealer deals again; otherwise the deal passes clockwise (Law 3).
    ``notify``: tell the table's connections once committed (off when the
    caller broadcasts the new table itself, as a player's socket does)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    return _deal_after(table, current_hand(table), deal, notify)


def _deal_after(table: Table, previous: Hand | None, deal: Deal | None, notify: bool) -> Hand:
    """The hand after ``previous`` (the table's newest, read under the table's lock)."""
    number = previous.number + 1 if previous else 1
    dealer = None
    if previous is not None and previous.result and previous.result.get("redeal"):
        dealer = Seat(previous.deal["dealer"])
    deal = deal or _deal_for(table, number, dealer)
    hand = Hand.objects.create(
        table=table, number=number, game=table.game, options=table.options, deal=deal.to_data(),
    )
    game = hand_state(hand, logged=0, deal=deal)
    if previous is not None:
        _move_players_round(table, game.players(), Seat(previous.deal["dealer"]), game.deal.dealer)
    _finish_if_over(hand, game)
    if notify:
        transaction.on_commit(lambda: notify_table(table.id, 0))
    return hand


def _move_players_round(table: Table, players: tuple[Seat, ...], last_dealer: Seat,
                        dealer: Seat) -> None:
    """Keep the seats in step with a game whose players depend on the deal.

    In three-handed MiniBridge the seat opposite the dealer holds the dealt
    dummy, so as the deal passes clockwise (Law 3) the empty seat moves too.
    The players move round with it, keeping their clockwise order, and the
    next player clockwise from the last dealer becomes the dealer."""
    if set(players) == set(Seat):
        return  # every seat plays: nobody moves (and the seats need not be read)
    rows = sorted(table.seats.all(), key=lambda row: Seat(row.seat).index)
    if {Seat(row.seat) for row in rows} == set(players) or len(rows) != len(players):
        return

    def clockwise_from(start: Seat, seats: list[Seat]) -> list[Seat]:
        return sorted(seats, key=lambda seat: (seat.index - start.index) % 4)

    old = clockwise_from(last_dealer.next, [Seat(row.seat) for row in rows])
    new = clockwise_from(dealer, list(players))
    by_seat = {Seat(row.seat): row for row in rows}
    moved = [(new[i], by_seat[seat]) for i, seat in enumerate(old)]
    table.seats.all().delete()
    TableSeat.objects.bulk_create(
        TableSeat(table=table, seat=seat.value, pupil_id=row.pupil_id, robot_level=row.robot_level)
        for seat, row in moved
    )


def _finish_if_over(hand: Hand, game: Game) -> None:
    """Record the end of a hand. A deal can be over before anyone acts (Law 6: a
    hand without thirteen cards is dealt again), so this runs at the deal too."""
    if game.is_over() and hand.finished is None:
        hand.finished = timezone.now()
        hand.result = game.result()
        hand.save(update_fields=["finished", "result"])


@transaction.atomic
def hand_next(*, table: Table, after: int, by: User, notify: bool = True) -> Hand | None:
    """Deal the next hand once hand number ``after`` is over.

    ``after`` is the hand the player saw finish: when two players press "next
    deal" at once, the first deals and the second finds it done (``None``),
    rather than skipping a deal."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    _check_player(by, table)
    hand = current_hand(table)
    if hand is None or hand.number != after:
        return None
    if not hand.finished:
        raise ActionRefused("Finish this hand before dealing the next one.", "not_over")
    # A duplicate session's table deals its next board, not a random deal
    # (teaching.duplicate.services; it refuses after the round's last board).
    from teaching.duplicate.services import next_board_deal

    return _deal_after(table, hand, next_board_deal(table=table), notify)


@transaction.atomic
def hand_replay(*, table: Table, hand: Hand, by: User, notify: bool = True) -> Hand:
    """"Play it again" (MiniLesson 4's eye-opener): the same deal, a fresh log,
    so the pupils can try another contract and compare the results.

    Every replay points at the first playing of the deal, so the results of
    all of them can be shown side by side."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    _check_player(by, table)
    if hand.table_id != table.id:
        raise ActionRefused("That hand was not played at this table.", "not_here")
    last = current_hand(table)
    if last is not None and last.pk != hand.pk:
        raise ActionRefused("A newer hand has been dealt at this table.", "stale")
    if not hand.finished:
        raise ActionRefused("Finish this hand before playing it again.", "not_over")
    new = Hand.objects.create(
        table=table, number=hand.number + 1, game=hand.game,
        options=hand.options, deal=hand.deal, replay_of=hand.replay_of or hand,
    )
    if notify:
        transaction.on_commit(lambda: notify_table(table.id, 0))
    return new


def table_deal(*, user: User, table_id: int, command: str, number: int) -> TableNow | None:
    """A player's "Next deal" (``command`` "next", ``number`` the hand they saw
    finish) or "Play it again" ("again", ``number`` that hand's id), sent from
    their socket: the table as it is after it, for the caller to broadcast
    (nobody is told here). ``None`` when another player dealt first. Raises
    :class:`ActionRefused`, and nothing is written then."""
    # Only its id: hand_next and hand_replay read the table themselves, under its lock.
    table = Table(pk=table_id)
    try:
        if command == "next":
            dealt = hand_next(table=table, after=number, by=user, notify=False)
        elif command == "again":
            hand = Hand.objects.filter(table_id=table_id, pk=number).first()
            if hand is None:
                raise ActionRefused("That hand was not played at this table.", "not_here")
            dealt = hand_replay(table=table, hand=hand, by=user, notify=False)
        else:
            raise ActionRefused("That is not an action.", "invalid")
    except Table.DoesNotExist:
        raise ActionRefused("You are not sitting at this table.", "not_seated") from None
    return table_now(table_id) if dealt is not None else None


def _check_player(user: User, table: Table) -> None:
    """Pupils seated at the table may deal on; teachers of its class may too."""
    if seats_of(user, table):
        return
    if getattr(user, "is_teacher", False) and (
        table.classroom.owner_id == user.pk
        or table.classroom.co_teachers.filter(pk=user.pk).exists()
    ):
        return
    raise ActionRefused("You are not sitting at this table.", "not_seated")


# -- acting ---------------------------------------------------------------------

def seats_of(user: User, table: Table) -> list[Seat]:
    """The seats ``user`` plays at ``table`` (a pupil has one)."""
    if not user.is_authenticated or not user.is_pupil:
        return []
    return [Seat(s) for s in table.seats.filter(pupil__user=user).values_list("seat", flat=True)]


@dataclasses.dataclass(frozen=True)
class RobotTurn:
    """A robot is to act at ``version`` of hand ``hand_number``, after ``pause_ms``."""

    table_id: int
    hand_number: int
    version: int
    pause_ms: int


@dataclasses.dataclass(frozen=True)
class TableNow:
    """A table as one change left it: the row (with its class), its seats (with
    their pupils), the current hand and its engine state.

    Read once, with two or three queries, and then shared by everything that shows the
    change: the frames of all four players and the robots' next turn cost no
    further reads. ``game`` may be shared with other readers: do not change it."""

    table: Table
    seats: list[TableSeat]
    hand: Hand | None
    game: Game | None

    def seats_of(self, user: User) -> list[Seat]:
        """The seats ``user`` plays here (as :func:`seats_of`, without a query)."""
        if not user.is_authenticated or not getattr(user, "is_pupil", False):
            return []
        return [Seat(s.seat) for s in self.seats
                if s.pupil_id is not None and s.pupil.user_id == user.pk]

    def robots(self) -> dict[Seat, str]:
        """Seats with no pupil, and the level of the robot playing each."""
        return {Seat(s.seat): s.robot_level for s in self.seats if s.pupil_id is None}

    def robot_turn(self) -> RobotTurn | None:
        """Whether a robot is to act now, and after what pause (the class's)."""
        table, hand, game = self.table, self.hand, self.game
        if table.paused or table.closed or hand is None or game is None or hand.finished:
            return None
        robots = self.robots()
        if not robots or not any(s in robots for s in game.to_act()):
            return None
        pause = getattr(table, "robot_pause_ms", None)
        if pause is None:  # a table read without it (not through table_now)
            pause = table.classroom.robot_pause_ms
        return RobotTurn(table.id, hand.number, game.version, int(pause))


class _Reads:
    """table_now's SQL and converters for one database connection, made once.

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
        # One row per seat (one with no seat columns for a table without seats),
        # each with the table and its current hand (none: no hand columns).
        self.sql = (
            f"SELECT {columns('t', table_fields)}, c.{q('robot_pause_ms')},"
            f" {columns('s', seat_fields)}, {columns('p', pupil_fields)},"
            f" {columns('h', hand_fields)},"
            # The hand's version as the log has it, for hand_state's cached game.
            f" (SELECT COALESCE(MAX(a.{q('seq')}) + 1, 0) FROM {q(HandAction._meta.db_table)} a"
            f" WHERE a.{q('hand_id')} = h.{q('id')})"
            f" FROM {q(Table._meta.db_table)} t"
            f" INNER JOIN {q(Classroom._meta.db_table)} c ON c.{q('id')} = t.{q('classroom_id')}"
            f" LEFT JOIN {q(TableSeat._meta.db_table)} s ON s.{q('table_id')} = t.{q('id')}"
            f" LEFT JOIN {q(Pupil._meta.db_table)} p ON p.{q('id')} = s.{q('pupil_id')}"
            f" LEFT JOIN {q(Hand._meta.db_table)} h ON h.{q('table_id')} = t.{q('id')}"
            f" AND h.{q('number')} = (SELECT MAX(m.{q('number')})"
            f" FROM {q(Hand._meta.db_table)} m WHERE m.{q('table_id')} = t.{q('id')})"
            f" WHERE t.{q('id')} = %s ORDER BY s.{q('seat')}")
        seat_start = len(table_fields) + 1
        hand_start = seat_start + len(seat_fields) + len(pupil_fields)
        self.table_slice = slice(0, seat_start - 1)
        self.seat_slice = slice(seat_start, seat_start + len(seat_fields))
        self.pupil_slice = slice(seat_start + len(seat_fields), hand_start)
        self.hand_slice = slice(hand_start, hand_start + len(hand_fields))
        self.logged_place = hand_start + len(hand_fields)
        self.pause_place = seat_start - 1
        self.seat_id_place = seat_start
        self.hand_id_place = hand_start
        # hand_state's newer actions and _record's insert.
        self.newer_sql = (
            f"SELECT {q('seq')}, {q('seat')}, {q('text')} FROM {q(HandAction._meta.db_table)}"
            f" WHERE {q('hand_id')} = %s AND {q('seq')} >= %s ORDER BY {q('seq')}")
        self.insert_sql = (
            f"INSERT INTO {q(HandAction._meta.db_table)} ({q('hand_id')}, {q('seq')},"
            f" {q('seat')}, {q('text')}, {q('actor_id')}, {q('created')})"
            f" VALUES (%s, %s, %s, %s, %s, %s)")
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


_reads: weakref.WeakKeyDictionary[Any, _Reads] = weakref.WeakKeyDictionary()


def _reads_for_connection() -> tuple[Any, _Reads]:
    """This thread's default connection, and its _Reads (made at its first card)."""
    db = connections[DEFAULT_DB_ALIAS]
    reads = _reads.get(db)
    if reads is None:
        reads = _reads[db] = _Reads(db)
    return db, reads


def _instance(model: Any, alias: str, names: list[str], values: list[Any]) -> Any:
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


def table_now(table_id: int, *, lock: bool = False) -> TableNow | None:
    """Read the table, its seats, its current hand and that hand's state.

    ``lock`` (inside a transaction) holds the table's row until the commit, so
    acts at one table queue up on PostgreSQL (SQLite has one writer anyway).
    Everything is read after the lock is granted, in a statement of its own,
    so that it sees what the writer before committed.

    This runs for every card at every table, so it reads in plain SQL, in one
    query joining the table, its class's robot pause, the seats with their
    pupils and the current hand (after the lock's, where there is one). The
    ORM's reads of these cost four times the reads themselves
    (docs/benchmarks.md), and even raw querysets (RawModelIterable) cost twice
    what a cursor does, most of it in per-read setup; a single query instead
    of three took another tenth off table_now (bench/table_act.py). The rows
    come back as ordinary model instances (_Reads, _instance)."""
    db, reads = _reads_for_connection()
    alias = db.alias
    with db.cursor() as cursor:
        if lock and reads.lock_sql is not None:
            cursor.execute(reads.lock_sql, [table_id])
            if cursor.fetchone() is None:
                return None
        cursor.execute(reads.sql, [table_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    convert = reads.convert
    first = rows[0]
    table = _instance(Table, alias, reads.table_names,
                      convert(first[reads.table_slice], reads.table_converters, db))
    table.robot_pause_ms = first[reads.pause_place]
    seats = []
    for row in rows:
        if row[reads.seat_id_place] is None:  # a table without seats
            continue
        seat = _instance(TableSeat, alias, reads.seat_names,
                         convert(row[reads.seat_slice], reads.seat_converters, db))
        if seat.pupil_id is not None:
            # A read-only stand-in, never saved.
            fields = list(reads.pupil_template)
            fields[reads.pupil_id_place] = seat.pupil_id
            values = convert(row[reads.pupil_slice], reads.pupil_converters, db)
            for place, value in zip(reads.pupil_places, values, strict=True):
                fields[place] = value
            seat.pupil = _instance(Pupil, alias, reads.pupil_names, fields)
        seats.append(seat)
    hand = None
    if first[reads.hand_id_place] is not None:
        hand = _instance(Hand, alias, reads.hand_names,
                         convert(first[reads.hand_slice], reads.hand_converters, db))
    game = hand_state(hand, logged=first[reads.logged_place]) if hand is not None else None
    return TableNow(table, seats, hand, game)


def _record(now: TableNow, seat: Seat, text: str, actor: User | None) -> TableNow:
    """Check ``text`` with the engine, then append it to the log as the next
    sequence number: the table as it is after it.

    Call inside a transaction. A second writer of the same number raises
    ``IntegrityError`` from the insert, which must end that transaction:
    :func:`_acting` turns it into "someone else acted first"."""
    hand, game = now.hand, now.game
    assert hand is not None and game is not None
    try:
        game.check(seat, text)
    except GameError as exc:
        raise ActionRefused(exc.reason, exc.code) from exc
    game = game.copy()
    version = game.version
    applied = game.apply(seat, text)
    # Plain SQL, as table_now: one row per card, and the ORM's insert cost five times this.
    db, reads = _reads_for_connection()
    with db.cursor() as cursor:
        cursor.execute(
            reads.insert_sql,
            [hand.id, version, seat.value, applied.text, actor.pk if actor is not None else None,
             db.ops.adapt_datetimefield_value(timezone.now())])
    _finish_if_over(hand, game)
    # Cached only once committed: a rolled-back action must not linger in memory.
    key = _key(hand)
    transaction.on_commit(lambda: _cache.put(key, game))
    return dataclasses.replace(now, game=game)


class _acting:
    """``with _acting(): ...`` — one transaction for one action. An insert that
    lost the race for its sequence number rolls everything back and is refused
    with a fresh view; the cached state, being behind, is forgotten."""

    def __init__(self) -> None:
        self.hand: Hand | None = None
        self._atomic = transaction.atomic()

    def __enter__(self) -> _acting:
        self._atomic.__enter__()
        return self

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> bool:
        self._atomic.__exit__(kind, exc, tb)
        if isinstance(exc, IntegrityError):
            if self.hand is not None:
                _cache.forget(_key(self.hand))
            raise ActionRefused("Someone else acted first: here is the table as it is now.",
                                "stale") from exc
        return False


def table_act(*, user: User, table_id: int, text: str, version: int | None = None,
              seat: Seat | str | None = None) -> TableNow:
    """A pupil at the table takes an action (``"play SA"``, ``"hcp 12"``...);
    returns the table as it is after it, for the caller to broadcast.

    ``version`` is what the client last saw; if the table moved on since, the
    action is refused rather than applied to a position the pupil did not see.
    ``seat`` names the seat acting when the client says so; it must be one of
    the pupil's own. Raises :class:`ActionRefused` with the reason; nothing is
    written then. Nobody is told of the change: see :func:`hand_act`.
    """
    if not isinstance(text, str) or not text.strip():
        raise ActionRefused("That is not an action.", "invalid")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise ActionRefused("That message is not for any version of this table.", "invalid")
    with _acting() as acting:
        now = table_now(table_id, lock=True)
        seats = now.seats_of(user) if now is not None else []
        if now is None or not seats:
            raise ActionRefused("You are not sitting at this table.", "not_seated")
        if seat is not None:
            try:
                seat = Seat.from_str(str(seat))
            except ValueError:
                seat = None
            if seat not in seats:
                raise ActionRefused("You can only act for your own seat.", "wrong_seat")
        if now.table.paused:
            raise ActionRefused("Your teacher has paused this table.", "paused")
        if now.table.closed:
            raise ActionRefused("This table is closed.", "closed")
        hand, game = now.hand, now.game
        if hand is None or game is None or hand.finished:
            raise ActionRefused("No hand is being played at this table.", "no_hand")
        acting.hand = hand
        if version is not None and version != game.version:
            raise ActionRefused("The table has moved on: here it is as it is now.", "stale")
        if seat is None:
            to_act = game.to_act()
            seat = next((s for s in seats if s in to_act), seats[0])
        return _record(now, seat, text, user)


def hand_act(*, user: User, table: Table, text: str, version: int | None = None,
             seat: Seat | str | None = None) -> int:
    """:func:`table_act`, then tell the table's connections and the teacher's
    wall once it is committed. Returns the new version."""
    now = table_act(user=user, table_id=table.pk, text=text, version=version, seat=seat)
    new_version = now.game.version if now.game is not None else 0
    transaction.on_commit(lambda: notify_table(table.pk, new_version))
    return new_version


def table_robot_act(*, table_id: int, version: int | None = None,
                    hand_number: int | None = None) -> TableNow | None:
    """Let one robot whose turn it is act, using only its own seat's view; the
    table as it is after it, for the caller to broadcast.

    ``None`` when no robot is to act (a pupil's turn, the hand over, the table
    paused) or the table is no longer at ``version`` (of hand ``hand_number``,
    when given). Safe to call from several processes at once: a robot's action
    goes through the same log as anyone's, and only one can take each version.
    """
    # The robot thinks before the write lock is taken, not holding it: an expert
    # looks ahead double dummy for up to half a second, and every other table's
    # card waits for SQLite's one writer (teaching.runtime.database_calls).
    now = table_now(table_id)
    if now is None or now.robot_turn() is None:
        return None
    hand, game = now.hand, now.game
    assert hand is not None and game is not None
    if hand_number is not None and hand.number != hand_number:
        return None
    if version is not None and game.version != version:
        return None
    robots = now.robots()
    seat = next(s for s in game.to_act() if s in robots)
    # Seeded by the table, hand and position: the same robot plays the same card.
    rng = random.Random(f"{now.table.seed}:{hand.number}:{game.version}")
    text = robot_for(hand.game, robots[seat]).choose(game.view(seat), rng)
    try:
        with _acting() as acting:
            # Chosen for the position read above: recorded only if the table is still
            # there, with the same robot to act (no card, pause or reseating meanwhile).
            locked = table_now(table_id, lock=True)
            if (locked is None or locked.hand is None or locked.game is None
                    or locked.hand.id != hand.id or locked.game.version != game.version
                    or locked.robot_turn() is None or seat not in locked.game.to_act()
                    or locked.robots().get(seat) != robots[seat]):
                return None
            acting.hand = locked.hand
            try:
                return _record(locked, seat, text, None)
            except ActionRefused:
                log.exception("robot at table %s chose %r, which the engine refused",
                              table_id, text)
                return None
    except ActionRefused:  # another process's robot took this version first
        return None


def robot_act(*, table_id: int, version: int | None = None,
              hand_number: int | None = None) -> int | None:
    """:func:`table_robot_act`, then tell the table once it is committed.
    Returns the new version, or ``None`` when no robot acted."""
    now = table_robot_act(table_id=table_id, version=version, hand_number=hand_number)
    if now is None or now.game is None:
        return None
    new_version = now.game.version
    transaction.on_commit(lambda: notify_table(table_id, new_version))
    return new_version


def robots_pending(table: Table) -> bool:
    """Whether a robot is to act now at ``table`` (as the database has it)."""
    return robot_turn(table_id=table.pk) is not None


def robot_turn(*, table_id: int) -> RobotTurn | None:
    """Whether a robot is to act at the table now, and how long it should wait
    first (the class's robot pause), for the consumers' robot driver."""
    now = table_now(table_id)
    return now.robot_turn() if now is not None else None


# -- after the hand -----------------------------------------------------------------

def hand_analyse(*, hand_id: int, in_solver_process: bool = False) -> dict[str, Any] | None:
    """The double-dummy table of a finished hand's deal (tricks each seat can
    make as declarer in each denomination), computed once and kept in
    ``Hand.result["dd"]``. ``None`` while the hand is being played, for a deal
    that is not four hands of 13 cards, or when the analysis is unavailable.

    Only ever called after the hand is over: the table tells how every hand
    lies, so it must not reach a player before the last card."""
    hand = Hand.objects.filter(pk=hand_id).first()
    if hand is None or not hand.finished or not hand.result or hand.result.get("redeal"):
        return None
    if "dd" in hand.result:
        return hand.result["dd"]
    deal = Deal.from_data(hand.deal)
    if sorted(len(deal.hand(s)) for s in Seat) != [13, 13, 13, 13]:
        return None
    with _analysis_lock(hand.id):
        hand.refresh_from_db(fields=["result"])
        if "dd" in hand.result:
            return hand.result["dd"]
        table = _dd_table_data(deal, in_solver_process=in_solver_process)
        if table is None:
            return None
        with transaction.atomic():
            locked = Hand.objects.select_for_update().get(pk=hand.pk)
            if locked.result is None:
                return None  # undone by the teacher meanwhile
            locked.result = {**locked.result, "dd": table}
            locked.save(update_fields=["result"])
    return table


def hand_analysis_or_start(hand: Hand) -> dict[str, Any] | None:
    """The stored double-dummy table of a finished hand, or ``None`` after
    queueing its computation in the background.

    Solving takes from 20 ms to over a second, and pages are rendered on the
    one thread that serves every table of the process: solving there would
    stall every table at each hand's end. The background worker stores the
    table and announces the change, so the summary fills in by itself.
    With ``settings.ANALYSE_IN_BACKGROUND`` off (unit tests, whose data is
    not committed for another thread to read) it is solved at once."""
    if not hand.finished or not hand.result or hand.result.get("redeal"):
        return None
    if "dd" in hand.result:
        return hand.result["dd"]
    if not getattr(settings, "ANALYSE_IN_BACKGROUND", True):
        return hand_analyse(hand_id=hand.id)
    _analyses.start(hand.id, hand.table_id)
    return None


class _Analyses:
    """The finished hands waiting for their double-dummy table, and the one thread
    that solves them, in the order the hands ended.

    One thread for all, not one a hand: in a class that began together, every table
    ends its hand within the same second, and 250 threads starting at once, each
    wanting Python's lock for its own few steps, held the tables' cards back by
    over a second and a half (bench/load.py, docs/benchmarks.md). DDS solves one
    deal at a time anyway (games.dds); one queue only says so in the open. The
    solving itself is done by the solver process (teaching.runtime.analysis_process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: queue.Queue[tuple[int, int]] = queue.Queue()
        self._queued: set[int] = set()
        self._worker: threading.Thread | None = None

    def start(self, hand_id: int, table_id: int) -> None:
        """Queue a hand's analysis, once however often its players' pages ask."""
        with self._lock:
            if hand_id in self._queued:
                return
            self._queued.add(hand_id)
            self._waiting.put((hand_id, table_id))
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="analyse-hands",
                                                daemon=True)
                self._worker.start()

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until every queued analysis is done (tests); ``False`` on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if not self._queued:
                    return True
            time.sleep(0.01)
        return False

    def _work(self) -> None:
        # At the players' priority: DDS runs in the solver process, behind the cards;
        # this thread only waits for it and stores the answer (a thread at the lowest
        # priority holding Python's lock would make the event loop wait for it).
        while not analysis_process.stopping():  # the server stopping: the rest waits
            hand_id, table_id = self._waiting.get()
            try:
                _analyse_and_announce(hand_id, table_id)
            finally:
                with self._lock:
                    self._queued.discard(hand_id)


_analyses = _Analyses()


def analyses_wait(timeout: float = 60.0) -> bool:
    """Wait until the background analyses queued so far are stored (tests)."""
    return _analyses.wait(timeout)


def _analyse_and_announce(hand_id: int, table_id: int) -> None:
    try:
        # Announced only while the hand's summary is still on the table: once the
        # next hand is dealt nobody's screen shows this one's table, and telling
        # every seat to read and render its table again would only hold the cards
        # of other tables back (a class that began together ends its hands
        # together, and the next deal follows within seconds).
        dd = hand_analyse(hand_id=hand_id, in_solver_process=True)
        if dd is not None and _is_latest_hand(table_id, hand_id):
            version = HandAction.objects.filter(hand_id=hand_id).count()
            notify_table(table_id, version)
    except Exception:  # a failed analysis only leaves the table out of the summary
        log.exception("could not analyse hand %s", hand_id)
    finally:
        close_old_connections()


def _is_latest_hand(table_id: int, hand_id: int) -> bool:
    return _newest_first(table_id).values_list("pk", flat=True).first() == hand_id


_analysis_locks: dict[int, threading.Lock] = {}
_analysis_locks_guard = threading.Lock()


def _analysis_lock(hand_id: int) -> threading.Lock:
    """One analysis per hand per process: four players' pages ask at once."""
    with _analysis_locks_guard:
        if len(_analysis_locks) > 1000:
            _analysis_locks.clear()
        return _analysis_locks.setdefault(hand_id, threading.Lock())


def _dd_table_data(deal: Deal, *, in_solver_process: bool = False
                   ) -> dict[str, dict[str, int]] | None:
    """``{"N": {"C": 7, "D": 6, "H": 9, "S": 8, "NT": 8}, ...}`` from the
    engine's double-dummy analysis, or ``None`` if it cannot run here.
    ``in_solver_process``: solved by teaching.runtime.analysis_process, away from the
    server's own threads (the background worker's way); else in this thread."""
    try:
        # Named, not imported: in the solver process DDS never loads in the server for it.
        solve = analysis_process.solve if in_solver_process else analysis_process.solve_here
        return solve("games.analysis:dd_table_data", deal)
    except ImportError:
        log.warning("games.analysis is not available: no double-dummy table")
        return None
    except analysis_process.SolverUnavailable as exc:  # not the deal's fault: a line, no trace
        if not analysis_process.stopping():
            log.warning("no double-dummy table for now: %s", exc)
        return None
    except Exception:
        log.exception("double-dummy analysis failed")
        return None


# -- seating ----------------------------------------------------------------------

def _new_table(classroom_id: int, name: str, game: str, options: dict[str, Any],
               practice_for: Pupil | None = None) -> Table:
    game_entry(game).rules(**options)  # refuse unknown games and options before saving
    return Table.objects.create(
        classroom_id=classroom_id, name=name, game=game, options=options,
        practice_for=practice_for, seed=secrets.token_hex(8),
    )


def _seats_of_game(game: str, options: dict[str, Any]) -> tuple[Seat, ...]:
    """The seats the game seats players in, asked of the engine."""
    entry = game_entry(game)
    return entry.game_class(entry.rules(**options), Deal.from_seed(0)).players()


@transaction.atomic
def table_create(*, classroom_id: int, name: str, game: str, options: dict[str, Any],
                 pupils: dict[Seat, Pupil | None], robot_level: str = "beginner",
                 practice_for: Pupil | None = None, deal: Deal | None = None) -> Table:
    """A table with pupils in some seats and robots in the rest, and its first
    hand dealt (``deal``, e.g. a duplicate board, or a random one)."""
    table = _new_table(classroom_id, name, game, options, practice_for)
    levels = robot_levels(game)
    if robot_level not in levels:  # e.g. a class on "expert", and Spades has one robot
        robot_level = levels[0]
    for seat in _seats_of_game(game, options):
        pupil = pupils.get(seat)
        TableSeat.objects.create(table=table, seat=seat.value, pupil=pupil,
                                 robot_level=robot_level)
    hand_start(table=table, deal=deal)
    return table


@transaction.atomic
def practice_table_open(*, pupil: Pupil, game: str = "minibridge",
                        options: dict[str, Any] | None = None) -> Table:
    """A table where ``pupil`` practises alone in South against robots, by
    default MiniBridge at the pupil's own lesson.

    A pupil who presses "Practise" again goes back to the practice table they
    already have for the same game and options, with its hand where they left
    it; older practice tables of theirs are closed."""
    options = dict(options if options is not None else {"lesson": pupil.lesson})
    Pupil.objects.select_for_update().get(pk=pupil.pk)  # one practice table at a time
    mine = Table.objects.filter(practice_for=pupil, closed=False)
    for table in mine:
        if table.game == game and table.options == options:
            return table
    mine.update(closed=True)
    classroom = pupil.classroom
    return table_create(
        classroom_id=classroom.id, name=f"{pupil.name} practising", game=game,
        options=options, pupils={Seat.SOUTH: pupil}, robot_level=classroom.robot_level,
        practice_for=pupil,
    )


# -- broadcasting -----------------------------------------------------------------

def notify_table(table_id: int, version: int) -> None:
    """Tell every connection at the table (and the teacher's wall) that it changed."""
    layer = get_channel_layer()
    if layer is None:
        return
    table = Table.objects.filter(pk=table_id).values("classroom_id").first()
    # The stamp names this one change: the connections of a process that hear it
    # share one read of the table (teaching.tables.selectors.player_view).
    stamp = f"{time.time_ns()}-{secrets.token_hex(4)}"
    try:
        _group_send(layer, table_group(table_id), {
            "type": "table.changed", "version": version, "stamp": stamp})
        if table:
            _group_send(layer, classroom_group(table["classroom_id"]),
                        {"type": "wall.changed", "table": table_id})
    except Exception:  # a broadcast that fails must not undo a committed action
        log.exception("could not broadcast a change of table %s", table_id)


#: The event loop serving this process's sockets and its thread, from the first socket
#: that connects (:func:`sockets_served_here`).
_sockets_loop: tuple[asyncio.AbstractEventLoop, int] | None = None


def sockets_served_here() -> None:
    """Called by each socket as it connects, on the loop that serves it: remember that
    loop, so that changes announced by threads of our own reach its sockets."""
    global _sockets_loop
    loop = asyncio.get_running_loop()
    if _sockets_loop is None or _sockets_loop[0] is not loop:
        _sockets_loop = (loop, threading.get_ident())


def _group_send(layer: Any, group: str, message: dict[str, Any]) -> None:
    """``layer.group_send`` from synchronous code, on the sockets' loop when it runs.

    Django's request threads already hand it there (``async_to_sync`` knows the loop
    that called them), but a thread of our own (the hand's analysis, a session's hand
    records) does not: ``async_to_sync`` would run the send on a new loop of its own,
    and the in-memory layer's queues, which belong to the sockets' loop, would be told
    from the wrong thread: the sockets heard of the change only when something else woke
    their loop (test: an announcement from a background thread arrives at once)."""
    served = _sockets_loop
    if served is not None and served[0].is_running() and served[1] != threading.get_ident():
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), served[0]).result(
            timeout=30)
    else:
        async_to_sync(layer.group_send)(group, message)
