"""URLs of a pupil's table (play itself goes over the table's websocket, teaching.routing)."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.tables import views

urlpatterns: list[URLPattern] = [
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/sheet/", views.table_sheet, name="table_sheet"),
    path("tables/<int:table_id>/next/", views.table_next_hand, name="table_next_hand"),
    path("tables/<int:table_id>/replay/", views.table_replay, name="table_replay"),
    path("practise/", views.practice_start, name="practice_start"),
]
