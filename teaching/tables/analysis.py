"""The double-dummy table of a finished hand: solved once, stored with it, announced.

Solving takes from 20 ms to over a second, so it never runs on the thread that serves
every table: a finished hand is queued, one background thread hands the queue to the
solver process (teaching.runtime.analysis_process) and stores each answer, and the
table hears of it while the hand's summary is still showing.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connection, connections, transaction

from games.deals import Deal
from games.seats import Seat
from teaching.classes import games
from teaching.models import Hand
from teaching.runtime import analysis_process
from teaching.runtime.claims import HAND_ANALYSIS, claimed
from teaching.tables.announce import notify_table

log = logging.getLogger(__name__)


#: How long a worker that found another solving a hand waits before it looks again
#: (should that worker die mid-solve, the hand would otherwise wait for a page to ask).
RETRY_SECONDS = 2.0


class SolvingElsewhere(Exception):
    """Another server process is solving this hand's table now, and will announce it."""


def hand_analyse(*, hand_id: int, in_solver_process: bool = False) -> dict[str, Any] | None:
    """The double-dummy table of a finished hand's deal (tricks each seat can
    make as declarer in each denomination), computed once and kept in
    ``Hand.dd``. ``None`` while the hand is being played, for a deal
    that is not four hands of 13 cards, when the analysis is unavailable, or while
    another server process solves it (and will announce it).

    Only ever called after the hand is over: the table tells how every hand
    lies, so it must not reach a player before the last card."""
    try:
        return _hand_analyse(hand_id, in_solver_process)
    except SolvingElsewhere:
        return None


def _hand_analyse(hand_id: int, in_solver_process: bool) -> dict[str, Any] | None:
    """:func:`hand_analyse`, raising :class:`SolvingElsewhere` where it says ``None``
    because another process is solving the hand."""
    # One thread of this process, and one process of the site, solves it; another that
    # asks meanwhile goes without (the one solving announces the table to every worker).
    # The hand is read once the claim is held: a process that solved it before let go of
    # its claim only after storing the table, which this read then finds.
    with _analysis_lock(hand_id), claimed(HAND_ANALYSIS, hand_id) as mine:
        if not mine:
            log.info("hand %s: another server process is solving its double-dummy table",
                     hand_id)
            raise SolvingElsewhere(hand_id)
        hand = _finished_hand(hand_id)
        if hand is None:
            return None
        finished, redealt, stored, deal_data = hand
        if not finished or redealt:
            return None
        if stored is not None:
            return stored
        deal = Deal.from_data(deal_data)
        if sorted(len(deal.hand(s)) for s in Seat) != [13, 13, 13, 13]:
            return None
        table = _dd_table_data(deal, in_solver_process=in_solver_process)
        if table is None:
            return None
        if not _store_table(hand_id, table):
            return None  # undone by the teacher meanwhile
        log.info("hand %s: double-dummy table solved and stored", hand_id)
    return table


def _finished_hand(hand_id: int) -> tuple[bool, bool, Any, Any] | None:
    """(finished, dealt again, the stored table, the deal) of the hand, or ``None`` if it is
    gone. Plain SQL: read at every hand's end, and the ORM's query cost several times the
    read (the JSON columns come back as text on both databases: Django reads PostgreSQL's
    jsonb as text)."""
    with connection.cursor() as cursor:
        cursor.execute(_FINISHED_HAND_SQL, [hand_id])
        row = cursor.fetchone()
    if row is None:
        return None
    finished, game, result, stored, deal = row
    redealt = result is not None and games.redealt(game, json.loads(result))
    return (bool(finished), redealt, json.loads(stored) if stored is not None else None,
            json.loads(deal) if deal is not None else None)


def _store_table(hand_id: int, table: dict[str, Any]) -> bool:
    """Store the double-dummy table with the hand, unless its result was undone meanwhile
    (the teacher's undo): whether it was stored. One plain UPDATE, which locks the row as it
    checks it: the ORM's locked read and save cost two queries of 1.5-2 million
    instructions each at every hand's end (docs/benchmarks.md, "A hand's end")."""
    field = Hand._meta.get_field("dd")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_STORE_TABLE_SQL, [field.get_db_prep_save(table, connection), hand_id])
        return bool(cursor.rowcount)


