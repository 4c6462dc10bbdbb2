"""League tables: a term of mini-matches between established pairs.

The booklet ("It's flexible and adaptable", shared/rules/minibridge.txt):
"Imagine four pairs at school, I to IV, who play a mini-match against each
of the others, say the best of three or five deals, during the course of a
term. The result of each mini-match is entered in the table and, when all
the encounters are over, the total column should reveal an overall winner."
Each deal is "scored simply as a win or loss for each side, according to
whether the declarer achieves the target or not".

Three parts, all pure values and functions:

* the schedule - a round robin by the circle method (:func:`round_robin`),
  which a teacher may change (:func:`move_match`) and the site may check
  (:func:`check_schedule`);
* the mini-match - its format (:class:`MatchFormat`), how a deal is won
  (:func:`deal_winner`) and where a match stands (:func:`match_state`);
* the table - the grid of pairs against pairs, the total column and the
  standings with their tie-breaks stated as data (:func:`standings`).

A pair is known by any hashable key the caller chooses (a name such as
"II", or a database id); the league keeps the order the pairs were given in.
In a :class:`Match` pair A sits North-South, pair B East-West (unless a deal
says otherwise, :attr:`DealResult.a_sits`).

>>> schedule = round_robin(["I", "II", "III", "IV"])
>>> [str(m) for m in schedule.rounds[0].matches]
['IV v I', 'II v III']
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NamedTuple, Protocol

from games.bridge.target import target_tricks
from games.deals import Deal
from games.seats import Side

#: A pair's key: its name or the site's id for it.
PairKey = Hashable

TRICKS_IN_A_HAND = 13
#: Law 6 redeals at 20-20, so a declaring side holds at least 21 points.
LEAST_DECLARING_HCP = 21
TOTAL_HCP = 40
#: Enough for a term's mini-match; more is surely a typing slip.
MOST_DEALS = 36


class TypedResult(Protocol):
    """A deal's result typed in from a real table and checked by its game (MiniBridge's
    ``CheckedResult``, through its play by pairs): what :meth:`DealResult.from_checked`
    reads, so the league names no game."""

    @property
    def board(self) -> int: ...
    @property
    def tricks_ns(self) -> int: ...
    @property
    def score(self) -> Mapping[Side, int]: ...
    @property
    def declaring_side(self) -> Side | None: ...
    @property
    def combined_hcp(self) -> int | None: ...


class LeagueError(ValueError):
    """A schedule, a result or a table that cannot be right, with a reason a
    teacher can read."""


class ScheduleError(LeagueError):
    """A schedule that breaks the round robin's rules; ``problems`` lists every one."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = tuple(problems)


class MatchOverError(LeagueError):
    """A deal typed in for a mini-match that is already decided."""


# -- the schedule -------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """One encounter: pair A sits North-South, pair B East-West."""

    pair_a: PairKey
    pair_b: PairKey

    def __str__(self) -> str:
        return f"{self.pair_a} v {self.pair_b}"

    @property
    def pairs(self) -> tuple[PairKey, PairKey]:
        return (self.pair_a, self.pair_b)

    def involves(self, pair: PairKey) -> bool:
        return pair in self.pairs

    def opponent(self, pair: PairKey) -> PairKey:
        if pair == self.pair_a:
            return self.pair_b
        if pair == self.pair_b:
            return self.pair_a
        raise LeagueError(f"{pair} does not play in {self}.")

    def swapped(self) -> Match:
        """The return encounter of a double round robin: seats swapped."""
        return Match(self.pair_b, self.pair_a)


@dataclass(frozen=True)
class Round:
    """One round of the league: its matches, and the pair with the bye (an
    odd number of pairs) or ``None``."""

    number: int
    matches: tuple[Match, ...]
    bye: PairKey | None = None

    def playing(self) -> tuple[PairKey, ...]:
        return tuple(p for m in self.matches for p in m.pairs)

    def match_of(self, pair: PairKey) -> Match | None:
        return next((m for m in self.matches if m.involves(pair)), None)

    def resting(self, pairs: Iterable[PairKey]) -> tuple[PairKey, ...]:
        """Every pair not playing this round: the bye, and after the teacher
        has moved matches away, their pairs too."""
        playing = set(self.playing())
        return tuple(p for p in pairs if p not in playing)


