"""The teacher's coach settings: the class's mode and a pupil's own."""

from __future__ import annotations

from django import forms

from teaching.models import CoachMode


class ClassCoachForm(forms.Form):
    mode = forms.ChoiceField(label="The coach", choices=CoachMode.choices,
                             widget=forms.RadioSelect)
    in_matches = forms.BooleanField(
        label="Allow the coach in duplicate and league play", required=False,
        help_text="Off: pupils play a duplicate session's or a league match's hands on "
                  "their own, whatever their own setting.")


#: A pupil's choices: the class's mode, or one of their own.
PUPIL_MODES = [("", "Same as the class"), *CoachMode.choices]


class PupilCoachForm(forms.Form):
    mode = forms.ChoiceField(choices=PUPIL_MODES, required=False)
