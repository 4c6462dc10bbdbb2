"""The teacher's services: seating the class, seating by hand, pausing, undoing a trick."""

from __future__ import annotations

import math
import random

import pytest
from django.core.exceptions import PermissionDenied

from games.deals import Deal
from games.protocol import Action
from games.registry import new_game
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Hand, HandAction, Pupil, Table, TableSeat, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services import ActionRefused
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_start
from teaching.tables.services.robots import robot_act, robots_pending
from teaching.tables.services.seating import practice_table_open
from teaching.teacher.services import (
    SeatingRefused,
    table_seat_pupil,
    table_set_paused,
    table_undo_trick,
    tables_seat_class,
    undo_cut,
)
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lea", "Max"]


def _class_of(alice: User, n: int, lesson: int = 3, game: str = "minibridge",
              options: dict | None = None) -> Classroom:
    classroom = classes.classroom_create(
        owner=alice, name=f"Class of {n}", game=game,
        options={"lesson": lesson} if options is None else options)
    if n:
        classes.pupils_create(classroom=classroom, names="\n".join(NAMES[:n]), by=alice)
    return classroom


def _seated(classroom: Classroom) -> list[TableSeat]:
    return list(TableSeat.objects.filter(table__classroom=classroom, table__closed=False))


# -- seating the class --------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 14))
def test_seating_the_class_puts_everyone_at_tables_of_four_with_robots_in_the_last(
        alice: User, n: int) -> None:
    classroom = _class_of(alice, n)

    result = tables_seat_class(classroom=classroom, by=alice)

    assert len(result.tables) == math.ceil(n / 4)
    seats = _seated(classroom)
    pupils = [s.pupil_id for s in seats if s.pupil_id]
    assert sorted(pupils) == sorted(classroom.pupils.values_list("id", flat=True))
    assert len(seats) == 4 * len(result.tables)
    robots = [s for s in seats if s.pupil_id is None]
    assert len(robots) == 4 * len(result.tables) - n
    assert {s.table_id for s in robots} <= {result.tables[-1].id}, "robots only at the last table"
    for table in result.tables:
        assert current_hand(table) is not None, "each table has its first hand dealt"
        assert table.options == {"lesson": 3}


def test_two_pupils_with_two_robots_are_partners(alice: User) -> None:
    classroom = _class_of(alice, 6)

    result = tables_seat_class(classroom=classroom, by=alice)

    last = {s.seat for s in result.tables[-1].seats.all() if s.pupil_id}
    assert last == {"S", "N"}


def test_pupils_at_the_same_lesson_sit_together_and_a_mixed_table_plays_the_lowest(
        alice: User) -> None:
    classroom = _class_of(alice, 6, lesson=4)
    ahead = list(classroom.pupils.order_by("name")[:3])
    for pupil in ahead:
        classes.pupil_set_options(pupil=pupil, options={"lesson": 5}, by=alice)

    result = tables_seat_class(classroom=classroom, by=alice)

    first, second = result.tables
    assert first.options == {"lesson": 4}, "three at lesson 4 and one at lesson 5: lesson 4"
    assert second.options == {"lesson": 5}
    assert {s.pupil for s in second.seats.all() if s.pupil} <= set(ahead)
    assert any("Table 1 mixes MiniBridge · MiniLesson Four: trumps with MiniBridge · "
               "MiniLesson Five: part-score or game: it plays MiniBridge · MiniLesson Four"
               in note for note in result.notes), result.notes


@pytest.mark.parametrize("n", range(1, 6))
def test_a_class_at_two_handed_spades_sits_two_to_a_table_with_a_robot_in_the_last(
        alice: User, n: int) -> None:
    classroom = _class_of(alice, n, game="spades2", options={"nil": True})

    result = tables_seat_class(classroom=classroom, by=alice)

    assert len(result.tables) == math.ceil(n / 2)
    seats = _seated(classroom)
    assert len(seats) == 2 * len(result.tables)
    assert {s.seat for s in seats} == {"N", "S"}
    assert sorted(s.pupil_id for s in seats if s.pupil_id) == sorted(
        classroom.pupils.values_list("id", flat=True))
    robots = [s for s in seats if s.pupil_id is None]
    assert len(robots) == n % 2
    for table in result.tables:
        assert (table.game, table.options) == ("spades2", {"nil": True})
        assert current_hand(table).game == "spades2"


