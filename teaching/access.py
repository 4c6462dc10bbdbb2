"""Who may open a page: the decorators and the "X or 404" helpers every view uses.

A page that is not the visitor's answers 404, as if it did not exist: a class, pupil,
table, league or session of someone else's is nobody else's business, and a 403 would
say that it exists. Logged-out visitors are sent to the right login instead. The rules
themselves (who teaches a class, who sits at a table) are the features' selectors';
this module only turns their ``None`` into the answer a page gives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.middleware import HtmxDetails

from teaching.classes.selectors import (
    can_teach,
    classroom_for_teacher,
    pupil_for_teacher,
)
from teaching.duplicate.selectors import session_for_pupil, session_for_teacher
from teaching.league.selectors import league_for_user
from teaching.models import (
    Classroom,
    DuplicateSession,
    League,
    LeagueMatch,
    Pupil,
    Table,
    User,
)
from teaching.tables.selectors import table_for_player
from teaching.teacher.selectors import table_for_teacher

View = Callable[..., HttpResponse]


class TeacherRequest(HttpRequest):
    """The request a view behind :func:`teacher_required` is given, typed as it is: its
    user is a logged-in teacher, and django-htmx's middleware says whether htmx sent it."""

    user: User  # type: ignore[assignment]  # narrowed by teacher_required
    htmx: HtmxDetails


# -- who may come in at all -----------------------------------------------------------------

def teacher_required(view: View) -> View:
    """Logged-out visitors go to the login page; pupils get 404 (a teacher's page
    does not exist for them)."""

    @wraps(view)
    @login_required
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_teacher:
            raise Http404("No such page.")
        return view(request, *args, **kwargs)

    return wrapped


def pupil_required(view: View) -> View:
    """Logged-out visitors go to the pupils' login; a teacher goes to their dashboard."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("pupil_login"))
        if not request.user.is_pupil:
            return redirect("dashboard")
        return view(request, *args, **kwargs)

    return wrapped


def pupil_login_required(view: View) -> View:
    """Logged-out visitors go to the pupils' login, and back here after it: a page only
    pupils use (a table) is where a pupil whose session ran out comes back to, and the
    teachers' login would lose them. Anyone logged in passes; the view's own access
    helper decides the rest."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("pupil_login"))
        return view(request, *args, **kwargs)

    return wrapped


# -- a class and its pupils -------------------------------------------------------------------

def classroom_or_404(request: HttpRequest, classroom_id: int) -> Classroom:
    """The class if the user owns or co-teaches it; 404 for everyone else."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    if classroom is None:
        raise Http404("No such class.")
    return classroom


def pupil_or_404(request: HttpRequest, classroom: Classroom, pupil_id: int) -> Pupil:
    """An active pupil of ``classroom`` (one the user teaches); 404 for everyone else."""
    pupil = pupil_for_teacher(request.user, classroom, pupil_id)
    if pupil is None:
        raise Http404("No such pupil.")
    return pupil


# -- tables -----------------------------------------------------------------------------------

def table_of_player_or_404(request: HttpRequest, table_id: int) -> Table:
    """The table if the user is a pupil seated at it; 404 for anyone else (the
    teacher's watch is a separate page: :func:`table_of_teacher_or_404`)."""
    table = table_for_player(request.user, table_id)
    if table is None:
        raise Http404("No such table.")
    return table


def table_of_player_or_teacher_or_404(request: HttpRequest, table_id: int
                                      ) -> tuple[Table, bool]:
    """The table for a pupil seated at it, or for a teacher of its class, with
    whether it is the teacher (who reads, never plays); 404 for everyone else.
    For pages both may read, such as the scoresheet the watch page links to."""
    table = table_for_player(request.user, table_id)
    if table is not None:
        return table, False
    table = table_for_teacher(request.user, table_id)
    if table is None:
        raise Http404("No such table.")
    return table, True


def table_of_teacher_or_404(request: HttpRequest, table_id: int) -> Table:
    """A table of a class the user teaches; 404 for everyone else."""
    table = table_for_teacher(request.user, table_id)
    if table is None:
        raise Http404("No such table.")
    return table


# -- leagues and duplicate sessions --------------------------------------------------------

def league_or_404(request: HttpRequest, league_id: int, *, manage: bool = False) -> League:
    """The class's teachers and pupils may see a league, only its teachers change it
    (``manage``); anyone else (another class, another teacher) gets 404."""
    league = league_for_user(request.user, league_id)
    if league is None or (manage and not can_teach(request.user, league.classroom)):
        raise Http404("No such league.")
    return league


def match_or_404(league: League, match_id: int) -> LeagueMatch:
    """A match of ``league`` (already checked for the user)."""
    match = league.matches.select_related("pair_a", "pair_b", "league").filter(
        pk=match_id).first()
    if match is None:
        raise Http404("No such match.")
    return match


def session_of_teacher_or_404(request: HttpRequest, session_id: int) -> DuplicateSession:
    """A duplicate session of a class the user teaches; 404 for everyone else."""
    session = session_for_teacher(request.user, session_id)
    if session is None:
        raise Http404("No such session.")
    return session


def session_of_pupil_or_404(request: HttpRequest, session_id: int
                            ) -> tuple[DuplicateSession, Pupil]:
    """A duplicate session the user plays in, and their pupil; 404 for everyone else."""
    found = session_for_pupil(request.user, session_id)
    if found is None:
        raise Http404("No such session.")
    return found
