"""Use cases of a duplicate session (issue 4): set up, play round by round,
results typed in at real tables, hand records, corrections.

The movement is never stored: it is rebuilt from the session's kind, number
of pairs and boards per round by the pure :mod:`games.movements`, and the
sittings (one row per table per round) are written from it once. Online, each
sitting of the round being played gets a table (teaching.tables.services) whose hands
are the sitting's boards, dealt in order; face to face, a pupil at the table
types each result, which the game's play by pairs (``GameEntry.pairs``) checks and
scores; a session is offered only for such a game (docs/decisions/0142-pairs-games.md).
Scoring itself is :mod:`games.duplicate` (teaching.duplicate.selectors).
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from django.conf import settings
from django.db import IntegrityError, close_old_connections, connection, transaction
from django.urls import reverse

from games.bridge import pbn
from games.deals import Deal, InvalidDealError
from games.duplicate import (
    Adjusted,
    BoardResult,
    Method,
    ScoringError,
    board_result_from_hand,
)
from games.movements import (
    Kind,
    Movement,
    MovementError,
    suggest_movement,
)
from games.registry import find_game
from games.seats import Seat
from teaching.classes import games
from teaching.duplicate.rows import (
    board_dd_table,
    build_movement,
    pair_of,
    session_movement,
    sitting_boards,
)
from teaching.models import (
    BoardPlay,
    Classroom,
    DuplicateSession,
    Hand,
    Pupil,
    SessionBoard,
    SessionPair,
    SessionSitting,
    Table,
    TableSeat,
    User,
    default_game,
)
from teaching.runtime import analysis_process
from teaching.tables.after_hand import AfterHand, after_hand_decided_by
from teaching.tables.announce import notify_table
from teaching.tables.game_cache import current_hand
from teaching.tables.services import ActionRefused
from teaching.tables.services.dealing import hand_next, next_deal_decided_by
from teaching.tables.services.robots import robot_act
from teaching.tables.services.seating import table_create

log = logging.getLogger(__name__)

#: The artificial score "Call time" may give an unplayed board (games.duplicate.Adjusted).
AVERAGE = Adjusted(50, 50)

#: The lesson board sets shipped in fixtures/boards/ (made by scripts/make_board_sets.py).
BOARD_SETS_DIR = Path(settings.BASE_DIR) / "fixtures" / "boards"
#: The most boards a session may have (and an uploaded file may hold).
MAX_BOARDS = 64


class DuplicateRefused(Exception):
    """A request that changed nothing; ``message`` is what the teacher or pupil reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# -- boards -----------------------------------------------------------------------------

def boards_seeded(*, seed: str, count: int, game: str | None = None) -> list[Deal]:
    """Boards 1..count of ``game`` (by default the catalogue's first) dealt from ``seed``:
    the same seed gives the same boards.

    A deal the game would redeal (its pairs module says which) is no board: a board
    cannot be redealt at one table only, so such a deal is dealt again from the next
    seed."""
    play = games.pairs_of(game or default_game())
    redealt = play.board_redealt if play is not None else (lambda deal: False)
    deals = []
    for number in range(1, count + 1):
        attempt = 0
        while True:
            deal = Deal.for_board(number, random.Random(f"{seed}:{number}:{attempt}"))
            if not redealt(deal):
                break
            attempt += 1
        deals.append(deal)
    return deals


@dataclass(frozen=True)
class BoardSet:
    key: str
    title: str
    path: Path


def board_sets() -> list[BoardSet]:
    """The lesson board sets in fixtures/boards/, titled by their Event tag."""
    sets = []
    for path in sorted(BOARD_SETS_DIR.glob("*.pbn")):
        games = pbn.loads(path.read_text(encoding="utf-8"))
        title = (games[0].get("Event") if games else None) or path.stem
        sets.append(BoardSet(path.stem, title, path))
    return sets


