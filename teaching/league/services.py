"""Use cases of a league: a term of mini-matches between a class's pairs (issue 5).

The rules of the league are games.league's (the schedule by the circle
method, moving a match, a mini-match's format and state); the rules of a deal
typed in from a real table are the game's, asked of the module its registry entry
names for play by pairs (``GameEntry.pairs``: a league is offered only for such a
game, docs/decisions/0142-pairs-games.md). This module keeps the rows:
League, LeaguePair, LeagueMatch (the schedule: one row per encounter, its
round a column the teacher may change) and LeagueDeal (each deal of a match,
from a hand played online or typed in).

Every refusal is a :class:`LeagueRefused` with a sentence the teacher reads,
raised before anything is written.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django.db import connection, transaction
from django.urls import reverse

from games import league as lg
from games.deals import Deal, InvalidDealError
from games.registry import find_game
from games.seats import Seat, Side
from teaching.classes import games
from teaching.league.rows import (
    deal_result,
    league_rules_options,
    match_format,
    match_key,
    roman,
    schedule_of,
)
from teaching.models import (
    Classroom,
    Hand,
    League,
    LeagueDeal,
    LeagueMatch,
    LeaguePair,
    Pupil,
    Table,
    User,
)
from teaching.tables.after_hand import AfterHand, after_hand_decided_by
from teaching.tables.game_cache import current_hand
from teaching.tables.services.dealing import hand_next
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import table_create


class LeagueRefused(Exception):
    """A league action that was not taken; ``message`` is what the teacher reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# -- setting a league up ---------------------------------------------------------------

@dataclass(frozen=True)
class LeaguePlan:
    """What the teacher chose on the "new league" form. ``pairs``: pupil ids, two a pair."""

    name: str
    pairs: tuple[tuple[int, int], ...]
    length: str = "best-of"
    deals: int = 3
    won_by: str = "target"
    meetings: int = 1
    starts: datetime.date | None = None
    ends: datetime.date | None = None


def _plan_pupils(classroom: Classroom, plan: LeaguePlan) -> list[tuple[Pupil, Pupil]]:
    if len(plan.pairs) < 2:
        raise LeagueRefused("A league needs at least two pairs.")
    ids = [pid for pair in plan.pairs for pid in pair]
    pupils = {p.id: p for p in Pupil.objects.filter(id__in=ids, classroom=classroom,
                                                    archived=False)}
    seen: dict[int, int] = {}
    pairs = []
    for number, (first, second) in enumerate(plan.pairs, start=1):
        for pid in (first, second):
            if pid not in pupils:
                raise LeagueRefused(f"Pair {roman(number)}: choose two pupils of this class.")
            if pid in seen:
                where = ("twice in pair " + roman(number) if seen[pid] == number
                         else f"in pair {roman(seen[pid])} and pair {roman(number)}")
                raise LeagueRefused(f"{pupils[pid].name} is {where}: a pupil plays in one "
                                    f"pair of a league.")
            seen[pid] = number
        pairs.append((pupils[first], pupils[second]))
    return pairs


def pairs_play(game: str) -> ModuleType:
    """The game's play by pairs over boards, or :class:`LeagueRefused` saying a league
    needs a game of partnerships."""
    module = games.pairs_of(game)
    if module is None:
        raise LeagueRefused(f"A league is for a game of two partnerships, North-South "
                            f"against East-West: {games.describe(game, {})} is not. Put the "
                            f"class on such a game first.")
    return module


