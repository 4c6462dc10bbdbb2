"""Duplicate scoring: travellers, matchpoints, IMPs against the datum, win/loss, rankings.

In a duplicate session the same board is played at several tables and each
result is compared with the others (teaching tip 1, "always play duplicate
style"; MiniLesson Six, "the North-South players competing against one
another, likewise the East-Wests"). Everything here is a pure function of
the results written on the travellers; a result's score is a number, so the
same code scores MiniBridge boards (scored by the game's own rules), bridge
boards read from a club's PBN file, and the target-tricks variant.

Units: matchpoints are counted two for each pair beaten and one for each
pair tied with, so a board's top is 2(n-1) for n results and every count is
a whole number until Neuberg's formula rescales a board played fewer times.

A result may be an artificial adjusted score (Law 12C2: average-plus,
average, average-minus) instead of a score: :class:`Adjusted`, written
"A6040" (North-South 60%, East-West 40%) as club programs write it.
Exact values are whole numbers or :class:`fractions.Fraction` (:data:`Points`);
:func:`format_points` and
:func:`format_percentage` round them for people (half up, 2 decimals).
"""

from __future__ import annotations

import enum
import math
import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from games.bridge import pbn
from games.bridge.contracts import Contract, InvalidContractError, duplicate_score
from games.deals import Vulnerability, vulnerability_for_board
from games.movements import Pair
from games.seats import Seat, Side

#: An exact number of points: whole until a rescaled board makes it a fraction.
Points = int | Fraction


class ScoringError(ValueError):
    """Results that cannot be scored together, with a reason a teacher can read."""


class Method(enum.StrEnum):
    MATCHPOINTS = "matchpoints"
    IMPS = "imps"  # IMPs against the datum (Butler scoring)
    WIN_LOSS = "win-loss"  # the target-tricks variant: one point per board won


