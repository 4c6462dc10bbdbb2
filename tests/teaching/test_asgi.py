"""The ASGI application daphne serves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from channels.routing import ProtocolTypeRouter
from channels.testing import HttpCommunicator

from teaching.asgi import application
from tests.teaching.fakes import FakeGame

ROOT = Path(__file__).resolve().parents[2]


def test_it_routes_http_and_websockets() -> None:
    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}


@pytest.mark.asyncio
async def test_it_serves_the_home_page(catalogue: list[FakeGame]) -> None:
    communicator = HttpCommunicator(application, "GET", "/", headers=[(b"host", b"testserver")])

    response = await communicator.get_response()

    assert response["status"] == 200
    assert b"MiniBridge" in response["body"]


#: A fresh server's import of the application, as daphne does it before opening its port:
#: what it loaded, in JSON.
_IMPORT_AS_DAPHNE = textwrap.dedent("""
    import json, multiprocessing, sys, threading
    sys.path.insert(0, sys.argv[1])
    import teaching.asgi
    from games.registry import GAME_MODULES
    from teaching.runtime import analysis_process
    from teaching.tables import frames
    env = frames._env()  # made now, to look inside: nothing compiled in it yet
    print(json.dumps({
        "games": [m for m in GAME_MODULES if m in sys.modules],
        "compiled": len(env.cache or {}) + len(frames._templates),
        "solver": (analysis_process.SOLVER.pool is not None
                   or bool(multiprocessing.active_children())),
        "threads": [t.name for t in threading.enumerate()],
    }))
""")


def test_importing_the_application_leaves_what_the_first_card_does_not_need() -> None:
    # In a fresh process: this test run has imported teaching.asgi long ago, and its tests
    # have loaded every game and template since.
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_AS_DAPHNE, str(ROOT)], cwd=ROOT, capture_output=True,
        text=True, timeout=120,
        env={**env, "DJANGO_SETTINGS_MODULE": "teaching.settings", "ANALYSE_IN_BACKGROUND": "true"})
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = json.loads(done.stdout.strip().splitlines()[-1])

    assert loaded["compiled"] == 0  # no table template compiled
    assert loaded["solver"] is False  # no solver process started
    assert len(loaded["games"]) < 5  # not every game's engine loaded
    assert "warm-up" in loaded["threads"]  # all of it comes once the port is open
