"""Django's SQLite backend, but for how a transaction begins and commits.

Every card is one transaction (teaching.tables.services.acting.one_action): Django's backend
begins it through a cursor of its own (its wrapper, its checks and its conversion of the
statement's placeholders, to send ``BEGIN IMMEDIATE``) and commits it inside a context that
times the commit for the query log. Together about a tenth of a card's action in Python's
bytecodes. Here, while no query is logged, both go to the driver's connection directly,
with Django's translation of the driver's errors around them (a locked database still raises
Django's ``OperationalError``); with the log on (DEBUG, a test counting queries) Django's own
way, so the log still shows the ``BEGIN`` and the ``COMMIT``
(docs/decisions/0940-a-transaction-begun-and-committed-directly.md).
"""

from __future__ import annotations

from typing import Any

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    def _start_transaction_under_autocommit(self) -> None:
        if self.queries_logged:
            super()._start_transaction_under_autocommit()
            return
        mode = self.transaction_mode
        with self.wrap_database_errors:
            self.connection.execute("BEGIN" if mode is None else f"BEGIN {mode}")

    def _commit(self) -> Any:
        if self.queries_logged or self.connection is None:
            return super()._commit()
        with self.wrap_database_errors:
            return self.connection.commit()
