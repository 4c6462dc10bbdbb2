"""The Top Game at a table: each phase of a hand as a seat's frame shows it.

Three pupils play a hand through their own seats' views (as a robot would choose),
and every frame of every phase says whose turn it is and offers that pupil the
phase's buttons, the dummy stays hidden from the declarer until the opening lead,
and the end shows each player's score with the reason.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.registry import game_entry
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Pupil, Table, User
from teaching.tables import frames, selectors
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db
S, W, E = Seat.SOUTH, Seat.WEST, Seat.EAST


@pytest.fixture
def three(robins: Classroom, alice: User, bob: Pupil, carol: Pupil) -> dict[Seat, Pupil]:
    dora = classes.pupils_create(classroom=robins, names="Dora", by=alice)[0]
    return {S: bob, W: carol, E: dora}


def _frame(table: Table, seat: Seat) -> str:
    tv = selectors.seat_view(table=table, seat=seat)
    return str(frames.render_body(tv, table))


def _play_a_hand(table: Table, pupils: dict[Seat, Pupil], seed: int,
                 informer_right: bool = True) -> dict[str, list[str]]:
    """Play the table's hand through its pupils; the frames each phase showed the actor."""
    rng = random.Random(seed)
    robot = game_entry("topgame").robot("beginner")
    seen: dict[str, list[str]] = {}
    while True:
        hand = current_hand(table)
        game = hand_state(hand)
        if game.is_over():
            return seen
        seat = game.to_act()[0]
        view = game.view(seat)
        seen.setdefault(view.phase, []).append(_frame(table, seat))
        action = robot.choose(view, rng)
        hand_act(table=table, user=_pupil_at(table, seat).user, seat=seat, text=action,
                 version=game.version)


def test_each_phase_shows_whose_turn_and_its_own_buttons(three: dict[Seat, Pupil]) -> None:
    from teaching.tables.services.dealing import hand_next

    table = seat_table(three[S].classroom, three, game="topgame", options={"informer": "typed"})
    seen: dict[str, list[str]] = {}
    for seed in range(12):  # until a hand has gone through every phase
        for phase, pages in _play_a_hand(table, three, seed).items():
            seen.setdefault(phase, []).extend(pages)
        if {"play", "double", "inform"} <= set(seen):
            break
        hand_next(table=table, after=current_hand(table).number, by=three[S].user)
    assert "play" in seen
    assert 'value="bid 2"' in seen["bidding"][0] and "Your turn" in seen["bidding"][0]
    assert "Do you need to raise?" in seen["ask"][0]
    assert "keep" in seen["raise"][0]
    inform = seen["inform"][0]
    assert inform.count('name="arg"') == 3 and "Tell the table" in inform
    assert "Play number" in seen["contract"][0] and 'value="contract ' in seen["contract"][0]
    assert 'value="double"' in seen["double"][0]


def test_the_end_of_a_hand_shows_each_score_with_its_reason_and_the_sheet(
        three: dict[Seat, Pupil]) -> None:
    table = seat_table(three[S].classroom, three, game="topgame")
    _play_a_hand(table, three, 1)
    hand = current_hand(table)
    page = _frame(table, S)
    for line in hand.result["reasons"]:
        assert line.replace('"', "&#34;") in page or line in page
    assert "Sheet 1" in page and "Match total" in page


def test_the_declarer_sees_only_the_description_until_the_lead(
        three: dict[Seat, Pupil]) -> None:
    from teaching.tables.services.dealing import hand_next

    table = seat_table(three[S].classroom, three, game="topgame")
    robot = game_entry("topgame").robot("beginner")
    checked = 0
    for number in range(1, 9):
        rng = random.Random(number)
        while not (game := hand_state(current_hand(table))).is_over():
            if game.phase in ("contract", "double", "answer"):
                declarer = game.declarer
                dummy_cards = {str(c) for c in game.current_hands()[game.dummy]}
                shown = set(re.findall(r'data-card="(\w\w)"', _frame(table, declarer)))
                assert not shown & dummy_cards
                assert "Dummy" in _frame(table, declarer)  # its place, face down
                checked += 1
            seat = game.to_act()[0]
            hand_act(table=table, user=_pupil_at(table, seat).user, seat=seat,
                     text=robot.choose(game.view(seat), rng), version=game.version)
        if checked:
            return
        hand_next(table=table, after=current_hand(table).number, by=three[S].user)
    pytest.fail("no hand in eight reached the contract")


def test_a_form_of_several_boxes_sends_one_action_of_their_words() -> None:
    from teaching.tables.consumers import TableConsumer

    action, _, _ = TableConsumer._parse({"action": "inform", "arg": ["H", "6", 2]})

    assert action == "inform H 6 2"


