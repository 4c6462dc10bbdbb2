"""A seat's view of the table, laid out for the screen, through every phase of MiniBridge.

The deal is built by hand so each phase comes up: North and South hold 11
points each and East and West 9, so in MiniLesson 3 or 4 the tied North-South
pair chooses its declarer.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.cards import cards_from_str
from games.deals import Deal
from games.seats import Seat
from teaching.models import Pupil, Table
from teaching.tables import frames, selectors
from teaching.tables.analysis import hand_analyse
from teaching.tables.now import table_now
from teaching.tables.services import ActionRefused
from teaching.tables.services.acting import hand_act, record
from teaching.tables.services.dealing import hand_start
from tests.teaching.table_helpers import seat_table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
TIED = Deal(
    hands={
        N: cards_from_str("SA SK SQ SJ DJ S2 S3 S4 H2 H3 H4 D2 D3"),   # 11
        S: cards_from_str("HA HK HQ HJ CJ H5 H6 H7 C2 C3 C4 D4 D5"),   # 11
        E: cards_from_str("DA DK DQ S5 S6 S7 S8 S9 ST H8 H9 HT D6"),   # 9
        W: cards_from_str("CA CK CQ C5 C6 C7 C8 C9 CT D7 D8 D9 DT"),   # 9
    },
    dealer=N,
)


@pytest.fixture
def table(bob: Pupil, carol: Pupil) -> Table:
    """Bob in South and Carol in North, MiniLesson 4, on the tied deal."""
    table = seat_table(bob.classroom, {S: bob, N: carol}, options={"lesson": 4})
    hand_start(table=table, deal=TIED)
    return table


def _act(table: Table, pupils: dict[Seat, Pupil], seat: Seat, text: str) -> None:
    if seat in pupils:
        hand_act(user=pupils[seat].user, table=table, text=text)
    else:  # a robot's seat: this exact action, through the same log
        with transaction.atomic():
            record(table_now(table.id), seat, text, None)


def _announce(table: Table, pupils: dict[Seat, Pupil]) -> None:
    for seat in (N, E, S, W):
        _act(table, pupils, seat, f"hcp {TIED.hcp(seat)}")


def _html(tv: selectors.TableView) -> str:
    return frames.render_frame(tv, tv.table)


def test_each_viewer_sits_at_the_bottom_with_the_others_clockwise(table: Table) -> None:
    for seat, expected in {S: "SWNE", N: "NESW", E: "ESWN", W: "WNES"}.items():
        tv = selectors.seat_view(table=table, seat=seat)

        assert "".join(tv.places[w].seat for w in selectors.SCREEN) == expected


def test_names_say_who_is_who(table: Table) -> None:
    tv = selectors.seat_view(table=table, seat=S)

    assert [tv.places[w].name for w in selectors.SCREEN] == ["You", "Robot", "Carol", "Robot"]


def test_before_anyone_announces_only_the_own_hand_is_open(table: Table) -> None:
    tv = selectors.seat_view(table=table, seat=S)

    assert [p.where for p in tv.place_list if p.cards is not None] == ["bottom"]
    assert all(p.count == 13 for p in tv.place_list)


def test_in_lesson_4_everyone_counts_at_once(table: Table) -> None:
    for seat in (N, S):
        assert 'id="hcp-count"' in _html(selectors.seat_view(table=table, seat=seat))


def test_from_lesson_5_only_the_player_to_announce_gets_the_points_box(
    bob: Pupil, carol: Pupil
) -> None:
    table = seat_table(bob.classroom, {S: bob, N: carol}, options={"lesson": 5})
    hand_start(table=table, deal=TIED)  # North deals and announces first (Law 5)

    assert 'id="hcp-count"' in _html(selectors.seat_view(table=table, seat=N))
    south = _html(selectors.seat_view(table=table, seat=S))
    assert 'id="hcp-count"' not in south
    assert "North (Carol)" in south and "to count points" in south


def test_a_wrong_count_gets_the_engines_count_again_message(
    table: Table, carol: Pupil
) -> None:
    with pytest.raises(ActionRefused) as refused:
        hand_act(user=carol.user, table=table, text="hcp 12")

    assert refused.value.message.startswith("Count again")
    assert refused.value.code == "count_again"


def test_a_tied_pair_chooses_its_declarer(table: Table, bob: Pupil, carol: Pupil) -> None:
    pupils = {S: bob, N: carol}
    _announce(table, pupils)

    tv = selectors.seat_view(table=table, seat=S)
    html = _html(tv)

    assert tv.view.phase == "declarer"
    assert sorted(tv.choices) == ["declarer N", "declarer S"]
    assert 'value="declarer S" ws-send>Me (South)' in html
    assert 'value="declarer N" ws-send>North' in html
    assert "N-S 22" in html and "E-W 18" in html


def test_dummy_goes_down_for_everyone_before_the_contract_is_chosen(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    pupils = {S: bob, N: carol}
    _announce(table, pupils)
    _act(table, pupils, S, "declarer S")

    for seat in (E, W, S):
        tv = selectors.seat_view(table=table, seat=seat)
        north = next(p for p in tv.place_list if p.seat == "N")
        assert north.cards is not None and len(north.cards) == 13
    east_view = selectors.seat_view(table=table, seat=E)
    assert next(p for p in east_view.place_list if p.seat == "S").cards is None


def test_declarer_chooses_only_among_the_engines_contracts(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    pupils = {S: bob, N: carol}
    _announce(table, pupils)
    _act(table, pupils, S, "declarer S")

    tv = selectors.seat_view(table=table, seat=S)
    buttons = re.findall(r'value="(contract [^"]+)" ws-send', _html(tv))

    assert tv.view.phase == "contract"
    assert buttons == tv.choices and buttons
    assert 'id="hcp-count"' not in _html(selectors.seat_view(table=table, seat=N))


def _to_play(table: Table, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    pupils = {S: bob, N: carol}
    _announce(table, pupils)
    _act(table, pupils, S, "declarer S")
    _act(table, pupils, S, "contract NT")
    return pupils


def test_in_play_only_legal_cards_are_buttons_and_the_rest_are_dimmed(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    pupils = _to_play(table, bob, carol)
    # West leads; then North (dummy) is to play, and declarer South plays for it.
    _act(table, pupils, W, "play C5")

    tv = selectors.seat_view(table=table, seat=S)
    html = _html(tv)

    assert tv.my_turn and tv.turn_from and tv.turn_from.seat == "N"
    assert "play a card from North" in html
    buttons = set(re.findall(r'<button type="button" class="card playable" data-card="(\w\w)"',
                             html))
    assert buttons == set(tv.view.card_actions)  # the cards the engine says South may play
    assert buttons and buttons <= {str(c) for c in TIED.hand(N)}  # dummy's cards
    assert 'class="card dim"' in html
    assert tv.trick["left"].code == "C5"  # West's card, to South's left


def test_declarer_may_claim_and_the_defenders_see_declarers_hand_while_it_stands(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    pupils = _to_play(table, bob, carol)
    _act(table, pupils, W, "play C5")  # dummy to play: declarer may claim (Law 14)
    declarer = selectors.seat_view(table=table, seat=S)

    html = _html(declarer)
    assert 'name="action" value="claim"' in html

    _act(table, pupils, S, "claim 7")
    east = selectors.seat_view(table=table, seat=E)
    assert east.view.phase == "claim"
    assert next(p for p in east.place_list if p.seat == "S").cards is not None
    east_html = _html(east)
    assert "South claims 7 of the remaining tricks" in east_html
    assert 'value="accept"' in east_html and 'value="reject"' in east_html


def test_the_teachers_open_view_shows_every_hand(table: Table) -> None:
    tv = selectors.open_view(table=table)

    assert tv.open_hands and tv.viewer is None
    assert sorted(len(p.cards or []) for p in tv.place_list) == [13, 13, 13, 13]
    assert len(set(re.findall(r'data-card="(\w\w)"', _html(tv)))) == 52


def test_a_card_face_reads_as_a_person_says_it() -> None:
    assert selectors.card_face("SA").label == "Ace of spades"
    assert selectors.card_face("HT").label == "10 of hearts"
    assert selectors.card_face("D2", action="play D2").action == "play D2"
    assert selectors.card_face("??").label == "??"  # never crashes on an odd code


def test_the_connections_hearing_one_change_read_the_table_once(
    table: Table, bob: Pupil, carol: Pupil, django_assert_max_num_queries: object
) -> None:
    selectors.player_view(bob.user, table.id, stamp="change-1")

    with django_assert_max_num_queries(0):  # type: ignore[operator]
        carol_view = selectors.player_view(carol.user, table.id, stamp="change-1")

    assert carol_view.viewer == "N"
    assert selectors.player_view(carol.user, table.id, stamp="change-2").viewer == "N"


def test_at_the_end_of_a_hand_the_connections_share_its_results_too(
    table: Table, bob: Pupil, carol: Pupil, django_assert_max_num_queries: object
) -> None:
    """The summary's queries (this deal's playings, the analysis) are made once for the
    four seats hearing one change, as for the frames of a pupil's own card."""
    pupils = _to_play(table, bob, carol)
    while not (game := table_now(table.id).game).is_over():
        seat = game.to_act()[0]
        _act(table, pupils, seat, next(a for a in game.legal_actions(seat)
                                       if a.startswith("play ")))
    bobs = selectors.player_view(bob.user, table.id, stamp="the end")

    with django_assert_max_num_queries(0):  # type: ignore[operator]
        carols = selectors.player_view(carol.user, table.id, stamp="the end")

    assert bobs.over and carols.over and carols.viewer == "N"
    assert [h.pk for h in carols.same_deal] == [h.pk for h in bobs.same_deal] == [
        table_now(table.id).hand.pk]