@transaction.atomic
def league_create(*, classroom: Classroom, by: User, plan: LeaguePlan) -> League:
    """A league for ``classroom`` at the class's game (one played by pairs) with its
    pairs, and its schedule: a round robin by the circle method
    (games.league.round_robin), single or double."""
    pairs_play(classroom.game)
    name = plan.name.strip()
    if not name:
        raise LeagueRefused("Give the league a name, e.g. 'Spring term league'.")
    if plan.starts and plan.ends and plan.ends < plan.starts:
        raise LeagueRefused("The term ends before it starts: check the dates.")
    pairs = _plan_pupils(classroom, plan)
    try:
        fmt = lg.MatchFormat(plan.length, plan.deals, plan.won_by)  # type: ignore[arg-type]
        lg.round_robin(list(range(len(pairs))), meetings=plan.meetings)
    except lg.LeagueError as exc:
        raise LeagueRefused(str(exc)) from exc
    league = League.objects.create(
        classroom=classroom, name=name[:80], game=classroom.game,
        length=fmt.length.value, deals=fmt.deals,
        won_by=fmt.won_by.value, meetings=plan.meetings, starts=plan.starts, ends=plan.ends,
        created_by=by)
    rows = [LeaguePair.objects.create(league=league, number=n, first=a, second=b)
            for n, (a, b) in enumerate(pairs, start=1)]
    schedule = lg.round_robin([r.id for r in rows], meetings=plan.meetings)
    by_id = {r.id: r for r in rows}
    for rnd, match in schedule.matches():
        LeagueMatch.objects.create(league=league, round=rnd.number,
                                   pair_a=by_id[match.pair_a], pair_b=by_id[match.pair_b])
    return league


@transaction.atomic
def match_move(*, match: LeagueMatch, to_round: int, by: User) -> LeagueMatch:
    """Reschedule: move a mini-match to another round (one past the last adds a
    round). games.league.move_match refuses a round where either pair already plays."""
    league = League.objects.select_for_update().get(pk=match.league_id)
    match = LeagueMatch.objects.select_related("pair_a", "pair_b").get(pk=match.pk,
                                                                       league=league)
    if match.finished:
        raise LeagueRefused("This mini-match is over: it stays in the round it was played in.")
    schedule = schedule_of(league)
    try:
        lg.move_match(schedule, match_key(match), to_round)
    except lg.LeagueError as exc:
        raise LeagueRefused(str(exc)) from exc
    match.round = to_round
    match.save(update_fields=["round"])
    return match


# -- playing a mini-match online -----------------------------------------------------------

def _busy_table(pair: LeaguePair, but: LeagueMatch) -> LeagueMatch | None:
    """Another unfinished online match of this pair: a pair cannot sit at two tables."""
    from django.db.models import Q

    return (LeagueMatch.objects.filter(Q(pair_a=pair) | Q(pair_b=pair), league=but.league,
                                       finished=False, table__isnull=False)
            .exclude(pk=but.pk).first())


@transaction.atomic
def match_play_online(*, match: LeagueMatch, by: User) -> Table:
    """Open the mini-match's table: pair A's pupils North and South, pair B's
    East and West, at the league's game with its way of winning a deal. The
    same table again if it is already open."""
    match = LeagueMatch.objects.select_for_update().select_related(
        "league", "pair_a__first", "pair_a__second", "pair_b__first", "pair_b__second").get(
        pk=match.pk)
    if match.table_id is not None:
        return match.table  # type: ignore[return-value]
    if match.finished:
        raise LeagueRefused("This mini-match is over.")
    if match.deals.exists():
        raise LeagueRefused("This mini-match's deals are being typed in from a real table: "
                            "finish it that way.")
    for pair in (match.pair_a, match.pair_b):
        busy = _busy_table(pair, match)
        if busy is not None:
            raise LeagueRefused(f"Pair {roman(pair.number)} is still playing its round "
                                f"{busy.round} match online: finish that one first.")
    league = match.league
    pupils = {Seat.NORTH: match.pair_a.first, Seat.SOUTH: match.pair_a.second,
              Seat.EAST: match.pair_b.first, Seat.WEST: match.pair_b.second}
    table = table_create(
        classroom_id=league.classroom_id,
        name=f"League: {roman(match.pair_a.number)} v {roman(match.pair_b.number)}",
        game=league.game, options=league_rules_options(league), pupils=pupils,
        robot_level=league.classroom.robot_level)
    match.table = table
    match.save(update_fields=["table"])
    return table


