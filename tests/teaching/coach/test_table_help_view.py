"""The Help button and its POST (teaching.coach.views.table_help).

Alice teaches the Robins: Bob sits in South of a MiniBridge table with robots, Carol is
in the class but not at the table. Dave is in Eve's class and must see nothing of it.
"""

from __future__ import annotations

import pytest
from django.http import Http404
from django.urls import reverse

from games.seats import Seat
from teaching.coach import services, views
from teaching.models import CoachMode, CoachNote
from teaching.runtime import coach_process
from tests.teaching.coach.conftest import bobs_card, bobs_turn
from tests.teaching.table_helpers import view_of

HX = {"HTTP_HX_REQUEST": "true"}


def _help(client, table):
    return client.post(reverse("table_help", args=[table.id]), **HX)


def test_help_at_his_card_marks_a_legal_card_and_says_why(bob_table, bob, bob_client):
    bobs_card(bob_table, bob)
    response = _help(bob_client, bob_table)
    assert response.status_code == 200
    html = response.content.decode()
    action = html.split('data-action="')[1].split('"')[0]
    assert action in view_of(bob_table, Seat.SOUTH).card_actions.values()
    assert 'class="coach-reason"' in html
    assert CoachNote.objects.filter(pupil=bob, kind="asked", action=action).exists()


def test_help_at_his_count_names_the_lesson_that_teaches_it(bob_table, bob, bob_client):
    bobs_turn(bob_table, bob)  # the points count comes first
    html = _help(bob_client, bob_table).content.decode()
    assert 'data-action="hcp ' in html
    assert 'href="/games/minibridge/lesson-3/"' in html


def test_the_table_page_shows_help_when_the_coach_may_help(bob_table, bob, bob_client):
    html = bob_client.get(reverse("table", args=[bob_table.id])).content.decode()
    assert "data-coach-help" in html and 'aria-keyshortcuts="H"' in html


def test_coach_off_hides_the_button_and_refuses_the_post(bob_table, bob, bob_client, robins):
    robins.coach_mode = CoachMode.OFF
    robins.save()
    bobs_turn(bob_table, bob)
    assert "data-coach-help" not in bob_client.get(
        reverse("table", args=[bob_table.id])).content.decode()
    response = _help(bob_client, bob_table)
    assert response.status_code == 403
    assert "turned the coach off" in response.content.decode()
    assert not CoachNote.objects.exists()


def test_help_out_of_turn_is_refused_with_a_message(bob_table, bob_client):
    response = _help(bob_client, bob_table)  # North counts first
    assert response.status_code == 409
    assert "not your turn" in response.content.decode()


def test_a_stranger_gets_404(bob_table, bob, dave_client, carol_client, alice_client):
    bobs_turn(bob_table, bob)
    assert _help(dave_client, bob_table).status_code == 404
    assert _help(carol_client, bob_table).status_code == 404  # of the class, not at the table
    assert _help(alice_client, bob_table).status_code == 404  # the teacher watches elsewhere
    assert not CoachNote.objects.exists()


def test_help_is_a_post(bob_table, bob_client):
    assert bob_client.get(reverse("table_help", args=[bob_table.id])).status_code == 405


def test_a_hint_too_slow_says_try_again_and_changes_nothing(bob_table, bob, bob_client,
                                                            monkeypatch):
    monkeypatch.setattr(services, "_hints", type(services._hints)())
    monkeypatch.setattr(services, "_asked", {})
    monkeypatch.setattr(coach_process, "HINT", "tests.teaching.coach.hint_helpers:slow_hint")
    monkeypatch.setattr(services, "HINT_WAIT_SECONDS", 0.05)
    coach_process.start_soon().join(60)  # ready: the hint is asked of it
    bobs_card(bob_table, bob)
    response = _help(bob_client, bob_table)
    assert response.status_code == 503
    assert "The coach is thinking too long; try again." in response.content.decode()
    assert 'id="coach-hint"' in response.content.decode()
    assert not CoachNote.objects.exists()
    assert view_of(bob_table, Seat.SOUTH).card_actions  # still his card to choose


@pytest.mark.parametrize("template", ["coach/_hint.html", "coach/_review.html",
                                      "coach/_guess.html"])
def test_every_coach_fragment_refuses_alike(template, rf):
    """Help, the review and dummy's guess share one refusal: a stranger's 404 is the
    site's, any other refusal the fragment with its message and status."""
    request = rf.get("/")
    with pytest.raises(Http404):
        views._refused(request, template, services.HelpRefused("Not here.", 404))
    response = views._refused(request, template, services.HelpRefused("Not now.", 409))
    assert response.status_code == 409
    if template != "coach/_guess.html":  # a guess refused is shown as no answer at all
        assert "Not now." in response.content.decode()
