"""A session's round at the table and at the teacher's desk: what a table offers after
a board, robots finishing a table's round, and calling time on unplayed boards.

Alice runs a two-table online session for her eight Robins: two boards a round, Bob
and Carol North-South at table 1.
"""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.duplicate import selectors as sel
from teaching.duplicate import services as dup
from teaching.models import BoardPlay, Hand
from teaching.tables.game_cache import current_hand
from teaching.tables.selectors import seat_view
from teaching.tables.services import ActionRefused
from teaching.tables.services.dealing import hand_next, hand_replay
from tests.teaching.duplicate_helpers import create


@pytest.fixture
def session(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    return session


def _robots_play_the_board(table) -> Hand:
    """Robots play the board being played at ``table`` (only that one)."""
    from teaching.tables.services.robots import robot_act

    seats = list(table.seats.all())
    kept = {s.pk: s.pupil_id for s in seats}
    table.seats.update(pupil=None)
    while robot_act(table_id=table.id) is not None:
        pass
    for seat in seats:
        type(seat).objects.filter(pk=seat.pk).update(pupil_id=kept[seat.pk])
    return current_hand(table)


def test_a_session_table_offers_the_next_board_but_never_play_it_again(session, alice, bob):
    table = session.sittings.get(round=1, table_number=1).table
    _robots_play_the_board(table)
    offer = seat_view(table=table, seat=Seat.NORTH).after
    assert offer.next_deal and not offer.play_again
    html = _after_hand_html(table)
    assert "Next deal" in html and "Play it again" not in html


def test_play_it_again_at_a_session_table_is_refused_and_nothing_is_dealt(session, alice, bob):
    table = session.sittings.get(round=1, table_number=1).table
    hand = _robots_play_the_board(table)
    with pytest.raises(ActionRefused) as refused:
        hand_replay(table=table, hand=hand, by=bob.user)
    assert refused.value.code == "not_offered"
    assert table.hands.count() == 1


def test_after_the_rounds_last_board_the_table_says_round_over(session, alice, bob):
    sitting = session.sittings.get(round=1, table_number=1)
    dup.sitting_robots_finish(sitting=sitting, by=alice)
    offer = seat_view(table=sitting.table, seat=Seat.NORTH).after
    assert not offer.next_deal and not offer.play_again
    assert offer.message.startswith("Round over")
    html = _after_hand_html(sitting.table)
    assert "Next deal" not in html and "Round over" in html
    assert f'href="/duplicate/{session.id}/me/">See where you go next' in html
    with pytest.raises(ActionRefused) as refused:
        hand_next(table=sitting.table, after=2, by=bob.user)
    assert refused.value.code == "round_over" and sitting.table.hands.count() == 2


def test_a_practice_table_still_offers_both(robins, bob):
    from tests.teaching.table_helpers import seat_table

    table = seat_table(robins, {Seat.SOUTH: bob})
    _robots_play_the_board(table)
    offer = seat_view(table=table, seat=Seat.SOUTH).after
    assert offer.next_deal and offer.play_again


def test_robots_finish_every_board_the_round_has_left_at_the_table(session, alice):
    """The board being played, then the next one dealt and played: the round's
    results are all there, and nobody waits for a pupil pressing Next deal."""
    sitting = session.sittings.get(round=1, table_number=2)
    assert dup.sitting_robots_finish(sitting=sitting, by=alice) == [3, 4]
    assert [h.deal["board"] for h in sitting.table.hands.order_by("number")] == [3, 4]
    assert all(h.finished for h in sitting.table.hands.all())
    dup.session_sync(session=session)
    assert set(BoardPlay.objects.filter(sitting=sitting).values_list("board__number",
                                                                      flat=True)) == {3, 4}


def test_robots_finish_after_the_pupils_played_the_first_board(session, alice):
    sitting = session.sittings.get(round=1, table_number=1)
    _robots_play_the_board(sitting.table)  # the pupils' first board, over
    assert dup.sitting_robots_finish(sitting=sitting, by=alice) == [2]
    assert dup.sitting_robots_finish(sitting=sitting, by=alice) == []  # nothing left


def test_calling_time_says_which_boards_are_unplayed_and_can_score_them_average(session,
                                                                                 alice):
    for sitting in session.sittings.filter(round=1):
        dup.sitting_robots_finish(sitting=sitting, by=alice)
    dup.session_sync(session=session)  # round 1 complete: round 2 starts
    second = session.sittings.get(round=2, table_number=1)
    dup.sitting_robots_finish(sitting=second, by=alice)
    called = dup.round_call_time(session=session, by=alice, unplayed="average")
    table_2 = session.sittings.get(round=2, table_number=2)
    boards = dup.sitting_boards(session, table_2)
    assert called.unplayed == tuple(f"board {b} at table 2" for b in boards)
    assert called.scored == "an average (50%) to both pairs" and called.round == 0
    scored = sel.session_scores(session)
    for board in boards:
        traveller = scored.traveller(board)
        (average,) = [x for x in traveller.lines if x.result.adjusted is not None]
        assert str(average.result.adjusted) == "A5050"
        assert traveller.percentage(average, average.result.ns.direction) == 50
    # The averaged pairs are ranked over as many boards as the others.
    assert {s.boards for s in scored.ranking.standings()} == {4}
    rows = sel.results(session).travellers[boards[0]]
    assert "Average to both sides (A5050)" in [row.contract for row in rows]


def test_left_out_unplayed_boards_leave_their_pairs_out_of_the_ranking_so_far(session,
                                                                             alice):
    dup.sitting_robots_finish(sitting=session.sittings.get(round=1, table_number=1), by=alice)
    dup.round_call_time(session=session, by=alice, unplayed="not-played")
    scored = sel.session_scores(session)
    assert [s.boards for s in scored.ranking.standings()] == [2, 2]  # table 1's pairs only
    assert [t.board for t in scored.travellers] == [1, 2]


def test_a_choice_that_is_not_offered_is_refused_and_the_round_goes_on(session, alice):
    with pytest.raises(dup.DuplicateRefused):
        dup.round_call_time(session=session, by=alice, unplayed="top")
    session.refresh_from_db()
    assert session.current_round == 1
    assert not session.sittings.filter(round=1, closed=True).exists()
    assert not BoardPlay.objects.filter(session=session).exists()


def test_the_progress_page_lists_the_unplayed_boards_with_both_choices(alice_client, session):
    from django.urls import reverse

    html = alice_client.get(reverse("duplicate_session", args=[session.id])).content.decode()
    assert "Not played yet: board 1 at table 1, board 2 at table 1" in html
    assert "Call time: leave them out" in html and "Call time: average to both pairs" in html
    page = alice_client.post(reverse("duplicate_round", args=[session.id]),
                             {"unplayed": "average"}, follow=True).content.decode()
    assert "Time called. Not played: board 1 at table 1" in page
    assert "scored an average (50%) to both pairs" in page


def _after_hand_html(table) -> str:
    from django.template import engines

    tv = seat_view(table=table, seat=Seat.NORTH)
    template = engines["jinja2"].get_template("tables/_after_hand.html")
    return template.render({"tv": tv})


def test_an_average_goes_out_in_the_pbn_export_and_scores_back_the_same(session, alice):
    from games.duplicate import format_percentage, score_pbn_text

    for sitting in session.sittings.filter(round=1):
        dup.sitting_robots_finish(sitting=sitting, by=alice)
    dup.session_sync(session=session)
    dup.round_call_time(session=session, by=alice, unplayed="average")
    text = sel.export_pbn(session)
    assert '"A5050"' in text or " A5050 " in text
    again = score_pbn_text(text)
    ours = sel.session_scores(session).ranking
    assert [(s.pair.number, format_percentage(s.percentage)) for s in again.standings()] == [
        (s.pair.number, format_percentage(s.percentage)) for s in ours.standings()]


def test_when_the_round_ends_by_itself_each_table_is_told_and_its_pupils_go_on(
    session, alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    """Nobody presses "Start round 2": the last result in starts it. Each round-1
    table's page hears that it closed, and sends Bob to his round-2 table."""
    from teaching.tables.closed import where_after_closing

    told: list[int] = []
    monkeypatch.setattr(dup, "notify_table", lambda table_id, version: told.append(table_id))
    first = list(session.sittings.filter(round=1).order_by("table_number"))
    for sitting in first:
        dup.sitting_robots_finish(sitting=sitting, by=alice)
    with django_capture_on_commit_callbacks(execute=True):
        dup.session_sync(session=session)
    session.refresh_from_db()
    assert session.current_round == 2
    assert sorted(told) == sorted(s.table_id for s in first)
    bobs_old = first[0].table
    bobs_old.refresh_from_db()
    go_on = where_after_closing(bob.user, bobs_old)
    now = session.sittings.get(round=2, table__seats__pupil__user=bob.user)
    assert go_on.address == f"/tables/{now.table_id}/"


def test_round_over_says_the_next_round_comes_by_itself_not_wait_for_the_teacher(
    session, alice
):
    sitting = session.sittings.get(round=1, table_number=1)
    dup.sitting_robots_finish(sitting=sitting, by=alice)
    html = _after_hand_html(sitting.table)
    assert "Wait for the teacher" not in html
    assert "starts by itself" in html and "takes you to your next table" in html
