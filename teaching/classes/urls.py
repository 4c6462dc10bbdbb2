"""URLs of classes: home, the dashboard, a class and its pupils, login cards, a pupil's
page, each game's how-to pages."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.classes import views

_pupil = "classes/<int:classroom_id>/pupils/<int:pupil_id>"

urlpatterns: list[URLPattern] = [
    path("", views.home, name="home"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("classes/new/", views.classroom_create, name="classroom_create"),
    path("classes/<int:classroom_id>/", views.classroom_detail, name="classroom"),
    path("classes/<int:classroom_id>/rename/", views.classroom_rename,
         name="classroom_rename"),
    path("classes/<int:classroom_id>/game/", views.classroom_set_game,
         name="classroom_set_game"),
    path("classes/<int:classroom_id>/options/", views.classroom_set_options,
         name="classroom_set_options"),
    path("classes/<int:classroom_id>/robots/", views.classroom_set_robots,
         name="classroom_set_robots"),
    path("classes/<int:classroom_id>/archive/", views.classroom_archive,
         name="classroom_archive"),
    path("classes/<int:classroom_id>/restore/", views.classroom_restore,
         name="classroom_restore"),
    path("classes/<int:classroom_id>/co-teachers/", views.classroom_add_co_teacher,
         name="classroom_add_co_teacher"),
    path("classes/<int:classroom_id>/co-teachers/<int:user_id>/remove/",
         views.classroom_remove_co_teacher, name="classroom_remove_co_teacher"),
    path("classes/<int:classroom_id>/cards/", views.login_cards, name="login_cards"),
    path("classes/<int:classroom_id>/pupils/add/", views.pupils_create,
         name="pupils_create"),
    path(f"{_pupil}/rename/", views.pupil_rename, name="pupil_rename"),
    path(f"{_pupil}/secret/", views.pupil_reset_secret, name="pupil_reset_secret"),
    path(f"{_pupil}/archive/", views.pupil_archive, name="pupil_archive"),
    path(f"{_pupil}/move/", views.pupil_move, name="pupil_move"),
    path(f"{_pupil}/options/", views.pupil_set_options, name="pupil_set_options"),
    path("me/", views.pupil_home, name="pupil_home"),
    path("games/<slug:name>/", views.game_howto, name="game_howto"),
    path("games/<slug:name>/<slug:page>/", views.game_howto, name="game_howto_page"),
]
