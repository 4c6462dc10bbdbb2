"""Fixtures the table tests share."""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User


@pytest.fixture
def three(robins: Classroom, alice: User, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    """Three of Alice's pupils round a table of three as Preference seats them: Bob in
    South, Carol in East, Dora (made here) in West. A module seating three another way
    (the Top Game: West, then East) defines its own."""
    (dora,) = classes.pupils_create(classroom=robins, names="Dora", by=alice)
    return {Seat.SOUTH: bob, Seat.EAST: carol, Seat.WEST: dora}