def _new_hands(match: LeagueMatch) -> list[Hand]:
    known = set(match.deals.exclude(hand__isnull=True).values_list("hand_id", flat=True))
    hands = Hand.objects.filter(table_id=match.table_id, finished__isnull=False,
                                replay_of__isnull=True).order_by("number")
    return [h for h in hands if h.id not in known and not (h.result or {}).get("redeal")]


@transaction.atomic
def match_sync(*, match: LeagueMatch) -> int:
    """Each finished hand at the match's table becomes a deal of the match, in
    order, until the match is decided (best of) or its set number is played;
    then the match is finished and its table closed. A 20-20 redeal (Law 6) is
    not a deal of the match. Idempotent; returns how many deals it added."""
    match = LeagueMatch.objects.select_for_update().select_related("league").get(pk=match.pk)
    if match.table_id is None or match.finished:
        return 0
    fmt = match_format(match.league)
    results = [deal_result(r) for r in match.deals.order_by("number")]
    added = 0
    for hand in _new_hands(match):
        if lg.match_state(fmt, results).finished:
            break
        try:
            result = lg.DealResult.from_hand(hand.result or {}, Deal.from_data(hand.deal))
        except lg.LeagueError:
            continue
        results.append(result)
        _store(match, len(results), result, hand=hand, contract=(hand.result or {}).get(
            "contract_string") or "", declarer=(hand.result or {}).get("declarer") or "",
            tricks=(hand.result or {}).get("tricks"))
        added += 1
    _finish_if_decided(match, fmt, results)
    return added


def _match_at(table: Table) -> LeagueMatch | None:
    """The mini-match played at a table, or ``None`` for any other table."""
    # Asked after every hand of every table: one plain look first, as for sessions.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {LeagueMatch._meta.db_table} WHERE table_id = %s",
                       [table.pk])
        if cursor.fetchone() is None:
            return None
    return (LeagueMatch.objects.select_related("league", "pair_a", "pair_b")
            .filter(table=table).first())


def _state_at_table(match: LeagueMatch) -> lg.MatchState:
    """Where the match stands after the hands finished at its table, whether or not
    :func:`match_sync` has recorded them yet (it runs when a league page is looked at)."""
    fmt = match_format(match.league)
    results: list[lg.DealResult] = []
    for hand in Hand.objects.filter(table_id=match.table_id, finished__isnull=False,
                                    replay_of__isnull=True).order_by("number"):
        try:
            results.append(lg.DealResult.from_hand(hand.result or {}, Deal.from_data(hand.deal)))
        except lg.LeagueError:
            continue  # a 20-20 redeal (Law 6) is no deal of the match
        if lg.match_state(fmt, results).finished:
            break
    return lg.match_state(fmt, results)


def match_over_words(match: LeagueMatch, state: lg.MatchState) -> str:
    """"Match over: Pair I won 2-1." for the players at the table."""
    if state.winner is None:
        return f"Match over: {state.wins_a}-{state.wins_b}, a draw."
    winner = match.pair_a if state.winner == "a" else match.pair_b
    return (f"Match over: Pair {roman(winner.number)} won "
            f"{state.score_for(state.winner == 'a')}.")


@after_hand_decided_by
def deal_after_hand(table: Table, hand: Hand) -> AfterHand | None:
    """A mini-match's table offers "Next deal" until the match is decided, and never
    "Play it again": a deal played again is no deal of the match (decision 0068), and
    after the decision a deal would count for nothing."""
    match = _match_at(table)
    if match is None:
        return None
    state = _state_at_table(match)
    if match.finished or state.finished:
        return AfterHand(next_deal=False, play_again=False, code="match_over",
                         message=match_over_words(match, state) + " Your teacher starts "
                         "your next match.", link=(reverse("pupil_home"), "Your page"))
    return AfterHand(next_deal=True, play_again=False)


