"""Forms of the class pages: they read what was typed into the right types; the rules
live in teaching.classes.services."""

from __future__ import annotations

from typing import Any

from django import forms

from games.robots import robot_levels
from teaching.accounts.forms import ServiceErrorsMixin
from teaching.models import Classroom

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
