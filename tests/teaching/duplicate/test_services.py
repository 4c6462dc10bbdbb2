"""Duplicate sessions through their services: set up, online rounds, results
typed in face to face, corrections, hand records; bad input changes nothing."""

from __future__ import annotations

import pytest

from games.deals import Deal
from games.seats import Seat, Side
from teaching.duplicate import selectors as sel
from teaching.duplicate import services as dup
from teaching.duplicate.rows import session_movement
from teaching.models import (
    BoardPlay,
    DuplicateSession,
    Hand,
    SessionBoard,
    SessionPair,
    SessionSitting,
)
from teaching.tables.game_cache import current_hand
from teaching.tables.services import ActionRefused
from teaching.tables.services.dealing import hand_next
from tests.teaching.duplicate_helpers import create, play_out_table

pytestmark = pytest.mark.django_db


def _counts() -> tuple[int, ...]:
    return (DuplicateSession.objects.count(), SessionPair.objects.count(),
            SessionBoard.objects.count(), SessionSitting.objects.count())


# -- setting up --------------------------------------------------------------------------

def test_four_pairs_get_two_tables_playing_the_same_boards(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins)
    assert session.movement_kind == "same-boards"
    assert session.boards.count() == 4
    assert session.sittings.count() == 4  # two tables, two rounds
    names = {p.label: p.names for p in session.pairs.all()}
    assert names == {"NS 1": "Bob & Carol", "NS 2": "Fay & Gus", "EW 1": "Hal & Ivy",
                     "EW 2": "Jo & Kit"}


def test_the_same_seed_deals_the_same_boards_and_never_a_20_20_board():
    first = dup.boards_seeded(seed="abc", count=30)
    assert first == dup.boards_seeded(seed="abc", count=30)
    assert first != dup.boards_seeded(seed="abd", count=30)
    assert all(d.side_hcp(Side.NS) != 20 for d in first)
    assert [d.board for d in first] == list(range(1, 31))


def test_three_pairs_get_a_robot_pair_to_make_two_tables(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins[:6])
    assert session.movement_kind == "same-boards"
    assert [p.label for p in session.pairs.filter(robot=True)] == ["EW 2"]
    assert session.pairs_total == 4


def test_five_pairs_sit_out_in_turn_or_play_a_robot_pair(robins, alice, eight_robins):
    from teaching.classes import services as classes

    more = classes.pupils_create(classroom=robins, names="Lu\nMo", by=alice)
    ten = eight_robins + more
    sitting_out = create(robins, alice, ten)
    movement = session_movement(sitting_out)
    sit_outs = [p for r in movement.rounds for p in r.sit_outs]
    assert sorted(sit_outs) == sorted(movement.pairs)  # each pair sits out once
    with_robot = create(robins, alice, ten, odd="robot")
    assert with_robot.pairs.filter(robot=True).count() == 1
    assert with_robot.pairs_total == 6


def test_face_to_face_an_odd_pair_sits_out_since_robots_hold_no_cards(robins, alice,
                                                                      eight_robins):
    session = create(robins, alice, eight_robins[:6], mode="face", odd="robot")
    assert not session.pairs.filter(robot=True).exists()
    movement = session_movement(session)
    assert movement.kind == "howell" and all(len(r.sit_outs) == 1 for r in movement.rounds)


def test_a_pupil_alone_gets_a_robot_partner_online_but_not_face_to_face(robins, alice,
                                                                        eight_robins):
    session = create(robins, alice, eight_robins[:7])  # Kit is out; Jo plays alone
    assert "Jo & a robot" in {p.names for p in session.pairs.all()}
    before = _counts()
    with pytest.raises(dup.DuplicateRefused, match="Jo needs a partner"):
        create(robins, alice, eight_robins[:7], mode="face")
    assert _counts() == before


def test_the_teacher_may_pick_a_mitchell_or_a_howell_barometer(robins, alice, eight_robins):
    mitchell = create(robins, alice, eight_robins, movement="mitchell", boards_per_round=3)
    assert mitchell.movement_kind == "mitchell"
    howell = create(robins, alice, eight_robins, movement="howell", barometer=True)
    assert howell.barometer
    assert sel.movement_view(howell).barometer


