"""A table as one change left it (:class:`TableNow`), read in one statement.

Read once and shared by everything that shows the change: the frames of all four
players and the robots' next turn cost no further reads (teaching.tables.push).
This runs for every card at every table: see teaching.tables.sql for why it is
plain SQL, and bench/table_act.py for what it costs.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from games.protocol import Game
from games.seats import SEAT_OF_LETTER, Seat
from teaching.models import Hand, Pupil, Table, TableSeat, User
from teaching.tables.game_cache import hand_state
from teaching.tables.sql import hot_cursor, model_instance, reads_for_connection


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
    further reads. ``game``, and ``seats`` with their pupils, may be shared with other
    readers (the table's later reads too): do not change them."""

    table: Table
    seats: list[TableSeat]
    hand: Hand | None
    game: Game | None
    #: The seats whose pupil may play them now, by seat letter, with that pupil's user id
    #: (in the seats' order): an active pupil of the table's class, the class not archived.
    #: Read at every message, so a pupil moved to another class or of a class put away
    #: stops playing at once (docs/decisions/0305-access-follows-the-class.md). Worked out
    #: once from the read's own values: asked eight times a card, reading it back from the
    #: model instances cost about a twentieth of the card.
    players: Mapping[str, int]

    def with_game(self, game: Game) -> TableNow:
        """The same table with the game an action moved on: made directly, where
        ``dataclasses.replace`` walked every field by name (about 160 bytecodes a card)."""
        return TableNow(self.table, self.seats, self.hand, game, self.players)

    def seats_of(self, user: User) -> list[Seat]:
        """The seats ``user`` plays here (as selectors.seats_of, without a query)."""
        if not user.is_authenticated or not getattr(user, "is_pupil", False):
            return []
        pk = user.pk
        return [SEAT_OF_LETTER[seat] for seat, user_id in self.players.items() if user_id == pk]

    def robots(self) -> dict[Seat, str]:
        """Seats with no pupil, and the level of the robot playing each."""
        return {SEAT_OF_LETTER[s.seat]: s.robot_level for s in self.seats if s.pupil_id is None}

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


_PUPIL_OF_SEAT = TableSeat._meta.get_field("pupil")


def table_now(table_id: int, *, lock: bool = False) -> TableNow | None:
    """Read the table, its seats, its current hand and that hand's state.

    ``lock`` (inside a transaction) holds the table's row until the commit, so
    acts at one table queue up on PostgreSQL (SQLite has one writer anyway).
    Everything is read after the lock is granted, in a statement of its own,
    so that it sees what the writer before committed.

    This runs for every card at every table, so it reads in plain SQL, in one
    query: the table with its class's robot pause and the current hand, and the
    seats with their pupils as a JSON array (after the lock's, where there is one). The
    ORM's reads of these cost four times the reads themselves
    (docs/benchmarks.md), and even raw querysets (RawModelIterable) cost twice
    what a cursor does, most of it in per-read setup; a single query instead
    of three took another tenth off table_now (bench/table_act.py). The rows
    come back as ordinary model instances (teaching.tables.sql)."""
    db, reads = reads_for_connection()
    alias = db.alias
    with hot_cursor(db) as cursor:
        if lock and reads.lock_sql is not None:
            cursor.execute(reads.lock_sql, [table_id])
            if cursor.fetchone() is None:
                return None
        cursor.execute(reads.sql, [table_id])
        first = cursor.fetchone()
    if first is None:
        return None
    table = model_instance(Table, alias, reads.table_names,
                           _converted(_tables_read, table_id, first[reads.table_slice],
                                      reads.table_converters, reads, db))
    table.robot_pause_ms = first[reads.pause_place]
    table.classroom_archived = archived = bool(first[reads.archived_place])
    seats, players = _seats_of(first[reads.seats_place] or "[]", table.classroom_id, archived,
                               table_id, alias, reads, db)
    hand = None
    if first[reads.hand_id_place] is not None:
        hand = model_instance(Hand, alias, reads.hand_names,
                              _converted(_hands_read, table_id, first[reads.hand_slice],
                                         reads.hand_converters, reads, db))
    game = hand_state(hand, logged=first[reads.logged_place]) if hand is not None else None
    return TableNow(table, seats, hand, game, players)


