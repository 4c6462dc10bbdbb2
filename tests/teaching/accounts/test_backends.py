"""teaching.accounts.backends: a session is asked again at every request whether its
pupil may still use the site. Bob is Alice's pupil, logged in; Alice archives things."""

from __future__ import annotations

import pytest
from django.test import Client

from teaching.accounts.backends import AccountBackend, may_log_in
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User

pytestmark = pytest.mark.django_db


def test_archiving_the_class_ends_its_pupils_sessions_at_their_next_request(
    bob_client: Client, alice: User, robins: Classroom
) -> None:
    assert bob_client.get("/me/").status_code == 200

    classes.classroom_archive(classroom=robins, by=alice)

    assert bob_client.get("/me/")["Location"].startswith("/join/")


def test_restoring_the_class_lets_them_back_in(bob_client: Client, alice: User,
                                               robins: Classroom) -> None:
    classes.classroom_archive(classroom=robins, by=alice)
    classes.classroom_restore(classroom=robins, by=alice)

    assert bob_client.get("/me/").status_code == 200


def test_archiving_a_pupil_ends_their_session(bob_client: Client, alice: User,
                                              bob: Pupil) -> None:
    classes.pupil_archive(pupil=bob, by=alice)

    assert bob_client.get("/me/")["Location"].startswith("/join/")


def test_a_moved_pupil_keeps_their_session_in_the_new_class(
    bob_client: Client, alice: User, bob: Pupil
) -> None:
    other = classes.classroom_create(owner=alice, name="Wrens")

    classes.pupil_move(pupil=bob, to=other, by=alice)

    assert "Wrens" in bob_client.get("/me/").text


def test_teachers_are_let_in_while_active(alice: User, robins: Classroom) -> None:
    classes.classroom_archive(classroom=robins, by=alice)

    assert AccountBackend().get_user(alice.pk) == alice
    User.objects.filter(pk=alice.pk).update(is_active=False)
    assert AccountBackend().get_user(alice.pk) is None


def test_may_log_in_reads_the_pupil_and_their_class(bob: Pupil) -> None:
    user = User.objects.select_related("pupil__classroom").get(pk=bob.user_id)
    assert may_log_in(user)
    user.pupil.classroom.archived = True
    assert not may_log_in(user)
    assert not may_log_in(None)