def test_a_three_handed_variant_seats_three_to_a_table_round_the_dealt_dummy(
        alice: User) -> None:
    classroom = _class_of(alice, 5, options={"lesson": 5, "variant": "three-normal"})

    result = tables_seat_class(classroom=classroom, by=alice)

    assert len(result.tables) == 2
    for table in result.tables:
        hand = current_hand(table)
        dummy = Seat(hand.deal["dealer"]).partner
        assert {s.seat for s in table.seats.all()} == {s.value for s in Seat} - {dummy.value}
    assert sum(1 for s in _seated(classroom) if s.pupil_id) == 5


def test_seating_again_closes_the_old_tables_but_not_practice_tables(
        alice: User, robins: Classroom, bob: Pupil, carol: Pupil) -> None:
    practice = practice_table_open(pupil=bob)
    first = tables_seat_class(classroom=robins, by=alice)

    second = tables_seat_class(classroom=robins, by=alice)

    assert second.closed == 1
    assert Table.objects.get(pk=first.tables[0].pk).closed
    assert not Table.objects.get(pk=practice.pk).closed
    assert not second.tables[0].closed


def test_archived_pupils_are_not_seated(alice: User, robins: Classroom, bob: Pupil,
                                        carol: Pupil) -> None:
    classes.pupil_archive(pupil=carol, by=alice)

    tables_seat_class(classroom=robins, by=alice)

    assert [s.pupil for s in _seated(robins) if s.pupil] == [bob]


def test_a_class_without_pupils_cannot_be_seated_and_nothing_changes(alice: User) -> None:
    classroom = _class_of(alice, 0)

    with pytest.raises(SeatingRefused, match="no pupils yet"):
        tables_seat_class(classroom=classroom, by=alice)
    assert not Table.objects.filter(classroom=classroom).exists()


def test_only_the_class_teachers_may_seat_it(robins: Classroom, bob: Pupil, eve: User) -> None:
    with pytest.raises(PermissionDenied):
        tables_seat_class(classroom=robins, by=eve)
    with pytest.raises(PermissionDenied):
        tables_seat_class(classroom=robins, by=bob.user)
    assert not robins.tables.exists()


def test_a_co_teacher_may_seat_the_class(alice: User, robins: Classroom, bob: Pupil,
                                         eve: User) -> None:
    classes.classroom_add_co_teacher(classroom=robins, email=eve.email, by=alice)

    assert len(tables_seat_class(classroom=robins, by=eve).tables) == 1


def test_mixing_the_class_up_still_seats_everyone_once(alice: User) -> None:
    classroom = _class_of(alice, 9)

    tables_seat_class(classroom=classroom, by=alice, shuffle=True, rng=random.Random(4))

    pupils = [s.pupil_id for s in _seated(classroom) if s.pupil_id]
    assert len(pupils) == len(set(pupils)) == 9


# -- seating by hand ---------------------------------------------------------------

@pytest.fixture
def two_tables(alice: User, robins: Classroom, bob: Pupil, carol: Pupil) -> list[Table]:
    classes.pupils_create(classroom=robins, names="Dora\nEd\nFred", by=alice)
    return tables_seat_class(classroom=robins, by=alice).tables


def _seat_of(pupil: Pupil) -> tuple[int, str] | None:
    seat = TableSeat.objects.filter(pupil=pupil, table__closed=False,
                                    table__practice_for__isnull=True).first()
    return (seat.table_id, seat.seat) if seat else None


def test_seating_a_pupil_seated_elsewhere_moves_them_and_says_so(
        alice: User, two_tables: list[Table], bob: Pupil) -> None:
    first, second = two_tables
    was = _seat_of(bob)

    said = table_seat_pupil(table=second, seat="E", pupil=bob, by=alice)

    assert _seat_of(bob) == (second.id, "E")
    assert TableSeat.objects.get(table_id=was[0], seat=was[1]).pupil is None, "a robot took over"
    assert "Bob now sits East at Table 2" in said
    assert f"moved from Table 1, {Seat(was[1]).word}" in said


