"""Every registered game, every variant, through the one protocol: a game that passes
is ready for the site (DESIGN.md, "Where things go"; docs/decisions/0102).

For each entry of ``games.registry.catalogue()`` and each set of its options (every
combination of its option choices the rules accept, its variants among them), a few
seeded hands are played by random legal actions, and at every step:

* every card of the deal is in exactly one place (``Game.card_places()``);
* no seat's view shows a card it may not know of: the whole view, ``info`` included, is
  serialised and scanned for card codes, each of which must be in
  ``Game.known_cards(seat)``;
* every action a seat's view lists is accepted (``can``), but for a wrong answer to a
  question the seat must answer itself (``WrongAnswerError``: MiniBridge's point count),
  and the seat to act has one it may take;
* now and then, an illegal action (a card the seat does not hold, another seat's
  action, garbage text) raises a ``GameError`` and changes no view;
* now and then and at the end, ``replay(rules, deal, log)`` shows every seat what the
  live game shows;
* the hand ends.

And each game's command line (``ENTRY.cli``) plays a couple of hands into a file that
``python -m games check`` accepts.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.cli import main as games_main
from games.protocol import Game, GameError, SeatView, WrongAnswerError
from games.registry import GameEntry, catalogue

#: Hands played for each set of options, and the most actions a hand may take.
HANDS = 2
MOST_ACTIONS = 2000
#: How often (one step in N) the illegal actions and the replay are tried.
EVERY = 9
#: A card code anywhere in a serialised view: a suit letter and a rank, standing alone.
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")
#: Texts no game takes as an action.
GARBAGE = ("", "xyzzy", "play", "play ZZ", "bid", "9 9 9", "play SA SA SA", "x" * 80)


# -- which games, with which options ------------------------------------------------------

def option_sets(entry: GameEntry) -> list[dict[str, Any]]:
    """The entry's defaults, each of its variants, and each choice of each option with
    the others at their defaults; for MiniBridge also every MiniLesson with each
    variant (the variants are played with MiniLessons 5 and 6). One set per rules
    value: a set the rules refuse is left out."""
    defaults = {option.key: option.default for option in entry.options}
    candidates = [defaults]
    candidates += [{**defaults, **variant.options} for variant in entry.variants]
    candidates += [{**defaults, option.key: value}
                   for option in entry.options for value, _ in option.choices]
    by_key = {option.key: option for option in entry.options}
    if entry.name == "minibridge":
        candidates += [{**defaults, "lesson": lesson, "variant": variant}
                       for lesson, _ in by_key["lesson"].choices
                       for variant, _ in by_key["variant"].choices]
    found: dict[Any, dict[str, Any]] = {}
    for options in candidates:
        try:
            rules = entry.rules(**options)
        except (TypeError, ValueError):
            continue
        found.setdefault(_key(rules), options)
    return list(found.values())


def _key(rules: Any) -> Any:
    try:
        hash(rules)
        return rules
    except TypeError:
        return repr(rules)


CASES = [(entry, options) for entry in catalogue() for options in option_sets(entry)]


def _case_id(case: tuple[GameEntry, dict[str, Any]]) -> str:
    entry, options = case
    return "-".join([entry.name, *(f"{k}={v}" for k, v in options.items())]) or entry.name


# -- what is checked at each step ---------------------------------------------------------

def seen_by_everyone(game: Game) -> str:
    """Everything every seat and the teacher see, and the log, as one text."""
    views = {str(seat): game.view(seat).as_data() for seat in (*game.players(), None)}
    return json.dumps({"views": views, "full": game.full_view().as_data(),
                       "log": [str(a) for a in game.log]}, sort_keys=True, default=str)


def assert_cards_are_conserved(game: Game, where: str) -> None:
    places = game.card_places()
    held = Counter(card for cards in places.values() for card in cards)
    dealt = Counter(game.deal.all_cards())
    assert held == dealt, (
        f"{where}: the cards are not conserved (Game.card_places): "
        f"missing {sorted(map(str, dealt - held))}, extra or twice {sorted(map(str, held - dealt))}"
        f"; places: { {k: len(v) for k, v in places.items()} }")


def assert_no_hidden_card_is_shown(game: Game, where: str) -> None:
    pack = {str(card) for card in game.deal.all_cards()}
    for seat in (*game.players(), None):
        view = game.view(seat)
        assert isinstance(view, SeatView), f"{where}: view({seat}) is not a SeatView"
        text = json.dumps(view.as_data(), default=str)
        shown = {code for code in CARD_CODE.findall(text) if code in pack}
        known = {str(card) for card in game.known_cards(seat)}
        assert shown <= known, (
            f"{where}: view({seat}) shows {sorted(shown - known)}, cards it may not know of "
            f"(Game.known_cards); phase {view.phase!r}")


def assert_listed_actions_are_accepted(game: Game, where: str) -> list[tuple[Any, str]]:
    """The actions the seats may take now (seat, text)."""
    takeable: list[tuple[Any, str]] = []
    to_act = game.to_act()
    for seat in game.players():
        view = game.view(seat)
        for text in view.legal:
            try:
                game.check(seat, text)
            except WrongAnswerError:
                continue  # listed so as not to give the answer away
            except GameError as exc:
                raise AssertionError(f"{where}: {seat} is offered {text!r} but it is refused: "
                                     f"{exc.reason}") from exc
            takeable.append((seat, text))
        for card, text in view.card_actions.items():
            # A card action's key is a card the site draws the action on: a card code,
            # never the last word of another action ("play alone").
            assert CARD_CODE.fullmatch(card), (
                f"{where}: {seat}'s card action {text!r} is keyed {card!r}, not a card")
            assert text in view.legal, (
                f"{where}: {seat}'s card {card} plays {text!r}, which is not among its legal "
                f"actions")
            assert card in text, f"{where}: {seat}'s card {card} is played by {text!r}"
    if not game.is_over():
        assert to_act, f"{where}: the hand is not over but nobody is to act"
        assert any(seat in to_act for seat, _ in takeable), (
            f"{where}: {', '.join(map(str, to_act))} to act, with nothing it may do")
    return takeable


def assert_illegal_actions_change_nothing(game: Game, rng: random.Random, where: str) -> None:
    before = seen_by_everyone(game)
    to_act = game.to_act()
    attempts: list[tuple[Any, str]] = [(rng.choice(game.players()), text) for text in GARBAGE]
    for seat in to_act:
        view = game.view(seat)
        others = [c for c in game.deal.all_cards() if str(c) not in view.hand]
        for card, text in list(view.card_actions.items())[:2]:
            # The same action with a card that is not in the hand it plays from.
            held = set(view.hands.get(view.to_play or "", ())) | set(view.hand)
            stranger = next((str(c) for c in others if str(c) not in held), None)
            if stranger is not None:
                attempts.append((seat, text.replace(card, stranger)))
        bystanders = [s for s in game.players() if s not in to_act]
        for text in view.legal[:3]:
            for other in bystanders:
                attempts.append((other, text))
    for seat, text in attempts:
        if game.can(seat, text):
            continue  # e.g. a bystander's own count: not illegal for it
        with pytest.raises(GameError):
            game.apply(seat, text)
        after = seen_by_everyone(game)
        assert after == before, f"{where}: the refused {seat} {text!r} changed what is seen"


def assert_replay_shows_the_same(game: Game, where: str) -> None:
    again = type(game).replay(game.rules, game.deal, list(game.log))
    assert seen_by_everyone(again) == seen_by_everyone(game), (
        f"{where}: replay(rules, deal, log) does not show what the live game shows")


def play_checked(entry: GameEntry, options: dict[str, Any], seed: int) -> int:
    """One hand by random legal actions, checked at every step; the actions taken."""
    rules = entry.rules(**options)
    rng = random.Random(f"conformance:{entry.name}:{sorted(options.items())}:{seed}")
    assert entry.deal is not None, f"{entry.name}: ENTRY.deal is not set"
    deal = entry.deal(rules, rng, board=seed % 4 + 1)
    game = entry.game_class(rules, deal)
    for step in itertools.count():
        where = f"{entry.name} {options} hand {seed}, action {step}"
        assert step < MOST_ACTIONS, f"{where}: the hand has not ended"
        assert_cards_are_conserved(game, where)
        assert_no_hidden_card_is_shown(game, where)
        takeable = assert_listed_actions_are_accepted(game, where)
        if step % EVERY == seed % EVERY:
            assert_illegal_actions_change_nothing(game, rng, where)
            assert_replay_shows_the_same(game, where)
        if game.is_over():
            assert_replay_shows_the_same(game, where)
            game.result()
            return step
        seat, text = rng.choice([(s, t) for s, t in takeable if s in game.to_act()])
        game.apply(seat, text)
    raise AssertionError("unreachable")


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_a_game_keeps_its_cards_hides_what_it_should_and_replays(
        case: tuple[GameEntry, dict[str, Any]]) -> None:
    entry, options = case
    assert issubclass(entry.game_class, Game)
    for seed in range(HANDS):
        play_checked(entry, options, seed)


# -- the command line -----------------------------------------------------------------------

#: Options that name the file a command line writes, and how many hands it plays, in the
#: order they are tried when an entry gives no ``cli_sample``.
_FILE_OPTIONS = ("--json", "--record", "--out", "--pbn")
_COUNT_OPTIONS = ("--hands", "--deals", "--games", "--parties", "--matches")


def cli_sample(entry: GameEntry) -> list[str]:
    """``ENTRY.cli_sample``, or one read from the command line's own options."""
    if entry.cli_sample:
        return list(entry.cli_sample)
    parser = argparse.ArgumentParser()
    importlib.import_module(entry.cli).add_arguments(parser)  # type: ignore[arg-type]
    flags = {flag for action in parser._actions for flag in action.option_strings}
    out = next((flag for flag in _FILE_OPTIONS if flag in flags), None)
    count = next((flag for flag in _COUNT_OPTIONS if flag in flags), None)
    assert out is not None, (
        f"{entry.name}: set ENTRY.cli_sample, the arguments of `python -m games play "
        f"{entry.name}` that play a couple of hands into the file '{{out}}'")
    return [*([count, "1"] if count else []), out, "{out}"]