def boards_from_pbn(text: str, count: int) -> list[Deal]:
    """Boards 1..count from a PBN text, or :class:`DuplicateRefused` saying
    what is wrong with the file (nothing is imported unless all is well)."""
    try:
        games = pbn.loads(text)
    except pbn.PbnError as exc:
        raise DuplicateRefused(f"That is not a PBN file we can read: {exc}") from exc
    except (UnicodeError, ValueError) as exc:
        raise DuplicateRefused(f"That is not a PBN file we can read: {exc}") from exc
    found: dict[int, Deal] = {}
    for index, game in enumerate(games, start=1):
        if "Deal" not in game.tags:
            continue
        try:
            number = game.board() or index
            deal = game.deal()
        except (pbn.PbnError, InvalidDealError, ValueError) as exc:
            raise DuplicateRefused(f"Board {index} of the file is not a deal we can use: "
                                   f"{exc}") from exc
        if sorted(len(deal.hand(s)) for s in Seat) != [13, 13, 13, 13]:
            raise DuplicateRefused(f"Board {number} of the file does not give every player "
                                   "13 cards.")
        if number in found:
            raise DuplicateRefused(f"The file has board {number} twice.")
        found[number] = deal
    if not found:
        raise DuplicateRefused("That file has no deals in it (no [Deal] tags).")
    missing = [n for n in range(1, count + 1) if n not in found]
    if missing:
        shown = ", ".join(map(str, missing[:8])) + (" ..." if len(missing) > 8 else "")
        raise DuplicateRefused(f"This movement needs boards 1 to {count}; the file has "
                               f"{len(found)} board(s) and lacks board(s) {shown}.")
    return [found[n] for n in range(1, count + 1)]


def boards_from_set(key: str, count: int) -> list[Deal]:
    for board_set in board_sets():
        if board_set.key == key:
            return boards_from_pbn(board_set.path.read_text(encoding="utf-8"), count)
    raise DuplicateRefused("There is no lesson board set by that name.")


# -- setting up -----------------------------------------------------------------------

def pairs_suggest(*, pupils: Sequence[Pupil], seed: str | None = None) -> list[list[Pupil]]:
    """Pupils paired two by two, those at the same options of their class's game (the
    same lesson) together, in the game's order (the list is shuffled first with a
    ``seed``); an odd pupil out is a pair of one."""
    order = list(pupils)
    if seed is not None:
        random.Random(seed).shuffle(order)

    def place(pupil: Pupil) -> tuple[int, ...]:
        try:
            return games.options_order(games.entry_of(pupil.classroom.game), pupil.options)
        except games.GameChoiceError:
            return ()

    order.sort(key=place)
    return [order[i:i + 2] for i in range(0, len(order), 2)]


@dataclass(frozen=True)
class SessionPlan:
    """What the teacher chose on the setup page."""

    title: str
    #: The game and its options (one of the game's session variants).
    game: str
    options: Mapping[str, Any]
    mode: str
    method: str
    pairs: Sequence[Sequence[Pupil]]
    #: With an odd number of pairs: "robot" (a robot pair) or "sit-out".
    odd: str = "sit-out"
    #: "" for the suggested movement, or a games.movements.Kind value.
    movement: str = ""
    boards_per_round: int | None = None
    rounds: int | None = None
    #: A Howell where every table plays the same boards in a round.
    barometer: bool = False
    #: "seeded", "set" or "upload".
    boards: str = "seeded"
    seed: str = ""
    board_set: str = ""
    pbn_text: str = ""
    pbn_name: str = ""


def pairs_play(game: str) -> ModuleType:
    """The game's play by pairs over boards (``GameEntry.pairs``), or
    :class:`DuplicateRefused` saying a session needs a game of partnerships."""
    play = games.pairs_of(game)
    if play is None:
        raise DuplicateRefused(f"A duplicate session is for a game of two partnerships, "
                               f"North-South against East-West: {games.describe(game, {})} "
                               f"is not.")
    return play


def _check_plan(classroom: Classroom, plan: SessionPlan) -> dict[str, Any]:
    play = pairs_play(plan.game)
    try:
        options = games.checked_options(plan.game, plan.options)
    except games.GameChoiceError as error:
        raise DuplicateRefused(error.message) from None
    refusal = play.session_refusal(options)
    if refusal:
        raise DuplicateRefused(refusal)
    if plan.mode not in DuplicateSession.Mode.values:
        raise DuplicateRefused("Choose online or face to face.")
    if plan.method not in Method.__members__.values():
        raise DuplicateRefused("Choose matchpoints, IMPs or win/loss.")
    won_or_lost = play.won_or_lost(options)
    if plan.method == Method.WIN_LOSS and not won_or_lost:
        raise DuplicateRefused("Win/loss scoring goes with rules where each board is won or "
                               "lost (the target-tricks variant).")
    if won_or_lost and plan.method != Method.WIN_LOSS:
        raise DuplicateRefused(f"{games.describe(plan.game, options)} is scored as a win or "
                               f"a loss: choose win/loss.")
    seen: set[int] = set()
    for pair in plan.pairs:
        if not 1 <= len(pair) <= 2:
            raise DuplicateRefused("A pair is one or two pupils.")
        if len(pair) == 1 and plan.mode == DuplicateSession.Mode.FACE:
            raise DuplicateRefused(f"Face to face, {pair[0].name} needs a partner: a robot "
                                   "cannot hold real cards.")
        for pupil in pair:
            if pupil.classroom_id != classroom.id or pupil.archived:
                raise DuplicateRefused(f"{pupil.name} is not in {classroom.name}.")
            if pupil.pk in seen:
                raise DuplicateRefused(f"{pupil.name} is in two pairs.")
            seen.add(pupil.pk)
    if len(plan.pairs) < 2:
        raise DuplicateRefused("A session needs at least two pairs (four pupils).")
    return options


