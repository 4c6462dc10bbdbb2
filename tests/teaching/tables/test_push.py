"""What one change at a table sends: every seated pupil's own frame, from one read.

The consumer of the pupil who acted renders the frames of all four players in
one trip to the database thread (teaching.tables.push); these tests check what
each pupil would find in the frame meant for them, and that a refused action
sends nothing and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, HandAction, Pupil, Table
from teaching.tables import push as table_push
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.now import table_now
from teaching.tables.services import ActionRefused
from teaching.tables.services.robots import robot_act
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(robins: Classroom, alice: Any, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    dora, ed = classes.pupils_create(classroom=robins, names="Dora\nEd", by=alice)
    return {Seat.SOUTH: bob, Seat.WEST: carol, Seat.NORTH: dora, Seat.EAST: ed}


def _cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def _version(html: str) -> int:
    found = re.search(r'id="table-body"[^>]*data-version="(\d+)"', html)
    assert found, "every frame carries the table's version"
    return int(found.group(1))


def _act_for_whoever_is_to_act(table: Table, pupils: dict[Seat, Pupil]) -> table_push.Frames:
    seat = seat_to_act(table)
    assert seat is not None
    text = good_action(view_of(table, seat))
    return table_push.act_and_render(pupils[seat].user, table.id, text, None, None)


def test_one_action_sends_each_seated_pupil_the_table_as_their_own_seat_sees_it(
        robins: Classroom, four: dict[Seat, Pupil]) -> None:
    table = seat_table(robins, four)
    frames = _act_for_whoever_is_to_act(table, four)

    assert set(frames.by_user) == {str(p.user_id) for p in four.values()}
    hand = current_hand(table)
    game = hand_state(hand)
    for seat, pupil in four.items():
        html = frames.by_user[str(pupil.user_id)]
        own = {str(card) for card in game.deal.hand(seat)}
        others = {str(card) for s in Seat if s != seat for card in game.deal.hand(s)}
        assert own <= _cards(html), f"{pupil.name} sees their own cards"
        # Before the dummy is faced, nobody sees another hand.
        assert not (_cards(html) & others), f"{pupil.name} must not see another hand"
        assert _version(html) == game.version == frames.version


def test_the_frames_say_when_a_robot_is_to_act_next(robins: Classroom, bob: Pupil) -> None:
    Classroom.objects.filter(pk=robins.pk).update(robot_pause_ms=250)
    table = seat_table(robins, {Seat.SOUTH: bob})
    while seat_to_act(table) != Seat.SOUTH:
        assert robot_act(table_id=table.id) is not None

    frames = _act_for_whoever_is_to_act(table, {Seat.SOUTH: bob})

    turn = frames.robot_turn
    assert turn is not None and turn.version == frames.version and turn.pause_ms == 250
    assert set(frames.by_user) == {str(bob.user_id)}
    robot = table_push.robot_act_and_render(table.id, turn.version, turn.hand_number)
    assert robot is not None and robot.version == turn.version + 1
    # The same turn again is someone else's news: nothing happens.
    assert table_push.robot_act_and_render(table.id, turn.version, turn.hand_number) is None


def test_a_table_of_four_pupils_never_waits_for_a_robot(
        robins: Classroom, four: dict[Seat, Pupil]) -> None:
    table = seat_table(robins, four)
    acted = 0
    while seat_to_act(table) is not None:  # to the end of the hand (or a redeal, Law 6)
        assert _act_for_whoever_is_to_act(table, four).robot_turn is None
        acted += 1
    assert acted >= 4


def test_a_refused_action_sends_nothing_and_writes_nothing(
        robins: Classroom, four: dict[Seat, Pupil]) -> None:
    table = seat_table(robins, four)
    seat = seat_to_act(table)
    waiting = next(s for s in four if s != seat)
    before = HandAction.objects.count()

    with pytest.raises(ActionRefused):
        table_push.act_and_render(four[waiting].user, table.id, "hcp 41", None, None)
    with pytest.raises(ActionRefused):
        table_push.act_and_render(four[seat].user, table.id, "hcp 41", None, None)

    assert HandAction.objects.count() == before
    assert seat_to_act(table) == seat


def test_a_pupil_of_another_class_can_act_at_no_table(
        robins: Classroom, four: dict[Seat, Pupil], dave: Pupil) -> None:
    table = seat_table(robins, four)
    with pytest.raises(ActionRefused, match="not sitting at this table"):
        table_push.act_and_render(dave.user, table.id, "hcp 10", None, None)


def test_an_archived_pupil_gets_no_frame(robins: Classroom, four: dict[Seat, Pupil]) -> None:
    table = seat_table(robins, four)
    gone = next(s for s in four if s != seat_to_act(table))
    Pupil.objects.filter(pk=four[gone].pk).update(archived=True)

    frames = _act_for_whoever_is_to_act(table, four)

    assert str(four[gone].user_id) not in frames.by_user
    assert len(frames.by_user) == 3


def test_the_message_names_the_hand_version_and_robot_turn(
        robins: Classroom, bob: Pupil) -> None:
    table = seat_table(robins, {Seat.SOUTH: bob})
    now = table_now(table.id)
    assert now is not None
    frames = table_push.frames_of(now)

    message = frames.message()

    assert message["type"] == "table.frames" and message["hand"] == 1
    assert message["frames"] == frames.by_user
    turn = table_push.robot_turn_of(message)
    assert turn == frames.robot_turn
    assert table_push.robot_turn_of({"robot": {"nonsense": 1}}) is None
