"""A pupil's action at a table: checked by the engine, appended to the log, once.

One transaction an action (:class:`one_action`): the table's row is locked and read
(teaching.tables.now.table_now), the engine checks the action on the hand's state, and
one row is appended with the next sequence number (:func:`record`); a second writer of
the same number is refused with a fresh view. The robots' actions go the same way
(teaching.tables.services.robots).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.protocol import Game, GameError
from games.seats import Seat
from teaching.coach.services import coach_followed
from teaching.models import Hand, Table, User
from teaching.tables.announce import notify_table
from teaching.tables.game_cache import cache_key, forget, remember
from teaching.tables.now import TableNow, table_now
from teaching.tables.services import CLOSED, ActionRefused
from teaching.tables.sql import hot_cursor, reads_for_connection


def finish_if_over(hand: Hand, game: Game) -> None:
    """Record the end of a hand. A deal can be over before anyone acts (Law 6: a
    hand without thirteen cards is dealt again), so this runs at the deal too."""
    if game.is_over() and hand.finished is None:
        hand.finished = timezone.now()
        hand.result = game.result()
        # Plain SQL, as the action's insert (the ORM's update cost several times the write).
        db, reads = reads_for_connection()
        with hot_cursor(db) as cursor:
            cursor.execute(reads.finish_sql, [
                db.ops.adapt_datetimefield_value(hand.finished),
                reads.result_field.get_db_prep_save(hand.result, db), hand.id])


def record(now: TableNow, seat: Seat, text: str, actor: User | None) -> TableNow:
    """Check ``text`` with the engine, then append it to the log as the next
    sequence number: the table as it is after it.

    Call inside a transaction. A second writer of the same number raises
    ``IntegrityError`` from the insert, which must end that transaction:
    :class:`one_action` turns it into "someone else acted first"."""
    hand, game = now.hand, now.game
    assert hand is not None and game is not None
    # The engine checks the action as it applies it, and refuses it with the state as it
    # was (games.protocol.Game.apply): on the copy, so the cached state is never touched.
    # Checking first as well cost the whole check twice an action (for a game whose check
    # works out the legal declarations, a tenth of its action's instructions).
    game = game.copy()
    version = game.version
    try:
        applied = game.apply(seat, text)
    except GameError as exc:
        raise ActionRefused(exc.reason, exc.code) from exc
    # Plain SQL, as table_now: one row per card, and the ORM's insert cost five times this.
    db, reads = reads_for_connection()
    with hot_cursor(db) as cursor:
        cursor.execute(
            reads.insert_sql,
            [hand.id, version, seat.value, applied.text, actor.pk if actor is not None else None,
             db.ops.adapt_datetimefield_value(timezone.now())])
    finish_if_over(hand, game)
    # Cached only once committed: a rolled-back action must not linger in memory.
    key = cache_key(hand)
    transaction.on_commit(lambda: remember(key, game))
    return now.with_game(game)


class one_action:  # lower case: used as a function, ``with one_action() as acting``
    """``with one_action(): ...`` — one transaction for one action. An insert that
    lost the race for its sequence number rolls everything back and is refused
    with a fresh view; the cached state, being behind, is forgotten."""

    def __init__(self) -> None:
        self.hand: Hand | None = None
        self._atomic = transaction.atomic()

    def __enter__(self) -> one_action:
        self._atomic.__enter__()
        return self

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> bool:
        self._atomic.__exit__(kind, exc, tb)
        if isinstance(exc, IntegrityError):
            if self.hand is not None:
                forget(cache_key(self.hand))
            raise ActionRefused("Someone else acted first: here is the table as it is now.",
                                "stale") from exc
        return False


def table_act(*, user: User, table_id: int, text: str, version: int | None = None,
              seat: Seat | str | None = None) -> TableNow:
    """A pupil at the table takes an action (``"play SA"``, ``"hcp 12"``...);
    returns the table as it is after it, for the caller to broadcast.

    ``version`` is what the client last saw; if the table moved on since, the
    action is refused rather than applied to a position the pupil did not see.
    ``seat`` names the seat acting when the client says so; it must be one of
    the pupil's own. Raises :class:`ActionRefused` with the reason; nothing is
    written then. Nobody is told of the change: see :func:`hand_act`.
    """
    if not isinstance(text, str) or not text.strip():
        raise ActionRefused("That is not an action.", "invalid")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise ActionRefused("That message is not for any version of this table.", "invalid")
    with one_action() as acting:
        now = table_now(table_id, lock=True)
        seats = now.seats_of(user) if now is not None else []
        if now is None or not seats:
            raise ActionRefused("You are not sitting at this table.", "not_seated")
        if seat is not None:
            try:
                seat = Seat.from_str(str(seat))
            except ValueError:
                seat = None
            if seat not in seats:
                raise ActionRefused("You can only act for your own seat.", "wrong_seat")
        if now.table.closed:  # before anything else: the page then takes the pupil on
            raise ActionRefused(CLOSED, "closed")
        if now.table.paused:
            raise ActionRefused("Your teacher has paused this table.", "paused")
        hand, game = now.hand, now.game
        if hand is None or game is None or hand.finished:
            raise ActionRefused("No hand is being played at this table.", "no_hand")
        acting.hand = hand
        if version is not None and version != game.version:
            raise ActionRefused("The table has moved on: here it is as it is now.", "stale")
        if seat is None:
            to_act = game.to_act()
            seat = next((s for s in seats if s in to_act), seats[0])
        after = record(now, seat, text, user)
        # Did the pupil do what the coach suggested at this decision? (teacher's page)
        coach_followed(seats=now.seats, user_id=user.pk, hand_id=hand.pk,
                       version=game.version, text=text)
        return after


def hand_act(*, user: User, table: Table, text: str, version: int | None = None,
             seat: Seat | str | None = None) -> int:
    """:func:`table_act`, then tell the table's connections and the teacher's
    wall once it is committed. Returns the new version."""
    now = table_act(user=user, table_id=table.pk, text=text, version=version, seat=seat)
    new_version = now.game.version if now.game is not None else 0
    transaction.on_commit(lambda: notify_table(table.pk, new_version))
    return new_version