@transaction.atomic
def session_create(*, classroom: Classroom, by: User, plan: SessionPlan) -> DuplicateSession:
    """A session with its pairs, boards and the sittings of every round.

    Bad input (a movement that cannot be, a bad PBN file, a pupil of another
    class) raises :class:`DuplicateRefused` and nothing is saved."""
    options = _check_plan(classroom, plan)
    count = len(plan.pairs)
    # Robots cannot hold real cards: face to face, an odd pair out sits out.
    online = plan.mode == DuplicateSession.Mode.ONLINE
    robot = count % 2 == 1 and online and (plan.odd == "robot" or count == 3)
    total = count + robot
    try:
        if plan.movement:
            movement = build_movement(kind=plan.movement, pairs=total,
                                      boards_per_round=plan.boards_per_round or 3,
                                      rounds=plan.rounds, barometer=plan.barometer)
        elif total == 3:  # one table, the third pair sitting out in turn
            movement = build_movement(kind=Kind.HOWELL, pairs=3,
                                      boards_per_round=plan.boards_per_round or 4,
                                      rounds=plan.rounds)
        else:
            suggested = suggest_movement(total, boards_per_round=plan.boards_per_round)
            movement = build_movement(kind=suggested.kind, pairs=total,
                                      boards_per_round=suggested.boards_per_round,
                                      rounds=plan.rounds)
    except MovementError as exc:
        raise DuplicateRefused(f"That movement cannot be played: {exc}.") from exc
    board_count = max(movement.boards)
    if board_count > MAX_BOARDS:
        raise DuplicateRefused(f"That makes {board_count} boards; a session has at most "
                               f"{MAX_BOARDS}. Choose fewer boards per round or rounds.")
    deals, source = _deals_for(plan, board_count)
    session = DuplicateSession.objects.create(
        classroom=classroom, title=plan.title.strip()[:80] or "Duplicate session",
        game=plan.game, options=options, mode=plan.mode, method=plan.method,
        movement_kind=movement.kind.value, pairs_total=total,
        boards_per_round=movement.boards_per_round, rounds=plan.rounds,
        barometer=plan.barometer and movement.kind == Kind.HOWELL, boards_source=source,
        created_by=by,
    )
    _create_pairs(session, movement, plan.pairs, robot)
    SessionBoard.objects.bulk_create(
        SessionBoard(session=session, number=n, deal=deal.to_data())
        for n, deal in enumerate(deals, start=1))
    rows = {pair_of(p): p for p in session.pairs.all()}
    SessionSitting.objects.bulk_create(
        SessionSitting(session=session, round=rnd.number, table_number=sitting.table,
                       ns=rows[sitting.ns], ew=rows[sitting.ew])
        for rnd, sitting in movement.sittings() if sitting.is_played)
    return session


def _deals_for(plan: SessionPlan, count: int) -> tuple[list[Deal], str]:
    if plan.boards == "seeded":
        seed = plan.seed.strip() or f"{random.SystemRandom().randrange(10**6):06d}"
        return (boards_seeded(seed=seed, count=count, game=plan.game),
                f"Seeded random boards (seed {seed})")
    if plan.boards == "set":
        titles = {s.key: s.title for s in board_sets()}
        return boards_from_set(plan.board_set, count), titles.get(plan.board_set, "")
    if plan.boards == "upload":
        if not plan.pbn_text.strip():
            raise DuplicateRefused("Choose a PBN file to upload.")
        return boards_from_pbn(plan.pbn_text, count), f"Uploaded: {plan.pbn_name}"[:120]
    raise DuplicateRefused("Choose where the boards come from.")


def _renumber(deal: Deal, number: int) -> Deal:
    return Deal(deal.hands, dealer=deal.dealer, board=number,
                vulnerability=deal.vulnerability, stock=deal.stock)