@dataclass(frozen=True)
class Schedule:
    """A league's rounds. ``pairs`` in the league's own order (taken from the
    rounds when not given); ``meetings`` is 1 (each pair meets each other
    once) or 2 (a double round robin, the second time with seats swapped)."""

    rounds: tuple[Round, ...]
    pairs: tuple[PairKey, ...] = ()
    meetings: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "rounds", tuple(self.rounds))
        if not self.pairs:
            seen: dict[PairKey, None] = {}
            for rnd in self.rounds:
                for pair in (*rnd.playing(), *([rnd.bye] if rnd.bye is not None else [])):
                    seen.setdefault(pair, None)
            object.__setattr__(self, "pairs", tuple(seen))
        object.__setattr__(self, "pairs", tuple(self.pairs))

    def matches(self) -> tuple[tuple[Round, Match], ...]:
        return tuple((rnd, m) for rnd in self.rounds for m in rnd.matches)

    def round_of(self, match: Match) -> Round:
        for rnd, m in self.matches():
            if m == match:
                return rnd
        raise LeagueError(f"{match} is not in the schedule.")

    def matches_of(self, pair: PairKey) -> tuple[tuple[Round, Match], ...]:
        """A pair's matches, round by round (what its page lists)."""
        return tuple((rnd, m) for rnd, m in self.matches() if m.involves(pair))

    def encounters(self, pair: PairKey, other: PairKey) -> tuple[Match, ...]:
        """The matches between two pairs, in the order of the rounds."""
        return tuple(m for _, m in self.matches() if set(m.pairs) == {pair, other})


def round_robin(pairs: Sequence[PairKey], *, meetings: int = 1) -> Schedule:
    """Each pair meets each other pair once (``meetings=2``: twice, the second
    time with seats swapped), by the circle method.

    One pair stays put and the others turn round it by one place a round;
    with an odd number of pairs the one that stays put is missing, and
    whoever would meet it has the bye - so each pair has exactly one bye in
    each cycle, pair k in round k. Seats are shared out evenly: in a cycle a
    pair sits North-South in half its matches, or one more or one fewer.
    """
    pairs = _league_pairs(pairs)
    if meetings not in (1, 2):
        raise LeagueError("Pairs meet once (a round robin) or twice (a double round robin), "
                          f"not {meetings} times.")
    first = _circle(pairs)
    rounds = list(first)
    if meetings == 2:
        # The return cycle: the same rounds again with every match's seats swapped.
        rounds += [Round(len(first) + rnd.number, tuple(m.swapped() for m in rnd.matches),
                         rnd.bye) for rnd in first]
    return Schedule(tuple(rounds), pairs, meetings)


def _league_pairs(pairs: Sequence[PairKey]) -> tuple[PairKey, ...]:
    pairs = tuple(pairs)
    if len(pairs) < 2:
        raise LeagueError("A league needs at least two pairs.")
    twice = sorted({str(p) for p in pairs if pairs.count(p) > 1})
    if twice:
        raise LeagueError(f"Each pair is in the league once: {', '.join(twice)} is there twice.")
    if None in pairs:
        raise LeagueError("Every pair needs a name.")
    return pairs


