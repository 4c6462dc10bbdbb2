"""League pages (issue 5): the class's leagues, a new league, the league table
(grid, standings, rounds), each pair's page, a mini-match (played online or
typed in), rescheduling and replaying a deal. Teachers of the class manage;
its pupils read; anyone else gets 404."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from teaching.access import (
    classroom_or_404,
    league_or_404,
    match_or_404,
    pupil_required,
    teacher_required,
)
from teaching.classes.selectors import active_pupils, can_teach
from teaching.league import selectors as sel
from teaching.league import services as sl
from teaching.league.forms import DealForm, LeagueForm, pair_rows
from teaching.models import League, LeagueDeal, LeagueMatch, LeaguePair


@teacher_required
@require_GET
def league_list(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    return render(request, "league/leagues.html",
                  {"classroom": classroom, "leagues": sel.class_leagues(classroom)})


@teacher_required
@require_http_methods(["GET", "POST"])
def league_new(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    pupils = list(active_pupils(classroom))
    rows = max(2, len(pupils) // 2)
    form = LeagueForm(request.POST or None)
    chosen = pair_rows(request.POST, rows)
    if request.method == "POST" and form.is_valid():
        length, deals = form.length_and_deals()
        try:
            pairs = tuple((int(a), int(b)) for a, b in chosen if a or b)
        except ValueError:
            pairs = ()
        plan = sl.LeaguePlan(
            name=form.cleaned_data["name"], pairs=pairs, length=length, deals=deals,
            won_by=form.cleaned_data["won_by"], meetings=form.cleaned_data["meetings"],
            starts=form.cleaned_data["starts"], ends=form.cleaned_data["ends"])
        try:
            league = sl.league_create(classroom=classroom, by=request.user, plan=plan)
        except sl.LeagueRefused as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, f"{league.name} is scheduled: "
                                      f"{league.matches.count()} mini-matches.")
            return redirect("league", league_id=league.id)
    return render(request, "league/new.html", {
        "classroom": classroom, "form": form, "pupils": pupils,
        "rows": [(n, chosen[n - 1]) for n in range(1, rows + 1)],
    }, status=400 if request.method == "POST" else 200)


@login_required
@require_GET
def league_detail(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league table: live (the grid region refreshes itself), printable."""
    league = league_or_404(request, league_id)
    sl.league_sync(league=league)
    template = "league/league.html#live" if request.htmx else "league/league.html"
    return render(request, template, {
        "league": league, "page": sel.league_page(league),
        "teacher": can_teach(request.user, league.classroom)})


@login_required
@require_GET
def league_pair(request: HttpRequest, league_id: int, pair_id: int) -> HttpResponse:
    league = league_or_404(request, league_id)
    pair = LeaguePair.objects.filter(league=league, pk=pair_id).first()
    if pair is None:
        raise Http404("No such pair")
    sl.league_sync(league=league)
    return render(request, "league/pair.html", {"league": league,
                                                "page": sel.pair_page(league, pair)})


@login_required
@require_GET
def league_match(request: HttpRequest, league_id: int, match_id: int) -> HttpResponse:
    league = league_or_404(request, league_id)
    match = match_or_404(league, match_id)
    sl.match_sync(match=match)
    return _match_page(request, league, match, DealForm())


def _match_page(request: HttpRequest, league: League, match: LeagueMatch, form: DealForm,
                status: int = 200) -> HttpResponse:
    page = sel.league_page(league)
    return render(request, "league/match.html", {
        "league": league, "match": page.by_id[match.id], "deals": sel.match_deals(match),
        "form": form, "teacher": can_teach(request.user, league.classroom),
        "format_words": page.format_words,
        "rounds": range(1, len(page.rounds) + 2)}, status=status)


@teacher_required
@require_POST
def league_match_online(request: HttpRequest, league_id: int, match_id: int) -> HttpResponse:
    league = league_or_404(request, league_id, manage=True)
    match = match_or_404(league, match_id)
    try:
        table = sl.match_play_online(match=match, by=request.user)
    except sl.LeagueRefused as exc:
        messages.error(request, exc.message)
        return redirect("league_match", league_id=league.id, match_id=match.id)
    messages.success(request, f"{table.name} is open: the four pupils find it on their page.")
    return redirect("league_match", league_id=league.id, match_id=match.id)


@teacher_required
@require_POST
def league_match_robots(request: HttpRequest, league_id: int, match_id: int) -> HttpResponse:
    league = league_or_404(request, league_id, manage=True)
    match = match_or_404(league, match_id)
    try:
        sl.match_robots_finish(match=match, by=request.user)
    except sl.LeagueRefused as exc:
        messages.error(request, exc.message)
    return redirect("league_match", league_id=league.id, match_id=match.id)


@teacher_required
@require_POST
def league_deal_enter(request: HttpRequest, league_id: int, match_id: int) -> HttpResponse:
    league = league_or_404(request, league_id, manage=True)
    match = match_or_404(league, match_id)
    form = DealForm(request.POST)
    if form.is_valid():
        try:
            row = sl.deal_enter(match=match, by=request.user, typed=sl.TypedDeal(
                **{k: str(v) for k, v in form.cleaned_data.items()}))
        except sl.LeagueRefused as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, f"Deal {row.number} is in: "
                                      f"{sel.deal_result_words(row, league) or 'no contract'}.")
            return redirect("league_match", league_id=league.id, match_id=match.id)
    return _match_page(request, league, match, form, status=400)


@teacher_required
@require_POST
def league_match_move(request: HttpRequest, league_id: int, match_id: int) -> HttpResponse:
    league = league_or_404(request, league_id, manage=True)
    match = match_or_404(league, match_id)
    try:
        to_round = int(request.POST.get("round", ""))
        sl.match_move(match=match, to_round=to_round, by=request.user)
    except ValueError:
        messages.error(request, "Choose the round to move the match to.")
    except sl.LeagueRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"The match is now in round {to_round}.")
    return redirect("league_match", league_id=league.id, match_id=match.id)


@login_required
@require_GET
def league_deal_replay(request: HttpRequest, league_id: int, deal_id: int) -> HttpResponse:
    league = league_or_404(request, league_id)
    row = LeagueDeal.objects.filter(pk=deal_id, match__league=league).select_related(
        "match").first()
    if row is None or row.hand_id is None:
        raise Http404("No such deal played online")
    return render(request, "league/replay.html", {
        "league": league, "deal": row, "steps": sel.deal_replay(row),
        "in_words": sel.deal_result_words(row, league),
        "match": sel.league_page(league).by_id[row.match_id]})


@pupil_required
@require_GET
def league_mine(request: HttpRequest) -> HttpResponse:
    """A pupil's leagues and next opponents (also a block on the pupil's home page)."""
    return render(request, "league/mine.html",
                  {"leagues": sel.pupil_leagues(request.user.pupil)})
