"""A duplicate session's rows as games.movements sees them: its movement (never stored:
rebuilt from the session's kind, number of pairs and boards per round) and its pairs.
Shared by the use cases (teaching.duplicate.services) and the reads
(teaching.duplicate.selectors)."""

from __future__ import annotations

from typing import Any

from games.movements import Kind, Movement, MovementError, Pair, howell, mitchell, same_boards
from games.seats import Side
from teaching.models import DuplicateSession, Hand, SessionBoard, SessionPair, SessionSitting


def build_movement(*, kind: str, pairs: int, boards_per_round: int, rounds: int | None = None,
                   barometer: bool = False) -> Movement:
    """The movement of ``kind`` for ``pairs`` pairs (an odd number has a sit-out)."""
    tables = (pairs + 1) // 2
    if kind == Kind.SAME_BOARDS:
        if pairs % 2:
            raise MovementError("everybody plays the same boards with an even number of pairs")
        return same_boards(tables, boards_per_round * tables if tables == 2 else boards_per_round)
    if kind == Kind.HOWELL:
        return howell(pairs, boards_per_round, barometer=barometer, rounds=rounds)
    if kind == Kind.MITCHELL:
        return mitchell(tables, boards_per_round, rounds=rounds, missing=pairs % 2 == 1)
    raise MovementError(f"there is no movement called {kind!r}")


def session_movement(session: DuplicateSession) -> Movement:
    return build_movement(kind=session.movement_kind, pairs=session.pairs_total,
                          boards_per_round=session.boards_per_round, rounds=session.rounds,
                          barometer=session.barometer)


def sitting_boards(session: DuplicateSession, sitting: SessionSitting,
                   movement: Movement | None = None) -> tuple[int, ...]:
    """The boards the movement gives a sitting's table in its round."""
    movement = movement or session_movement(session)
    return movement.rounds[sitting.round - 1].table(sitting.table_number).boards


def pair_of(row: SessionPair) -> Pair:
    return Pair(row.number, Side(row.direction) if row.direction else None)


def board_dd_table(board: SessionBoard) -> dict[str, Any] | None:
    """The board's double-dummy table: its hand record's, or else the one stored with a
    hand played on it, which its players saw when the hand ended (decision 0430)."""
    dd = (board.record or {}).get("dd")
    if dd:
        return dd
    for table in (Hand.objects.filter(board_play__board=board, dd__isnull=False)
                  .values_list("dd", flat=True)):
        if isinstance(table, dict) and table:
            return table
    return None
