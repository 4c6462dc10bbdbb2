"""The coach's pages: Help at a pupil's table (an htmx POST, not the table's socket: a
hint may take most of a second, computed in the coach's own process), the class's Coach
tab with its settings, and a pupil's printable "What to practise next"."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from teaching.access import (
    TeacherRequest,
    classroom_or_404,
    pupil_login_required,
    pupil_or_404,
    table_of_player_or_404,
    teacher_required,
)
from teaching.coach import selectors, services
from teaching.coach.forms import PUPIL_MODES, ClassCoachForm, PupilCoachForm
from teaching.models import User


def _refused(request: HttpRequest, template: str, refused: services.HelpRefused) -> HttpResponse:
    """A coach's refusal at a pupil's table: a pupil not seated there gets the site's 404,
    as any stranger does (:func:`table_of_player_or_404`); any other, the fragment
    ``template`` with the message and the refusal's status (403, 409, 503)."""
    if refused.status == 404:
        raise Http404(refused.message)
    return render(request, template, {"refused": refused.message}, status=refused.status)


@require_POST
@pupil_login_required
def table_help(request: HttpRequest, table_id: int) -> HttpResponse:
    """The coach's hint at the pupil's decision, as the fragment that replaces
    ``#coach-hint``; a refusal is the same fragment with its message (403/409/503).

    The hint is computed in the coach's process (teaching.runtime.coach_process); this
    request's own thread (Django's ASGI handler makes one a request) waits for it,
    holding neither Python's lock nor any thread another request needs. An async view
    was measured slower under load: each of its steps went back through the busy loop
    (docs/decisions/0850-hints-in-their-own-process.md)."""
    table = table_of_player_or_404(request, table_id)
    assert isinstance(request.user, User)  # a pupil seated at the table
    try:
        hint = services.table_help(user=request.user, table=table)
    except services.HelpRefused as refused:
        return _refused(request, "coach/_hint.html", refused)
    return render(request, "coach/_hint.html", {"hint": hint})


@require_GET
@pupil_login_required
def table_review(request: HttpRequest, table_id: int) -> HttpResponse:
    """The coach's review of the pupil's own seat in the table's finished hand, as the
    fragment that replaces ``#coach-review``; a refusal is the same fragment with its
    message (403/409). A GET: the review is a read (its notes for the teacher are
    written once, whatever the presses)."""
    table = table_of_player_or_404(request, table_id)
    assert isinstance(request.user, User)
    try:
        review = services.hand_review(user=request.user, table=table)
    except services.HelpRefused as refused:
        return _refused(request, "coach/_review.html", refused)
    return render(request, "coach/_review.html", {"review": review})


@require_GET
@pupil_login_required
def table_guess(request: HttpRequest, table_id: int) -> HttpResponse:
    """Whether declarer played the card dummy's pupil guessed (``hand``, ``version``,
    ``card``), as the fragment that replaces ``#dummy-guess``: asked by the pupil's page
    once the card is played, so the table's socket carries nothing more for it."""
    table = table_of_player_or_404(request, table_id)
    assert isinstance(request.user, User)
    hand, version = request.GET.get("hand", ""), request.GET.get("version", "")
    if not (hand.isdigit() and version.isdigit()):
        return HttpResponseBadRequest("hand and version are numbers")
    try:
        said = services.dummy_guess(user=request.user, table=table, hand_number=int(hand),
                                    version=int(version), card=request.GET.get("card", ""))
    except services.HelpRefused as refused:
        return _refused(request, "coach/_guess.html", refused)
    return render(request, "coach/_guess.html", {"said": said})


@teacher_required
@require_GET
def classroom_coach(request: TeacherRequest, classroom_id: int) -> HttpResponse:
    """The class's Coach tab: its settings, each pupil's own, and this term's notes."""
    classroom = classroom_or_404(request, classroom_id)
    form = ClassCoachForm(initial={"mode": classroom.coach_mode,
                                   "in_matches": classroom.coach_in_matches})
    return render(request, "coach/classroom.html", {
        "classroom": classroom, "form": form,
        "summary": selectors.class_summary(classroom),
        "pupil_modes": PUPIL_MODES,
    })


@teacher_required
@require_POST
def classroom_coach_set(request: TeacherRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = ClassCoachForm(request.POST)
    if form.is_valid():
        services.classroom_coach_set(classroom=classroom, by=request.user,
                                     mode=form.cleaned_data["mode"],
                                     in_matches=form.cleaned_data["in_matches"])
        messages.success(request, f"The coach: {classroom.get_coach_mode_display()}.")
    else:
        messages.error(request, "Choose one of the coach's settings.")
    return redirect("classroom_coach", classroom.pk)


@teacher_required
@require_POST
def pupil_coach_set(request: TeacherRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    form = PupilCoachForm(request.POST)
    if form.is_valid():
        services.pupil_coach_set(pupil=pupil, by=request.user, mode=form.cleaned_data["mode"])
        words = pupil.get_coach_mode_display() if pupil.coach_mode else "same as the class"
        messages.success(request, f"The coach for {pupil.name}: {words}.")
    else:
        messages.error(request, "Choose one of the coach's settings.")
    return redirect("classroom_coach", pupil.classroom_id)


@teacher_required
@require_GET
def pupil_practise(request: TeacherRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    """A pupil's "What to practise next", to print: the ideas they missed most this
    term (else asked about most), each with the lesson that teaches it."""
    classroom = classroom_or_404(request, classroom_id)
    pupil = pupil_or_404(request, classroom, pupil_id)
    summary = selectors.pupil_summary(pupil)
    return render(request, "coach/practise.html", {
        "classroom": classroom, "pupil": pupil, "summary": summary,
        "ideas": selectors.practise_next(summary),
    })
