"""The engine state of a hand, kept between cards.

A hand is its deal plus its action log (teaching.models.HandAction); its state is the
deal replayed through the log. Replaying a whole log for every card would cost a busy
table dearly, so replayed games are kept by hand (the most recent 2048) and brought up
to date from the actions logged since (bench/replay.py, bench/table_act.py). Only ever a
cache: the database is the truth.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any

from games.deals import Deal
from games.protocol import Game, GameError
from games.registry import game_entry
from games.seats import Seat
from teaching.models import Hand, Table
from teaching.tables.sql import hot_cursor, reads_for_connection

log = logging.getLogger(__name__)

_Key = tuple[int, int, float]


def cache_key(hand: Hand) -> _Key:
    """A hand's cache key. The undo count changes when a teacher cuts the log
    back; the creation time tells a hand from an earlier one that had the same
    id (SQLite hands out a deleted row's id again, and so does a rolled-back test)."""
    return (hand.id, hand.undo_count, hand.created.timestamp() if hand.created else 0.0)


class _GameCache:
    """Replayed games by hand, so a busy table does not replay its whole log
    for every card. Only ever a cache: the database is the truth, and an entry
    whose version is behind is brought up to date from the log."""

    def __init__(self, size: int = 2048) -> None:
        self._games: OrderedDict[_Key, Game] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, hand_id: _Key) -> Game | None:
        with self._lock:
            game = self._games.get(hand_id)
            if game is not None:
                self._games.move_to_end(hand_id)
            return game

    def put(self, hand_id: _Key, game: Game) -> None:
        with self._lock:
            self._games[hand_id] = game
            self._games.move_to_end(hand_id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)

    def forget(self, hand_id: _Key) -> None:
        with self._lock:
            self._games.pop(hand_id, None)


_cache = _GameCache()


def remember(key: _Key, game: Game) -> None:
    """Keep ``game`` as the state of the hand with ``key`` (once its action is committed)."""
    _cache.put(key, game)


def forget(key: _Key) -> None:
    """Drop the hand's cached state (an action that lost its race left it behind)."""
    _cache.forget(key)


def hand_state(hand: Hand, *, logged: int | None = None, deal: Deal | None = None) -> Game:
    """The engine state of ``hand``: its deal replayed through its action log.

    ``logged``, when the caller has just read it (table_now), is how many
    actions the log holds: a cached game at that version is taken as it is,
    without asking the log for newer actions.

    The object may be shared with other readers: do not change it (act on
    its ``copy()``, as services.acting does). ``deal``: the hand's deal, when the
    caller has just made it (the dealer), saves reading it back."""
    key = cache_key(hand)
    cached = _cache.get(key)
    if cached is not None and logged is not None and cached.version == logged:
        return cached
    if cached is not None:
        # Plain SQL: this runs for every card (see table_now).
        db, reads = reads_for_connection()
        with hot_cursor(db) as cursor:
            cursor.execute(reads.newer_sql, [hand.id, cached.version])
            newer = cursor.fetchall()
        if all(seq == cached.version + i for i, (seq, _, _) in enumerate(newer)):
            if not newer:
                return cached
            game = cached.copy()
            try:
                for _, seat, text in newer:
                    game.apply(Seat(seat), text)
            except GameError:
                log.exception("hand %s: the stored log no longer replays", hand.id)
            else:
                _cache.put(key, game)
                return game
    entry = game_entry(hand.game)
    game = entry.game_class(entry.rules(**hand.options), deal or Deal.from_data(hand.deal))
    if logged != 0:  # a hand just dealt has nothing in its log to read
        for seat, text in hand.actions.order_by("seq").values_list("seat", "text"):
            game.apply(Seat(seat), text)
    _cache.put(key, game)
    return game


def current_hand(table: Table) -> Hand | None:
    return newest_first(table.pk).first()


def newest_first(table_id: int) -> Any:
    """The table's hands, the one being played (or just finished) first."""
    return Hand.objects.filter(table_id=table_id).order_by("-number")
