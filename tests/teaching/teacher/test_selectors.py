"""What the teacher's pages read: wall tiles, the open-hands watch, a pupil's
progress, and the class chart's points."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.deals import Deal
from games.protocol import BridgeResult, HandResult
from games.registry import game_entry
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Hand, Pupil, Table, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_start
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import practice_table_open
from teaching.teacher import selectors as sel
from teaching.teacher.charts import HandPoint
from teaching.teacher.services import classroom_analyse, table_seat_pupil, table_set_paused
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act

pytestmark = pytest.mark.django_db


def _deal(seed: int, *, redeal: bool = False) -> Deal:
    """A fixed deal; a 20-20 one (dealt again under Law 6) only when asked for."""
    while (Deal.from_seed(seed).side_hcp(Seat.NORTH.side) == 20) != redeal:
        seed += 1
    return Deal.from_seed(seed)


def _table(classroom: Classroom, pupils: dict[Seat, Pupil], lesson: int, seed: int,
           name: str = "Table 1") -> Table:
    table = seat_table(classroom, pupils, options={"lesson": lesson}, name=name)
    table.hands.all().delete()
    hand_start(table=table, deal=_deal(seed))
    return table


def _play(table: Table, pupils: dict[Seat, Pupil], actions: int | None = None) -> Hand:
    """Play on (pupils choosing as a careful player would) until the hand is over
    or ``actions`` actions are in its log."""
    hand = current_hand(table)
    while not hand_state(hand).is_over():
        if actions is not None and hand.actions.count() >= actions:
            break
        seat = seat_to_act(table)
        if seat in pupils:
            text = good_action(hand_state(hand).view(seat))
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            assert robot_act(table_id=table.id) is not None
        hand.refresh_from_db()
    return hand


# -- the wall -------------------------------------------------------------------------

def test_a_new_table_shows_its_game_board_and_who_counts_first(robins: Classroom,
                                                               bob: Pupil) -> None:
    table = _table(robins, {Seat.NORTH: bob}, lesson=5, seed=1)

    tile = sel.wall_tile(table)

    assert tile.game == "MiniBridge · MiniLesson Five: part-score or game" and tile.board == 1
    assert tile.phase == "North to announce points", "the game's own status line"
    assert tile.to_play == ["Bob (North)"], "North deals board 1 and announces first"
    assert tile.pupil_to_act and not tile.stalled
    assert ("North", "Bob") in tile.seats and ("East", "Robot") in tile.seats


def test_a_pupil_who_has_not_acted_for_a_minute_stalls_the_table(robins: Classroom,
                                                                 bob: Pupil) -> None:
    table = _table(robins, {Seat.NORTH: bob}, lesson=5, seed=1)
    later = timezone.now() + timedelta(seconds=sel.STALL_SECONDS + 20)

    tile = sel.wall_tile(table, now=later)

    assert tile.stalled
    assert tile.idle_words == "1 min 20 s"


def test_a_paused_table_does_not_count_as_stalled(alice: User, robins: Classroom,
                                                  bob: Pupil) -> None:
    table = _table(robins, {Seat.NORTH: bob}, lesson=3, seed=1)
    table_set_paused(table=table, paused=True, by=alice)
    table.refresh_from_db()

    assert not sel.wall_tile(table, now=timezone.now() + timedelta(hours=1)).stalled


def test_when_everyone_counts_at_once_the_tile_names_them_all(robins: Classroom,
                                                              bob: Pupil) -> None:
    table = _table(robins, {Seat.SOUTH: bob}, lesson=3, seed=1)

    tile = sel.wall_tile(table)

    assert tile.to_play == ["Robot (North)", "Robot (East)", "Bob (South)", "Robot (West)"]
    assert tile.pupil_to_act


def test_waiting_for_a_robot_is_not_stalling(robins: Classroom, bob: Pupil) -> None:
    table = _table(robins, {Seat.SOUTH: bob}, lesson=5, seed=1)

    tile = sel.wall_tile(table, now=timezone.now() + timedelta(hours=1))

    assert tile.to_play == ["Robot (North)"] and not tile.stalled


def test_during_play_the_tile_shows_the_trick_contract_and_tricks_won(robins: Classroom) -> None:
    table = _table(robins, {}, lesson=5, seed=3)
    hand = _play(table, {})
    played = hand_state(hand).view(None).tricks
    assert len(played) >= 3
    first_lead = hand_state(hand).version - sum(len(t["cards"]) for t in played)
    hand.actions.filter(seq__gte=first_lead + 9).delete()
    hand.finished, hand.result, hand.undo_count = None, None, 1
    hand.save()

    tile = sel.wall_tile(table)

    assert tile.phase.startswith("Trick 3, ") and tile.trick == 3
    assert " by " in tile.contract and "goal" in tile.contract
    assert sum(n for _, n in tile.tricks_won) == 2
    assert [side for side, _ in tile.tricks_won] == ["North-South", "East-West"]


def test_the_score_so_far_adds_up_the_tables_finished_hands(robins: Classroom) -> None:
    table = _table(robins, {}, lesson=5, seed=3)
    first = _play(table, {})
    hand_start(table=table, deal=_deal(40))
    second = _play(table, {})

    totals = dict(sel.wall_tile(table).totals)

    for side, words in (("NS", "North-South"), ("EW", "East-West")):
        assert totals[words] == first.result["score"][side] + second.result["score"][side]


def test_the_wall_lists_open_tables_with_practice_tables_last(alice: User, robins: Classroom,
                                                              bob: Pupil, carol: Pupil) -> None:
    practice = practice_table_open(pupil=carol)
    table = _table(robins, {Seat.SOUTH: bob}, lesson=3, seed=1)
    closed = _table(robins, {}, lesson=3, seed=2, name="Old table")
    Table.objects.filter(pk=closed.pk).update(closed=True)

    assert [t.table for t in sel.wall_tiles(robins)] == [table, practice]


# -- watching -------------------------------------------------------------------------------

def test_watching_opens_every_hand(robins: Classroom, bob: Pupil) -> None:
    table = _table(robins, {Seat.SOUTH: bob}, lesson=3, seed=1)

    watch = sel.watch(table)

    places = watch.tv.place_list
    assert {p.seat for p in places} == {"N", "E", "S", "W"}
    assert all(len(p.cards) == 13 for p in places), "no hand is closed"
    assert next(p for p in places if p.seat == "S").name == "Bob"
    assert watch.tv.viewer is None and watch.tv.legal == [], "the teacher cannot play a card"
    assert not watch.can_undo


def test_watching_mid_trick_shows_the_cards_on_the_table(robins: Classroom) -> None:
    table = _table(robins, {}, lesson=1, seed=1)
    _play(table, {}, actions=2)

    watch = sel.watch(table)

    assert len(watch.tv.trick) == 2 and watch.can_undo
    assert sum(len(p.cards) for p in watch.tv.place_list) == 50


def test_a_table_not_dealt_yet_is_watched_without_hands(robins: Classroom) -> None:
    table = _table(robins, {}, lesson=1, seed=1)
    table.hands.all().delete()

    watch = sel.watch(table)

    assert watch.hand is None and watch.tv is None and not watch.can_undo


def test_a_teachers_table_is_only_found_for_her_classes(alice: User, eve: User,
                                                        robins: Classroom, bob: Pupil) -> None:
    table = _table(robins, {Seat.SOUTH: bob}, lesson=3, seed=1)

    assert sel.table_for_teacher(alice, table.id) == table
    assert sel.table_for_teacher(eve, table.id) is None
    assert sel.table_for_teacher(bob.user, table.id) is None


# -- a pupil's progress ---------------------------------------------------------------------

def test_a_pupils_hands_say_their_seat_role_contract_outcome_and_score(robins: Classroom,
                                                                       bob: Pupil) -> None:
    table = _table(robins, {Seat.SOUTH: bob}, lesson=5, seed=3)
    hand = _play(table, {Seat.SOUTH: bob})

    progress = sel.pupil_progress(bob)

    [played] = progress.hands
    result = hand.result
    assert played.hand == hand and played.seat is Seat.SOUTH
    assert played.game == "MiniBridge · MiniLesson Five: part-score or game"
    declarer = Seat(result["declarer"])
    expected = ("Declarer" if declarer is Seat.SOUTH else
                "Dummy" if declarer is Seat.NORTH else "Defender")
    assert played.role == expected
    assert played.contract.endswith(f"by {declarer.word}, goal {result['goal']}")
    assert played.outcome.startswith(f"{result['tricks']} tricks, goal {result['goal']}")
    assert played.score == result["score"]["NS"]


def test_progress_counts_hands_per_variant_and_marks_the_current_one(robins: Classroom,
                                                                     bob: Pupil) -> None:
    for seed, lesson in ((3, 5), (5, 5), (7, 1)):
        table = _table(robins, {Seat.SOUTH: bob}, lesson=lesson, seed=seed, name=f"T{seed}")
        _play(table, {Seat.SOUTH: bob})

    progress = sel.pupil_progress(bob)

    counts = {step.title: step.hands for step in progress.steps}
    assert counts["MiniLesson One: tricks at no-trumps"] == 1
    assert counts["MiniLesson Five: part-score or game"] == 2
    assert sum(counts.values()) == 3
    assert [s.title for s in progress.steps if s.current] == [
        "MiniLesson Three: dummy and high card points"], "Robins are at lesson 3"
    assert progress.playing == "MiniBridge · MiniLesson Three: dummy and high card points"
    lesson_one = next(p for p in progress.hands if "One" in p.game)
    assert lesson_one.role == "—" and lesson_one.outcome.startswith("Your side took")


def test_progress_and_wall_describe_a_two_handed_spades_table(alice: User, robins: Classroom,
                                                              bob: Pupil) -> None:
    classes.classroom_set_game(classroom=robins, game="spades2", options={}, by=alice)
    table = seat_table(robins, {Seat.SOUTH: bob}, game="spades2", options={})

    tile = sel.wall_tile(table)

    # No options: the entry's defaults, which are its "Automatic deal" variant.
    assert tile.game == "Two-handed Spades · Automatic deal"
    assert tile.phase == hand_state(current_hand(table)).view(None).status
    assert [word for word, _ in tile.seats] == ["North", "South"]
    progress = sel.pupil_progress(Pupil.objects.get(pk=bob.pk))
    assert progress.playing == "Two-handed Spades · Automatic deal"
    assert [s.title for s in progress.steps] == [v.title for v in game_entry("spades2").variants]


def test_a_pupil_moved_to_another_table_keeps_the_hands_played(alice: User, robins: Classroom,
                                                               bob: Pupil) -> None:
    first = _table(robins, {Seat.SOUTH: bob}, lesson=5, seed=3)
    _play(first, {Seat.SOUTH: bob})
    second = _table(robins, {}, lesson=5, seed=5, name="Table 2")

    table_seat_pupil(table=second, seat="E", pupil=bob, by=alice)

    assert len(sel.pupil_progress(bob).hands) == 1


def test_hands_dealt_again_are_not_hands_played(robins: Classroom, bob: Pupil) -> None:
    table = seat_table(robins, {Seat.SOUTH: bob}, options={"lesson": 5})
    table.hands.all().delete()
    hand_start(table=table, deal=_deal(1, redeal=True))
    hand = _play(table, {Seat.SOUTH: bob})
    assert hand.result["redeal"]

    assert sel.pupil_progress(bob).hands == []


def test_unfinished_hands_and_other_pupils_hands_are_not_listed(robins: Classroom, bob: Pupil,
                                                                carol: Pupil) -> None:
    table = _table(robins, {Seat.SOUTH: bob, Seat.NORTH: carol}, lesson=5, seed=3)
    _play(table, {Seat.SOUTH: bob, Seat.NORTH: carol}, actions=10)

    assert sel.pupil_progress(bob).hands == []
    _play(table, {Seat.SOUTH: bob, Seat.NORTH: carol})
    assert len(sel.pupil_progress(carol).hands) == 1


# -- the class chart ---------------------------------------------------------------------

def test_the_chart_has_a_point_per_finished_hand_with_a_declarer(robins: Classroom,
                                                                 dave: Pupil) -> None:
    hands = []
    for seed, lesson in ((3, 5), (5, 3), (7, 1)):
        table = _table(robins, {}, lesson=lesson, seed=seed, name=f"T{seed}")
        hands.append(_play(table, {}))
    _play(_table(robins, {}, lesson=5, seed=9, name="Unfinished"), {}, actions=8)

    data = sel.game_chart(robins, "minibridge")

    assert data.without_declarer == 1, "lesson 1 has no declarer"
    expected = []
    for hand in hands[:2]:
        side = Seat(hand.result["declarer"]).side
        expected.append(HandPoint(Deal.from_data(hand.deal).side_hcp(side),
                                  hand.result["tricks"], None))
    assert data.points == expected
    assert all(p.hcp > 20 for p in data.points)


def test_the_chart_reads_double_dummy_tricks_for_the_same_declarer_and_denomination(
        robins: Classroom) -> None:
    hand = _play(_table(robins, {}, lesson=5, seed=3), {})
    declarer, denomination = hand.result["declarer"], hand.result["contract"]["denomination"]
    dd = {s.value: {d: 1 for d in ("C", "D", "H", "S", "NT")} for s in Seat}
    dd[declarer][denomination] = 9
    hand.dd = dd
    hand.save()

    [point] = sel.game_chart(robins, "minibridge").points

    assert point.dd_tricks == 9
    assert sel.hands_needing_analysis(robins) == []


def test_the_chart_leaves_out_other_classes_hands(robins: Classroom, owls: Classroom,
                                                  dave: Pupil) -> None:
    _play(_table(owls, {}, lesson=5, seed=3), {})

    assert sel.game_chart(robins, "minibridge").points == []


def test_analysing_the_class_stores_each_hands_double_dummy_table_once(
        robins: Classroom, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = [_play(_table(robins, {}, lesson=5, seed=s, name=f"T{s}"), {}) for s in (3, 5, 11)]
    calls = []

    def fake_analyse(*, hand_id: int) -> dict:
        calls.append(hand_id)
        hand = Hand.objects.get(pk=hand_id)
        dd = {s.value: {d: 7 for d in ("C", "D", "H", "S", "NT")} for s in Seat}
        hand.dd = dd
        hand.save()
        return dd

    monkeypatch.setattr("teaching.teacher.services.hand_analyse", fake_analyse)

    assert classroom_analyse(classroom=robins, limit=2) == 1, "one hand still waits"
    assert classroom_analyse(classroom=robins, limit=2) == 0
    assert classroom_analyse(classroom=robins, limit=2) == 0
    assert sorted(calls) == sorted(h.id for h in hands)
    assert [p.dd_tricks for p in sel.game_chart(robins, "minibridge").points] == [7, 7, 7]


@pytest.mark.parametrize(("seat", "tricks", "said"), [
    (Seat.SOUTH, 9, "9 tricks, goal 7: made"),
    (Seat.NORTH, 5, "5 tricks, goal 7: 2 short"),
    (Seat.EAST, 5, "5 tricks, goal 7: declarer 2 short"),
    (Seat.WEST, 8, "8 tricks, goal 7: declarer made it"),
])
def test_the_outcome_is_said_from_the_pupils_side(seat: Seat, tricks: int, said: str) -> None:
    result = HandResult(
        game="minibridge", words="", roles={"S": "declarer", "N": "dummy", "E": "defender",
                                             "W": "defender"},
        bridge=BridgeResult(declarer="S", denomination="NT", contract="No-trumps", goal=7,
                            tricks=tricks, dummy="N"))

    assert sel.outcome_for(result, seat) == said
