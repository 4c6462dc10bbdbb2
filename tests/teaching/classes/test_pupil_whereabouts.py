"""The pupil's own page says where they play now: the table their teacher seated them at,
their duplicate round's table by its session, round and number, or the face-to-face
session going on; never their own practice table as where they were seated."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.duplicate import services as dup
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables.services.seating import practice_table_open
from tests.teaching.duplicate_helpers import create

pytestmark = pytest.mark.django_db


def test_a_practice_table_is_not_where_the_teacher_seated_them(bob_client: Client,
                                                               bob: Pupil) -> None:
    practice_table_open(pupil=bob)

    text = bob_client.get("/me/").text

    assert "Your teacher has seated you" not in text
    assert "practising" not in text
    assert "has not seated you at a table yet" in text


def test_an_online_duplicate_table_is_named_by_its_whole_session_title(
    bob_client: Client, alice: User, robins: Classroom, eight_robins: list[Pupil]
) -> None:
    session = create(robins, alice, eight_robins, title="Mitchell online night")
    dup.round_start(session=session, by=alice)
    table = Table.objects.get(sitting__ns__first__name="Bob", closed=False)

    text = bob_client.get("/me/").text

    assert table.name == "Mitchell online night R1 T1"
    assert "round 1 of <strong" in text and "Mitchell online night</strong> at table 1" in text
    assert f'href="/tables/{table.pk}/"' in text


def test_a_long_session_title_is_cut_at_a_word_and_keeps_the_round_and_table(
    alice: User, robins: Classroom, eight_robins: list[Pupil]
) -> None:
    title = "The spring term's duplicate evening for the whole of the Robins"
    session = create(robins, alice, eight_robins, title=title)
    dup.round_start(session=session, by=alice)

    names = sorted(Table.objects.filter(sitting__session=session).values_list("name", flat=True))

    assert names == ["The spring term's duplicate… R1 T1",
                     "The spring term's duplicate… R1 T2"]
    assert all(len(name) <= Table._meta.get_field("name").max_length for name in names)


def test_during_a_face_to_face_session_the_page_points_at_the_session_not_practice(
    bob_client: Client, alice: User, robins: Classroom, bob: Pupil,
    eight_robins: list[Pupil]
) -> None:
    practice_table_open(pupil=bob)
    session = create(robins, alice, eight_robins, title="Friday with cards", mode="face")
    dup.round_start(session=session, by=alice)

    text = bob_client.get("/me/").text

    assert "Friday with cards</strong> with real cards" in text
    assert f'href="/duplicate/{session.pk}/me/"' in text and "Where do I sit?" in text
    assert "/tables/" not in text
