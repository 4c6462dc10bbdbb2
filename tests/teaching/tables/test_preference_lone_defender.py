"""A Preference defender whose partner dropped out chooses: invite him, or play alone
(rules section 6). Both choices are buttons on his table, and "play alone" works.

The action "play alone" ends in a word that was once taken for a card's code: the
table then put it on no card and dropped its button, leaving only "Invite partner".
"""

from __future__ import annotations

import random
import re

import pytest

from games.registry import game_entry
from games.seats import Seat
from teaching.models import Pupil, Table
from teaching.tables import frames, selectors
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.acting import hand_act
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db
S, E, W = Seat.SOUTH, Seat.EAST, Seat.WEST


def _buttons(html: str) -> dict[str, str]:
    """The action buttons of a frame: action -> the words on the button."""
    return dict(re.findall(
        r'<button[^>]*name="action" value="([^"]+)"[^>]*>([^<]*)</button>', html))


def _to_a_lone_defender(three: dict[Seat, Pupil]) -> tuple[Table, Seat]:
    """Robots' bids and play until a hand's first defender defends and the second
    drops out; the table and the lone defender, whose turn it is."""
    robot = game_entry("preference").robot("beginner")
    for seed in range(60):
        rng = random.Random(seed)
        table = seat_table(three[S].classroom, three, game="preference",
                           options={"start": 30}, name=f"T{seed}")
        while True:
            game = hand_state(current_hand(table))
            if game.is_over():
                break
            seat = game.to_act()[0]
            view = game.view(seat)
            legal = list(view.legal)
            if legal == ["invite", "play alone"]:
                return table, seat
            if legal == ["defend", "drop out"]:
                action = "drop out" if game.decisions.get(game.defenders[0]) else "defend"
            else:
                action = robot.choose(view, rng)
            hand_act(table=table, user=three[seat].user, seat=seat, text=action,
                     version=game.version)
    raise AssertionError("no deal in 60 reached a lone defender")


def test_a_lone_defender_sees_both_invite_partner_and_play_alone(
        three: dict[Seat, Pupil]) -> None:
    table, seat = _to_a_lone_defender(three)

    html = str(frames.render_body(selectors.seat_view(table=table, seat=seat), table))

    buttons = _buttons(html)
    assert buttons.get("invite") == "Invite partner"
    assert buttons.get("play alone") == "Play alone"


def test_pressing_play_alone_makes_him_defend_alone_and_lays_his_partners_cards_down(
        three: dict[Seat, Pupil]) -> None:
    table, seat = _to_a_lone_defender(three)
    game = hand_state(current_hand(table))
    partner = next(d for d in game.defenders if d != seat)
    html = str(frames.render_body(selectors.seat_view(table=table, seat=seat), table))
    # What the button sends when he presses it.
    pressed = {words: action for action, words in _buttons(html).items()}["Play alone"]

    hand_act(table=table, user=three[seat].user, seat=seat, text=pressed,
             version=game.version)

    game = hand_state(current_hand(table))
    assert game.roles == {seat: "defends", partner: "out"}
    html = str(frames.render_body(selectors.seat_view(table=table, seat=seat), table))
    assert f"{seat.word} plays alone; {partner.word} lays his cards down." in html
    assert "play alone" not in _buttons(html)


def test_the_engine_puts_play_alone_on_no_card(three: dict[Seat, Pupil]) -> None:
    table, seat = _to_a_lone_defender(three)

    view = hand_state(current_hand(table)).view(seat)

    assert view.legal == ("invite", "play alone")
    assert dict(view.card_actions) == {}


def test_his_choices_are_explained_a_tap_away(three: dict[Seat, Pupil]) -> None:
    table, seat = _to_a_lone_defender(three)

    html = str(frames.render_body(selectors.seat_view(table=table, seat=seat), table))

    says = game_entry("preference").terms
    for word, label in (("invite", "Invite partner"), ("play alone", "Play alone")):
        assert (f'<details class="term"><summary>{label}</summary>'
                f'<span class="term-says" role="note">{says[word]}</span></details>') in html
