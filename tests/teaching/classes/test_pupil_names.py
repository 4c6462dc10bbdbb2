"""Names a pupil cannot have: one with no letter ("-", "?"), and one that reads as a robot
or a deleted pupil, which the wall and the tables show where a pupil's name goes. The list
is refused whole, with the reason, and nothing changes (decision 0421)."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from teaching.accounts.services import AccountError
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["Robot", "robot 2", "ROBOTS", "Bot", "A former pupil"])
def test_a_name_that_reads_as_a_robot_is_refused(alice: User, robins: Classroom,
                                                 name: str) -> None:
    with pytest.raises(AccountError) as refused:
        classes.pupils_create(classroom=robins, names=f"Amira\n{name}", by=alice)

    assert "taken for a robot" in refused.value.message and name in refused.value.message
    assert "Nobody was added" in refused.value.message
    assert not Pupil.objects.filter(classroom=robins).exists()


@pytest.mark.parametrize("name", ["-", "?", "...", "1", "🙂"])
def test_a_name_with_no_letter_is_refused(alice: User, robins: Classroom, name: str) -> None:
    with pytest.raises(AccountError) as refused:
        classes.pupils_create(classroom=robins, names=f"Amira\n{name}", by=alice)

    assert f"“{name}” is not a name" in refused.value.message
    assert not Pupil.objects.filter(classroom=robins).exists()


@pytest.mark.parametrize("name", ["Roberta", "Abbott", "Zoë 🦊", "O'Neill", "Ben K.", "李雷"])
def test_names_that_only_look_alike_are_fine(alice: User, robins: Classroom, name: str) -> None:
    (pupil,) = classes.pupils_create(classroom=robins, names=name, by=alice)

    assert pupil.name == name


def test_a_pupil_cannot_be_renamed_robot_and_keeps_their_name(alice: User, bob: Pupil) -> None:
    with pytest.raises(AccountError, match="taken for a robot"):
        classes.pupil_rename(pupil=bob, name="Robot", by=alice)

    bob.refresh_from_db()
    assert bob.name == "Bob"


def test_the_class_page_says_why_a_list_was_refused(alice_client: Client, robins: Classroom
                                                     ) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/pupils/add/", {"names": "Amira\n-"},
                                 follow=True)

    assert "“-” is not a name: a pupil's name needs at least one letter." in unescape(
        response.text)
    assert not Pupil.objects.filter(classroom=robins).exists()


# -- names too long for their box -------------------------------------------------------------

def test_a_class_name_too_long_is_refused_with_its_limit_and_length(alice_client: Client
                                                                    ) -> None:
    response = alice_client.post("/classes/new/", {"name": "R" * 500, "choice": "minibridge"})

    assert "Keep the class name to 80 characters (this one has 500)." in response.text
    assert not Classroom.objects.exists()


def test_a_pupil_renamed_too_long_keeps_their_name_and_the_page_says_the_limit(
    alice_client: Client, robins: Classroom, bob: Pupil
) -> None:
    response = alice_client.post(f"/classes/{robins.pk}/pupils/{bob.pk}/rename/",
                                 {"name": "B" * 500}, follow=True)

    assert "Could not rename Bob: Keep a name to 40 characters (this one has 500)." in (
        unescape(response.text))
    bob.refresh_from_db()
    assert bob.name == "Bob"


def test_a_teacher_name_too_long_is_refused_at_sign_up(visitor: Client) -> None:
    response = visitor.post("/accounts/signup/", {
        "email": "long@example.org", "display_name": "M" * 500})

    assert "Keep your name to 60 characters (this one has 500)." in response.text
    assert not User.objects.filter(email="long@example.org").exists()
