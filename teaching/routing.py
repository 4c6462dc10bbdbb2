"""Websocket URL routes, one consumer per kind of live page (tables come later)."""

from __future__ import annotations

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
