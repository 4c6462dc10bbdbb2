"""Websocket URL routes, one consumer per kind of live page."""

from __future__ import annotations

from django.urls import URLPattern, path, re_path

from teaching.sockets import NoSuchSocket
from teaching.tables.consumers import TableConsumer
from teaching.teacher.consumers import WallConsumer, WatchConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/table/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/classes/<int:classroom_id>/wall/", WallConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/watch/", WatchConsumer.as_asgi()),
    # Last: any other path is refused as a page's 404, not an error with a traceback.
    re_path(r"", NoSuchSocket.as_asgi()),
]
