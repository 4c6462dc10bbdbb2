"""The table page and its buttons: practise, next deal, play it again."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.seats import Seat
from teaching.models import Pupil, Table
from teaching.tables.game_cache import current_hand
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_next, hand_replay
from teaching.tables.services.robots import robot_act
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of


@pytest.fixture
def table(bob: Pupil, carol: Pupil) -> Table:
    return seat_table(bob.classroom, {Seat.SOUTH: bob, Seat.NORTH: carol})


def _finish(table: Table, pupils: dict[Seat, Pupil]) -> None:
    while not current_hand(table).finished:
        seat = seat_to_act(table)
        if seat in pupils:
            hand_act(user=pupils[seat].user, table=table,
                     text=good_action(view_of(table, seat)))
        else:
            robot_act(table_id=table.id)


def _cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([A-Z0-9]{2})"', html))


def test_a_seated_pupil_sees_the_table_with_their_hand_at_the_bottom(
    table: Table, bob_client: Client
) -> None:
    response = bob_client.get(reverse("table", args=[table.id]))

    assert response.status_code == 200
    html = response.content.decode()
    own = set(view_of(table, Seat.SOUTH).hand)
    assert _cards(html) == own
    assert f'ws-connect="/ws/table/{table.id}/"' in html
    assert re.search(r'class="seat seat-bottom[^"]*" data-seat="S"', html)
    assert re.search(r'class="seat seat-top[^"]*" data-seat="N"', html)


def test_the_partner_sees_the_table_turned_round(table: Table, carol_client: Client) -> None:
    html = carol_client.get(reverse("table", args=[table.id])).content.decode()

    assert re.search(r'class="seat seat-bottom[^"]*" data-seat="N"', html)
    assert re.search(r'class="seat seat-left[^"]*" data-seat="E"', html)
    assert _cards(html) == set(view_of(table, Seat.NORTH).hand)


def test_every_card_has_a_screen_reader_label(table: Table, bob_client: Client) -> None:
    html = bob_client.get(reverse("table", args=[table.id])).content.decode()

    labels = re.findall(r'data-card="(\w\w)"[^>]*aria-label="([^"]+)"', html)
    assert len(labels) == 13
    for _code, label in labels:
        assert re.fullmatch(r"(Ace|King|Queen|Jack|\d+) of (spades|hearts|diamonds|clubs)", label)
    if "SA" in dict(labels):
        assert dict(labels)["SA"] == "Ace of spades"


@pytest.mark.parametrize("who", ["dave_client", "alice_client", "eve_client"])
def test_anyone_not_seated_at_the_table_gets_404(table: Table, who: str,
                                                 request: pytest.FixtureRequest) -> None:
    client = request.getfixturevalue(who)

    assert client.get(reverse("table", args=[table.id])).status_code == 404


def test_a_logged_out_visitor_is_sent_to_the_pupils_login(table: Table, visitor: Client) -> None:
    response = visitor.get(reverse("table", args=[table.id]))

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('pupil_login')}?next=/tables/{table.id}/"


def test_a_table_that_does_not_exist_is_404(bob_client: Client) -> None:
    assert bob_client.get(reverse("table", args=[999999])).status_code == 404


def test_practise_opens_a_table_for_the_pupil_in_south(bob: Pupil, bob_client: Client) -> None:
    response = bob_client.post(reverse("practice_start"))

    practice = Table.objects.get(practice_for=bob)
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[practice.id])
    assert practice.seats.get(seat="S").pupil == bob
    assert practice.options == bob.options == {"lesson": 3}


def test_practise_is_for_pupils_only(alice_client: Client) -> None:
    assert alice_client.post(reverse("practice_start")).status_code == 404


def test_practise_needs_a_post(bob_client: Client) -> None:
    assert bob_client.get(reverse("practice_start")).status_code == 405


def test_next_deal_deals_the_next_hand_once_the_hand_is_over(
    table: Table, bob: Pupil, carol: Pupil, bob_client: Client
) -> None:
    _finish(table, {Seat.SOUTH: bob, Seat.NORTH: carol})

    response = bob_client.post(reverse("table_next_hand", args=[table.id]), {"after": 1})

    assert response.status_code == 302
    assert current_hand(table).number == 2


def test_next_deal_over_htmx_answers_nothing_and_lets_the_socket_update(
    table: Table, bob: Pupil, carol: Pupil, bob_client: Client
) -> None:
    _finish(table, {Seat.SOUTH: bob, Seat.NORTH: carol})

    response = bob_client.post(reverse("table_next_hand", args=[table.id]), {"after": 1},
                               HTTP_HX_REQUEST="true")

    assert response.status_code == 204


def test_next_deal_before_the_end_says_why_not(table: Table, bob_client: Client) -> None:
    response = bob_client.post(reverse("table_next_hand", args=[table.id]), {"after": 1},
                               HTTP_HX_REQUEST="true")

    assert "Finish this hand" in response.content.decode()
    assert current_hand(table).number == 1


@pytest.mark.parametrize("after", ["", "x", "-1", "1; drop table"])
def test_next_deal_with_a_broken_form_changes_nothing(
    table: Table, bob_client: Client, after: str
) -> None:
    response = bob_client.post(reverse("table_next_hand", args=[table.id]), {"after": after},
                               HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert "out of date" in response.content.decode()
    assert table.hands.count() == 1


def test_play_it_again_deals_the_same_cards(
    table: Table, bob: Pupil, carol: Pupil, bob_client: Client
) -> None:
    _finish(table, {Seat.SOUTH: bob, Seat.NORTH: carol})
    first = current_hand(table)

    bob_client.post(reverse("table_replay", args=[table.id]), {"hand": first.id})

    again = current_hand(table)
    assert again.number == 2 and again.deal == first.deal and again.replay_of == first


@pytest.mark.parametrize("hand", ["", "abc", "999999"])
def test_play_it_again_of_a_hand_not_played_here_changes_nothing(
    table: Table, bob_client: Client, hand: str
) -> None:
    response = bob_client.post(reverse("table_replay", args=[table.id]), {"hand": hand},
                               HTTP_HX_REQUEST="true")

    assert "not played at this table" in response.content.decode()
    assert table.hands.count() == 1


def test_the_buttons_of_another_classs_table_are_404(table: Table, dave_client: Client) -> None:
    for name in ("table_next_hand", "table_replay"):
        assert dave_client.post(reverse(name, args=[table.id]), {"after": 1}).status_code == 404


def test_the_end_of_the_hand_shows_the_result_and_what_the_deal_could_make(
    table: Table, bob: Pupil, carol: Pupil, bob_client: Client
) -> None:
    _finish(table, {Seat.SOUTH: bob, Seat.NORTH: carol})
    # The table's seed is random: a 20-20 deal (Law 6) offers "Deal again" instead.
    while current_hand(table).result.get("redeal"):
        html = bob_client.get(reverse("table", args=[table.id])).content.decode()
        assert "Deal again" in html
        hand_next(table=table, after=current_hand(table).number, by=bob.user)
        _finish(table, {Seat.SOUTH: bob, Seat.NORTH: carol})

    html = bob_client.get(reverse("table", args=[table.id])).content.decode()

    assert "The hand is over." in html
    assert "Next deal" in html
    assert "Play it again" in html
    assert 'class="dd-table"' in html


def test_the_double_dummy_table_is_not_shown_before_the_end(
    table: Table, bob_client: Client
) -> None:
    html = bob_client.get(reverse("table", args=[table.id])).content.decode()

    assert "dd-table" not in html


def test_both_playings_of_a_deal_are_shown_side_by_side(
    table: Table, bob: Pupil, carol: Pupil, bob_client: Client
) -> None:
    pupils = {Seat.SOUTH: bob, Seat.NORTH: carol}
    _finish(table, pupils)
    first = current_hand(table)
    while first.result.get("redeal"):  # Law 6: dealt again, until a deal is played
        hand_next(table=table, after=first.number, by=bob.user)
        _finish(table, pupils)
        first = current_hand(table)
    hand_replay(table=table, hand=first, by=bob.user)
    _finish(table, pupils)

    html = bob_client.get(reverse("table", args=[table.id])).content.decode()

    assert "This deal, each time you played it" in html
    assert html.count('class="played') == 2




def test_two_handed_spades_is_played_at_the_same_kind_of_table(
    bob: Pupil, bob_client: Client
) -> None:
    spades = seat_table(bob.classroom, {Seat.SOUTH: bob}, game="spades2", options={})

    html = bob_client.get(reverse("table", args=[spades.id])).content.decode()

    assert "game-spades2" in html
    assert re.search(r'class="seat seat-bottom[^"]*" data-seat="S"', html)
    assert re.search(r'class="seat seat-top[^"]*" data-seat="N"', html)
    assert "seat-left" not in html and "seat-right" not in html
    assert _cards(html) == set(view_of(spades, Seat.SOUTH).hand)


def test_a_spades_game_plays_to_its_result_with_running_totals(
    bob: Pupil, bob_client: Client
) -> None:
    spades = seat_table(bob.classroom, {Seat.SOUTH: bob}, game="spades2", options={})
    _finish(spades, {Seat.SOUTH: bob})

    html = bob_client.get(reverse("table", args=[spades.id])).content.decode()

    assert "Game total" in html and "Next deal" in html
    assert "Play it again" not in html  # a game of Spades adds hands up: no replays
