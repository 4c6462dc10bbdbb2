"""Opening a table: pupils in some seats, robots in the rest, its first hand dealt; and a
pupil's practice table against robots.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction

from games.deals import Deal
from games.registry import game_entry
from games.robots import robot_levels
from games.seats import Seat
from teaching.models import Pupil, Table, TableSeat
from teaching.tables.services.dealing import hand_start


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
