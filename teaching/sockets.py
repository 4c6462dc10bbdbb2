"""The gate every websocket passes: a page of this very site, a path we serve, and a few
sockets per user at most.

* :class:`SameOriginValidator` lets a socket in only when its ``Origin`` header names
  this site: the same scheme, host and port the browser reached it at (or an origin in
  ``CSRF_TRUSTED_ORIGINS``, for a proxy that hides the public port). Channels' own
  ``AllowedHostsOriginValidator`` compared the host alone, so a page served on another
  port of the same machine (``http://127.0.0.1:9999`` beside a site on 8200) could open
  a pupil's socket with the pupil's cookie
  (docs/decisions/0307-websocket-origin-and-unknown-paths.md).
* :class:`NoSuchSocket` answers a path no consumer serves with a plain refusal, where the
  URL router raised an error that daphne logged with a traceback, for anyone to repeat.
* :class:`FewSocketsPerUser` keeps a user's open sockets to a few (``OpenSocket`` rows,
  so every server process counts the same ones): one more closes their oldest, which a
  pupil who opened the table on a second tablet expects and which leaves nothing behind
  when a server dies (its sockets' rows are the oldest, and go first)
  (docs/decisions/0306-sockets-per-user.md).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import transaction
from django.http.request import split_domain_port, validate_host

from teaching.models import OpenSocket, User
from teaching.runtime import database_calls

_DEFAULT_PORTS = {"http": 80, "https": 443}
#: The close code of a refused handshake for a path we do not serve (as a page's 404).
NOT_FOUND = 4404


def _origin(text: str) -> tuple[str, str, int] | None:
    """``scheme://host[:port]`` as (scheme, host, port), the port filled in from the
    scheme; ``None`` for anything else (``null``, another scheme, a path)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in _DEFAULT_PORTS or not host or parts.path not in ("", "/"):
        return None
    if ":" in host:  # an IPv6 address, bracketed as in a Host header
        host = f"[{host}]"
    return scheme, host, port if port is not None else _DEFAULT_PORTS[scheme]


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin1")
    return None


def _scheme(scope: dict[str, Any]) -> str:
    """http or https, as Django's ``request.scheme`` reads it (trusting the proxy's
    header only where the settings do)."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        header, secure_value = proxy
        # HTTP_X_FORWARDED_PROTO -> x-forwarded-proto
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
        value = _header(scope, name)
        if value is not None:
            return "https" if value.split(",", 1)[0].strip() == secure_value else "http"
    return "https" if scope.get("scheme") in ("wss", "https") else "http"


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = [".localhost", "127.0.0.1", "[::1]"]  # as Django's own get_host()
    return hosts


def site_origin(scope: dict[str, Any]) -> tuple[str, str, int] | None:
    """The origin the browser reached this site at: the scheme and the ``Host``
    header, if that host is one of ALLOWED_HOSTS; ``None`` otherwise."""
    host = _header(scope, b"host")
    if not host:
        return None
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return None
    scheme = _scheme(scope)
    try:
        number = int(port) if port else _DEFAULT_PORTS[scheme]
    except ValueError:
        return None
    return scheme, domain, number


def _trusted(origin: tuple[str, str, int]) -> bool:
    """Whether ``CSRF_TRUSTED_ORIGINS`` names the origin (``https://*.example.org``
    stands for every subdomain, as for Django's CSRF check)."""
    scheme, host, port = origin
    for entry in getattr(settings, "CSRF_TRUSTED_ORIGINS", ()):
        wildcard = "://*." in entry
        trusted = _origin(entry.replace("://*.", "://", 1))
        if trusted is None or trusted[0] != scheme or trusted[2] != port:
            continue
        if host == trusted[1] or (wildcard and host.endswith("." + trusted[1])):
            return True
    return False


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether the socket's ``Origin`` is this site's own: scheme, host and port."""
    text = _header(scope, b"origin")
    origin = _origin(text) if text else None
    if origin is None:  # a browser always sends one with a websocket handshake
        return False
    return origin == site_origin(scope) or _trusted(origin)


class _Refusal(AsyncWebsocketConsumer):
    """Refuses the handshake (the browser sees HTTP 403) with ``code``."""

    code = 1008  # policy violation

    async def connect(self) -> None:
        await self.close(code=self.code)


class NoSuchSocket(_Refusal):
    """Every path no consumer serves: refused as a page's 404 is, without an error."""

    code = NOT_FOUND


class SameOriginValidator:
    """ASGI middleware: a websocket whose Origin is not this site's is refused before
    anything (the session, the route) is looked at."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator guards websockets only")
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await _Refusal.as_asgi()(scope, receive, send)


# -- a few sockets per user -------------------------------------------------------------------

#: A pupil's table open on a tablet and a phone, and a page reloading: a socket or two
#: each. Teachers watch several tables beside their wall.
SOCKETS_PER_PUPIL = 4
SOCKETS_PER_TEACHER = 16
#: The close code of a socket closed because its user opened one more; the browser does
#: not reconnect (htmx's ws extension reconnects only after 1006 and 1011-1013).
REPLACED = 4008


def sockets_allowed(user: Any) -> int:
    return SOCKETS_PER_PUPIL if getattr(user, "is_pupil", False) else SOCKETS_PER_TEACHER


def socket_opened(user: User, channel: str) -> list[str]:
    """Count a socket of ``user``; the channels of their oldest sockets past the cap,
    forgotten here, for the caller to close."""
    with transaction.atomic():
        # One user's sockets are counted one after the other, so two opening at once
        # cannot both squeeze under the cap.
        User.objects.select_for_update().filter(pk=user.pk).values_list("pk").first()
        OpenSocket.objects.create(user_id=user.pk, channel=channel)
        extra = list(OpenSocket.objects.filter(user_id=user.pk).order_by("-opened", "-pk")
                     .values_list("pk", "channel")[sockets_allowed(user):])
        OpenSocket.objects.filter(pk__in=[pk for pk, _ in extra]).delete()
    return [name for _, name in extra]


def socket_closed(channel: str) -> None:
    OpenSocket.objects.filter(channel=channel).delete()


class FewSocketsPerUser:
    """For a consumer (before ``AsyncWebsocketConsumer`` in its bases): each socket it
    accepts is counted for its user, and their oldest past the cap is told to close."""

    counted = False

    async def accept(self, subprotocol: str | None = None,
                     headers: list[tuple[bytes, bytes]] | None = None) -> None:
        user = self.scope.get("user")  # type: ignore[attr-defined]
        layer = self.channel_layer  # type: ignore[attr-defined]
        if user is not None and user.is_authenticated and layer is not None:
            replaced = await database_calls.call(socket_opened, user,
                                                 self.channel_name)  # type: ignore[attr-defined]
            self.counted = True
            for channel in replaced:
                await layer.send(channel, {"type": "socket.replaced"})
        await super().accept(subprotocol, headers)  # type: ignore[misc]

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        if self.counted:
            self.counted = False
            await database_calls.call(socket_closed,
                                      self.channel_name)  # type: ignore[attr-defined]
        await super().websocket_disconnect(message)  # type: ignore[misc]

    async def socket_replaced(self, event: dict[str, Any]) -> None:
        """The user opened one socket too many elsewhere: this, their oldest, closes."""
        self.counted = False  # its row went when the new socket was counted
        await self.close(code=REPLACED)  # type: ignore[attr-defined]
