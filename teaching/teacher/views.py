"""The teacher's pages: seating, the live wall, watching a table, a pupil's
progress and the class chart. Only the class's teachers see any of them;
everyone else gets 404 (a logged-out visitor is sent to log in)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from teaching.access import (
    TeacherRequest,
    classroom_or_404,
    pupil_or_404,
    table_of_teacher_or_404,
    teacher_required,
)
from teaching.coach import selectors as coach_selectors
from teaching.models import Pupil, Table
from teaching.teacher import selectors as sel
from teaching.teacher import services as services_teacher
from teaching.teacher.charts import hcp_rows, hcp_tricks_svg, running_totals_svg
from teaching.teacher.services import SeatingRefused

#: At most this many hands are analysed double dummy while the chart page loads (about a
#: third of a second each on a 2-core machine); the rest on the next visit (the page says
#: so), so no request runs for long. Most hands arrive analysed: the pupils' end-of-hand
#: summary stores the same table (teaching.tables.analysis.hand_analyse).
ANALYSE_PER_VISIT = 6


# -- seating ------------------------------------------------------------------------

@teacher_required
@require_GET
def classroom_seating(request: TeacherRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    return render(request, "teacher/seating.html",
                  {"classroom": classroom, "seating": sel.seating(classroom)})


@teacher_required
@require_POST
def classroom_seat(request: TeacherRequest, classroom_id: int) -> HttpResponse:
    """"Seat the class": every pupil at a table of the class's game, robots in the last."""
    classroom = classroom_or_404(request, classroom_id)
    try:
        result = services_teacher.tables_seat_class(
            classroom=classroom, by=request.user, shuffle=request.POST.get("shuffle") == "on")
    except SeatingRefused as exc:
        messages.error(request, exc.message)
        return redirect("classroom_seating", classroom_id=classroom.id)
    tables = len(result.tables)
    messages.success(request, f"The class is seated at {tables} table{'s' * (tables != 1)}."
                     + (f" {result.closed} earlier table{'s' * (result.closed != 1)} closed:"
                        " pupils' pages there move to their new tables."
                        if result.closed else ""))
    for note in result.notes:
        messages.info(request, note)
    return redirect("classroom_seating", classroom_id=classroom.id)


@teacher_required
@require_POST
def table_seat(request: TeacherRequest, table_id: int) -> HttpResponse:
    """Seat one pupil (or a robot) by hand: fields ``seat`` and ``pupil`` (empty = robot)."""
    table = table_of_teacher_or_404(request, table_id)
    pupil_id = request.POST.get("pupil", "").strip()
    pupil = None
    if pupil_id:
        pupil = (Pupil.objects.filter(pk=pupil_id, classroom=table.classroom).first()
                 if pupil_id.isdigit() else None)
        if pupil is None:
            messages.error(request, "That pupil is not in this class.")
            return redirect("classroom_seating", classroom_id=table.classroom_id)
    try:
        done = services_teacher.table_seat_pupil(
            table=table, seat=request.POST.get("seat", ""), pupil=pupil, by=request.user)
    except SeatingRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("classroom_seating", classroom_id=table.classroom_id)


# -- the wall and watching a table ---------------------------------------------------

@teacher_required
@require_GET
def classroom_wall(request: TeacherRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    template = "teacher/wall.html#wall" if request.htmx else "teacher/wall.html"
    return render(request, template, {"classroom": classroom, "tiles": sel.wall_tiles(classroom),
                                      "stall_seconds": sel.STALL_SECONDS})


@teacher_required
@require_GET
def table_watch(request: TeacherRequest, table_id: int) -> HttpResponse:
    table = table_of_teacher_or_404(request, table_id)
    template = "teacher/watch.html#board" if request.htmx else "teacher/watch.html"
    return render(request, template, {"table": table, "classroom": table.classroom,
                                      "watch": sel.watch(table)})


def _after_table_change(request: TeacherRequest, table: Table, notice: str, *,
                        error: bool = False) -> HttpResponse:
    """htmx gets the notice and the refreshed board; a plain form a redirect."""
    if request.htmx:
        table.refresh_from_db()
        return render(request, "teacher/watch.html#changed",
                      {"table": table, "classroom": table.classroom, "watch": sel.watch(table),
                       "notice": notice, "notice_error": error})
    (messages.error if error else messages.success)(request, notice)
    return redirect(reverse("table_watch", args=[table.id]))


@teacher_required
@require_POST
def table_pause(request: TeacherRequest, table_id: int) -> HttpResponse:
    """Pause (``paused=1``) or resume (``paused=0``) a table."""
    table = table_of_teacher_or_404(request, table_id)
    paused = request.POST.get("paused") == "1"
    table = services_teacher.table_set_paused(table=table, paused=paused, by=request.user)
    return _after_table_change(
        request, table, "Paused: robots wait and pupils can't play until you resume."
        if paused else "Play goes on.")


@teacher_required
@require_POST
def table_undo(request: TeacherRequest, table_id: int) -> HttpResponse:
    """Take back the last trick (or the trick in progress) and pause the table."""
    table = table_of_teacher_or_404(request, table_id)
    try:
        services_teacher.table_undo_trick(table=table, by=request.user)
    except SeatingRefused as exc:
        return _after_table_change(request, table, exc.message, error=True)
    return _after_table_change(
        request, table, "The last trick is taken back and the table paused: resume when ready.")


# -- progress and the chart --------------------------------------------------------------

@teacher_required
@require_GET
def pupil_progress(request: TeacherRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    pupil = pupil_or_404(request, classroom, pupil_id)
    return render(request, "teacher/progress.html",
                  {"classroom": classroom, "pupil": pupil, "progress": sel.pupil_progress(pupil),
                   "coach": coach_selectors.pupil_summary(pupil)})


@teacher_required
@require_GET
def classroom_chart(request: TeacherRequest, classroom_id: int) -> HttpResponse:
    """The chart of one game the class played (``?game=``; the class's own by default)."""
    classroom = classroom_or_404(request, classroom_id)
    waiting = services_teacher.classroom_analyse(classroom=classroom, limit=ANALYSE_PER_VISIT)
    page = sel.chart_page(classroom, request.GET.get("game"))
    chart = page.chart
    svg = (hcp_tricks_svg(chart.points, title=f"{classroom.name}: points and tricks")
           if chart.points else "")
    lines = (running_totals_svg([(p.name, p.running) for p in chart.pupils if p.running],
                                title=f"{classroom.name}: {chart.title} points over time")
             if chart.has_scores else "")
    return render(request, "teacher/chart.html", {
        "classroom": classroom, "page": page, "chart": chart, "svg": svg, "lines_svg": lines,
        "rows": hcp_rows(chart.points), "waiting": waiting,
    })
