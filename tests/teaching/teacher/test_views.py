"""The teacher's pages with the cast: who sees what, seating, the wall, watching,
pausing, undoing, a pupil's progress and the class chart."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.seats import Seat
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from teaching.tables.services.robots import robot_act
from teaching.teacher.services import tables_seat_class
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(alice: User, robins: Classroom, bob: Pupil, carol: Pupil) -> Table:
    return tables_seat_class(classroom=robins, by=alice).tables[0]


def _pages(robins: Classroom, bob: Pupil, table: Table) -> list[str]:
    return [
        reverse("classroom_seating", args=[robins.id]),
        reverse("classroom_wall", args=[robins.id]),
        reverse("classroom_chart", args=[robins.id]),
        reverse("pupil_progress", args=[robins.id, bob.id]),
        reverse("table_watch", args=[table.id]),
    ]


def _posts(robins: Classroom, table: Table) -> list[tuple[str, dict]]:
    return [
        (reverse("classroom_seat", args=[robins.id]), {}),
        (reverse("table_seat", args=[table.id]), {"seat": "E", "pupil": ""}),
        (reverse("table_pause", args=[table.id]), {"paused": "1"}),
        (reverse("table_undo", args=[table.id]), {}),
    ]


# -- who may see what -------------------------------------------------------------

def test_alice_sees_every_page_of_her_class(alice_client: Client, robins: Classroom,
                                            bob: Pupil, table: Table) -> None:
    for url in _pages(robins, bob, table):
        assert alice_client.get(url).status_code == 200, url


@pytest.mark.parametrize("who", ["bob_client", "dave_client", "eve_client"])
def test_pupils_and_other_teachers_get_404_on_every_page(
        request: pytest.FixtureRequest, who: str, robins: Classroom, bob: Pupil,
        table: Table) -> None:
    client = request.getfixturevalue(who)
    for url in _pages(robins, bob, table):
        assert client.get(url).status_code == 404, url
    for url, data in _posts(robins, table):
        assert client.post(url, data).status_code == 404, url
    table.refresh_from_db()
    assert not table.paused and not table.closed


def test_a_logged_out_visitor_is_sent_to_log_in(visitor: Client, robins: Classroom, bob: Pupil,
                                                table: Table) -> None:
    for url in _pages(robins, bob, table):
        response = visitor.get(url)
        assert response.status_code == 302 and reverse("login") in response["Location"], url
    for url, data in _posts(robins, table):
        assert visitor.post(url, data).status_code == 302, url


def test_a_co_teacher_sees_the_wall(alice: User, eve: User, eve_client: Client,
                                    robins: Classroom, table: Table) -> None:
    from teaching.classes.services import classroom_add_co_teacher

    classroom_add_co_teacher(classroom=robins, email=eve.email, by=alice)

    assert eve_client.get(reverse("classroom_wall", args=[robins.id])).status_code == 200


def test_the_pages_only_answer_their_method(alice_client: Client, robins: Classroom,
                                            table: Table) -> None:
    assert alice_client.get(reverse("table_pause", args=[table.id])).status_code == 405
    assert alice_client.post(reverse("classroom_wall", args=[robins.id])).status_code == 405


def test_a_table_or_pupil_that_does_not_exist_is_404(alice_client: Client,
                                                     robins: Classroom) -> None:
    assert alice_client.get(reverse("table_watch", args=[99999])).status_code == 404
    assert alice_client.get(reverse("pupil_progress", args=[robins.id, 99999])).status_code == 404


def test_a_pupil_of_another_class_has_no_progress_page_in_alices(
        alice_client: Client, robins: Classroom, dave: Pupil) -> None:
    assert alice_client.get(reverse("pupil_progress", args=[robins.id, dave.id])).status_code == 404


# -- seating -----------------------------------------------------------------------

def test_seat_the_class_seats_everyone_and_says_so(alice_client: Client, robins: Classroom,
                                                   bob: Pupil, carol: Pupil) -> None:
    response = alice_client.post(reverse("classroom_seat", args=[robins.id]), follow=True)

    text = response.content.decode()
    assert "The class is seated at 1 table." in text
    assert "Table 1 has 2 robots in the empty seats." in text
    assert robins.tables.filter(closed=False).count() == 1
    assert re.search(rf'<option value="{bob.id}" selected>Bob', text)


def test_seating_an_empty_class_says_why_and_changes_nothing(alice: User,
                                                             alice_client: Client) -> None:
    from teaching.classes.services import classroom_create

    empty = classroom_create(owner=alice, name="Wrens")

    response = alice_client.post(reverse("classroom_seat", args=[empty.id]), follow=True)

    assert "no pupils yet" in response.content.decode()
    assert not empty.tables.exists()


def test_the_seating_page_has_an_empty_state(alice_client: Client, robins: Classroom,
                                             bob: Pupil) -> None:
    text = alice_client.get(reverse("classroom_seating", args=[robins.id])).content.decode()

    assert "No tables yet" in text and "Seat the class" in text


def test_seating_by_hand_moves_a_pupil_and_says_so(alice_client: Client, table: Table,
                                                   bob: Pupil) -> None:
    response = alice_client.post(reverse("table_seat", args=[table.id]),
                                 {"seat": "E", "pupil": str(bob.id)}, follow=True)

    assert "Bob now sits East at Table 1. Bob was moved from Table 1, South" in (
        response.content.decode())
    assert table.seats.get(seat="E").pupil == bob


@pytest.mark.parametrize("data", [{"seat": "E", "pupil": "abc"}, {"seat": "E", "pupil": "99999"},
                                  {"seat": "Q", "pupil": ""}, {}])
def test_bad_seating_input_gets_a_clear_message_and_changes_nothing(
        alice_client: Client, table: Table, data: dict) -> None:
    before = list(table.seats.values_list("seat", "pupil_id"))

    response = alice_client.post(reverse("table_seat", args=[table.id]), data, follow=True)

    assert response.status_code == 200
    assert 'class="message message-error"' in response.content.decode()
    assert list(table.seats.values_list("seat", "pupil_id")) == before


def test_a_pupil_of_another_class_cannot_be_seated_by_hand(alice_client: Client, table: Table,
                                                           dave: Pupil) -> None:
    response = alice_client.post(reverse("table_seat", args=[table.id]),
                                 {"seat": "E", "pupil": str(dave.id)}, follow=True)

    assert "That pupil is not in this class." in response.content.decode()
    assert not table.seats.filter(pupil=dave).exists()


# -- the wall ------------------------------------------------------------------------

def test_the_wall_shows_each_table_as_a_tile(alice_client: Client, robins: Classroom,
                                             table: Table) -> None:
    text = alice_client.get(reverse("classroom_wall", args=[robins.id])).content.decode()

    assert f'id="tile-{table.id}"' in text
    assert f'ws-connect="/ws/classes/{robins.id}/wall/"' in text
    assert 'hx-trigger="every 10s"' in text
    assert "MiniBridge · MiniLesson Three" in text and "to announce points" in text
    assert reverse("table_watch", args=[table.id]) in text


def test_the_walls_refresh_is_only_the_wall(alice_client: Client, robins: Classroom,
                                            table: Table) -> None:
    text = alice_client.get(reverse("classroom_wall", args=[robins.id]), **HTMX).content.decode()

    assert text.lstrip().startswith('<div id="wall"')
    assert "<html" not in text


def test_the_wall_without_tables_offers_to_seat_the_class(alice_client: Client,
                                                          robins: Classroom) -> None:
    text = alice_client.get(reverse("classroom_wall", args=[robins.id])).content.decode()

    assert "No tables are open in this class." in text
    assert reverse("classroom_seating", args=[robins.id]) in text


# -- watching, pausing, undoing -------------------------------------------------------------

def test_watching_shows_every_hand(alice_client: Client, table: Table) -> None:
    text = alice_client.get(reverse("table_watch", args=[table.id])).content.decode()

    assert f'ws-connect="/ws/tables/{table.id}/watch/"' in text
    hand = current_hand(table)
    deal = hand_state(hand).full_view().hands
    shown = re.findall(r'data-card="([^"]+)"', text)
    assert sorted(shown) == sorted(card for cards in deal.values() for card in cards)
    assert len(shown) == 52


def test_pausing_from_the_watch_page_pauses_the_table(alice_client: Client, table: Table) -> None:
    response = alice_client.post(reverse("table_pause", args=[table.id]), {"paused": "1"},
                                 follow=True)

    table.refresh_from_db()
    assert table.paused
    text = response.content.decode()
    assert "Paused: robots wait" in text and 'data-paused="true"' in text


def test_pausing_with_htmx_answers_with_the_notice_and_the_board(alice_client: Client,
                                                                 table: Table) -> None:
    response = alice_client.post(reverse("table_pause", args=[table.id]), {"paused": "1"}, **HTMX)

    text = response.content.decode()
    assert text.lstrip().startswith('<div id="watch-notice"')
    assert "Paused: robots wait" in text
    assert '<section id="watch-board" class="watch" data-paused="true" hx-swap-oob="outerHTML"' in (
        text)

    alice_client.post(reverse("table_pause", args=[table.id]), {"paused": "0"}, **HTMX)
    table.refresh_from_db()
    assert not table.paused


def test_undo_before_any_card_says_there_is_nothing_to_undo(alice_client: Client,
                                                            table: Table) -> None:
    response = alice_client.post(reverse("table_undo", args=[table.id]), **HTMX)

    assert "no trick to undo" in response.content.decode()
    assert current_hand(table).undo_count == 0


def test_undo_takes_back_the_trick_in_progress(alice_client: Client, robins: Classroom) -> None:
    robots = seat_table(robins, {}, options={"lesson": 1})
    while hand_state(current_hand(robots)).version < 6:
        robot_act(table_id=robots.id)

    response = alice_client.post(reverse("table_undo", args=[robots.id]), **HTMX)

    assert "taken back" in response.content.decode()
    hand = current_hand(robots)
    assert hand.actions.count() == 4, "lesson 1: the second trick's two cards go"
    robots.refresh_from_db()
    assert robots.paused


# -- progress and the chart ---------------------------------------------------------------

def _play_out(table: Table, pupils: dict[Seat, Pupil]) -> None:
    hand = current_hand(table)
    while not hand_state(hand).is_over():
        seat = seat_to_act(table)
        if seat in pupils:
            text = good_action(hand_state(hand).view(seat))
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            assert robot_act(table_id=table.id) is not None
        hand.refresh_from_db()


def test_a_pupils_progress_lists_their_hands_and_lessons(alice_client: Client,
                                                         robins: Classroom, bob: Pupil) -> None:
    table = seat_table(robins, {Seat.SOUTH: bob}, options={"lesson": 5})
    _play_out(table, {Seat.SOUTH: bob})
    hand = current_hand(table)

    text = alice_client.get(reverse("pupil_progress", args=[robins.id, bob.id])).content.decode()

    assert 'aria-current="step"' in text
    if hand.result.get("redeal"):
        assert "Bob has not finished a hand yet." in text
    else:
        assert "1 hand played." in text
        assert f"goal {hand.result['goal']}" in text
        assert f'<td class="num">{hand.result["score"]["NS"]}</td>' in text


def test_the_class_page_links_to_seating_the_wall_and_the_chart(alice_client: Client,
                                                                robins: Classroom) -> None:
    text = alice_client.get(reverse("classroom", args=[robins.id])).content.decode()

    for name in ("classroom_seating", "classroom_wall", "classroom_chart"):
        assert reverse(name, args=[robins.id]) in text


def test_a_stalled_table_says_how_long_it_has_waited(alice_client: Client, robins: Classroom,
                                                     table: Table, monkeypatch) -> None:
    from teaching.teacher import selectors as selectors_teacher

    monkeypatch.setattr(selectors_teacher, "STALL_SECONDS", 0)

    text = alice_client.get(reverse("classroom_wall", args=[robins.id])).content.decode()

    assert "tile-stalled" in text
    assert re.search(r"Waiting \d+ s for a pupil", text)


def test_the_chart_shows_the_classs_hands_with_double_dummy_beside_them(
        alice_client: Client, robins: Classroom) -> None:
    played = 0
    for n in range(3):
        robots = seat_table(robins, {}, options={"lesson": 5}, name=f"T{n}")
        _play_out(robots, {})
        played += not current_hand(robots).result.get("redeal")

    text = alice_client.get(reverse("classroom_chart", args=[robins.id])).content.decode()

    if not played:
        pytest.skip("every deal was dealt again (20-20)")
    assert '<svg class="hcp-chart"' in text and 'role="img"' in text
    assert f"{played} hand{'s' if played > 1 else ''}." in text
    assert "Average double-dummy tricks" in text
    assert "chart-dd" in text and "<rect" in text, "analysed while the page loaded"


def test_a_pupil_without_hands_has_an_empty_state(alice_client: Client, robins: Classroom,
                                                  bob: Pupil) -> None:
    text = alice_client.get(reverse("pupil_progress", args=[robins.id, bob.id])).content.decode()

    assert "Bob has not finished a hand yet." in text


def test_the_chart_has_an_empty_state(alice_client: Client, robins: Classroom) -> None:
    text = alice_client.get(reverse("classroom_chart", args=[robins.id])).content.decode()

    assert "No finished hands of MiniBridge yet" in text
    assert "<svg" not in text


@pytest.mark.parametrize("asked", ["nonsense", "", "x" * 300, "spades2", "<script>"])
def test_a_chart_of_a_game_the_class_has_not_played_shows_the_classs_own(
        alice_client: Client, robins: Classroom, asked: str) -> None:
    response = alice_client.get(reverse("classroom_chart", args=[robins.id]), {"game": asked})

    assert response.status_code == 200
    text = response.content.decode()
    assert "<h1>MiniBridge: Robins</h1>" in text
    assert "No finished hands of MiniBridge yet" in text
