"""URLs of leagues (issue 5)."""

from __future__ import annotations

from django.urls import URLPattern, path

from teaching.league import views

_league = "leagues/<int:league_id>"

urlpatterns: list[URLPattern] = [
    path("classes/<int:classroom_id>/leagues/", views.league_list, name="leagues"),
    path("classes/<int:classroom_id>/leagues/new/", views.league_new, name="league_new"),
    path("leagues/", views.league_mine, name="leagues_mine"),
    path(f"{_league}/", views.league_detail, name="league"),
    path(f"{_league}/pairs/<int:pair_id>/", views.league_pair, name="league_pair"),
    path(f"{_league}/matches/<int:match_id>/", views.league_match, name="league_match"),
    path(f"{_league}/matches/<int:match_id>/online/", views.league_match_online,
         name="league_match_online"),
    path(f"{_league}/matches/<int:match_id>/robots/", views.league_match_robots,
         name="league_match_robots"),
    path(f"{_league}/matches/<int:match_id>/deals/", views.league_deal_enter,
         name="league_deal_enter"),
    path(f"{_league}/matches/<int:match_id>/move/", views.league_match_move,
         name="league_match_move"),
    path(f"{_league}/deals/<int:deal_id>/", views.league_deal_replay,
         name="league_deal_replay"),
]