def _finish_if_decided(match: LeagueMatch, fmt: lg.MatchFormat,
                       results: list[lg.DealResult]) -> None:
    if lg.match_state(fmt, results).finished and not match.finished:
        match.finished = True
        match.save(update_fields=["finished"])
        if match.table_id is not None:
            Table.objects.filter(pk=match.table_id).update(closed=True)


def _store(match: LeagueMatch, number: int, result: lg.DealResult, *, hand: Hand | None = None,
           deal: Deal | None = None, contract: str = "", declarer: str = "",
           tricks: int | None = None, by: User | None = None) -> LeagueDeal:
    return LeagueDeal.objects.create(
        match=match, number=number, hand=hand, board=result.board,
        deal=deal.to_data() if deal is not None else None, declarer=declarer or "",
        declaring_side=result.declaring_side.value if result.declaring_side else "",
        contract=contract or "", combined_hcp=result.combined_hcp,
        tricks=tricks if tricks is not None else result.declarer_tricks,
        tricks_ns=result.tricks_ns, score_ns=result.score_ns, score_ew=result.score_ew,
        a_sits=result.a_sits.value, entered_by=by)


@transaction.atomic
def league_sync(*, league: League) -> int:
    """Bring every online match of the league up to date (the league page calls it)."""
    added = 0
    for match in league.matches.filter(finished=False, table__isnull=False):
        added += match_sync(match=match)
    return added


@transaction.atomic
def match_robots_finish(*, match: LeagueMatch, by: User) -> int:
    """"Robots finish this deal": for a pupil who had to leave, robots play every
    seat of the hand being played to its end (the next hand, dealt first, when
    the last one is over); the pupils keep their seats. The deal counts for the
    pairs, as a deal their robot stand-ins played."""
    match_sync(match=match)  # a match decided at its table is over: robots play no more
    match = LeagueMatch.objects.select_for_update().get(pk=match.pk)
    if match.finished:
        raise LeagueRefused("That mini-match is over: its deals are all played.")
    if match.table_id is None:
        raise LeagueRefused("That mini-match is not being played online.")
    table = Table.objects.select_for_update().get(pk=match.table_id)
    hand = current_hand(table)
    if hand is not None and hand.finished:
        # The last hand is over: deal the next, as "Next deal" at the table does.
        hand_next(table=table, after=hand.number, by=by)
    seats = list(table.seats.all())
    kept = {s.pk: s.pupil_id for s in seats}
    table.seats.update(pupil=None)
    actions = 0
    try:
        while robot_act(table_id=table.id) is not None:
            actions += 1
    finally:
        for seat in seats:
            type(seat).objects.filter(pk=seat.pk).update(pupil_id=kept[seat.pk])
    match_sync(match=match)
    return actions


# -- a mini-match played face to face -------------------------------------------------------

@dataclass(frozen=True)
class TypedDeal:
    """A deal's result as typed in from a real table. ``deal``: the cards in PBN
    ("N:AKQ.. ..."), when the site knows them; otherwise ``combined_hcp``, the
    declaring side's points, which is all target scoring needs."""

    declarer: str
    contract: str
    tricks: str
    board: str = ""
    combined_hcp: str = ""
    deal: str = ""


def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise LeagueRefused(f"Type {what} as a whole number from {low} to {high}, "
                            f"not {text!r}.") from None
    if not low <= value <= high:
        raise LeagueRefused(f"{what.capitalize()} must be from {low} to {high}, not {value}.")
    return value


def _seat(text: str) -> Seat:
    try:
        return Seat(text.strip().upper()[:1])
    except ValueError:
        raise LeagueRefused("Name the declarer: N, E, S or W.") from None