def _circle(pairs: tuple[PairKey, ...]) -> tuple[Round, ...]:
    """The circle method. The pairs but the last turn round a circle of
    ``k`` places (k odd); in round r the pair at place r meets the last pair
    (or has the bye when the number of pairs is odd) and the pairs at places
    r-d and r+d meet. Seats: the last pair sits North-South in the odd rounds;
    of two turning pairs, the one from which the other is 1..(k-1)/2 places
    on round the circle sits North-South (a rotational tournament, which gives
    every turning pair (k-1)/2 matches each way)."""
    odd = len(pairs) % 2 == 1
    turning = pairs if odd else pairs[:-1]
    still = None if odd else pairs[-1]
    k = len(turning)
    rounds = []
    for r in range(k):
        matches = []
        if still is not None:
            matches.append(Match(still, turning[r]) if r % 2 == 0 else Match(turning[r], still))
        for d in range(1, (k - 1) // 2 + 1):
            x, y = (r - d) % k, (r + d) % k
            ahead = (y - x) % k <= (k - 1) // 2
            north_south, east_west = (x, y) if ahead else (y, x)
            matches.append(Match(turning[north_south], turning[east_west]))
        rounds.append(Round(r + 1, tuple(matches), turning[r] if odd else None))
    return tuple(rounds)


def schedule_problems(schedule: Schedule) -> list[str]:
    """Everything wrong with a schedule, in words (empty when it is valid):
    unknown pairs, a pair in two places in one round, a pair playing itself,
    encounters missing or repeated, a double round robin's return match not
    swapping seats, rounds out of order."""
    problems: list[str] = []
    pairs = schedule.pairs
    known = set(pairs)
    if len(pairs) < 2:
        problems.append("A league needs at least two pairs.")
    if len(known) != len(pairs):
        problems.append("A pair is in the league twice.")
    if schedule.meetings not in (1, 2):
        problems.append(f"Pairs meet once or twice, not {schedule.meetings} times.")
    numbers = [rnd.number for rnd in schedule.rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"The rounds should be numbered 1 to {len(numbers)} in order.")
    for rnd in schedule.rounds:
        problems += _round_problems(rnd, known)
    problems += _meeting_problems(schedule)
    return problems


def _round_problems(rnd: Round, known: set[PairKey]) -> list[str]:
    problems = []
    places: dict[PairKey, int] = defaultdict(int)
    for match in rnd.matches:
        for pair in match.pairs:
            places[pair] += 1
        if match.pair_a == match.pair_b:
            problems.append(f"Round {rnd.number}: {match.pair_a} cannot play itself.")
    if rnd.bye is not None:
        places[rnd.bye] += 1
    for pair, count in places.items():
        if pair not in known:
            problems.append(f"Round {rnd.number}: {pair} is not a pair of this league.")
        elif count > 1:
            problems.append(f"Round {rnd.number}: {pair} is in {count} places at once.")
    return problems


def _meeting_problems(schedule: Schedule) -> list[str]:
    """Every two pairs meet ``meetings`` times; twice: once each way round."""
    problems = []
    want = schedule.meetings
    times = {1: "once", 2: "twice"}
    pairs = schedule.pairs
    met = _encounters_by_pairs(schedule)
    for i, pair in enumerate(pairs):
        for other in pairs[i + 1:]:
            found = met.get(frozenset((pair, other)), ())
            if len(found) != want:
                problems.append(f"{pair} and {other} meet {len(found)} times, not "
                                f"{times.get(want, want)}.")
            elif want == 2 and found[0] != found[1].swapped():
                problems.append(f"{pair} and {other} sit the same way round in both their "
                                f"matches: the return match swaps seats.")
    return problems


def _encounters_by_pairs(schedule: Schedule) -> dict[frozenset[PairKey], tuple[Match, ...]]:
    met: dict[frozenset[PairKey], list[Match]] = defaultdict(list)
    for _, match in schedule.matches():
        met[frozenset(match.pairs)].append(match)
    return {key: tuple(matches) for key, matches in met.items()}


def check_schedule(schedule: Schedule) -> Schedule:
    """The schedule itself if valid; otherwise :class:`ScheduleError` naming every problem."""
    problems = schedule_problems(schedule)
    if problems:
        raise ScheduleError(problems)
    return schedule


def move_match(schedule: Schedule, match: Match, to_round: int) -> Schedule:
    """The schedule with ``match`` moved to round ``to_round`` (one past the
    last round adds a round). Neither pair may already play in that round; a
    pair that had the bye there plays instead (its bye is gone). The round the
    match leaves keeps its other matches; its two pairs rest that round."""
    source = schedule.round_of(match)
    last = len(schedule.rounds)
    if isinstance(to_round, bool) or not isinstance(to_round, int) or not 1 <= to_round <= last + 1:
        raise LeagueError(f"Move {match} to a round from 1 to {last + 1}, not {to_round!r}.")
    if to_round == source.number:
        return schedule
    rounds = list(schedule.rounds)
    if to_round == last + 1:
        rounds.append(Round(to_round, ()))
    target = rounds[to_round - 1]
    for pair in match.pairs:
        busy = target.match_of(pair)
        if busy is not None:
            raise LeagueError(f"{match} cannot move to round {to_round}: {pair} already plays "
                              f"{busy.opponent(pair)} in round {to_round}.")
    bye = None if target.bye in match.pairs else target.bye
    rounds[to_round - 1] = replace(target, matches=target.matches + (match,), bye=bye)
    rounds[source.number - 1] = replace(
        source, matches=tuple(m for m in source.matches if m != match))
    return check_schedule(replace(schedule, rounds=tuple(rounds)))


def next_match(schedule: Schedule, pair: PairKey,
               finished: Collection[Match]) -> tuple[Round, Match] | None:
    """The pair's first match in round order that is not finished (its next
    opponent), or ``None`` when it has played them all."""
    if pair not in schedule.pairs:
        raise LeagueError(f"{pair} is not a pair of this league.")
    return next(((rnd, m) for rnd, m in schedule.matches_of(pair) if m not in finished), None)


# -- a mini-match -----------------------------------------------------------------


class Length(enum.StrEnum):
    BEST_OF = "best-of"  # stops when one side has won a majority of the deals
    DEALS = "deals"      # a set number of deals, all played; may end level


class WonBy(enum.StrEnum):
    #: The booklet's recommendation: the declaring side wins the deal if it
    #: makes the target for its combined points, otherwise the defenders.
    TARGET = "target"
    #: MiniBridge score: the side that scores points on the deal wins it.
    SCORE = "score"


@dataclass(frozen=True)
class MatchFormat:
    """How long a mini-match is and how a deal is won."""

    length: Length
    deals: int
    won_by: WonBy = WonBy.TARGET

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "length", Length(self.length))
            object.__setattr__(self, "won_by", WonBy(self.won_by))
        except ValueError as exc:
            raise LeagueError(f"A mini-match is best of n deals or a set number of deals, each "
                              f"won against the target or by score ({exc}).") from None
        n = self.deals
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MOST_DEALS:
            raise LeagueError(f"A mini-match has from 1 to {MOST_DEALS} deals, not {n!r}.")
        if self.length is Length.BEST_OF and n % 2 == 0:
            raise LeagueError(f"Best of {n} could end level: choose an odd number, e.g. "
                              f"best of {n - 1} or {n + 1}, or a set number of {n} deals.")

    @classmethod
    def best_of(cls, deals: int, won_by: WonBy | str = WonBy.TARGET) -> MatchFormat:
        return cls(Length.BEST_OF, deals, WonBy(won_by))

    @classmethod
    def fixed(cls, deals: int, won_by: WonBy | str = WonBy.TARGET) -> MatchFormat:
        return cls(Length.DEALS, deals, WonBy(won_by))

    @property
    def majority(self) -> int | None:
        """Deals a side needs to win a best-of match; ``None`` for a set number."""
        return self.deals // 2 + 1 if self.length is Length.BEST_OF else None

    def words(self) -> str:
        """ "best of 3 deals, each won against the target tricks" """
        length = (f"best of {self.deals} deals" if self.length is Length.BEST_OF
                  else f"{self.deals} deal{'s' if self.deals > 1 else ''}")
        how = ("against the target tricks" if self.won_by is WonBy.TARGET
               else "by MiniBridge score")
        return f"{length}, each won {how}"


