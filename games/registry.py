"""The registry of games and their variants: ``find_game("minibridge", lesson=3)``.

A variant is data: each game module exposes one :class:`GameEntry` whose
``make_rules`` turns options into that game's frozen rules value. The site
and the command line find every game here, so a new game is a new module
plus one line in ``GAME_MODULES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.deals import Deal
from games.protocol import Game

#: The modules that define a game, each with a module-level ``ENTRY``.
GAME_MODULES: tuple[str, ...] = ("games.minibridge", "games.spades2")


class UnknownGameError(LookupError):
    """No game or variant by that name."""


@dataclass(frozen=True)
class VariantEntry:
    """A named set of options, as a teacher picks it from a list."""

    key: str
    title: str
    summary: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    players: int
    summary: str
    game_class: type[Game]
    make_rules: Callable[..., Any]
    variants: tuple[VariantEntry, ...] = ()
    #: A game of several hands (two-handed Spades to 500): where it stands after a
    #: table's finished hands, given the rules and their results oldest first. ``None``
    #: for a game whose every hand stands alone (MiniBridge).
    standing: Callable[[Any, Sequence[Mapping[str, Any]]], dict[str, Any]] | None = None

    def rules(self, **options: Any) -> Any:
        return self.make_rules(**options)

    def variant(self, key: str) -> VariantEntry:
        for variant in self.variants:
            if variant.key == key:
                return variant
        raise UnknownGameError(f"{self.title} has no variant {key!r}")


def catalogue() -> list[GameEntry]:
    """Every game, in the order the site lists them."""
    return [importlib.import_module(module).ENTRY for module in GAME_MODULES]


def game_entry(name: str) -> GameEntry:
    for entry in catalogue():
        if entry.name == name:
            return entry
    known = ", ".join(e.name for e in catalogue())
    raise UnknownGameError(f"no game called {name!r} (known: {known})")


def find_game(name: str, **options: Any) -> Any:
    """The frozen rules value of ``name`` with ``options``, e.g.
    ``find_game("minibridge", lesson=5, variant="target")``."""
    return game_entry(name).rules(**options)


def new_game(name: str, deal: Deal, **options: Any) -> Game:
    entry = game_entry(name)
    return entry.game_class(entry.rules(**options), deal)
