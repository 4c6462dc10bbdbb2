"""What a pupil sees while the database cannot answer (PostgreSQL restarting, or gone).

Every move is in the database, so while it is away nothing can be shown or taken: a page
answers 503 with a short page that says "Connection lost, retrying" and loads itself again
(never Django's 500 page with a traceback), and a table socket tells its pupil the same in
the message region, the table as it was, the move not taken (the pupil sends it again).
Django's pool (psycopg's) lends only connections that pass its check, so once the server
is back the next request simply works (docs/decisions/0505-postgresql-restarted.md).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

log = logging.getLogger(__name__)

#: What the pupil reads, on the page and in the table's message region.
MESSAGE = "Connection lost, retrying…"
#: Seconds before the 503 page loads itself again (and its Retry-After).
RETRY_AFTER = 3
#: After a call found the database away, the calls of the sockets and robots fail at once
#: for this long instead of each waiting the pool's timeout in turn: they share one
#: database thread, and a pupil's move queued behind a hundred robots' calls would wait
#: for all of them before being told.
FAIL_FAST_SECONDS = 2.0

P = ParamSpec("P")
R = TypeVar("R")

_failed_at = float("-inf")


class DatabaseAway(OperationalError):
    """Not tried: the database could not answer a moment ago."""


def database_unavailable(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached or answer: a connection
    refused or cut, a server shutting down, no pooled connection within the pool's wait
    (psycopg's PoolTimeout is an OperationalError, and Django wraps it as one)."""
    return isinstance(error, (OperationalError, InterfaceError))


def guarded(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, unless the database was found away less than
    FAIL_FAST_SECONDS ago (then :class:`DatabaseAway` at once); a call that finds it away
    starts that time again. For the database thread's calls, on PostgreSQL."""
    global _failed_at
    if time.monotonic() - _failed_at < FAIL_FAST_SECONDS:
        raise DatabaseAway("the database could not answer a moment ago")
    try:
        return function(*args, **kwargs)
    except Exception as error:
        if database_unavailable(error):
            _failed_at = time.monotonic()
        raise


def unavailable_page() -> HttpResponse:
    """The 503 page. It reads nothing from the database (no user, no session): its
    template extends nothing, and the CSRF token is not asked for."""
    response = HttpResponse(render_to_string("503.html", {"retry": RETRY_AFTER,
                                                          "message": MESSAGE}),
                            status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """A request whose view or template met a database that cannot answer gets the 503
    page, and the log a line rather than a traceback per request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_unavailable(exception):
            return None
        log.warning("database unavailable for %s: %s", request.path, exception)
        return unavailable_page()


class HandshakeWithoutDatabase:
    """ASGI middleware for the websockets: a handshake that meets the database away
    (Channels' auth reads the session's user before any consumer runs) is refused with
    "try again later" (1013) and a line in the log, not a traceback per attempt; the page
    says "Connection lost: reconnecting…" and tries again."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        try:
            return await self.application(scope, receive, send)
        except Exception as error:
            if not database_unavailable(error):
                raise
            log.warning("a socket's handshake met the database away: %s", error)
            await send({"type": "websocket.close", "code": 1013})
