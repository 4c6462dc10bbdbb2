"""Table services: dealing, acting through the engine, robots, the next deal, play it again."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.seats import Seat
from teaching.classes import services as classes
from teaching.classes.games import GameChoiceError
from teaching.models import Classroom, Hand, HandAction, Pupil, Table, User
from teaching.runtime import analysis_process
from teaching.tables import analysis
from teaching.tables.analysis import analyses_wait, hand_analyse, hand_analysis_or_start
from teaching.tables.announce import classroom_group, notify_table, table_group
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.now import table_now
from teaching.tables.services import ActionRefused, robots
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import (
    _deal_for,
    hand_next,
    hand_replay,
    hand_start,
    table_deal,
)
from teaching.tables.services.robots import robot_act, robot_for, robot_turn, robots_pending
from teaching.tables.services.seating import practice_table_open, table_create
from tests.teaching import outside
from tests.teaching.postgres_helpers import throwaway_database
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of


def _pupil_turn(table: Table, pupil: Pupil) -> tuple[Seat, str]:
    """Let robots act until ``pupil`` is to act; return their seat and a good action."""
    seat = Seat.SOUTH
    for _ in range(200):
        if seat in hand_state(current_hand(table)).to_act():
            return seat, good_action(view_of(table, seat))
        assert robot_act(table_id=table.id) is not None
    raise AssertionError("the pupil never got a turn")


def _play_out(table: Table, pupils: dict[Seat, Pupil]) -> Hand:
    """Play the current hand to its end: pupils choose like robots, robots act."""
    for _ in range(400):
        hand = current_hand(table)
        if hand.finished:
            return hand
        seat = seat_to_act(table)
        if seat in pupils:
            hand_act(user=pupils[seat].user, table=table,
                     text=good_action(view_of(table, seat)))
        else:
            assert robot_act(table_id=table.id) is not None
    raise AssertionError("the hand never ended")


def _play_a_hand_to_analyse(table: Table, pupil: Pupil) -> Hand:
    """Play hands with ``pupil`` in the South seat until one is played to its score (a
    20-20 deal is dealt again, Law 6, and leaves nothing to analyse)."""
    hand = _play_out(table, {Seat.SOUTH: pupil})
    while hand.result.get("redeal"):
        hand_next(table=table, after=hand.number, by=pupil.user)
        hand = _play_out(table, {Seat.SOUTH: pupil})
    return hand


@pytest.fixture
def practice(bob: Pupil) -> Table:
    return seat_table(bob.classroom, {Seat.SOUTH: bob})


def test_a_new_table_has_robots_in_empty_seats_and_its_first_hand_dealt(
    practice: Table, bob: Pupil
) -> None:
    seats = {s.seat: s.pupil for s in practice.seats.all()}

    assert seats == {"N": None, "E": None, "S": bob, "W": None}
    hand = current_hand(practice)
    assert hand.number == 1 and hand.game == "minibridge" and hand.options == {"lesson": 5}
    assert hand_state(hand).version == 0


def test_the_same_table_deals_the_same_board_again(practice: Table) -> None:
    hand = current_hand(practice)

    assert _deal_for(practice, 1, None).to_data() == hand.deal


def test_an_action_is_checked_by_the_engine_and_logged_as_one_row(
    practice: Table, bob: Pupil
) -> None:
    seat, action = _pupil_turn(practice, bob)
    before = hand_state(current_hand(practice)).version

    version = hand_act(user=bob.user, table=practice, text=action, version=before)

    assert version == before + 1
    row = HandAction.objects.get(hand=current_hand(practice), seq=before)
    assert (row.seat, row.text, row.actor) == (seat.value, action, bob.user)


def test_an_illegal_action_is_refused_with_the_engines_reason_and_nothing_changes(
    practice: Table, bob: Pupil
) -> None:
    _pupil_turn(practice, bob)
    rows = HandAction.objects.count()

    with pytest.raises(ActionRefused) as refused:
        hand_act(user=bob.user, table=practice, text="hcp 41")

    assert refused.value.message
    assert HandAction.objects.count() == rows


@pytest.mark.parametrize("text", ["", "   ", "play", "x" * 500, "play ZZ", "hcp -1"])
def test_nonsense_is_refused_and_nothing_changes(practice: Table, bob: Pupil, text: str) -> None:
    _pupil_turn(practice, bob)
    rows = HandAction.objects.count()

    with pytest.raises(ActionRefused):
        hand_act(user=bob.user, table=practice, text=text)

    assert HandAction.objects.count() == rows


def test_an_action_for_a_version_the_table_has_left_is_stale(
    practice: Table, bob: Pupil
) -> None:
    _, action = _pupil_turn(practice, bob)
    version = hand_state(current_hand(practice)).version

    with pytest.raises(ActionRefused) as refused:
        hand_act(user=bob.user, table=practice, text=action, version=version - 1)

    assert refused.value.code == "stale"


def test_a_pupil_may_act_only_for_their_own_seat(practice: Table, bob: Pupil) -> None:
    _, action = _pupil_turn(practice, bob)

    with pytest.raises(ActionRefused) as refused:
        hand_act(user=bob.user, table=practice, text=action, seat="N")

    assert refused.value.code == "wrong_seat"


def test_a_pupil_who_is_not_seated_cannot_act(practice: Table, bob: Pupil, dave: Pupil) -> None:
    _, action = _pupil_turn(practice, bob)

    with pytest.raises(ActionRefused) as refused:
        hand_act(user=dave.user, table=practice, text=action)

    assert refused.value.code == "not_seated"


def test_a_paused_table_refuses_pupils_and_robots(practice: Table, bob: Pupil) -> None:
    Table.objects.filter(pk=practice.pk).update(paused=True)

    with pytest.raises(ActionRefused) as refused:
        hand_act(user=bob.user, table=practice, text="hcp 10")

    assert refused.value.message == "Your teacher has paused this table."
    assert robot_act(table_id=practice.id) is None
    assert robot_turn(table_id=practice.id) is None


def test_a_robot_acts_only_at_the_version_it_was_scheduled_for(practice: Table) -> None:
    turn = robot_turn(table_id=practice.id)
    if turn is None:  # South deals and is first to announce: let the pupil act first
        pytest.skip("the pupil acts first on this board")

    assert robot_act(table_id=practice.id, version=turn.version + 1) is None
    assert robot_act(table_id=practice.id, version=turn.version,
                     hand_number=turn.hand_number + 1) is None
    assert robot_act(table_id=practice.id, version=turn.version) == turn.version + 1


def test_a_robot_records_nothing_when_the_table_changes_while_it_thinks(
    practice: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The robot chooses before taking the write lock; what it chose is only
    # written if the table is still as it was read (here: paused meanwhile).
    turn = robot_turn(table_id=practice.id)
    assert turn is not None  # board 1: North, a robot, announces first
    real_robot_for = robot_for

    class PausedWhileThinking:
        def __init__(self, robot: Any) -> None:
            self.robot = robot

        def choose(self, view: Any, rng: Any) -> str:
            Table.objects.filter(pk=practice.pk).update(paused=True)
            return self.robot.choose(view, rng)

    monkeypatch.setattr(robots, "robot_for",
                        lambda *args, **kw: PausedWhileThinking(real_robot_for(*args, **kw)))

    assert robot_act(table_id=practice.id, version=turn.version) is None
    assert HandAction.objects.filter(hand__table=practice).count() == 0

    Table.objects.filter(pk=practice.pk).update(paused=False)
    monkeypatch.setattr(robots, "robot_for", real_robot_for)
    assert robot_act(table_id=practice.id, version=turn.version) == turn.version + 1


def test_robot_turn_says_how_long_the_class_wants_robots_to_wait(practice: Table) -> None:
    practice.classroom.robot_pause_ms = 250
    practice.classroom.save()
    # Board 1 is dealt by North, a robot, who announces first.
    turn = robot_turn(table_id=practice.id)

    assert turn is not None and turn.pause_ms == 250 and turn.version == 0


def test_a_whole_hand_plays_to_its_score_and_the_result_is_kept(
    practice: Table, bob: Pupil
) -> None:
    hand = _play_out(practice, {Seat.SOUTH: bob})

    assert hand.finished is not None
    assert hand.result == hand_state(hand).result()
    assert not robots_pending(practice)


def test_next_deal_deals_once_even_when_two_players_press_it(
    practice: Table, bob: Pupil
) -> None:
    hand = _play_out(practice, {Seat.SOUTH: bob})

    first = hand_next(table=practice, after=hand.number, by=bob.user)
    second = hand_next(table=practice, after=hand.number, by=bob.user)

    assert first is not None and first.number == 2
    assert second is None
    assert practice.hands.count() == 2


def test_next_deal_lets_the_process_forget_the_finished_hand_s_game(
    practice: Table, bob: Pupil, django_capture_on_commit_callbacks
) -> None:
    """A process of hundreds of tables keeps only the games being played: the finished
    hand's is dropped once the next is dealt, and replayed from its log if asked again."""
    from teaching.tables import game_cache

    hand = _play_out(practice, {Seat.SOUTH: bob})
    assert game_cache._cache.get(game_cache.cache_key(hand)) is not None

    with django_capture_on_commit_callbacks(execute=True):
        new = hand_next(table=practice, after=hand.number, by=bob.user)

    assert game_cache._cache.get(game_cache.cache_key(hand)) is None
    assert game_cache._cache.get(game_cache.cache_key(new)) is not None
    assert hand_state(hand).result() == hand.result, "the old hand still reads as it ended"


