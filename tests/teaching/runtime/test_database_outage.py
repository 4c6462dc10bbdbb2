"""While the database cannot answer, pupils read "Connection lost, retrying", never a 500.

The real outage (PostgreSQL stopped under two workers) is tests/teaching/
test_scaled_faults.py; here the same answers, in-process, with the database's error made
to happen (docs/decisions/0505-postgresql-restarted.md).
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError
from django.http import HttpResponse
from django.test import RequestFactory

from games.seats import Seat
from teaching.models import Classroom, HandAction, Pupil
from teaching.runtime import database_outage
from teaching.runtime.database_outage import DatabaseAway, DatabaseUnavailableMiddleware
from teaching.tables import robots_driver
from tests.teaching.table_helpers import seat_table
from tests.teaching.ws_helpers import communicator, receive, session_cookie

LOST = "Connection lost, retrying"


def _middleware() -> DatabaseUnavailableMiddleware:
    return DatabaseUnavailableMiddleware(lambda request: HttpResponse("page"))


def test_a_page_whose_database_cannot_answer_is_a_503_that_tries_again() -> None:
    request = RequestFactory().get("/tables/1/")

    answer = _middleware().process_exception(
        request, OperationalError("couldn't get a connection after 5.00 sec"))

    assert answer is not None and answer.status_code == 503
    page = answer.content.decode()
    assert LOST in page and 'http-equiv="refresh"' in page
    assert answer["Retry-After"] == "3" and "Traceback" not in page


def test_just_after_the_database_was_found_away_calls_fail_at_once_then_try_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sockets' and robots' calls share one database thread: after one found the
    server away, the next ones are not tried (each would wait the pool's timeout), until
    FAIL_FAST_SECONDS have passed."""
    now = [100.0]
    monkeypatch.setattr(database_outage.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(database_outage, "_failed_at", float("-inf"))
    tried: list[str] = []

    def away() -> None:
        tried.append("away")
        raise OperationalError("connection refused")

    with pytest.raises(OperationalError):
        database_outage.guarded(away)
    now[0] += 1
    with pytest.raises(DatabaseAway):
        database_outage.guarded(tried.append, "not tried")
    now[0] += database_outage.FAIL_FAST_SECONDS
    database_outage.guarded(tried.append, "back")
    with pytest.raises(ValueError):  # any other error says nothing of the server
        database_outage.guarded(int, "x")
    database_outage.guarded(tried.append, "still tried")

    assert tried == ["away", "back", "still tried"]


def test_any_other_error_is_left_to_django() -> None:
    request = RequestFactory().get("/tables/1/")

    assert _middleware().process_exception(request, ValueError("a bug")) is None


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_move_while_the_database_cannot_answer_is_told_so_and_nothing_changes(
    bob: Pupil, settings: Any,
) -> None:
    """Bob's move meets a database that cannot answer: his socket says "Connection lost,
    retrying" in the message region, stays open, and the log has nothing new."""
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}
    from channels.db import database_sync_to_async

    @database_sync_to_async
    def prepare() -> tuple[int, str]:
        Classroom.objects.filter(pk=bob.classroom_id).update(robot_pause_ms=0)
        table = seat_table(bob.classroom, {Seat.SOUTH: bob})
        return table.id, session_cookie(bob.user)

    table, cookie = await prepare()
    socket = communicator(table, cookie)
    await socket.connect()
    await receive(socket)
    try:
        with mock.patch("teaching.tables.push.act_and_render",
                        side_effect=OperationalError("the database system is shutting down")):
            await socket.send_to(text_data='{"action": "pass", "version": 0}')
            told = await receive(socket)
            while "table-body" in told.html:  # the robots' moves, before the answer
                told = await receive(socket)
            await robots_driver.idle()
        assert LOST in told.error
        await socket.send_to(text_data='{"probe": 1}')  # still open, still answering
        answer = await receive(socket)
        while "probe" not in answer.error:
            answer = await receive(socket)
        # Nothing of Bob's was taken (the robots' moves were, before his).
        assert await database_sync_to_async(HandAction.objects.filter(seat="S").count)() == 0
    finally:
        await socket.disconnect()
        await robots_driver.idle()
