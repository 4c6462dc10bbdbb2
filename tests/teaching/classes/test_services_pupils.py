"""Pupils: added from a pasted list with secret words, renamed, given a new secret,
archived, moved, and set ahead of or behind the class."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import check_password
from django.core.exceptions import PermissionDenied

from teaching.accounts import pupil_secrets, services
from teaching.accounts.secret_words import WORDS
from teaching.accounts.services import AccountError
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, User

pytestmark = pytest.mark.django_db


def _snapshot() -> list[tuple]:
    """Everything a pupil use case could change."""
    return sorted(
        (p.pk, p.name, p.secret, p.classroom_id, p.archived, str(p.options_override),
         p.user.password,
         p.user.display_name, p.user.is_active)
        for p in Pupil.objects.select_related("user")
    ) + [("users", User.objects.count())]


# -- the secret words -------------------------------------------------------------------------

def test_the_word_list_has_about_two_hundred_short_friendly_words() -> None:
    assert 180 <= len(WORDS) <= 260
    assert len(set(WORDS)) == len(WORDS)
    assert all(re.fullmatch(r"[a-z]{3,7}", word) for word in WORDS)


def test_a_secret_is_a_word_and_three_digits_that_cannot_be_misread() -> None:
    for _ in range(200):
        secret = pupil_secrets.secret_new()
        word, digits = secret[:-3], secret[-3:]
        assert word in WORDS
        assert re.fullmatch(r"[2-9]{3}", digits), secret


def test_there_are_over_a_hundred_thousand_secrets() -> None:
    # The login throttle's figures rest on this (docs/decisions/0301).
    assert len(WORDS) * len(pupil_secrets.SECRET_DIGITS) ** 3 > 100_000


# -- adding pupils -----------------------------------------------------------------------------

def test_pasted_names_become_pupils_trimmed_and_without_blank_lines(
    alice: User, robins: Classroom
) -> None:
    pupils = classes.pupils_create(classroom=robins, names="  Amira \n\n\tBen  K.\n \nChloe\n",
                                   by=alice)

    assert [p.name for p in pupils] == ["Amira", "Ben K.", "Chloe"]
    assert [p.name for p in robins.pupils.all()] == ["Amira", "Ben K.", "Chloe"]


def test_each_pupil_gets_a_login_without_e_mail_and_a_secret_that_is_their_password(
    alice: User, robins: Classroom
) -> None:
    (amira,) = classes.pupils_create(classroom=robins, names="Amira", by=alice)

    user = User.objects.get(pk=amira.user_id)
    assert user.is_pupil
    assert user.email == ""
    assert user.display_name == "Amira"
    assert user.username.startswith(f"p-{robins.code.lower()}-")
    assert check_password(amira.secret, user.password)
    assert amira.options == robins.options and not amira.options_override


def test_pupils_get_different_usernames(alice: User, robins: Classroom) -> None:
    pupils = classes.pupils_create(classroom=robins, names=[f"P{n}" for n in range(30)],
                                   by=alice)

    assert len({p.user.username for p in pupils}) == 30


@pytest.mark.parametrize(("names", "message"), [
    ("", "one per line"),
    ("\n  \n\t\n", "one per line"),
    ("Amira\nBen\namira", "in the list more than once: Amira"),
    ("Ben\nBEN\nCid\ncid", "more than once: Ben, Cid"),
    ("Amira\nbob", "in the class already: Bob"),
    ("Amira\n" + "x" * 41, "40 characters: " + "x" * 41),
    ("\n".join(f"P{n}" for n in range(101)), "at most 100"),
])
def test_a_bad_list_names_the_problem_and_adds_nobody(
    alice: User, robins: Classroom, bob: Pupil, names: str, message: str
) -> None:
    before = _snapshot()

    with pytest.raises(AccountError, match=re.escape(message)) as refused:
        classes.pupils_create(classroom=robins, names=names, by=alice)

    assert refused.value.field == "names"
    assert _snapshot() == before


def test_an_archived_pupils_name_can_be_used_again(alice: User, robins: Classroom,
                                                   bob: Pupil) -> None:
    classes.pupil_archive(pupil=bob, by=alice)

    (new_bob,) = classes.pupils_create(classroom=robins, names="Bob", by=alice)

    assert new_bob.pk != bob.pk


def test_the_same_name_may_be_in_two_classes(alice: User, robins: Classroom, bob: Pupil,
                                             eve: User, owls: Classroom) -> None:
    classes.pupils_create(classroom=owls, names="Bob", by=eve)

    assert Pupil.objects.filter(name="Bob").count() == 2


def test_only_the_class_teachers_add_pupils(robins: Classroom, eve: User, bob: Pupil) -> None:
    before = _snapshot()

    for outsider in (eve, bob.user):
        with pytest.raises(PermissionDenied):
            classes.pupils_create(classroom=robins, names="Mallory", by=outsider)

    assert _snapshot() == before


# -- renaming, new secret, archive ---------------------------------------------------------------

def test_a_pupil_is_renamed_everywhere(alice: User, bob: Pupil) -> None:
    classes.pupil_rename(pupil=bob, name="  Bobby ", by=alice)

    bob.refresh_from_db()
    assert bob.name == "Bobby"
    assert bob.user.display_name == "Bobby"


def test_renaming_a_pupil_only_changes_the_case_of_their_name(alice: User, bob: Pupil) -> None:
    classes.pupil_rename(pupil=bob, name="BOB", by=alice)

    bob.refresh_from_db()
    assert bob.name == "BOB"


@pytest.mark.parametrize(("name", "message"), [("carol", "Another pupil in the class is called"),
                                               ("", "Type the pupil's name"),
                                               ("y" * 41, "40 characters")])
def test_a_refused_rename_changes_nothing(alice: User, bob: Pupil, carol: Pupil, name: str,
                                          message: str) -> None:
    before = _snapshot()

    with pytest.raises(AccountError, match=message):
        classes.pupil_rename(pupil=bob, name=name, by=alice)

    assert _snapshot() == before


def test_a_new_secret_replaces_the_old_one(alice: User, bob: Pupil) -> None:
    old = bob.secret

    classes.pupil_reset_secret(pupil=bob, by=alice)

    bob.refresh_from_db()
    assert bob.secret != old
    assert check_password(bob.secret, bob.user.password)
    assert not check_password(old, bob.user.password)


def test_an_archived_pupil_leaves_the_list_and_cannot_log_in(alice: User, robins: Classroom,
                                                             bob: Pupil) -> None:
    classes.pupil_archive(pupil=bob, by=alice)

    bob.refresh_from_db()
    assert bob.archived
    assert not bob.user.is_active
    assert list(robins.pupils.filter(archived=False)) == [Pupil.objects.get(name="Carol")]
    with pytest.raises(services.LoginRefused) as refused:
        services.pupil_login_check(pupil=bob, secret=bob.secret)
    assert refused.value.code == "closed"


def test_teachers_of_another_class_cannot_touch_its_pupils(eve: User, bob: Pupil,
                                                           owls: Classroom) -> None:
    before = _snapshot()

    with pytest.raises(PermissionDenied):
        classes.pupil_rename(pupil=bob, name="X", by=eve)
    with pytest.raises(PermissionDenied):
        classes.pupil_reset_secret(pupil=bob, by=eve)
    with pytest.raises(PermissionDenied):
        classes.pupil_archive(pupil=bob, by=eve)
    with pytest.raises(PermissionDenied):
        classes.pupil_set_options(pupil=bob, options={"lesson": 2}, by=eve)
    with pytest.raises(PermissionDenied):
        classes.pupil_move(pupil=bob, to=owls, by=eve)

    assert _snapshot() == before


# -- moving -------------------------------------------------------------------------------------

@pytest.fixture
def wrens(alice: User) -> Classroom:
    """Alice's second class."""
    return classes.classroom_create(owner=alice, name="Wrens", game="minibridge",
                                    options={"lesson": 2})