_STORE_TABLE_SQL = (f"UPDATE {Hand._meta.db_table} SET dd = %s "
                    f"WHERE id = %s AND result IS NOT NULL")

_FINISHED_HAND_SQL = (f"SELECT finished, game, result, dd, deal "
                      f"FROM {Hand._meta.db_table} WHERE id = %s")


def _redealt(hand: Hand) -> bool:
    """Whether the hand was dealt again (Law 6): there is no play to analyse."""
    return games.redealt(hand.game, hand.result)


def stored_table(hand: Hand) -> dict[str, Any] | None:
    """The double-dummy table stored with a finished hand, or ``None``: the one place
    the site reads it (it is the site's own, kept beside the game's result)."""
    return hand.dd if isinstance(hand.dd, dict) else None


def analysable(hand: Hand) -> bool:
    """Whether a finished hand's deal has a double-dummy table: four hands of 13 cards
    (a bridge deal; not a 32-card pack, nor a hand dealt again)."""
    if not hand.finished or not hand.result or _redealt(hand):
        return False
    deal = Deal.from_data(hand.deal)
    return sorted(len(deal.hand(s)) for s in Seat) == [13, 13, 13, 13]


def hand_analysis_or_start(hand: Hand) -> dict[str, Any] | None:
    """The stored double-dummy table of a finished hand, or ``None`` after
    queueing its computation in the background.

    Solving takes from 20 ms to over a second, and pages are rendered on the
    one thread that serves every table of the process: solving there would
    stall every table at each hand's end. The background worker stores the
    table and announces the change, so the summary fills in by itself.
    With ``settings.ANALYSE_IN_BACKGROUND`` off (unit tests, whose data is
    not committed for another thread to read) it is solved at once."""
    if not hand.finished or not hand.result or _redealt(hand):
        return None
    if hand.dd is not None:
        return hand.dd
    if not getattr(settings, "ANALYSE_IN_BACKGROUND", True):
        return hand_analyse(hand_id=hand.id)
    _analyses.start(hand.id, hand.table_id)
    return None


