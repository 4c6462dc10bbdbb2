"""A server killed mid-hand (kill -9) and started again loses no committed action.

A real daphne on a free port with its own SQLite file; two pupils (South and
West, robots elsewhere) play over real websockets; the server is killed
without warning; a new one on the same file shows both pupils the table
exactly where it was, and play goes on.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.daphne_server import Daphne, outside
from tests.teaching.ws_helpers import read_frame
from tests.ws_client import WsClient

# Kills and restarts servers and times the reconnections: run alone, after the rest of the
# suite (make test), not beside another test process on a two-core machine.
pytestmark = pytest.mark.alone

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


async def _connect(server: Daphne, table: int, cookie: str) -> WsClient:
    return await WsClient.connect("127.0.0.1", server.port, f"/ws/table/{table}/",
                                  cookie=f"sessionid={cookie}")


def _move(frame_html: str, version: int) -> str | None:
    """A sensible move from what the page offers: the true count, a contract, a card."""
    if 'id="hcp-count"' in frame_html:
        own = re.search(r'class="seat seat-bottom.*?</div>\s*</div>', frame_html, re.S)
        cards = re.findall(r'data-card="(\w\w)"', own.group(0) if own else "")
        count = sum(HCP.get(c[1], 0) for c in cards)
        return json.dumps({"action": "hcp", "arg": str(count), "version": version})
    choice = re.search(r'<button type="button" class="button[^"]*" name="action" '
                       r'value="([^"]+)" ws-send>', frame_html)
    card = re.search(r'<button type="button" class="card playable"[^>]*value="(play \w\w)"',
                     frame_html)
    action = card.group(1) if card else choice.group(1) if choice else None
    return json.dumps({"action": action, "version": version}) if action else None


_DEAL = re.compile(r'name="deal" value="(next \d+)"')


async def _play_some(server: Daphne, table: int, cookies: dict[str, str], moves: int) -> int:
    """Connect every pupil; whoever is to act does, until ``moves`` moves were taken in
    the hand being played. A deal redealt (Law 6: twenty points a side) is dealt again
    by the pupils' "Deal again" button. Returns the last version seen."""
    sockets = {seat: await _connect(server, table, cookie) for seat, cookie in cookies.items()}
    frames: asyncio.Queue[tuple[str, str]] = asyncio.Queue()

    async def read(seat: str, socket: WsClient) -> None:
        while True:
            await frames.put((seat, await socket.receive(timeout=60)))

    readers = [asyncio.create_task(read(seat, socket)) for seat, socket in sockets.items()]
    sent: set[tuple[str, int, int]] = set()
    made: dict[int, int] = {}  # moves taken, by hand number
    newest = (0, 0)  # (hand, version) of the newest frame seen
    try:
        while made.get(newest[0], 0) < moves:
            seat, html = await asyncio.wait_for(frames.get(), timeout=20)
            frame = read_frame(html)
            key = (frame.hand or 0, frame.version or 0)
            newest = max(newest, key)
            if frame.error or (seat, *key) in sent:
                continue
            deal = _DEAL.search(html)
            if deal:
                sent.add((seat, *key))
                await sockets[seat].send(json.dumps({"deal": deal.group(1)}))
                continue
            text = _move(html, frame.version or 0) if "Your turn" in html else None
            if text:
                sent.add((seat, *key))
                await sockets[seat].send(text)
                made[key[0]] = made.get(key[0], 0) + 1
        # Let the last move come back committed.
        while True:
            seat, html = await asyncio.wait_for(frames.get(), timeout=20)
            frame = read_frame(html)
            if (frame.hand or 0, frame.version or 0) > newest:
                newest = (frame.hand or 0, frame.version or 0)
                break
    finally:
        for task in readers:
            task.cancel()
        for socket in sockets.values():
            await socket.close()
    return newest[1]


def _log(database: Path, table: int) -> dict[str, Any]:
    return outside(database, "log", str(table))


def test_a_server_killed_mid_hand_loses_no_committed_action(tmp_path: Path) -> None:
    database = tmp_path / "restart.sqlite3"
    setup = outside(database, "setup", "2")
    table, cookies = setup["table"], setup["cookies"]

    server = Daphne(database).start()
    try:
        asyncio.run(_play_some(server, table, cookies, moves=6))
        before = _log(database, table)
    finally:
        server.kill()

    assert len(before["log"]) >= 6
    again = Daphne(database, port=server.port).start()
    try:
        after = _log(database, table)
        assert after["log"][: len(before["log"])] == before["log"]

        async def reconnect() -> list[Any]:
            frames = []
            for cookie in cookies.values():
                socket = await _connect(again, table, cookie)
                frames.append(read_frame(await socket.receive()))
                await socket.close()
            return frames

        frames = asyncio.run(reconnect())
        assert all(f.hand == after["hand"] and f.version >= before["version"] for f in frames)
        asyncio.run(_play_some(again, table, cookies, moves=2))
        assert len(_log(database, table)["log"]) >= len(before["log"]) + 2
    finally:
        again.stop()
