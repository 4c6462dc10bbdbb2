"""Pages of classes: the home page, the teacher's dashboard, a class and its pupils,
their login cards, a pupil's own page and the lesson pages.

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
from teaching.classes import selectors, services
from teaching.classes.forms import (
    ClassroomForm,
    CoTeacherForm,
    LessonForm,
    PupilLessonForm,
    PupilMoveForm,
    PupilsForm,
    RenameForm,
    RobotsForm,
    pause_text,
)
from teaching.classes.lessons import LESSONS, lesson_page
from teaching.models import Classroom


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The single page listing the games and their lessons."""
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
            classroom = services.classroom_create(owner=request.user, **form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            messages.success(request, f"{classroom.name} is ready. Now add your pupils.")
            return redirect("classroom", classroom.pk)
    return render(request, "classes/new.html", {"form": form})


def _classroom_page(request: HttpRequest, classroom: Classroom, *,
                    region: str | None = None, **forms: Any) -> HttpResponse:
    """The class page (or one of its regions for htmx), with any bound forms given."""
    context = {
        "classroom": classroom,
        "is_owner": classroom.owner_id == request.user.pk,
        "pupils": selectors.active_pupils(classroom),
        "co_teachers": classroom.co_teachers.all(),
        "other_classrooms": selectors.other_classrooms(request.user, classroom),
        "lesson": lesson_page(classroom.lesson),
        "lessons": LESSONS,
        "join_url": request.build_absolute_uri(reverse("pupil_login")),
        "rename_form": RenameForm(initial={"name": classroom.name}),
        "lesson_form": LessonForm(initial={"lesson": classroom.lesson}),
        "co_teacher_form": CoTeacherForm(),
        "robots_form": RobotsForm(
            initial={"pause_ms": classroom.robot_pause_ms, "level": classroom.robot_level},
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
def classroom_set_lesson(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = LessonForm(request.POST)
    if form.is_valid():
        services.classroom_set_lesson(classroom=classroom, by=request.user, **form.cleaned_data)
        messages.success(request, f"The class is on MiniLesson {classroom.lesson} now.")
        return redirect("classroom", classroom.pk)
    return _classroom_page(request, classroom, lesson_form=form)


@teacher_required
@require_POST
def classroom_set_robots(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    form = RobotsForm(request.POST, current_pause_ms=classroom.robot_pause_ms)
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
    form = RenameForm(request.POST)
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
def pupil_set_lesson(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = pupil_or_404(request, classroom_or_404(request, classroom_id), pupil_id)
    form = PupilLessonForm(request.POST)
    if not form.is_valid():
        return _pupils_refused(request, pupil.classroom,
                               f"Could not change {pupil.name}'s lesson: choose 1 to 6.")
    services.pupil_set_lesson(pupil=pupil, by=request.user, **form.cleaned_data)
    which = (f"MiniLesson {pupil.lesson_override}" if pupil.lesson_override
             else "the class's lesson")
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
    """The pupil's own page: their lesson, practice, and their table if seated."""
    pupil = request.user.pupil
    return render(request, "accounts/pupil_home.html", {
        "pupil": pupil,
        "lesson": lesson_page(pupil.lesson),
        "table": selectors.pupil_current_table(pupil),
    })


# -- lesson pages ----------------------------------------------------------------------------

@require_GET
def lessons_index(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/index.html", {"lessons": LESSONS})


@require_GET
def lesson(request: HttpRequest, number: int) -> HttpResponse:
    page = lesson_page(number)
    if page is None:
        raise Http404("There are six MiniLessons, 1 to 6.")
    return render(request, "lessons/lesson.html", {
        "lesson": page,
        "previous": lesson_page(number - 1),
        "next": lesson_page(number + 1),
    })
