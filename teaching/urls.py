"""HTTP URL routes."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path

from teaching import views, views_tables

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
    path("tables/<int:table_id>/", views_tables.table, name="table"),
    path("tables/<int:table_id>/next/", views_tables.table_next_hand, name="table_next_hand"),
    path("tables/<int:table_id>/replay/", views_tables.table_replay, name="table_replay"),
    path("practise/", views_tables.practice_start, name="practice_start"),
]
