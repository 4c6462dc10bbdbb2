"""Use cases of the teacher's view: seating the class, pausing a table, undoing a trick.

Tables, hands and their logs are made and changed through teaching.tables.services
(table_create, notify_table); this module decides who sits where and cuts a
hand's log back for teaching. It never asks what game is played beyond what
the engine's protocol and registry say: the cut point of an undo is the
game's own (Game.undo_point).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied
from django.db import transaction

from games.deals import Deal
from games.protocol import Action, Game
from games.registry import game_entry
from games.seats import Seat
from teaching.classes import games
from teaching.classes.selectors import can_teach
from teaching.models import Classroom, Hand, HandAction, Pupil, Table, TableSeat, User
from teaching.tables.analysis import hand_analyse
from teaching.tables.announce import notify_table
from teaching.tables.game_cache import current_hand
from teaching.tables.services.seating import table_create
from teaching.teacher.selectors import hands_needing_analysis


class SeatingRefused(Exception):
    """A seating, pause or undo that was not done; ``message`` is for the teacher."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class SeatingResult:
    """What seating the class did, in words the teacher reads back."""

    tables: list[Table]
    closed: int
    notes: list[str] = field(default_factory=list)


def _check_teacher(classroom: Classroom, by: User) -> None:
    # Views already answer 404; this guards every other caller (commands, consumers).
    if not can_teach(by, classroom):
        raise PermissionDenied("Only the class's teachers may do that.")


def _close_class_tables(classroom: Classroom) -> list[int]:
    """Close the class's open tables (not pupils' own practice tables)."""
    ids = list(classroom.tables.filter(closed=False, practice_for__isnull=True)
               .values_list("id", flat=True))
    Table.objects.filter(id__in=ids).update(closed=True)
    return ids


def _in_order(classroom: Classroom, pupils: list[Pupil], shuffle: bool,
              rng: random.Random | None) -> list[Pupil]:
    """Pupils by their options in the game's own order (the earliest lesson first), then
    by name or, with ``shuffle``, at random among those with the same options."""
    entry = games.entry_of(classroom.game)
    by_options: dict[tuple[int, ...], list[Pupil]] = {}
    for pupil in sorted(pupils, key=lambda p: (p.name.lower(), p.id)):
        by_options.setdefault(games.options_order(entry, pupil.options),
                              []).append(pupil)
    ordered = []
    for key in sorted(by_options):
        group = by_options[key]
        if shuffle:
            (rng or random.Random()).shuffle(group)
        ordered.extend(group)
    return ordered


@transaction.atomic
def tables_seat_class(*, classroom: Classroom, by: User, shuffle: bool = False,
                      rng: random.Random | None = None) -> SeatingResult:
    """Seat every active pupil of the class in one go at the class's game, as many to a
    table as the game has players (docs/decisions/0141-seats-from-the-first-hand.md).

    Pupils are ordered by their options in the game's own order (so tables mix them
    as little as possible), then by name or, with ``shuffle``, at random among equals.
    Robots fill the empty seats of the last table. A table whose pupils differ plays
    the options that come first (the earliest lesson), so nobody meets what they have
    not been taught yet. The class's previous open tables are closed.
    """
    _check_teacher(classroom, by)
    classroom = Classroom.objects.select_for_update().get(pk=classroom.pk)
    pupils = list(classroom.pupils.filter(archived=False).select_related("classroom"))
    if not pupils:
        raise SeatingRefused("The class has no pupils yet: add some before seating them.")
    try:
        pupils = _in_order(classroom, pupils, shuffle, rng)
    except games.GameChoiceError as error:
        raise SeatingRefused(error.message) from None
    closed = _close_class_tables(classroom)
    tables: list[Table] = []
    notes: list[str] = []
    while pupils:
        name = f"Table {len(tables) + 1}"
        options = pupils[0].options
        try:
            table = table_create(
                classroom_id=classroom.id, name=name, game=classroom.game, options=options,
                fill=pupils, robot_level=classroom.robot_level)
        except games.GameChoiceError as error:
            raise SeatingRefused(f"{name} cannot be opened: {error.message}") from None
        seats = table.seats.count()
        group, pupils = pupils[:seats], pupils[seats:]
        tables.append(table)
        others = sorted({games.describe(classroom.game, p.options) for p in group
                         if p.options != options})
        if others:
            played = games.describe(classroom.game, options)
            notes.append(f"{name} mixes {played} with {', '.join(others)}: it plays "
                         f"{played}, the earliest, so nobody meets anything new.")
        if len(group) < seats:
            robots = seats - len(group)
            notes.append(f"{name} has {robots} robot{'s' if robots > 1 else ''} in the empty "
                         f"seat{'s' if robots > 1 else ''}.")
    for table_id in closed:
        transaction.on_commit(functools.partial(notify_table, table_id, 0))
    return SeatingResult(tables=tables, closed=len(closed), notes=notes)


def _where(seat: TableSeat) -> str:
    return f"{seat.table.name}, {Seat(seat.seat).word}"


