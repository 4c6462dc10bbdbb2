"""While Redis is away, a worker's log says so in a line, not in a traceback a second
(teaching.runtime.layer_watch.RedisAwayInOneLine; the Redis restart itself is
tests/teaching/test_scaled_faults.py)."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from teaching.runtime import layer_watch

ROOT = Path(__file__).resolve().parents[3]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _failed_read(error: BaseException) -> logging.LogRecord:
    """The record channels_redis's receive loop logs (logger.exception) when a read fails."""
    try:
        raise error
    except BaseException:
        exc_info = sys.exc_info()
    return logging.LogRecord("channels_redis.pubsub", logging.ERROR, __file__, 1,
                             "Unexpected exception in receive task", None, exc_info)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def quiet(clock: Clock) -> layer_watch.RedisAwayInOneLine:
    return layer_watch.RedisAwayInOneLine(every=30.0, clock=clock)


def test_a_failed_read_while_redis_is_away_is_one_warning_line_without_a_traceback(
        quiet: layer_watch.RedisAwayInOneLine) -> None:
    record = _failed_read(RedisConnectionError("Error 111 connecting to 127.0.0.1:6379."))

    assert quiet.filter(record)
    assert record.levelname == "WARNING" and record.exc_info is None
    line = logging.Formatter("%(levelname)s %(message)s").format(record)
    assert line == ("WARNING the channel layer cannot reach Redis (ConnectionError: Error 111 "
                    "connecting to 127.0.0.1:6379.); it keeps trying")
    assert "Traceback" not in line


def test_the_same_says_nothing_more_for_thirty_seconds_then_says_it_again(
        quiet: layer_watch.RedisAwayInOneLine, clock: Clock) -> None:
    assert quiet.filter(_failed_read(ConnectionRefusedError(111, "Connection refused")))
    for _ in range(29):  # a failed read a second while Redis stays away
        clock.now += 1
        assert not quiet.filter(_failed_read(ConnectionResetError(104, "reset")))
    clock.now += 1
    assert quiet.filter(_failed_read(TimeoutError("timed out")))


def test_any_other_error_keeps_its_traceback(quiet: layer_watch.RedisAwayInOneLine) -> None:
    """A bug in a loop is not Redis being away: it is logged as channels_redis logs it."""
    record = _failed_read(KeyError("channel"))

    assert quiet.filter(record)
    assert record.levelname == "ERROR" and record.exc_info is not None
    assert "Traceback" in logging.Formatter().format(record)


def test_installing_twice_adds_one_filter_to_each_of_channels_redis_loggers() -> None:
    layer_watch.quiet_redis_away()
    layer_watch.quiet_redis_away()

    for name in layer_watch.REDIS_LOGGERS:
        filters = [f for f in logging.getLogger(name).filters
                   if isinstance(f, layer_watch.RedisAwayInOneLine)]
        assert len(filters) == 1


_WATCH_IN_PROCESS = """
import asyncio, sys
sys.path.insert(0, sys.argv[1])
from teaching.runtime import layer_watch
from teaching.runtime.channel_layers import ThrottledInMemoryChannelLayer, is_pubsub

class Socket:
    channel_layer = ThrottledInMemoryChannelLayer()
    async def layer_back(self):
        pass

async def connected():
    layer_watch.watch(Socket())

asyncio.run(connected())
assert not is_pubsub(Socket.channel_layer)
print(sorted(m for m in ("channels_redis.pubsub", "redis") if m in sys.modules))
"""


def test_a_socket_of_a_server_without_redis_loads_no_redis_client() -> None:
    # In a fresh process (this test run has loaded redis-py): the first socket of a server
    # started again must not wait for a module it never uses (a quarter of a second).
    done = subprocess.run([sys.executable, "-c", _WATCH_IN_PROCESS, str(ROOT)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)

    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