@dataclass(frozen=True)
class DealResult:
    """What the league needs to know of one deal of a mini-match.

    ``tricks_ns``: North-South's tricks. ``score_ns``/``score_ew``: what each
    side scored (Laws 16-17; in MiniLessons 1-2 the tricks; in the target
    variant 1 for the deal's winner). ``declaring_side`` and its
    ``combined_hcp`` (``None`` in MiniLessons 1-2, which have no declarer).
    ``a_sits``: the side pair A sat on for this deal (North-South unless the
    pairs changed seats).
    """

    tricks_ns: int
    score_ns: int
    score_ew: int
    declaring_side: Side | None = None
    combined_hcp: int | None = None
    a_sits: Side = Side.NS
    board: int | None = None

    def __post_init__(self) -> None:
        for name in ("tricks_ns", "score_ns", "score_ew"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise LeagueError(f"{self._label()}: {name.replace('_', ' ')} must be a whole "
                                  f"number, not {value!r}.")
        if self.tricks_ns > TRICKS_IN_A_HAND:
            raise LeagueError(f"{self._label()}: a deal has 13 tricks, so North-South cannot "
                              f"win {self.tricks_ns}.")
        object.__setattr__(self, "a_sits", Side(self.a_sits))
        if self.declaring_side is None:
            self._check_no_declarer()
        else:
            object.__setattr__(self, "declaring_side", Side(self.declaring_side))
            self._check_declarer()

    def _label(self) -> str:
        return f"Board {self.board}" if self.board is not None else "This deal"

    def _check_no_declarer(self) -> None:
        """MiniLessons 1-2: the score is the tricks each side won."""
        if self.combined_hcp is not None:
            raise LeagueError(f"{self._label()}: combined points belong to a declaring side; "
                              f"none is given.")
        if (self.score_ns, self.score_ew) != (self.tricks_ns, TRICKS_IN_A_HAND - self.tricks_ns):
            raise LeagueError(f"{self._label()}: without a declarer the score is the tricks "
                              f"each side won ({self.tricks_ns} and "
                              f"{TRICKS_IN_A_HAND - self.tricks_ns}).")

    def _check_declarer(self) -> None:
        """Law 7: the declaring side holds more than 20 points; Laws 16-17:
        exactly one side scores on a deal."""
        points = self.combined_hcp
        if isinstance(points, bool) or not isinstance(points, int) or not (
                LEAST_DECLARING_HCP <= points <= TOTAL_HCP):
            raise LeagueError(f"{self._label()}: the declaring side holds from 21 to 40 points "
                              f"(Laws 6-7), not {points!r}.")
        if (self.score_ns > 0) == (self.score_ew > 0):
            raise LeagueError(f"{self._label()}: exactly one side scores on a deal (Laws "
                              f"16-17), not {self.score_ns} to North-South and {self.score_ew} "
                              f"to East-West.")

    @property
    def declarer_tricks(self) -> int | None:
        if self.declaring_side is None:
            return None
        if self.declaring_side is Side.NS:
            return self.tricks_ns
        return TRICKS_IN_A_HAND - self.tricks_ns

    @classmethod
    def from_checked(cls, checked: TypedResult, *, a_sits: Side = Side.NS) -> DealResult:
        """From a result typed in at a real table and checked by its game
        (MiniBridge's :func:`games.minibridge.results.result_check`)."""
        return cls(checked.tricks_ns, checked.score[Side.NS], checked.score[Side.EW],
                   checked.declaring_side, checked.combined_hcp, a_sits, checked.board)

    @classmethod
    def from_hand(cls, result: Mapping[str, Any], deal: Deal, *,
                  a_sits: Side = Side.NS) -> DealResult:
        """From a hand played online: ``MiniBridge.result()`` and its deal (the
        combined points are the declaring side's cards, Law 4)."""
        if result.get("redeal"):
            raise LeagueError(f"Board {deal.board} was dealt again (Law 6): it is not a deal "
                              f"of the match.")
        try:
            tricks_ns = int(result["tricks_by_side"]["NS"])
            score = result["score"]
            score_ns, score_ew = int(score["NS"]), int(score["EW"])
        except (KeyError, TypeError, ValueError) as exc:
            raise LeagueError(f"Board {deal.board}: the hand's result is not finished.") from exc
        side = Side(result["declaring_side"]) if result.get("declaring_side") else None
        points = deal.side_hcp(side) if side is not None else None
        return cls(tricks_ns, score_ns, score_ew, side, points, a_sits, deal.board)


#: Which pair of a match: pair A or pair B.
A, B = "a", "b"


def deal_winner(won_by: WonBy | str, deal: DealResult) -> Side:
    """The side that won the deal.

    Against the target (the booklet: "each deal be scored simply as a win or
    loss for each side, according to whether the declarer achieves the target
    or not"): the declaring side if it took the target tricks for its
    combined points, otherwise the defenders. By score: the side that scored
    points. Without a declarer (MiniLessons 1-2) either way the side that won
    most tricks, seven or more.
    """
    if deal.declaring_side is None:
        return Side.NS if deal.tricks_ns * 2 > TRICKS_IN_A_HAND else Side.EW
    if WonBy(won_by) is WonBy.TARGET:
        made = deal.declarer_tricks >= target_tricks(deal.combined_hcp)  # type: ignore[operator, arg-type]
        return deal.declaring_side if made else deal.declaring_side.other
    return Side.NS if deal.score_ns > deal.score_ew else Side.EW


class MatchState(NamedTuple):
    """Where a mini-match stands: deals won by pair A and by pair B, whether
    it is over, and the winner (``"a"``, ``"b"``, or ``None`` while it goes on
    or when a set number of deals ends level)."""

    wins_a: int
    wins_b: int
    finished: bool
    winner: str | None

    def score_for(self, pair_is_a: bool) -> str:
        """ "2-1" from one pair's side."""
        return f"{self.wins_a}-{self.wins_b}" if pair_is_a else f"{self.wins_b}-{self.wins_a}"


def match_state(format: MatchFormat, deal_results: Sequence[DealResult]) -> MatchState:
    """Count the deals of a mini-match in order. Best of n stops as soon as
    one pair has a majority; a set number of deals stops after the last. A
    deal after the match is over raises :class:`MatchOverError`."""
    wins = {A: 0, B: 0}
    over = False
    for number, deal in enumerate(deal_results, start=1):
        if over:
            raise MatchOverError(_over_message(format, wins, number))
        side = deal_winner(format.won_by, deal)
        wins[A if side is deal.a_sits else B] += 1
        over = _decided(format, wins, number)
    winner = None
    if over and wins[A] != wins[B]:
        winner = A if wins[A] > wins[B] else B
    return MatchState(wins[A], wins[B], over, winner)


def _decided(format: MatchFormat, wins: Mapping[str, int], played: int) -> bool:
    if format.length is Length.BEST_OF:
        return max(wins.values()) >= format.majority  # type: ignore[operator]
    return played >= format.deals


def _over_message(format: MatchFormat, wins: Mapping[str, int], number: int) -> str:
    return (f"The match is over ({format.words()}): it ended {wins[A]}-{wins[B]} after "
            f"deal {number - 1}, so deal {number} is not part of it.")


def match_add(format: MatchFormat, deal_results: Sequence[DealResult],
              deal: DealResult) -> tuple[DealResult, ...]:
    """The match's deals with one more; :class:`MatchOverError` (and nothing
    added) if the match was already over."""
    state = match_state(format, deal_results)
    if state.finished:
        raise MatchOverError(_over_message(format, {A: state.wins_a, B: state.wins_b},
                                           len(deal_results) + 1))
    return (*deal_results, deal)


# -- the table --------------------------------------------------------------------


@dataclass(frozen=True)
class TieBreak:
    """One way of ordering the standings, as the page prints it."""

    key: str
    words: str


MATCHES_WON = TieBreak("matches-won", "matches won")
HEAD_TO_HEAD = TieBreak("head-to-head", "head-to-head")
DEALS_WON = TieBreak("deals-won", "deals won")
DEALS_LOST = TieBreak("deals-lost", "fewer deals lost")
#: The order the standings are sorted by; a tie that survives them all shares the place.
TIE_BREAKS: tuple[TieBreak, ...] = (MATCHES_WON, HEAD_TO_HEAD, DEALS_WON, DEALS_LOST)


def tie_break_text(tie_breaks: Sequence[TieBreak] = TIE_BREAKS) -> str:
    """ "Tie-breaks: 1. matches won 2. head-to-head 3. deals won 4. fewer deals lost" """
    return "Tie-breaks: " + " ".join(f"{i}. {t.words}" for i, t in enumerate(tie_breaks, 1))


@dataclass(frozen=True)
class Cell:
    """One square of the grid: the row pair's encounters with the column pair,
    in round order, each "2-1" from the row pair's side or ``None`` until the
    match is over (a double round robin has two)."""

    row: PairKey
    column: PairKey
    results: tuple[str | None, ...]

    @property
    def text(self) -> str:
        if all(r is None for r in self.results):
            return ""
        return " / ".join(r or "" for r in self.results)


@dataclass(frozen=True)
class Line:
    """A pair's line of the standings. ``total`` is the total column: matches
    won, a level match counting a half. ``behind_on`` is the tie-break that
    put this pair below the one above it (``None`` for the first line and for a
    pair level with the one above: a shared place)."""

    pair: PairKey
    place: int
    shared: bool
    played: int
    won: int
    level: int
    lost: int
    deals_won: int
    deals_lost: int
    total: Fraction
    behind_on: TieBreak | None = None

    @property
    def place_text(self) -> str:
        return f"{self.place}=" if self.shared else str(self.place)

    @property
    def total_text(self) -> str:
        return points_text(self.total)


def points_text(value: Fraction) -> str:
    """2 -> "2", 5/2 -> "2½", 1/2 -> "½"."""
    whole, half = divmod(value, 1)
    if half == 0:
        return str(int(whole))
    return f"{int(whole) if whole else ''}½"


@dataclass(frozen=True)
class LeagueTable:
    """The booklet's league table, live: the grid, the total column and the
    standings, with the tie-breaks used and the matches still going on."""

    pairs: tuple[PairKey, ...]
    format: MatchFormat
    grid: tuple[tuple[Cell | None, ...], ...]
    lines: tuple[Line, ...]
    states: Mapping[Match, MatchState]
    tie_breaks: tuple[TieBreak, ...] = TIE_BREAKS
    totals: Mapping[PairKey, Fraction] = field(default_factory=dict)

    def cell(self, row: PairKey, column: PairKey) -> Cell | None:
        return self.grid[self.pairs.index(row)][self.pairs.index(column)]

    def line(self, pair: PairKey) -> Line:
        return next(line for line in self.lines if line.pair == pair)

    def tie_break_text(self) -> str:
        return tie_break_text(self.tie_breaks)

    @property
    def in_progress(self) -> tuple[Match, ...]:
        return tuple(m for m, s in self.states.items() if not s.finished and s.wins_a + s.wins_b)

    @property
    def finished(self) -> bool:
        return all(s.finished for s in self.states.values())


def standings(*, schedule: Schedule, format: MatchFormat,
              deals: Mapping[Match, Sequence[DealResult]]) -> LeagueTable:
    """The league table from the deals of each match.

    Only a finished mini-match counts (in the grid, the totals and the deals
    won and lost). The total column is matches won, a level match (possible
    with a set number of deals) counting a half to each pair. Ties are broken
    in the order of :data:`TIE_BREAKS`: head-to-head (matches won in the
    finished encounters among the pairs still level), then deals won, then
    fewer deals lost. Whenever a tie-break separates some of the level pairs,
    the tie-breaks are applied again from the top among those still level; a
    tie that survives them all shares the place.
    """
    check_schedule(schedule)
    states = _match_states(schedule, format, deals)
    tally = _Tally(schedule.pairs)
    for match, state in states.items():
        if state.finished:
            tally.add(match, state)
    ranked = _rank(list(schedule.pairs), tally)
    lines = _lines(ranked, tally)
    met = _encounters_by_pairs(schedule)
    grid = tuple(tuple(_cell(met.get(frozenset((row, col)), ()), states, row, col)
                       if row != col else None for col in schedule.pairs)
                 for row in schedule.pairs)
    return LeagueTable(schedule.pairs, format, grid, lines, states,
                       totals={p: tally.total(p) for p in schedule.pairs})


def _match_states(schedule: Schedule, format: MatchFormat,
                  deals: Mapping[Match, Sequence[DealResult]]) -> dict[Match, MatchState]:
    scheduled = {m: None for _, m in schedule.matches()}
    known = set(schedule.pairs)
    for match in deals:
        for pair in match.pairs:
            if pair not in known:
                raise LeagueError(f"{pair} is not a pair of this league.")
        if match not in scheduled:
            hint = ""
            if match.swapped() in scheduled:
                hint = f" (it has {match.swapped()}: the first pair named sits North-South)"
            raise LeagueError(f"{match} is not in the schedule{hint}.")
    states = {}
    for match in scheduled:
        try:
            states[match] = match_state(format, deals.get(match, ()))
        except LeagueError as exc:
            raise type(exc)(f"{match}: {exc}") from None
    return states


class _Tally:
    """Matches and deals per pair, and matches won against each opponent."""

    def __init__(self, pairs: Sequence[PairKey]) -> None:
        self.won = dict.fromkeys(pairs, 0)
        self.level = dict.fromkeys(pairs, 0)
        self.lost = dict.fromkeys(pairs, 0)
        self.deals_won = dict.fromkeys(pairs, 0)
        self.deals_lost = dict.fromkeys(pairs, 0)
        #: (pair, opponent) -> match points pair took from opponent.
        self.against: dict[tuple[PairKey, PairKey], Fraction] = defaultdict(Fraction)

    def add(self, match: Match, state: MatchState) -> None:
        a, b = match.pairs
        self.deals_won[a] += state.wins_a
        self.deals_lost[a] += state.wins_b
        self.deals_won[b] += state.wins_b
        self.deals_lost[b] += state.wins_a
        if state.winner is None:
            self.level[a] += 1
            self.level[b] += 1
            self.against[a, b] += Fraction(1, 2)
            self.against[b, a] += Fraction(1, 2)
            return
        winner, loser = (a, b) if state.winner == A else (b, a)
        self.won[winner] += 1
        self.lost[loser] += 1
        self.against[winner, loser] += 1

    def total(self, pair: PairKey) -> Fraction:
        return self.won[pair] + Fraction(self.level[pair], 2)

    def key(self, tie_break: TieBreak, pair: PairKey, group: Sequence[PairKey]) -> Fraction:
        """Larger is better."""
        if tie_break is MATCHES_WON:
            return self.total(pair)
        if tie_break is HEAD_TO_HEAD:
            return sum((self.against[pair, other] for other in group if other != pair),
                       Fraction(0))
        if tie_break is DEALS_WON:
            return Fraction(self.deals_won[pair])
        return Fraction(-self.deals_lost[pair])


#: A ranked group: its pairs in order, each with the tie-break that put it
#: below the one before (None: first, or level with the one before).
_Ranked = list[list[tuple[PairKey, TieBreak | None]]]


def _rank(group: list[PairKey], tally: _Tally) -> _Ranked:
    """Places for ``group``: a list of tied groups, best first."""
    if len(group) == 1:
        return [[(group[0], None)]]
    for tie_break in TIE_BREAKS:
        keys = {p: tally.key(tie_break, p, group) for p in group}
        values = sorted(set(keys.values()), reverse=True)
        if len(values) == 1:
            continue
        ranked: _Ranked = []
        for value in values:
            sub = _rank([p for p in group if keys[p] == value], tally)
            if ranked:
                first_pair, _ = sub[0][0]
                sub[0][0] = (first_pair, tie_break)
            ranked += sub
        return ranked
    return [[(p, None) for p in group]]


def _lines(ranked: _Ranked, tally: _Tally) -> tuple[Line, ...]:
    lines = []
    place = 1
    for tied in ranked:
        for pair, behind_on in tied:
            lines.append(Line(pair, place, len(tied) > 1, tally.won[pair] + tally.level[pair]
                              + tally.lost[pair], tally.won[pair], tally.level[pair],
                              tally.lost[pair], tally.deals_won[pair], tally.deals_lost[pair],
                              tally.total(pair), behind_on))
        place += len(tied)
    return tuple(lines)


def _cell(encounters: Sequence[Match], states: Mapping[Match, MatchState], row: PairKey,
          column: PairKey) -> Cell:
    results = []
    for match in encounters:
        state = states[match]
        results.append(state.score_for(match.pair_a == row) if state.finished else None)
    return Cell(row, column, tuple(results))