def _create_pairs(session: DuplicateSession, movement: Movement,
                  pairs: Sequence[Sequence[Pupil]], robot: bool) -> None:
    """The class's pairs take the movement's pairs in order; a robot pair is
    the last one. A Mitchell's missing pair is not there at all."""
    movement_pairs = list(movement.pairs)
    if robot:
        robot_pair = movement_pairs.pop()
        SessionPair.objects.create(session=session, number=robot_pair.number,
                                   direction=robot_pair.direction.value
                                   if robot_pair.direction else "", robot=True)
    for pair, pupils in zip(movement_pairs, pairs, strict=True):
        SessionPair.objects.create(
            session=session, number=pair.number,
            direction=pair.direction.value if pair.direction else "",
            first=pupils[0], second=pupils[1] if len(pupils) > 1 else None)


# -- playing round by round ---------------------------------------------------------------

def _deal_of(session: DuplicateSession, number: int) -> Deal:
    board = session.boards.get(number=number)
    return _renumber(Deal.from_data(board.deal), number)


@transaction.atomic
def round_start(*, session: DuplicateSession, by: User | None, after: int | None = None) -> int:
    """Close the round being played (the teacher calls time: a board not
    finished has no result) and start the next; after the last round the
    session is finished. Returns the round now being played (0 when finished).
    With ``after``, only if round ``after`` is still the one being played."""
    session = DuplicateSession.objects.select_for_update().get(pk=session.pk)
    if session.status == DuplicateSession.Status.FINISHED:
        raise DuplicateRefused("This session is finished.")
    if after is not None and session.current_round != after:
        return session.current_round  # someone else started it meanwhile
    if session.mode == DuplicateSession.Mode.ONLINE and session.current_round:
        _record_online(session)
    _close_round(session)
    movement = session_movement(session)
    if session.current_round >= len(movement.rounds):
        session.status = DuplicateSession.Status.FINISHED
        session.save(update_fields=["status"])
        return 0
    session.current_round += 1
    session.status = DuplicateSession.Status.PLAYING
    session.save(update_fields=["current_round", "status"])
    if session.mode == DuplicateSession.Mode.ONLINE:
        for sitting in session.sittings.filter(round=session.current_round):
            _open_table(session, sitting, movement)
    return session.current_round


#: What "Call time" does with the boards of the round left unplayed.
UNPLAYED_CHOICES = {
    # Left out: the board was played fewer times, and Neuberg factors its other
    # results up (games.duplicate.neuberg), as for any board played fewer times.
    "not-played": "left out (the board's other results are factored up)",
    # Law 12C2: neither pair is to blame for the teacher's clock.
    "average": "an average (50%) to both pairs",
}


@dataclass(frozen=True)
class TimeCalled:
    #: The round now being played (0: the session is finished).
    round: int
    #: "board 4 at table 2" for each board that had no result.
    unplayed: tuple[str, ...]
    #: How they were scored (a value of :data:`UNPLAYED_CHOICES`).
    scored: str


@transaction.atomic
def round_call_time(*, session: DuplicateSession, by: User,
                    unplayed: str = "not-played") -> TimeCalled:
    """"Call time": the boards of the round with no result are scored as the teacher
    chooses (:data:`UNPLAYED_CHOICES`: left out, or an artificial average, A5050, to both
    pairs), then the round closes and the next starts (:func:`round_start`). Says which
    boards were unplayed, so nobody is ranked over fewer boards without a word."""
    if unplayed not in UNPLAYED_CHOICES:
        raise DuplicateRefused("Choose how the unplayed boards are scored: left out, or an "
                               "average to both pairs.")
    session = DuplicateSession.objects.select_for_update().get(pk=session.pk)
    if session.status == DuplicateSession.Status.FINISHED:
        raise DuplicateRefused("This session is finished.")
    missing: list[tuple[SessionSitting, int]] = []
    if session.status == DuplicateSession.Status.PLAYING and session.current_round:
        if session.mode == DuplicateSession.Mode.ONLINE:
            _record_online(session)
        missing = _unplayed(session)
    if unplayed == "average":
        boards = {b.number: b for b in session.boards.all()}
        for sitting, number in missing:
            BoardPlay.objects.update_or_create(
                sitting=sitting, board=boards[number],
                defaults={"session": session, "contract": str(AVERAGE), "declarer": "",
                          "tricks": None, "score": 0, "won_by": "", "points": {},
                          "confirmed": True, "corrected_by": by})
    number = round_start(session=session, by=by, after=session.current_round)
    return TimeCalled(number, tuple(f"board {b} at table {s.table_number}" for s, b in missing),
                      UNPLAYED_CHOICES[unplayed])


