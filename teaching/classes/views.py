"""Pages of classes: the home page, the teacher's dashboard, a class and its pupils,
their login cards, a pupil's own page and each game's how-to pages.

Each view parses, checks access (teaching.access), calls one service or selector, and
renders or redirects.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from teaching.access import (
    classroom_or_404,
    pupil_or_404,
    pupil_required,
    teacher_required,
)
from teaching.accounts.services import AccountError
from teaching.classes import games, selectors, services
from teaching.classes.forms import (
    ClassroomForm,
    CoTeacherForm,
    GameForm,
    OptionsForm,
    PupilMoveForm,
    PupilOptionsForm,
    PupilRenameForm,
    PupilsForm,
    RenameForm,
    RobotsForm,
    game_choice_of,
    pause_text,
)
from teaching.models import Classroom, Pupil


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The single page listing the games and their variants."""
    return render(request, "home.html", {"games": selectors.game_catalogue()})


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """The teacher's classes, owned and shared. A pupil lands on their own page instead."""
    if request.user.is_pupil:
        return redirect("pupil_home")
    if not request.user.is_teacher:
        raise Http404("No such page.")
    return render(request, "accounts/dashboard.html", {
        "dashboard": selectors.dashboard_for(request.user), "form": ClassroomForm(),
    })


# -- classes ---------------------------------------------------------------------------------

@teacher_required
@require_http_methods(["GET", "POST"])
def classroom_create(request: HttpRequest) -> HttpResponse:
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.classroom_create(owner=request.user, **form.service_data())
        except AccountError as error:
            form.add_service_error(error)
        else:
            messages.success(request, f"{classroom.name} is ready. Now add your pupils.")
            return redirect("classroom", classroom.pk)
    return render(request, "classes/new.html", {"form": form})


def _pupil_variant(pupil: Pupil, entry: Any) -> str:
    """The variant key a pupil's own options are ("" when they follow the class)."""
    if not pupil.options_override or entry is None:
        return ""
    variant = games.variant_of(entry, pupil.options_override)
    return variant.key if variant else ""


def _classroom_page(request: HttpRequest, classroom: Classroom, *,
                    region: str | None = None, **forms: Any) -> HttpResponse:
    """The class page (or one of its regions for htmx), with any bound forms given."""
    try:
        entry = games.entry_of(classroom.game)
    except games.GameChoiceError:
        entry = None  # a game no longer registered: the page still offers the others
    pupils = selectors.active_pupils(classroom)
    context = {
        "classroom": classroom,
        "is_owner": classroom.owner_id == request.user.pk,
        "pupils": pupils,
        "pupil_variants": {p.pk: _pupil_variant(p, entry) for p in pupils},
        "variants": entry.variants if entry else (),
        "co_teachers": classroom.co_teachers.all(),
        "other_classrooms": selectors.other_classrooms(request.user, classroom),
        "game": games.about(classroom.game, classroom.options),
        "join_url": request.build_absolute_uri(reverse("pupil_login")),
        "rename_form": RenameForm(initial={"name": classroom.name}),
        "game_form": GameForm(initial={"choice": game_choice_of(classroom.game,
                                                                classroom.options)}),
        "options_form": OptionsForm(entry=entry, options=classroom.options) if entry else None,
        "co_teacher_form": CoTeacherForm(),
        "robots_form": RobotsForm(
            initial={"pause_ms": classroom.robot_pause_ms, "level": classroom.robot_level},
            levels=games.robot_levels(classroom.game) if entry else (),
            current_pause_ms=classroom.robot_pause_ms),
        "pupils_form": PupilsForm(),
        **forms,
    }
    template = "classes/classroom.html"
    if region and request.htmx:
        template += f"#{region}"
    return render(request, template, context)


@teacher_required
@require_GET
def classroom_detail(request: HttpRequest, classroom_id: int) -> HttpResponse:
    return _classroom_page(request, classroom_or_404(request, classroom_id))