def test_next_deal_waits_for_the_hand_to_end(practice: Table, bob: Pupil) -> None:
    with pytest.raises(ActionRefused) as refused:
        hand_next(table=practice, after=1, by=bob.user)

    assert refused.value.code == "not_over"


def test_play_it_again_deals_the_same_cards_and_remembers_the_first_playing(
    practice: Table, bob: Pupil
) -> None:
    first = _play_out(practice, {Seat.SOUTH: bob})

    again = hand_replay(table=practice, hand=first, by=bob.user)
    again_played = _play_out(practice, {Seat.SOUTH: bob})
    third = hand_replay(table=practice, hand=again_played, by=bob.user)

    assert again.deal == first.deal and again.replay_of == first
    assert third.replay_of == first  # every replay points at the first playing


def test_play_it_again_waits_for_the_hand_to_end(practice: Table, bob: Pupil) -> None:
    with pytest.raises(ActionRefused):
        hand_replay(table=practice, hand=current_hand(practice), by=bob.user)


def test_only_players_and_their_teachers_deal_on(
    practice: Table, bob: Pupil, dave: Pupil, alice: Any
) -> None:
    hand = _play_out(practice, {Seat.SOUTH: bob})

    with pytest.raises(ActionRefused):
        hand_next(table=practice, after=hand.number, by=dave.user)
    assert hand_next(table=practice, after=hand.number, by=alice) is not None


