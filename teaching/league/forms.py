"""The "new league" form and the face-to-face deal form. Forms only parse and
check shapes; the league's rules are teaching.league.services'."""

from __future__ import annotations

from django import forms

from teaching.models import League

FORMATS = [
    ("best-of-3", "Best of 3 deals"),
    ("best-of-5", "Best of 5 deals"),
    ("deals", "A set number of deals"),
]


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=80, label="League name",
                           widget=forms.TextInput(attrs={"placeholder": "Spring term league"}))
    format = forms.ChoiceField(choices=FORMATS, initial="best-of-3", label="Mini-match length",
                               widget=forms.RadioSelect)
    deals = forms.IntegerField(min_value=1, max_value=36, required=False,
                               label="Number of deals (for a set number)")
    won_by = forms.ChoiceField(choices=League.WonBy.choices, initial=League.WonBy.TARGET,
                               label="A deal is won", widget=forms.RadioSelect)
    meetings = forms.TypedChoiceField(
        choices=[(1, "Single round robin: each pair meets each other once"),
                 (2, "Double round robin: twice, seats swapped the second time")],
        coerce=int, initial=1, label="Round robin", widget=forms.RadioSelect)
    starts = forms.DateField(required=False, label="Term starts",
                             widget=forms.DateInput(attrs={"type": "date"}))
    ends = forms.DateField(required=False, label="Term ends",
                           widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict:
        data = super().clean()
        if data.get("format") == "deals" and not data.get("deals"):
            self.add_error("deals", "Say how many deals each mini-match has.")
        return data

    def length_and_deals(self) -> tuple[str, int]:
        fmt = self.cleaned_data["format"]
        if fmt == "deals":
            return "deals", int(self.cleaned_data["deals"])
        return "best-of", int(fmt.rsplit("-", 1)[1])


def pair_rows(data: object, rows: int) -> list[tuple[str, str]]:
    """The chosen pupils of each pair row as posted ("pair-1-first", ...)."""
    get = getattr(data, "get", lambda key, default="": default)
    return [(get(f"pair-{n}-first", ""), get(f"pair-{n}-second", "")) for n in range(1, rows + 1)]


class DealForm(forms.Form):
    board = forms.CharField(required=False, max_length=3, label="Deal number")
    declarer = forms.ChoiceField(choices=[("N", "North"), ("E", "East"), ("S", "South"),
                                          ("W", "West")], label="Declarer")
    contract = forms.CharField(max_length=20, label="Contract",
                               widget=forms.TextInput(attrs={"placeholder": "e.g. NT or H"}))
    tricks = forms.CharField(max_length=3, label="Tricks won by declarer",
                             widget=forms.TextInput(attrs={"inputmode": "numeric"}))
    combined_hcp = forms.CharField(required=False, max_length=3,
                                   label="Declaring side's combined points",
                                   widget=forms.TextInput(attrs={"inputmode": "numeric"}))
    deal = forms.CharField(required=False, max_length=80, label="The cards, if you have them (PBN)",
                           widget=forms.TextInput(attrs={"placeholder": "N:AKQJ.AKQ.AK.5432 ..."}))