def _unplayed(session: DuplicateSession) -> list[tuple[SessionSitting, int]]:
    """(sitting, board) for each board of the round being played with no result in."""
    movement = session_movement(session)
    missing = []
    for sitting in session.sittings.filter(round=session.current_round).order_by("table_number"):
        have = set(sitting.plays.filter(confirmed=True).values_list("board__number", flat=True))
        missing.extend((sitting, b) for b in sitting_boards(session, sitting, movement)
                       if b not in have)
    return missing


def _close_round(session: DuplicateSession) -> None:
    sittings = session.sittings.filter(round=session.current_round, closed=False)
    tables = Table.objects.filter(sitting__in=sittings)
    closed = list(tables.values_list("pk", flat=True))
    tables.update(closed=True)
    sittings.update(closed=True)
    # A round ends by itself once every table has its results (session_sync), with no
    # teacher's press: each closed table's pupils are told, once the next round's tables
    # exist, and their page goes to the table they play at now
    # (teaching.tables.closed.where_after_closing), instead of waiting on "Round over".
    for table_id in closed:
        transaction.on_commit(lambda table_id=table_id: notify_table(table_id, 0))


_TABLE_NAME_MAX = Table._meta.get_field("name").max_length


def _table_name(title: str, sitting: SessionSitting) -> str:
    """The name of a sitting's table, e.g. "Mitchell online night R1 T1": the whole title
    where it fits a table's name, else cut at a word with an ellipsis, so that the round
    and table always show."""
    where = f" R{sitting.round} T{sitting.table_number}"
    room = _TABLE_NAME_MAX - len(where)
    if len(title) > room:
        cut = title[:room - 1]
        title = (cut.rsplit(" ", 1)[0] if " " in cut.strip() else cut).rstrip(" ,;:-") + "…"
    return title + where


def _open_table(session: DuplicateSession, sitting: SessionSitting, movement: Movement) -> None:
    boards = sitting_boards(session, sitting, movement)
    ns, ew = sitting.ns, sitting.ew
    pupils = {Seat.NORTH: ns.first, Seat.SOUTH: ns.second,
              Seat.EAST: ew.first, Seat.WEST: ew.second}
    table = table_create(
        classroom_id=session.classroom_id,
        name=_table_name(session.title, sitting),
        game=session.game, options=session.options, pupils=pupils,
        robot_level=session.classroom.robot_level, deal=_deal_of(session, boards[0]))
    sitting.table = table
    sitting.save(update_fields=["table"])


def _sitting_at(table: Table) -> SessionSitting | None:
    """The session sitting a table plays, or ``None`` for any other table."""
    # Most tables are not a session's: one plain look says so (this runs at every
    # "Next deal", and building the ORM's query cost more than a card's whole work).
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {SessionSitting._meta.db_table} WHERE table_id = %s",
                       [table.pk])
        if cursor.fetchone() is None:
            return None
    return SessionSitting.objects.select_related("session").filter(table=table).first()


def _boards_left(table: Table, sitting: SessionSitting) -> list[int]:
    """The sitting's boards not yet dealt at its table (the first playing of each)."""
    dealt = table.hands.filter(replay_of__isnull=True).count()
    return list(sitting_boards(sitting.session, sitting)[dealt:])


#: Said once a table's round is played out. The next round starts by itself when every
#: table has its results (or when the teacher calls time), and this page then takes the
#: pupil to their next table (:func:`_close_round`): nobody has to press anything.
ROUND_OVER = ("Round over: that was the last board of this round at your table. The next "
              "round starts by itself when every table has finished, and this page then "
              "takes you to your next table.")


@next_deal_decided_by
def next_board_deal(table: Table) -> Deal | None:
    """Asked at every "Next deal" (teaching.tables.services.dealing): the next board of a
    duplicate table (``None`` for any other table: it deals as usual). After the round's
    last board the table deals no more and says where to look."""
    sitting = _sitting_at(table)
    if sitting is None:
        return None
    left = _boards_left(table, sitting)
    if not left or sitting.closed:
        raise ActionRefused(ROUND_OVER, "round_over")
    return _deal_of(sitting.session, left[0])


