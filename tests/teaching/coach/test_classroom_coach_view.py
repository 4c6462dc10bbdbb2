"""The class's Coach tab, a pupil's page and their "What to practise next"
(teaching.coach.views).

Alice teaches the Robins (Bob and Carol). Eve teaches the Owls (Dave) and must see
nothing of Alice's class.
"""

from __future__ import annotations

from django.urls import reverse

from games.seats import Seat
from teaching.coach.services import note_missed
from teaching.models import CoachMode, CoachNote
from tests.teaching.table_helpers import seat_table


def _notes(robins, bob, carol):
    table = seat_table(robins, {Seat.SOUTH: bob, Seat.NORTH: carol})
    for pupil, times in ((bob, 4), (carol, 3)):
        for _ in range(times):
            note_missed(pupil=pupil, table=table, idea="second-hand-low", lesson=2)
    note_missed(pupil=bob, table=table, idea="draw-trumps", lesson=5)
    for kind in ("asked", "asked", "followed"):
        CoachNote.objects.create(pupil=bob, classroom=robins, game="minibridge",
                                 idea="cash-winner", lesson=1, kind=kind)


def test_the_coach_tab_says_no_hints_asked_yet(robins, bob, alice_client):
    html = alice_client.get(reverse("classroom_coach", args=[robins.pk])).content.decode()
    assert "No hints asked yet this term." in html


def test_the_coach_tab_counts_the_ideas_missed_and_the_help_asked(robins, bob, carol,
                                                                  alice_client):
    _notes(robins, bob, carol)
    html = alice_client.get(reverse("classroom_coach", args=[robins.pk])).content.decode()
    text = " ".join(html.split())
    assert 'Second hand low</a>: missed 7 times by 2 pupils' in text
    assert 'href="/games/minibridge/lesson-2/"' in html
    assert text.index("Second hand low") < text.index("Draw trumps")
    row = text.split(f'id="coach-pupil-{bob.pk}"')[1].split("</tr>")[0]
    assert "data-asked>2<" in row and "data-followed>1<" in row and "data-missed>5<" in row


def test_the_pupils_page_shows_his_counts(robins, bob, carol, alice_client):
    _notes(robins, bob, carol)
    html = " ".join(alice_client.get(
        reverse("pupil_progress", args=[robins.pk, bob.pk])).content.decode().split())
    assert "Asked for help 2 times, followed it 1 time." in html
    assert "Second hand low</a>: missed 4 times" in html


def test_the_pupils_page_has_an_empty_state(robins, bob, alice_client):
    html = alice_client.get(reverse("pupil_progress", args=[robins.pk, bob.pk])).content.decode()
    assert "No hints asked yet this term." in html


def test_what_to_practise_next_lists_his_ideas_missed_most_first(robins, bob, carol,
                                                                 alice_client):
    _notes(robins, bob, carol)
    html = " ".join(alice_client.get(
        reverse("pupil_practise", args=[robins.pk, bob.pk])).content.decode().split())
    assert "What to practise next: Bob" in html
    assert html.index("Second hand low") < html.index("Draw trumps")
    assert "data-print" in html
    assert "Carol" not in html


def test_another_teacher_sees_nothing(robins, bob, carol, eve_client, bob_client):
    _notes(robins, bob, carol)
    for name, args in (("classroom_coach", [robins.pk]),
                       ("pupil_practise", [robins.pk, bob.pk])):
        assert eve_client.get(reverse(name, args=args)).status_code == 404
        assert bob_client.get(reverse(name, args=args)).status_code in (302, 404)
    response = eve_client.post(reverse("classroom_coach_set", args=[robins.pk]),
                               {"mode": "off"})
    assert response.status_code == 404
    robins.refresh_from_db()
    assert robins.coach_mode == CoachMode.HINTS


def test_the_teacher_sets_the_class_and_a_pupil(robins, bob, alice_client):
    alice_client.post(reverse("classroom_coach_set", args=[robins.pk]),
                      {"mode": "review", "in_matches": "on"})
    alice_client.post(reverse("pupil_coach_set", args=[robins.pk, bob.pk]), {"mode": "off"})
    robins.refresh_from_db()
    bob.refresh_from_db()
    assert (robins.coach_mode, robins.coach_in_matches, bob.coach_mode) == (
        "review", True, "off")
    alice_client.post(reverse("pupil_coach_set", args=[robins.pk, bob.pk]), {"mode": ""})
    bob.refresh_from_db()
    assert bob.coach_mode == ""


def test_a_new_class_has_hints_on_request_and_none_in_matches(robins):
    assert (robins.coach_mode, robins.coach_in_matches) == (CoachMode.HINTS, False)


def test_the_class_page_shows_the_coach_mode_and_links_its_tab(robins, alice_client):
    html = alice_client.get(reverse("classroom", args=[robins.pk])).content.decode()
    assert "Hints on request; off in duplicate and league play." in html
    assert reverse("classroom_coach", args=[robins.pk]) in html