def test_a_movement_that_cannot_be_is_refused_and_nothing_is_saved(robins, alice,
                                                                   eight_robins):
    before = _counts()
    with pytest.raises(dup.DuplicateRefused, match="cannot be played"):
        create(robins, alice, eight_robins, movement="howell", rounds=9)
    assert _counts() == before


@pytest.mark.parametrize("text, message", [
    ("", "Choose a PBN file"),
    ("this is not pbn at all {", "not a PBN file"),
    ('[Event "no deals here"]\n', "no deals"),
    ('[Board "1"]\n[Deal "N:AKQ.. .. .. .."]\n', "not a deal we can use"),
    ('[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
     '...AKQJT98765432"]\n', "lacks board"),
])
def test_a_bad_pbn_upload_is_refused_with_a_reason_and_nothing_is_saved(
        robins, alice, eight_robins, text, message):
    before = _counts()
    with pytest.raises(dup.DuplicateRefused, match=message):
        create(robins, alice, eight_robins, boards="upload", pbn_text=text, pbn_name="x.pbn")
    assert _counts() == before


def test_an_uploaded_pbn_file_gives_the_boards(robins, alice, eight_robins):
    from games.bridge import pbn

    deals = dup.boards_seeded(seed="file", count=4)
    text = pbn.dumps(pbn.PbnGame(tags={"Board": str(d.board), "Dealer": d.dealer.value,
                                       "Vulnerable": d.vulnerability.value,
                                       "Deal": d.pbn()}) for d in deals)
    session = create(robins, alice, eight_robins, boards="upload", pbn_text=text,
                     pbn_name="club.pbn")
    stored = [Deal.from_data(b.deal) for b in session.boards.all()]
    assert [d.hands for d in stored] == [d.hands for d in deals]
    assert session.boards_source == "Uploaded: club.pbn"


def test_a_lesson_board_set_is_used_and_teaches_its_point(robins, alice, eight_robins):
    keys = {s.key for s in dup.board_sets()}
    assert {"long-suits", "eight-card-fit", "game-25-points"} <= keys
    session = create(robins, alice, eight_robins, boards="set", board_set="game-25-points")
    for board in session.boards.all():
        deal = Deal.from_data(board.deal)
        assert max(deal.side_hcp(Side.NS), deal.side_hcp(Side.EW)) in (25, 26)


def test_a_pupil_of_another_class_cannot_be_put_in_a_pair(robins, alice, eight_robins, dave):
    before = _counts()
    with pytest.raises(dup.DuplicateRefused, match="Dave is not in Robins"):
        create(robins, alice, [*eight_robins[:6], dave, eight_robins[7]])
    with pytest.raises(dup.DuplicateRefused, match="two pairs"):
        create(robins, alice, [*eight_robins[:6], eight_robins[0], eight_robins[7]])
    assert _counts() == before


def test_target_tricks_are_scored_win_loss_only(robins, alice, eight_robins):
    with pytest.raises(dup.DuplicateRefused, match="win/loss"):
        create(robins, alice, eight_robins, variant="target")
    with pytest.raises(dup.DuplicateRefused, match="target-tricks"):
        create(robins, alice, eight_robins, method="win-loss")
    assert create(robins, alice, eight_robins, variant="target", method="win-loss")


def test_suggested_pairs_keep_lessons_together_and_leave_one_out_when_odd(eight_robins):
    eight_robins[2].options_override = {"lesson": 6}
    pairs = dup.pairs_suggest(pupils=eight_robins[:7], seed="x")
    assert sorted(len(p) for p in pairs) == [1, 2, 2, 2]
    assert pairs[-1][-1].options == {"lesson": 6}


@pytest.mark.parametrize(("changes", "message"), [
    ({"lesson": 1}, "starts at MiniLesson 2"),
    ({"variant": "three-simple"}, "four players at each table"),
    ({"lesson": 9}, "MiniLesson"),
    ({"game": "spades2", "options": {}}, "game of two partnerships"),
    ({"game": "chess", "options": {}}, "game of two partnerships"),
])
def test_a_session_at_rules_the_game_refuses_for_pairs_says_why_and_saves_nothing(
        robins, alice, eight_robins, changes, message):
    before = _counts()
    with pytest.raises(dup.DuplicateRefused, match=message):
        create(robins, alice, eight_robins, **changes)
    assert _counts() == before