@after_hand_decided_by
def board_after_hand(table: Table, hand: Hand) -> AfterHand | None:
    """A session's table offers "Next deal" while the round has boards left, and never
    "Play it again": the board's other tables have still to play it, and a pupil who
    knows the cards would play it there with them in mind."""
    sitting = _sitting_at(table)
    if sitting is None:
        return None
    if sitting.closed or not _boards_left(table, sitting):
        return AfterHand(next_deal=False, play_again=False, message=ROUND_OVER,
                         code="round_over", link=(reverse("duplicate_pupil",
                                                          args=[sitting.session_id]),
                                                  "See where you go next"))
    return AfterHand(next_deal=True, play_again=False)


def _online_results(sitting: SessionSitting, boards: tuple[int, ...]) -> list[tuple[int, Hand]]:
    """(board, finished hand) for the boards played so far at a sitting's table."""
    if sitting.table_id is None:
        return []
    hands = list(Hand.objects.filter(table_id=sitting.table_id, replay_of__isnull=True)
                 .order_by("number"))
    return [(board, hand) for board, hand in zip(boards, hands, strict=False) if hand.finished]


@transaction.atomic
def session_sync(*, session: DuplicateSession) -> int:
    """Record the online boards finished since the last look as traveller
    lines; once every table of the round has all its results (online or
    typed in and confirmed), the round ends and the next one starts, as the
    movement says. Idempotent; returns how many lines it recorded."""
    # Every open progress page and pupil page calls this every few seconds:
    # the row lock makes them take turns, so a round is never started twice.
    session = DuplicateSession.objects.select_for_update().get(pk=session.pk)
    if session.status != DuplicateSession.Status.PLAYING:
        return 0
    recorded = 0
    if session.mode == DuplicateSession.Mode.ONLINE:
        recorded = _record_online(session)
    if round_complete(session):
        round_start(session=session, by=None, after=session.current_round)
    return recorded


def _record_online(session: DuplicateSession) -> int:
    movement = session_movement(session)
    recorded = 0
    boards_by_number = {b.number: b for b in session.boards.all()}
    done = set(session.plays.values_list("sitting_id", "board__number"))
    for sitting in session.sittings.filter(round__lte=session.current_round,
                                           table__isnull=False).select_related("ns", "ew"):
        boards = sitting_boards(session, sitting, movement)
        for board, hand in _online_results(sitting, boards):
            if (sitting.id, board) in done:
                continue
            try:
                with transaction.atomic():
                    _record_hand(session, sitting, boards_by_number[board], hand)
            except IntegrityError:  # recorded by another request meanwhile
                continue
            recorded += 1
    return recorded


def _record_hand(session: DuplicateSession, sitting: SessionSitting, board: SessionBoard,
                 hand: Hand) -> None:
    result = hand.result or {}
    typed = games.hand_result(hand.game, hand.options, result)
    if typed.redealt:
        # A redeal (the game's own rule): every table has the same deal, so every table
        # gets the same nil result and the board is an average for everyone.
        line = BoardResult(board.number, pair_of(sitting.ns), pair_of(sitting.ew), 0,
                           contract="Redeal")
    else:
        try:
            line = board_result_from_hand(board.number, pair_of(sitting.ns),
                                          pair_of(sitting.ew), result)
        except ScoringError:
            log.exception("board %s at sitting %s has no result to record", board.number,
                          sitting.id)
            return
    BoardPlay.objects.create(
        session=session, board=board, sitting=sitting, hand=hand, contract=line.contract,
        declarer=line.declarer.value if line.declarer else "", tricks=line.tricks,
        score=line.score, won_by=line.won_by.value if line.won_by else "",
        points=dict(typed.scores), confirmed=True)


def round_complete(session: DuplicateSession) -> bool:
    """Every table of the round being played has a confirmed result for each board."""
    session = DuplicateSession.objects.get(pk=session.pk)
    if session.current_round == 0:
        return False
    movement = session_movement(session)
    for sitting in session.sittings.filter(round=session.current_round):
        boards = set(sitting_boards(session, sitting, movement))
        have = set(sitting.plays.filter(confirmed=True).values_list("board__number", flat=True))
        if not boards <= have:
            return False
    return True


