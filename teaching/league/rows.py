"""A league's rows as games.league sees them: its match format, its pairs' keys ("I",
"II"...), its schedule, each deal's result and each match's state. Shared by the use
cases (teaching.league.services) and the reads (teaching.league.selectors)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import league as lg
from games.seats import Side
from teaching.classes import games
from teaching.models import League, LeagueDeal, LeagueMatch, LeaguePair


def roman(number: int) -> str:
    """Pairs are numbered as on the booklet's page: I, II, III, IV..."""
    numerals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for value, letters in numerals:
        while number >= value:
            out += letters
            number -= value
    return out


def match_format(league: League) -> lg.MatchFormat:
    return lg.MatchFormat(lg.Length(league.length), league.deals, lg.WonBy(league.won_by))


def league_rules_options(league: League) -> dict[str, Any]:
    """The table's rules: the league's game's own options for its way of winning a deal
    (against the target, or by score), asked of the game's play by pairs."""
    play = games.pairs_of(league.game)
    return play.league_options(league.won_by == League.WonBy.TARGET) if play else {}


def pair_key(pair: LeaguePair) -> str:
    """A pair's key in games.league: its name on the booklet's page, "I", "II"..."""
    return roman(pair.number)


def match_key(match: LeagueMatch) -> lg.Match:
    return lg.Match(pair_key(match.pair_a), pair_key(match.pair_b))


def league_matches(league: League) -> list[LeagueMatch]:
    return list(league.matches.select_related("pair_a", "pair_b").order_by("round", "id"))


def schedule_of(league: League, matches: Sequence[LeagueMatch] | None = None) -> lg.Schedule:
    """The league's schedule from its rows, pairs keyed "I", "II"...: rounds 1 to
    the last one with a match (a round the teacher emptied stays, nobody playing)."""
    if matches is None:
        matches = league_matches(league)
    pairs = tuple(roman(n) for n in league.pairs.order_by("number").values_list("number",
                                                                                flat=True))
    last = max((m.round for m in matches), default=0)
    rounds = []
    for number in range(1, last + 1):
        these = tuple(match_key(m) for m in matches if m.round == number)
        rounds.append(lg.Round(number, these))
    return lg.Schedule(tuple(rounds), pairs, league.meetings)


def deal_result(row: LeagueDeal) -> lg.DealResult:
    return lg.DealResult(
        row.tricks_ns, row.score_ns, row.score_ew,
        Side(row.declaring_side) if row.declaring_side else None,
        row.combined_hcp, Side(row.a_sits), row.board)


def deals_by_match(league: League) -> dict[lg.Match, list[lg.DealResult]]:
    found: dict[lg.Match, list[lg.DealResult]] = {}
    rows = LeagueDeal.objects.filter(match__league=league).select_related(
        "match__pair_a", "match__pair_b").order_by("match_id", "number")
    for row in rows:
        key = match_key(row.match)
        found.setdefault(key, []).append(deal_result(row))
    return found


def match_state(match: LeagueMatch) -> lg.MatchState:
    rows = match.deals.order_by("number")
    return lg.match_state(match_format(match.league), [deal_result(r) for r in rows])
