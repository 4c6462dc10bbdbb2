"""The HTML of cards, seats and the trick, written in Python rather than in templates: every
frame of every game shows dozens of cards, four seats and a trick (teaching.tables.frames),
and a Jinja macro call with its context costs several times the few string joins it makes.

What they write is what the table templates would: the values escaped as the templates
escape them (:func:`teaching.runtime.markup.escaped`), in ASCII
(docs/decisions/0890-a-frame-in-ascii.md); tests/teaching/tables/test_card_html.py shows
each kind of seat and trick.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.seats import WORD_OF_LETTER
from teaching.runtime.markup import escaped, in_ascii

if TYPE_CHECKING:
    from teaching.tables.selectors import CardFace, Place, TableView


def card(face: CardFace, dim: bool = False) -> SafeString:
    """One card: a button that plays it when it may be played now, else a labelled
    picture, dimmed while the player chooses another."""
    key = (face, bool(dim))
    html = _CARDS.get(key)
    if html is None:
        code, label = escape(face.code), escape(face.label)
        if face.action:
            html = mark_safe(
                f'<button type="button" class="card playable" data-card="{code}" '
                f'aria-label="{label}" name="action" value="{escape(face.action)}" ws-send>'
                f'</button>')
        else:
            dimmed = " dim" if dim else ""
            html = mark_safe(
                f'<span class="card{dimmed}" data-card="{code}" role="img" aria-label="{label}">'
                f'</span>')
        if len(_CARDS) > 4096:  # a few games' cards, labels and play actions: never reached
            _CARDS.clear()
        _CARDS[key] = html
    return html


def cards(faces: Iterable[CardFace], dim: bool = False) -> SafeString:
    """Several cards in a row (a hand, a suit of it): one call for the lot. A seat view's
    hand and suit rows are tuples shared by every frame that shows them
    (teaching.tables.selectors._hand_faces): their HTML is made once."""
    if isinstance(faces, tuple):
        return _row(faces, bool(dim))
    return mark_safe("".join([card(face, dim) for face in faces]))


@lru_cache(maxsize=8192)  # more hands than a process's tables show at once
def _row(faces: tuple[CardFace, ...], dim: bool) -> SafeString:
    """:func:`cards` of a tuple of faces, kept."""
    return mark_safe("".join([card(face, dim) for face in faces]))


#: card()'s HTML per (face, dim): the same few hundred strings in every frame.
_CARDS: dict[tuple[CardFace, bool], SafeString] = {}


def seat(place: Place, tv: TableView, extra: str, where: str) -> str:
    """A seat's name tag and hand, as the page lays it out at ``where`` (its side on the
    screen: frames.seat_html puts a mark there for the HTML it shares between sides).
    "to_act" makes whose turn it is obvious ("your turn" only when the viewer acts:
    dummy's pupil watches declarer play from their hand); ``extra``, the player's part
    in the hand ("declarer"), follows the name. The cards if this viewer may see them,
    else the backs: a bottom seat's in a row, a side's in a row a suit."""
    word = escaped(place.word)
    to_act = place.to_act
    shown = place.cards
    tag = (f'\n<div class="seat seat-{escaped(where)}{" turn" if to_act else ""}'
           f'{" open" if shown is not None and not place.is_viewer else ""}" '
           f'data-seat="{escaped(place.seat)}">\n'
           f'  <div class="seat-tag">\n'
           f'    <span class="seat-word">{word}</span>\n'
           f'    <span class="seat-name">{escaped(place.name)}'
           f'{_PART + escaped(extra) if extra else ""}</span>\n'
           f'    {_turn_mark(place, tv) if to_act else ""}\n'
           f'  </div>\n  \n  ')
    choosing = " choosing" if tv.can_play else ""
    if shown is None:
        count = place.count
        backs = (f'<span class="card back" aria-hidden="true"></span>'
                 f'<span class="count">{count}</span>' if count else "")
        hand = (f'\n    <div class="hand closed" aria-label="{word} holds {count} '
                f'card{"" if count == 1 else "s"}">\n      {backs}\n    </div>\n  ')
    elif where == "bottom":
        whose = "Your cards" if place.is_viewer else f"{word}'s cards"
        # The row made of the suits' rows, each kept (:func:`_row`): after a card only the
        # suit it left is made again, not the whole hand (the same cards, in the same order).
        dim = bool(tv.can_play)
        row = ("".join([_row(faces, dim) for _suit, faces in place.suits])
               if place.suits else cards(shown, dim)) if shown else _NO_CARDS
        hand = (f'\n    <div class="hand row{choosing}" role="group" aria-label="{whose}">\n'
                f'      {row}\n    </div>\n  ')
    else:
        rows = "".join([f'<div class="suit-row">{cards(faces, tv.can_play)}</div>'
                        for _suit, faces in place.suits]) or _NO_CARDS
        hand = (f'\n    <div class="hand suits{choosing}" role="group" '
                f'aria-label="{word}\'s cards">\n      {rows}\n    </div>\n  ')
    return f"{tag}{hand}\n</div>\n"


def _turn_mark(place: Place, tv: TableView) -> str:
    mine = place.is_viewer and tv.my_turn
    return f'<span class="turn-mark">{"your turn" if mine else "to play"}</span>'


#: Between a player's name and his part in the hand: " · ".
_PART = in_ascii(" \N{MIDDLE DOT} ")
_NO_CARDS = '<span class="no-cards">No cards</span>'


def trick(wheres: Mapping[str, str], trick: Mapping[str, CardFace],
          last_trick: Mapping[str, CardFace], winner: str | None, over: bool) -> str:
    """The current trick in the middle of the table, each card in front of its player, and
    the last trick behind a "Last trick" button (or, once the hand is over, the last trick
    alone). ``wheres``: where each seat's slot goes on the viewer's screen, by seat letter
    in the order N, E, S, W (frames.trick_html puts a mark there, so that the seats hearing
    a card share one rendering); ``trick`` and ``last_trick``: the faces by seat letter."""
    won_by = WORD_OF_LETTER.get(winner, winner) if winner else ""
    if over and last_trick:
        won = f'<p class="won-by">The last trick, won by {won_by}</p>' if winner else ""
        return (f'\n\n<div class="last-trick-box">\n  <div class="last-trick">\n'
                f'    <div class="trick small" aria-label="The last trick">\n'
                f'      {_slots(wheres, last_trick)}\n    </div>\n    {won}\n  </div>\n'
                f'</div>\n\n')
    html = (f'\n\n<div class="trick" aria-label="Cards on the table">\n'
            f'  {_slots(wheres, trick)}\n</div>\n')
    if last_trick:
        won = f'<p class="won-by">Won by {won_by}</p>' if winner else ""
        html += (f'\n<div class="last-trick-box">\n'
                 f'  <button type="button" class="button small peek" data-peek '
                 f'aria-expanded="false" aria-controls="last-trick">Last trick</button>\n'
                 f'  <div id="last-trick" class="last-trick" hidden>\n'
                 f'    <div class="trick small" aria-label="The last trick">\n'
                 f'      {_slots(wheres, last_trick)}\n    </div>\n    {won}\n  </div>\n'
                 f'</div>\n')
    return html + "\n\n"


def _slots(wheres: Mapping[str, str], faces: Mapping[str, CardFace]) -> str:
    return "".join([f'<div class="slot slot-{escaped(where)}">'
                    f'{card(faces[seat]) if faces.get(seat) else ""}</div>'
                    for seat, where in wheres.items()])

