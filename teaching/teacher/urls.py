"""URLs of the teacher's room: seating, the wall, watching a table, progress, the chart."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.teacher import views

_pupil = "classes/<int:classroom_id>/pupils/<int:pupil_id>"

urlpatterns: list[URLPattern] = [
    path("classes/<int:classroom_id>/seating/", views.classroom_seating,
         name="classroom_seating"),
    path("classes/<int:classroom_id>/seating/all/", views.classroom_seat,
         name="classroom_seat"),
    path("classes/<int:classroom_id>/wall/", views.classroom_wall, name="classroom_wall"),
    path("classes/<int:classroom_id>/chart/", views.classroom_chart,
         name="classroom_chart"),
    path(f"{_pupil}/", views.pupil_progress, name="pupil_progress"),
    path("tables/<int:table_id>/seat/", views.table_seat, name="table_seat"),
    path("tables/<int:table_id>/watch/", views.table_watch, name="table_watch"),
    path("tables/<int:table_id>/pause/", views.table_pause, name="table_pause"),
    path("tables/<int:table_id>/undo/", views.table_undo, name="table_undo"),
]
