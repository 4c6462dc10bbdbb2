"""One registry: a game's entry says everything the site and the command line ask of it
(its seats, its options for the class page's form, its deal, its robots, its command
line), so nobody needs to make a throwaway game or look a hook up by name."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import robots
from games.deals import Deal
from games.minibridge import ENTRY as MINIBRIDGE
from games.protocol import SeatView
from games.registry import catalogue, game_entry
from games.seats import Seat
from games.spades2 import ENTRY as SPADES2

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize("entry", [MINIBRIDGE, SPADES2], ids=lambda e: e.name)
def test_every_option_choice_makes_rules_and_the_defaults_are_the_games_own(entry) -> None:
    defaults = {option.key: option.default for option in entry.options}
    assert entry.rules(**defaults) == entry.rules()
    for option in entry.options:
        assert option.default in [value for value, _ in option.choices]
        for value, label in option.choices:
            assert label
            # MiniBridge's variants are played with MiniLessons 5 and 6 only.
            entry.rules(**{**defaults, option.key: value})


@pytest.mark.parametrize("entry", [MINIBRIDGE, SPADES2], ids=lambda e: e.name)
def test_the_entry_deals_hand_after_hand_for_its_players(entry) -> None:
    rules = entry.rules()
    for board in (1, 2, 3):
        deal = entry.deal(rules, random.Random(board), board=board)
        assert isinstance(deal, Deal) and deal.board == board
        game = entry.game_class(rules, deal)
        assert set(game.players()) == set(entry.table_seats())


def test_minibridge_seats_four_partners_first_and_three_round_the_dealt_dummy() -> None:
    assert MINIBRIDGE.table_seats(lesson=3) == (S, N, W, E)
    for variant in ("three-simple", "three-normal"):
        seats = MINIBRIDGE.table_seats(lesson=5, variant=variant)
        first = MINIBRIDGE.game_class(MINIBRIDGE.rules(lesson=5, variant=variant),
                                      Deal.for_board(1, random.Random(1)))
        assert seats == (N, W, E) and set(seats) == set(first.players())


def test_spades_seats_the_pupil_in_south_and_the_opponent_in_north() -> None:
    assert SPADES2.table_seats(deal_method="selection") == (S, N)


@pytest.mark.parametrize("entry", catalogue(), ids=lambda e: e.name)
def test_every_registered_robot_level_plays_from_a_seat_view(entry) -> None:
    assert entry.robots is not None and entry.robots.levels
    assert robots.robot_levels(entry.name) == tuple(entry.robots.levels)
    rules = entry.rules()
    game = entry.game_class(rules, entry.deal(rules, random.Random(3), board=1))
    seat = game.to_act()[0]
    view = game.view(seat)
    assert isinstance(view, SeatView)
    robot = robots.robot_for(entry.name, entry.robots.levels[0])
    assert robot.choose(view, random.Random(1)) in view.legal


def test_an_unknown_robot_level_is_refused_with_the_levels_there_are() -> None:
    with pytest.raises(LookupError, match="beginner"):
        robots.robot_for("spades2", "grandmaster")


@pytest.mark.parametrize("entry", catalogue(), ids=lambda e: e.name)
def test_every_command_line_and_checker_named_is_a_module_with_its_functions(entry) -> None:
    assert entry.cli is not None
    cli = importlib.import_module(entry.cli)
    assert callable(cli.add_arguments) and callable(cli.run)
    if entry.checker is not None:
        assert callable(importlib.import_module(entry.checker).check_record)


def test_the_games_are_found_by_name() -> None:
    assert game_entry("minibridge") is MINIBRIDGE and game_entry("spades2") is SPADES2


_LOADED_FOR = """
import json, sys
from games.registry import GAME_MODULES, catalogue, game_entry
entry = game_entry(sys.argv[1])
loaded = [m for m in GAME_MODULES if m in sys.modules]
print(json.dumps({"name": entry.name, "loaded": loaded,
                  "listed": [e.name for e in catalogue()]}))
"""


@pytest.mark.parametrize("name", ["minibridge", "piquet", "preference"])
def test_a_games_entry_loads_that_game_alone_and_the_catalogue_still_lists_all(name) -> None:
    # In a fresh process: a server started again shows a table of one game first.
    done = subprocess.run([sys.executable, "-c", _LOADED_FOR, name], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    seen = json.loads(done.stdout)

    assert seen["name"] == name
    assert seen["loaded"] == [f"games.{name}"]
    assert seen["listed"] == ["minibridge", "spades2", "topgame", "piquet", "preference"]


def test_an_unknown_game_is_refused_with_the_games_there_are() -> None:
    with pytest.raises(LookupError, match="known: minibridge, spades2, topgame, piquet"):
        game_entry("registry")