class _Analyses:
    """The finished hands waiting for their double-dummy table, and the one thread
    that solves them, the hand that ended last first.

    Last first, because a hand's table is wanted while its summary is on the table, the
    few seconds to a minute before its players deal again. Past the solver's capacity (at
    500 tables a hand ends every eighth of a second, and a deal takes the solver about a
    tenth of a second of CPU) a queue taken in order falls further behind with every hand,
    until no summary is still showing when its table comes; taken last first, the summaries
    on screen get theirs, and the older hands are solved when the solver has time (the
    teacher's chart asks for any still missing).

    One thread for all, not one a hand: in a class that began together, every table
    ends its hand within the same second, and 250 threads starting at once, each
    wanting Python's lock for its own few steps, held the tables' cards back by
    over a second and a half (bench/load.py, docs/benchmarks.md). DDS solves one
    deal at a time anyway (games.bridge.dds); one queue only says so in the open. The
    solving itself is done by the solver process (teaching.runtime.analysis_process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: queue.LifoQueue[tuple[int, int]] = queue.LifoQueue()
        self._queued: set[int] = set()
        self._worker: threading.Thread | None = None

    def start(self, hand_id: int, table_id: int) -> None:
        """Queue a hand's analysis, once however often its players' pages ask."""
        with self._lock:
            if hand_id in self._queued:
                return
            self._queued.add(hand_id)
            self._waiting.put((hand_id, table_id))
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="analyse-hands",
                                                daemon=True)
                self._worker.start()

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until every queued analysis is done (tests); ``False`` on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if not self._queued:
                    return True
            time.sleep(0.01)
        return False

    def _work(self) -> None:
        # At the players' priority: DDS runs in the solver process, behind the cards;
        # this thread only waits for it and stores the answer (a thread at the lowest
        # priority holding Python's lock would make the event loop wait for it).
        while not analysis_process.stopping():  # the server stopping: the rest waits
            hand_id, table_id = self._waiting.get()
            try:
                _analyse_and_announce(hand_id, table_id)
            finally:
                with self._lock:
                    self._queued.discard(hand_id)


_analyses = _Analyses()


def analyses_wait(timeout: float = 60.0) -> bool:
    """Wait until the background analyses queued so far are stored (tests)."""
    return _analyses.wait(timeout)


def _analyse_and_announce(hand_id: int, table_id: int) -> None:
    try:
        # Announced only while the hand's summary is still on the table: once the
        # next hand is dealt nobody's screen shows this one's table, and telling
        # every seat to read and render its table again would only hold the cards
        # of other tables back (a class that began together ends its hands
        # together, and the next deal follows within seconds).
        dd = _hand_analyse(hand_id, in_solver_process=True)
        if dd is not None and _is_latest_hand(table_id, hand_id):
            # The change is the stored table, not an action: no new version of the log
            # (as for a deal or a teacher's change; the sockets read the table anew).
            notify_table(table_id, 0)
    except SolvingElsewhere:
        retry = threading.Timer(RETRY_SECONDS, _unless_solved, (hand_id, table_id))
        retry.daemon = True
        retry.start()
    except Exception:  # a failed analysis only leaves the table out of the summary
        log.exception("could not analyse hand %s", hand_id)
    finally:
        close_old_connections()


def _unless_solved(hand_id: int, table_id: int) -> None:
    """Queue the hand again if the process that was solving it stored nothing (it died)
    and its summary is still on the table."""
    try:
        row = Hand.objects.filter(pk=hand_id).values_list("result", "dd").first()
        if row is not None and row[0] is not None and row[1] is None \
                and _is_latest_hand(table_id, hand_id):
            _analyses.start(hand_id, table_id)
    except Exception:
        log.exception("could not look at hand %s's analysis again", hand_id)
    finally:
        connections.close_all()  # this thread's own, and it ends here


def _is_latest_hand(table_id: int, hand_id: int) -> bool:
    # Plain SQL: asked at every hand's end, and the ORM's query cost several times the read.
    with connection.cursor() as cursor:
        cursor.execute(_LATEST_HAND_SQL, [table_id])
        row = cursor.fetchone()
    return row is not None and row[0] == hand_id


_LATEST_HAND_SQL = (f"SELECT id FROM {Hand._meta.db_table} WHERE table_id = %s"
                    " ORDER BY number DESC LIMIT 1")


_analysis_locks: dict[int, threading.Lock] = {}
_analysis_locks_guard = threading.Lock()


def _analysis_lock(hand_id: int) -> threading.Lock:
    """One analysis per hand per process: four players' pages ask at once."""
    with _analysis_locks_guard:
        if len(_analysis_locks) > 1000:
            _analysis_locks.clear()
        return _analysis_locks.setdefault(hand_id, threading.Lock())


def _dd_table_data(deal: Deal, *, in_solver_process: bool = False
                   ) -> dict[str, dict[str, int]] | None:
    """``{"N": {"C": 7, "D": 6, "H": 9, "S": 8, "NT": 8}, ...}`` from the
    engine's double-dummy analysis, or ``None`` if it cannot run here.
    ``in_solver_process``: solved by teaching.runtime.analysis_process, away from the
    server's own threads (the background worker's way); else in this thread."""
    try:
        # Named, not imported: in the solver process DDS never loads in the server for it.
        solve = analysis_process.solve if in_solver_process else analysis_process.solve_here
        return solve("games.bridge.analysis:dd_table_data", deal)
    except ImportError:
        log.warning("games.bridge.analysis is not available: no double-dummy table")
        return None
    except analysis_process.SolverUnavailable as exc:  # not the deal's fault: a line, no trace
        if not analysis_process.stopping():
            log.warning("no double-dummy table for now: %s", exc)
        return None
    except Exception:
        log.exception("double-dummy analysis failed")
        return None