def test_a_pupil_moves_to_another_of_the_teachers_classes_with_their_secret(
    alice: User, bob: Pupil, wrens: Classroom
) -> None:
    secret = bob.secret

    classes.pupil_move(pupil=bob, to=wrens, by=alice)

    bob.refresh_from_db()
    assert bob.classroom == wrens
    assert bob.secret == secret
    assert bob.options == {"lesson": 2}


def test_a_pupil_moving_to_a_class_of_another_game_leaves_their_own_options_behind(
    alice: User, bob: Pupil, wrens: Classroom
) -> None:
    classes.pupil_set_options(pupil=bob, options={"lesson": 6}, by=alice)
    classes.pupil_move(pupil=bob, to=wrens, by=alice)
    bob.refresh_from_db()
    assert bob.options == {"lesson": 6}  # the same game: still ahead of the class

    spades = classes.classroom_create(owner=alice, name="Spades club", game="spades2")
    classes.pupil_move(pupil=bob, to=spades, by=alice)

    bob.refresh_from_db()
    assert bob.options_override == {} and bob.options == {}


def test_a_pupil_cannot_move_to_a_class_the_teacher_does_not_teach(
    alice: User, bob: Pupil, owls: Classroom
) -> None:
    before = _snapshot()

    with pytest.raises(PermissionDenied):
        classes.pupil_move(pupil=bob, to=owls, by=alice)

    assert _snapshot() == before


def test_a_move_that_would_clash_or_go_nowhere_is_refused(
    alice: User, robins: Classroom, bob: Pupil, wrens: Classroom
) -> None:
    classes.pupils_create(classroom=wrens, names="bob", by=alice)
    archived = classes.classroom_create(owner=alice, name="Old")
    classes.classroom_archive(classroom=archived, by=alice)
    before = _snapshot()

    for target, message in ((wrens, "has a pupil called Bob already"),
                            (robins, "is in Robins already"),
                            (archived, "is archived")):
        with pytest.raises(AccountError, match=message):
            classes.pupil_move(pupil=bob, to=target, by=alice)

    assert _snapshot() == before


# -- a pupil's own options ----------------------------------------------------------------------

def test_a_pupil_can_be_ahead_of_the_class_and_then_follow_it_again(
    alice: User, robins: Classroom, bob: Pupil
) -> None:
    classes.pupil_set_options(pupil=bob, options={"lesson": 5}, by=alice)
    bob.refresh_from_db()
    assert bob.options == {"lesson": 5}

    classes.classroom_set_game(classroom=robins, game="minibridge", options={"lesson": 4},
                               by=alice)
    bob.refresh_from_db()
    assert bob.options == {"lesson": 5}

    classes.pupil_set_options(pupil=bob, options=None, by=alice)
    bob.refresh_from_db()
    assert bob.options == {"lesson": 4}


@pytest.mark.parametrize("options", [{"lesson": 0}, {"lesson": 7}, {"lesson": "3"},
                                     {"lesson": 3.0}, {"deal_method": "selection"},
                                     {"lesson": 2, "variant": "slam"}])
def test_bad_pupil_options_say_why_and_change_nothing(alice: User, bob: Pupil,
                                                      options: object) -> None:
    before = _snapshot()

    with pytest.raises(AccountError, match="MiniBridge"):
        classes.pupil_set_options(pupil=bob, options=options, by=alice)  # type: ignore

    assert _snapshot() == before
