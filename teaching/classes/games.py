"""What the site knows of a game: only what the game's registry entry says of itself.

A class, a table, a practice table, a session and a league name a game and its
options; the pages describe them, the seating fills their seats and the robots'
levels are offered from the entry (``games.registry``), so a new game is
playable here as soon as it is registered. No module of the site names a game
(tests/teaching/test_no_game_named.py; docs/decisions/0140-a-class-names-its-game.md).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games.protocol import HandResult, Standing
from games.registry import GameEntry, UnknownGameError, VariantEntry, catalogue, game_entry
from games.seats import Seat


class GameChoiceError(ValueError):
    """A game or options the registry refuses; ``message`` is what the teacher reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def games() -> list[GameEntry]:
    """Every registered game, in the order the site lists them."""
    return list(catalogue())


def entry_of(name: str) -> GameEntry:
    try:
        return game_entry(name)
    except UnknownGameError:
        known = ", ".join(entry.title for entry in catalogue())
        raise GameChoiceError(f"There is no game called {name!r} here (the games: {known}).")\
            from None


def checked_options(name: str, options: object) -> dict[str, Any]:
    """``options`` for game ``name`` if its entry accepts them, else :class:`GameChoiceError`
    saying why: a value outside an option's choices, or rules the game refuses
    (``entry.rules(**options)`` is the judge)."""
    entry = entry_of(name)
    if not isinstance(options, Mapping) or not all(isinstance(key, str) for key in options):
        raise GameChoiceError(f"{entry.title}: the options are a set of named choices.")
    for option in entry.options:
        if option.key in options and not is_choice(options[option.key], option.choices):
            labels = "; ".join(label for _, label in option.choices)
            raise GameChoiceError(f"{entry.title}: {option.title} is one of: {labels}.")
    try:
        entry.rules(**options)
    except (TypeError, ValueError) as exc:
        raise GameChoiceError(f"{entry.title} cannot be played that way: {exc}") from None
    try:
        json.dumps(dict(options))
    except (TypeError, ValueError):
        raise GameChoiceError(f"{entry.title}: those options cannot be stored.") from None
    return dict(options)


def choice_values(choices: Sequence[tuple[Any, str]]) -> list[Any]:
    return [value for value, _ in choices]


def is_choice(value: object, choices: Sequence[tuple[Any, str]]) -> bool:
    # True == 1 in Python: compare a choice's type too, so a flag is never a number.
    return any(value == v and type(value) is type(v) for v, _ in choices)


