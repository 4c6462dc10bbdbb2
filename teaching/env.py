"""Read settings from the environment, failing loudly on a value that cannot be meant."""

from __future__ import annotations

import os
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def env_str(name: str, default: str | None = None) -> str:
    """The variable's value; with no default, an unset or empty variable is an error."""
    value = os.environ.get(name, "")
    if value:
        return value
    if default is None:
        raise ImproperlyConfigured(f"Set the environment variable {name}: it has no default here.")
    return default


def env_bool(name: str, default: bool) -> bool:
    """A yes/no switch: 1/0, true/false, yes/no or on/off, in any case."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={os.environ[name]!r} is not a yes/no value: use one of "
        f"{', '.join(sorted(_TRUE | _FALSE))}."
    )


def env_int(name: str, default: int, minimum: int = 1) -> int:
    """A whole number, at least ``minimum``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise ImproperlyConfigured(
            f"{name}={os.environ[name]!r} is not a whole number of at least {minimum}.")
    return number


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blanks around items and empty items are dropped."""
    value = os.environ.get(name, "")
    if not value.strip():
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


#: psycopg prepares a statement run this many times on a connection: never, in effect; the
#: hot path prepares its own statements explicitly.
PREPARE_ONLY_WHEN_ASKED = 2**31 - 1


def database_config(url: str, pool_size: int = 10, pool_timeout: int = 5,
                    prepared: bool = True) -> dict[str, Any]:
    """Django's DATABASES["default"] for a database URL (sqlite:///..., postgres://...).

    ``pool_size``: on PostgreSQL, the most connections one server process holds;
    ``pool_timeout``: the seconds a request waits for one before it is answered "connection
    lost, retrying" (teaching.runtime.database_outage). ``prepared``: on PostgreSQL, whether
    the table's hot path may prepare its statements (off behind a transaction-mode pooler)."""
    try:
        # Long-lived connections: the daphne process does its sockets' database work in
        # one thread, and a connection per call capped SQLite near 250 moves/s where a
        # kept one reached about 850 (measured, issue 3). Health checks drop a dead one.
        config: dict[str, Any] = dict(
            dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
        )
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} is not usable: {error}") from error
    if config["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend, but for a pool check that costs no round trip (decision 0521).
        config["ENGINE"] = "teaching.runtime.postgresql"
        # A pool of the process's own, and no connection kept by a thread: daphne serves
        # each HTTP request on a thread made for it, so a connection kept there was never
        # used again, yet stayed open until the collector freed its thread's objects (ten
        # minutes: sixty page views held sixty connections, and at the server's hundred
        # the site failed and locked other applications out; issue 13). A thread now
        # borrows a connection for each request or socket call and gives it back after;
        # past ``pool_size`` at once, a request waits for one (docs/decisions/0315).
        config["CONN_MAX_AGE"] = 0
        # While PostgreSQL restarts, a request waits ``pool_timeout`` for a connection and
        # then gets the 503 page; and the pool gives up trying to reconnect by itself after
        # a few seconds (its delays double, so after a minute's outage its next try would
        # be a minute away): the next request after the server is back tries at once
        # (docs/decisions/0505-postgresql-restarted.md).
        # Prepared statements allowed (Django turns them off for transaction-mode poolers,
        # which the deployment has none of), but only the table's hot path asks for them:
        # Django's own cursors bind on the client and are never prepared, and the threshold
        # keeps psycopg from preparing anything by itself (teaching.tables.sql.hot_cursor,
        # docs/decisions/0517-prepared-statements-for-the-hot-path.md).
        config["OPTIONS"] = {**config.get("OPTIONS", {}),
                             "pool": {"min_size": 1, "max_size": pool_size,
                                      "timeout": pool_timeout, "reconnect_timeout": 5},
                             "prepare_threshold": PREPARE_ONLY_WHEN_ASKED if prepared else None}
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # One process shares the file between websocket and HTTP work: take the write lock at
        # BEGIN and wait for it, rather than failing with "database is locked" mid-transaction.
        # Write-ahead log, synced at checkpoints rather than on every commit: a commit cost
        # 12.5 ms of fsync with the default journal and about 0.1 ms this way (measured,
        # docs/benchmarks.md). A killed process still loses no committed move; only a power
        # cut can lose the last moments.
        config["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20,
                             "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"}
        # Django's backend, but for a transaction begun and committed by the driver (0940).
        config["ENGINE"] = "teaching.runtime.sqlite"
    return config


def channel_layers(redis_url: str, prefix: str = "asgi") -> dict[str, Any]:
    """Django Channels' CHANNEL_LAYERS: Redis when a URL is given, else in this process.

    ``prefix`` starts every Redis channel's name. Redis's publish and subscribe ignore the
    database number in the URL, so two sites (or test runs) sharing one Redis need two
    prefixes, or a socket of one would hear the other's "table-1"."""
    if not redis_url:
        # Throttled sweep: see teaching/runtime/channel_layers.py for the measurement behind it.
        backend = "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"
        return {"default": {"BACKEND": backend}}
    if not redis_url.startswith(_REDIS_SCHEMES):
        raise ImproperlyConfigured(
            f"REDIS_URL={redis_url!r} must start with one of {', '.join(_REDIS_SCHEMES)}."
        )
    return {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # redis-py 8 pools 100 connections by default and fails under bursts of group
            # sends (measured, issue 3): allow many more.
            "CONFIG": {"hosts": [{"address": redis_url, "max_connections": 1000}],
                       "prefix": prefix},
        }
    }