def test_the_summary_of_a_first_playing_reads_no_other_hands(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    """At a first playing's end the four summaries need no other hand of the table: the
    deal was not played again yet (a replay is a newer hand), and MiniBridge's summary
    shows no standing read from the finished hands (its set is in the hand's own view)."""
    pupils = _to_play(table, bob, carol)
    while not (game := table_now(table.id).game).is_over():
        seat = game.to_act()[0]
        _act(table, pupils, seat, next(a for a in game.legal_actions(seat)
                                       if a.startswith("play ")))
    hand_analyse(hand_id=table_now(table.id).hand.id)  # stored, as the solver's thread does
    now = table_now(table.id)

    with CaptureQueriesContext(connection) as queries:
        html = [frames.render_frame(tv, now.table)
                for tv in selectors.seated_views(now).values()]

    assert not [q["sql"] for q in queries.captured_queries if "teaching_hand" in q["sql"]]
    assert all("Result" in frame and "each time you played it" not in frame
               for frame in html)


def test_a_pupil_who_is_not_seated_gets_no_view_even_from_a_shared_read(
    table: Table, bob: Pupil, dave: Pupil
) -> None:
    selectors.player_view(bob.user, table.id, stamp="change-3")

    assert selectors.player_view(dave.user, table.id, stamp="change-3") is False


def test_the_last_trick_button_stays_only_until_the_next_trick_starts(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    """Laws 13 and 25: "the last trick may be inspected until play starts to the next
    trick"."""
    pupils = _to_play(table, bob, carol)

    def next_card() -> None:
        game = table_now(table.id).game
        seat = game.to_act()[0]
        _act(table, pupils, seat, next(a for a in game.legal_actions(seat)
                                       if a.startswith("play ")))

    for _ in range(4):
        next_card()
    assert "data-peek" in _html(selectors.seat_view(table=table, seat=S))
    assert "Last trick" in _html(selectors.seat_view(table=table, seat=S))

    next_card()  # the lead to the second trick

    for seat in (S, N):
        html = _html(selectors.seat_view(table=table, seat=seat))
        assert "data-peek" not in html and "Last trick" not in html


def test_a_defenders_claim_is_put_to_declarer_who_sees_the_claimers_cards(
    table: Table, bob: Pupil, carol: Pupil
) -> None:
    """Law 14: any player may claim; the other side but dummy answers."""
    pupils = _to_play(table, bob, carol)
    _act(table, pupils, E, "claim 3")  # East, a robot's seat, though West is on lead

    declarer = selectors.seat_view(table=table, seat=S)
    html = _html(declarer)
    assert "East claims 3 of the remaining tricks" in html
    assert "Look at East's cards: do you agree?" in html
    assert 'value="accept"' in html and 'value="reject"' in html
    assert next(p for p in declarer.place_list if p.seat == "E").cards is not None
    dummy_html = _html(selectors.seat_view(table=table, seat=N))
    assert 'value="accept"' not in dummy_html  # Carol is dummy: she does not answer

    _act(table, pupils, S, "reject")
    text = unescape(re.sub(r"<[^>]+>", "", _html(selectors.seat_view(table=table, seat=S))))
    assert "You did not agree with East's claim of 3 tricks: play on." in text
