"""Movements: which pairs sit where, and which boards they play, round by round.

A movement is a value the teacher can print and the site can follow: for every
round and table the North-South pair, the East-West pair and the boards, plus
the pairs sitting out. Three families, as a club director would choose them
for the size of a class (MiniLesson Six: "a duplicate-style competition ...
with a number of duplicate boards circulating amongst the tables"):

* :func:`mitchell` - North-South stay, East-West move up one table, boards
  move down one table; with an even number of tables East-West skip a table
  after half the rounds (the skip Mitchell).
* :func:`howell` - every pair meets every other pair once (the round-robin
  "circle method"); the boards are either the same at every table in a round
  (a barometer) or circulate so that one copy of each board is enough.
* :func:`same_boards` - one or two tables where everybody plays every board.

:func:`suggest_movement` picks one for a number of pairs. The dealer and
vulnerability of each board follow the board number as in bridge
(:func:`games.deals.dealer_for_board`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from games.deals import Vulnerability, dealer_for_board, vulnerability_for_board
from games.seats import Seat, Side


class MovementError(ValueError):
    """A movement that cannot be built, with a reason a teacher can read."""


@dataclass(frozen=True, order=True)
class Pair:
    """A partnership in a session, named by its number.

    In a Mitchell the North-South pairs and the East-West pairs are numbered
    separately ("NS 3", "EW 3"), so the pair carries its direction; in a
    Howell every pair has its own number and sits either way.
    """

    number: int
    direction: Side | None = None

    def __str__(self) -> str:
        return f"{self.direction.value} {self.number}" if self.direction else str(self.number)

    @classmethod
    def from_str(cls, text: str) -> Pair:
        """``"NS 3"``, ``"EW 3"`` or ``"3"``."""
        parts = text.split()
        try:
            if len(parts) == 2:
                return cls(int(parts[1]), Side(parts[0].upper()))
            if len(parts) == 1:
                return cls(int(parts[0]))
        except ValueError:
            pass
        raise MovementError(f"{text!r} is not a pair (write 3, NS 3 or EW 3)")


class Kind(enum.StrEnum):
    MITCHELL = "mitchell"
    HOWELL = "howell"
    SAME_BOARDS = "same-boards"


@dataclass(frozen=True)
class Sitting:
    """One table in one round. An empty seat (``None``) means the pair at the
    other seat sits out this round."""

    table: int
    ns: Pair | None
    ew: Pair | None
    boards: tuple[int, ...]

    @property
    def is_played(self) -> bool:
        return self.ns is not None and self.ew is not None

    def pairs(self) -> tuple[Pair, ...]:
        return tuple(p for p in (self.ns, self.ew) if p is not None)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Sitting, ...]

    @property
    def sit_outs(self) -> tuple[Pair, ...]:
        return tuple(p for s in self.tables if not s.is_played for p in s.pairs())

    def table(self, number: int) -> Sitting:
        return self.tables[number - 1]


@dataclass(frozen=True)
class Stop:
    """Where one pair is in one round: what a pair's card says."""

    round: int
    table: int
    direction: Side
    opponents: Pair | None  # None: sitting out
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    """A whole movement, round by round, with the boards and who sits out."""

    kind: Kind
    title: str
    rounds: tuple[Round, ...]
    pairs: tuple[Pair, ...]
    boards_per_round: int
    #: Pairs a robot plays (a robot pair makes the numbers even).
    robots: frozenset[Pair] = frozenset()
    #: Anything the director should know, in a sentence each.
    notes: tuple[str, ...] = ()

    @property
    def tables(self) -> int:
        return len(self.rounds[0].tables) if self.rounds else 0

    @property
    def one_winner(self) -> bool:
        """One ranking for every pair (Howell, one table) or one per
        direction (Mitchell, where North-South only meet East-West)."""
        return all(p.direction is None for p in self.pairs)

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for r in self.rounds for s in r.tables for b in s.boards}))

    def times_played(self, board: int) -> int:
        return sum(1 for r in self.rounds for s in r.tables if s.is_played and board in s.boards)

    def dealer(self, board: int) -> Seat:
        return dealer_for_board(board)

    def vulnerability(self, board: int) -> Vulnerability:
        return vulnerability_for_board(board)

    def itinerary(self, pair: Pair) -> tuple[Stop, ...]:
        """Every round for ``pair``: table, direction, opponents and boards."""
        stops = []
        for rnd in self.rounds:
            for sitting in rnd.tables:
                if pair == sitting.ns:
                    stops.append(Stop(rnd.number, sitting.table, Side.NS, sitting.ew,
                                      sitting.boards))
                elif pair == sitting.ew:
                    stops.append(Stop(rnd.number, sitting.table, Side.EW, sitting.ns,
                                      sitting.boards))
        return tuple(stops)

    def next_stop(self, pair: Pair, after_round: int) -> Stop | None:
        """Where ``pair`` goes after ``after_round`` (None when it has finished)."""
        for stop in self.itinerary(pair):
            if stop.round > after_round:
                return stop
        return None

    def sittings(self) -> Iterator[tuple[Round, Sitting]]:
        for rnd in self.rounds:
            for sitting in rnd.tables:
                yield rnd, sitting


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """Board set 1 is boards 1..k, set 2 is k+1..2k, and so on."""
    first = (number - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def _check_boards_per_round(boards_per_round: int) -> None:
    if boards_per_round < 1:
        raise MovementError("each round needs at least one board")


# -- Mitchell ---------------------------------------------------------------


def mitchell(tables: int, boards_per_round: int, *, rounds: int | None = None,
             missing: bool = False) -> Movement:
    """North-South stay at their table, East-West move up one table and the
    boards move down one table after each round.

    With an odd number of tables every East-West pair meets every North-South
    pair and plays every board set. With an even number they would meet their
    own boards again half way, so they skip a table after half the rounds
    (E.T. Baker's skip Mitchell) and the movement stops one round short of the
    number of tables: the last round would be a "revenge round" against the
    pair they started with. Stopping after fewer ``rounds`` still has every
    board played once per round.

    ``missing`` leaves the North-South seat at the last table empty (an odd
    number of pairs): the East-West pair that reaches it sits out that round.
    """
    _check_boards_per_round(boards_per_round)
    if tables < 2:
        raise MovementError("a Mitchell needs at least two tables")
    most = tables if tables % 2 else tables - 1
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise MovementError(f"a {tables}-table Mitchell has from 1 to {most} rounds")
    skip_from = tables // 2 if tables % 2 == 0 else tables  # 0-based round of the skip

    def ew_table(ew: int, rnd: int) -> int:
        return (ew - 1 + rnd + (1 if rnd >= skip_from else 0)) % tables + 1

    played_rounds = []
    for rnd in range(rounds):
        ew_at = {ew_table(ew, rnd): ew for ew in range(1, tables + 1)}
        sittings = []
        for table in range(1, tables + 1):
            ns = None if missing and table == tables else Pair(table, Side.NS)
            # Boards move down one table: table t plays the set table t+1 had.
            boards = board_set((table - 1 + rnd) % tables + 1, boards_per_round)
            sittings.append(Sitting(table, ns, Pair(ew_at[table], Side.EW), boards))
        played_rounds.append(Round(rnd + 1, tuple(sittings)))
    pairs = tuple(Pair(n, Side.NS) for n in range(1, tables + 1) if not (missing and n == tables))
    pairs += tuple(Pair(n, Side.EW) for n in range(1, tables + 1))
    notes = []
    if tables % 2 == 0 and rounds > skip_from:
        notes.append(f"East-West skip a table before round {skip_from + 1}.")
    if missing:
        notes.append(f"Nobody sits North-South at table {tables}: "
                     "the East-West pair there sits out.")
    name = "Skip Mitchell" if tables % 2 == 0 else "Mitchell"
    return Movement(Kind.MITCHELL, f"{name}, {tables} tables", tuple(played_rounds), pairs,
                    boards_per_round, notes=tuple(notes))


# -- Howell -----------------------------------------------------------------

# A round of the circle method, as pairs of positions 0..m-1 (and None for
# the stationary pair): a "starter" lists the partnerships of round 0 by their
# offsets; round r adds r to every offset.
_Starter = tuple[tuple[int, int], ...]


def _patterned_starter(m: int) -> _Starter:
    """The circle method: in round r, position r meets the stationary pair and
    r-d meets r+d for d = 1, 2, ... (m-1)/2."""
    return tuple(((m - d) % m, d) for d in range(1, (m - 1) // 2 + 1))


def _starters(m: int) -> Iterator[_Starter]:
    """Every way to pair the offsets 1..m-1 so that each difference occurs
    once (each such way is a round-robin), the circle method first."""
    yield _patterned_starter(m)

    def extend(left: list[int], used: frozenset[int],
               acc: tuple[tuple[int, int], ...]) -> Iterator[_Starter]:
        if not left:
            yield acc
            return
        x = left[0]
        for y in left[1:]:
            difference = min((y - x) % m, (x - y) % m)
            if difference not in used:
                rest = [z for z in left if z not in (x, y)]
                yield from extend(rest, used | {difference}, acc + ((x, y),))

    yield from extend(list(range(1, m)), frozenset(), ())


def _adder(m: int, starter: _Starter) -> tuple[int, tuple[int, ...]] | None:
    """Board-set offsets (the stationary table's, then one per partnership of
    the starter) such that every set is played once by every pair: a Room
    square. None when this starter has none."""
    used = [False] * m
    covered = [False] * m
    chosen: list[int] = []

    def search(i: int) -> int | None:
        if i == len(starter):
            rest = [x for x in range(m) if not covered[x]]
            stationary = (-rest[0]) % m
            return stationary if len(rest) == 1 and not used[stationary] else None
        x, y = starter[i]
        for offset in range(m):
            p, q = (x - offset) % m, (y - offset) % m
            if used[offset] or covered[p] or covered[q]:
                continue
            used[offset] = covered[p] = covered[q] = True
            chosen.append(offset)
            found = search(i + 1)
            if found is not None:
                return found
            chosen.pop()
            used[offset] = covered[p] = covered[q] = False
        return None

    stationary = search(0)
    return None if stationary is None else (stationary, tuple(chosen))


@cache
def _circulating(m: int) -> tuple[_Starter, int, tuple[int, ...]] | None:
    if m < 7:
        return None  # Room squares of side 3 and 5 do not exist
    for starter in _starters(m):
        found = _adder(m, starter)
        if found:
            return starter, found[0], found[1]
    return None


def howell(pairs: int, boards_per_round: int, *, barometer: bool = False,
           rounds: int | None = None) -> Movement:
    """A complete Howell: every pair meets every other pair once.

    The pairs are scheduled by the round-robin circle method: with n pairs
    (one more, a phantom, when n is odd), pair n stays at table 1 North-South
    and in round r the others meet in fixed patterns that turn by one each
    round, n-1 rounds in all. Whoever meets the phantom sits out, so each pair
    sits out exactly once.

    Boards: with ``barometer`` every table plays the same set in a round (the
    teacher needs one copy of each board per table, and the ranking after each
    round compares everyone). Otherwise the sets circulate so that every set is
    played once by every pair and one copy of each board is enough; such an
    arrangement (a Room square) exists from four tables up, and with two or
    three tables the movement falls back to a barometer.
    """
    _check_boards_per_round(boards_per_round)
    if pairs < 3:
        raise MovementError("a Howell needs at least three pairs")
    real = pairs
    n = pairs + pairs % 2
    m = n - 1
    rounds = m if rounds is None else rounds
    if not 1 <= rounds <= m:
        raise MovementError(f"a Howell for {n} pairs has from 1 to {m} rounds")
    plan = None if barometer else _circulating(m)
    starter = plan[0] if plan else _patterned_starter(m)
    notes = []
    if not barometer and plan is None:
        notes.append(f"With {n // 2} tables the boards cannot circulate: every table "
                     "plays the same boards in a round.")

    def pair(position: int | None) -> Pair | None:
        number = n if position is None else position % m + 1
        return None if number > real else Pair(number)

    # Board-set offsets per table: the stationary table first. A barometer
    # has none: the round number alone chooses the set.
    offsets = (plan[1], *plan[2]) if plan else (0,) * (len(starter) + 1)
    step = 1 if plan else 0
    played_rounds = []
    for r in range(rounds):
        sets = [(r + step * offset) % m + 1 for offset in offsets]
        sittings = [Sitting(1, pair(None), pair(r), board_set(sets[0], boards_per_round))]
        for i, (x, y) in enumerate(starter):
            sittings.append(Sitting(i + 2, pair(r + y), pair(r + x),
                                    board_set(sets[i + 1], boards_per_round)))
        played_rounds.append(Round(r + 1, tuple(sittings)))
    if real < n:
        notes.append(f"Pair {n} is missing: whoever meets it sits out.")
    kind_text = "barometer " if plan is None else ""
    return Movement(Kind.HOWELL, f"Howell {kind_text}for {real} pairs, {n // 2} tables",
                    tuple(played_rounds), tuple(Pair(p) for p in range(1, real + 1)),
                    boards_per_round, notes=tuple(notes))


# -- everybody plays the same boards ----------------------------------------


def same_boards(tables: int, boards: int) -> Movement:
    """One or two tables where every pair plays every board.

    Two tables: the pairs stay put and the two halves of the boards change
    tables after the first round, so each North-South pair is compared with
    the other. One table: the two pairs play the boards, then play them again
    with their directions switched (teaching tip 1, "always play duplicate
    style", and MiniLesson Three's "play the same hand twice"), so each board
    has two results to compare; this is the one movement where a pair meets a
    board twice.
    """
    if tables == 1:
        all_boards = tuple(range(1, boards + 1))
        first = Sitting(1, Pair(1), Pair(2), all_boards)
        second = Sitting(1, Pair(2), Pair(1), all_boards)
        return Movement(Kind.SAME_BOARDS, "Same boards, one table, directions switched",
                        (Round(1, (first,)), Round(2, (second,))), (Pair(1), Pair(2)), boards,
                        notes=("The boards are played twice: the pairs switch directions "
                               "for the second round.",))
    if tables == 2:
        if boards % 2:
            raise MovementError("two tables share the boards in two halves: use an even number")
        half = boards // 2
        rounds = tuple(
            Round(r + 1, tuple(
                Sitting(t, Pair(t, Side.NS), Pair(t, Side.EW),
                        board_set((t - 1 + r) % 2 + 1, half))
                for t in (1, 2)))
            for r in range(2))
        pairs = (Pair(1, Side.NS), Pair(2, Side.NS), Pair(1, Side.EW), Pair(2, Side.EW))
        return Movement(Kind.SAME_BOARDS, "Same boards, two tables", rounds, pairs, half,
                        notes=("The two tables swap boards after the first round.",))
    raise MovementError("everybody plays the same boards only with one or two tables")


# -- choosing a movement ----------------------------------------------------

#: About this many boards fit a classroom session (a MiniBridge board takes
#: pupils 6-8 minutes); the teacher can choose another number.
CLASS_BOARDS = 18


def suggest_movement(pairs: int, *, boards_per_round: int | None = None,
                     robots: bool = False, barometer: bool = False) -> Movement:
    """The movement a club director would use for ``pairs`` pairs.

    One or two tables: everybody plays the same boards. Three to seven tables:
    a Howell (everyone meets everyone). Eight tables and more: a Mitchell.
    An odd number of pairs gets a sit-out, or a robot pair with ``robots``;
    three pairs always get a robot pair, since with one table in play at a
    time no board would be played twice.
    """
    if pairs < 1:
        raise MovementError("a session needs at least one pair")
    robot_pair = pairs % 2 == 1 and (robots or pairs <= 3)
    total = pairs + 1 if robot_pair else pairs
    tables = (total + 1) // 2
    if tables <= 2:
        # One table plays the boards twice, two tables in two halves.
        per_round = boards_per_round or 8
        movement = same_boards(tables, per_round * tables)
    elif tables <= 7:
        rounds = total - 1 if total % 2 == 0 else total
        per_round = boards_per_round or _per_round(rounds)
        movement = howell(total, per_round, barometer=barometer)
    else:
        rounds = tables if tables % 2 else tables - 1
        movement = mitchell(tables, boards_per_round or _per_round(rounds),
                            missing=total % 2 == 1)
    if robot_pair:
        last = movement.pairs[-1]
        movement = Movement(movement.kind, movement.title, movement.rounds, movement.pairs,
                            movement.boards_per_round, frozenset({last}),
                            movement.notes + (f"Pair {last} is a robot pair.",))
    return movement


def _per_round(rounds: int) -> int:
    return max(1, min(4, round(CLASS_BOARDS / rounds)))
