"""Opening a table: pupils in some seats, robots in the rest, its first hand dealt; and a
pupil's practice table against robots.

The seats are those of the table's real first hand (the engine's ``players()``): two in a
two-handed game, three in a three-handed one (whose empty seat may depend on the deal),
four in a game of partnerships. Pupils fill them in the game's own order (its registry
entry's ``seats``) and robots the rest (docs/decisions/0141-seats-from-the-first-hand.md).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from games.deals import Deal
from games.seats import Seat
from teaching.classes import games
from teaching.models import Pupil, Table, TableSeat
from teaching.tables.game_cache import hand_state
from teaching.tables.services.dealing import hand_start


def _new_table(classroom_id: int, name: str, game: str, options: dict[str, Any],
               practice_for: Pupil | None = None) -> Table:
    options = games.checked_options(game, options)  # refuse unknown games and options
    return Table.objects.create(
        classroom_id=classroom_id, name=name, game=game, options=options,
        practice_for=practice_for, seed=new_table_seed(),
    )


def new_table_seed() -> str:
    """A new table's seed: its deals and its robots' choices follow from it
    (teaching.tables.services.dealing, .robots). The tests make it repeatable
    (tests/conftest.py)."""
    return secrets.token_hex(8)


def robot_level_for(game: str, wanted: str) -> str:
    """``wanted`` if the game's robots have that level, else their first (e.g. a class on
    "expert" and a game with one robot)."""
    levels = games.robot_levels(game)
    return wanted if wanted in levels or not levels else levels[0]


@transaction.atomic
def table_create(*, classroom_id: int, name: str, game: str, options: dict[str, Any],
                 pupils: Mapping[Seat, Pupil | None] | None = None,
                 fill: Sequence[Pupil] = (), robot_level: str = "beginner",
                 practice_for: Pupil | None = None, deal: Deal | None = None) -> Table:
    """A table with its first hand dealt (``deal``, e.g. a duplicate board, or a random
    one) and a seat for each of that hand's players: ``pupils`` names who sits where;
    ``fill`` seats pupils in the game's order until its seats run out (the caller counts
    the table's seats to know how many sat). Robots play every other seat.
    :class:`games.GameChoiceError` for a game or options the registry refuses."""
    table = _new_table(classroom_id, name, game, options, practice_for)
    hand = hand_start(table=table, deal=deal)
    seats = games.fill_order(game, hand_state(hand).players())
    placed = dict(pupils or {})
    waiting = [p for p in fill if p not in placed.values()]
    robot_level = robot_level_for(game, robot_level)
    for seat in seats:
        pupil = placed.get(seat)
        if pupil is None and seat not in placed and waiting:
            pupil = waiting.pop(0)
        TableSeat.objects.create(table=table, seat=seat.value, pupil=pupil,
                                 robot_level=robot_level)
    return table


@transaction.atomic
def practice_table_open(*, pupil: Pupil, game: str | None = None,
                        options: dict[str, Any] | None = None) -> Table:
    """A table where ``pupil`` practises alone against robots, in the first seat of the
    game's order; by default the class's game with the pupil's own options.

    A pupil who presses "Practise" again goes back to the practice table they
    already have for the same game and options, with its hand where they left
    it; older practice tables of theirs are closed."""
    classroom = pupil.classroom
    game = game or classroom.game
    options = dict(options if options is not None else pupil.options)
    Pupil.objects.select_for_update().get(pk=pupil.pk)  # one practice table at a time
    mine = Table.objects.filter(practice_for=pupil, closed=False)
    for table in mine:
        if table.game == game and table.options == options:
            return table
    mine.update(closed=True)
    return table_create(
        classroom_id=classroom.id, name=f"{pupil.name} practising", game=game,
        options=options, fill=[pupil], robot_level=classroom.robot_level,
        practice_for=pupil,
    )
