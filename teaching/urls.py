"""HTTP URL routes: each feature's own (its urls.py), joined here.

The URL names are not namespaced: templates and tests name them as they are
(``{% url "classroom" classroom.pk %}``), whichever feature serves them.
"""

from __future__ import annotations

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    # Browsers and bookmarks ask for /favicon.ico whatever the page links (base.html does).
    path("favicon.ico", RedirectView.as_view(url=static("favicon.ico"), permanent=True)),
    path("admin/", admin.site.urls),
    path("", include("teaching.classes.urls")),
    path("", include("teaching.accounts.urls")),
    path("", include("teaching.tables.urls")),
    path("", include("teaching.teacher.urls")),
    path("", include("teaching.duplicate.urls")),
    path("", include("teaching.league.urls")),
    path("", include("teaching.erasure.urls")),
    path("", include("teaching.coach.urls")),
]