@transaction.atomic
def table_seat_pupil(*, table: Table, seat: Seat | str, pupil: Pupil | None, by: User) -> str:
    """Put ``pupil`` in ``seat`` at ``table``, or a robot when ``pupil`` is ``None``.

    A pupil sitting at another of the class's open tables (or another seat of
    this one) is moved: a robot takes their old seat. Whoever sat in ``seat``
    before is left without a seat. Returns what happened, for the teacher.
    """
    _check_teacher(table.classroom, by)
    table = Table.objects.select_for_update().select_related("classroom").get(pk=table.pk)
    try:
        seat = Seat.from_str(str(seat))
    except ValueError as exc:
        raise SeatingRefused("That is not a seat at this table.") from exc
    if table.closed:
        raise SeatingRefused(f"{table.name} is closed: seat the class again or pick an open table.")
    # Lock the seat row only: PostgreSQL cannot lock the nullable side of the join to the pupil.
    place = (table.seats.select_for_update(of=("self",)).filter(seat=seat.value)
             .select_related("pupil").first())
    if place is None:
        raise SeatingRefused(f"{table.name} has no {seat.word} seat in this game.")
    if pupil is None:
        if place.pupil is None:
            return f"A robot already plays {seat.word} at {table.name}."
        left = place.pupil
        place.pupil = None
        place.save(update_fields=["pupil"])
        transaction.on_commit(lambda: notify_table(table.id, 0))
        return f"A robot now plays {seat.word} at {table.name}; {left.name} has no seat."
    if pupil.classroom_id != table.classroom_id:
        raise SeatingRefused(f"{pupil.name} is not in {table.classroom.name}.")
    if pupil.archived:
        raise SeatingRefused(f"{pupil.name} is archived, so can't be seated: restore them first.")
    if place.pupil_id == pupil.id:
        return f"{pupil.name} already sits {seat.word} at {table.name}."
    words = []
    elsewhere = (TableSeat.objects.select_for_update().select_related("table")
                 .filter(pupil=pupil, table__classroom=table.classroom, table__closed=False,
                         table__practice_for__isnull=True))
    moved_from = set()
    for old in elsewhere:
        words.append(f"{pupil.name} was moved from {_where(old)}; a robot plays there now.")
        old.pupil = None
        old.save(update_fields=["pupil"])
        moved_from.add(old.table_id)
    if place.pupil is not None:
        words.append(f"{place.pupil.name} no longer has a seat.")
    place.pupil = pupil
    place.save(update_fields=["pupil"])
    for table_id in moved_from | {table.id}:
        transaction.on_commit(functools.partial(notify_table, table_id, 0))
    return " ".join([f"{pupil.name} now sits {seat.word} at {table.name}.", *words])


@transaction.atomic
def table_set_paused(*, table: Table, paused: bool, by: User) -> Table:
    """Pause a table (robots stop; pupils are told "Your teacher has paused this
    table") or let it play on."""
    _check_teacher(table.classroom, by)
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.paused != paused:
        table.paused = paused
        table.save(update_fields=["paused"])
        hand = current_hand(table)
        version = hand.actions.count() if hand else 0
        transaction.on_commit(lambda: notify_table(table.id, version))
    return table


# -- undo -------------------------------------------------------------------------

def undo_cut(game: Game, actions: Sequence[Action]) -> int | None:
    """How many actions to keep so as to take back the last trick.

    ``game`` is the hand's fresh state (nothing applied) and ``actions`` its log;
    the game itself says where (:meth:`games.protocol.Game.undo_point`), so this
    works for a game whose view keeps no list of tricks (face down). ``None``
    when no card has been played.
    """
    for action in actions:
        game.apply(action.seat, action.text)
    return game.undo_point()


@transaction.atomic
def table_undo_trick(*, table: Table, by: User) -> int:
    """Take back the last trick of the hand being played at ``table``, for teaching.

    The hand's log is cut back to just before that trick's lead (or the current
    trick's lead, if one is in progress); a hand that had ended is open again.
    The table is paused, so robots do not replay at once while the teacher
    explains; resuming lets play go on. Returns the hand's new version.
    """
    _check_teacher(table.classroom, by)
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.closed:  # its hands stay as they were played (decision 0400)
        raise SeatingRefused(f"{table.name} is closed: its hands stay as they were played.")
    hand = current_hand(table)
    if hand is None:
        raise SeatingRefused("No hand has been dealt at this table yet.")
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    rows = list(hand.actions.order_by("seq").values_list("seat", "text"))
    entry = game_entry(hand.game)
    fresh = entry.game_class(entry.rules(**hand.options), Deal.from_data(hand.deal))
    cut = undo_cut(fresh, [Action(Seat(seat), text) for seat, text in rows])
    if cut is None:
        raise SeatingRefused("No card has been played in this hand yet: there is no trick to undo.")
    HandAction.objects.filter(hand=hand, seq__gte=cut).delete()
    hand.undo_count += 1
    hand.finished = None
    hand.result = None
    hand.save(update_fields=["undo_count", "finished", "result"])
    if not table.paused:
        table.paused = True
        table.save(update_fields=["paused"])
    transaction.on_commit(lambda: notify_table(table.id, cut))
    return cut


# -- the chart's double-dummy figures -------------------------------------------------

def classroom_analyse(*, classroom: Classroom, limit: int) -> int:
    """Analyse up to ``limit`` of the class's finished hands that have no
    double-dummy table yet (kept in ``Hand.dd`` by
    teaching.tables.analysis.hand_analyse, which the pupils' end-of-hand summary uses too).
    Returns how many are still waiting. Not atomic: each hand is stored on its own,
    so a slow analysis never holds the others back."""
    waiting = hands_needing_analysis(classroom)
    for hand_id in waiting[:limit]:
        hand_analyse(hand_id=hand_id)
    return len(hands_needing_analysis(classroom)) if waiting else 0
