"""Shared by every test directory."""

from __future__ import annotations

import contextlib
import os

import pytest


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Django removes the SQLite test database's file, but not its write-ahead log and
    shared-memory index when a thread's connection still held them open: remove them too."""
    from django.conf import settings

    if not settings.configured:
        return
    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if not name or name.startswith(("file:", ":memory:")):
        return
    for suffix in ("-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            os.remove(name + suffix)
