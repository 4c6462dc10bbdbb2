"""How templates name a game and its options: ``{{ classroom|game_words }}`` for anything
with ``game`` and ``options`` (a class, a table, a hand, a session)."""

from __future__ import annotations

from typing import Any

from django import template

from teaching.classes.games import GameChoiceError, describe, entry_of

register = template.Library()


@register.filter
def game_words(thing: Any) -> str:
    """The game and its options in words, as the registry entry describes them (for a
    pupil: the class's game with the pupil's options)."""
    game = getattr(thing, "game", None) or getattr(getattr(thing, "classroom", None), "game", "")
    return describe(game, getattr(thing, "options", None) or {})


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``{{ mapping|get_item:key }}``: a dict's value, for a key the template holds."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def game_words_title(thing: Any) -> str:
    """Just the title of the game ``thing`` plays."""
    name = getattr(thing, "game", "")
    try:
        return entry_of(name).title
    except GameChoiceError:
        return str(name)
