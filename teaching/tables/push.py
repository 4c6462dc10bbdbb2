"""What one change at a table sends, and to whom.

A card played reaches four players. Rather than each of their connections
reading the table again and rendering its own seat (four trips to the
database thread, four reads), the connection that took the action renders
every seated pupil's frame from the one state the action left
(:class:`teaching.tables.now.TableNow`), in the same trip to the
database thread, and sends them to the table's group in one message. Each
connection then sends on its own pupil's frame and nothing else: a pupil's
browser still only ever receives what their seat may see.

The same message tells the robots' driver whether a robot is to act next, so
a table of four pupils costs no robot check at all. Changes made elsewhere
(the teacher's forms, the double-dummy table arriving)
still send "table.changed", and each connection renders for itself. A
player's "Next deal" and "Play it again" come over their socket, and publish
the new hand's frames the same way.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from teaching.tables import frames, selectors
from teaching.tables.announce import table_group
from teaching.tables.now import RobotTurn, TableNow
from teaching.tables.services.acting import table_act
from teaching.tables.services.dealing import table_deal
from teaching.tables.services.robots import table_robot_act

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class Frames:
    """Every seated pupil's frame after one change, by user id (as text: the
    key survives the Redis layer's serialisation unchanged)."""

    table_id: int
    hand_number: int
    version: int
    by_user: dict[str, str]
    robot_turn: RobotTurn | None

    def message(self) -> dict[str, Any]:
        turn = self.robot_turn
        return {
            "type": "table.frames",
            # The teacher's wall listens to its tables' groups and renders this table's tile.
            "table": self.table_id,
            "hand": self.hand_number,
            "version": self.version,
            "frames": self.by_user,
            "robot": dataclasses.asdict(turn) if turn is not None else None,
        }


def frames_of(now: TableNow) -> Frames:
    """Render the frame of every pupil seated at the table, from one read."""
    by_user = {
        str(user_id): frames.render_frame(tv, now.table)
        for user_id, tv in selectors.seated_views(now).items()
    }
    return Frames(
        table_id=now.table.id,
        hand_number=now.hand.number if now.hand is not None else 0,
        version=now.game.version if now.game is not None else 0,
        by_user=by_user,
        robot_turn=now.robot_turn(),
    )


def act_and_render(user: Any, table_id: int, text: str, version: int | None,
                   seat: str | None) -> Frames:
    """A pupil's action and everyone's frames after it (synchronous: run it on
    the database thread). Raises :class:`teaching.tables.services.ActionRefused`."""
    now = table_act(user=user, table_id=table_id, text=text, version=version, seat=seat)
    return frames_of(now)


def deal_and_render(user: Any, table_id: int, command: str, number: int) -> Frames | None:
    """A player's "Next deal" or "Play it again" (teaching.tables.services.dealing.table_deal)
    and everyone's frames after it; ``None`` when another player dealt first."""
    now = table_deal(user=user, table_id=table_id, command=command, number=number)
    return frames_of(now) if now is not None else None


def robot_act_and_render(table_id: int, version: int, hand_number: int) -> Frames | None:
    """A robot's action at ``version`` of hand ``hand_number`` and everyone's
    frames after it; ``None`` when no robot acted (someone was quicker)."""
    now = table_robot_act(table_id=table_id, version=version, hand_number=hand_number)
    return frames_of(now) if now is not None else None


def robot_turn_of(event: dict[str, Any]) -> RobotTurn | None:
    """The robot turn a "table.frames" message announces, if any."""
    turn = event.get("robot")
    if not isinstance(turn, dict):
        return None
    try:
        return RobotTurn(**turn)
    except TypeError:
        return None


async def publish(layer: Any, frames: Frames) -> bool:
    """Send the frames to the table's connections, in every process; whether they went out.

    The teacher's wall hears the same message: it listens to its class's tables' groups
    (teaching.teacher.consumers), so a card is one broadcast, not a second one to the
    class for a wall that is open, if at all, on one teacher's screen (decision 0880).

    Tried twice: after Redis restarted, the first send goes out on a pooled connection
    the old server closed, fails, and drops it; the second connects afresh."""
    if layer is None:
        return True
    for attempt in (1, 2):
        try:
            await layer.group_send(table_group(frames.table_id), frames.message())
            return True
        except Exception as error:  # the action is committed: a lost broadcast must not undo it
            if attempt == 2:
                log.warning("could not broadcast a change of table %s: %s", frames.table_id,
                            error)
    return False
