"""The registry of games and their variants: ``find_game("minibridge", lesson=3)``.

A variant is data: each game module exposes one :class:`GameEntry` whose
``make_rules`` turns options into that game's frozen rules value. The site
and the command line find every game here, so a new game is a new module
plus one line in ``GAME_MODULES``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

from games.deals import Deal
from games.protocol import Coach, Game, HandResult, Hint, Review, SeatView, Standing

#: The modules that define a game, each with a module-level ``ENTRY``.
GAME_MODULES: tuple[str, ...] = (
    "games.minibridge", "games.spades2", "games.topgame", "games.piquet", "games.preference",
)


#: The module of each game named for its module, looked up by name (never an import of
#: a name from outside: only these modules are imported).
_MODULE_NAMED: dict[str, str] = {module.rpartition(".")[2]: module for module in GAME_MODULES}


@cache
def _module(name: str) -> ModuleType:
    """The module ``name``, imported at its first use and then looked up here:
    ``importlib.import_module`` of a module already loaded still walks a dozen Python
    calls of the import system, and the server asks for a game's entry and for dummy's
    guess in every seat's frame (issue 30)."""
    return importlib.import_module(name)


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
class OptionEntry:
    """One rules option a teacher can set on the class page (a select box):
    ``OptionEntry("start", "Starting score", ((30, "30"), (60, "60")), 30)``."""

    key: str
    title: str
    #: ``(value, label)`` pairs, in the order the form lists them.
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""