def with_defaults(entry: GameEntry, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with every option the entry describes filled in with its default."""
    return {**{option.key: option.default for option in entry.options}, **options}


def variant_of(entry: GameEntry, options: Mapping[str, Any]) -> VariantEntry | None:
    """The entry's named variant that is exactly these options, if one is."""
    wanted = with_defaults(entry, options)
    for variant in entry.variants:
        if with_defaults(entry, variant.options) == wanted:
            return variant
    return None


def describe(name: str, options: Mapping[str, Any]) -> str:
    """How a page names a game and its options: the variant's title when the options
    are one of the entry's variants, else the game's title and each option set away
    from its default, e.g. "Whist · Game limit: 500"."""
    try:
        entry = game_entry(name)
    except UnknownGameError:
        return name
    # Only what a teacher chooses names a game: a hand's options may also carry what a
    # game passes from one hand to the next (refas waiting), which is no choice of hers.
    known = {option.key for option in entry.options} | {
        key for variant in entry.variants for key in variant.options}
    options = {key: value for key, value in options.items() if key in known}
    variant = variant_of(entry, options)
    if variant is not None:
        return variant.title if entry.title in variant.title else \
            f"{entry.title} · {variant.title}"
    parts = [entry.title]
    for option in entry.options:
        value = options.get(option.key, option.default)
        if value != option.default:
            label = next((label for v, label in option.choices if v == value), str(value))
            parts.append(f"{option.title}: {label}")
    shown = {option.key for option in entry.options}
    parts += [f"{key}: {value}" for key, value in options.items() if key not in shown]
    return " · ".join(parts)


def options_order(entry: GameEntry, options: Mapping[str, Any]) -> tuple[int, ...]:
    """Where ``options`` come in the entry's own order: by the place of each option's
    value among its choices, then by the place of its variant. The seating puts a
    table whose pupils differ at the options that come first (the earliest lesson),
    so nobody meets what they have not been taught yet."""
    full = with_defaults(entry, options)
    values_by_option, variants = _orders(entry.name)
    places = []
    for option, values in zip(entry.options, values_by_option, strict=True):
        value = full.get(option.key)
        places.append(values.index(value) if value in values else len(values))
    places.append(variants.index(full) if full in variants else len(variants))
    return tuple(places)


@cache
def _orders(name: str) -> tuple[tuple[list[Any], ...], tuple[dict[str, Any], ...]]:
    """What :func:`options_order` compares with, for game ``name``: each option's values in
    order, and each variant's options in full. Worked out once: every "Next deal" orders its
    pupils' options (a class on a game of six lessons: each lesson filled in with the
    defaults, for each pupil)."""
    entry = game_entry(name)
    return (tuple(choice_values(option.choices) for option in entry.options),
            tuple(with_defaults(entry, v.options) for v in entry.variants))


def robot_levels(name: str) -> tuple[str, ...]:
    """The levels of the game's robots, weakest first (empty: no robot plays it, or no
    such game is registered)."""
    try:
        entry = game_entry(name)
    except UnknownGameError:
        return ()
    return tuple(entry.robots.levels) if entry.robots is not None else ()


def fill_order(name: str, players: Sequence[Seat]) -> list[Seat]:
    """The seats of ``players`` in the order the site fills them with pupils: the entry's
    own order (partners first, so two pupils with robots play together), then any
    player it does not list."""
    listed = [Seat(seat) for seat in entry_of(name).seats]
    return [s for s in listed if s in players] + [s for s in players if s not in listed]


def howto_template(name: str, page: str = "index") -> str | None:
    """The game's own "how to play" page, ``games/<name>/howto/<page>.html``, if it
    has one (a game adds its pages by adding templates).

    Only the pages a game could have are looked for: its index and one per variant of
    its entry (a lesson's). A name from an address is compared with those, never made
    into a file name, so a name the file system refuses (255 characters or more, odd
    characters) is a page the game does not have rather than a server error."""
    try:
        entry = game_entry(name)
    except UnknownGameError:
        return None
    if page != "index" and page not in (variant.key for variant in entry.variants):
        return None
    template = f"games/{name}/howto/{page}.html"
    try:
        get_template(template)
    except TemplateDoesNotExist:
        return None
    return template


def howto_page_for(name: str, options: Mapping[str, Any]) -> str | None:
    """The how-to page for these options: the variant's own page if the game has one
    (e.g. a lesson's), else the game's index page; ``None`` if it has no pages."""
    entry = game_entry(name)
    variant = variant_of(entry, options)
    if variant is not None and howto_template(name, variant.key):
        return variant.key
    return "index" if howto_template(name) else None


@dataclass(frozen=True)
class About:
    """What a page says of a game played with some options."""

    #: The registry name, for links (its how-to pages).
    name: str
    #: The game's title.
    title: str
    #: The game and options in words (:func:`describe`).
    words: str
    #: One line: the variant's summary, else the game's.
    summary: str
    #: The entry's variant these options are, if one is.
    variant: VariantEntry | None
    #: The how-to page for these options (:func:`howto_page_for`), if the game has pages.
    howto: str | None
    #: Whether the site offers duplicate sessions and leagues for the game.
    pairs: bool


def about(name: str, options: Mapping[str, Any]) -> About:
    try:
        entry = game_entry(name)
    except UnknownGameError:
        return About(name, name, name, "", None, None, False)
    variant = variant_of(entry, options)
    return About(name=name, title=entry.title, words=describe(name, options),
                 summary=variant.summary if variant else entry.summary, variant=variant,
                 howto=howto_page_for(name, options), pairs=entry.pairs is not None)


def pairs_of(name: str) -> ModuleType | None:
    """The module of the game's partnership play over boards (``GameEntry.pairs``): what
    duplicate sessions and leagues ask of the game. ``None``: the game has none."""
    try:
        module = game_entry(name).pairs
    except UnknownGameError:
        return None
    return importlib.import_module(module) if module else None


# -- a finished hand, typed -------------------------------------------------------------

#: How a page names a key of a score or trick count: a side or a seat.
_KEY_WORDS = {"NS": "North-South", "EW": "East-West",
              **{seat.value: seat.word for seat in Seat}}


def key_words(key: str) -> str:
    """"NS" -> "North-South", "E" -> "East": a score's or a trick count's key in words."""
    return _KEY_WORDS.get(str(key), str(key))


def _registered(game: str) -> GameEntry | None:
    """The game's registry entry; ``None`` for a game no longer registered (an old
    record's), which the pages below say plainly rather than fail on."""
    try:
        return game_entry(game)
    except UnknownGameError:
        return None


def hand_result(game: str, options: Mapping[str, Any] | None,
                data: Mapping[str, Any] | None) -> HandResult:
    """A finished hand's result as the game reads its own record (``GameEntry.hand_result``):
    the only way a page reads a result. A game no longer registered gives "Finished"."""
    entry = _registered(game)
    if entry is None:
        return HandResult(game=game, words="Finished", counts=bool(data))
    return entry.hand_result(data, options)


def redealt(game: str, data: Mapping[str, Any] | None) -> bool:
    """Whether a finished hand's stored result is of a hand dealt again."""
    entry = _registered(game)
    return entry is not None and entry.redealt(data)


def standing(game: str, options: Mapping[str, Any] | None,
             results: Sequence[Mapping[str, Any]]) -> Standing | None:
    """Where a table of ``game`` stands after those finished hands' results (oldest first)."""
    entry = _registered(game)
    return entry.standing_of(results, options) if entry is not None else None


def hand_word(game: str) -> str:
    """What the game calls one deal at a table ("board", "deal", "hand")."""
    entry = _registered(game)
    return entry.hand_word if entry is not None else "hand"
