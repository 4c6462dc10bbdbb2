"""Pages of accounts: a teacher signs up and logs in; a pupil logs in with the class code,
their name and the secret on their login card; a teacher unlocks logins the throttle
locked.

Each view parses, checks access (teaching.access), calls one service or selector, and
renders or redirects. Every guess (a password, a class code, a secret) goes through a
service with the client who sent it (teaching.accounts.throttle.client_of), and a good
login marks the browser as one its user logs in from.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from teaching.access import classroom_or_404, pupil_or_404, teacher_required
from teaching.accounts import services
from teaching.accounts.forms import (
    ClassCodeForm,
    SecretForm,
    SignupConfirmForm,
    SignupForm,
    TeacherLoginForm,
)
from teaching.accounts.services import AccountError, LoginRefused
from teaching.accounts.throttle import client_of, remember_login
from teaching.classes.selectors import active_pupils
from teaching.models import Classroom, User
from teaching.templatetags.login_tags import logins_context

_BACKEND = "teaching.accounts.backends.AccountBackend"
#: A lock's answer: the page says why, with the status that asks a client to slow down.
TOO_MANY = 429


def _safe_next(request: HttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def _logged_in(request: HttpRequest, user: User, to: str) -> HttpResponse:
    login(request, user, backend=_BACKEND)
    response = redirect(to)
    remember_login(response, client_of(request), user.pk, timezone.now())
    return response


# -- teachers' accounts ----------------------------------------------------------------------

@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """The sign-up form; a good one is answered "we have sent a message", the same page
    for an address that has an account and one that has not (0336)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            email = services.teacher_signup_request(
                client=client_of(request), site=_site(request), **form.cleaned_data)
        except AccountError as error:
            form.add_service_error(error)
        else:
            printed = settings.EMAIL_BACKEND.endswith(".console.EmailBackend")
            return render(request, "accounts/signup_sent.html",
                          {"email": email, "mail_printed": printed})
    return render(request, "accounts/signup.html", {"form": form})


def _site(request: HttpRequest) -> str:
    """The scheme and host the teacher is using, for the link mailed to her."""
    return request.build_absolute_uri("/").rstrip("/")


@require_http_methods(["GET", "POST"])
def signup_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link in the mail: a page that asks for her password, so that a mail filter that
    opens links to check them does not use it up, and so that the password is chosen by
    whoever reads the address's mail, not by whoever asked for the link (0710). A good
    password makes the account and logs her in; a refused one says why, the link unused."""
    pending = services.pending_signup(token=token)
    if pending is None:
        return render(request, "accounts/signup_confirm.html",
                      {"error": services.SIGNUP_LINK_DEAD})
    form = SignupConfirmForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.teacher_signup_confirm(token=token,
                                                   password=form.cleaned_data["password"])
        except AccountError as error:
            if error.field != "password":
                return render(request, "accounts/signup_confirm.html", {"error": error.message})
            form.add_service_error(error)
        else:
            messages.success(request, f"Welcome, {user.display_name}! Create your first class.")
            return _logged_in(request, user, reverse("dashboard"))
    return render(request, "accounts/signup_confirm.html", {"pending": pending, "form": form})


@require_http_methods(["GET", "POST"])
def teacher_login(request: HttpRequest) -> HttpResponse:
    form = TeacherLoginForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = services.teacher_login_check(client=client_of(request), request=request,
                                                **form.cleaned_data)
        except LoginRefused as refusal:
            form.add_error(None, refusal.message)
            status = 200 if refusal.code == "wrong_password" else TOO_MANY
        else:
            return _logged_in(request, user, _safe_next(request, reverse("dashboard")))
    return render(request, "accounts/login.html",
                  {"form": form, "next": _safe_next(request, "")}, status=status)


# -- pupils logging in ----------------------------------------------------------------------

def _classroom_by_code(request: HttpRequest, code: str) -> Classroom:
    """The class with the code in the address, counted as a guess when none has it;
    404 for an unknown code, 429 (the code page, saying why) for a client guessing."""
    try:
        classroom = services.classroom_by_code_check(code=code, client=client_of(request))
    except LoginRefused as refusal:
        raise _Locked(refusal) from None
    if classroom is None:
        raise Http404("No class has that code.")
    return classroom


class _Locked(Exception):
    def __init__(self, refusal: LoginRefused) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


def _code_page(request: HttpRequest, form: ClassCodeForm, status: int = 200) -> HttpResponse:
    return render(request, "accounts/pupil_login.html", {"form": form}, status=status)


def _code_locked(request: HttpRequest, code: str, refusal: LoginRefused) -> HttpResponse:
    """The code page again, with the code from the address and why it was not looked up."""
    form = ClassCodeForm({"code": code})
    form.is_valid()
    form.add_error("code", refusal.message)
    return _code_page(request, form, TOO_MANY)


@require_GET
def pupil_login(request: HttpRequest) -> HttpResponse:
    """Step 1: the class code (a GET form, so a page left open never meets a stale token)."""
    form = ClassCodeForm(request.GET if "code" in request.GET else None)
    if form.is_bound and form.is_valid():
        try:
            classroom = services.classroom_by_code_check(code=form.cleaned_data["code"],
                                                         client=client_of(request))
        except LoginRefused as refusal:
            form.add_error("code", refusal.message)
            return _code_page(request, form, TOO_MANY)
        if classroom is not None:
            names = reverse("pupil_login_names", args=[classroom.code])
            back_to = _safe_next(request, "")  # the page a pupil's ended session left
            return redirect(f"{names}?{urlencode({'next': back_to})}" if back_to else names)
        form.add_error("code", "No class has that code. Check the code on your card: "
                               "it has six letters and numbers.")
    return _code_page(request, form)


@require_GET
def pupil_login_names(request: HttpRequest, code: str) -> HttpResponse:
    """Step 2: the class's pupils as big buttons; a child picks their name."""
    try:
        classroom = _classroom_by_code(request, code)
    except _Locked as locked:
        return _code_locked(request, code, locked.refusal)
    return render(request, "accounts/pupil_login_names.html", {
        "classroom": classroom,
        "pupils": [] if classroom.archived else active_pupils(classroom),
    })