@teacher_required
@require_POST
def classroom_rename(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = RenameForm(request.POST)
    if form.is_valid():
        try:
            services.classroom_rename(classroom=classroom, by=request.user, **form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            messages.success(request, f"The class is now called {classroom.name}.")
            return redirect("classroom", classroom.pk)
    classroom.refresh_from_db()
    return _classroom_page(request, classroom, rename_form=form)


@teacher_required
@require_POST
def classroom_set_game(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Put the class on another game, or another variant of its game."""
    classroom = classroom_or_404(request, classroom_id)
    form = GameForm(request.POST)
    if form.is_valid():
        before = classroom.game
        try:
            services.classroom_set_game(classroom=classroom, by=request.user,
                                        **form.service_data())
        except AccountError as error:
            form.add_error("choice", error.message)
        else:
            words = games.describe(classroom.game, classroom.options)
            messages.success(request, f"The class plays {words} now."
                             + _open_tables_note(classroom, before))
            return redirect("classroom", classroom.pk)
    classroom.refresh_from_db()
    return _classroom_page(request, classroom, game_form=form)


def _open_tables_note(classroom: Classroom, game_before: str) -> str:
    """What the class's open tables do now, for the teacher's message (decision 0401)."""
    if not classroom.tables.filter(closed=False, practice_for__isnull=True).exists():
        return ""
    if classroom.game != game_before:
        return " Open tables play on as they are: seat the class again to start the new game."
    return " Open tables take it at their next deal."


@teacher_required
@require_POST
def classroom_set_options(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Set the options of the class's game, one by one."""
    classroom = classroom_or_404(request, classroom_id)
    try:
        entry = games.entry_of(classroom.game)
    except games.GameChoiceError as error:
        messages.error(request, error.message)
        return redirect("classroom", classroom.pk)
    form = OptionsForm(request.POST, entry=entry, options=classroom.options)
    if form.is_valid():
        try:
            services.classroom_set_game(classroom=classroom, by=request.user,
                                        **form.service_data())
        except AccountError as error:
            form.add_error(None, error.message)
        else:
            words = games.describe(classroom.game, classroom.options)
            messages.success(request, f"The class plays {words} now."
                             + _open_tables_note(classroom, classroom.game))
            return redirect("classroom", classroom.pk)
    classroom.refresh_from_db()
    return _classroom_page(request, classroom, options_form=form)


@teacher_required
@require_POST
def classroom_set_robots(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = RobotsForm(request.POST, levels=games.robot_levels(classroom.game),
                      current_pause_ms=classroom.robot_pause_ms)
    if form.is_valid():
        try:
            services.classroom_set_robots(classroom=classroom, by=request.user,
                                          **form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            pause = classroom.robot_pause_ms
            wait = (f"wait {pause_text(pause)} between cards" if pause
                    else "play their cards without a pause")
            messages.success(request, f"Robots now {wait}. They play at the "
                                      f"{classroom.robot_level} level.")
            return redirect("classroom", classroom.pk)
    classroom.refresh_from_db()
    return _classroom_page(request, classroom, robots_form=form)


@teacher_required
@require_POST
def classroom_archive(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    services.classroom_archive(classroom=classroom, by=request.user)
    messages.success(request, f"{classroom.name} is archived: its pupils cannot log in. "
                              "You can restore it from your dashboard.")
    return redirect("dashboard")


@teacher_required
@require_POST
def classroom_restore(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    services.classroom_restore(classroom=classroom, by=request.user)
    messages.success(request, f"{classroom.name} is back: its pupils can log in again.")
    return redirect("classroom", classroom.pk)


@teacher_required
@require_POST
def classroom_add_co_teacher(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = CoTeacherForm(request.POST)
    if form.is_valid():
        try:
            teacher = services.classroom_add_co_teacher(classroom=classroom, by=request.user,
                                                        **form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            messages.success(request, f"{teacher} teaches {classroom.name} with you now.")
            return redirect("classroom", classroom.pk)
    return _classroom_page(request, classroom, co_teacher_form=form)


@teacher_required
@require_POST
def classroom_remove_co_teacher(request: HttpRequest, classroom_id: int,
                                user_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    teacher = classroom.co_teachers.filter(pk=user_id).first()
    if teacher is None:
        raise Http404("That teacher does not teach this class.")
    services.classroom_remove_co_teacher(classroom=classroom, teacher=teacher, by=request.user)
    messages.success(request, f"{teacher} no longer teaches {classroom.name}.")
    if teacher.pk == request.user.pk:
        return redirect("dashboard")
    return redirect("classroom", classroom.pk)


# -- pupils ----------------------------------------------------------------------------------

def _pupils_done(request: HttpRequest, classroom: Classroom, message: str) -> HttpResponse:
    messages.success(request, message)
    if request.htmx:
        return _classroom_page(request, classroom, region="pupils")
    return redirect(reverse("classroom", args=[classroom.pk]) + "#pupils")


def _pupils_refused(request: HttpRequest, classroom: Classroom, message: str) -> HttpResponse:
    messages.error(request, message)
    if request.htmx:
        return _classroom_page(request, classroom, region="pupils")
    return redirect(reverse("classroom", args=[classroom.pk]) + "#pupils")


@teacher_required
@require_POST
def pupils_create(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = PupilsForm(request.POST)
    if form.is_valid():
        try:
            pupils = services.pupils_create(classroom=classroom, by=request.user,
                                            **form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            count = len(pupils)
            return _pupils_done(request, classroom, f"{count} pupil{'s' if count != 1 else ''} "
                                                    "added, each with a secret word.")
    # The typed list comes back with the error, so nothing the teacher typed is lost.
    return _classroom_page(request, classroom, region="pupils", pupils_form=form)


@teacher_required
@require_POST
def pupil_rename(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    old = pupil.name
    form = PupilRenameForm(request.POST)
    if not form.is_valid():
        return _pupils_refused(request, pupil.classroom, f"Could not rename {old}: "
                               + " ".join(form.errors.get("name", ["type a name."])))
    try:
        services.pupil_rename(pupil=pupil, by=request.user, **form.cleaned_data)
    except AccountError as error:
        return _pupils_refused(request, pupil.classroom, f"Could not rename {old}: "
                               + error.message)
    return _pupils_done(request, pupil.classroom, f"{old} is now called {pupil.name}.")


@teacher_required
@require_POST
def pupil_reset_secret(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    services.pupil_reset_secret(pupil=pupil, by=request.user)
    return _pupils_done(request, pupil.classroom,
                        f"{pupil.name}'s new secret is {pupil.secret}. Print a new card.")


@teacher_required
@require_POST
def pupil_archive(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    services.pupil_archive(pupil=pupil, by=request.user)
    return _pupils_done(request, pupil.classroom, f"{pupil.name} is archived and can no longer "
                                                  "log in. Their hands are kept.")


@teacher_required
@require_POST
def pupil_move(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    source = pupil.classroom
    form = PupilMoveForm(request.POST, classrooms=selectors.other_classrooms(request.user, source))
    if not form.is_valid():
        return _pupils_refused(request, source, f"Could not move {pupil.name}: "
                               "choose one of your other classes.")
    try:
        services.pupil_move(pupil=pupil, to=form.cleaned_data["classroom"], by=request.user)
    except AccountError as error:
        return _pupils_refused(request, source, f"Could not move {pupil.name}: {error.message}")
    return _pupils_done(request, source, f"{pupil.name} moved to {pupil.classroom.name}.")


@teacher_required
@require_POST
def pupil_set_options(request: HttpRequest, classroom_id: int, pupil_id: int
                      ) -> HttpResponse:
    """Put a pupil on one of the class's game's variants, or back with the class."""
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    try:
        entry = games.entry_of(pupil.classroom.game)
    except games.GameChoiceError as error:
        return _pupils_refused(request, pupil.classroom, error.message)
    form = PupilOptionsForm(request.POST, entry=entry)
    if not form.is_valid():
        return _pupils_refused(request, pupil.classroom,
                               f"Could not change {pupil.name}'s variant: choose one from "
                               "the list.")
    try:
        services.pupil_set_options(pupil=pupil, by=request.user, options=form.options())
    except AccountError as error:
        return _pupils_refused(request, pupil.classroom,
                               f"Could not change {pupil.name}'s variant: {error.message}")
    which = (games.describe(pupil.classroom.game, pupil.options_override)
             if pupil.options_override else "the class's variant")
    return _pupils_done(request, pupil.classroom, f"{pupil.name} is on {which} now.")


@teacher_required
@require_GET
def login_cards(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The class's printable login cards; ``?pupil=<id>`` prints one pupil's card."""
    classroom = classroom_or_404(request, classroom_id)
    pupil_id = request.GET.get("pupil")
    if pupil_id is not None and not pupil_id.isdigit():
        raise Http404("No such pupil.")
    return render(request, "classes/login_cards.html", {
        "classroom": classroom,
        "pages": list(selectors.login_card_pages(classroom,
                                                 int(pupil_id) if pupil_id else None)),
        "join_url": request.build_absolute_uri(reverse("pupil_login")),
    })


# -- a pupil's own page ----------------------------------------------------------------------

@pupil_required
@require_GET
def pupil_home(request: HttpRequest) -> HttpResponse:
    """The pupil's own page: their game and variant, practice, and where they play now
    (the table they are seated at, or the face-to-face duplicate going on)."""
    pupil = request.user.pupil
    return render(request, "accounts/pupil_home.html", {
        "pupil": pupil,
        "game": games.about(pupil.classroom.game, pupil.options),
        "where": selectors.pupil_whereabouts(pupil),
    })


# -- a game's how-to pages ---------------------------------------------------------------------

@require_GET
def game_howto(request: HttpRequest, name: str, page: str = "index") -> HttpResponse:
    """A game's own "how to play" page (templates/games/<name>/howto/<page>.html)."""
    try:
        entry = games.entry_of(name)
    except games.GameChoiceError:
        raise Http404("No such game.") from None
    template = games.howto_template(name, page)
    if template is None:
        raise Http404(f"{entry.title} has no such page.")
    # The page's title is the variant's own (the engine's), the one the home and class
    # pages list: one source, so a lesson never has two names.
    variant = next((v for v in entry.variants if v.key == page), None)
    howto_pages = [v for v in entry.variants if games.howto_template(name, v.key)]
    return render(request, template, {"game": entry, "is_index": page == "index",
                                      "variant": variant, "howto_pages": howto_pages})
