"""Changing the class's lesson reaches the open tables at their next deal (issue 14: "The
next deal at each open table follows the class's (or the pupil's) lesson ... pick one and
make it obvious"; docs/decisions/0401-the-next-deal-follows-the-class.md).

Alice's class Robins is at MiniLesson 3; Bob and Carol sit at its Table 1.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from teaching.classes import games
from teaching.classes import services as classes
from teaching.models import Classroom, Hand, Pupil, Table, User
from teaching.tables import after_hand as offers
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services import dealing
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_next, hand_replay
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import practice_table_open
from teaching.teacher.services import tables_seat_class
from tests.teaching.table_helpers import good_action, seat_to_act, view_of

pytestmark = pytest.mark.django_db


def _finish(table: Table) -> Hand:
    while (seat := seat_to_act(table)) is not None:
        pupil = table.seats.get(seat=seat.value).pupil
        if pupil is None:
            robot_act(table_id=table.id)
        else:
            hand_act(user=pupil.user, table=table, text=good_action(view_of(table, seat)))
    return current_hand(table)


def _next(table: Table, by: User) -> Hand:
    """The hand being played is finished and the next one dealt; the next one."""
    done = _finish(table)
    dealt = hand_next(table=table, after=done.number, by=by)
    assert dealt is not None
    return dealt


def _lesson(hand: Hand) -> int:
    """The lesson the engine plays the hand at, as the table's page shows it."""
    return hand_state(hand).view(None).info["lesson"]


def _set_lesson(robins: Classroom, alice: User, lesson: int, **more: object) -> None:
    classes.classroom_set_game(classroom=robins, game=robins.game,
                               options={"lesson": lesson, **more}, by=alice)


@pytest.fixture
def table_1(robins: Classroom, alice: User, bob: Pupil, carol: Pupil) -> Table:
    table = tables_seat_class(classroom=robins, by=alice).tables[0]
    assert _lesson(current_hand(table)) == 3
    return table


def test_the_next_deal_at_an_open_table_plays_the_class_s_new_lesson(
        robins: Classroom, alice: User, bob: Pupil, table_1: Table) -> None:
    first = current_hand(table_1)
    _set_lesson(robins, alice, 4)

    assert _lesson(current_hand(table_1)) == 3, "the hand being played is not changed"
    dealt = _next(table_1, bob.user)

    assert dealt.number == first.number + 1
    assert _lesson(dealt) == 4
    table_1.refresh_from_db()
    assert table_1.options == {"lesson": 4}, "the seating page and the wall show it too"


def test_a_deal_played_again_keeps_the_lesson_it_was_played_at(
        robins: Classroom, alice: User, bob: Pupil, table_1: Table) -> None:
    done = _finish(table_1)
    _set_lesson(robins, alice, 4)

    again = hand_replay(table=table_1, hand=done, by=bob.user)

    assert again.deal == done.deal and _lesson(again) == 3


def test_a_table_follows_the_earliest_lesson_of_its_pupils_as_seating_does(
        robins: Classroom, alice: User, bob: Pupil, carol: Pupil, table_1: Table) -> None:
    _set_lesson(robins, alice, 5)
    classes.pupil_set_options(pupil=bob, options={"lesson": 2}, by=alice)

    assert _lesson(_next(table_1, carol.user)) == 2
    classes.pupil_set_options(pupil=bob, options=None, by=alice)
    assert _lesson(_next(table_1, carol.user)) == 5


def test_an_archived_pupil_s_own_lesson_no_longer_decides_the_table_s(
        robins: Classroom, alice: User, bob: Pupil, carol: Pupil, table_1: Table) -> None:
    # As seating does: the class seats only its pupils still on its lists.
    _set_lesson(robins, alice, 5)
    classes.pupil_set_options(pupil=bob, options={"lesson": 2}, by=alice)
    done = _finish(table_1)
    classes.pupil_archive(pupil=bob, by=alice)

    dealt = hand_next(table=table_1, after=done.number, by=carol.user)

    assert dealt is not None and _lesson(dealt) == 5


def test_a_practice_table_follows_its_pupil_s_lesson(
        robins: Classroom, alice: User, bob: Pupil) -> None:
    practice = practice_table_open(pupil=bob)
    _set_lesson(robins, alice, 4)

    assert _lesson(_next(practice, bob.user)) == 4
    bob = Pupil.objects.get(pk=bob.pk)  # as the next request reads him, at lesson 4
    assert practice_table_open(pupil=bob) == practice, "Practise finds the same table again"


