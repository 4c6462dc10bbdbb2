"""Forms of the class pages: they read what was typed into the right types; the rules
live in teaching.classes.services."""

from __future__ import annotations

from typing import Any

from django import forms

from games.registry import GameEntry
from teaching.accounts.forms import ServiceErrorsMixin
from teaching.classes import games
from teaching.models import Classroom, Pupil

_DEFAULT_PAUSE_MS = Classroom._meta.get_field("robot_pause_ms").default

#: What each robot level does, in the teacher's words (levels not listed show their name).
ROBOT_LEVEL_TEXTS = {
    "beginner": "Beginner: plays simply and soundly, as the lessons teach",
    "expert": "Expert: looks ahead at every hand it could be playing against; slower to play",
}


def pause_text(pause_ms: int) -> str:
    """A pause in seconds as a teacher reads it: 0.5 s, 1 s, 1.5 s."""
    return f"{pause_ms / 1000:g} s"


def _pause_label(pause_ms: int) -> str:
    label = "None (0 s)" if pause_ms == 0 else pause_text(pause_ms)
    return f"{label}, the usual" if pause_ms == _DEFAULT_PAUSE_MS else label


ROBOT_PAUSES_MS = sorted({0, 500, _DEFAULT_PAUSE_MS, 1000, 1500, 2000, 3000})


# -- a game and its variant, from the catalogue ---------------------------------------

def game_choice_value(entry: GameEntry, variant_key: str | None = None) -> str:
    return f"{entry.name}:{variant_key}" if variant_key else entry.name


def game_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every registered game with its variants, one group per game as a select box
    shows them: the game as it comes (unless one of its variants is just that), then
    each variant."""
    groups = []
    for entry in games.games():
        choices = []
        if games.variant_of(entry, {}) is None:
            choices.append((game_choice_value(entry), entry.title))
        choices += [(game_choice_value(entry, v.key), v.title) for v in entry.variants]
        groups.append((entry.title, choices))
    return groups


def game_choice_of(game: str, options: dict[str, Any]) -> str:
    """The choice that is this game and these options, if one is."""
    try:
        entry = games.entry_of(game)
    except games.GameChoiceError:
        return ""
    variant = games.variant_of(entry, options)
    if variant is not None:
        return game_choice_value(entry, variant.key)
    return game_choice_value(entry) if not options else ""


class GameChoiceField(forms.ChoiceField):
    """A game, or one of its variants, from the catalogue."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=game_choices, **kwargs)

    def to_game(self, value: str) -> tuple[str, dict[str, Any]]:
        name, _, key = value.partition(":")
        entry = games.entry_of(name)
        return name, dict(entry.variant(key).options) if key else {}


def _first_choice() -> str:
    groups = game_choices()
    return groups[0][1][0][0] if groups and groups[0][1] else ""


#: A name too long for its box, in the words of the services' own check.
_CLASS_NAME_TOO_LONG = {"max_length": "Keep the class name to %(limit_value)d characters "
                                      "(this one has %(show_value)d)."}


class ClassroomForm(ServiceErrorsMixin, forms.Form):
    name = forms.CharField(label="Class name", max_length=80,
                           error_messages=_CLASS_NAME_TOO_LONG)
    choice = GameChoiceField(label="Game to start with", initial=_first_choice)

    def service_data(self) -> dict[str, Any]:
        game, options = self.fields["choice"].to_game(  # type: ignore[attr-defined]
            self.cleaned_data["choice"])
        return {"name": self.cleaned_data["name"], "game": game, "options": options}


class RenameForm(ServiceErrorsMixin, forms.Form):
    name = forms.CharField(label="New name", max_length=80,
                           error_messages=_CLASS_NAME_TOO_LONG)


class PupilRenameForm(ServiceErrorsMixin, forms.Form):
    name = forms.CharField(label="New name", max_length=Pupil._meta.get_field("name").max_length,
                           error_messages={"max_length": "Keep a name to %(limit_value)d "
                                           "characters (this one has %(show_value)d)."})


class GameForm(ServiceErrorsMixin, forms.Form):
    """The class's game: one of the catalogue's games or variants."""

    choice = GameChoiceField(
        label="Put the class on",
        error_messages={"invalid_choice": "Choose a game from the list."})

    def service_data(self) -> dict[str, Any]:
        game, options = self.fields["choice"].to_game(  # type: ignore[attr-defined]
            self.cleaned_data["choice"])
        return {"game": game, "options": options}


class OptionsForm(ServiceErrorsMixin, forms.Form):
    """The options of the class's game, one select box for each option its registry
    entry describes. A choice is sent as its place in the list, so options that are
    numbers, flags or ``None`` come back as themselves."""

    def __init__(self, *args: Any, entry: GameEntry, options: dict[str, Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entry = entry
        current = games.with_defaults(entry, options or {})
        for option in entry.options:
            values = games.choice_values(option.choices)
            initial = next((str(i) for i, v in enumerate(values)
                            if v == current.get(option.key)
                            and type(v) is type(current.get(option.key))), None)
            self.fields[f"option_{option.key}"] = forms.ChoiceField(
                label=option.title, help_text=option.help, initial=initial,
                choices=[(str(i), label) for i, (_, label) in enumerate(option.choices)],
                error_messages={"invalid_choice": f"Choose {option.title.lower()} from "
                                                  "the list."})
        self.others = {key: value for key, value in (options or {}).items()
                       if key not in {option.key for option in entry.options}}

    def service_data(self) -> dict[str, Any]:
        """The options chosen, with any option the form does not show kept as it was."""
        chosen = dict(self.others)
        for option in self.entry.options:
            index = int(self.cleaned_data[f"option_{option.key}"])
            chosen[option.key] = option.choices[index][0]
        return {"game": self.entry.name, "options": chosen}


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

    def __init__(self, *args: Any, levels: tuple[str, ...] = (),
                 current_pause_ms: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        pauses = sorted({*ROBOT_PAUSES_MS, *([current_pause_ms] if current_pause_ms
                                             is not None else [])})
        self.fields["pause_ms"].widget = forms.Select(
            choices=[(ms, _pause_label(ms)) for ms in pauses])
        self.fields["level"].choices = [  # type: ignore[attr-defined]
            (level, ROBOT_LEVEL_TEXTS.get(level, level.capitalize())) for level in levels]


class CoTeacherForm(ServiceErrorsMixin, forms.Form):
    email = forms.EmailField(label="Their e-mail address", max_length=254)


class PupilsForm(ServiceErrorsMixin, forms.Form):
    names = forms.CharField(
        label="Pupils' names, one per line", strip=False,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off",
                                     "placeholder": "Amira\nBen K.\nChloe"}))


class PupilOptionsForm(ServiceErrorsMixin, forms.Form):
    """A pupil's own variant of the class's game, or the class's ("")."""

    variant = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, entry: GameEntry, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entry = entry
        self.fields["variant"].choices = [  # type: ignore[attr-defined]
            ("", "Same as the class"), *[(v.key, v.title) for v in entry.variants]]

    def options(self) -> dict[str, Any] | None:
        key = self.cleaned_data.get("variant")
        return dict(self.entry.variant(key).options) if key else None


class PupilMoveForm(ServiceErrorsMixin, forms.Form):
    classroom = forms.ModelChoiceField(label="Move to", queryset=Classroom.objects.none(),
                                       empty_label=None)

    def __init__(self, *args: Any, classrooms: list[Classroom], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["classroom"].queryset = Classroom.objects.filter(  # type: ignore[attr-defined]
            pk__in=[c.pk for c in classrooms])
