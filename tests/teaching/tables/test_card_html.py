"""A seat as the table shows it (teaching.tables.card_html.seat): written in Python for every
frame's four seats, it must say what the page says: whose turn, the player's name as typed,
the viewer's cards as buttons when he may play them, and another's only as backs.
Every game's frames along playouts go through it too (test_kept_pieces.py)."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace
from typing import Any

from teaching.tables import card_html, frames
from teaching.tables.card_html import seat
from teaching.tables.card_html import trick as trick_html
from teaching.tables.selectors import Place, card_face


def _place(**fields: object) -> Place:
    defaults: dict[str, object] = dict(
        seat="N", word="North", where="top", name="Robot", is_robot=True, is_viewer=False,
        cards=None, count=13, to_act=False, suits=())
    return Place(**{**defaults, **fields})  # type: ignore[arg-type]


def _table(*, can_play: bool = False, my_turn: bool = False) -> Any:
    """What a seat reads of the table's view: whether the viewer may play, and acts now."""
    return SimpleNamespace(can_play=can_play, my_turn=my_turn)


def test_a_closed_hand_shows_its_backs_and_how_many_cards_it_holds() -> None:
    shown = seat(_place(count=5, to_act=True), _table(), "", "top")

    assert shown == (
        '\n<div class="seat seat-top turn" data-seat="N">\n'
        '  <div class="seat-tag">\n'
        '    <span class="seat-word">North</span>\n'
        '    <span class="seat-name">Robot</span>\n'
        '    <span class="turn-mark">to play</span>\n'
        '  </div>\n  \n  \n'
        '    <div class="hand closed" aria-label="North holds 5 cards">\n'
        '      <span class="card back" aria-hidden="true"></span><span class="count">5</span>\n'
        '    </div>\n  \n'
        '</div>\n')
    assert 'data-card="' not in shown, "no card of a closed hand reaches the page"


def test_one_card_is_one_card_and_an_empty_hand_shows_no_backs() -> None:
    assert 'aria-label="North holds 1 card"' in seat(_place(count=1), _table(), "", "left")
    empty = seat(_place(count=0), _table(), "", "left")
    assert 'aria-label="North holds 0 cards"' in empty
    assert "card back" not in empty


def test_the_viewers_own_hand_is_a_row_of_buttons_on_his_turn() -> None:
    faces = (card_face("SA", action="play SA"), card_face("S7", action="play S7"))
    mine = _place(seat="S", word="South", where="bottom", name="You", is_robot=False,
                  is_viewer=True, cards=faces, count=2, to_act=True)

    shown = seat(mine, _table(can_play=True, my_turn=True), "", "bottom")

    assert '<span class="turn-mark">your turn</span>' in shown
    assert 'class="hand row choosing" role="group" aria-label="Your cards"' in shown
    assert shown.count('class="card playable"') == 2
    assert 'value="play SA"' in shown
    assert " open" not in shown, "his own hand is not another's hand laid open"


def test_an_empty_bottom_hand_says_so() -> None:
    mine = _place(seat="S", word="South", where="bottom", is_viewer=True, cards=(), count=0)
    assert '<span class="no-cards">No cards</span>' in seat(mine, _table(), "", "bottom")


def test_dummy_at_the_side_is_laid_open_a_row_a_suit() -> None:
    hearts = (card_face("HK"), card_face("H2"))
    clubs = (card_face("C9"),)
    dummy = _place(seat="N", word="North", where="top", name="Dummy", cards=hearts + clubs,
                   count=3, suits=(("H", hearts), ("C", clubs)))

    shown = seat(dummy, _table(), "", "top")

    assert 'class="seat seat-top open"' in shown
    assert 'class="hand suits" role="group" aria-label="North\'s cards"' in shown
    assert shown.count('<div class="suit-row">') == 2
    assert 'aria-label="King of hearts"' in shown


def test_a_name_is_shown_as_typed_escaped_and_in_ascii_with_the_players_part() -> None:
    named = _place(name="Zoë O'Neil <b>", is_robot=False)

    shown = seat(named, _table(), "declarer", "left")

    assert shown.isascii()
    assert "<b>" not in shown
    name = shown.split('<span class="seat-name">')[1].split("</span>")[0]
    assert html.unescape(name) == "Zoë O'Neil <b> · declarer"


def test_the_trick_shows_each_card_in_front_of_its_player_and_the_last_trick_on_demand() -> None:
    wheres = {"N": "top", "E": "right", "S": "bottom", "W": "left"}
    trick = {"N": card_face("SA")}
    last = {seat: card_face(code) for seat, code in zip("NESW", ("HK", "H2", "HA", "H5"),
                                                         strict=True)}

    shown = trick_html(wheres, trick, last, "S", False)

    on_the_table = shown.split('class="last-trick-box"')[0]
    slots = dict(re.findall(r'<div class="slot slot-(\w+)">(.*?)</div>', on_the_table))
    assert 'data-card="SA"' in slots["top"] and slots["bottom"] == ""
    assert 'data-peek aria-expanded="false"' in shown, "the last trick is behind a button"
    assert "<p class=\"won-by\">Won by South</p>" in shown


def test_at_the_hand_s_end_the_last_trick_is_shown_with_its_winner() -> None:
    wheres = {"N": "top", "E": "right", "S": "bottom", "W": "left"}
    last = {"N": card_face("C2"), "E": card_face("CA")}

    shown = trick_html(wheres, {}, last, "E", True)

    assert "Cards on the table" not in shown and "data-peek" not in shown
    assert "The last trick, won by East" in shown
    assert shown.count('data-card="') == 2


def test_the_warm_up_makes_every_card_a_game_shows_before_the_first_hand() -> None:
    """teaching.runtime.warm_up makes every card's HTML, face down or to be played, so the
    first cards of the first hands after a start make none."""
    assert frames.warm_cards() == 52 * 2 * 2
    made = len(card_html._CARDS)

    for code in ("SA", "H2", "DT", "CK"):
        for action in ("", f"play {code}"):
            card_html.card(card_face(code, action=action), dim=action == "")

    assert len(card_html._CARDS) == made