def test_seating_a_pupil_in_an_occupied_seat_leaves_the_other_without_a_seat(
        alice: User, two_tables: list[Table], bob: Pupil, carol: Pupil) -> None:
    first, _ = two_tables
    carols_seat = _seat_of(carol)

    said = table_seat_pupil(table=first, seat=carols_seat[1], pupil=bob, by=alice)

    assert _seat_of(carol) is None
    assert "Carol no longer has a seat" in said


def test_seating_a_robot_frees_the_pupil(alice: User, two_tables: list[Table],
                                         bob: Pupil) -> None:
    table_id, seat = _seat_of(bob)

    said = table_seat_pupil(table=Table.objects.get(pk=table_id), seat=seat, pupil=None, by=alice)

    assert _seat_of(bob) is None
    assert "A robot now plays" in said


@pytest.mark.parametrize("seat", ["X", "", "north-east", "12"])
def test_a_seat_that_is_not_there_is_refused(alice: User, two_tables: list[Table], bob: Pupil,
                                             seat: str) -> None:
    before = _seat_of(bob)
    with pytest.raises(SeatingRefused):
        table_seat_pupil(table=two_tables[1], seat=seat, pupil=bob, by=alice)
    assert _seat_of(bob) == before


def test_an_archived_pupil_cannot_be_seated(alice: User, two_tables: list[Table],
                                            bob: Pupil) -> None:
    classes.pupil_archive(pupil=bob, by=alice)
    bob.refresh_from_db()

    with pytest.raises(SeatingRefused, match="Bob is archived"):
        table_seat_pupil(table=two_tables[1], seat="E", pupil=bob, by=alice)
    assert TableSeat.objects.get(table=two_tables[1], seat="E").pupil is None


def test_a_pupil_of_another_class_cannot_be_seated(alice: User, two_tables: list[Table],
                                                   dave: Pupil) -> None:
    with pytest.raises(SeatingRefused, match="not in Robins"):
        table_seat_pupil(table=two_tables[1], seat="E", pupil=dave, by=alice)
    assert not TableSeat.objects.filter(pupil=dave).exists()


def test_no_one_is_seated_at_a_closed_table(alice: User, robins: Classroom, two_tables,
                                            bob: Pupil) -> None:
    tables_seat_class(classroom=robins, by=alice)

    with pytest.raises(SeatingRefused, match="closed"):
        table_seat_pupil(table=two_tables[0], seat="E", pupil=bob, by=alice)


def test_another_teacher_cannot_seat_at_alices_tables(eve: User, two_tables: list[Table],
                                                      bob: Pupil) -> None:
    with pytest.raises(PermissionDenied):
        table_seat_pupil(table=two_tables[1], seat="E", pupil=None, by=eve)


# -- pausing -------------------------------------------------------------------------

@pytest.fixture
def bobs_table(robins: Classroom, bob: Pupil) -> Table:
    """Bob in South, robots elsewhere: North deals board 1, so a robot acts first."""
    return seat_table(robins, {Seat.SOUTH: bob})


def _play_until_bob(table: Table) -> None:
    while seat_to_act(table) not in (Seat.SOUTH, None):
        assert robot_act(table_id=table.id) is not None


def test_a_paused_table_refuses_pupils_and_stops_robots(alice: User, bobs_table: Table,
                                                        bob: Pupil) -> None:
    _play_until_bob(bobs_table)
    hand = current_hand(bobs_table)
    version = hand_state(hand).version

    table_set_paused(table=bobs_table, paused=True, by=alice)

    text = good_action(hand_state(hand).view(Seat.SOUTH))
    with pytest.raises(ActionRefused, match="Your teacher has paused this table"):
        hand_act(user=bob.user, table=bobs_table, text=text)
    assert robot_act(table_id=bobs_table.id) is None
    assert not robots_pending(Table.objects.get(pk=bobs_table.pk))
    assert hand.actions.count() == version


def test_resuming_lets_play_go_on(alice: User, bobs_table: Table, bob: Pupil) -> None:
    table_set_paused(table=bobs_table, paused=True, by=alice)
    assert robot_act(table_id=bobs_table.id) is None

    table_set_paused(table=bobs_table, paused=False, by=alice)

    assert robot_act(table_id=bobs_table.id) is not None


