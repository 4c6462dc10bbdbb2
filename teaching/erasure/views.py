"""Pages for erasing children's data: the privacy page, a pupil's data as a file, and the
confirm pages that delete a pupil, a class or a teacher's account.

Each delete asks first (GET shows what will go; POST deletes): a pupil on a confirm
page, a class or an account by typing its name or address.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from teaching.access import classroom_or_404, teacher_required
from teaching.accounts.services import AccountError
from teaching.erasure import services
from teaching.models import Classroom, Pupil


@require_GET
def privacy(request: HttpRequest) -> HttpResponse:
    """What is stored about a pupil, why, for how long, and how the teacher erases it."""
    return render(request, "erasure/privacy.html")


def _any_pupil_or_404(request: HttpRequest, classroom_id: int, pupil_id: int) -> Pupil:
    """A pupil, archived or not, of a class the user teaches; 404 for everyone else."""
    classroom = classroom_or_404(request, classroom_id)
    pupil = (Pupil.objects.select_related("user", "classroom__owner")
             .filter(classroom=classroom, pk=pupil_id).first())
    if pupil is None:
        raise Http404("No such pupil.")
    return pupil


@teacher_required
@require_GET
def archived_pupils(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The class's archived pupils, whom the class page no longer lists: each can be
    downloaded or deleted here."""
    classroom = classroom_or_404(request, classroom_id)
    pupils = Pupil.objects.filter(classroom=classroom, archived=True).order_by("name", "pk")
    return render(request, "erasure/archived_pupils.html", {
        "classroom": classroom, "pupils": pupils,
    })


@teacher_required
@require_GET
def pupil_data(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    """The file a teacher hands a parent who asks what the site holds about their child."""
    pupil = _any_pupil_or_404(request, classroom_id, pupil_id)
    body = json.dumps(services.pupil_record(pupil), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"pupil-{slugify(pupil.name) or pupil.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


@teacher_required
@require_http_methods(["GET", "POST"])
def pupil_delete(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    pupil = _any_pupil_or_404(request, classroom_id, pupil_id)
    classroom = pupil.classroom
    if request.method == "POST":
        name = services.pupil_erase(pupil=pupil, by=request.user)
        messages.success(request, f"{name} is deleted: their name, secret and login are gone.")
        return redirect("classroom", classroom.pk)
    return render(request, "erasure/pupil_delete.html", {
        "classroom": classroom, "pupil": pupil, "footprint": services.pupil_footprint(pupil),
    })


def _owned_or_404(request: HttpRequest, classroom_id: int) -> Classroom:
    classroom = classroom_or_404(request, classroom_id)
    if classroom.owner_id != request.user.pk:
        raise Http404("No such class.")
    return classroom


@teacher_required
@require_http_methods(["GET", "POST"])
def classroom_delete(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = _owned_or_404(request, classroom_id)
    error = ""
    if request.method == "POST":
        try:
            name = services.classroom_erase(classroom=classroom, by=request.user,
                                            typed=request.POST.get("name", ""))
        except AccountError as refused:
            error = refused.message
        else:
            messages.success(request, f"{name} is deleted, with its pupils and their hands.")
            return redirect("dashboard")
    return render(request, "erasure/classroom_delete.html", {
        "classroom": classroom, "footprint": services.classroom_footprint(classroom),
        "error": error,
    }, status=400 if error else 200)


@teacher_required
@require_http_methods(["GET", "POST"])
def account_delete(request: HttpRequest) -> HttpResponse:
    error = ""
    if request.method == "POST":
        try:
            services.teacher_erase(teacher=request.user, typed=request.POST.get("email", ""))
        except AccountError as refused:
            error = refused.message
        else:
            logout(request)
            messages.success(request, "Your account and your classes are deleted.")
            return redirect("home")
    return render(request, "erasure/account_delete.html", {
        "footprint": services.teacher_footprint(request.user), "error": error,
    }, status=400 if error else 200)
