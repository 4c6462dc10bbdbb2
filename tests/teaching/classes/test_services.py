"""Class use cases: create, rename, set the game and the robots, archive, restore and share
with co-teachers."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.forms.models import model_to_dict

from games.registry import catalogue
from games.seats import Seat
from teaching.accounts import services
from teaching.accounts.services import AccountError
from teaching.classes import services as classes
from teaching.classes.games import robot_levels
from teaching.classes.selectors import CODE_ALPHABET, classrooms_taught_by
from teaching.models import Classroom, Pupil, User
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db


def _state(classroom: Classroom) -> dict:
    classroom.refresh_from_db()
    return {**model_to_dict(classroom), "co_teachers": sorted(
        classroom.co_teachers.values_list("pk", flat=True))}


@pytest.fixture
def frank(db) -> User:
    """A third teacher, to be Alice's co-teacher."""
    return services.teacher_signup(email="frank@example.org", display_name="Frank",
                                   password="a long enough password 7")


# -- create --------------------------------------------------------------------------------

def test_a_new_class_has_a_code_of_six_letters_and_digits_without_look_alikes(
    alice: User,
) -> None:
    codes = {classes.classroom_create(owner=alice, name=f"Class {n}").code for n in range(40)}

    assert len(codes) == 40
    for code in codes:
        assert len(code) == 6
        assert set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("0O1IL")


def test_a_new_class_starts_at_the_chosen_game_and_options(alice: User) -> None:
    classroom = classes.classroom_create(owner=alice, name="  Year   5 ", game="minibridge",
                                         options={"lesson": 4})

    assert (classroom.name, classroom.game, classroom.options, classroom.owner) == (
        "Year 5", "minibridge", {"lesson": 4}, alice)
    assert not classroom.archived


def test_a_new_class_plays_the_catalogues_first_game_unless_told(alice: User) -> None:
    classroom = classes.classroom_create(owner=alice, name="Year 6")

    assert (classroom.game, classroom.options) == (catalogue()[0].name, {})


@pytest.mark.parametrize(("name", "game", "options"), [
    ("", "minibridge", {}), ("  ", "minibridge", {}), ("x" * 81, "minibridge", {}),
    ("A", "minibridge", {"lesson": 0}), ("A", "minibridge", {"lesson": 7}),
    ("A", "minibridge", {"lesson": "3"}), ("A", "minibridge", {"lesson": True}),
    ("A", "chess", {}), ("A", "spades2", {"deal_method": "shuffle"}),
    ("A", "spades2", {"jokers": 2}), ("A", "minibridge", ["lesson", 3]),
])
def test_a_class_with_a_bad_name_game_or_options_is_not_created(
    alice: User, name: str, game: str, options: object
) -> None:
    with pytest.raises(AccountError):
        classes.classroom_create(owner=alice, name=name, game=game,
                                 options=options)  # type: ignore[arg-type]

    assert not Classroom.objects.exists()


def test_only_teachers_create_classes(bob: Pupil) -> None:
    with pytest.raises(PermissionDenied):
        classes.classroom_create(owner=bob.user, name="Mine")


def test_a_chosen_code_must_fit_the_alphabet_and_be_free(alice: User, robins: Classroom) -> None:
    assert classes.classroom_create(owner=alice, name="Demo", code="demx42").code == "DEMX42"

    for bad in ("DEMO42", "ABC", "ABCDEFG", robins.code, "DEMX42"):
        with pytest.raises(AccountError):
            classes.classroom_create(owner=alice, name="Again", code=bad)
    assert Classroom.objects.count() == 2


# -- rename, game, archive ----------------------------------------------------------------------

def test_a_teacher_renames_the_class_and_sets_its_game(alice: User, robins: Classroom) -> None:
    classes.classroom_rename(classroom=robins, name="Robins 2", by=alice)
    classes.classroom_set_game(classroom=robins, game="minibridge", options={"lesson": 5},
                               by=alice)

    robins.refresh_from_db()
    assert (robins.name, robins.game, robins.options) == ("Robins 2", "minibridge",
                                                          {"lesson": 5})


