"""URLs of duplicate sessions (issue 4)."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.duplicate import views

_dup = "duplicate/<int:session_id>"

urlpatterns: list[URLPattern] = [
    path("classes/<int:classroom_id>/duplicate/", views.duplicate_sessions,
         name="duplicate_sessions"),
    path("classes/<int:classroom_id>/duplicate/new/", views.duplicate_new,
         name="duplicate_new"),
    path("duplicate/", views.duplicate_mine, name="duplicate_mine"),
    path(f"{_dup}/", views.duplicate_session, name="duplicate_session"),
    path(f"{_dup}/round/", views.duplicate_round, name="duplicate_round"),
    path(f"{_dup}/tables/<int:sitting_id>/robots/", views.duplicate_robots_finish,
         name="duplicate_robots_finish"),
    path(f"{_dup}/movement/", views.duplicate_movement, name="duplicate_movement"),
    path(f"{_dup}/sheets/", views.duplicate_sheets, name="duplicate_sheets"),
    path(f"{_dup}/records/", views.duplicate_records, name="duplicate_records"),
    path(f"{_dup}/records/start/", views.duplicate_records_start,
         name="duplicate_records_start"),
    path(f"{_dup}/results/", views.duplicate_results, name="duplicate_results"),
    path(f"{_dup}/boards/<int:number>/", views.duplicate_board, name="duplicate_board"),
    path(f"{_dup}/boards/<int:number>/correct/", views.duplicate_correct,
         name="duplicate_correct"),
    path(f"{_dup}/export.<str:fmt>", views.duplicate_export, name="duplicate_export"),
    path(f"{_dup}/me/", views.duplicate_pupil, name="duplicate_pupil"),
    path(f"{_dup}/me/result/", views.duplicate_enter, name="duplicate_enter"),
    path(f"{_dup}/me/result/<int:play_id>/confirm/", views.duplicate_confirm,
         name="duplicate_confirm"),
]