@transaction.atomic
def sitting_robots_finish(*, sitting: SessionSitting, by: User) -> list[int]:
    """"Robots finish": robots play every seat of the sitting's table (for a pupil who
    left) to the end of the round: the board being played, then each board the round
    still has, dealt as "Next deal" deals it, so the round's results are all there.
    The pupils keep their seats. Returns the boards the robots played, in order."""
    if sitting.table_id is None or sitting.closed:
        raise DuplicateRefused("That table is not being played.")
    table = Table.objects.select_for_update().get(pk=sitting.table_id)
    seats = list(TableSeat.objects.filter(table=table))
    kept = {s.pk: s.pupil_id for s in seats}
    TableSeat.objects.filter(table=table).update(pupil=None)
    played: list[int] = []
    try:
        while True:
            hand = current_hand(table)
            if hand is not None and hand.finished:
                if not _boards_left(table, sitting):
                    break
                hand = hand_next(table=table, after=hand.number, by=by)
            if hand is None:
                break
            while robot_act(table_id=table.id) is not None:
                pass
            played.append(Deal.from_data(hand.deal).board)
            if not Hand.objects.filter(pk=hand.pk, finished__isnull=False).exists():
                break  # a game the robots cannot finish: say what they did, no more
    finally:
        for seat in seats:
            TableSeat.objects.filter(pk=seat.pk).update(pupil_id=kept[seat.pk])
    return played


# -- results typed in at a real table ------------------------------------------------------

@dataclass(frozen=True)
class TypedResult:
    board: int
    declarer: str
    contract: str
    tricks: str


def _pupil_sitting(session: DuplicateSession, user: User) -> SessionSitting:
    pupil = Pupil.objects.filter(user=user, classroom=session.classroom,
                                 archived=False).first()
    if pupil is None:
        raise DuplicateRefused("Only a pupil of this class can type in a result.")
    from django.db.models import Q

    mine = Q(ns__first=pupil) | Q(ns__second=pupil) | Q(ew__first=pupil) | Q(ew__second=pupil)
    sitting = session.sittings.filter(mine, round=session.current_round).select_related(
        "ns", "ew").first()
    if sitting is None:
        raise DuplicateRefused("You are not at a table in this round.")
    return sitting


def _checked(session: DuplicateSession, board: SessionBoard, typed: TypedResult
             ) -> dict[str, Any]:
    play = pairs_play(session.game)
    try:
        checked = play.result_check(deal=Deal.from_data(board.deal),
                                    rules=find_game(session.game, **session.options),
                                    declarer=typed.declarer.strip() or None,
                                    contract=typed.contract.strip() or None,
                                    tricks=str(typed.tricks).strip())
    except play.ResultError as exc:
        raise DuplicateRefused(str(exc)) from exc
    return _checked_fields(checked)


def _checked_fields(checked: Any) -> dict[str, Any]:
    """A result checked by the game's play by pairs (``result_check``) as a traveller
    line's fields."""
    score = {str(side): int(points) for side, points in dict(checked.score).items()}
    ns, ew = score.get("NS", 0), score.get("EW", 0)
    declarer = getattr(checked, "declarer", None)
    win = getattr(checked, "win", None)
    return {"contract": getattr(checked, "contract_string", "") or "",
            "declarer": str(declarer.value if hasattr(declarer, "value") else declarer or ""),
            "tricks": getattr(checked, "tricks", None), "score": ns - ew,
            "won_by": str(win.value if hasattr(win, "value") else win or ""),
            "points": {"NS": ns, "EW": ew}}


@transaction.atomic
def result_enter(*, session: DuplicateSession, user: User, typed: TypedResult) -> BoardPlay:
    """A pupil types the result of a board at their table. It is checked and
    scored, and waits for the pupil to confirm it (:func:`result_confirm`)."""
    session = DuplicateSession.objects.select_for_update().get(pk=session.pk)
    if session.mode != DuplicateSession.Mode.FACE or session.status != "playing":
        raise DuplicateRefused("Results are typed in during a face-to-face session.")
    sitting = _pupil_sitting(session, user)
    boards = sitting_boards(session, sitting)
    if typed.board not in boards:
        raise DuplicateRefused(f"Board {typed.board} is not played at your table this round "
                               f"(your boards: {', '.join(map(str, boards))}).")
    board = session.boards.get(number=typed.board)
    existing = BoardPlay.objects.filter(sitting=sitting, board=board).first()
    if existing is not None and existing.confirmed:
        raise DuplicateRefused(f"Board {typed.board} is already in; ask your teacher to "
                               "correct it.")
    fields = _checked(session, board, typed)
    play, _ = BoardPlay.objects.update_or_create(
        sitting=sitting, board=board,
        defaults={**fields, "session": session, "entered_by": user, "confirmed": False})
    return play


