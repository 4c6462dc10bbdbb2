"""The ASGI application daphne serves."""

from __future__ import annotations

import pytest
from channels.routing import ProtocolTypeRouter
from channels.testing import HttpCommunicator

from teaching.asgi import application
from tests.teaching.fakes import FakeGame


def test_it_routes_http_and_websockets() -> None:
    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}


@pytest.mark.asyncio
async def test_it_serves_the_home_page(catalogue: list[FakeGame]) -> None:
    communicator = HttpCommunicator(application, "GET", "/", headers=[(b"host", b"testserver")])

    response = await communicator.get_response()

    assert response["status"] == 200
    assert b"MiniBridge" in response["body"]
