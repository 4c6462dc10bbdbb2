"""URLs of the coach: Help at a table, the class's Coach tab, a pupil's practice sheet."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.coach import views

_pupil = "classes/<int:classroom_id>/pupils/<int:pupil_id>"

urlpatterns: list[URLPattern] = [
    path("tables/<int:table_id>/help/", views.table_help, name="table_help"),
    path("tables/<int:table_id>/review/", views.table_review, name="table_review"),
    path("tables/<int:table_id>/guess/", views.table_guess, name="table_guess"),
    path("classes/<int:classroom_id>/coach/", views.classroom_coach, name="classroom_coach"),
    path("classes/<int:classroom_id>/coach/settings/", views.classroom_coach_set,
         name="classroom_coach_set"),
    path(f"{_pupil}/coach/", views.pupil_coach_set, name="pupil_coach_set"),
    path(f"{_pupil}/practise/", views.pupil_practise, name="pupil_practise"),
]
