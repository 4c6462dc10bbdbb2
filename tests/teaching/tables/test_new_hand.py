"""A new hand is written in one plain INSERT (teaching.tables.sql.new_hand): the row and the
instance are those of ``Hand.objects.create``, field by field, on whatever database the
suite runs (SQLite by default; PostgreSQL with DATABASE_URL)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from games.seats import Seat
from teaching.models import Hand, Pupil, Table
from teaching.tables.game_cache import current_hand
from teaching.tables.sql import new_hand
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db

DEAL = {"dealer": "N", "hands": {"N": ["SA"], "E": ["HA"], "S": ["DA"], "W": ["CA"]}}
OPTIONS = {"lesson": 5, "nested": {"list": [1, 2.5, None, "é"]}}


@pytest.fixture
def table(bob: Pupil, carol: Pupil) -> Table:
    return seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol}, options={"lesson": 5})


def _row(hand_id: int) -> dict[str, Any]:
    """The row as the ORM reads it back, less what differs between two new hands."""
    row = Hand.objects.filter(pk=hand_id).values().get()
    return {key: value for key, value in row.items() if key not in ("id", "number", "created")}


def test_a_new_hand_writes_the_row_and_makes_the_instance_that_create_does(table: Table) -> None:
    number = current_hand(table).number
    made = new_hand(table=table, number=number + 1, game=table.game, options=OPTIONS, deal=DEAL)
    created = Hand.objects.create(table=table, number=number + 2, game=table.game,
                                  options=OPTIONS, deal=DEAL)

    assert _row(made.pk) == _row(created.pk)
    assert made.options == OPTIONS and made.deal == DEAL
    assert (made.finished, made.result, made.dd, made.undo_count, made.former_seats) == (
        None, None, None, 0, {})
    assert made.created.tzinfo is not None
    assert made.created == Hand.objects.get(pk=made.pk).created
    assert made._state.adding is False and made._state.db == created._state.db
    # As after create, the instance knows its table: asking costs no query.
    with CaptureQueriesContext(connection) as queries:
        assert made.table is table
    assert len(queries) == 0
    assert current_hand(table).pk == created.pk


def test_a_played_again_hand_points_at_its_first_playing(table: Table) -> None:
    first = current_hand(table)
    again = new_hand(table=table, number=first.number + 1, game=first.game,
                     options=first.options, deal=first.deal, replay_of=first)

    assert Hand.objects.get(pk=again.pk).replay_of_id == first.pk == again.replay_of_id
    assert again.replay_of is first


def test_a_field_the_hand_has_not_is_refused_and_nothing_is_written(table: Table) -> None:
    before = Hand.objects.count()

    with pytest.raises(TypeError, match="Hand has no field colour"):
        new_hand(table=table, number=99, game=table.game, deal=DEAL, colour="red")

    assert Hand.objects.count() == before


def test_with_a_receiver_of_a_hands_save_the_orm_saves_it(table: Table) -> None:
    heard: list[int] = []

    def saved(sender: type[Hand], instance: Hand, created: bool, **kwargs: Any) -> None:
        heard.append(instance.number)

    post_save.connect(saved, sender=Hand)
    try:
        new_hand(table=table, number=42, game=table.game, options=OPTIONS, deal=DEAL)
    finally:
        post_save.disconnect(saved, sender=Hand)

    assert heard == [42]