def test_pausing_is_announced_to_the_table(alice: User, bobs_table: Table, monkeypatch,
                                           django_capture_on_commit_callbacks) -> None:
    heard = []
    monkeypatch.setattr("teaching.teacher.services.notify_table",
                        lambda table_id, version: heard.append(table_id))
    with django_capture_on_commit_callbacks(execute=True):
        table_set_paused(table=bobs_table, paused=True, by=alice)
    assert heard == [bobs_table.id]


def test_only_the_class_teachers_may_pause(eve: User, bob: Pupil, bobs_table: Table) -> None:
    for someone in (eve, bob.user):
        with pytest.raises(PermissionDenied):
            table_set_paused(table=bobs_table, paused=True, by=someone)
    assert not Table.objects.get(pk=bobs_table.pk).paused


# -- undoing a trick: the cut point, at every point of whole hands ----------------------

def _whole_hand(game_name: str, seed: int, **options) -> tuple[list[Action], object]:
    """A hand played to its end by robots at every seat: its log and a fresh game."""
    from games.registry import game_entry
    from games.robots import robot_for

    entry = game_entry(game_name)
    deal = entry.deal(entry.rules(**options), random.Random(seed), board=1)
    game = new_game(game_name, deal, **options)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, robot_for(game_name, "beginner").choose(game.view(seat), rng))
    return list(game.log), lambda: new_game(game_name, deal, **options)


def _marks(fresh, actions: list[Action]) -> list[tuple[int, bool]]:
    from teaching.teacher.selectors import trick_mark

    game = fresh()
    out = [trick_mark(game.view(None))]
    for action in actions:
        game.apply(action.seat, action.text)
        out.append(trick_mark(game.view(None)))
    return out


HANDS = [("minibridge", 1, {"lesson": 1}), ("minibridge", 2, {"lesson": 3}),
         ("minibridge", 3, {"lesson": 5}), ("minibridge", 7, {"lesson": 6}),
         ("spades2", 5, {})]


@pytest.mark.parametrize(("game_name", "seed", "options"), HANDS)
def test_the_cut_lies_just_before_the_lead_of_the_trick_taken_back_at_every_point(
        game_name: str, seed: int, options: dict) -> None:
    log, fresh = _whole_hand(game_name, seed, **options)
    marks = _marks(fresh, log)

    for k in range(len(log) + 1):
        done, empty = marks[k]
        cut = undo_cut(fresh(), log[:k])
        if done == 0 and empty:
            assert cut is None, f"nothing to undo after {k} actions"
            continue
        target = done - 1 if empty else done
        assert cut is not None and cut < k
        assert marks[cut] == (target, True), "the table shows no card of that trick"
        assert all(marks[j] != (target, True) for j in range(cut + 1, k)), "the last such point"
        game = fresh()
        for action in log[:cut]:
            game.apply(action.seat, action.text)
        assert not game.is_over(), "the hand is open again"
        assert game.to_act(), "someone is to act"


# -- undoing a trick at a table -------------------------------------------------------

def _not_a_redeal(seed: int = 0) -> Deal:
    """A fixed deal whose sides do not hold 20 points each (that deal is dealt again)."""
    while True:
        deal = Deal.from_seed(seed)
        if deal.side_hcp(Seat.NORTH.side) != 20:
            return deal
        seed += 1


@pytest.fixture
def robots_table(robins: Classroom) -> Table:
    """Robots in every seat, lesson 5, a fixed deal (tables are dealt from random seeds)."""
    table = seat_table(robins, {}, options={"lesson": 5})
    table.hands.all().delete()
    hand_start(table=table, deal=_not_a_redeal(11))
    return table


def _play(table: Table, actions: int | None = None) -> Hand:
    """Let the robots play ``actions`` actions (or the whole hand)."""
    hand = current_hand(table)
    while actions is None or hand.actions.count() < actions:
        if robot_act(table_id=table.id) is None:
            break
    hand.refresh_from_db()
    return hand


def _replayed_equals_logged(hand: Hand) -> None:
    hand.refresh_from_db()
    fresh = new_game(hand.game, Deal.from_data(hand.deal), **hand.options)
    for seat, text in hand.actions.order_by("seq").values_list("seat", "text"):
        fresh.apply(Seat(seat), text)
    assert hand_state(hand).view(None) == fresh.view(None)
    assert list(hand.actions.order_by("seq").values_list("seq", flat=True)) == list(
        range(fresh.version))