def test_a_class_moves_to_another_game_with_its_options(alice: User, robins: Classroom) -> None:
    classes.classroom_set_game(classroom=robins, game="spades2",
                               options={"deal_method": "selection", "nil": True}, by=alice)

    robins.refresh_from_db()
    assert (robins.game, robins.options) == ("spades2", {"deal_method": "selection",
                                                         "nil": True})


@pytest.mark.parametrize(("game", "options", "message"), [
    ("minibridge", {"lesson": 0}, "MiniLesson"),
    ("minibridge", {"lesson": 7}, "MiniLesson"),
    ("minibridge", {"lesson": "5"}, "MiniLesson"),
    ("minibridge", {"lesson": 3, "variant": "target"}, "needs the complete game"),
    ("minibridge", {"colour": "red"}, "cannot be played that way"),
    ("spades2", {"deal_method": "shuffle"}, "(?i)the deal"),
    ("spades2", {"nil": "yes"}, "(?i)nil"),
    ("spades2", {"nil": 1}, "(?i)nil"),
    ("chess", {}, "no game called 'chess'"),
    ("minibridge", None, "named choices"),
])
def test_a_bad_game_or_options_say_why_and_leave_the_class_as_it_was(
    alice: User, robins: Classroom, bob: Pupil, game: str, options: object, message: str
) -> None:
    classes.pupil_set_options(pupil=bob, options={"lesson": 2}, by=alice)
    before = _state(robins)

    with pytest.raises(AccountError, match=message):
        classes.classroom_set_game(classroom=robins, game=game, options=options,  # type: ignore
                                   by=alice)

    assert _state(robins) == before
    bob.refresh_from_db()
    assert bob.options_override == {"lesson": 2}


def test_a_new_game_clears_the_pupils_own_options_and_a_level_its_robots_lack(
    alice: User, robins: Classroom, bob: Pupil
) -> None:
    classes.pupil_set_options(pupil=bob, options={"lesson": 5}, by=alice)
    classes.classroom_set_robots(classroom=robins, pause_ms=800, level="expert", by=alice)
    classes.classroom_set_game(classroom=robins, game="minibridge", options={"lesson": 4},
                               by=alice)
    bob.refresh_from_db()
    assert bob.options_override == {"lesson": 5}  # the same game: Bob keeps his own

    classes.classroom_set_game(classroom=robins, game="spades2", options={}, by=alice)

    bob.refresh_from_db()
    robins.refresh_from_db()
    assert bob.options_override == {} and bob.options == {}
    assert robins.robot_level in robot_levels("spades2")


def test_an_empty_name_leaves_the_class_as_it_was(alice: User, robins: Classroom) -> None:
    before = _state(robins)

    with pytest.raises(AccountError):
        classes.classroom_rename(classroom=robins, name=" ", by=alice)

    assert _state(robins) == before


def test_other_teachers_and_pupils_may_not_change_the_class(
    robins: Classroom, eve: User, bob: Pupil
) -> None:
    before = _state(robins)

    for outsider in (eve, bob.user):
        with pytest.raises(PermissionDenied):
            classes.classroom_rename(classroom=robins, name="Mine", by=outsider)
        with pytest.raises(PermissionDenied):
            classes.classroom_set_game(classroom=robins, game="minibridge",
                                       options={"lesson": 6}, by=outsider)
        with pytest.raises(PermissionDenied):
            classes.classroom_archive(classroom=robins, by=outsider)

    assert _state(robins) == before


def test_the_owner_archives_and_restores_the_class(alice: User, robins: Classroom) -> None:
    classes.classroom_archive(classroom=robins, by=alice)
    robins.refresh_from_db()
    assert robins.archived

    classes.classroom_restore(classroom=robins, by=alice)
    robins.refresh_from_db()
    assert not robins.archived