@require_http_methods(["GET", "POST"])
def pupil_login_secret(request: HttpRequest, code: str, pupil_id: int) -> HttpResponse:
    """Step 3: the secret word from the login card."""
    try:
        classroom = _classroom_by_code(request, code)
    except _Locked as locked:
        return _code_locked(request, code, locked.refusal)
    pupil = active_pupils(classroom).filter(pk=pupil_id).first()
    if pupil is None:
        raise Http404("No such pupil in this class.")
    form = SecretForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = services.pupil_login_check(pupil=pupil, secret=form.cleaned_data["secret"],
                                              client=client_of(request))
        except LoginRefused as refusal:
            wrong = refusal.code == "wrong_secret"
            form.add_error("secret" if wrong else None, refusal.message)
            status = 200 if wrong or refusal.code == "closed" else TOO_MANY
        else:
            return _logged_in(request, user, _safe_next(request, reverse("pupil_home")))
    return render(request, "accounts/pupil_login_secret.html",
                  {"classroom": classroom, "pupil": pupil, "form": form}, status=status)


# -- a teacher unlocking logins -----------------------------------------------------------------

def _unlocked(request: HttpRequest, classroom: Classroom, message: str) -> HttpResponse:
    messages.success(request, message)
    if request.htmx:
        return render(request, "accounts/_logins.html", logins_context(classroom, request))
    return redirect(reverse("classroom", args=[classroom.pk]) + "#logins")


@teacher_required
@require_POST
def classroom_logins_unlock(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    services.classroom_logins_unlock(classroom=classroom, by=request.user)
    return _unlocked(request, classroom, "Every login of the class is unlocked: wrong secrets "
                                         "so far no longer count.")


@teacher_required
@require_POST
def pupil_login_unlock(request: HttpRequest, classroom_id: int, pupil_id: int) -> HttpResponse:
    classroom = classroom_or_404(request, classroom_id)
    pupil = pupil_or_404(request, classroom, pupil_id)
    services.pupil_login_unlock(pupil=pupil, by=request.user)
    return _unlocked(request, classroom, f"{pupil.name}'s login is unlocked.")


# -- a teacher's school devices ---------------------------------------------------------------

@teacher_required
@require_GET
def school_devices(request: HttpRequest) -> HttpResponse:
    """Her school devices, this browser's mark among them, each with "Forget"."""
    here = client_of(request).device
    devices = services.school_devices(request.user)
    return render(request, "accounts/school_devices.html", {
        "devices": devices, "here": here,
        "marked_here": bool(here) and any(d.device == here for d in devices),
    })


@teacher_required
@require_POST
def school_device_mark(request: HttpRequest) -> HttpResponse:
    """The button "This is a school device": this browser, with the device cookie it
    has (or a new one), becomes one of hers."""
    now = timezone.now()
    client = client_of(request).after_login(request.user.pk, now)  # a device id kept
    try:
        services.school_device_mark(teacher=request.user, client=client,
                                    label=request.POST.get("label", ""), now=now)
    except AccountError as error:
        messages.error(request, error.message)
        return redirect(_safe_next(request, reverse("school_devices")))
    messages.success(request, "This browser is now a school device: your pupils can log in "
                              "here even when strangers' wrong secrets have locked them out.")
    response = redirect(_safe_next(request, reverse("school_devices")))
    remember_login(response, client, request.user.pk, now)
    return response


@teacher_required
@require_POST
def school_device_forget(request: HttpRequest, device_id: int) -> HttpResponse:
    device = services.school_device_forget(teacher=request.user, device_id=device_id)
    if device is None:
        raise Http404("No such school device.")
    messages.success(request, f"Forgotten: {device}. Locks count there as anywhere else.")
    return redirect("school_devices")