def test_the_double_dummy_table_is_computed_once_the_hand_is_over(
    practice: Table, bob: Pupil
) -> None:
    assert hand_analyse(hand_id=current_hand(practice).id) is None

    hand = _play_a_hand_to_analyse(practice, bob)
    dd = hand_analyse(hand_id=hand.id)

    assert set(dd) == {"N", "E", "S", "W"}
    assert set(dd["N"]) == {"C", "D", "H", "S", "NT"}
    assert all(0 <= n <= 13 for row in dd.values() for n in row.values())
    hand.refresh_from_db()
    assert hand.dd == dd



def test_a_table_solved_after_the_teacher_undid_the_hand_is_not_stored(
    practice: Table, bob: Pupil, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The teacher's undo between the solving and the storing: the hand has no result
    any more, and a table stored then would tell how the cards lie while it is replayed."""
    hand = _play_a_hand_to_analyse(practice, bob)

    def undone_meanwhile(deal: object, *, in_solver_process: bool = False) -> dict:
        Hand.objects.filter(pk=hand.pk).update(result=None)
        return {seat: {"C": 7, "D": 7, "H": 7, "S": 7, "NT": 7} for seat in "NESW"}

    monkeypatch.setattr("teaching.tables.analysis._dd_table_data", undone_meanwhile)

    assert hand_analyse(hand_id=hand.id) is None
    hand.refresh_from_db()
    assert hand.dd is None

@pytest.mark.django_db(transaction=True)
def test_the_end_of_hand_analysis_runs_in_the_background_and_is_announced(
    settings, bob: Pupil, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages are rendered on the thread that serves every table: the summary asks
    for the analysis, gets nothing yet, and hears the table change once it is stored."""
    settings.ANALYSE_IN_BACKGROUND = True
    table = practice_table_open(pupil=bob)
    hand = _play_a_hand_to_analyse(table, bob)
    announced: list[int] = []
    monkeypatch.setattr(analysis, "notify_table",
                        lambda table_id, version: announced.append(table_id))

    assert hand_analysis_or_start(hand) is None
    assert hand_analysis_or_start(hand) is None  # asked again: one analysis only
    assert analyses_wait(timeout=60)

    hand.refresh_from_db()
    assert set(hand.dd) == {"N", "E", "S", "W"}
    assert announced == [table.id]
    assert hand_analysis_or_start(hand) == hand.dd


@pytest.mark.django_db(transaction=True)
def test_an_analysis_finished_after_the_next_deal_is_stored_but_not_announced(
    settings, bob: Pupil, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the players have dealt again nobody's screen shows the old summary: the
    table is kept for the teacher's pages, and no seat is told to render again."""
    settings.ANALYSE_IN_BACKGROUND = True
    table = practice_table_open(pupil=bob)
    hand = _play_a_hand_to_analyse(table, bob)
    hand_next(table=table, after=hand.number, by=bob.user, notify=False)
    announced: list[int] = []
    monkeypatch.setattr(analysis, "notify_table",
                        lambda table_id, version: announced.append(table_id))

    assert hand_analysis_or_start(hand) is None
    assert analyses_wait(timeout=60)

    hand.refresh_from_db()
    assert set(hand.dd) == {"N", "E", "S", "W"}
    assert announced == []


def test_while_the_solver_is_busy_the_hand_that_ended_last_is_solved_next(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its summary is the likeliest to be still on screen when its table comes."""
    analyses = analysis._Analyses()
    solved: list[int] = []
    solving_the_first, go_on = threading.Event(), threading.Event()

    def solve(hand_id: int, table_id: int) -> None:
        if hand_id == 1:
            solving_the_first.set()
            go_on.wait(10)
        solved.append(hand_id)

    monkeypatch.setattr(analysis, "_analyse_and_announce", solve)
    analyses.start(1, 10)
    assert solving_the_first.wait(10)
    for hand_id in (2, 3, 4):  # three more hands end while the first is being solved
        analyses.start(hand_id, 10 * hand_id)
    go_on.set()

    assert analyses.wait(timeout=10)
    assert solved == [1, 4, 3, 2]


@pytest.mark.django_db(transaction=True)
def test_a_failed_background_analysis_leaves_the_summary_without_its_table(
    settings, bob: Pupil, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.ANALYSE_IN_BACKGROUND = True
    table = practice_table_open(pupil=bob)
    hand = _play_a_hand_to_analyse(table, bob)

    def died(*args: object, **kwargs: object) -> None:
        raise analysis_process.SolverUnavailable("the solver process died")

    monkeypatch.setattr("teaching.runtime.analysis_process.solve", died)

    assert hand_analysis_or_start(hand) is None
    assert analyses_wait(timeout=60)
    hand.refresh_from_db()
    assert hand.dd is None
    assert hand_analysis_or_start(hand) is None  # asked again later: tried again
    assert analyses_wait(timeout=60)


def test_a_solver_gone_with_the_stopping_server_leaves_no_alarm_in_the_log(
    practice: Table, bob: Pupil, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Hands still waiting when the server stops are simply left for later (their summary
    asks again); only a solver failing while the server runs is worth a warning."""
    hand = _play_a_hand_to_analyse(practice, bob)

    def gone(*args: object, **kwargs: object) -> None:
        raise analysis_process.SolverUnavailable("the solver process had stopped")

    monkeypatch.setattr(analysis_process, "solve", gone)
    monkeypatch.setattr(analysis_process, "stopping", lambda: True)

    assert hand_analyse(hand_id=hand.id, in_solver_process=True) is None
    assert "double-dummy" not in caplog.text

    monkeypatch.setattr(analysis_process, "stopping", lambda: False)
    assert hand_analyse(hand_id=hand.id, in_solver_process=True) is None
    assert "no double-dummy table for now" in caplog.text
    assert "Traceback" not in caplog.text


def test_practice_goes_back_to_the_table_the_pupil_already_has(bob: Pupil) -> None:
    first = practice_table_open(pupil=bob)
    again = practice_table_open(pupil=bob)

    assert again == first
    assert (first.game, first.options) == ("minibridge", bob.options) == (
        bob.classroom.game, {"lesson": 3})
    assert {s.seat: s.pupil_id for s in first.seats.all()} == {
        "N": None, "E": None, "S": bob.id, "W": None}


def test_practice_at_a_new_lesson_closes_the_old_table(bob: Pupil) -> None:
    old = practice_table_open(pupil=bob)
    bob.options_override = {"lesson": 5}
    bob.save()

    new = practice_table_open(pupil=bob)

    old.refresh_from_db()
    assert new != old and old.closed and new.options == {"lesson": 5}


def test_the_cached_state_catches_up_with_actions_written_elsewhere(
    practice: Table, bob: Pupil
) -> None:
    hand = current_hand(practice)
    hand_state(hand)  # cached at version 0
    # Another process acts: its row reaches this one only through the database.
    seat = seat_to_act(practice)
    text = good_action(view_of(practice, seat))
    HandAction.objects.create(hand=hand, seq=0, seat=seat.value, text=text)

    assert hand_state(hand).version == 1
    # So does the table as the sockets read it, which counts the log in its own query.
    HandAction.objects.create(hand=hand, seq=1, seat=seat_to_act(practice).value,
                              text=good_action(view_of(practice, seat_to_act(practice))))
    now = table_now(practice.id)
    assert now is not None and now.game is not None and now.game.version == 2


def test_every_change_is_announced_to_the_table_and_the_class(
    practice: Table, settings: Any
) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    table_channel = async_to_sync(layer.new_channel)()
    class_channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(table_group(practice.id), table_channel)
    async_to_sync(layer.group_add)(classroom_group(practice.classroom_id), class_channel)

    notify_table(practice.id, 7)

    heard = async_to_sync(layer.receive)(table_channel)
    assert (heard["type"], heard["version"]) == ("table.changed", 7)
    assert heard["stamp"]  # names this change: a process's connections read the table once
    assert async_to_sync(layer.receive)(class_channel) == {
        "type": "wall.changed", "table": practice.id}


# -- two clients acting at once ------------------------------------------------------------
# On a real database in a separate process (tests/teaching/outside.py): the test
# database in memory cannot show two writers waiting for each other.

def _assert_exactly_one_accepted(race: dict[str, Any]) -> None:
    version = race["version"]
    accepted = [o for o in race["outcomes"] if isinstance(o, int)]
    refused = [o for o in race["outcomes"] if isinstance(o, dict)]
    assert accepted == [version + 1]
    assert len(refused) == 1 and refused[0]["refused"] == "stale"
    assert "as it is now" in refused[0]["message"]
    assert race["rows"] == version + 1


def test_two_clients_acting_at_once_exactly_one_is_accepted_on_sqlite(tmp_path: Path) -> None:
    race = outside.run(f"sqlite:///{tmp_path / 'race.sqlite3'}", "race")

    assert race["vendor"] == "sqlite"
    _assert_exactly_one_accepted(race)


def test_two_clients_acting_at_once_exactly_one_is_accepted_on_postgresql() -> None:
    with throwaway_database("cardclass_race") as (url, _name):
        race = outside.run(url, "race")

    assert race["vendor"] == "postgresql"
    _assert_exactly_one_accepted(race)


def test_on_postgresql_the_hot_path_s_statements_are_prepared_and_read_the_same() -> None:
    # The table's read, planned at every card, cost PostgreSQL more than running it
    # (docs/decisions/0517-prepared-statements-for-the-hot-path.md).
    with throwaway_database("cardclass_race") as (url, _name):
        out = outside.run(url, "prepared")

    assert out["vendor"] == "postgresql"
    assert out["same"], "a table read through prepared statements reads differently"
    runs = {_statement_kind(text): count for text, count in out["prepared"]}
    # The table's lock and its read at every action, each action's insert; each prepared once
    # and run again since (not planned again: PostgreSQL keeps its generic plan).
    assert runs.keys() >= {"lock", "table", "insert"}
    assert runs["insert"] == 12 and runs["lock"] >= 12 and runs["table"] >= 12


def test_behind_a_pooler_postgresql_prepares_nothing_and_the_table_reads_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PREPARED", "false")
    with throwaway_database("cardclass_race") as (url, _name):
        out = outside.run(url, "prepared")

    assert out["same"] and out["prepared"] == []


def _statement_kind(text: str) -> str:
    if text.startswith("INSERT INTO"):
        # An action's, or a new hand's (a redeal's), each its own kind: the runs are by kind.
        return "insert" if "teaching_handaction" in text else "new hand"
    if "FOR UPDATE" in text:
        return "lock"
    if "teaching_tableseat" in text and "robot_pause_ms" in text:
        # Not the class's options a deal reads with its seats (prepared after a redeal).
        return "table"
    return "newer actions" if "teaching_handaction" in text else text


def test_a_deal_that_is_over_before_anyone_acts_is_finished_at_once(
    practice: Table, bob: Pupil
) -> None:
    from games.cards import PACK_52
    from games.deals import Deal

    short = Deal(hands={Seat.NORTH: PACK_52[:12], Seat.EAST: PACK_52[12:25],
                        Seat.SOUTH: PACK_52[25:38], Seat.WEST: PACK_52[38:51]})
    hand = hand_start(table=practice, deal=short)  # Law 6: not thirteen cards

    assert hand.finished is not None and hand.result["redeal"]
    assert hand_next(table=practice, after=hand.number, by=bob.user) is not None


@pytest.mark.django_db
def test_three_handed_players_move_round_with_the_dealer_keeping_their_order(bob, carol):
    """Three-handed MiniBridge: the seat opposite the dealer holds the dealt dummy,
    so as the deal passes clockwise the players move round, each keeping their
    clockwise neighbours, and nobody is left in the dummy's seat."""
    table = table_create(
        classroom_id=bob.classroom_id, name="Three", game="minibridge",
        options={"lesson": 5, "variant": "three-normal"},
        pupils={Seat.NORTH: bob, Seat.EAST: carol},
    )

    def order() -> list[int | None]:
        """Occupants clockwise from the dealer (pupil ids, None for the robot)."""
        game = hand_state(current_hand(table))
        by_seat = {Seat(row.seat): row.pupil_id for row in table.seats.all()}
        assert set(by_seat) == set(game.players())
        seats = sorted(by_seat, key=lambda s: (s.index - game.deal.dealer.index) % 4)
        return [by_seat[s] for s in seats]

    first = order()
    for _ in range(4):
        current = current_hand(table)
        current.finished = current.created
        current.save()
        hand_start(table=table)
        now = order()
        # The next player clockwise from the last dealer deals now.
        assert now == first[1:] + first[:1]
        first = now


def test_a_game_without_the_class_robot_level_gets_its_own_robot(robins: Any, bob: Pupil) -> None:
    """A class on "expert" (a MiniBridge level) opening a Spades table: Spades has
    only its own robot, which takes the empty seat rather than a robot that cannot play."""
    from teaching.models import TableSeat

    table = table_create(classroom_id=robins.id, name="Spades", game="spades2",
                         options={}, pupils={Seat.SOUTH: bob}, robot_level="expert")

    robot = TableSeat.objects.get(table=table, pupil__isnull=True)
    assert robot.robot_level == "beginner"
    assert robot_turn(table_id=table.id) is None or robot_act(
        table_id=table.id) is not None


# -- "Next deal" and "Play it again" from a player's socket (table_deal) ----------------------

def test_next_deal_from_the_socket_deals_once_and_returns_the_new_table(
    practice: Table, bob: Pupil
) -> None:
    hand = _play_out(practice, {Seat.SOUTH: bob})

    now = table_deal(user=bob.user, table_id=practice.id, command="next",
                     number=hand.number)
    again = table_deal(user=bob.user, table_id=practice.id, command="next",
                       number=hand.number)

    assert now is not None and now.hand.number == hand.number + 1
    assert again is None  # pressed twice: the second finds the deal done
    assert current_hand(practice).number == hand.number + 1


@pytest.mark.parametrize("command, number, code", [
    ("next", None, "not_seated"),        # a table that is not there (any more)
    ("again", 0, "not_here"),             # a hand of another table
    ("shuffle", 1, "invalid"),
])
def test_a_deal_that_does_not_fit_is_refused_and_deals_nothing(
    practice: Table, bob: Pupil, robins: Classroom, command: str, number: int | None, code: str
) -> None:
    hand = _play_out(practice, {Seat.SOUTH: bob})
    table_id = practice.id
    if number is None:  # a table id no table has
        table_id, number = practice.id + 1000, hand.number
    elif command == "again":
        other = seat_table(robins, {})
        number = current_hand(other).id

    with pytest.raises(ActionRefused) as refused:
        table_deal(user=bob.user, table_id=table_id, command=command, number=number)

    assert refused.value.code == code
    assert current_hand(practice).number == hand.number


def test_practice_plays_the_classs_game_with_the_pupils_own_options(
    alice: User, robins: Classroom, bob: Pupil
) -> None:
    classes.classroom_set_game(classroom=robins, game="spades2", options={"nil": True},
                               by=alice)
    bob = Pupil.objects.get(pk=bob.pk)

    table = practice_table_open(pupil=bob)

    assert (table.game, table.options) == ("spades2", {"nil": True})
    seats = {s.seat: s.pupil_id for s in table.seats.all()}
    assert sorted(seats) == ["N", "S"], "two-handed: a table of two"
    assert sorted(seats.values(), key=str) == sorted([bob.id, None], key=str), "a robot opposite"


def test_a_table_of_a_game_or_options_the_registry_refuses_is_not_opened(
    robins: Classroom, bob: Pupil
) -> None:
    before = Table.objects.count()
    for game, options in (("chess", {}), ("minibridge", {"lesson": 9}),
                          ("spades2", {"deal_method": "shuffle"})):
        with pytest.raises(GameChoiceError):
            table_create(classroom_id=robins.id, name="Bad", game=game, options=options,
                         pupils={Seat.SOUTH: bob})
    assert Table.objects.count() == before
