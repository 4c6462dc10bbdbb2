"""Pages of accounts: a teacher signs up and logs in; a pupil logs in with the class code,
their name and the secret on their login card (throttled after wrong secrets).

Each view parses, checks access (teaching.access), calls one service or selector, and
renders or redirects.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods

from teaching.access import classroom_by_code_or_404
from teaching.accounts import services
from teaching.accounts.forms import ClassCodeForm, SecretForm, SignupForm, TeacherLoginForm
from teaching.accounts.services import AccountError, LoginRefused
from teaching.classes.selectors import active_pupils, classroom_by_code

_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _safe_next(request: HttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


# -- teachers' accounts ----------------------------------------------------------------------

@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.teacher_signup(**form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            login(request, user, backend=_BACKEND)
            messages.success(request, f"Welcome, {user.display_name}! Create your first class.")
            return redirect("dashboard")
    return render(request, "accounts/signup.html", {"form": form})


@require_http_methods(["GET", "POST"])
def teacher_login(request: HttpRequest) -> HttpResponse:
    form = TeacherLoginForm(request, request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.user)
        return redirect(_safe_next(request, reverse("dashboard")))
    return render(request, "accounts/login.html", {"form": form, "next": _safe_next(request, "")})


# -- pupils logging in ----------------------------------------------------------------------

@require_GET
def pupil_login(request: HttpRequest) -> HttpResponse:
    """Step 1: the class code (a GET form, so a page left open never meets a stale token)."""
    form = ClassCodeForm(request.GET if "code" in request.GET else None)
    if form.is_bound and form.is_valid():
        classroom = classroom_by_code(form.cleaned_data["code"])
        if classroom is not None:
            return redirect("pupil_login_names", classroom.code)
        form.add_error("code", "No class has that code. Check the code on your card: "
                               "it has six letters and numbers.")
    return render(request, "accounts/pupil_login.html", {"form": form})


@require_GET
def pupil_login_names(request: HttpRequest, code: str) -> HttpResponse:
    """Step 2: the class's pupils as big buttons; a child picks their name."""
    classroom = classroom_by_code_or_404(code)
    wait = None if classroom.archived else services.class_login_wait(classroom, timezone.now())
    return render(request, "accounts/pupil_login_names.html", {
        "classroom": classroom,
        "pupils": [] if classroom.archived else active_pupils(classroom),
        "wait": wait and services.minutes(wait),
    })


@require_http_methods(["GET", "POST"])
def pupil_login_secret(request: HttpRequest, code: str, pupil_id: int) -> HttpResponse:
    """Step 3: the secret word from the login card."""
    classroom = classroom_by_code_or_404(code)
    pupil = active_pupils(classroom).filter(pk=pupil_id).first()
    if pupil is None:
        raise Http404("No such pupil in this class.")
    form = SecretForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.pupil_login_check(pupil=pupil, secret=form.cleaned_data["secret"])
        except LoginRefused as refusal:
            form.add_error("secret" if refusal.code == "wrong_secret" else None, refusal.message)
        else:
            login(request, user, backend=_BACKEND)
            return redirect(_safe_next(request, reverse("pupil_home")))
    return render(request, "accounts/pupil_login_secret.html",
                  {"classroom": classroom, "pupil": pupil, "form": form})
