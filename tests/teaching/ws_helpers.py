"""Helpers for websocket tests: connect as a user, read what a frame shows."""

from __future__ import annotations

import json
import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from channels.testing import WebsocketCommunicator
from django.test import Client

from teaching.asgi import application
from teaching.models import User

_LABEL_RANKS = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J", "10": "T"}
_LABEL_SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def session_cookie(user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def communicator(table_id: Any, cookie: str | None) -> WebsocketCommunicator:
    headers = [(b"host", b"testserver"), (b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, f"/ws/table/{table_id}/", headers=headers)


@dataclass
class Frame:
    """What one websocket frame shows a player."""

    html: str
    version: int | None
    hand: int | None
    error: str
    cards: set[str] = field(default_factory=set)
    labelled: set[str] = field(default_factory=set)


def read_frame(html: str) -> Frame:
    version = re.search(r'id="table-body"[^>]*data-version="(\d+)"', html)
    hand = re.search(r'id="table-body"[^>]*data-hand="(\d+)"', html)
    error = re.search(r'class="table-error">([^<]*)<', html)
    labelled = set()
    for rank, suit in re.findall(r'aria-label="(Ace|King|Queen|Jack|\d+) of '
                                 r'(spades|hearts|diamonds|clubs)"', html):
        labelled.add(_LABEL_SUITS[suit] + _LABEL_RANKS.get(rank, rank))
    return Frame(
        html=html,
        version=int(version.group(1)) if version else None,
        hand=int(hand.group(1)) if hand else None,
        error=error.group(1) if error else "",
        cards=set(re.findall(r'data-card="([^"]+)"', html)),
        labelled=labelled,
    )


_last: weakref.WeakKeyDictionary[WebsocketCommunicator, Frame] = weakref.WeakKeyDictionary()


#: Generous: a frame that comes at all comes within milliseconds, but a loaded CI machine
#: must not turn a slow frame into a failure.
FRAME_TIMEOUT = 20.0


async def receive(comm: WebsocketCommunicator, timeout: float = FRAME_TIMEOUT) -> Frame:
    frame = read_frame(await comm.receive_from(timeout=timeout))
    _last[comm] = frame
    return frame


async def receive_until(comm: WebsocketCommunicator, version: int, hand: int | None = None,
                        timeout: float = FRAME_TIMEOUT) -> list[Frame]:
    """Frames up to and including the first at ``version`` (of ``hand``) or later; none
    if the last frame received was already there. (A connection renders the table as it
    is when it hears of a change, so a quick robot may make it skip a version.)"""
    frames: list[Frame] = []
    last = _last.get(comm)
    if last is not None and _reached(last, version, hand):
        return frames
    while True:
        frame = await receive(comm, timeout)
        frames.append(frame)
        if _reached(frame, version, hand):
            return frames


def _reached(frame: Frame, version: int, hand: int | None) -> bool:
    if frame.version is None:
        return False
    if hand is None or frame.hand == hand:
        return frame.version >= version
    return frame.hand is not None and frame.hand > hand


def move(action: str, version: int | None = None, **extra: Any) -> str:
    """A message as htmx's ws-send posts it (with its HEADERS, which are ignored)."""
    message: dict[str, Any] = {"action": action, "HEADERS": {"HX-Request": "true"}}
    if version is not None:
        message["version"] = version
    message.update(extra)
    return json.dumps(message)