def _pupil_at(table: Table, seat: Seat) -> Pupil | None:
    row = table.seats.filter(seat=seat.value).first()
    return row.pupil if row is not None else None


def test_after_six_hands_b_and_c_change_places_and_a_deals_the_seventh(
        three: dict[Seat, Pupil]) -> None:
    from teaching.tables.services.dealing import hand_next

    table = seat_table(three[S].classroom, three, game="topgame")
    bob, carol, dora = three[S], three[W], three[E]  # A deals first, B on his left, C right
    counted = 0
    while counted < 6:
        hand = current_hand(table)
        rng = random.Random(hand.number)
        robot = game_entry("topgame").robot("beginner")
        while not (game := hand_state(current_hand(table))).is_over():
            seat = game.to_act()[0]
            hand_act(table=table, user=_pupil_at(table, seat).user, seat=seat,
                     text=robot.choose(game.view(seat), rng), version=game.version)
        counted += bool(current_hand(table).result.get("counts", True))
        hand_next(table=table, after=hand.number, by=bob.user)

    dealer = Seat(current_hand(table).deal["dealer"])
    assert _pupil_at(table, dealer) == bob
    assert _pupil_at(table, dealer.lho) == dora  # C now on A's left
    assert _pupil_at(table, dealer.rho) == carol
    assert _pupil_at(table, dealer.partner) is None  # the dummy's place, nobody's


def test_when_the_dummy_goes_opposite_declarer_every_player_and_the_dummy_have_a_place(
        three: dict[Seat, Pupil]) -> None:
    from teaching.tables.services.dealing import hand_next

    table = seat_table(three[S].classroom, three, game="topgame")
    robot = game_entry("topgame").robot("beginner")
    for number in range(1, 9):
        rng = random.Random(number)
        while not (game := hand_state(current_hand(table))).is_over():
            if game.phase == "play" and game.play.tricks and any(
                    p != place for p, place in game.control.items()):
                for seat in game.players():
                    page = _frame(table, seat)
                    others = [p.name for s, p in _seated(table).items() if s != seat]
                    assert all(name in page for name in others), (seat, others)
                    assert "Dummy" in page
                return
            seat = game.to_act()[0]
            hand_act(table=table, user=_pupil_at(table, seat).user, seat=seat,
                     text=robot.choose(game.view(seat), rng), version=game.version)
        hand_next(table=table, after=current_hand(table).number, by=three[S].user)
    pytest.fail("no hand in eight had a declarer whose dummy moved")


def _seated(table: Table) -> dict[Seat, Pupil]:
    return {Seat(row.seat): row.pupil for row in table.seats.all()}


def test_the_how_to_page_explains_tops_the_informer_and_the_play_number(client: Any) -> None:
    from django.urls import reverse

    page = client.get(reverse("game_howto", args=["topgame"])).content.decode()

    assert "How to play the Top Game" in page
    for words in ("Do you need to raise?", "informer", "Play number = the final bid + dummy",
                  "B and C change places"):
        assert words in page


def test_the_sheet_page_shows_the_match_so_far_to_print(
        three: dict[Seat, Pupil], client: Any) -> None:
    from django.urls import reverse

    from teaching.tables.services.dealing import hand_next

    table = seat_table(three[S].classroom, three, game="topgame")
    _play_a_hand(table, three, 2)
    scores = current_hand(table).result["scores"]
    hand_next(table=table, after=current_hand(table).number, by=three[S].user)
    client.force_login(three[S].user)

    page = client.get(reverse("table_sheet", args=[table.id])).content.decode()

    assert "1 of 12 hands" in page and "Sheet 1" in page and "Print" in page
    assert f"{scores['S']:+d}" in page  # A's score of the first hand
    assert "This hand: <strong>A</strong>" in page


def test_the_teachers_view_shows_all_four_hands_in_every_phase(
        three: dict[Seat, Pupil]) -> None:
    table = seat_table(three[S].classroom, three, game="topgame")
    rng = random.Random(5)
    robot = game_entry("topgame").robot("beginner")
    while not (game := hand_state(current_hand(table))).is_over():
        page = frames.render_game(selectors.open_view(table=table))
        held = {str(c) for cards in game.current_hands().values() for c in cards}
        assert held <= set(re.findall(r'data-card="(\w\w)"', page)), game.phase
        seat = game.to_act()[0]
        hand_act(table=table, user=_pupil_at(table, seat).user, seat=seat,
                 text=robot.choose(game.view(seat), rng), version=game.version)
    assert "Result" in frames.render_game(selectors.open_view(table=table))
