"""An HTTP request's database connections end with the request.

Django's ASGI handler serves each request on a thread made for that request
alone (its ``ThreadSensitiveContext``), and ended with it. Django keeps a
connection per thread; one kept open for re-use on such a thread can never be
used again, yet it stays open until Python's collector frees the thread's
objects, and in the server the collector runs once in ten minutes
(teaching/runtime/collector.py): hundreds of page views held hundreds of open
SQLite files (issue 13; on PostgreSQL, the pool in teaching/env.py does the
same and bounds them). So once the response is sent, the request's own thread
closes what it opened. The sockets' database thread, the robots' driver and the
hands' analysis live as long as the server and keep theirs.

The test client sends the same signal from its own handler, whose connection is
the test's; only the ASGI handler's requests are closed here.
"""

from __future__ import annotations

from typing import Any

from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished
from django.db import connections


def close_connections(sender: type[ASGIHandler], **kwargs: Any) -> None:
    """Close this thread's connections: the request's, on the thread made for it."""
    connections.close_all()


def close_at_request_end() -> None:
    """Connect :func:`close_connections` to the end of every ASGI request (once)."""
    request_finished.connect(close_connections, sender=ASGIHandler,
                             dispatch_uid="teaching.runtime.request_connections")