#: Law 12C2's artificial adjusted scores, as a share of the board's top for
#: matchpoints (and for a board won or lost), and in IMPs against the datum.
ADJUSTED_WORDS = {60: "average-plus", 50: "average", 40: "average-minus"}
ADJUSTED_IMPS = {60: 3, 50: 0, 40: -3}


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: what each side gets on the board, in percent
    of the board's top (Law 12C2: 60 average-plus, 50 average, 40 average-minus;
    the two need not add up to 100, both sides may be non-offending).

    >>> Adjusted.from_str("A6040")
    Adjusted(ns=60, ew=40)
    >>> str(Adjusted(50, 50))
    'A5050'
    """

    ns: int
    ew: int

    def __post_init__(self) -> None:
        for share in (self.ns, self.ew):
            if share not in ADJUSTED_WORDS:
                raise ScoringError(f"an artificial score gives 60, 50 or 40 per cent, "
                                   f"not {share}")

    @classmethod
    def from_str(cls, text: str) -> Adjusted:
        """"A6040" (EBUScore's and our notation), or "A=" for an average each way."""
        text = text.strip().upper()
        if text == "A=":
            return cls(50, 50)
        match = _ADJUSTED.fullmatch(text)
        if match is None:
            raise ScoringError(f"{text!r} is not an artificial score (A5050, A6040, A4060)")
        return cls(int(match[1]), int(match[2]))

    def __str__(self) -> str:
        return f"A{self.ns}{self.ew}"

    def words(self) -> str:
        """"average-plus to North-South, average-minus to East-West"."""
        if self.ns == self.ew:
            return f"{ADJUSTED_WORDS[self.ns]} to both sides"
        return (f"{ADJUSTED_WORDS[self.ns]} to North-South, "
                f"{ADJUSTED_WORDS[self.ew]} to East-West")


_ADJUSTED = re.compile(r"A([46]0|50)([46]0|50)")


def adjusted_in(text: str) -> Adjusted | None:
    """The artificial score a traveller's contract cell holds ("A6040"), else ``None``.

    >>> adjusted_in("A5050"), adjusted_in("3NTN=")
    (Adjusted(ns=50, ew=50), None)
    """
    text = text.strip().upper()
    return Adjusted.from_str(text) if _ADJUSTED.fullmatch(text) else None


@dataclass(frozen=True)
class BoardResult:
    """One line of a traveller: who played the board and what they scored.

    ``score`` is North-South's score (negative when East-West scored), as a
    traveller is written. ``won_by`` is for the target-tricks variant: the
    side that won the board; without it the side with the positive score won.
    ``adjusted``: the board was not played to a result and the director gave
    an artificial score (then ``score`` is not compared with anything).
    """

    board: int
    ns: Pair
    ew: Pair
    score: int
    contract: str = ""
    declarer: Seat | None = None
    tricks: int | None = None
    table: int | None = None
    round: int | None = None
    won_by: Side | None = None
    adjusted: Adjusted | None = None

    def winner(self) -> Side | None:
        if self.won_by is not None:
            return self.won_by
        return Side.NS if self.score > 0 else Side.EW if self.score < 0 else None


def board_result_from_hand(board: int, ns: Pair, ew: Pair, result: Mapping[str, Any], *,
                           table: int | None = None, round: int | None = None) -> BoardResult:
    """A traveller line from a finished hand's ``result()`` (as MiniBridge
    gives it): the score is North-South's points less East-West's, so the
    defenders' undertrick points (Law 17) count against North-South when
    North-South declared and for them when they defended. In MiniLessons 1-2
    the score is the tricks each side won, compared the same way. The
    target-tricks variant's "win" decides :attr:`BoardResult.won_by`."""
    if result.get("redeal"):
        raise ScoringError(f"board {board} was redealt: there is no result to compare")
    points = result.get("score") or {}
    try:
        score = int(points["NS"]) - int(points["EW"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ScoringError(f"board {board}: the result has no score for NS and EW") from exc
    declarer = result.get("declarer")
    win = result.get("win")
    return BoardResult(board, ns, ew, score, contract=result.get("contract_string") or "",
                       declarer=Seat.from_str(declarer) if declarer else None,
                       tricks=result.get("tricks"), table=table, round=round,
                       won_by=Side(win) if win else None)


# -- matchpoints ------------------------------------------------------------


def matchpoints(scores: Sequence[int]) -> tuple[int, ...]:
    """North-South matchpoints for each score: 2 for each other score it
    beats and 1 for each it ties with. East-West's are the top, 2(n-1),
    minus North-South's (their scores are the same numbers, negated)."""
    ordered = sorted(scores)
    points = []
    for score in scores:
        beaten = bisect_left(ordered, score)
        tied = bisect_right(ordered, score) - beaten - 1  # not counting itself
        points.append(2 * beaten + tied)
    return tuple(points)


def top(times_played: int) -> int:
    """The most matchpoints a result can earn: 2 for each other result."""
    return 2 * (times_played - 1)


def neuberg(points: Points, times_played: int, most_played: int) -> Points:
    """Neuberg's formula, scaling a board played n times to the N times of a
    full board: MP' = (MP + 1) x N / n - 1 (in two-per-beat units; the EBU
    and WBF tournament regulations give it as (MP + 1/2) x N / n - 1/2 in
    one-per-beat units). It treats the missing results as if they were
    spread like the ones present, so an average stays an average."""
    if times_played == most_played:
        return points
    return (Fraction(points) + 1) * most_played / times_played - 1


def percentage(points: Points, of: Points) -> Fraction:
    if isinstance(points, int) and isinstance(of, int):
        return Fraction(points * 100, of)  # one exact division, the usual case
    return Fraction(points) * 100 / of


# -- IMPs against the datum --------------------------------------------------

#: The WBF IMP scale: the largest difference worth 0, 1, 2, ... IMPs
#: (0-10 is 0 IMPs, 20-40 is 1, ... 4000 and more is 24).
IMP_SCALE = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890,
             1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)

#: With at least this many results the datum leaves out the top and bottom one.
DATUM_TRIM_FROM = 5


def imps(difference: int) -> int:
    """IMPs for a difference in points, by the WBF scale (negative for a loss)."""
    won = bisect_left(IMP_SCALE, abs(difference))
    return won if difference >= 0 else -won


def datum(scores: Sequence[int]) -> int:
    """The datum a board's scores are compared against: their average,
    leaving out the highest and the lowest when there are at least five
    (so one wild result does not move it), rounded to the nearest 10 with
    halves away from zero, so the East-West datum is minus the North-South one."""
    if not scores:
        raise ScoringError("a board with no results has no datum")
    kept = sorted(scores)
    if len(kept) >= DATUM_TRIM_FROM:
        kept = kept[1:-1]
    mean = Fraction(sum(kept), len(kept))
    tens = math.floor(abs(mean) / 10 + Fraction(1, 2))
    return int(tens * 10 if mean >= 0 else -tens * 10)


# -- travellers ---------------------------------------------------------------


@dataclass(frozen=True)
class TravellerLine:
    """A result with what it earned each way (matchpoints, IMPs or a win)."""

    result: BoardResult
    ns_points: Points
    ew_points: Points

    def points(self, side: Side) -> Points:
        return self.ns_points if side is Side.NS else self.ew_points


@dataclass(frozen=True)
class Traveller:
    """Every table's result on one board, scored against each other."""

    board: int
    method: Method
    lines: tuple[TravellerLine, ...]
    #: What a line can earn at most (matchpoints: 2(N-1) after Neuberg;
    #: win/loss: 1). None for IMPs.
    top: int | None = None
    datum: int | None = None

    @property
    def times_played(self) -> int:
        return len(self.lines)

    def percentage(self, line: TravellerLine, side: Side) -> Fraction | None:
        if self.method is not Method.MATCHPOINTS or not self.top:
            return None
        return percentage(line.points(side), self.top)


def travellers(results: Iterable[BoardResult],
               method: Method = Method.MATCHPOINTS) -> tuple[Traveller, ...]:
    """Score every board's results against each other, board by board.

    Matchpoints compare each score with every other score on the board in
    the same direction; a board played fewer times than the most-played one
    is scaled up by :func:`neuberg`. IMPs compare each score with the board's
    :func:`datum`. Win/loss gives a point to the side that won the board.
    An artificial score (:class:`Adjusted`) counts as a time the board was
    played, but its pairs get their share of the board instead of a comparison.
    """
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    for board, lines in by_board.items():
        _check_board(board, lines)
    most = max((len(lines) for lines in by_board.values()), default=0)
    scorer = {Method.MATCHPOINTS: _matchpoint_traveller, Method.IMPS: _imp_traveller,
              Method.WIN_LOSS: _win_loss_traveller}[Method(method)]
    return tuple(scorer(board, by_board[board], most) for board in sorted(by_board))


def _check_board(board: int, lines: Sequence[BoardResult]) -> None:
    seen: set[Pair] = set()
    for line in lines:
        if line.ns == line.ew:
            raise ScoringError(f"board {board}: pair {line.ns} cannot play against itself")
        for pair in (line.ns, line.ew):
            if pair in seen:
                raise ScoringError(f"board {board}: pair {pair} has two results")
            seen.add(pair)


def _matchpoint_traveller(board: int, lines: Sequence[BoardResult], most: int) -> Traveller:
    """The real results are matchpointed among themselves and factored up by
    Neuberg to the session's most-played count; an artificial score gets its
    share of that full top (Law 12C2; EBU White Book and ACBL practice: the
    artificial scores take no part in the comparison)."""
    real = [r for r in lines if r.adjusted is None]
    full = top(most)
    compared = iter(matchpoints([r.score for r in real]))  # in the order of ``lines``
    scored = []
    for line in lines:
        if line.adjusted is not None:
            ns_points = _share(full, line.adjusted.ns)
            ew_points = _share(full, line.adjusted.ew)
        else:
            ns = next(compared)
            ns_points = neuberg(ns, len(real), most)
            ew_points = neuberg(top(len(real)) - ns, len(real), most)
        scored.append(TravellerLine(line, ns_points, ew_points))
    return Traveller(board, Method.MATCHPOINTS, tuple(scored), full)


def _share(of: int, percent: int) -> Points:
    """``percent`` of ``of`` points, exact (60% of a top of 10 is 6, of 9 is 27/5)."""
    share = Fraction(of * percent, 100)
    return int(share) if share.denominator == 1 else share


def _imp_traveller(board: int, lines: Sequence[BoardResult], most: int) -> Traveller:
    """IMPs against the datum of the real scores; an artificial score is worth
    +3, 0 or -3 IMPs (Law 12C2: average-plus, average, average-minus)."""
    real = [r.score for r in lines if r.adjusted is None]
    par = datum(real) if real else None
    scored = []
    for r in lines:
        if r.adjusted is not None:
            scored.append(TravellerLine(r, ADJUSTED_IMPS[r.adjusted.ns],
                                        ADJUSTED_IMPS[r.adjusted.ew]))
        else:
            won = imps(r.score - par) if par is not None else 0
            scored.append(TravellerLine(r, won, -won))
    return Traveller(board, Method.IMPS, tuple(scored), None, par)


def _win_loss_traveller(board: int, lines: Sequence[BoardResult], most: int) -> Traveller:
    """A point to the side that won the board; an artificial score is its share
    of that point (an average is half a board)."""
    scored = []
    for r in lines:
        if r.adjusted is not None:
            scored.append(TravellerLine(r, _share(1, r.adjusted.ns), _share(1, r.adjusted.ew)))
        else:
            scored.append(TravellerLine(r, int(r.winner() is Side.NS),
                                        int(r.winner() is Side.EW)))
    return Traveller(board, Method.WIN_LOSS, tuple(scored), 1)


# -- rankings -------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One pair's line in the ranking."""

    place: int
    tied: bool
    pair: Pair
    score: Points  # matchpoints, IMPs or boards won
    boards: int
    #: Of the matchpoints (or boards, for win/loss) the pair could have had.
    percentage: Fraction | None

    @property
    def place_text(self) -> str:
        """``"5="`` when pairs share fifth place."""
        return f"{self.place}=" if self.tied else str(self.place)


@dataclass(frozen=True)
class RankList:
    """The pairs ranked together: one direction of a Mitchell, or everyone."""

    direction: Side | None
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class Ranking:
    method: Method
    lists: tuple[RankList, ...]
    #: What the scorer left out and why, a sentence each (e.g. averages).
    notes: tuple[str, ...] = ()

    @property
    def one_winner(self) -> bool:
        return len(self.lists) == 1 and self.lists[0].direction is None

    def standings(self) -> tuple[Standing, ...]:
        return tuple(s for rank_list in self.lists for s in rank_list.standings)

    def standing(self, pair: Pair) -> Standing:
        for standing in self.standings():
            if standing.pair == pair:
                return standing
        raise KeyError(f"pair {pair} is not in the ranking")


@dataclass(frozen=True)
class CardLine:
    """A line of a pair's score card: one board from that pair's side."""

    traveller: Traveller
    line: TravellerLine
    direction: Side
    opponents: Pair

    @property
    def board(self) -> int:
        return self.traveller.board

    @property
    def points(self) -> Points:
        return self.line.points(self.direction)

    @property
    def percentage(self) -> Fraction | None:
        return self.traveller.percentage(self.line, self.direction)


def score_cards(boards: Iterable[Traveller]) -> dict[Pair, tuple[CardLine, ...]]:
    """Every pair's score card: each board it played, from its own side."""
    cards: dict[Pair, list[CardLine]] = defaultdict(list)
    for traveller in boards:
        for line in traveller.lines:
            for side, us, them in ((Side.NS, line.result.ns, line.result.ew),
                                   (Side.EW, line.result.ew, line.result.ns)):
                cards[us].append(CardLine(traveller, line, side, them))
    return {pair: tuple(card) for pair, card in cards.items()}


def rank(boards: Sequence[Traveller], *, one_winner: bool | None = None) -> Ranking:
    """Total each pair's points over the boards and rank the pairs.

    A Mitchell ranks North-South and East-West separately (each direction
    only meets the other); a Howell ranks everyone together. By default
    that follows the pairs: numbered per direction means a Mitchell. Pairs
    are ordered by percentage for matchpoints (so a pair that sat out is not
    behind for it), by total for IMPs and boards won; equal pairs share a place.
    """
    method = boards[0].method if boards else Method.MATCHPOINTS
    tallies: dict[Pair, _Tally] = defaultdict(_Tally)
    for traveller in boards:
        for line in traveller.lines:
            for side, pair in ((Side.NS, line.result.ns), (Side.EW, line.result.ew)):
                tallies[pair].add(line.points(side), traveller.top or 0)
    if one_winner is None:
        one_winner = all(pair.direction is None for pair in tallies)
    groups: dict[Side | None, list[Pair]] = defaultdict(list)
    for pair in tallies:
        groups[None if one_winner else pair.direction].append(pair)
    lists = [RankList(direction, _places(method, groups[direction], tallies))
             for direction in sorted(groups, key=lambda d: "" if d is None else d.value)]
    return Ranking(method, tuple(lists))


@dataclass
class _Tally:
    score: Points = 0
    possible: int = 0
    boards: int = 0

    def add(self, points: Points, top_points: int) -> None:
        self.score += points
        self.possible += top_points
        self.boards += 1

    @property
    def percentage(self) -> Fraction | None:
        return percentage(self.score, self.possible) if self.possible else None


def _places(method: Method, pairs: list[Pair], tallies: Mapping[Pair, _Tally],
            ) -> tuple[Standing, ...]:
    def key(pair: Pair) -> Points:
        tally = tallies[pair]
        if method is Method.MATCHPOINTS and tally.percentage is not None:
            return tally.percentage
        return tally.score

    keys = {pair: key(pair) for pair in pairs}
    ordered = sorted(pairs, key=lambda p: (-keys[p], p))
    sharing = Counter(keys.values())
    standings: list[Standing] = []
    for index, pair in enumerate(ordered):
        tally = tallies[pair]
        place = standings[-1].place if standings and keys[ordered[index - 1]] == keys[pair] \
            else index + 1
        standings.append(Standing(place, sharing[keys[pair]] > 1, pair, tally.score, tally.boards,
                                  None if method is Method.IMPS else tally.percentage))
    return tuple(standings)


# -- a whole session ------------------------------------------------------------


@dataclass(frozen=True)
class Session:
    """The scored results of a session: travellers, ranking, score cards."""

    travellers: tuple[Traveller, ...]
    ranking: Ranking
    cards: Mapping[Pair, tuple[CardLine, ...]]

    def traveller(self, board: int) -> Traveller:
        for traveller in self.travellers:
            if traveller.board == board:
                return traveller
        raise KeyError(f"board {board} has no results")

    def score_card(self, pair: Pair) -> tuple[CardLine, ...]:
        """The boards ``pair`` played, from its side of the table."""
        return self.cards.get(pair, ())


def score_session(results: Iterable[BoardResult], method: Method = Method.MATCHPOINTS, *,
                  one_winner: bool | None = None) -> Session:
    """Travellers and ranking for a session's results, in one call."""
    boards = travellers(results, method)
    return Session(boards, rank(boards, one_winner=one_winner), score_cards(boards))


# -- for people -------------------------------------------------------------------


def _rounded(value: Points, places: int) -> Decimal:
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def format_percentage(value: Points, places: int = 2) -> str:
    """``"65.48"``: rounded half up, as club scoring programs print it."""
    return f"{_rounded(value, places):.{places}f}"


def format_points(value: Points) -> str:
    """Whole numbers as they are (``"26"``), others to 2 decimals (``"6.33"``)."""
    if Fraction(value).denominator == 1:
        return str(int(value))
    return format_percentage(value)


def ranking_text(ranking: Ranking) -> str:
    """The ranking as a club prints it: place, pair, points, percentage, boards."""
    heading = {Method.MATCHPOINTS: "Matchpoints", Method.IMPS: "IMPs",
               Method.WIN_LOSS: "Won"}[ranking.method]
    lines = []
    for rank_list in ranking.lists:
        if rank_list.direction is not None:
            lines.append("North-South" if rank_list.direction is Side.NS else "East-West")
        lines.append(f"{'Place':<6}{'Pair':>5}{heading:>13}{'%':>8}{'Boards':>8}")
        for s in rank_list.standings:
            pct = format_percentage(s.percentage) if s.percentage is not None else "-"
            lines.append(f"{s.place_text:<6}{s.pair.number:>5}{format_points(s.score):>13}"
                         f"{pct:>8}{s.boards:>8}")
        lines.append("")
    lines.extend(ranking.notes)
    return "\n".join(lines).rstrip("\n") + "\n"


def ranking_csv(ranking: Ranking) -> str:
    """A header, then per pair: direction (NS, EW, or empty where one
    ranking covers every pair), pair number, points, percentage."""
    points = {Method.MATCHPOINTS: "matchpoints", Method.IMPS: "imps",
              Method.WIN_LOSS: "won"}[ranking.method]
    lines = [f"direction,pair,{points},percentage"]
    for rank_list in ranking.lists:
        for s in rank_list.standings:
            direction = rank_list.direction.value if rank_list.direction else ""
            pct = format_percentage(s.percentage) if s.percentage is not None else ""
            lines.append(f"{direction},{s.pair.number},{format_points(s.score)},{pct}")
    return "\n".join(lines) + "\n"


# -- a club's PBN file ------------------------------------------------------------


@dataclass(frozen=True)
class PbnResults:
    """The results a PBN file's ScoreTables carry, ready to score."""

    results: tuple[BoardResult, ...]
    #: True for a Howell (one ranking), False for a Mitchell (per direction).
    one_winner: bool
    #: Rows that carry no result to compare (byes, averages, penalties).
    skipped: tuple[str, ...] = ()


def read_pbn_results(text: str) -> PbnResults:
    """Every ScoreTable row of a PBN text as a :class:`BoardResult`.

    A row's score is its Score_NS (or minus its Score_EW); without one, the
    score comes from its Contract, Declarer and Result (tricks taken) by the
    duplicate scoring table and the board's vulnerability. An artificial
    score is read as :class:`Adjusted` from "A6040" in the Contract or
    Score_NS column (EBUScore's way), or from "A+", "A=", "A-" in each side's
    score column (Ruter's way). Rows without two pair numbers and a score
    (byes, penalties) are left out and listed in ``skipped``. Pairs numbered
    so that one meets its own number, or with North-South and East-West
    numbers apart, are a Mitchell.
    """
    rows: list[tuple[int, Vulnerability, dict[str, str]]] = []
    for game in pbn.loads(text):
        if "ScoreTable" not in game.tags:
            continue
        board = game.board()
        if board is None:
            raise ScoringError("a ScoreTable belongs to a board: this game has no Board tag")
        vulnerable = game.get("Vulnerable")
        vulnerability = (Vulnerability.from_str(vulnerable) if vulnerable
                         else vulnerability_for_board(board))
        rows.extend((board, vulnerability, row) for row in game.table("ScoreTable").rows)
    if not rows:
        raise ScoringError("this file has no ScoreTable with results to score")
    read, skipped = [], []
    for board, vulnerability, row in rows:
        ns, ew = _pair_number(row.get("PairId_NS")), _pair_number(row.get("PairId_EW"))
        adjusted = _row_adjusted(row)
        score = 0 if adjusted is not None else _row_score(row, vulnerability)
        if ns is None or ew is None or score is None:
            skipped.append(f"board {board}: " + " ".join(row.values()))
            continue
        read.append((board, ns, ew, score, adjusted, row))
    mitchell = any(ns == ew for _, ns, ew, *_ in read) or not (
        {ns for _, ns, *_ in read} & {ew for _, _, ew, *_ in read})
    results = tuple(
        BoardResult(board, Pair(ns, Side.NS if mitchell else None),
                    Pair(ew, Side.EW if mitchell else None), score,
                    contract=str(adjusted) if adjusted else row.get("Contract", "").strip("-"),
                    declarer=_seat(row.get("Declarer")), tricks=_tricks(row),
                    table=_pair_number(row.get("Table")), round=_pair_number(row.get("Round")),
                    adjusted=adjusted)
        for board, ns, ew, score, adjusted, row in read)
    return PbnResults(results, not mitchell, tuple(skipped))


def score_pbn_text(text: str, method: Method = Method.MATCHPOINTS) -> Ranking:
    """Score a club's PBN file (a ScoreTable per board) and rank the pairs."""
    read = read_pbn_results(text)
    ranking = score_session(read.results, method, one_winner=read.one_winner).ranking
    notes = (f"Left out {len(read.skipped)} row(s) with no result to compare "
             "(byes, penalties).",) if read.skipped else ()
    return Ranking(ranking.method, ranking.lists, notes)


def _pair_number(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


def _integer(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _seat(value: str | None) -> Seat | None:
    try:
        return Seat.from_str(value) if value and value != "-" else None
    except ValueError:
        return None


def _tricks(row: Mapping[str, str]) -> int | None:
    """The Result column: tricks taken, or relative to the contract (=, +1, -2)."""
    value = row.get("Result", "-")
    if value.isdigit():
        return int(value)
    try:
        contract = Contract.from_str(row.get("Contract", ""))
    except InvalidContractError:
        return None
    relative = 0 if value == "=" else _integer(value)
    if relative is None or contract.is_passed_out:
        return None
    return contract.tricks_needed + relative


#: Ruter's one-side marks, in a side's own score column.
_SIDE_SHARES = {"A+": 60, "A=": 50, "A-": 40}


def _row_adjusted(row: Mapping[str, str]) -> Adjusted | None:
    """The row's artificial score, if it has one (else ``None``)."""
    for column in ("Contract", "Score_NS"):
        adjusted = adjusted_in(row.get(column, ""))
        if adjusted is not None:
            return adjusted
    ns, ew = row.get("Score_NS", "").strip(), row.get("Score_EW", "").strip()
    if ns in _SIDE_SHARES and ew in _SIDE_SHARES:
        return Adjusted(_SIDE_SHARES[ns], _SIDE_SHARES[ew])
    return None


def _row_score(row: Mapping[str, str], vulnerability: Vulnerability) -> int | None:
    ns, ew = row.get("Score_NS", "-"), row.get("Score_EW", "-")
    ns_score, ew_score = _integer(ns), _integer(ew)
    blank = ("-", "")
    if ns_score is not None and (ew in blank or ew_score == -ns_score):
        return ns_score
    if ew_score is not None and ns in blank:
        return -ew_score
    if ns not in blank or ew not in blank:
        return None  # "Bye", a penalty, or one side's mark without the other's
    return _score_from_contract(row, vulnerability)


def _score_from_contract(row: Mapping[str, str], vulnerability: Vulnerability) -> int | None:
    try:
        contract = Contract.from_str(row.get("Contract", ""))
    except InvalidContractError:
        return None
    if contract.is_passed_out:
        return 0
    declarer, tricks = _seat(row.get("Declarer")), _tricks(row)
    if declarer is None or tricks is None or not 0 <= tricks <= 13:
        return None
    score = duplicate_score(contract, tricks, vulnerable=vulnerability.is_vulnerable(declarer))
    return score if declarer.side is Side.NS else -score
