from __future__ import annotations

import pytest

from teaching import selectors
from tests.teaching.fakes import CATALOGUE, FakeGame


@pytest.fixture
def catalogue(monkeypatch: pytest.MonkeyPatch) -> list[FakeGame]:
    """The home page's games, without the engine: a copy the test may change."""
    games = list(CATALOGUE)
    monkeypatch.setattr(selectors, "game_catalogue", lambda: games)
    return games
