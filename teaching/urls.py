"""HTTP URL routes: each feature's own (its urls.py), joined here.

The URL names are not namespaced: templates and tests name them as they are
(``{% url "classroom" classroom.pk %}``), whichever feature serves them.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("teaching.classes.urls")),
    path("", include("teaching.accounts.urls")),
    path("", include("teaching.tables.urls")),
    path("", include("teaching.teacher.urls")),
    path("", include("teaching.duplicate.urls")),
    path("", include("teaching.league.urls")),
    path("", include("teaching.erasure.urls")),
]
