"""A pupil whose session ran out (the tidy deletes expired sessions, 0333) comes back to
the pupils' login, not the teachers', and after it to the page they were on."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from teaching.models import Classroom, Pupil, Table, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def bobs_table(robins: Classroom, bob: Pupil) -> Table:
    table = Table.objects.create(classroom=robins, name="Table 1", seed="s")
    TableSeat.objects.create(table=table, seat="S", pupil=bob)
    return table


def test_a_pupil_whose_session_ended_lands_on_the_pupils_login(
    visitor: Client, robins: Classroom, bob: Pupil, bobs_table: Table
) -> None:
    visitor.post(f"/join/{robins.code}/{bob.pk}/", {"secret": bob.secret})
    assert visitor.get(f"/tables/{bobs_table.pk}/").status_code == 200
    Session.objects.all().delete()  # the session ran out and was tidied away

    response = visitor.get(f"/tables/{bobs_table.pk}/")

    assert response.status_code == 302
    assert response["Location"] == f"/join/?next=/tables/{bobs_table.pk}/"


def test_after_logging_in_again_the_pupil_is_back_at_their_table(
    visitor: Client, robins: Classroom, bob: Pupil, bobs_table: Table
) -> None:
    back_to = f"/tables/{bobs_table.pk}/"

    names = visitor.get("/join/", {"code": robins.code, "next": back_to})
    assert names["Location"] == f"/join/{robins.code}/?next={quote(back_to, safe='')}"
    page = visitor.get(names["Location"]).text
    assert f'href="/join/{robins.code}/{bob.pk}/?next={back_to}"' in page
    response = visitor.post(f"/join/{robins.code}/{bob.pk}/?next={quote(back_to)}",
                            {"secret": bob.secret})

    assert response["Location"] == back_to


def test_the_code_step_never_sends_a_pupil_to_another_site(visitor: Client,
                                                           robins: Classroom) -> None:
    names = visitor.get("/join/", {"code": robins.code, "next": "https://evil.example/"})

    assert names["Location"] == f"/join/{robins.code}/"


def test_the_teachers_login_offers_the_pupils_login_keeping_the_page(visitor: Client) -> None:
    text = visitor.get("/accounts/login/", {"next": "/leagues/3/"}).text

    assert 'href="/join/?next=/leagues/3/"' in text
