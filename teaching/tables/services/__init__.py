"""Use cases of a table, one module a job: seating (opening a table), dealing (the next
hand, play it again), acting (a pupil's action) and robots (a robot's action).

A hand is its deal plus its action log (teaching.models.HandAction). Every action goes
through the engine: the log is replayed, the engine checks the action, and only then is
one row appended with the next sequence number. Two clients acting at once both try to
write that number; the unique constraint lets exactly one in and the other is told, with
a fresh view (DESIGN.md).

``table_act`` and ``table_robot_act`` return the table as the action left it
(teaching.tables.now.TableNow), for the socket to render every player's frame from
(teaching.tables.push); ``hand_act``, ``robot_act`` and the other use cases tell the
table's group "table changed, version V" once committed (teaching.tables.announce), and
each connection renders its own seat's view (teaching.tables.consumers).
"""

from __future__ import annotations


class ActionRefused(Exception):
    """An action that was not taken; ``message`` is what the player reads and
    ``code`` a short machine word (``"illegal"``, ``"not_your_turn"``, ...)."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


#: What a player reads who acts at a closed table (the page then takes them to their table).
CLOSED = "This table is closed: your teacher has moved the class on."
