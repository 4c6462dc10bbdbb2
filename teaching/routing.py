"""Websocket URL routes, one consumer per kind of live page."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.consumers import TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/table/<int:table_id>/", TableConsumer.as_asgi()),
]
