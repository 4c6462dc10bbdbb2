"""The card vocabulary of the table templates (suits, seats, action texts), and the tags
that put the Jinja-rendered table (teaching.tables.frames) into the Django pages.

The filters are plain functions: the Jinja environment (teaching.runtime.jinja) registers them
for the table templates under templates/jinja2/, which are the only templates using them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.seats import WORD_OF_LETTER

if TYPE_CHECKING:
    from teaching.tables.selectors import TableView

register = template.Library()

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT", "N": "NT"}
_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trumps"}


def suit_symbol(code: object) -> str:
    """``"S"`` -> ``"♠"``; ``"NT"`` stays ``"NT"``."""
    return _SUITS.get(str(code).upper(), str(code))


def suit_word(code: object) -> str:
    return _SUIT_WORDS.get(str(code).upper(), str(code))


def suit_colour(code: object) -> str:
    """The CSS class of a suit's colour: ``"suit-h"``."""
    return f"suit-{str(code).lower()}"


def seat_word(code: object) -> str:
    return WORD_OF_LETTER.get(str(code).upper(), str(code))


def words(text: object) -> list[str]:
    """An action text split into its words: ``"contract game NT"`` -> its three words."""
    return str(text).split()


def after(text: object, prefix: str) -> str:
    """What follows ``prefix`` in ``text`` (``"claim 4"|after("claim ")`` -> ``"4"``)."""
    text = str(text)
    return text[len(prefix):] if text.startswith(prefix) else ""


def starting(actions: object, prefix: str) -> list[str]:
    """The actions that start with ``prefix``."""
    return [a for a in (actions or []) if str(a).startswith(prefix)]  # type: ignore[attr-defined]


def get(mapping: object, key: object) -> object:
    """``mapping[key]`` in a template, or ``None``."""
    if isinstance(mapping, dict):
        return mapping.get(key, mapping.get(str(key)))
    return None


def sum_by(results: object, key: str) -> dict[str, int]:
    """Add up ``result[key][seat]`` over a list of results: running totals per seat."""
    totals: dict[str, int] = {}
    for result in results or []:  # type: ignore[attr-defined]
        for seat, value in ((result or {}).get(key) or {}).items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                totals[seat] = totals.get(seat, 0) + int(value)
    return totals


def card_label(code: object) -> str:
    """What a screen reader says for a card: ``"SA"`` -> ``"Ace of spades"``."""
    from teaching.tables.selectors import card_face

    return card_face(str(code)).label


def card_words(code: object) -> str:
    """A card code as a child reads it: ``"HQ"`` -> ``"the queen of hearts"``."""
    from games.cards import card_words as say

    return say(code)


def cards_short(codes: object) -> str:
    """Card codes as a score card writes them: ``["HA", "HQ"]`` -> ``"A♥ Q♥"``."""
    from games.cards import cards_short as say

    if isinstance(codes, str):
        codes = codes.split()
    return say(codes or ())  # type: ignore[arg-type]


@register.simple_tag
def term(game: object, word: object, shown: object = None) -> SafeString:
    """A game's word with its one-sentence explanation a tap away (``GameEntry.terms``):
    ``term(game, "talon")``. A word the game does not explain is the word."""
    return _term(str(game), str(word), str(shown if shown is not None else word))


@lru_cache(maxsize=1024)
def _term(game: str, word: str, text: str) -> SafeString:
    """:func:`term`'s HTML, made once: a game's words and their sentences do not change,
    and a frame may show a dozen of them."""
    from games.registry import UnknownGameError, game_entry

    try:
        terms = game_entry(game).terms
    except UnknownGameError:
        terms = {}
    says = terms.get(word) or terms.get(word.lower())
    if not says:
        return mark_safe(escape(text))
    return mark_safe(f'<details class="term"><summary>{escape(text)}</summary>'
                     f'<span class="term-says" role="note">{escape(says)}</span></details>')


@register.filter
def trick_line(trick: object) -> str:
    """A trick in words and short cards: "North Q♥, East 3♥, South A♥, West 2♥"
    (teaching.tables.trick_words), for the teacher's trick log: ``{{ trick|trick_line }}``."""
    from teaching.tables.trick_words import trick_line as say

    return say(trick)  # type: ignore[arg-type]


@register.filter
def trick_winner(trick: object) -> str:
    """The seat that won a trick, in words: ``{{ trick|trick_winner }}`` -> "South"."""
    from teaching.tables.trick_words import trick_winner as say

    return say(trick)  # type: ignore[arg-type]


#: The filters the table templates use (teaching.runtime.jinja registers them).
FILTERS = {f.__name__: f for f in (suit_symbol, suit_word, suit_colour, seat_word, words, after,
                                   starting, get, sum_by, card_label, card_words,
                                   cards_short, trick_line, trick_winner)}


# -- the Jinja-rendered table inside the Django pages --------------------------------

@register.simple_tag
def table_messages(error: str = "") -> SafeString:
    """The ``#table-messages`` region (teaching.tables.frames.render_messages)."""
    from teaching.tables import frames

    return mark_safe(frames.render_messages(error))


@register.simple_tag
def table_body(tv: TableView | None, table: Any) -> SafeString:
    """The ``#table-body`` region (teaching.tables.frames.render_body)."""
    from teaching.tables import frames

    return mark_safe(frames.render_body(tv, table))


@register.simple_tag
def table_game(tv: TableView) -> SafeString:
    """The game's own part of the table (``tv.template``), as the teacher's watch shows it."""
    from teaching.tables import frames

    return mark_safe(frames.render_game(tv))
