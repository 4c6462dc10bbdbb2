"""What the league pages show: the grid, the standings, the rounds, each pair's
matches and deals, a pupil's next opponent, and the league's face-to-face
deals for the class chart. games.league works the numbers out; this module
reads the rows and names the pairs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet

from games import league as lg
from games.seats import Seat, Side
from teaching.classes import games
from teaching.classes.result_words import contract_words, result_words
from teaching.classes.selectors import can_teach
from teaching.league.rows import (
    deal_result,
    deals_by_match,
    league_matches,
    league_rules_options,
    match_format,
    match_key,
    pair_key,
    schedule_of,
)
from teaching.models import (
    Classroom,
    HandAction,
    League,
    LeagueDeal,
    LeagueMatch,
    LeaguePair,
    Pupil,
    User,
)
from teaching.teacher.charts import HandPoint


def league_for_user(user: User, league_id: int) -> League | None:
    """A league its class's teachers and (active) pupils may open; ``None`` for
    anyone else, so every page answers 404 alike."""
    league = League.objects.select_related("classroom").filter(pk=league_id).first()
    if league is None or not user.is_authenticated:
        return None
    if getattr(user, "is_teacher", False):
        return league if can_teach(user, league.classroom) else None
    if Pupil.objects.filter(user=user, classroom=league.classroom, archived=False).exists():
        return league
    return None


def class_leagues(classroom: Classroom) -> QuerySet[League]:
    return classroom.leagues.all()


# -- the league page ----------------------------------------------------------------------

@dataclass(frozen=True)
class PairInfo:
    pair: LeaguePair
    key: str

    @property
    def label(self) -> str:
        return f"Pair {self.key}"


@dataclass(frozen=True)
class GridRow:
    pair: PairInfo
    cells: list[str | None]  # None on the diagonal
    total: str


@dataclass(frozen=True)
class StandingLine:
    line: lg.Line
    pair: PairInfo


@dataclass(frozen=True)
class MatchInfo:
    row: LeagueMatch
    a: PairInfo
    b: PairInfo
    state: lg.MatchState

    @property
    def score(self) -> str:
        return f"{self.state.wins_a}-{self.state.wins_b}"

    @property
    def status(self) -> str:
        """ "Pair I won 2-1" (from the winner's side), "Level 2-2", "Playing: 1-0"
        (pair A's deals first, as the match is named), or "To play"."""
        state = self.state
        if state.finished:
            if state.winner is None:
                return f"Level {self.score}"
            a_won = state.winner == lg.A
            return f"{(self.a if a_won else self.b).label} won {state.score_for(a_won)}"
        if state.wins_a + state.wins_b:
            return f"Playing: {self.score}"
        return "Playing" if self.row.table_id else "To play"


@dataclass(frozen=True)
class RoundInfo:
    number: int
    matches: list[MatchInfo]
    resting: list[PairInfo]


@dataclass(frozen=True)
class NextMatch:
    pair: PairInfo
    match: MatchInfo | None

    @property
    def opponent(self) -> PairInfo | None:
        if self.match is None:
            return None
        return self.match.b if self.match.a.pair.pk == self.pair.pair.pk else self.match.a


@dataclass(frozen=True)
class LeaguePage:
    league: League
    format_words: str
    pairs: list[PairInfo]
    grid: list[GridRow]
    standings: list[StandingLine]
    tie_breaks: str
    rounds: list[RoundInfo]
    next_matches: list[NextMatch]
    finished: bool
    by_id: dict[int, MatchInfo] = field(default_factory=dict)


def _pairs(league: League) -> list[PairInfo]:
    return [PairInfo(p, pair_key(p)) for p in
            league.pairs.select_related("first", "second").order_by("number")]


def league_page(league: League) -> LeaguePage:
    pairs = _pairs(league)
    by_key = {p.key: p for p in pairs}
    rows = league_matches(league)
    schedule = schedule_of(league, rows)
    table = lg.standings(schedule=schedule, format=match_format(league),
                         deals=deals_by_match(league))
    grid = []
    for i, info in enumerate(pairs):
        cells = [None if cell is None else cell.text for cell in table.grid[i]]
        grid.append(GridRow(info, cells, lg.points_text(table.totals[info.key])))
    standings = [StandingLine(line, by_key[line.pair]) for line in table.lines]
    infos = {}
    for row in rows:
        key = match_key(row)
        infos[row.id] = MatchInfo(row, by_key[key.pair_a], by_key[key.pair_b],
                                  table.states[key])
    rounds = []
    for rnd in schedule.rounds:
        matches = [infos[r.id] for r in rows if r.round == rnd.number]
        rounds.append(RoundInfo(rnd.number, matches,
                                [by_key[k] for k in rnd.resting(schedule.pairs)]))
    next_matches = []
    for info in pairs:
        upcoming = next((m for m in (infos[r.id] for r in rows)
                         if not m.state.finished and info.pair.pk in
                         (m.row.pair_a_id, m.row.pair_b_id)), None)
        next_matches.append(NextMatch(info, upcoming))
    return LeaguePage(league, match_format(league).words(), pairs, grid, standings,
                      table.tie_break_text(), rounds, next_matches, table.finished, infos)


# -- a pair's page ------------------------------------------------------------------------

@dataclass(frozen=True)
class DealLine:
    row: LeagueDeal
    declaring: str  # "Pair II" or ""
    points: int | None
    target: int | None
    tricks: int | None
    won_by: str  # "Pair II"
    won: bool  # by the page's pair
    online: bool
    #: The contract in the game's own words, "Hearts" or "No-trumps, game" (decision 0430).
    contract: str = ""


@dataclass(frozen=True)
class PairMatch:
    match: MatchInfo
    opponent: PairInfo
    score: str  # from this pair's side
    deals: list[DealLine]


@dataclass(frozen=True)
class PairPage:
    league: League
    pair: PairInfo
    matches: list[PairMatch]
    line: lg.Line


def _deal_line(row: LeagueDeal, match: MatchInfo, me: LeaguePair, won_by: str,
               game: str) -> DealLine:
    result = deal_result(row)
    winner_side = lg.deal_winner(won_by, result)
    a_side = Side(row.a_sits)
    winner = match.a if winner_side is a_side else match.b
    declaring = ""
    target = None
    if result.declaring_side is not None:
        declaring = (match.a if result.declaring_side is a_side else match.b).label
        play = games.pairs_of(game)
        target = (play.target_tricks(result.combined_hcp)
                  if result.combined_hcp and play is not None else None)
    return DealLine(row, declaring, result.combined_hcp, target, result.declarer_tricks,
                    winner.label, winner.pair.pk == me.pk, row.hand_id is not None,
                    contract_words(game, _rules_options(game, won_by), row.contract or ""))


def _rules_options(game: str, won_by: str) -> dict[str, Any]:
    play = games.pairs_of(game)
    return play.league_options(won_by == League.WonBy.TARGET) if play else {}


def deal_result_words(row: LeagueDeal, league: League) -> str:
    """A deal's whole result in the game's words: "Hearts, by South: 10 tricks, target 9
    reached" (decision 0430)."""
    return result_words(league.game, league_rules_options(league), row.contract or "")


def pair_page(league: League, pair: LeaguePair) -> PairPage:
    page = league_page(league)
    info = next(p for p in page.pairs if p.pair.pk == pair.pk)
    deals: dict[int, list[LeagueDeal]] = {}
    for row in LeagueDeal.objects.filter(match__league=league).order_by("match_id", "number"):
        deals.setdefault(row.match_id, []).append(row)
    matches = []
    for rnd in page.rounds:
        for m in rnd.matches:
            if pair.pk not in (m.row.pair_a_id, m.row.pair_b_id):
                continue
            mine_a = m.row.pair_a_id == pair.pk
            lines = [_deal_line(d, m, pair, league.won_by, league.game)
                     for d in deals.get(m.row.id, [])]
            matches.append(PairMatch(m, m.b if mine_a else m.a,
                                     m.state.score_for(mine_a), lines))
    line = next(s.line for s in page.standings if s.pair.pair.pk == pair.pk)
    return PairPage(league, info, matches, line)


def match_deals(match: LeagueMatch) -> list[DealLine]:
    page_match = league_page(match.league).by_id[match.id]
    return [_deal_line(d, page_match, match.pair_a, match.league.won_by,
                       match.league.game)
            for d in match.deals.order_by("number")]


# -- a pupil's next opponent -----------------------------------------------------------------

@dataclass(frozen=True)
class PupilLeague:
    league: League
    pair: PairInfo
    next: NextMatch


def pupil_leagues(pupil: Pupil) -> list[PupilLeague]:
    """For the pupil's home page: each league the pupil plays in, their pair
    and their next opponent (the first unfinished match in round order)."""
    found = []
    pairs = LeaguePair.objects.filter(Q(first=pupil) | Q(second=pupil)).select_related("league")
    for pair in pairs:
        page = league_page(pair.league)
        nxt = next(n for n in page.next_matches if n.pair.pair.pk == pair.pk)
        found.append(PupilLeague(pair.league, nxt.pair, nxt))
    return found


# -- replaying a deal played online ------------------------------------------------------------

@dataclass(frozen=True)
class ReplayStep:
    seq: int
    seat: str
    text: str

    @property
    def words(self) -> str:
        """The log's "play SA" as "plays ♠A", "hcp 13" as "announces 13 points"."""
        verb, _, rest = self.text.partition(" ")
        if verb == "play" and rest:
            return f"plays {_SUITS.get(rest[0], rest[0])}{rest[1:].replace('T', '10')}"
        if verb == "hcp":
            return f"announces {rest} points"
        if verb == "contract":
            return f"names the contract: {rest}"
        return self.text


_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def deal_replay(row: LeagueDeal) -> list[ReplayStep]:
    """A deal played online, action by action from its hand's log (the
    announcements, the contract, then every card)."""
    if row.hand_id is None:
        return []
    return [ReplayStep(a.seq, Seat(a.seat).word, a.text)
            for a in HandAction.objects.filter(hand_id=row.hand_id).order_by("seq")]


# -- the class chart ---------------------------------------------------------------------------

def league_chart_points(classroom: Classroom) -> list[HandPoint]:
    """The class's league deals typed in from real tables, for the chart of
    combined points against tricks. Deals played online are Hands of the class
    and already on it (teaching.teacher.selectors.chart_data), so only these are added."""
    rows = LeagueDeal.objects.filter(match__league__classroom=classroom, hand__isnull=True,
                                     combined_hcp__isnull=False, tricks__isnull=False)
    return [HandPoint(hcp=r.combined_hcp, tricks=r.tricks) for r in rows.order_by("id")]


