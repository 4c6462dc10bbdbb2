from __future__ import annotations

import pytest

from teaching.classes import selectors
from tests.teaching.cast import (  # noqa: F401  (the named cast, as fixtures)
    alice,
    alice_client,
    bob,
    bob_client,
    carol,
    carol_client,
    dave,
    dave_client,
    eve,
    eve_client,
    fast_password_hashing,
    owls,
    robins,
    robins_pupils,
    visitor,
)
from tests.teaching.fakes import CATALOGUE, FakeGame


@pytest.fixture(autouse=True)
def analyse_at_once(settings) -> None:
    """A test's data is not committed, so a background thread could not read it:
    the unit tests solve the end-of-hand analysis at once (the background path has
    its own test in tables/test_services.py)."""
    settings.ANALYSE_IN_BACKGROUND = False


@pytest.fixture(autouse=True)
def no_layer_watch(settings) -> None:
    """Sockets tested in this process do not start the Redis watcher: its beats would
    outlive a test's socket on the test's own event loop. The watcher is tested where it
    runs, in real workers whose Redis is restarted (test_scaled_faults.py)."""
    settings.LAYER_WATCH = False


@pytest.fixture
def catalogue(monkeypatch: pytest.MonkeyPatch) -> list[FakeGame]:
    """The home page's games, without the engine: a copy the test may change."""
    games = list(CATALOGUE)
    monkeypatch.setattr(selectors, "game_catalogue", lambda: games)
    return games
from tests.teaching.duplicate_helpers import eight_robins  # noqa: E402, F401  (duplicate tests)
