"""The SQLite engine (teaching.runtime.sqlite) begins and commits a transaction on the
driver's connection, as Django's would through its cursor (decision 0940)."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import OperationalError, connection, transaction
from django.test.utils import CaptureQueriesContext

from teaching.models import Classroom

pytestmark = [
    pytest.mark.django_db(transaction=True),  # real transactions, not the test's savepoints
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite engine's own test"),
]


def _rename(classroom: Classroom, name: str) -> None:
    Classroom.objects.filter(pk=classroom.pk).update(name=name)


def _name(classroom: Classroom) -> str:
    return Classroom.objects.get(pk=classroom.pk).name


def test_a_transaction_commits_what_it_wrote_and_rolls_back_what_failed(
        robins: Classroom) -> None:
    with transaction.atomic():
        _rename(robins, "Kept")
    with pytest.raises(RuntimeError), transaction.atomic():
        _rename(robins, "Rolled back")
        raise RuntimeError("the action failed")

    assert _name(robins) == "Kept"
    assert connection.get_autocommit() and not connection.in_atomic_block


def test_with_the_query_log_on_the_begin_and_the_commit_are_in_it(robins: Classroom) -> None:
    with CaptureQueriesContext(connection) as log, transaction.atomic():
        _rename(robins, "Logged")

    said = [query["sql"] for query in log.captured_queries]
    assert said[0] == "BEGIN IMMEDIATE" and said[-1] == "COMMIT"


def test_a_locked_database_is_djangos_operational_error_and_nothing_is_left_open(
        robins: Classroom) -> None:
    connection.ensure_connection()
    other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    connection.connection.execute("PRAGMA busy_timeout = 50")  # not the site's 20 s
    try:
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        with pytest.raises(OperationalError, match="locked"), transaction.atomic():
            _rename(robins, "Waited")
        other.execute("ROLLBACK")
        # The connection is usable again at once, and the write goes through.
        with transaction.atomic():
            _rename(robins, "Written")
    finally:
        other.close()
        connection.connection.execute("PRAGMA busy_timeout = 20000")
    assert _name(robins) == "Written"
