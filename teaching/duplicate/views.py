"""The duplicate pages (issue 4): setting up a session, the movement to print,
the teacher's live progress, dealing sheets and hand records, travellers and
ranking, a board's review, exports; and the pupil's own page, where they see
where to sit and (face to face) type in their table's results.

Only the class's teachers see a session's teacher pages; a pupil sees their
own page and boards their table has finished; everyone else gets 404.
"""

from __future__ import annotations

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from teaching.access import (
    classroom_or_404,
    pupil_required,
    session_of_pupil_or_404,
    session_of_teacher_or_404,
    teacher_required,
)
from teaching.classes import games
from teaching.classes.selectors import active_pupils
from teaching.duplicate import selectors as sel
from teaching.duplicate import services as dup
from teaching.duplicate.forms import ResultForm, SessionForm, rules_choice_of
from teaching.duplicate.rows import session_movement
from teaching.models import BoardPlay, DuplicateSession, Pupil, SessionSitting

#: An uploaded PBN file larger than this is refused (a club's 36 boards are ~20 kB).
MAX_UPLOAD_BYTES = 512 * 1024


# -- setting up ----------------------------------------------------------------------------

@teacher_required
@require_GET
def duplicate_sessions(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    return render(request, "duplicate/sessions.html", {
        "classroom": classroom, "sessions": classroom.duplicate_sessions.all()})


def _pairing(pupils: list[Pupil], shuffle: bool) -> dict[int, int]:
    seed = str(random.SystemRandom().random()) if shuffle else None
    pairs = dup.pairs_suggest(pupils=pupils, seed=seed)
    return {p.pk: n for n, pair in enumerate(pairs, start=1) for p in pair}


@teacher_required
@require_http_methods(["GET", "POST"])
def duplicate_new(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The setup page: rules, scoring, pairs, movement, boards."""
    classroom = classroom_or_404(request, classroom_id)
    pupils = list(active_pupils(classroom))
    kwargs = {"pupils": pupils, "sets": dup.board_sets(),
              "pairing": _pairing(pupils, shuffle=request.GET.get("suggest") == "shuffle")}
    form = SessionForm(request.POST or None, request.FILES or None, **kwargs,
                       initial={"rules": rules_choice_of(classroom.game, classroom.options)})
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data.get("pbn_file")
        text, name = "", ""
        if upload is not None and form.cleaned_data["source"] == "upload":
            name = upload.name
            raw = upload.read(MAX_UPLOAD_BYTES + 1)
            try:
                text = raw.decode("utf-8") if len(raw) <= MAX_UPLOAD_BYTES else ""
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            if len(raw) > MAX_UPLOAD_BYTES:
                form.add_error("pbn_file", "That file is too large for a set of boards.")
        if form.is_valid():
            try:
                session = dup.session_create(classroom=classroom, by=request.user,
                                             plan=form.plan(text, name))
            except dup.DuplicateRefused as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, "The session is ready: print the movement, then "
                                 "start the first round.")
                return redirect("duplicate_session", session_id=session.id)
    return render(request, "duplicate/new.html", {"classroom": classroom, "form": form},
                  status=400 if form.errors else 200)


# -- the teacher's session page and live progress ---------------------------------------------

@teacher_required
@require_GET
def duplicate_session(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_of_teacher_or_404(request, session_id)
    dup.session_sync(session=session)
    session.refresh_from_db()
    context = {"session": session, "classroom": session.classroom,
               "progress": sel.progress(session)}
    if request.htmx:
        return render(request, "duplicate/session.html#progress", context)
    return render(request, "duplicate/session.html", context)


@teacher_required
@require_POST
def duplicate_round(request: HttpRequest, session_id: int) -> HttpResponse:
    """Start the first round, or call time (the unplayed boards scored as the teacher
    chose: ``unplayed``) and start the next."""
    session = session_of_teacher_or_404(request, session_id)
    try:
        if session.status == session.Status.SETUP:
            called = dup.TimeCalled(dup.round_start(session=session, by=request.user), (), "")
        else:
            called = dup.round_call_time(session=session, by=request.user,
                                         unplayed=request.POST.get("unplayed", "not-played"))
    except dup.DuplicateRefused as exc:
        messages.error(request, exc.message)
        return redirect("duplicate_session", session_id=session.id)
    if called.unplayed:
        messages.warning(request, f"Time called. Not played: {', '.join(called.unplayed)}; "
                         f"scored {called.scored}.")
    messages.success(request, f"Round {called.round} has started." if called.round
                     else "The session is finished: see the results.")
    return redirect("duplicate_session", session_id=session.id)


#: The answer the confirm page's button sends: the teacher has read that the robots play
#: every seat, pupils still there included.
ROBOTS_ALL_SEATS = "all-seats"


@teacher_required
@require_http_methods(["GET", "POST"])
def duplicate_robots_finish(request: HttpRequest, session_id: int, sitting_id: int
                            ) -> HttpResponse:
    """"Robots finish": robots play every seat of the table for the boards the round has
    left there. The site cannot tell a pupil who left from one still playing, so the
    teacher is first told whose cards the robots would play, and asked (a robot in one
    absent pupil's seat is Seating's job); only the confirmed request plays."""
    session = session_of_teacher_or_404(request, session_id)
    sitting = (SessionSitting.objects.filter(session=session, pk=sitting_id)
               .select_related("session", "table").first())
    if sitting is None:
        raise Http404("No such table")
    if request.method == "GET" or request.POST.get("confirm") != ROBOTS_ALL_SEATS:
        return render(request, "duplicate/robots_finish.html", {
            "session": session, "classroom": session.classroom,
            "ask": sel.robots_finish_ask(sitting), "confirm": ROBOTS_ALL_SEATS})
    try:
        played = dup.sitting_robots_finish(sitting=sitting, by=request.user)
    except dup.DuplicateRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, robots_played_words(played, sitting.table_number))
    return redirect("duplicate_session", session_id=session.id)


def robots_played_words(boards: list[int], table: int) -> str:
    """"Robots played boards 3 and 4 at table 2." (what they did, not what was asked)."""
    if not boards:
        return f"Table {table} had no board left to play in this round."
    named = (f"board {boards[0]}" if len(boards) == 1 else
             f"boards {', '.join(map(str, boards[:-1]))} and {boards[-1]}")
    return f"Robots played {named} at table {table}: its round is played out."


# -- printouts ---------------------------------------------------------------------------------

@teacher_required
@require_GET
def duplicate_movement(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_of_teacher_or_404(request, session_id)
    return render(request, "duplicate/movement.html", {
        "session": session, "classroom": session.classroom, "mv": sel.movement_view(session)})


@teacher_required
@require_GET
def duplicate_sheets(request: HttpRequest, session_id: int) -> HttpResponse:
    """A dealing sheet per board, to make up the wallets for face-to-face play."""
    session = session_of_teacher_or_404(request, session_id)
    return render(request, "duplicate/sheets.html", {
        "session": session, "classroom": session.classroom,
        "records": [sel.hand_record(b) for b in session.boards.all()]})


@teacher_required
@require_GET
def duplicate_records(request: HttpRequest, session_id: int) -> HttpResponse:
    """Hand records, with the progress of their computation while it runs."""
    session = session_of_teacher_or_404(request, session_id)
    context = {"session": session, "classroom": session.classroom,
               "records": [sel.hand_record(b) for b in session.boards.all()]}
    if request.htmx:
        return render(request, "duplicate/records.html#records", context)
    return render(request, "duplicate/records.html", context)


@teacher_required
@require_POST
def duplicate_records_start(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_of_teacher_or_404(request, session_id)
    dup.hand_records_start(session=session)
    return redirect("duplicate_records", session_id=session.id)


# -- results -----------------------------------------------------------------------------------

@teacher_required
@require_GET
def duplicate_results(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_of_teacher_or_404(request, session_id)
    dup.session_sync(session=session)
    return render(request, "duplicate/results.html", {
        "session": session, "classroom": session.classroom, "results": sel.results(session)})


@login_required
@require_GET
def duplicate_board(request: HttpRequest, session_id: int, number: int) -> HttpResponse:
    """A board: its traveller, hand record and (online) the card-by-card
    review. A pupil sees it only once their own table has finished it."""
    session = sel.session_for_teacher(request.user, session_id)
    teacher = session is not None
    if session is None:
        session, pupil = session_of_pupil_or_404(request, session_id)
        if number not in sel.boards_finished_by(session, pupil):
            raise Http404("Not yet: your table has not finished this board")
    board = session.boards.filter(number=number).first()
    if board is None:
        raise Http404("No such board")
    travellers = sel.results(session).travellers.get(number, ())
    play_id = request.GET.get("play", "")
    play = (BoardPlay.objects.filter(board=board, pk=play_id, confirmed=True)
            .select_related("hand").first() if play_id.isdigit() else None)
    return render(request, "duplicate/board.html", {
        "session": session, "classroom": session.classroom, "teacher": teacher,
        "record": sel.hand_record(board), "travellers": travellers, "play": play,
        "replay": sel.replay(play.hand) if play and play.hand else (),
        "form": ResultForm(initial={"board": number}) if teacher else None,
        # Online results come from the hands themselves: only typed-in ones are corrected.
        "sittings": (session.sittings.filter(pk__in=_sittings_with(session, number))
                     .select_related("ns", "ew")
                     if teacher and session.mode == DuplicateSession.Mode.FACE else ()),
        "rules_text": _rules_text(session)})


def _sittings_with(session: DuplicateSession, number: int) -> list[int]:
    movement = session_movement(session)
    wanted = {(r.number, s.table) for r, s in movement.sittings() if number in s.boards}
    return [s.pk for s in session.sittings.all() if (s.round, s.table_number) in wanted]


def _rules_text(session: DuplicateSession) -> str:
    return games.describe(session.game, session.options)


@teacher_required
@require_POST
def duplicate_correct(request: HttpRequest, session_id: int, number: int) -> HttpResponse:
    """The teacher puts a table's result on a board right (or enters it)."""
    session = session_of_teacher_or_404(request, session_id)
    form = ResultForm(request.POST)
    sitting_id = request.POST.get("sitting", "")
    sitting = (SessionSitting.objects.filter(session=session, pk=sitting_id).first()
               if sitting_id.isdigit() else None)
    if sitting is None or not form.is_valid():
        messages.error(request, "Choose the table and fill in the result.")
    else:
        try:
            dup.result_correct(session=session, by=request.user, sitting=sitting,
                               typed=form.typed())
        except dup.DuplicateRefused as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"Board {number} at table {sitting.table_number}, "
                             f"round {sitting.round} is corrected.")
    return redirect("duplicate_board", session_id=session.id, number=number)


@teacher_required
@require_GET
def duplicate_export(request: HttpRequest, session_id: int, fmt: str) -> HttpResponse:
    session = session_of_teacher_or_404(request, session_id)
    if fmt == "pbn":
        body, kind = sel.export_pbn(session), "application/x-pbn; charset=utf-8"
    elif fmt == "csv":
        body, kind = sel.export_csv(session), "text/csv; charset=utf-8"
    else:
        raise Http404("No such export")
    response = HttpResponse(body, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="session-{session.id}.{fmt}"'
    return response


# -- the pupil's page ----------------------------------------------------------------------------

@pupil_required
@require_GET
def duplicate_mine(request: HttpRequest) -> HttpResponse:
    """The pupil's latest session, or a page saying there is none."""
    pupil = Pupil.objects.filter(user=request.user, archived=False).first()
    session = sel.latest_session_for_pupil(pupil) if pupil else None
    if session is not None:
        return redirect("duplicate_pupil", session_id=session.id)
    return render(request, "duplicate/pupil.html", {"pv": None})


@pupil_required
@require_GET
def duplicate_pupil(request: HttpRequest, session_id: int) -> HttpResponse:
    session, pupil = session_of_pupil_or_404(request, session_id)
    dup.session_sync(session=session)
    session.refresh_from_db()
    pv = sel.pupil_view(session, pupil)
    context = {"pv": pv, "session": session,
               "form": ResultForm(boards=pv.boards) if pv.boards else None}
    if request.htmx:
        return render(request, "duplicate/pupil.html#where", context)
    return render(request, "duplicate/pupil.html", context)


@pupil_required
@require_POST
def duplicate_enter(request: HttpRequest, session_id: int) -> HttpResponse:
    """A pupil types their table's result for a board (face to face)."""
    session, pupil = session_of_pupil_or_404(request, session_id)
    form = ResultForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Fill in the board, declarer, contract and tricks.")
    else:
        try:
            dup.result_enter(session=session, user=request.user, typed=form.typed())
        except dup.DuplicateRefused as exc:
            messages.error(request, exc.message)
    return redirect("duplicate_pupil", session_id=session.id)


@pupil_required
@require_POST
def duplicate_confirm(request: HttpRequest, session_id: int, play_id: int) -> HttpResponse:
    session, pupil = session_of_pupil_or_404(request, session_id)
    play = BoardPlay.objects.filter(session=session, pk=play_id).first()
    if play is None:
        raise Http404("No such result")
    try:
        dup.result_confirm(play=play, user=request.user)
    except dup.DuplicateRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Board {play.board.number} is on the traveller.")
    return redirect("duplicate_pupil", session_id=session.id)
