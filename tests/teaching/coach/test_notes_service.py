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


def test_matching_an_action_after_no_hint_costs_no_query(bob_table, bob):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from teaching.coach.services import coach_followed
    from teaching.tables.now import table_now

    bobs_card(bob_table, bob)
    now = table_now(bob_table.pk)
    with CaptureQueriesContext(connection) as queries:
        assert not coach_followed(seats=now.seats, user_id=bob.user_id, hand_id=now.hand.pk,
                                  version=now.game.version, text="play SA")
    assert len(queries) == 0
