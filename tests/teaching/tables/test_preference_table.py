"""Preference at a table: each phase as a seat's frame shows it, the sheet after a hand,
and the refas a passed-out hand leaves carried into the table's next hand.

Three pupils play through their own seats' views (as a robot would choose): every frame
says whose turn it is and offers that pupil the phase's buttons in words ("Two",
"Pass"); the end of a hand shows what changed on the sheet and why, and the sheet.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from games.registry import game_entry
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables import frames, selectors
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_next
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db
S, E, W = Seat.SOUTH, Seat.EAST, Seat.WEST


def _frame(table: Table, seat: Seat) -> str:
    tv = selectors.seat_view(table=table, seat=seat)
    return str(frames.render_body(tv, table))


def _play_a_hand(table: Table, pupils: dict[Seat, Pupil], seed: int,
                 choose: object = None) -> dict[str, list[str]]:
    """Play the table's hand through its pupils; the frames each phase showed the actor."""
    rng = random.Random(seed)
    robot = game_entry("preference").robot("beginner")
    seen: dict[str, list[str]] = {}
    while True:
        game = hand_state(current_hand(table))
        if game.is_over():
            return seen
        seat = game.to_act()[0]
        view = game.view(seat)
        seen.setdefault(view.phase, []).append(_frame(table, seat))
        action = choose(view) if callable(choose) else robot.choose(view, rng)
        hand_act(table=table, user=pupils[seat].user, seat=seat, text=action,
                 version=game.version)


def _buttons(html: str) -> list[str]:
    return re.findall(r'<button[^>]*name="action" value="([^"]+)"', html)


def test_each_phase_says_whose_turn_and_offers_its_buttons_in_words(
        three: dict[Seat, Pupil]) -> None:
    seen: dict[str, list[str]] = {}
    # Six hands at least, and on until one was played out: the deals are the tables' own
    # (random), and a hand whose defenders both pass is over before any card is played.
    for seed in range(40):
        table = seat_table(three[S].classroom, three, game="preference",
                           options={"start": 30}, name=f"T{seed}")
        for phase, shown in _play_a_hand(table, three, seed).items():
            seen.setdefault(phase, []).extend(shown)
        if seed >= 5 and "play" in seen:
            break

    assert {"auction", "exchange", "contract", "play"} <= set(seen)
    for html in seen["auction"]:
        assert "Your turn" in html
        assert "pass" in _buttons(html)
        assert ">Pass</button>" in html
    assert any(">Two</button>" in html for html in seen["auction"])
    for html in seen["exchange"]:
        # The word is explained a tap away (ENTRY.terms).
        assert 'The <details class="term"><summary>talon</summary>' in html
        assert game_entry("preference").terms["talon"] in html
        assert any(b.startswith("discard ") for b in _buttons(html))
    for html in seen["contract"]:
        assert "Your discards (only you see them)" in html
        assert any(b.startswith("contract ") for b in _buttons(html))
    for html in seen["play"]:
        assert any(b.startswith("play ") for b in _buttons(html))


def test_the_end_of_a_hand_shows_what_changed_on_the_sheet_and_why(
        three: dict[Seat, Pupil]) -> None:
    table = seat_table(three[S].classroom, three, game="preference", options={"start": 30})
    _play_a_hand(table, three, seed=2)

    html = _frame(table, S)

    assert "The hand is over" in html
    assert 'aria-label="What changed on the sheet"' in html
    assert 'aria-label="The scoresheet"' in html
    for seat in "SEW":
        assert f'data-sheet-seat="{seat}"' in html
    assert "Next deal" in html


def test_a_passed_out_hand_deals_the_next_with_everyones_refa_waiting(
        three: dict[Seat, Pupil]) -> None:
    table = seat_table(three[S].classroom, three, game="preference", options={"start": 60})
    _play_a_hand(table, three, seed=0, choose=lambda view: "pass")
    first = current_hand(table)
    assert first.result["passed_out"]

    hand_next(table=table, after=first.number, by=three[S].user)

    second = current_hand(table)
    assert second.number == 2
    assert second.options["start"] == 60
    assert second.options["refas"] == {"S": 1, "E": 1, "W": 1}
    assert "Refas waiting" in _frame(table, S)


def test_the_sheet_page_shows_the_game_so_far_to_a_player_of_the_table(
        three: dict[Seat, Pupil], client: Client, alice: User) -> None:
    table = seat_table(three[S].classroom, three, game="preference", options={"start": 30})
    _play_a_hand(table, three, seed=2)
    client.force_login(three[S].user)

    page = client.get(f"/tables/{table.id}/sheet/")

    assert page.status_code == 200
    text = page.content.decode()
    assert "Scoresheet · " in text and 'aria-label="The scoresheet"' in text
    for seat in "SEW":
        assert f'data-sheet-seat="{seat}"' in text
    assert "The last hand (hand 1)" in text
    assert "data-print" in text


def test_a_game_without_a_sheet_and_a_stranger_get_no_sheet_page(
        three: dict[Seat, Pupil], client: Client, robins: Classroom) -> None:
    bridge = seat_table(robins, {S: three[S]}, name="Bridge")
    preference = seat_table(robins, {S: three[S]}, game="preference", options={"start": 30},
                            name="Pref")
    client.force_login(three[S].user)
    assert client.get(f"/tables/{bridge.id}/sheet/").status_code == 404

    client.force_login(three[E].user)
    assert client.get(f"/tables/{preference.id}/sheet/").status_code == 404


def test_the_teachers_open_view_renders_every_phase_with_every_hand_open(
        three: dict[Seat, Pupil]) -> None:
    table = seat_table(three[S].classroom, three, game="preference", options={"start": 30})
    rng = random.Random(4)
    robot = game_entry("preference").robot("beginner")
    phases = set()
    while True:
        game = hand_state(current_hand(table))
        tv = selectors.open_view(table=table)
        html = str(frames.render_game(tv))
        phases.add(game.phase)
        assert "game-preference" in html
        if game.is_over():
            break
        seat = game.to_act()[0]
        hand_act(table=table, user=three[seat].user, seat=seat,
                 text=robot.choose(game.view(seat), rng), version=game.version)
    assert "auction" in phases and "over" in phases


def test_a_class_on_preference_is_seated_three_to_a_table_robots_filling_and_watched(
        robins: Classroom, alice: User, alice_client: Client, bob: Pupil, carol: Pupil) -> None:
    from teaching.classes.services import classroom_set_game
    from teaching.teacher.services import tables_seat_class

    classes.pupils_create(classroom=robins, names="Dora\nEd", by=alice)
    classroom_set_game(classroom=robins, game="preference", options={"start": 30}, by=alice)

    seated = tables_seat_class(classroom=robins, by=alice)

    tables = list(seated.tables)
    assert len(tables) == 2
    rows = [sorted((s.seat, s.pupil_id is None) for s in t.seats.all()) for t in tables]
    assert all([seat for seat, _ in row] == ["E", "S", "W"] for row in rows)
    robots = sum(robot for row in rows for _, robot in row)
    assert robots == 2  # four pupils: three at one table, one with two robots at the other
    for table in tables:
        watch = alice_client.get(f"/tables/{table.id}/watch/")
        assert watch.status_code == 200
        assert "game-preference" in watch.text
    assert alice_client.get(f"/classes/{robins.id}/wall/").status_code == 200
