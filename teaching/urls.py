"""HTTP URL routes."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.views import LogoutView
from django.urls import path

from teaching.accounts import views as views_accounts
from teaching.classes import views
from teaching.tables import views as views_tables
from teaching.teacher import views as views_teacher

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
    path("tables/<int:table_id>/", views_tables.table, name="table"),
    path("tables/<int:table_id>/next/", views_tables.table_next_hand, name="table_next_hand"),
    path("tables/<int:table_id>/replay/", views_tables.table_replay, name="table_replay"),
    path("practise/", views_tables.practice_start, name="practice_start"),
]

# Accounts, classes, pupils and lesson pages (teaching/accounts/views.py).
_pupil = "classes/<int:classroom_id>/pupils/<int:pupil_id>"
urlpatterns += [
    path("accounts/signup/", views_accounts.signup, name="signup"),
    path("accounts/login/", views_accounts.teacher_login, name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("dashboard/", views_accounts.dashboard, name="dashboard"),
    path("classes/new/", views_accounts.classroom_create, name="classroom_create"),
    path("classes/<int:classroom_id>/", views_accounts.classroom_detail, name="classroom"),
    path("classes/<int:classroom_id>/rename/", views_accounts.classroom_rename,
         name="classroom_rename"),
    path("classes/<int:classroom_id>/lesson/", views_accounts.classroom_set_lesson,
         name="classroom_set_lesson"),
    path("classes/<int:classroom_id>/robots/", views_accounts.classroom_set_robots,
         name="classroom_set_robots"),
    path("classes/<int:classroom_id>/archive/", views_accounts.classroom_archive,
         name="classroom_archive"),
    path("classes/<int:classroom_id>/restore/", views_accounts.classroom_restore,
         name="classroom_restore"),
    path("classes/<int:classroom_id>/co-teachers/", views_accounts.classroom_add_co_teacher,
         name="classroom_add_co_teacher"),
    path("classes/<int:classroom_id>/co-teachers/<int:user_id>/remove/",
         views_accounts.classroom_remove_co_teacher, name="classroom_remove_co_teacher"),
    path("classes/<int:classroom_id>/cards/", views_accounts.login_cards, name="login_cards"),
    path("classes/<int:classroom_id>/pupils/add/", views_accounts.pupils_create,
         name="pupils_create"),
    path(f"{_pupil}/rename/", views_accounts.pupil_rename, name="pupil_rename"),
    path(f"{_pupil}/secret/", views_accounts.pupil_reset_secret, name="pupil_reset_secret"),
    path(f"{_pupil}/archive/", views_accounts.pupil_archive, name="pupil_archive"),
    path(f"{_pupil}/move/", views_accounts.pupil_move, name="pupil_move"),
    path(f"{_pupil}/lesson/", views_accounts.pupil_set_lesson, name="pupil_set_lesson"),
    path("join/", views_accounts.pupil_login, name="pupil_login"),
    path("join/<str:code>/", views_accounts.pupil_login_names, name="pupil_login_names"),
    path("join/<str:code>/<int:pupil_id>/", views_accounts.pupil_login_secret,
         name="pupil_login_secret"),
    path("me/", views_accounts.pupil_home, name="pupil_home"),
    path("lessons/", views_accounts.lessons_index, name="lessons"),
    path("lessons/<int:number>/", views_accounts.lesson, name="lesson"),
]

# The teacher's view: seating, the wall, watching a table, progress, the chart
# (teaching/teacher/views.py).
urlpatterns += [
    path("classes/<int:classroom_id>/seating/", views_teacher.classroom_seating,
         name="classroom_seating"),
    path("classes/<int:classroom_id>/seating/all/", views_teacher.classroom_seat,
         name="classroom_seat"),
    path("classes/<int:classroom_id>/wall/", views_teacher.classroom_wall, name="classroom_wall"),
    path("classes/<int:classroom_id>/chart/", views_teacher.classroom_chart,
         name="classroom_chart"),
    path(f"{_pupil}/", views_teacher.pupil_progress, name="pupil_progress"),
    path("tables/<int:table_id>/seat/", views_teacher.table_seat, name="table_seat"),
    path("tables/<int:table_id>/watch/", views_teacher.table_watch, name="table_watch"),
    path("tables/<int:table_id>/pause/", views_teacher.table_pause, name="table_pause"),
    path("tables/<int:table_id>/undo/", views_teacher.table_undo, name="table_undo"),
]

# Duplicate sessions (issue 4, teaching/duplicate/views.py).
from teaching.duplicate import views as views_duplicate  # noqa: E402

_dup = "duplicate/<int:session_id>"
urlpatterns += [
    path("classes/<int:classroom_id>/duplicate/", views_duplicate.duplicate_sessions,
         name="duplicate_sessions"),
    path("classes/<int:classroom_id>/duplicate/new/", views_duplicate.duplicate_new,
         name="duplicate_new"),
    path("duplicate/", views_duplicate.duplicate_mine, name="duplicate_mine"),
    path(f"{_dup}/", views_duplicate.duplicate_session, name="duplicate_session"),
    path(f"{_dup}/round/", views_duplicate.duplicate_round, name="duplicate_round"),
    path(f"{_dup}/tables/<int:sitting_id>/robots/", views_duplicate.duplicate_robots_finish,
         name="duplicate_robots_finish"),
    path(f"{_dup}/movement/", views_duplicate.duplicate_movement, name="duplicate_movement"),
    path(f"{_dup}/sheets/", views_duplicate.duplicate_sheets, name="duplicate_sheets"),
    path(f"{_dup}/records/", views_duplicate.duplicate_records, name="duplicate_records"),
    path(f"{_dup}/records/start/", views_duplicate.duplicate_records_start,
         name="duplicate_records_start"),
    path(f"{_dup}/results/", views_duplicate.duplicate_results, name="duplicate_results"),
    path(f"{_dup}/boards/<int:number>/", views_duplicate.duplicate_board, name="duplicate_board"),
    path(f"{_dup}/boards/<int:number>/correct/", views_duplicate.duplicate_correct,
         name="duplicate_correct"),
    path(f"{_dup}/export.<str:fmt>", views_duplicate.duplicate_export, name="duplicate_export"),
    path(f"{_dup}/me/", views_duplicate.duplicate_pupil, name="duplicate_pupil"),
    path(f"{_dup}/me/result/", views_duplicate.duplicate_enter, name="duplicate_enter"),
    path(f"{_dup}/me/result/<int:play_id>/confirm/", views_duplicate.duplicate_confirm,
         name="duplicate_confirm"),
]

# League tables (issue 5, teaching/league/views.py).
from teaching.league import views as views_league  # noqa: E402

_league = "leagues/<int:league_id>"
urlpatterns += [
    path("classes/<int:classroom_id>/leagues/", views_league.league_list, name="leagues"),
    path("classes/<int:classroom_id>/leagues/new/", views_league.league_new, name="league_new"),
    path("leagues/", views_league.league_mine, name="leagues_mine"),
    path(f"{_league}/", views_league.league_detail, name="league"),
    path(f"{_league}/pairs/<int:pair_id>/", views_league.league_pair, name="league_pair"),
    path(f"{_league}/matches/<int:match_id>/", views_league.league_match, name="league_match"),
    path(f"{_league}/matches/<int:match_id>/online/", views_league.league_match_online,
         name="league_match_online"),
    path(f"{_league}/matches/<int:match_id>/robots/", views_league.league_match_robots,
         name="league_match_robots"),
    path(f"{_league}/matches/<int:match_id>/deals/", views_league.league_deal_enter,
         name="league_deal_enter"),
    path(f"{_league}/matches/<int:match_id>/move/", views_league.league_match_move,
         name="league_match_move"),
    path(f"{_league}/deals/<int:deal_id>/", views_league.league_deal_replay,
         name="league_deal_replay"),
]
