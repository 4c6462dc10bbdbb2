"""Movements: every pair plays the boards it should, no board twice, fair sit-outs."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

from games.movements import (
    Kind,
    Movement,
    MovementError,
    Pair,
    howell,
    mitchell,
    same_boards,
    suggest_movement,
)
from games.seats import Seat, Side

TABLES = range(2, 16)


def boards_played_by(movement: Movement, pair: Pair) -> list[int]:
    return [b for stop in movement.itinerary(pair) if stop.opponents for b in stop.boards]


def meetings(movement: Movement) -> Counter[frozenset[Pair]]:
    return Counter(frozenset((s.ns, s.ew)) for _, s in movement.sittings() if s.is_played)


def sit_out_counts(movement: Movement) -> Counter[Pair]:
    counts = Counter({pair: 0 for pair in movement.pairs})
    for rnd in movement.rounds:
        counts.update(rnd.sit_outs)
    return counts


def assert_well_formed(movement: Movement) -> None:
    """What every movement owes the director, whatever its kind."""
    for rnd in movement.rounds:
        seated = [p for s in rnd.tables for p in s.pairs()]
        assert len(seated) == len(set(seated)), f"a pair is at two tables in round {rnd.number}"
        assert set(seated) == set(movement.pairs), f"a pair is lost in round {rnd.number}"
        assert [s.table for s in rnd.tables] == list(range(1, movement.tables + 1))
        assert all(len(s.boards) == movement.boards_per_round for s in rnd.tables)
    counts = sit_out_counts(movement)
    assert max(counts.values()) - min(counts.values()) <= 1, "sit-outs are not shared fairly"


def assert_no_board_twice(movement: Movement) -> None:
    for pair in movement.pairs:
        played = boards_played_by(movement, pair)
        assert len(played) == len(set(played)), f"{pair} plays a board twice"


# -- Mitchell ---------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
def test_a_mitchell_plays_every_board_once_per_pair_and_equally_often(tables: int) -> None:
    movement = mitchell(tables, 2)
    assert_well_formed(movement)
    assert_no_board_twice(movement)
    rounds = len(movement.rounds)
    assert rounds == (tables if tables % 2 else tables - 1)
    for pair in movement.pairs:
        assert len(boards_played_by(movement, pair)) == 2 * rounds
    times = {movement.times_played(b) for b in movement.boards}
    assert times == {rounds}, "every board is played once per round"
    assert max(meetings(movement).values()) == 1, "no pair meets another twice"


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2])
def test_with_an_odd_number_of_tables_each_east_west_pair_meets_every_north_south_pair(
        tables: int) -> None:
    movement = mitchell(tables, 1)
    for ew in range(1, tables + 1):
        opponents = {stop.opponents for stop in movement.itinerary(Pair(ew, Side.EW))}
        assert opponents == {Pair(ns, Side.NS) for ns in range(1, tables + 1)}
        assert set(boards_played_by(movement, Pair(ew, Side.EW))) == set(movement.boards)


@pytest.mark.parametrize("tables", [t for t in TABLES if t % 2 == 0 and t > 2])
def test_with_an_even_number_of_tables_east_west_skip_a_table_half_way(tables: int) -> None:
    movement = mitchell(tables, 1)
    half = tables // 2
    for ew in range(1, tables + 1):
        at = [stop.table for stop in movement.itinerary(Pair(ew, Side.EW))]
        moves = [(b - a) % tables for a, b in pairwise(at)]
        assert moves == [1] * (half - 1) + [2] + [1] * (tables - half - 2)
        skipped = (ew - 1 + half) % tables + 1
        assert skipped not in at, "the skipped North-South pair is the one not met"
    assert any("skip" in note for note in movement.notes)


@pytest.mark.parametrize("tables", TABLES)
def test_mitchell_boards_move_down_one_table_and_north_south_stay(tables: int) -> None:
    movement = mitchell(tables, 3)
    for before, after in pairwise(movement.rounds):
        for table in range(1, tables + 1):
            following = table % tables + 1
            assert after.table(table).boards == before.table(following).boards
            assert after.table(table).ns == before.table(table).ns == Pair(table, Side.NS)


@pytest.mark.parametrize("tables", TABLES)
def test_a_mitchell_with_a_missing_pair_sits_each_east_west_pair_out_at_most_once(
        tables: int) -> None:
    movement = mitchell(tables, 2, missing=True)
    assert_well_formed(movement)
    assert_no_board_twice(movement)
    assert Pair(tables, Side.NS) not in movement.pairs
    counts = sit_out_counts(movement)
    assert all(counts[Pair(n, Side.NS)] == 0 for n in range(1, tables))
    assert all(counts[Pair(n, Side.EW)] <= 1 for n in range(1, tables + 1))
    assert all(len(rnd.sit_outs) == 1 for rnd in movement.rounds)


def test_a_curtailed_mitchell_still_plays_every_board_equally_often() -> None:
    movement = mitchell(10, 2, rounds=6)
    assert len(movement.rounds) == 6
    assert {movement.times_played(b) for b in movement.boards} == {6}
    assert_no_board_twice(movement)


def test_a_mitchell_ranks_each_direction_on_its_own() -> None:
    assert not mitchell(5, 2).one_winner
    assert howell(8, 2).one_winner


# -- Howell -----------------------------------------------------------------


@pytest.mark.parametrize("barometer", [True, False], ids=["barometer", "circulating"])
@pytest.mark.parametrize("tables", TABLES)
def test_in_a_howell_every_pair_meets_every_other_pair_once_and_plays_every_board_once(
        tables: int, barometer: bool) -> None:
    pairs = 2 * tables
    movement = howell(pairs, 2, barometer=barometer)
    assert_well_formed(movement)
    assert_no_board_twice(movement)
    assert len(movement.rounds) == pairs - 1
    assert meetings(movement) == Counter(
        frozenset(m) for m in combinations(movement.pairs, 2))
    for pair in movement.pairs:
        assert sorted(boards_played_by(movement, pair)) == list(movement.boards)
    assert {movement.times_played(b) for b in movement.boards} == {tables}


@pytest.mark.parametrize("tables", range(4, 16))
def test_from_four_tables_one_copy_of_each_board_is_enough(tables: int) -> None:
    movement = howell(2 * tables, 2)
    assert "barometer" not in movement.title
    for rnd in movement.rounds:
        sets = [s.boards for s in rnd.tables]
        assert len(sets) == len(set(sets)), f"two tables share boards in round {rnd.number}"


@pytest.mark.parametrize("tables", [2, 3])
def test_two_or_three_table_howells_share_the_boards_of_a_round(tables: int) -> None:
    movement = howell(2 * tables, 2)
    assert "barometer" in movement.title and movement.notes
    for rnd in movement.rounds:
        assert len({s.boards for s in rnd.tables}) == 1


@pytest.mark.parametrize("barometer", [True, False], ids=["barometer", "circulating"])
@pytest.mark.parametrize("tables", TABLES)
def test_with_an_odd_number_of_pairs_each_pair_sits_out_once(tables: int,
                                                              barometer: bool) -> None:
    pairs = 2 * tables - 1
    movement = howell(pairs, 1, barometer=barometer)
    assert_well_formed(movement)
    assert_no_board_twice(movement)
    assert set(sit_out_counts(movement).values()) == {1}
    assert len({movement.times_played(b) for b in movement.boards}) == 1
    assert all(len(rnd.sit_outs) == 1 for rnd in movement.rounds)


def test_howell_pairs_sit_north_south_about_half_the_time() -> None:
    movement = howell(12, 2)
    for pair in movement.pairs[:-1]:
        directions = Counter(stop.direction for stop in movement.itinerary(pair))
        assert abs(directions[Side.NS] - directions[Side.EW]) <= 1


# -- same boards ------------------------------------------------------------


def test_two_tables_play_the_same_boards_swapping_halves() -> None:
    movement = same_boards(2, 12)
    assert movement.kind is Kind.SAME_BOARDS
    assert_well_formed(movement)
    assert_no_board_twice(movement)
    for pair in movement.pairs:
        assert sorted(boards_played_by(movement, pair)) == list(range(1, 13))
    assert {movement.times_played(b) for b in range(1, 13)} == {2}


def test_one_table_plays_each_board_once_in_each_direction() -> None:
    movement = same_boards(1, 6)
    assert_well_formed(movement)
    assert movement.one_winner
    for pair in movement.pairs:
        stops = movement.itinerary(pair)
        assert {stop.direction for stop in stops} == {Side.NS, Side.EW}
        assert all(stop.boards == tuple(range(1, 7)) for stop in stops)


def test_same_boards_is_for_one_or_two_tables_only() -> None:
    with pytest.raises(MovementError, match="one or two tables"):
        same_boards(3, 12)
    with pytest.raises(MovementError, match="even number"):
        same_boards(2, 7)


# -- choosing, reading and printing ----------------------------------------


@pytest.mark.parametrize("pairs", range(1, 31))
def test_the_suggested_movement_seats_every_pair_of_the_class(pairs: int) -> None:
    movement = suggest_movement(pairs)
    assert_well_formed(movement)
    humans = [p for p in movement.pairs if p not in movement.robots]
    assert len(humans) == pairs
    every_board_compared = all(movement.times_played(b) >= 2 for b in movement.boards)
    assert every_board_compared or movement.kind is Kind.MITCHELL


def test_the_suggestion_follows_the_size_of_the_class() -> None:
    assert suggest_movement(4).kind is Kind.SAME_BOARDS
    assert suggest_movement(9).kind is Kind.HOWELL
    assert suggest_movement(14).kind is Kind.HOWELL
    assert suggest_movement(16).kind is Kind.MITCHELL
    assert suggest_movement(7, robots=True).robots == frozenset({Pair(8)})
    assert suggest_movement(7).robots == frozenset()
    assert len(suggest_movement(3).robots) == 1, "three pairs get a robot pair"
    assert "barometer" in suggest_movement(10, barometer=True).title
    assert suggest_movement(10, boards_per_round=3).boards_per_round == 3


def test_a_pair_is_told_where_to_go_next() -> None:
    movement = mitchell(6, 2)
    stop = movement.next_stop(Pair(1, Side.EW), after_round=1)
    assert stop is not None
    assert (stop.round, stop.table, stop.direction) == (2, 2, Side.EW)
    assert stop.opponents == Pair(2, Side.NS)
    assert stop.boards == (5, 6)
    assert movement.next_stop(Pair(1, Side.EW), after_round=len(movement.rounds)) is None


def test_the_dealer_and_vulnerability_follow_the_board_number() -> None:
    movement = howell(8, 2)
    assert [movement.dealer(b) for b in (1, 2, 3, 4, 5)] == [
        Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert movement.vulnerability(4).value == "All"


def test_pairs_read_and_write_as_a_director_writes_them() -> None:
    assert str(Pair(3, Side.NS)) == "NS 3" and str(Pair(3)) == "3"
    assert Pair.from_str("EW 4") == Pair(4, Side.EW)
    assert Pair.from_str("7") == Pair(7)
    with pytest.raises(MovementError):
        Pair.from_str("north 3")


def test_impossible_movements_say_why() -> None:
    with pytest.raises(MovementError, match="at least two tables"):
        mitchell(1, 2)
    with pytest.raises(MovementError, match="from 1 to 5 rounds"):
        mitchell(6, 2, rounds=6)
    with pytest.raises(MovementError, match="at least one board"):
        howell(8, 0)
    with pytest.raises(MovementError, match="at least three pairs"):
        howell(2, 2)
    with pytest.raises(MovementError, match="at least one pair"):
        suggest_movement(0)