def test_undo_in_the_middle_of_a_trick_takes_back_that_trick(alice: User,
                                                             robots_table: Table) -> None:
    hand = _play(robots_table)
    log = list(hand.actions.order_by("seq").values_list("seat", "text"))
    mid = next(k for k, (_, text) in enumerate(log) if text.startswith("play")) + 6  # trick 2
    HandAction.objects.filter(hand=hand, seq__gte=mid).delete()
    hand.finished, hand.result = None, None
    hand.undo_count += 1
    hand.save()

    version = table_undo_trick(table=robots_table, by=alice)

    hand.refresh_from_db()
    view = hand_state(hand).view(None)
    assert len(view.tricks) == 1 and not view.trick["cards"]
    assert version == mid - 2, "the two cards of trick 2 are gone"
    _replayed_equals_logged(hand)


def test_undo_at_the_end_of_a_trick_takes_back_the_last_completed_one(
        alice: User, robots_table: Table) -> None:
    hand = _play(robots_table)
    first_lead = next(k for k, (t,) in enumerate(hand.actions.order_by("seq").values_list("text"))
                      if t.startswith("play"))
    HandAction.objects.filter(hand=hand, seq__gte=first_lead + 12).delete()
    hand.finished, hand.result, hand.undo_count = None, None, hand.undo_count + 1
    hand.save()

    table_undo_trick(table=robots_table, by=alice)
    hand.refresh_from_db()

    assert hand.actions.count() == first_lead + 8
    assert len(hand_state(hand).view(None).tricks) == 2
    _replayed_equals_logged(hand)


def test_undo_after_the_hand_ended_opens_it_again(alice: User, robots_table: Table) -> None:
    hand = _play(robots_table)
    assert hand.finished and hand.result
    undo_count = hand.undo_count

    table_undo_trick(table=robots_table, by=alice)

    hand.refresh_from_db()
    assert hand.finished is None and hand.result is None
    assert hand.undo_count == undo_count + 1
    game = hand_state(hand)
    assert not game.is_over() and game.to_act()
    _replayed_equals_logged(hand)


def test_undo_pauses_the_table_so_the_robots_wait_for_the_teacher(
        alice: User, robots_table: Table) -> None:
    _play(robots_table, 12)

    table_undo_trick(table=robots_table, by=alice)

    robots_table.refresh_from_db()
    assert robots_table.paused
    assert robot_act(table_id=robots_table.id) is None
    table_set_paused(table=robots_table, paused=False, by=alice)
    assert robot_act(table_id=robots_table.id) is not None


def test_undo_again_and_again_walks_back_to_the_opening_lead(alice: User,
                                                             robots_table: Table) -> None:
    hand = _play(robots_table)
    played = len(hand_state(hand).view(None).tricks)
    undos = 0
    while True:
        try:
            table_undo_trick(table=robots_table, by=alice)
        except SeatingRefused:
            break
        undos += 1
        _replayed_equals_logged(hand)
    view = hand_state(hand).view(None)
    assert undos == played > 0, "one trick per undo, the last one first"
    assert view.phase == "play" and view.tricks == () and not view.trick["cards"]


def test_before_any_card_there_is_nothing_to_undo_and_nothing_changes(
        alice: User, robots_table: Table) -> None:
    hand = _play(robots_table, 2)  # two announcements, no card

    with pytest.raises(SeatingRefused, match="no trick to undo"):
        table_undo_trick(table=robots_table, by=alice)

    hand.refresh_from_db()
    assert hand.actions.count() == 2 and hand.undo_count == 0
    assert not Table.objects.get(pk=robots_table.pk).paused


def test_undo_is_announced_to_the_table_and_the_wall(
        alice: User, robots_table: Table, monkeypatch, django_capture_on_commit_callbacks) -> None:
    _play(robots_table, 12)
    heard = []
    monkeypatch.setattr("teaching.teacher.services.notify_table",
                        lambda table_id, version: heard.append((table_id, version)))

    with django_capture_on_commit_callbacks(execute=True):
        version = table_undo_trick(table=robots_table, by=alice)

    assert heard == [(robots_table.id, version)]


def test_only_the_class_teachers_may_undo(eve: User, robots_table: Table) -> None:
    hand = _play(robots_table, 12)

    with pytest.raises(PermissionDenied):
        table_undo_trick(table=robots_table, by=eve)
    assert hand.actions.count() == 12