def _checked_with_cards(league: League, typed: TypedDeal, board: int | None
                        ) -> tuple[Any, Deal]:
    try:
        deal = Deal.from_pbn(typed.deal.strip(), board=board or 1)
    except (InvalidDealError, ValueError, TypeError) as exc:
        raise LeagueRefused(f"The cards cannot be read ({exc}): write them as PBN, "
                            f"e.g. 'N:AKQJ.AKQ.AK.5432 T987.JT9.QJT.AKQ ...'.") from None
    play = pairs_play(league.game)
    try:
        checked = play.result_check(deal=deal,
                                    rules=find_game(league.game, **league_rules_options(league)),
                                    declarer=typed.declarer.strip() or None,
                                    contract=typed.contract.strip() or None,
                                    tricks=str(typed.tricks).strip())
    except play.ResultError as exc:
        raise LeagueRefused(str(exc)) from exc
    return checked, deal


def _result_without_cards(league: League, typed: TypedDeal, board: int | None
                          ) -> tuple[lg.DealResult, str, str, int]:
    """No cards known: the game scores what was typed (against the target for the
    declaring side's combined points, or by the contract's goal and score)."""
    play = pairs_play(league.game)
    seat = _seat(typed.declarer)
    if not str(typed.combined_hcp).strip():
        raise LeagueRefused("Without the cards, type the declaring side's combined points "
                            "(21 to 40).")
    points = _whole(typed.combined_hcp, "the declaring side's combined points", 21, 40)
    tricks = _whole(typed.tricks, "declarer's tricks", 0, play.TRICKS_IN_A_HAND)
    try:
        scored = play.result_without_cards(
            won_by_target=league.won_by == League.WonBy.TARGET, declarer=seat,
            contract=typed.contract, combined_hcp=points, tricks=tricks)
    except play.ResultError as exc:
        raise LeagueRefused(str(exc)) from exc
    side = seat.side
    score = {side: scored.declaring, side.other: scored.defending}
    tricks_ns = tricks if side is Side.NS else play.TRICKS_IN_A_HAND - tricks
    try:
        result = lg.DealResult(tricks_ns, score[Side.NS], score[Side.EW], side, points,
                               Side.NS, board)
    except lg.LeagueError as exc:
        raise LeagueRefused(str(exc)) from exc
    return result, scored.contract, seat.value, tricks


@transaction.atomic
def deal_enter(*, match: LeagueMatch, by: User, typed: TypedDeal) -> LeagueDeal:
    """Type in the next deal of a mini-match played face to face. With the
    cards, the game's play by pairs (``result_check``) checks declarer, contract and
    tricks against the Laws; without them the declaring side's points are typed. A deal for a match
    that is over, or played online, is refused and nothing changes."""
    match = LeagueMatch.objects.select_for_update().select_related("league").get(pk=match.pk)
    league = match.league
    if match.table_id is not None:
        raise LeagueRefused("This mini-match is played online: its deals come from its table.")
    fmt = match_format(league)
    results = [deal_result(r) for r in match.deals.order_by("number")]
    if match.finished or lg.match_state(fmt, results).finished:
        state = lg.match_state(fmt, results)
        raise LeagueRefused(f"This mini-match is over ({fmt.words()}): it ended "
                            f"{state.wins_a}-{state.wins_b}, so no more deals can be added.")
    board = (_whole(typed.board, "the deal number", 1, 99) if str(typed.board).strip()
             else len(results) + 1)
    deal = None
    if typed.deal.strip():
        checked, deal = _checked_with_cards(league, typed, board)
        result = lg.DealResult.from_checked(checked)
        contract, declarer, tricks = (checked.contract_string or "",
                                      checked.declarer.value if checked.declarer else "",
                                      checked.tricks)
    else:
        result, contract, declarer, tricks = _result_without_cards(league, typed, board)
    try:
        results = list(lg.match_add(fmt, results, result))
    except lg.LeagueError as exc:
        raise LeagueRefused(str(exc)) from exc
    row = _store(match, len(results), result, deal=deal, contract=contract, declarer=declarer,
                 tricks=tricks, by=by)
    _finish_if_decided(match, fmt, results)
    return row