# -- co-teachers -------------------------------------------------------------------------------

def test_a_co_teacher_is_added_by_e_mail_and_then_teaches_the_class(
    alice: User, robins: Classroom, frank: User
) -> None:
    added = classes.classroom_add_co_teacher(classroom=robins, email=" FRANK@example.org",
                                             by=alice)

    assert added == frank
    assert list(classrooms_taught_by(frank)) == [robins]


def test_a_co_teacher_can_do_everything_but_archive(
    alice: User, robins: Classroom, frank: User, eve: User, bob: Pupil
) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=frank.email, by=alice)

    classes.classroom_rename(classroom=robins, name="Robins B", by=frank)
    classes.classroom_set_game(classroom=robins, game="minibridge", options={"lesson": 4},
                               by=frank)
    classes.pupils_create(classroom=robins, names="Zoe", by=frank)
    classes.pupil_reset_secret(pupil=bob, by=frank)
    classes.classroom_add_co_teacher(classroom=robins, email=eve.email, by=frank)
    classes.classroom_remove_co_teacher(classroom=robins, teacher=eve, by=frank)
    with pytest.raises(PermissionDenied):
        classes.classroom_archive(classroom=robins, by=frank)
    with pytest.raises(PermissionDenied):
        classes.classroom_remove_co_teacher(classroom=robins, teacher=alice, by=frank)

    robins.refresh_from_db()
    assert (robins.name, robins.options, robins.archived, robins.owner) == (
        "Robins B", {"lesson": 4}, False, alice)


@pytest.mark.parametrize(("email", "message"), [
    ("nobody@example.org", "No teacher has an account with the e-mail address nobody@"),
    ("", "Type the other teacher's e-mail address"),
    ("alice@example.org", "owns this class already"),
])
def test_adding_a_co_teacher_who_cannot_be_added_says_why(
    alice: User, robins: Classroom, email: str, message: str
) -> None:
    before = _state(robins)

    with pytest.raises(AccountError, match=message) as refused:
        classes.classroom_add_co_teacher(classroom=robins, email=email, by=alice)

    assert refused.value.field == "email"
    assert _state(robins) == before


def test_a_pupil_can_never_be_a_co_teacher(alice: User, robins: Classroom, dave: Pupil) -> None:
    dave.user.email = "dave@example.org"
    dave.user.save()

    with pytest.raises(AccountError, match="No teacher"):
        classes.classroom_add_co_teacher(classroom=robins, email="dave@example.org", by=alice)


def test_a_co_teacher_is_not_added_twice(alice: User, robins: Classroom, frank: User) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=frank.email, by=alice)

    with pytest.raises(AccountError, match="teaches this class already"):
        classes.classroom_add_co_teacher(classroom=robins, email=frank.email, by=alice)


def test_the_owner_removes_a_co_teacher_who_then_teaches_it_no_more(
    alice: User, robins: Classroom, frank: User
) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=frank.email, by=alice)

    classes.classroom_remove_co_teacher(classroom=robins, teacher=frank, by=alice)

    assert list(classrooms_taught_by(frank)) == []
    with pytest.raises(AccountError, match="does not teach"):
        classes.classroom_remove_co_teacher(classroom=robins, teacher=frank, by=alice)


def test_nobody_removes_the_owner(alice: User, robins: Classroom) -> None:
    with pytest.raises(PermissionDenied):
        classes.classroom_remove_co_teacher(classroom=robins, teacher=alice, by=alice)



# -- robots (issue 3) ------------------------------------------------------------------------

def _robot_seats(table) -> list[str]:
    return sorted(table.seats.filter(pupil__isnull=True).values_list("robot_level", flat=True))


def test_a_teacher_sets_the_robots_pause_and_level(alice: User, robins: Classroom) -> None:
    classes.classroom_set_robots(classroom=robins, pause_ms=1500, level="expert", by=alice)

    robins.refresh_from_db()
    assert (robins.robot_pause_ms, robins.robot_level) == (1500, "expert")


