"""The pupil's table page and the buttons around a hand: practise, next deal, play it again.

Play itself goes over the table's websocket (teaching.tables.consumers); these
views render the page and take the few actions that start a hand. After a
POST the table's group hears of the change, so an htmx form needs no answer
body; without JavaScript the form redirects back to the page.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from games.registry import game_entry
from teaching.access import (
    pupil_login_required,
    table_of_player_or_404,
    table_of_player_or_teacher_or_404,
)
from teaching.coach import selectors as coach
from teaching.models import Hand, Pupil, Table
from teaching.tables import frames, selectors
from teaching.tables.closed import where_after_closing
from teaching.tables.services import ActionRefused
from teaching.tables.services.dealing import hand_next, hand_replay
from teaching.tables.services.seating import practice_table_open


def _done(request: HttpRequest, table: Table, error: str = "") -> HttpResponse:
    """htmx: nothing to swap on success (the socket brings the new hand), the
    message region on a refusal. Without JavaScript: back to the page."""
    if request.htmx:
        if error:
            return HttpResponse(frames.render_messages(error))
        return HttpResponse(status=204)
    if error:
        messages.error(request, error)
    return redirect("table", table_id=table.id)


@require_GET
@pupil_login_required
def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table as the pupil's seat sees it; the socket keeps it live. A closed table
    (reached again through the browser's history) shows its last hand as it was, to
    read only, with no socket and a link to where the pupil plays now (decision 0400)."""
    table = table_of_player_or_404(request, table_id)
    tv = selectors.seat_view(table=table, seat=selectors.player_seat(request.user, table))
    moved_to = where_after_closing(request.user, table) if table.closed else None
    help_offered = not table.closed and coach.help_offered(table, request.user.pk)
    return render(request, "tables/table.html",
                  {"table": table, "tv": tv, "error": "", "moved_to": moved_to,
                   "help": help_offered,
                   "review": help_offered and coach.review_offered(table, request.user.pk)})


def _standing(table: Table) -> dict[str, Any] | None:
    """Where a game of several hands stands after the table's finished hands (first
    playings only: a deal played again is a lesson), or ``None`` for a game without."""
    entry = game_entry(table.game)
    if entry.standing is None:
        return None
    results = [
        r for r in Hand.objects.filter(table=table, finished__isnull=False,
                                       replay_of__isnull=True)
        .order_by("number").values_list("result", flat=True) if r
    ]
    return entry.standing(entry.rules(**table.options), results)


@require_GET
@pupil_login_required
def table_sheet(request: HttpRequest, table_id: int) -> HttpResponse:
    """The scoresheet of a game of several hands, as players would print it: the game's
    own ``games/<name>/sheet.html`` given its standing after the table's finished
    hands; 404 for a game that keeps no sheet. The class's teachers read it too (the
    watch page links it): they get the onlooker's view, which shows no hand, and a
    way back to the watch page rather than to a seat."""
    table, teaching = table_of_player_or_teacher_or_404(request, table_id)
    standing = _standing(table)
    if standing is None:
        raise Http404("This game keeps no scoresheet.")
    seat = None if teaching else selectors.player_seat(request.user, table)
    sheet = frames.render_sheet(selectors.seat_view(table=table, seat=seat), table, standing)
    if sheet is None:
        raise Http404("This game keeps no scoresheet.")
    back = reverse("table_watch" if teaching else "table", args=[table.id])
    return render(request, "tables/sheet.html",
                  {"table": table, "sheet": mark_safe(sheet), "back": back})


@require_POST
@pupil_login_required
def practice_start(request: HttpRequest) -> HttpResponse:
    """A practice table for the pupil at their lesson: the pupil in South, three robots."""
    pupil = Pupil.objects.select_related("classroom").filter(
        user=request.user, archived=False
    ).first()
    if pupil is None:
        raise Http404("Only pupils practise at a table")
    practice = practice_table_open(pupil=pupil)
    return redirect("table", table_id=practice.id)


@require_POST
@pupil_login_required
def table_next_hand(request: HttpRequest, table_id: int) -> HttpResponse:
    """Deal the next hand once the one the pupil saw finish is over."""
    table = table_of_player_or_404(request, table_id)
    after = request.POST.get("after", "")
    if not after.isdigit():
        return _done(request, table, "That button was out of date: here is the table now.")
    try:
        hand_next(table=table, after=int(after), by=request.user)
    except ActionRefused as exc:
        return _done(request, table, exc.message)
    return _done(request, table)


@require_POST
@pupil_login_required
def table_replay(request: HttpRequest, table_id: int) -> HttpResponse:
    """"Play it again": the same deal once more, for another contract."""
    table = table_of_player_or_404(request, table_id)
    hand_id = request.POST.get("hand", "")
    hand = Hand.objects.filter(table=table, pk=hand_id).first() if hand_id.isdigit() else None
    if hand is None:
        return _done(request, table, "That hand was not played at this table.")
    try:
        hand_replay(table=table, hand=hand, by=request.user)
    except ActionRefused as exc:
        return _done(request, table, exc.message)
    return _done(request, table)
