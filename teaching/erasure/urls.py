"""URLs of erasure: the privacy page, a pupil's data, deleting a pupil, a class, an account."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.erasure import views

_pupil = "classes/<int:classroom_id>/pupils/<int:pupil_id>"

urlpatterns: list[URLPattern] = [
    path("privacy/", views.privacy, name="privacy"),
    path("classes/<int:classroom_id>/archived-pupils/", views.archived_pupils,
         name="archived_pupils"),
    path(f"{_pupil}/data/", views.pupil_data, name="pupil_data"),
    path(f"{_pupil}/delete/", views.pupil_delete, name="pupil_delete"),
    path("classes/<int:classroom_id>/delete/", views.classroom_delete, name="classroom_delete"),
    path("accounts/delete/", views.account_delete, name="account_delete"),
]
