"""A robot's action at a table: chosen from its own seat's view, recorded like a pupil's.

The robots' driver (teaching.tables.robots_driver) asks whether a robot is to act and
after what pause (:func:`robot_turn`), then has it act (:func:`table_robot_act`).
"""

from __future__ import annotations

import logging
import random

from django.db import transaction

from games.robots import robot_for
from teaching.models import Table
from teaching.runtime.claims import ROBOT_TURN, claimed
from teaching.tables.announce import notify_table
from teaching.tables.now import RobotTurn, TableNow, table_now
from teaching.tables.services import ActionRefused
from teaching.tables.services.acting import one_action, record

log = logging.getLogger(__name__)


class RobotsBusy(Exception):
    """Another server process is choosing a robot's action at this table now: it will
    record and announce it; look again after a moment rather than think the same."""


def table_robot_act(*, table_id: int, version: int | None = None,
                    hand_number: int | None = None, wait: bool = False) -> TableNow | None:
    """Let one robot whose turn it is act, using only its own seat's view; the
    table as it is after it, for the caller to broadcast.

    ``None`` when no robot is to act (a pupil's turn, the hand over, the table
    paused) or the table is no longer at ``version`` (of hand ``hand_number``,
    when given). Safe to call from several processes at once: a robot's action
    goes through the same log as anyone's, and only one can take each version.

    One process thinks for a table's robots at a time: the others heard of the same
    change and would only think the same thought (teaching.runtime.claims). Raises
    :class:`RobotsBusy` when another is thinking; ``wait`` waits for it instead.
    """
    with claimed(ROBOT_TURN, table_id, wait=wait) as mine:
        if not mine:
            raise RobotsBusy(f"another server process is acting for table {table_id}'s robots")
        return _robot_act_claimed(table_id, version, hand_number)


def _robot_act_claimed(table_id: int, version: int | None,
                       hand_number: int | None) -> TableNow | None:
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
        with one_action() as acting:
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
                return record(locked, seat, text, None)
            except ActionRefused:
                log.exception("robot at table %s chose %r, which the engine refused",
                              table_id, text)
                return None
    except ActionRefused:  # another process's robot took this version first
        return None


def robot_act(*, table_id: int, version: int | None = None,
              hand_number: int | None = None) -> int | None:
    """:func:`table_robot_act` (after another process acting for the table's robots, if
    one is), then tell the table once it is committed. Returns the new version, or
    ``None`` when no robot acted."""
    now = table_robot_act(table_id=table_id, version=version, hand_number=hand_number,
                          wait=True)
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
