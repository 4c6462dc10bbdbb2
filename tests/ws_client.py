"""A minimal websocket client over asyncio streams, for tests against a real server.

Only what the table socket needs (RFC 6455): the opening handshake with a
cookie and an origin, masked text frames out, text frames in (fragmented or
not), pings answered, close. Keeps the tests free of another dependency.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct


class WebsocketClosed(Exception):
    pass


class WsClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, host: str, port: int, path: str, *, cookie: str = "",
                      origin: str | None = None, timeout: float = 30.0) -> WsClient:
        """The handshake, given up (TimeoutError) after ``timeout`` seconds: a proxy in front
        may hold a socket whose worker has gone as long as its own time limits say."""
        async with asyncio.timeout(timeout):
            return await cls._connect(host, port, path, cookie, origin)

    @classmethod
    async def _connect(cls, host: str, port: int, path: str, cookie: str,
                       origin: str | None) -> WsClient:
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket",
            "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
            f"Origin: {origin or f'http://{host}:{port}'}",
        ]
        if cookie:
            lines.append(f"Cookie: {cookie}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await writer.drain()
        status = await reader.readline()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        if b" 101 " not in status:
            writer.close()
            raise WebsocketClosed(status.decode().strip())
        return cls(reader, writer)

    async def send(self, text: str, timeout: float = 15) -> None:
        """A text message, written within ``timeout`` seconds (TimeoutError): a peer that
        stops reading fills the socket's buffers, and a write then waits for it."""
        payload = text.encode()
        header = bytearray([0x81])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack("!H", len(payload))
        else:
            header.append(0x80 | 127)
            header += struct.pack("!Q", len(payload))
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.writer.write(bytes(header) + mask + masked)
        try:
            async with asyncio.timeout(timeout):
                await self.writer.drain()
        except TimeoutError:
            raise TimeoutError(f"the peer read nothing of a message for {timeout:.0f} s: "
                               f"{text[:80]!r}") from None

    async def _frame(self) -> tuple[int, bool, bytes]:
        first, second = await self.reader.readexactly(2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
        mask = await self.reader.readexactly(4) if second & 0x80 else b""
        data = await self.reader.readexactly(length)
        if mask:
            data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        return first & 0x0F, bool(first & 0x80), data

    async def receive(self, timeout: float = 10) -> str:
        """The next text message."""
        parts: list[bytes] = []
        while True:
            try:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
                # cancellation that meets an arriving frame (CPython gh-86296), and a reader
                # cancelled as its test ends would then read on, and its test wait for it.
                async with asyncio.timeout(timeout):
                    opcode, final, data = await self._frame()
            except asyncio.IncompleteReadError as exc:
                raise WebsocketClosed("the server went away") from exc
            if opcode == 0x8:
                raise WebsocketClosed(f"closed: {data[:2].hex()}")
            if opcode == 0x9:  # ping
                self.writer.write(bytes([0x8A, 0x80 | len(data)]) + b"\0\0\0\0" + data)
                continue
            if opcode in (0x1, 0x0):
                parts.append(data)
                if final:
                    return b"".join(parts).decode()

    async def close(self) -> None:
        try:
            self.writer.write(bytes([0x88, 0x82]) + b"\0\0\0\0" + struct.pack("!H", 1000))
            async with asyncio.timeout(5):
                await self.writer.drain()
        except (ConnectionError, RuntimeError, TimeoutError):
            pass
        self.writer.close()