def test_a_co_teacher_may_set_the_robots(alice: User, robins: Classroom, frank: User) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=frank.email, by=alice)

    classes.classroom_set_robots(classroom=robins, pause_ms=0, level="beginner", by=frank)

    robins.refresh_from_db()
    assert robins.robot_pause_ms == 0


@pytest.mark.parametrize(("pause_ms", "level", "message"), [
    (-1, "expert", "0 to 5 seconds"), (5001, "expert", "0 to 5 seconds"),
    (99999, "expert", "0 to 5 seconds"), ("fast", "expert", "0 to 5 seconds"),
    ("1000", "expert", "0 to 5 seconds"), (None, "expert", "0 to 5 seconds"),
    (True, "expert", "0 to 5 seconds"), (1.5, "expert", "0 to 5 seconds"),
    (1000, "grandmaster", "beginner or expert"), (1000, "", "beginner or expert"),
    (1000, "Expert", "beginner or expert"), (1000, None, "beginner or expert"),
])
def test_bad_robot_settings_say_why_and_change_nothing(
    alice: User, robins: Classroom, bob: Pupil, pause_ms: object, level: object, message: str
) -> None:
    table = seat_table(robins, {Seat.SOUTH: bob})
    before = _state(robins)

    with pytest.raises(AccountError, match=message):
        classes.classroom_set_robots(classroom=robins, pause_ms=pause_ms,  # type: ignore
                                     level=level, by=alice)  # type: ignore[arg-type]

    assert _state(robins) == before
    assert _robot_seats(table) == ["beginner"] * 3


def test_the_pause_may_be_none_or_up_to_five_seconds(alice: User, robins: Classroom) -> None:
    for pause_ms in (0, 5000):
        classes.classroom_set_robots(classroom=robins, pause_ms=pause_ms, level="beginner",
                                     by=alice)
        robins.refresh_from_db()
        assert robins.robot_pause_ms == pause_ms


def test_other_teachers_and_pupils_may_not_set_the_robots(
    robins: Classroom, eve: User, bob: Pupil
) -> None:
    before = _state(robins)

    for outsider in (eve, bob.user):
        with pytest.raises(PermissionDenied):
            classes.classroom_set_robots(classroom=robins, pause_ms=0, level="expert",
                                         by=outsider)

    assert _state(robins) == before


def test_a_new_level_reaches_the_robots_of_open_tables_but_not_closed_ones(
    alice: User, robins: Classroom, bob: Pupil, carol: Pupil, owls: Classroom, dave: Pupil
) -> None:
    open_table = seat_table(robins, {Seat.SOUTH: bob}, name="Open")
    closed_table = seat_table(robins, {Seat.SOUTH: carol}, name="Closed")
    closed_table.closed = True
    closed_table.save(update_fields=["closed"])
    eves_table = seat_table(owls, {Seat.SOUTH: dave}, name="Eve's")

    classes.classroom_set_robots(classroom=robins, pause_ms=800, level="expert", by=alice)

    assert _robot_seats(open_table) == ["expert"] * 3
    assert open_table.seats.get(seat="S").pupil == bob
    assert _robot_seats(closed_table) == ["beginner"] * 3
    assert _robot_seats(eves_table) == ["beginner"] * 3

    classes.classroom_set_robots(classroom=robins, pause_ms=800, level="beginner", by=alice)

    assert _robot_seats(open_table) == ["beginner"] * 3


def test_a_game_without_an_expert_robot_keeps_its_beginner(
    alice: User, robins: Classroom, bob: Pupil
) -> None:
    """Two-handed Spades has only a beginner robot: an expert there could not play."""
    spades = seat_table(robins, {}, game="spades2", options={}, name="Spades")
    seats = _robot_seats(spades)

    classes.classroom_set_robots(classroom=robins, pause_ms=800, level="expert", by=alice)

    assert _robot_seats(spades) == seats == ["beginner"] * len(seats)
