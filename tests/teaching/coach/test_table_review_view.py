"""The "Review my hand" button and its GET (teaching.coach.views.table_review).

Alice teaches the Robins: Bob sits in South of a MiniBridge table with robots, Carol is
in the class but not at the table. Dave is in Eve's class and must see nothing of it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.seats import Seat
from teaching.coach import services
from teaching.models import CoachMode, CoachNote
from tests.teaching.table_helpers import play_out

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def no_reviews_kept(monkeypatch):
    monkeypatch.setattr(services, "_reviews", type(services._reviews)())


def _review(client, table):
    return client.get(reverse("table_review", args=[table.id]), **HX)


def _mode(robins, mode):
    robins.coach_mode = mode
    robins.save()


def test_after_the_hand_the_review_is_shown_in_words(bob_table, bob, bob_client, robins):
    _mode(robins, CoachMode.REVIEW)
    play_out(bob_table, {Seat.SOUTH: bob})
    page = bob_client.get(reverse("table", args=[bob_table.id])).content.decode()
    assert "data-coach-review" in page and "Review my hand" in page
    response = _review(bob_client, bob_table)
    assert response.status_code == 200
    html = response.content.decode()
    assert "The coach&#x27;s review of hand" in html or "The coach's review of hand" in html
    review = services.hand_review(user=bob.user, table=bob_table)
    if review.perfect:
        assert "Nothing to change: every card you chose was as good as the best." in html
    for choice in review.choices:
        assert choice.said.split(";")[0] in html.replace("&#x27;", "'")
        assert " play " not in choice.said


@pytest.mark.parametrize("mode", [CoachMode.HINTS, CoachMode.OFF])
def test_no_review_with_hints_on_request_or_the_coach_off(bob_table, bob, bob_client, robins,
                                                         mode):
    _mode(robins, mode)
    play_out(bob_table, {Seat.SOUTH: bob})
    page = bob_client.get(reverse("table", args=[bob_table.id])).content.decode()
    assert "data-coach-review" not in page
    response = _review(bob_client, bob_table)
    assert response.status_code == 403
    assert "coach-refused" in response.content.decode()
    assert not CoachNote.objects.filter(kind=CoachNote.Kind.MISSED).exists()


def test_the_button_waits_for_the_end_of_the_hand(bob_table, bob_client, robins):
    _mode(robins, CoachMode.REVIEW)
    page = bob_client.get(reverse("table", args=[bob_table.id])).content.decode()
    button = page.split("data-coach-review")[1].split(">")[0]
    assert " hidden" in button
    response = _review(bob_client, bob_table)
    assert response.status_code == 409 and "once the hand is over" in response.content.decode()


def test_a_stranger_gets_404(bob_table, bob, robins, dave_client, carol_client, alice_client):
    _mode(robins, CoachMode.REVIEW)
    play_out(bob_table, {Seat.SOUTH: bob})
    assert _review(dave_client, bob_table).status_code == 404
    assert _review(carol_client, bob_table).status_code == 404  # of the class, not at the table
    assert _review(alice_client, bob_table).status_code == 404  # the teacher watches elsewhere
    assert not CoachNote.objects.filter(kind=CoachNote.Kind.MISSED).exists()


def test_the_teachers_coach_tab_shows_what_the_review_found(bob_table, bob, bob_client, robins,
                                                           alice_client):
    _mode(robins, CoachMode.REVIEW)
    play_out(bob_table, {Seat.SOUTH: bob})
    _review(bob_client, bob_table)
    _review(bob_client, bob_table)
    missed = CoachNote.objects.filter(kind=CoachNote.Kind.MISSED, pupil=bob)
    assert missed.exists() and len({n.version for n in missed}) == missed.count()  # once each
    page = alice_client.get(reverse("classroom_coach", args=[robins.id]))
    assert page.status_code == 200
    html = page.content.decode()
    row = html.split(f'id="coach-pupil-{bob.pk}"')[1]
    assert f"<td class=\"num\" data-missed>{missed.count()}</td>" in row
    for note in missed:
        assert services.idea_title("minibridge", note.idea).lower() in html.lower()