@dataclass(frozen=True)
class RobotsEntry:
    """The robots that play a game: their levels (weakest first) and how to make one.
    ``make(level, **options)`` returns an object with ``choose(view, rng) -> str``,
    given only its own seat's :class:`~games.protocol.SeatView`."""

    levels: tuple[str, ...]
    make: Callable[..., Any]


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    #: How many people play (two-handed Spades 2, Preference 3, MiniBridge 4).
    players: int
    summary: str
    game_class: type[Game]
    make_rules: Callable[..., Any]
    variants: tuple[VariantEntry, ...] = ()
    #: The seats the site fills with pupils or robots, in the order it fills them. A
    #: game whose dummy is a hand nobody sits at lists only the players' seats.
    seats: tuple[Any, ...] = ()
    #: When the seats depend on the options (three-handed MiniBridge leaves the seat
    #: opposite the first hand's dealer to the dealt dummy): ``seats_for(rules)``, the
    #: seats of a table's first hand, in ``seats``' order. ``None``: always ``seats``.
    seats_for: Callable[[Any], tuple[Any, ...]] | None = None
    #: The options of the class page's form, beside ``variants``.
    options: tuple[OptionEntry, ...] = ()
    #: The deal of hand number ``board``: ``deal(rules, rng, board) -> Deal``.
    deal: Callable[..., Deal] | None = None
    robots: RobotsEntry | None = None
    #: The module of ``python -m games play NAME`` (``add_arguments(parser)``, ``run(args)``).
    cli: str | None = None
    #: The arguments of ``python -m games play NAME`` that play a couple of hands quickly
    #: and write them to the file ``{out}``, which ``python -m games check`` accepts: the
    #: conformance test runs them (tests/conformance/).
    cli_sample: tuple[str, ...] = ()
    #: The module that checks this game's own JSON records for ``python -m games check``
    #: (``check_record(data) -> list[str]`` of problems found, empty when all is well).
    checker: str | None = None
    #: A game of several hands (two-handed Spades to 500): where it stands after a
    #: table's finished hands, given the rules and their results oldest first. ``None``
    #: for a game whose every hand stands alone (MiniBridge).
    standing: Callable[[Any, Sequence[Mapping[str, Any]]], dict[str, Any]] | None = None
    #: A game of several hands whose players do not simply move round with the deal (the
    #: Top Game's B and C change places after six hands): ``next_seats(rules, results)``
    #: (the results as for ``standing``) gives the next hand's dealer's seat and where each
    #: player of the last hand sits in it, ``{last seat: next seat}`` (``None``: round with
    #: the deal, as usual). ``None`` for a game without such a rule.
    next_seats: Callable[[Any, Sequence[Mapping[str, Any]]],
                         tuple[Any, Mapping[Any, Any] | None]] | None = None
    #: A game of two partnerships, North-South against East-West, over boards: the
    #: module the site's duplicate sessions and leagues ask of it (the options a session
    #: may be played at, a board the game would redeal, a league's options, checking a
    #: result typed in from a real table; see games/minibridge/pairs.py). ``None``: the
    #: site offers no duplicate session or league for the game.
    pairs: str | None = None
    #: The hand's typed result from the game's own stored one (``Game.result()``):
    #: ``read_result(rules, data) -> HandResult``. Every page of the site reads a
    #: finished hand through this (:meth:`hand_result`), never the game's keys.
    read_result: Callable[[Any, Mapping[str, Any]], HandResult] | None = None
    #: The game's words a newcomer meets, each with the one sentence that explains
    #: it (``{"talon": "The two cards dealt face down..."}``): shown where the word
    #: appears at the table (a tap opens it) and on the game's how-to page.
    terms: Mapping[str, str] = field(default_factory=dict)
    #: What the game calls one deal played at a table: MiniBridge's "board" (its
    #: deals are duplicate boards), a Piquet "deal", a Preference or Spades "hand".
    hand_word: str = "hand"
    #: The module of the game's coach (issue 29): ``make_coach() -> Coach``, a hint with
    #: its reason from one seat's view. Named, not imported, so that the site's start
    #: loads no coach; ``None``: the game has no coach yet, and the table offers no Help.
    coach: str | None = None
    #: Where a game of several hands stands, typed, from ``standing``'s data:
    #: ``read_standing(rules, data) -> Standing``. ``None``: the totals of the hands'
    #: scores (:meth:`standing_of`).
    read_standing: Callable[[Any, Mapping[str, Any]], Standing] | None = None
    #: The module of the review after the hand (issue 29): ``review_hand(rules, deal,
    #: log, seat) -> Review``; lazily imported as ``coach``. ``None``: no review.
    review: str | None = None
    #: The module of dummy's guess (issue 29: "Dummy stays in the game"):
    #: ``guessable(view) -> tuple[str, ...]`` (the card codes the viewer, as dummy, may
    #: guess declarer will play now; none at other moments) and ``guess_words(guess,
    #: played) -> (same, sentence)``. ``None``: a game without a dummy's guess.
    guess: str | None = None

    def rules(self, **options: Any) -> Any:
        return self.make_rules(**options)

    def table_seats(self, **options: Any) -> tuple[Any, ...]:
        """The seats a table of this game with ``options`` fills, in the order the site
        fills them (no game needs to be made to ask)."""
        if self.seats_for is not None:
            return tuple(self.seats_for(self.rules(**options)))
        return tuple(self.seats)

    def robot(self, level: str, **options: Any) -> Any:
        """One of the game's robots (:class:`RobotsEntry`), refused with the levels
        there are when there is none of ``level``."""
        if self.robots is None:
            raise LookupError(f"no robot plays {self.title}")
        if level not in self.robots.levels:
            raise LookupError(f"no {level!r} robot for {self.title} "
                              f"(levels: {', '.join(self.robots.levels)})")
        return self.robots.make(level, **options)

    def make_coach(self) -> Coach | None:
        """The game's coach, or ``None`` for a game without one."""
        if self.coach is None:
            return None
        coach: Coach = _module(self.coach).make_coach()
        return coach

    def coach_idea_title(self, key: str) -> str:
        """An idea of the coach's (``Hint.idea``) in words for the teacher's page: the
        coach module's ``IDEAS_BY_KEY[key].title`` when it gives one, else the key's own words
        ("second-hand-low" -> "second hand low"), so a key no longer known still reads."""
        if self.coach is not None:
            ideas = getattr(_module(self.coach), "IDEAS_BY_KEY", {})
            title = getattr(ideas.get(key), "title", None)
            if isinstance(title, str) and title:
                return title
        return key.replace("-", " ").replace("_", " ")

    def lesson_variant(self, lesson: int | None) -> VariantEntry | None:
        """The variant that is lesson ``lesson`` of the game's own numbering (its options
        are ``{"lesson": lesson}`` and nothing else), where ``Hint.lesson`` sends a pupil;
        ``None`` for a game whose variants are not lessons."""
        if lesson is None:
            return None
        return next((v for v in self.variants if dict(v.options) == {"lesson": lesson}), None)

    def review_hand(self, rules: Any, deal: Deal, log: Sequence[Any], seat: Any) -> Review | None:
        """The review of ``seat``'s finished hand (its deal and whole action log), or
        ``None`` for a game without one."""
        if self.review is None:
            return None
        review: Review = _module(self.review).review_hand(rules, deal, log, seat)
        return review

    def guessable(self, view: SeatView) -> tuple[str, ...]:
        """The cards the viewer of ``view``, as dummy, may guess declarer plays next."""
        hook = self.guessable_hook()
        return tuple(hook(view)) if hook is not None else ()

    def guessable_hook(self) -> Callable[[SeatView], tuple[str, ...]] | None:
        """The game's own ``guessable(view)`` (see :meth:`guessable`), for a caller that
        asks at every frame and keeps it; ``None`` for a game without a dummy's guess."""
        if self.guess is None:
            return None
        hook: Callable[[SeatView], tuple[str, ...]] = _module(self.guess).guessable
        return hook

    def guess_said(self, guess: str, played: str) -> tuple[bool, str]:
        """Whether declarer played the card dummy guessed, and the sentence to show."""
        if self.guess is None:
            raise LookupError(f"{self.title} has no dummy's guess")
        same, said = _module(self.guess).guess_words(guess, played)
        return bool(same), str(said)

    def hand_result(self, data: Mapping[str, Any] | None,
                    options: Mapping[str, Any] | None = None) -> HandResult:
        """The typed result of a finished hand from its stored result ``data`` and
        the options it was played with. A record this version cannot read (kept by
        an older one, or none at all) gives a plain "Finished", never an error: a
        page listing old hands must still open."""
        if not data:
            return HandResult(game=self.name, words="Finished", counts=False)
        try:
            return self.read_with(self.rules(**dict(options or {})), data)
        except (TypeError, ValueError, KeyError, LookupError, AttributeError):
            return HandResult(game=self.name, words="Finished")

    def read_with(self, rules: Any, data: Mapping[str, Any]) -> HandResult:
        """The typed result of ``data`` under ``rules``: a hand dealt again (its result's
        ``redeal``) for every game alike, else the game's own ``read_result``; a game
        without one says "Finished"."""
        if self.redealt(data):
            return HandResult(game=self.name, words="Dealt again", counts=False, redealt=True)
        if self.read_result is None:
            return HandResult(game=self.name, words="Finished")
        return self.read_result(rules, data)

    @staticmethod
    def redealt(data: Mapping[str, Any] | None) -> bool:
        """Whether a stored result is of a hand dealt again (MiniBridge's Law 6): every
        game's result says so as ``redeal``. Cheaper than reading the whole result, for
        the hot path of a hand's end."""
        return bool(data and data.get("redeal"))

    def standing_of(self, results: Sequence[Mapping[str, Any]],
                    options: Mapping[str, Any] | None = None) -> Standing | None:
        """Where a table stands after its finished hands' stored results (oldest
        first), typed: the game's own standing read by ``read_standing``, else the
        totals of the counted hands' scores; ``None`` before any hand counted."""
        if not results:
            return None
        try:
            rules = self.rules(**dict(options or {}))
            if self.standing is not None and self.read_standing is not None:
                return self.read_standing(rules, self.standing(rules, list(results)))
        except (TypeError, ValueError, KeyError, LookupError, AttributeError):
            pass
        totals: dict[str, int] = {}
        for data in results:
            result = self.hand_result(data, options)
            if result.counts:
                for key, points in result.scores.items():
                    totals[key] = totals.get(key, 0) + points
        return Standing(totals=totals) if totals else None

    def variant(self, key: str) -> VariantEntry:
        for variant in self.variants:
            if variant.key == key:
                return variant
        raise UnknownGameError(f"{self.title} has no variant {key!r}")