def test_a_table_of_the_class_s_old_game_keeps_its_own_until_the_class_is_seated_again(
        robins: Classroom, alice: User, bob: Pupil, table_1: Table) -> None:
    classes.classroom_set_game(classroom=robins, game="spades2", options={}, by=alice)

    dealt = _next(table_1, bob.user)

    assert dealt.game == "minibridge" and _lesson(dealt) == 3


def test_a_competition_s_table_keeps_the_options_its_competition_set(
        robins: Classroom, alice: User, bob: Pupil, table_1: Table) -> None:
    def a_competition(table: Table, hand: Hand) -> offers.AfterHand | None:
        return offers.AfterHand(play_again=False) if table.pk == table_1.pk else None

    offers.after_hand_decided_by(a_competition)
    try:
        _set_lesson(robins, alice, 4)
        assert _lesson(_next(table_1, bob.user)) == 3
    finally:
        offers._rules.remove(a_competition)


def test_a_set_of_deals_keeps_its_lesson_to_the_end_of_the_set(
        robins: Classroom, alice: User, bob: Pupil, carol: Pupil) -> None:
    _set_lesson(robins, alice, 3, set_deals=2)
    table = tables_seat_class(classroom=robins, by=alice).tables[0]
    _set_lesson(robins, alice, 4, set_deals=2)

    # A redeal is not a deal played (Law 6), so a 20-20 deal, dealt again, lengthens the set.
    played = 0
    while played < 2:
        done = _finish(table)
        assert _lesson(done) == 3, "the set goes on as it began"
        assert done.number < 20, "a set of two deals ends"
        played += 0 if hand_state(done).result().get("redeal") else 1
        hand = hand_next(table=table, after=done.number, by=bob.user)

    assert hand is not None and _lesson(hand) == 4, "a new set: the class's lesson"


def test_a_next_deal_in_a_set_reads_the_table_s_finished_hands_once(
        robins: Classroom, alice: User, bob: Pupil, carol: Pupil,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The class's lesson, the set's standing and the options carried forward all look at
    # the finished hands: one read of them a deal (at a class's hands' end, every table
    # deals within the same seconds).
    _set_lesson(robins, alice, 3, set_deals=3)
    table = tables_seat_class(classroom=robins, by=alice).tables[0]
    done = _finish(table)
    reads = []
    read = dealing.first_playings
    monkeypatch.setattr(dealing, "first_playings",
                        lambda table_id: reads.append(table_id) or read(table_id))

    hand = hand_next(table=table, after=done.number, by=bob.user)

    assert hand is not None and _lesson(hand) == 3
    assert reads == [table.pk]


def test_a_next_deal_reads_the_table_its_seats_and_its_hand_in_one_read(
        robins: Classroom, alice: User, bob: Pupil, carol: Pupil) -> None:
    # As a card does (teaching.tables.now.table_now): the ORM's reads of the locked table,
    # of whether the player sits there and of the newest hand cost more than the deal's
    # other checks together.
    table = tables_seat_class(classroom=robins, by=alice).tables[0]
    done = _finish(table)

    with CaptureQueriesContext(connection) as queries:
        hand = hand_next(table=table, after=done.number, by=bob.user)

    assert hand is not None and hand.number == done.number + 1
    sql = [q["sql"] for q in queries.captured_queries]
    assert not [q for q in sql if q.startswith('SELECT "teaching_table".')]
    assert not [q for q in sql if q.startswith('SELECT "teaching_tableseat"."seat"')]
    assert not [q for q in sql if q.startswith('SELECT "teaching_hand"."id"')]


def test_the_class_page_says_when_open_tables_take_a_new_lesson(
        robins: Classroom, alice_client) -> None:
    page = alice_client.get(reverse("classroom", args=[robins.pk])).content.decode()

    assert "Open tables take the new variant at their next deal" in page


def test_setting_the_lesson_tells_the_teacher_what_open_tables_do(
        robins: Classroom, alice_client, table_1: Table) -> None:
    entry = games.entry_of(robins.game)
    form = {f"option_{option.key}": str(games.choice_values(option.choices).index(
        4 if option.key == "lesson" else option.default)) for option in entry.options}
    done = alice_client.post(reverse("classroom_set_options", args=[robins.pk]), form,
                             follow=True).content.decode()

    assert "Open tables take it at their next deal." in done
