"""Pages. Each view parses, checks permission, calls one service or selector, and renders."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from teaching.classes import selectors


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The single page listing the games and their lessons."""
    return render(request, "home.html", {"games": selectors.game_catalogue()})
