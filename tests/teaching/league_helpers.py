"""Helpers for league tests: a four-pair league of Alice's eight Robins, set up
through the service, and deals typed in or played out by robots."""

from __future__ import annotations

from typing import Any

from teaching.league import services as sl
from teaching.models import Classroom, League, LeagueMatch, Pupil, User


def plan(pupils: list[Pupil], **changes: Any) -> sl.LeaguePlan:
    pairs = tuple((pupils[i].id, pupils[i + 1].id) for i in range(0, len(pupils) - 1, 2))
    values: dict[str, Any] = dict(name="Spring league", pairs=pairs)
    values.update(changes)
    return sl.LeaguePlan(**values)


def create(classroom: Classroom, by: User, pupils: list[Pupil], **changes: Any) -> League:
    return sl.league_create(classroom=classroom, by=by, plan=plan(pupils, **changes))


def match_between(league: League, a: int, b: int) -> LeagueMatch:
    """The match of pairs numbered ``a`` and ``b`` (either way round)."""
    for match in league.matches.select_related("pair_a", "pair_b"):
        if {match.pair_a.number, match.pair_b.number} == {a, b}:
            return match
    raise AssertionError(f"no match between {a} and {b}")


def typed(declarer: str = "N", points: int = 25, tricks: int = 9, contract: str = "NT",
          **more: Any) -> sl.TypedDeal:
    """A deal typed without its cards: 25 points have a target of 9 tricks."""
    return sl.TypedDeal(declarer=declarer, contract=contract, tricks=str(tricks),
                        combined_hcp=str(points), **more)


def play_online(match: LeagueMatch, teacher: User) -> int:
    """Open the match's table and let robots play deal after deal until it is over
    (the teacher's "Robots finish this deal", which deals the next hand first)."""
    sl.match_play_online(match=match, by=teacher)
    for hands in range(1, 21):
        sl.match_robots_finish(match=match, by=teacher)
        match.refresh_from_db()
        if match.finished:
            return hands
    raise AssertionError("the match never finished")
