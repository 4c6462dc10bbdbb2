"""Small filters the table templates use to show card vocabulary (suits, seats, action texts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

if TYPE_CHECKING:
    from teaching.selectors_tables import CardFace

register = template.Library()

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT", "N": "NT"}
_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trumps"}
_SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@register.filter
def suit_symbol(code: object) -> str:
    """``"S"`` -> ``"♠"``; ``"NT"`` stays ``"NT"``."""
    return _SUITS.get(str(code).upper(), str(code))


@register.filter
def suit_word(code: object) -> str:
    return _SUIT_WORDS.get(str(code).upper(), str(code))


@register.filter
def suit_colour(code: object) -> str:
    """The CSS class of a suit's colour: ``"suit-h"``."""
    return f"suit-{str(code).lower()}"


@register.filter
def seat_word(code: object) -> str:
    return _SEATS.get(str(code).upper(), str(code))


@register.filter
def words(text: object) -> list[str]:
    """An action text split into its words: ``"contract game NT"`` -> its three words."""
    return str(text).split()


@register.filter
def after(text: object, prefix: str) -> str:
    """What follows ``prefix`` in ``text`` (``"claim 4"|after:"claim "`` -> ``"4"``)."""
    text = str(text)
    return text[len(prefix):] if text.startswith(prefix) else ""


@register.filter
def starting(actions: object, prefix: str) -> list[str]:
    """The actions that start with ``prefix``."""
    return [a for a in (actions or []) if str(a).startswith(prefix)]  # type: ignore[attr-defined]


@register.filter
def get(mapping: object, key: object) -> object:
    """``mapping[key]`` in a template, or ``None``."""
    if isinstance(mapping, dict):
        return mapping.get(key, mapping.get(str(key)))
    return None


@register.filter
def sum_by(results: object, key: str) -> dict[str, int]:
    """Add up ``result[key][seat]`` over a list of results: running totals per seat."""
    totals: dict[str, int] = {}
    for result in results or []:  # type: ignore[attr-defined]
        for seat, value in ((result or {}).get(key) or {}).items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                totals[seat] = totals.get(seat, 0) + int(value)
    return totals


@register.filter
def card_label(code: object) -> str:
    """What a screen reader says for a card: ``"SA"`` -> ``"Ace of spades"``."""
    from teaching.selectors_tables import card_face

    return card_face(str(code)).label


@register.simple_tag
def card(face: CardFace, dim: bool = False) -> SafeString:
    """One card: a button that plays it when it may be played now, else a labelled
    picture, dimmed while the player chooses another. Written in Python rather than
    as an included template: a table shows dozens of cards in every update."""
    code, label = escape(face.code), escape(face.label)
    if face.action:
        return mark_safe(
            f'<button type="button" class="card playable" data-card="{code}" '
            f'aria-label="{label}" name="action" value="{escape(face.action)}" ws-send></button>'
        )
    dimmed = " dim" if dim else ""
    return mark_safe(
        f'<span class="card{dimmed}" data-card="{code}" role="img" aria-label="{label}"></span>'
    )
