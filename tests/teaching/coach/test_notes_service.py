"""The coach's notes for the teacher: "asked" when Help is pressed, "followed" when the
pupil then does what it said (teaching.coach.services.coach_followed, from the acting
service), "missed" from the after-hand review (note_missed)."""

from __future__ import annotations

from games.seats import Seat
from teaching.coach.services import note_missed, table_help
from teaching.models import CoachNote
from teaching.tables.services.acting import hand_act
from tests.teaching.coach.conftest import bobs_card
from tests.teaching.table_helpers import view_of


def test_doing_what_the_hint_said_is_noted_as_followed(bob_table, bob):
    bobs_card(bob_table, bob)
    hint = table_help(user=bob.user, table=bob_table)
    hand_act(user=bob.user, table=bob_table, text=hint.action)
    followed = CoachNote.objects.get(kind="followed")
    assert (followed.pupil, followed.idea, followed.action) == (bob, hint.idea, hint.action)


def test_another_action_is_not_followed(bob_table, bob):
    bobs_card(bob_table, bob)
    hint = table_help(user=bob.user, table=bob_table)
    other = next(a for a in view_of(bob_table, Seat.SOUTH).card_actions.values()
                 if a != hint.action)
    hand_act(user=bob.user, table=bob_table, text=other)
    assert not CoachNote.objects.filter(kind="followed").exists()
    assert CoachNote.objects.filter(kind="asked").count() == 1


def test_an_action_without_help_notes_nothing(bob_table, bob):
    bobs_card(bob_table, bob)
    action = next(iter(view_of(bob_table, Seat.SOUTH).card_actions.values()))
    hand_act(user=bob.user, table=bob_table, text=action)
    assert not CoachNote.objects.exists()


def test_the_review_notes_an_idea_missed_in_the_pupils_class(bob_table, bob, robins):
    note = note_missed(pupil=bob, table=bob_table, idea="second-hand-low", lesson=2)
    assert (note.kind, note.classroom, note.game, note.lesson) == ("missed", robins,
                                                                   "minibridge", 2)
