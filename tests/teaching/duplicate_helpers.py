"""Helpers for duplicate-session tests: more pupils for Alice's Robins, a
session set up through the service, and a table's boards played out by robots."""

from __future__ import annotations

from typing import Any

import pytest

from teaching.classes import services as classes
from teaching.duplicate import services as dup
from teaching.models import Classroom, DuplicateSession, Pupil, SessionSitting, User
from teaching.tables.game_cache import current_hand
from teaching.tables.services import ActionRefused
from teaching.tables.services.dealing import hand_next

#: Six more Robins, so that Alice has eight pupils: four pairs, two tables.
MORE_ROBINS = ("Fay", "Gus", "Hal", "Ivy", "Jo", "Kit")


@pytest.fixture
def eight_robins(robins: Classroom, alice: User, robins_pupils: dict[str, Pupil]
                 ) -> list[Pupil]:
    """Bob, Carol and six more, in pair order: Bob & Carol, Fay & Gus, Hal & Ivy, Jo & Kit."""
    more = classes.pupils_create(classroom=robins, names="\n".join(MORE_ROBINS),
                                 by=alice)
    return [robins_pupils["Bob"], robins_pupils["Carol"], *more]


def plan(pupils: list[Pupil], *, lesson: int = 5, variant: str | None = None,
         **changes: Any) -> dup.SessionPlan:
    """A MiniBridge session at ``lesson`` (and ``variant``) unless ``game``/``options``
    are given."""
    pairs = [pupils[i:i + 2] for i in range(0, len(pupils), 2)]
    options: dict[str, Any] = {"lesson": lesson, **({"variant": variant} if variant else {})}
    values: dict[str, Any] = dict(title="Friday duplicate", game="minibridge", options=options,
                                  mode="online", method="matchpoints", pairs=pairs,
                                  boards_per_round=2, boards="seeded", seed="robins")
    values.update(changes)
    return dup.SessionPlan(**values)


def create(classroom: Classroom, by: User, pupils: list[Pupil], **changes: Any
           ) -> DuplicateSession:
    return dup.session_create(classroom=classroom, by=by, plan=plan(pupils, **changes))


def play_out_table(sitting: SessionSitting, teacher: User) -> int:
    """Robots play every board left at the sitting's table (the teacher's "Robots
    finish the round here", which deals each next board as "Next deal" does), and the
    table then deals no more. Returns boards played."""
    sitting.refresh_from_db()
    table = sitting.table
    assert table is not None
    played = dup.sitting_robots_finish(sitting=sitting, by=teacher)
    hand = current_hand(table)
    assert hand is not None and hand.finished
    try:
        hand_next(table=table, after=hand.number, by=teacher)
    except ActionRefused as exc:
        assert exc.code == "round_over"
    else:
        raise AssertionError("the table dealt a board after the round's last one")
    return len(played)
