"""Dummy's guess at the table (teaching.coach.views.table_guess, and the body's
``data-guess`` that names the cards dummy's pupil may tap): "while dummy, a pupil may guess
declarer's next card and sees after the trick whether declarer chose the same" (issue 29).

Alice teaches the Robins: Fay, Gus, Hal and Ivy play the golden MiniBridge hand, Hal in
North declaring and Fay in South dummy. Dave is in Eve's class.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.seats import Seat
from teaching.models import Classroom, Pupil, Table
from teaching.tables import frames, selectors
from tests.games.test_minibridge_review import DEAL, PLAYED
from tests.teaching.coach.conftest import act, four_at, start

N, S = Seat.NORTH, Seat.SOUTH
FROM_DUMMY = 6


@pytest.fixture
def golden(robins: Classroom, more_robins: list[Pupil]) -> tuple[Table, dict]:
    pupils = four_at(robins, more_robins[:4], "Golden")
    table = Table.objects.get(name="Golden")
    start(table, DEAL)
    for action in PLAYED[:FROM_DUMMY]:
        act(table, pupils, action.seat, action.text)
    return table, pupils


def _client(pupil: Pupil) -> Client:
    client = Client()
    client.force_login(pupil.user)
    return client


def _number(table: Table) -> int:
    return table.hands.order_by("-number")[0].number


def _ask(client: Client, table: Table, card: str, version: int = FROM_DUMMY):
    return client.get(reverse("table_guess", args=[table.id]),
                      {"hand": _number(table), "version": version, "card": card},
                      HTTP_HX_REQUEST="true")


def _body(table: Table, seat: Seat) -> str:
    return frames.render_body(selectors.seat_view(table=table, seat=seat), table)


def test_dummys_frame_names_the_cards_he_may_guess_and_nobody_elses_does(golden):
    table, _ = golden
    assert 'data-guess="SJ S9 S8 S7"' in _body(table, S)
    assert "data-guess" not in _body(table, N)


def test_after_the_card_dummy_reads_whether_declarer_chose_the_same(golden):
    table, pupils = golden
    act(table, pupils, PLAYED[FROM_DUMMY].seat, PLAYED[FROM_DUMMY].text)  # the seven
    assert "data-guess" not in _body(table, S)
    fay = _client(pupils[S])
    response = _ask(fay, table, "S7")
    assert response.status_code == 200
    assert "Declarer played the seven of spades, as you guessed." in response.content.decode()
    wrong = _ask(fay, table, "S9").content.decode()
    assert "You guessed the nine of spades; declarer played the seven of spades." in wrong


def test_before_the_card_there_is_no_answer(golden):
    table, pupils = golden
    assert _ask(_client(pupils[S]), table, "S7").status_code == 409


def test_a_stranger_gets_404_and_numbers_are_checked(golden, dave_client, bob_client):
    table, pupils = golden
    act(table, pupils, PLAYED[FROM_DUMMY].seat, PLAYED[FROM_DUMMY].text)
    assert _ask(dave_client, table, "S7").status_code == 404
    assert _ask(bob_client, table, "S7").status_code == 404
    bad = _client(pupils[S]).get(reverse("table_guess", args=[table.id]),
                                 {"hand": "x", "version": "1", "card": "S7"})
    assert bad.status_code == 400
