"""Forms of the duplicate pages: they read what was typed; the rules live in
teaching.duplicate.services."""

from __future__ import annotations

from typing import Any

from django import forms

from teaching.classes import games
from teaching.duplicate.services import BoardSet, SessionPlan, TypedResult
from teaching.models import Pupil


def rules_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The variants a duplicate session may be played at, one group per game played by
    pairs (its entry's ``pairs`` module lists them), as ``game:variant`` values."""
    groups = []
    for entry in games.games():
        play = games.pairs_of(entry.name)
        if play is None:
            continue
        choices = [(f"{entry.name}:{key}", entry.variant(key).title)
                   for key in play.SESSION_VARIANTS]
        groups.append((entry.title, choices))
    return groups


def rules_choice_of(game: str, options: dict[str, Any]) -> str:
    """The rules choice that is this game and these options, if the form offers it."""
    try:
        variant = games.variant_of(games.entry_of(game), options)
    except games.GameChoiceError:
        return ""
    value = f"{game}:{variant.key}" if variant else ""
    offered = {v for _, choices in rules_choices() for v, _ in choices}
    return value if value in offered else ""


METHOD_CHOICES = [("matchpoints", "Matchpoints"), ("imps", "IMPs against the datum"),
                  ("win-loss", "Win/loss (boards won or lost)")]
MOVEMENT_CHOICES = [("", "Suggested for the number of pairs"), ("same-boards",
                    "Everybody plays the same boards (1-2 tables)"),
                    ("howell", "Howell: everyone meets everyone"),
                    ("mitchell", "Mitchell: North-South stay, East-West move")]
SOURCE_CHOICES = [("seeded", "Random boards from a seed"), ("set", "A lesson board set"),
                  ("upload", "A PBN file from a dealing program")]
ODD_CHOICES = [("sit-out", "A pair sits out each round"), ("robot", "Add a robot pair")]


class SessionForm(forms.Form):
    title = forms.CharField(label="Name of the session", max_length=80,
                            initial="Duplicate session")
    rules = forms.ChoiceField(label="Rules", choices=rules_choices)
    mode = forms.ChoiceField(label="Played", choices=[("online", "Online, in the browser"),
                                                      ("face", "Face to face, real cards")],
                             widget=forms.RadioSelect, initial="online")
    method = forms.ChoiceField(label="Scoring", choices=METHOD_CHOICES, initial="matchpoints")
    movement = forms.ChoiceField(label="Movement", choices=MOVEMENT_CHOICES, required=False)
    barometer = forms.BooleanField(
        label="Howell: every table plays the same boards each round (barometer)",
        required=False)
    boards_per_round = forms.IntegerField(label="Boards per round", min_value=1, max_value=8,
                                          required=False,
                                          help_text="Empty: about 18 boards in all.")
    rounds = forms.IntegerField(label="Rounds", min_value=1, max_value=15, required=False,
                                help_text="Empty: the whole movement.")
    odd = forms.ChoiceField(label="With an odd number of pairs", choices=ODD_CHOICES,
                            initial="sit-out", widget=forms.RadioSelect)
    source = forms.ChoiceField(label="Boards", choices=SOURCE_CHOICES, initial="seeded",
                               widget=forms.RadioSelect)
    seed = forms.CharField(label="Seed", max_length=40, required=False,
                           help_text="The same seed deals the same boards. Empty: a new one.")
    board_set = forms.ChoiceField(label="Lesson board set", required=False)
    pbn_file = forms.FileField(label="PBN file", required=False)

    def __init__(self, *args: Any, pupils: list[Pupil], sets: list[BoardSet],
                 pairing: dict[int, int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pupils = pupils
        self.fields["board_set"].choices = [(s.key, s.title) for s in sets]
        most = len(pupils) // 2 + 1
        choices = [("", "Not playing")] + [(str(n), f"Pair {n}") for n in range(1, most + 1)]
        for pupil in pupils:
            self.fields[f"pair_{pupil.pk}"] = forms.ChoiceField(
                label=pupil.name, choices=choices, required=False,
                initial=str(pairing.get(pupil.pk, "")))

    def pair_fields(self) -> list[tuple[Pupil, forms.BoundField]]:
        return [(p, self[f"pair_{p.pk}"]) for p in self.pupils]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        groups: dict[int, list[Pupil]] = {}
        for pupil in self.pupils:
            value = data.get(f"pair_{pupil.pk}")
            if value:
                groups.setdefault(int(value), []).append(pupil)
        for number, members in groups.items():
            if len(members) > 2:
                self.add_error(None, f"Pair {number} has {len(members)} pupils: "
                               "a pair is two pupils (or one with a robot partner).")
        data["pairs"] = [groups[n] for n in sorted(groups)]
        return data

    def plan(self, pbn_text: str = "", pbn_name: str = "") -> SessionPlan:
        data = self.cleaned_data
        game, _, key = data["rules"].partition(":")
        return SessionPlan(
            title=data["title"], game=game, options=dict(games.entry_of(game).variant(key).options),
            mode=data["mode"], method=data["method"], pairs=data["pairs"], odd=data["odd"],
            movement=data.get("movement") or "", boards_per_round=data.get("boards_per_round"),
            rounds=data.get("rounds"), barometer=bool(data.get("barometer")),
            boards=data["source"], seed=data.get("seed") or "",
            board_set=data.get("board_set") or "", pbn_text=pbn_text, pbn_name=pbn_name)


class ResultForm(forms.Form):
    board = forms.IntegerField(label="Board", min_value=1, max_value=99)
    declarer = forms.ChoiceField(label="Declarer", required=False, choices=[
        ("", "—"), ("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")])
    contract = forms.CharField(label="Contract", max_length=16, required=False,
                               help_text='e.g. "3NT", "4H", "part NT", "game S", or "NT"')
    tricks = forms.IntegerField(label="Tricks won by declarer", min_value=0, max_value=13,
                                help_text="With no declarer yet: tricks won by North-South.")

    def __init__(self, *args: Any, boards: tuple[int, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if boards:
            self.fields["board"] = forms.TypedChoiceField(
                label="Board", coerce=int, choices=[(b, f"Board {b}") for b in boards])

    def typed(self) -> TypedResult:
        data = self.cleaned_data
        return TypedResult(int(data["board"]), data.get("declarer") or "",
                           data.get("contract") or "", str(data["tricks"]))