def catalogue() -> list[GameEntry]:
    """Every game, in the order the site lists them."""
    return [_module(module).ENTRY for module in GAME_MODULES]


def game_entry(name: str) -> GameEntry:
    """The entry of game ``name``. Only its own module is imported when the game is named
    for its module (``games.minibridge``'s "minibridge"): a server started again shows a
    MiniBridge table without loading the other four games first."""
    module = _MODULE_NAMED.get(name)
    if module is not None:
        entry: GameEntry = _module(module).ENTRY
        if entry.name == name:
            return entry
    for entry in catalogue():
        if entry.name == name:
            return entry
    known = ", ".join(e.name for e in catalogue())
    raise UnknownGameError(f"no game called {name!r} (known: {known})")


def coach_hint(name: str, view: SeatView, seed: str) -> Hint | None:
    """The hint of game ``name``'s coach at ``view`` (``None``: no coach, or no advice
    here), its sampling seeded by ``seed``: the same seed and view give the same hint,
    in any process. Named, not passed, to the site's coach process (teaching.coach),
    which imports only the coach of the game asked for."""
    coach = game_entry(name).make_coach()
    return coach.hint(view, random.Random(seed)) if coach is not None else None


def find_game(name: str, **options: Any) -> Any:
    """The frozen rules value of ``name`` with ``options``, e.g.
    ``find_game("minibridge", lesson=5, variant="target")``."""
    return game_entry(name).rules(**options)


def new_game(name: str, deal: Deal, **options: Any) -> Game:
    entry = game_entry(name)
    return entry.game_class(entry.rules(**options), deal)
