"""The coach's notes are a pupil's data (teaching.erasure.services): deleted with the pupil
and with the class, and listed in what a parent may ask for."""

from __future__ import annotations

from games.seats import Seat
from teaching.coach.services import note_missed
from teaching.erasure import services as erasure
from teaching.models import CoachNote
from tests.teaching.table_helpers import seat_table


def _noted(robins, bob, carol):
    table = seat_table(robins, {Seat.SOUTH: bob, Seat.NORTH: carol})
    note_missed(pupil=bob, table=table, idea="second-hand-low", lesson=2)
    note_missed(pupil=carol, table=table, idea="draw-trumps", lesson=5)


def test_deleting_a_pupil_deletes_their_notes_only(robins, alice, bob, carol):
    _noted(robins, bob, carol)
    assert erasure.pupil_footprint(bob)["coach_notes"] == 1
    erasure.pupil_erase(pupil=bob, by=alice)
    assert list(CoachNote.objects.values_list("idea", flat=True)) == ["draw-trumps"]


def test_deleting_the_class_deletes_every_note(robins, alice, bob, carol):
    _noted(robins, bob, carol)
    erasure.classroom_erase(classroom=robins, typed="Robins", by=alice)
    assert not CoachNote.objects.exists()


def test_a_parents_copy_lists_the_notes(robins, bob, carol):
    _noted(robins, bob, carol)
    record = erasure.pupil_record(bob)
    assert [(n["kind"], n["idea"]) for n in record["coach"]] == [("missed", "second-hand-low")]


def test_the_privacy_page_says_what_the_coach_keeps(client, db):
    html = client.get("/privacy/").content.decode()
    assert "What the coach noted" in html
