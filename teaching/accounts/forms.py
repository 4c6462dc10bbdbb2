"""Forms: they read what was typed into the right types; the rules live in the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.http import HttpRequest

from games.robots import robot_levels
from teaching.accounts.services import AccountError
from teaching.models import Classroom, User

LESSON_CHOICES = [(n, f"MiniLesson {n}") for n in range(1, 7)]
_DEFAULT_PAUSE_MS = Classroom._meta.get_field("robot_pause_ms").default
#: What each robot level does, in the teacher's words (levels not listed show their name).
ROBOT_LEVEL_TEXTS = {
    "beginner": "Beginner: plays sound, simple bridge, as the lessons teach",
    "expert": "Expert: looks ahead with double-dummy analysis; slower to play",
}


def pause_text(pause_ms: int) -> str:
    """A pause in seconds as a teacher reads it: 0.5 s, 1 s, 1.5 s."""
    return f"{pause_ms / 1000:g} s"


def _pause_label(pause_ms: int) -> str:
    label = "None (0 s)" if pause_ms == 0 else pause_text(pause_ms)
    return f"{label}, the usual" if pause_ms == _DEFAULT_PAUSE_MS else label


ROBOT_PAUSES_MS = sorted({0, 500, _DEFAULT_PAUSE_MS, 1000, 1500, 2000, 3000})


class ServiceErrorsMixin:
    """Put a service's :class:`AccountError` on the field it names (or the whole form)."""

    def add_service_error(self, error: AccountError) -> None:
        field = error.field if error.field in self.fields else None  # type: ignore[attr-defined]
        self.add_error(field, error.message)  # type: ignore[attr-defined]


class SignupForm(ServiceErrorsMixin, forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    display_name = forms.CharField(
        label="Your name", max_length=60, help_text="As your pupils know you, e.g. Mrs Patel.",
        widget=forms.TextInput(attrs={"autocomplete": "name"}))
    password = forms.CharField(
        label="Password", strip=False,
        help_text="At least 8 characters; not a common password and not only digits.",
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))


class TeacherLoginForm(forms.Form):
    email = forms.EmailField(label="E-mail address", max_length=254,
                             widget=forms.EmailInput(attrs={"autocomplete": "email",
                                                            "autofocus": True}))
    password = forms.CharField(label="Password", strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete":
                                                                 "current-password"}))

    def __init__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.user: User | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        teacher = User.objects.filter(role=User.Role.TEACHER,
                                      email__iexact=data["email"]).first()
        user = teacher and authenticate(self.request, username=teacher.username,
                                        password=data["password"])
        if not user:
            raise forms.ValidationError("That e-mail address and password do not match "
                                        "a teacher's account. Check both and try again.")
        self.user = user
        return data


class ClassroomForm(ServiceErrorsMixin, forms.Form):
    name = forms.CharField(label="Class name", max_length=80)
    lesson = forms.TypedChoiceField(label="Starting lesson", choices=LESSON_CHOICES,
                                    coerce=int, initial=1)


class RenameForm(ServiceErrorsMixin, forms.Form):
    name = forms.CharField(label="New name", max_length=80)


class LessonForm(ServiceErrorsMixin, forms.Form):
    lesson = forms.TypedChoiceField(label="MiniLesson", choices=LESSON_CHOICES, coerce=int)


class RobotsForm(ServiceErrorsMixin, forms.Form):
    """The class's robots: the pause before each of their cards and their level. The
    service checks the values; a pause set elsewhere (the admin) is offered as it is."""

    pause_ms = forms.IntegerField(
        label="Pause before each robot card",
        error_messages={"invalid": "Choose a pause from 0 to 5 seconds.",
                        "required": "Choose a pause from 0 to 5 seconds."},
        help_text="Long enough for pupils to see each card; none for quick practice.")
    level = forms.ChoiceField(
        label="How the robots play", widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Choose the robots' level from the list.",
                        "required": "Choose the robots' level."})

    def __init__(self, *args: Any, current_pause_ms: int | None = None, **kwargs: Any
                 ) -> None:
        super().__init__(*args, **kwargs)
        pauses = sorted({*ROBOT_PAUSES_MS, *([current_pause_ms] if current_pause_ms
                                             is not None else [])})
        self.fields["pause_ms"].widget = forms.Select(
            choices=[(ms, _pause_label(ms)) for ms in pauses])
        self.fields["level"].choices = [  # type: ignore[attr-defined]
            (level, ROBOT_LEVEL_TEXTS.get(level, level.capitalize()))
            for level in robot_levels("minibridge")]


class CoTeacherForm(ServiceErrorsMixin, forms.Form):
    email = forms.EmailField(label="Their e-mail address", max_length=254)


class PupilsForm(ServiceErrorsMixin, forms.Form):
    names = forms.CharField(
        label="Pupils' names, one per line", strip=False,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off",
                                     "placeholder": "Amira\nBen K.\nChloe"}))


class PupilLessonForm(ServiceErrorsMixin, forms.Form):
    lesson = forms.TypedChoiceField(
        label="Lesson", choices=[("", "Same as the class"), *LESSON_CHOICES], coerce=int,
        empty_value=None, required=False)


class PupilMoveForm(ServiceErrorsMixin, forms.Form):
    classroom = forms.ModelChoiceField(label="Move to", queryset=Classroom.objects.none(),
                                       empty_label=None)

    def __init__(self, *args: Any, classrooms: list[Classroom], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["classroom"].queryset = Classroom.objects.filter(  # type: ignore[attr-defined]
            pk__in=[c.pk for c in classrooms])


class ClassCodeForm(forms.Form):
    code = forms.CharField(label="Class code", max_length=20, widget=forms.TextInput(attrs={
        "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
        "autofocus": True, "class": "code-input"}))


class SecretForm(forms.Form):
    secret = forms.CharField(label="Your secret word", max_length=40, widget=forms.TextInput(
        attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false",
               "autofocus": True, "class": "secret-input"}))