def test_a_session_plays_its_game_and_seeds_boards_the_game_would_not_redeal(
        robins, alice, eight_robins):
    session = create(robins, alice, eight_robins, lesson=4)
    assert (session.game, session.options) == ("minibridge", {"lesson": 4})
    for board in session.boards.all():
        assert Deal.from_data(board.deal).side_hcp(Side.NS) != 20


# -- online --------------------------------------------------------------------------------

def test_a_round_opens_a_table_per_sitting_dealing_the_boards_in_order(robins, alice,
                                                                       eight_robins):
    session = create(robins, alice, eight_robins)
    assert dup.round_start(session=session, by=alice) == 1
    sittings = list(session.sittings.filter(round=1))
    assert all(s.table is not None for s in sittings)
    first = sittings[0]
    seats = {s.seat: s.pupil.name for s in first.table.seats.all()}
    assert seats == {"N": "Bob", "S": "Carol", "E": "Hal", "W": "Ivy"}
    hand = current_hand(first.table)
    assert Deal.from_data(hand.deal).hands == Deal.from_data(
        session.boards.get(number=1).deal).hands
    assert hand.deal["board"] == 1


def test_after_the_last_board_a_duplicate_table_deals_no_more(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    sitting = session.sittings.get(round=1, table_number=1)
    assert play_out_table(sitting, alice) == 2
    numbers = [Hand.objects.get(table=sitting.table, number=n).deal["board"] for n in (1, 2)]
    assert numbers == [1, 2]


def test_an_ordinary_table_still_deals_at_random(robins, alice, bob):
    from tests.teaching.table_helpers import seat_table

    table = seat_table(robins, {Seat.SOUTH: bob})
    assert dup.next_board_deal(table=table) is None


def test_a_two_table_online_session_is_scored_round_by_round(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    for sitting in session.sittings.filter(round=1):
        play_out_table(sitting, alice)
    assert dup.session_sync(session=session) == 4  # and round 2 starts
    assert dup.session_sync(session=session) == 0  # idempotent
    session.refresh_from_db()
    assert session.current_round == 2
    for sitting in session.sittings.filter(round=2):
        play_out_table(sitting, alice)
    assert dup.session_sync(session=session) == 4
    session.refresh_from_db()
    assert session.status == "finished"
    scored = sel.session_scores(session)
    assert [t.times_played for t in scored.travellers] == [2, 2, 2, 2]
    for traveller in scored.travellers:  # two results: 2+0, 1+1 or 0+2 each way
        assert sorted(line.ns_points for line in traveller.lines) in ([0, 2], [1, 1])
    ns = next(r for r in scored.ranking.lists if r.direction is Side.NS)
    assert sum(s.percentage for s in ns.standings) == 100


def test_calling_time_closes_the_tables_and_leaves_unplayed_boards_out(robins, alice,
                                                                       eight_robins):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    first = session.sittings.get(round=1, table_number=1)
    dup.sitting_robots_finish(sitting=first, by=alice)
    called = dup.round_call_time(session=session, by=alice, unplayed="not-played")
    assert called.round == 2 and called.unplayed == ("board 3 at table 2", "board 4 at table 2")
    first.refresh_from_db()
    assert first.closed and first.table.closed
    assert BoardPlay.objects.filter(session=session).count() == 2
    with pytest.raises(ActionRefused):
        hand_next(table=first.table, after=2, by=alice)


def test_robots_finish_the_tables_round_and_the_pupils_keep_their_seats(robins, alice,
                                                                        eight_robins):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    sitting = session.sittings.get(round=1, table_number=2)
    assert dup.sitting_robots_finish(sitting=sitting, by=alice) == [3, 4]
    assert current_hand(sitting.table).finished
    assert sitting.table.seats.filter(pupil__isnull=False).count() == 4


# -- face to face -------------------------------------------------------------------------------

def _face(robins, alice, eight_robins, **changes):
    session = create(robins, alice, eight_robins, mode="face", **changes)
    dup.round_start(session=session, by=alice)
    return session


def _a_result(session: DuplicateSession, board: int) -> dup.TypedResult:
    """A legal result for ``board``: the stronger side's stronger hand declares 3NT."""
    deal = Deal.from_data(session.boards.get(number=board).deal)
    side = Side.NS if deal.side_hcp(Side.NS) > deal.side_hcp(Side.EW) else Side.EW
    seat = max(side.seats, key=lambda s: (deal.hcp(s), -((s.index - deal.dealer.index) % 4)))
    return dup.TypedResult(board, seat.value, "3NT", "9")


def test_a_typed_result_waits_for_confirmation_then_goes_on_the_traveller(
        robins, alice, eight_robins, bob):
    session = _face(robins, alice, eight_robins)
    play = dup.result_enter(session=session, user=bob.user, typed=_a_result(session, 1))
    assert not play.confirmed
    assert play.points[play.declarer in "NS" and "NS" or "EW"] > 0
    assert sel.session_scores(session).travellers == ()
    hal = eight_robins[4]  # Hal & Ivy sit East-West against Bob & Carol
    dup.result_confirm(play=play, user=hal.user)
    assert [t.board for t in sel.session_scores(session).travellers] == [1]


def test_the_pair_that_typed_a_result_in_cannot_confirm_it_nor_see_the_board(
        robins, alice, eight_robins, bob, carol):
    session = _face(robins, alice, eight_robins)
    play = dup.result_enter(session=session, user=bob.user, typed=_a_result(session, 1))
    for pupil in (bob, carol):
        with pytest.raises(dup.DuplicateRefused, match="the other pair at your table"):
            dup.result_confirm(play=play, user=pupil.user)
    play.refresh_from_db()
    assert not play.confirmed
    assert sel.boards_finished_by(session, bob) == set()
    assert sel.session_scores(session).travellers == ()


def test_a_result_typed_again_by_the_other_pair_is_confirmed_by_the_first(
        robins, alice, eight_robins, bob):
    session = _face(robins, alice, eight_robins)
    ivy = eight_robins[5]
    typed = _a_result(session, 1)
    dup.result_enter(session=session, user=bob.user, typed=typed)
    play = dup.result_enter(session=session, user=ivy.user,
                            typed=dup.TypedResult(1, typed.declarer, "3NT", "8"))
    with pytest.raises(dup.DuplicateRefused):
        dup.result_confirm(play=play, user=ivy.user)
    assert dup.result_confirm(play=play, user=bob.user).tricks == 8


@pytest.mark.parametrize("typed, message", [
    (dup.TypedResult(3, "N", "3NT", "9"), "not played at your table"),
    (dup.TypedResult(1, "N", "3NT", "14"), "."),
    (dup.TypedResult(1, "N", "7Z", "9"), "."),
])
def test_an_impossible_result_or_one_for_another_board_changes_nothing(
        robins, alice, eight_robins, bob, typed, message):
    session = _face(robins, alice, eight_robins)
    with pytest.raises(dup.DuplicateRefused, match=message):
        dup.result_enter(session=session, user=bob.user, typed=typed)
    assert BoardPlay.objects.count() == 0


def test_declarer_on_the_weaker_side_is_refused(robins, alice, eight_robins, bob):
    session = _face(robins, alice, eight_robins)
    good = _a_result(session, 1)
    wrong = Seat(good.declarer).lho
    with pytest.raises(dup.DuplicateRefused):
        dup.result_enter(session=session, user=bob.user,
                         typed=dup.TypedResult(1, wrong.value, "3NT", "9"))
    assert BoardPlay.objects.count() == 0


def test_a_confirmed_result_cannot_be_typed_again_but_the_teacher_corrects_it(
        robins, alice, eight_robins, bob, carol):
    session = _face(robins, alice, eight_robins)
    typed = _a_result(session, 1)
    dup.result_confirm(play=dup.result_enter(session=session, user=bob.user, typed=typed),
                       user=eight_robins[4].user)
    with pytest.raises(dup.DuplicateRefused, match="already in"):
        dup.result_enter(session=session, user=carol.user,
                         typed=dup.TypedResult(1, typed.declarer, "3NT", "10"))
    sitting = session.sittings.get(round=1, table_number=1)
    fixed = dup.result_correct(session=session, by=alice, sitting=sitting,
                               typed=dup.TypedResult(1, typed.declarer, "3NT", "10"))
    assert fixed.tricks == 10 and fixed.corrected_by == alice and fixed.confirmed
    assert BoardPlay.objects.count() == 1


def test_a_pupil_not_at_a_table_this_round_cannot_type_a_result(robins, alice, eight_robins,
                                                                dave):
    session = _face(robins, alice, eight_robins)
    with pytest.raises(dup.DuplicateRefused):
        dup.result_enter(session=session, user=dave.user, typed=_a_result(session, 1))


def test_a_pupil_sees_a_board_only_after_their_table_finished_it(robins, alice, eight_robins,
                                                                 bob, carol):
    session = _face(robins, alice, eight_robins)
    fay = eight_robins[2]
    play = dup.result_enter(session=session, user=bob.user, typed=_a_result(session, 1))
    assert sel.boards_finished_by(session, carol) == set()
    dup.result_confirm(play=play, user=eight_robins[5].user)  # Ivy, of the other pair
    assert sel.boards_finished_by(session, carol) == {1}
    assert sel.boards_finished_by(session, fay) == set()


# -- hand records ---------------------------------------------------------------------

def test_hand_records_are_computed_with_progress_kept_on_the_session(robins, alice,
                                                                     eight_robins):
    session = create(robins, alice, eight_robins)
    dup.hand_records_start(session=session, background=False)
    session.refresh_from_db()
    assert (session.records_state, session.records_done, session.records_total) == (
        "running", 0, 4)
    assert dup.hand_records_compute(session_id=session.id) == 4
    session.refresh_from_db()
    assert (session.records_state, session.records_done) == ("done", 4)
    record = sel.hand_record(session.boards.get(number=1))
    assert record.makeable is not None and len(record.makeable) == 4
    # MiniBridge's own par, undoubled (decision 0430): "Par: North-South declare ...".
    assert record.par and record.par[0].startswith("Par: ")


@pytest.mark.django_db(transaction=True)
def test_hand_records_started_by_the_service_finish_in_a_background_thread(robins, alice,
                                                                           eight_robins):
    import time

    session = create(robins, alice, eight_robins)
    dup.hand_records_start(session=session)
    deadline = time.monotonic() + 120
    while True:
        session.refresh_from_db()
        if session.records_state != "running" or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert (session.records_state, session.records_done) == ("done", 4)
    assert not session.boards.filter(record__isnull=True).exists()


def test_imps_against_the_datum_rank_by_total_without_percentages(robins, alice, eight_robins):
    session = create(robins, alice, eight_robins, method="imps")
    dup.round_start(session=session, by=alice)
    for round_number in (1, 2):
        for sitting in session.sittings.filter(round=round_number):
            play_out_table(sitting, alice)
        dup.session_sync(session=session)
    scored = sel.session_scores(session)
    assert scored.ranking.method == "imps"
    assert all(s.percentage is None for s in scored.ranking.standings())
    for traveller in scored.travellers:
        assert traveller.datum is not None
        assert all(line.ns_points == -line.ew_points for line in traveller.lines)


def test_lesson_two_results_are_tricks_per_side(robins, alice, eight_robins, bob):
    session = create(robins, alice, eight_robins, mode="face", lesson=2)
    dup.round_start(session=session, by=alice)
    play = dup.result_enter(session=session, user=bob.user,
                            typed=dup.TypedResult(1, "", "", "8"))
    assert play.points == {"NS": 8, "EW": 5} and play.score == 3


def test_a_round_is_started_once_however_many_pages_notice_it_ended(robins, alice,
                                                                    eight_robins):
    session = create(robins, alice, eight_robins)
    assert dup.round_start(session=session, by=alice) == 1
    # A second page that saw round 0 end (as session_sync passes it) starts nothing more.
    assert dup.round_start(session=session, by=None, after=0) == 1
    session.refresh_from_db()
    assert session.current_round == 1
    assert session.sittings.filter(table__isnull=False).count() == 2
