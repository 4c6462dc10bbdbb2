"""A deleted pupil's seat in the hands they played reads "a former pupil" wherever those hands
are shown, and a robot that plays the seat from then on is plainly a robot; a pupil moved to
another class leaves their seat at the old class's table to a robot
(docs/decisions/0335-a-former-pupils-seat.md, 0337-a-moved-pupils-seat.md).

Alice teaches the Robins; Bob (North) and Carol (South) play at Table 1 with two robots.
"""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.accounts.services import AccountError
from teaching.classes import services as classes
from teaching.erasure import services
from teaching.models import Hand, SessionPair, TableSeat
from teaching.tables.game_cache import current_hand
from teaching.tables.selectors import open_view, seat_view
from teaching.tables.services.dealing import hand_start
from teaching.tables.services.robots import robot_turn
from teaching.teacher.selectors import wall_tile
from tests.teaching import duplicate_helpers
from tests.teaching.erasure.scene import play
from tests.teaching.table_helpers import seat_table, seat_to_act


@pytest.fixture
def table(robins, bob, carol):
    return seat_table(robins, {Seat.NORTH: bob, Seat.SOUTH: carol})


def _play_to_the_end(table, bob, carol) -> None:
    play(table, {Seat.NORTH: bob, Seat.SOUTH: carol}, 200)
    assert current_hand(table).finished is not None


def _name_at(view, seat: str) -> tuple[str, bool]:
    place = next(p for p in view.places.values() if p.seat == seat)
    return place.name, place.is_robot


def test_carol_sees_a_finished_hand_bob_played_as_a_former_pupils(table, alice, bob, carol
                                                                  ) -> None:
    _play_to_the_end(table, bob, carol)
    services.pupil_erase(pupil=bob, by=alice)
    view = seat_view(table=table, seat=Seat.SOUTH)
    assert _name_at(view, "N") == ("a former pupil", False)
    assert _name_at(view, "S") == ("You", False)
    assert _name_at(view, "E") == ("Robot", True)


def test_the_teachers_wall_and_watch_name_the_seat_a_former_pupil(table, alice, bob, carol
                                                                 ) -> None:
    _play_to_the_end(table, bob, carol)
    services.pupil_erase(pupil=bob, by=alice)
    assert ("North", "a former pupil") in wall_tile(table).seats
    assert _name_at(open_view(table=table), "N") == ("a former pupil", False)


def test_a_robot_finishing_the_hand_bob_began_is_named_a_robot(table, alice, bob, carol
                                                              ) -> None:
    for _ in range(5):  # a 20-20 deal ends at once and is dealt again (Law 6): play on
        play(table, {Seat.NORTH: bob, Seat.SOUTH: carol}, 6)
        hand = current_hand(table)
        if hand.finished is None:
            break
        hand_start(table=table)
    assert hand.finished is None
    services.pupil_erase(pupil=bob, by=alice)
    assert _name_at(seat_view(table=table, seat=Seat.SOUTH), "N") == (
        "Robot, after a former pupil", True)
    # The robot plays Bob's seat: Carol's hand goes on to its end.
    play(table, {Seat.SOUTH: carol}, 200)
    hand.refresh_from_db()
    assert hand.finished is not None
    assert hand.former_seats == {"N": "part"}


def test_the_hands_after_bob_was_deleted_are_the_robots(table, alice, bob, carol) -> None:
    _play_to_the_end(table, bob, carol)
    services.pupil_erase(pupil=bob, by=alice)
    hand_start(table=table)
    assert _name_at(seat_view(table=table, seat=Seat.SOUTH), "N") == ("Robot", True)
    assert ("North", "Robot") in wall_tile(table).seats


def test_a_robot_takes_the_turn_bob_was_to_take(table, alice, bob, carol) -> None:
    for _ in range(20):  # until it is Bob's turn
        if seat_to_act(table) == Seat.NORTH:
            break
        play(table, {Seat.SOUTH: carol}, 1)
    assert seat_to_act(table) == Seat.NORTH
    assert robot_turn(table_id=table.pk) is None
    services.pupil_erase(pupil=bob, by=alice)
    assert robot_turn(table_id=table.pk) is not None


def test_only_the_seat_letter_and_how_far_are_kept(table, alice, bob, carol) -> None:
    _play_to_the_end(table, bob, carol)
    services.pupil_erase(pupil=bob, by=alice)
    assert Hand.objects.get(table=table).former_seats == {"N": "whole"}
    assert TableSeat.objects.get(table=table, seat="N").pupil is None


def test_a_duplicate_pair_that_lost_a_pupil_names_them_a_former_pupil(robins, alice) -> None:
    four = classes.pupils_create(classroom=robins, names="Ann\nBen\nCai\nDot", by=alice)
    duplicate_helpers.create(robins, alice, four)
    pair = SessionPair.objects.get(first=four[0])
    partner = pair.second.name
    services.pupil_erase(pupil=four[0], by=alice)
    pair.refresh_from_db()
    assert pair.names == f"{partner} & a former pupil"


def test_a_pair_made_with_a_robot_partner_still_reads_so(robins, alice) -> None:
    ann = classes.pupils_create(classroom=robins, names="Ann", by=alice)[0]
    pair = SessionPair(number=1, first=ann)
    assert pair.names == "Ann & a robot"


# -- a pupil moved to another class ---------------------------------------------------------

@pytest.fixture
def hawks(alice):
    return classes.classroom_create(owner=alice, name="Hawks", game="minibridge",
                                    options={"lesson": 3})


def test_a_moved_pupils_seat_at_the_old_table_goes_to_a_robot(table, alice, bob, carol, hawks
                                                             ) -> None:
    play(table, {Seat.NORTH: bob, Seat.SOUTH: carol}, 6)
    classes.pupil_move(pupil=bob, to=hawks, by=alice)
    assert TableSeat.objects.get(table=table, seat="N").pupil is None
    assert _name_at(seat_view(table=table, seat=Seat.SOUTH), "N") == ("Robot", True)
    # Carol's hand goes on to its end, the robot playing North.
    play(table, {Seat.SOUTH: carol}, 200)
    assert current_hand(table).finished is not None


def test_a_refused_move_leaves_the_seat_as_it_was(table, alice, bob, robins) -> None:
    with pytest.raises(AccountError):
        classes.pupil_move(pupil=bob, to=robins, by=alice)
    assert TableSeat.objects.get(table=table, seat="N").pupil == bob