@transaction.atomic
def result_confirm(*, play: BoardPlay, user: User) -> BoardPlay:
    """The other pair at the table has seen both pairs' scores and confirms: the line
    is on the traveller, and the board's deal and traveller open to the table.

    Never the pair that typed it in: a result confirmed by its own side would open
    a board's 52 cards to a pupil who has not played it (issue 13). The teacher's
    correction (:func:`result_correct`) stands in for a side that cannot confirm."""
    play = BoardPlay.objects.select_for_update().select_related("sitting").get(pk=play.pk)
    sitting = _pupil_sitting(play.session, user)
    if sitting.pk != play.sitting_id:
        raise DuplicateRefused("That result is not from your table.")
    typed_by = pair_at_table(sitting, play.entered_by_id) if play.entered_by_id else None
    if typed_by is not None and typed_by == pair_at_table(sitting, user.pk):
        raise DuplicateRefused("Your pair typed this result in: the other pair at your table "
                               "checks it and confirms it.")
    play.confirmed = True
    play.save(update_fields=["confirmed", "updated"])
    return play


def pair_at_table(sitting: SessionSitting, user_id: int) -> SessionPair | None:
    """Which of the table's two pairs the user plays in (``None``: neither)."""
    for pair in (sitting.ns, sitting.ew):
        members = [pk for pk in (pair.first_id, pair.second_id) if pk is not None]
        if Pupil.objects.filter(pk__in=members, user_id=user_id).exists():
            return pair
    return None


@transaction.atomic
def result_correct(*, session: DuplicateSession, by: User, sitting: SessionSitting,
                   typed: TypedResult) -> BoardPlay:
    """The teacher puts a wrong (or missing) result right; it is checked the same way."""
    if sitting.session_id != session.pk:
        raise DuplicateRefused("That table is not in this session.")
    if typed.board not in sitting_boards(session, sitting):
        raise DuplicateRefused(f"Board {typed.board} is not played at that table in that "
                               "round.")
    board = session.boards.get(number=typed.board)
    fields = _checked(session, board, typed)
    play, _ = BoardPlay.objects.update_or_create(
        sitting=sitting, board=board,
        defaults={**fields, "session": session, "corrected_by": by, "confirmed": True})
    return play


# -- hand records in the background ---------------------------------------------------------

@transaction.atomic
def hand_records_start(*, session: DuplicateSession, background: bool = True) -> None:
    """Start computing every board's hand record (double-dummy table and par)
    in a thread; progress is kept on the session, so a reload shows it. The
    thread is started once the request's transaction commits."""
    session = DuplicateSession.objects.select_for_update().get(pk=session.pk)
    # Started again while "running" (a server restarted mid-way leaves that
    # state behind): harmless, since the work skips boards already recorded.
    session.records_total = session.boards.count()
    session.records_done = session.boards.filter(record__isnull=False).count()
    session.records_state = "running"
    session.save(update_fields=["records_total", "records_done", "records_state"])
    if background:
        transaction.on_commit(lambda: threading.Thread(
            target=_records_thread, args=(session.pk,), daemon=True,
            name=f"hand-records-{session.pk}").start())


def _records_thread(session_id: int) -> None:
    try:
        # A session's worth of solving, in the solver process: never before the players' cards.
        hand_records_compute(session_id=session_id, in_solver_process=True)
    finally:
        close_old_connections()


def hand_records_compute(*, session_id: int, in_solver_process: bool = False) -> int:
    """Compute the hand records still missing, one board at a time, counting
    progress as it goes. Returns how many it computed. ``in_solver_process``:
    each board is solved by teaching.runtime.analysis_process (the background thread's
    way), else in this thread."""
    # Named, not imported: in the solver process DDS never loads in the server for it.
    solve = analysis_process.solve if in_solver_process else analysis_process.solve_here
    computed = 0
    try:
        for board in SessionBoard.objects.filter(session_id=session_id, record__isnull=True):
            # The table a played hand already stored (its players saw it) is not solved
            # again; the game's own par is worked out from it on the page (decision 0430).
            seen = board_dd_table(board)
            board.record = ({"dd": seen} if seen else
                            solve("games.bridge.analysis:hand_record_data",
                                  Deal.from_data(board.deal)))
            board.save(update_fields=["record"])
            DuplicateSession.objects.filter(pk=session_id).update(
                records_done=SessionBoard.objects.filter(session_id=session_id,
                                                         record__isnull=False).count())
            computed += 1
    except Exception:
        log.exception("hand records of session %s failed", session_id)
        DuplicateSession.objects.filter(pk=session_id).update(records_state="failed")
        return computed
    DuplicateSession.objects.filter(pk=session_id).update(records_state="done")
    return computed