def _seats_of(text: str, classroom_id: int, archived: bool, table_id: int, alias: str,
              reads: Any, db: Any) -> tuple[list[TableSeat], dict[str, int]]:
    """The table's seats with their pupils, and who may play each (``TableNow.players``),
    from the read's JSON array of them (``text``).

    The seats change a few times a term and are read at every card: the instances made
    from the same text for the same class are the table's last, shared by every TableNow
    since (read-only, as the TableNow itself). Turning the text into four seats and four
    pupils, each through its converters and a model instance, was about a twentieth of a
    card's action; comparing the text with the last is one C comparison."""
    known = _seats_read.get(table_id)
    if (known is not None and known[0] == text and known[1] == classroom_id
            and known[2] == archived and known[3] == (alias, db.vendor)):
        return known[4], known[5]
    convert = reads.convert
    seats = []
    players: dict[str, int] = {}
    # The seats in their letters' order (an aggregate's order is the database's own).
    for row in sorted(json.loads(text), key=itemgetter(reads.letter_place)):
        seat = model_instance(TableSeat, alias, reads.seat_names,
                              convert(row[reads.seat_slice], reads.seat_converters, db))
        if seat.pupil_id is not None:
            # A read-only stand-in, never saved.
            fields = list(reads.pupil_template)
            fields[reads.pupil_id_place] = seat.pupil_id
            values = convert(row[reads.pupil_slice], reads.pupil_converters, db)
            for place, value in zip(reads.pupil_places, values, strict=True):
                fields[place] = value
            # Put where ``seat.pupil`` finds it, as the relation's descriptor would, less
            # its checks of what is assigned (four seats a card).
            _PUPIL_OF_SEAT.set_cached_value(
                seat, model_instance(Pupil, alias, reads.pupil_names, fields))
            user_id, _name, pupil_archived, pupil_classroom_id = values
            if not pupil_archived and pupil_classroom_id == classroom_id and not archived:
                players[seat.seat] = user_id
        seats.append(seat)
    keep_for_table(_seats_read, table_id,
                   (text, classroom_id, archived, (alias, db.vendor), seats, players))
    return seats, players


def keep_for_table(kept: dict[int, Any], table_id: int, entry: Any) -> None:
    """Put ``entry`` in ``kept``, a table's last read of something by table id, as the
    newest: at most :data:`MOST_TABLES` tables are kept, the one read longest ago going
    first (two threads may keep at once: each step is one of the dict's own)."""
    if len(kept) >= MOST_TABLES:
        kept.pop(next(iter(kept)), None)
    kept.pop(table_id, None)
    kept[table_id] = entry


#: Each table's seats as last read: (their JSON text, the class, whether it is archived, the
#: database and its kind (whose converters made them), the seats, who may play them), by
#: table id.
_seats_read: dict[int, tuple[str, int, bool, tuple[str, str], list[TableSeat],
                             dict[str, int]]] = {}
#: More tables than one process plays at once.
MOST_TABLES = 4_000


def _converted(known_rows: dict[int, tuple[tuple[Any, ...], Any, tuple[Any, ...]]],
               table_id: int, raw: tuple[Any, ...], converters: Any, reads: Any,
               db: Any) -> list[Any]:
    """``raw``'s columns as the ORM would give them (``Reads.convert``), for a new instance:
    those converted at the table's last read when the driver gave the same columns then.

    The table's row changes when a teacher pauses it, the hand's at its end; between, every
    card read them again, and converting them was the JSON of the deal, the options and
    the result parsed anew (and a date or two) at every card. The values are shared with
    the instances made at earlier reads, each instance its own: nothing changes a JSON
    value in place (decision 0950)."""
    known = known_rows.get(table_id)
    if known is not None and known[1] is reads and known[0] == raw:
        return list(known[2])
    values = reads.convert(raw, converters, db)
    keep_for_table(known_rows, table_id, (raw, reads, tuple(values)))
    return values


#: Each table's row, and its current hand's, as last read: (the driver's columns, the
#: connection's Reads that converted them, the converted values), by table id.
_tables_read: dict[int, tuple[tuple[Any, ...], Any, tuple[Any, ...]]] = {}
_hands_read: dict[int, tuple[tuple[Any, ...], Any, tuple[Any, ...]]] = {}