@pytest.mark.parametrize("entry", catalogue(), ids=lambda e: e.name)
def test_the_command_line_plays_and_checks_what_it_wrote(
        entry: GameEntry, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.cli is not None, (
        f"{entry.name}: ENTRY.cli names no module: `python -m games play {entry.name}` "
        f"should play robot hands and write them down")
    out = tmp_path / "record"
    args = [a.replace("{out}", str(out)) for a in cli_sample(entry)]
    assert games_main(["play", entry.name, *args]) == 0, capsys.readouterr()
    assert out.exists() and out.stat().st_size, f"{entry.name}: nothing written to {out}"
    capsys.readouterr()
    status = games_main(["check", str(out)])
    report = capsys.readouterr().out
    assert status == 0, f"{entry.name}: python -m games check refused what play wrote:\n{report}"


# -- the coach (issue 29) ---------------------------------------------------------------------

#: Games whose coach is still to come; the list only shrinks.
NO_COACH_YET: set[str] = set()
#: Decisions asked of the coach in each hand (spread over the hand).
HINTS_A_HAND = 6


def test_every_game_has_a_coach_but_the_known_gaps() -> None:
    assert {e.name for e in catalogue() if e.coach is None} == NO_COACH_YET


@pytest.mark.parametrize("entry", [e for e in catalogue() if e.coach is not None],
                         ids=lambda e: e.name)
def test_a_hint_is_a_legal_action_with_a_reason_in_words(entry: GameEntry) -> None:
    """At decisions across a hand played at random, the coach's hint for the seat to act
    is one of that seat's legal actions, with a reason that names cards in words, never
    codes ("the queen of hearts", not "HQ")."""
    coach = entry.make_coach()
    assert coach is not None
    for seed in range(HANDS):
        rules = entry.rules()
        rng = random.Random(f"coach:{entry.name}:{seed}")
        assert entry.deal is not None
        game = entry.game_class(rules, entry.deal(rules, rng, board=seed + 1))
        asked = 0
        for step in range(MOST_ACTIONS):
            if game.is_over():
                break
            where = f"{entry.name} hand {seed}, action {step}"
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.legal and step % 5 == seed and asked < HINTS_A_HAND:
                asked += 1
                hint = coach.hint(view, random.Random(step))
                if hint is not None:
                    assert hint.action in view.legal, f"{where}: {hint.action!r} not legal"
                    assert hint.reason.strip(), f"{where}: a hint without a reason"
                    assert not CARD_CODE.search(hint.reason), f"{where}: {hint.reason!r}"
            takeable = assert_listed_actions_are_accepted(game, where)
            seat, text = rng.choice([(s, t) for s, t in takeable if s in game.to_act()])
            game.apply(seat, text)
        assert asked, f"{entry.name}: no decision was asked of the coach"
