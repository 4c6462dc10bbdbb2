"""Reads for the teacher's pages: the wall of tables, watching one, a pupil's
progress and the class chart.

Everything a tile or a page shows comes from the engine's views of the
replayed hands (teaching.tables.game_cache.hand_state) and the stored results,
read through the keys every trick-taking game's view shares; a key a game
does not have is simply not shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Max, QuerySet
from django.utils import timezone

from games.cards import Suit
from games.deals import Deal
from games.protocol import SeatView
from games.seats import Seat
from teaching.classes import games
from teaching.classes.selectors import classrooms_taught_by
from teaching.league.selectors import league_chart_points
from teaching.models import Classroom, Hand, HandAction, Pupil, Table, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.selectors import ROBOT, TableView, open_view, seat_labels
from teaching.teacher.charts import HandPoint

#: A table where a pupil is to act and nobody has acted for this long is "stalled".
STALL_SECONDS = 60


# -- access -------------------------------------------------------------------------

def table_for_teacher(user: User, table_id: int) -> Table | None:
    """A table of a class ``user`` teaches, else ``None`` (the page then answers 404)."""
    return (Table.objects.select_related("classroom")
            .filter(pk=table_id, classroom__in=classrooms_taught_by(user)).first())


def class_tables(classroom: Classroom) -> QuerySet[Table]:
    """The class's open tables, practice tables last."""
    return (classroom.tables.filter(closed=False).select_related("practice_for")
            .order_by("practice_for", "name", "id"))


# -- small readings of a view ---------------------------------------------------------

def trick_mark(view: SeatView) -> tuple[int, bool]:
    """(tricks completed, whether the current trick is empty) from a view."""
    done = len(view.tricks) or int(view.info.get("tricks_played") or 0)
    current = view.trick or {}
    return done, not current.get("cards")


#: How the wall names a contract's level, where a game has levels; others as they are.
LEVEL_WORDS = {"part": "Part-score", "game": "Game", "slam": "Slam"}


def _denomination_words(denomination: object) -> str:
    try:
        return Suit.from_str(str(denomination)).symbol
    except ValueError:
        return str(denomination)


def _contract_words(info: Mapping[str, Any]) -> str | None:
    """ "Game in ♥ by East, goal 10", or "NT by South, goal 7" when there is no level,
    from a game's own part of a view (or a result) that names a contract and declarer."""
    contract = info.get("contract")
    if not isinstance(contract, Mapping):
        return None
    denomination = _denomination_words(contract.get("denomination") or "")
    level = contract.get("level")
    words = denomination
    if level:
        words = f"{LEVEL_WORDS.get(str(level), str(level))} in {denomination}"
    if info.get("declarer"):
        words += f" by {Seat(info['declarer']).word}"
    if contract.get("goal"):
        words += f", goal {contract['goal']}"
    return words.strip() or None


def _side_counts(counts: object) -> list[tuple[str, int]]:
    """{"NS": 3, "EW": 2} (or per seat) as pairs in a steady order."""
    if not isinstance(counts, Mapping):
        return []
    order = ["NS", "EW", *[s.value for s in Seat]]
    return sorted(((str(k), int(v)) for k, v in counts.items()),
                  key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)


def seat_names(table: Table, hand: Hand | None) -> dict[Seat, tuple[str, bool]]:
    """Who plays each seat of ``hand``: (the pupil's name, "Robot" or "a former
    pupil", whether a robot), as the pupils' table page names them."""
    return {Seat(letter): label for letter, label in seat_labels(table, hand).items()}


def minutes_seconds(seconds: int) -> str:
    minutes, seconds = divmod(max(0, int(seconds)), 60)
    return f"{minutes} min {seconds:02d} s" if minutes else f"{seconds} s"


# -- the wall -------------------------------------------------------------------------

@dataclass(frozen=True)
class WallTile:
    table: Table
    hand: Hand | None
    #: The game and its options in words, as its registry entry describes them.
    game: str
    board: int | None
    phase: str
    trick: int | None
    contract: str | None
    tricks_won: list[tuple[str, int]]
    totals: list[tuple[str, int]]
    seats: list[tuple[str, str]]
    to_play: list[str]
    pupil_to_act: bool
    idle_seconds: int
    stalled: bool
    finished: bool

    @property
    def idle_words(self) -> str:
        return minutes_seconds(self.idle_seconds)


def _totals(table: Table) -> list[tuple[str, int]]:
    """The table's score so far: each side's scores over its finished hands."""
    total: Counter[str] = Counter()
    for result in table.hands.filter(finished__isnull=False).values_list("result", flat=True):
        score = (result or {}).get("score")
        if isinstance(score, dict):
            for side, points in score.items():
                if isinstance(points, int | float):
                    total[str(side)] += int(points)
    return _side_counts(dict(total))


def _last_activity(hand: Hand) -> datetime:
    last = hand.actions.aggregate(at=Max("created"))["at"]
    return max(last, hand.created) if last else hand.created


def wall_tile(table: Table, *, now: datetime | None = None) -> WallTile:
    """One table as the teacher's wall shows it."""
    now = now or timezone.now()
    hand = current_hand(table)
    names = seat_names(table, hand)
    seats = [(s.word, names[s][0]) for s in Seat if s in names]
    about = games.describe(table.game, table.options)
    if hand is None:
        return WallTile(table, None, about, None, "Not dealt yet", None, None, [], [], seats,
                        [], False, 0, False, False)
    game = hand_state(hand)
    view = game.view(None)
    to_act = [s for s in game.to_act()]
    done, _ = trick_mark(view)
    playing = view.to_play is not None  # a card is to be played: the hand is in its tricks
    pupil_to_act = any(s in names and not names[s][1] for s in to_act)
    idle = int((now - _last_activity(hand)).total_seconds())
    finished = hand.finished is not None or game.is_over()
    return WallTile(
        table=table, hand=hand, game=about, board=hand.number,
        # The game's own words for where the hand stands (SeatView.status).
        phase=view.status,
        trick=done + 1 if playing else None,
        contract=_contract_words(view.info),
        tricks_won=_side_counts(view.tricks_won),
        totals=_totals(table),
        seats=seats,
        to_play=[f"{names.get(s, (ROBOT, True))[0]} ({s.word})" for s in to_act],
        pupil_to_act=pupil_to_act,
        idle_seconds=idle,
        stalled=(pupil_to_act and not table.paused and not finished and idle >= STALL_SECONDS),
        finished=finished,
    )


def wall_tiles(classroom: Classroom, *, now: datetime | None = None) -> list[WallTile]:
    now = now or timezone.now()
    return [wall_tile(t, now=now) for t in class_tables(classroom)]


# -- watching a table with every hand open ---------------------------------------------

@dataclass(frozen=True)
class Watch:
    table: Table
    hand: Hand | None
    tile: WallTile
    #: The table laid out as the pupils' page lays it out, every hand open.
    tv: TableView | None = None
    tricks: list[Mapping[str, Any]] = field(default_factory=list)
    can_undo: bool = False


def watch(table: Table) -> Watch:
    """The table with every hand open, for its class's teachers only (the view
    calls this after the access check; it uses the engine's full_view through
    teaching.tables.selectors.open_view, the same rendering the pupils' table uses)."""
    tile = wall_tile(table)
    if tile.hand is None:
        return Watch(table=table, hand=None, tile=tile)
    tv = open_view(table=table, hand=tile.hand)
    done, empty = trick_mark(tv.view)
    return Watch(table=table, hand=tile.hand, tile=tile, tv=tv,
                 tricks=list(tv.view.tricks), can_undo=done > 0 or not empty)


# -- a pupil's hands and progress ---------------------------------------------------

@dataclass(frozen=True)
class PlayedHand:
    hand: Hand
    table: str
    #: The game and options it was played with, in words.
    game: str
    seat: Seat
    role: str
    contract: str | None
    outcome: str
    score: int | None


@dataclass(frozen=True)
class VariantStep:
    """One of the class's game's variants (a lesson, say) and the pupil's hands at it."""

    number: int
    title: str
    hands: int
    current: bool


@dataclass(frozen=True)
class Progress:
    pupil: Pupil
    hands: list[PlayedHand]
    #: The class's game's variants in the entry's order (its lessons, for a game taught
    #: in lessons), with the pupil's hands at each.
    steps: list[VariantStep]
    #: The pupil's game and options in words.
    playing: str

    @property
    def total(self) -> int:
        return len(self.hands)


def contract_words(result: dict[str, Any]) -> str | None:
    """The contract of a finished hand in words: "game NT by South, goal 9"."""
    contract = result.get("contract")
    if isinstance(contract, dict):
        view = {"contract": contract, "declarer": result.get("declarer")}
        if "goal" not in contract and result.get("goal"):
            view["contract"] = {**contract, "goal": result["goal"]}
        return _contract_words(view)
    if contract:
        by = f" by {Seat(result['declarer']).word}" if result.get("declarer") else ""
        goal = f", goal {result['goal']}" if result.get("goal") else ""
        return f"{contract}{by}{goal}"
    return None


def _role(seat: Seat, declarer: object) -> str:
    if not declarer:
        return "—"
    declarer = Seat(str(declarer))
    if seat == declarer:
        return "Declarer"
    if seat == declarer.partner:
        return "Dummy"
    return "Defender"


def _outcome(result: dict[str, Any], seat: Seat) -> str:
    """What happened, said from the pupil's side of the table."""
    by_side = result.get("tricks_by_side") or {}
    ours = by_side.get(seat.side.value)
    if result.get("declarer") and result.get("goal") is not None and "tricks" in result:
        tricks, goal = result["tricks"], result["goal"]
        made = result.get("made", tricks >= goal)
        declaring = Seat(str(result["declarer"])).side == seat.side
        if declaring:
            said = "made" if made else f"{goal - tricks} short"
        else:
            said = "declarer made it" if made else f"declarer {goal - tricks} short"
        return f"{tricks} tricks, goal {goal}: {said}"
    if ours is not None:
        return f"Your side took {ours} of 13 tricks"
    return "Finished"


def _score(result: dict[str, Any], seat: Seat) -> int | None:
    score = result.get("score")
    if isinstance(score, dict):
        value = score.get(seat.side.value, score.get(seat.value))
        return int(value) if isinstance(value, int | float) else None
    return None


def pupil_progress(pupil: Pupil) -> Progress:
    """The hands a pupil took part in (found by their actions in the log, so
    moving them between tables loses nothing), newest first, and how many they
    played at each variant of the class's game. Hands dealt again are left out."""
    seats = dict(HandAction.objects.filter(actor=pupil.user)
                 .order_by("hand_id", "seq").values_list("hand_id", "seat").distinct())
    hands = (Hand.objects.filter(pk__in=list(seats), finished__isnull=False)
             .select_related("table").order_by("-finished", "-id"))
    played = []
    for hand in hands:
        result = hand.result or {}
        if result.get("redeal"):
            continue
        seat = Seat(seats[hand.id])
        played.append(PlayedHand(
            hand=hand, table=hand.table.name, game=games.describe(hand.game, hand.options),
            seat=seat,
            role=_role(seat, result.get("declarer")), contract=contract_words(result),
            outcome=_outcome(result, seat), score=_score(result, seat),
        ))
    classroom = pupil.classroom
    counts = Counter(games.describe(p.hand.game, p.hand.options) for p in played
                     if p.hand.game == classroom.game)
    try:
        variants = games.entry_of(classroom.game).variants
    except games.GameChoiceError:
        variants = ()
    playing = games.describe(classroom.game, pupil.options)
    steps = []
    for number, variant in enumerate(variants, start=1):
        words = games.describe(classroom.game, variant.options)
        steps.append(VariantStep(number, variant.title, counts.get(words, 0), words == playing))
    return Progress(pupil=pupil, hands=played, steps=steps, playing=playing)


# -- the class chart (teaching tip 4) ---------------------------------------------------

@dataclass(frozen=True)
class ChartData:
    points: list[HandPoint]
    #: Finished hands left off the chart because they have no declarer (lessons 1-2).
    without_declarer: int


def denomination_of(result: dict[str, Any]) -> str | None:
    contract = result.get("contract")
    if isinstance(contract, dict):
        return contract.get("denomination")
    return None


def dd_tricks_of(result: dict[str, Any]) -> int | None:
    """The double-dummy tricks for the hand's declarer and denomination, if the
    hand's analysis (``result["dd"]``, teaching.tables.analysis.hand_analyse) is stored."""
    dd = result.get("dd")
    declarer, denomination = result.get("declarer"), denomination_of(result)
    if not isinstance(dd, dict) or not declarer or not denomination:
        return None
    value = (dd.get(str(declarer)) or {}).get(str(denomination))
    return int(value) if isinstance(value, int) else None


def class_finished_hands(classroom: Classroom) -> QuerySet[Hand]:
    return (Hand.objects.filter(table__classroom=classroom, finished__isnull=False)
            .exclude(result__isnull=True).order_by("finished", "id"))


def chart_data(classroom: Classroom) -> ChartData:
    """One point per finished hand of the class with a declarer: the declaring
    side's combined HCP, the tricks it took, and double dummy beside it."""
    points, without = [], 0
    for hand in class_finished_hands(classroom):
        result = hand.result or {}
        if result.get("redeal"):
            continue
        declarer = result.get("declarer")
        if not declarer or "tricks" not in result:
            without += 1
            continue
        side = Seat(str(declarer)).side
        hcp = Deal.from_data(hand.deal).side_hcp(side)
        points.append(HandPoint(hcp=hcp, tricks=int(result["tricks"]),
                                dd_tricks=dd_tricks_of(result)))
    # League deals typed in from real tables are not hands of the site, but they
    # belong on the class's chart too (issue 5: "grows with league deals too").
    points.extend(league_chart_points(classroom))
    return ChartData(points=points, without_declarer=without)


def hands_needing_analysis(classroom: Classroom) -> list[int]:
    """Finished hands with a declarer whose double-dummy figure is not stored yet."""
    return [h.id for h in class_finished_hands(classroom)
            if (h.result or {}).get("declarer") and "dd" not in h.result
            and not h.result.get("redeal")]


# -- the seating page -------------------------------------------------------------------

@dataclass(frozen=True)
class SeatRow:
    seat: Seat
    pupil: Pupil | None


@dataclass(frozen=True)
class SeatingTable:
    table: Table
    seats: list[SeatRow]
    #: The table's game and options in words.
    game: str


@dataclass(frozen=True)
class Seating:
    tables: list[SeatingTable]
    pupils: list[Pupil]
    unseated: list[Pupil]


def seating(classroom: Classroom) -> Seating:
    """The class's open tables (not practice tables) with who sits where, and
    the active pupils with no seat at any of them."""
    tables = [
        SeatingTable(
            table=t,
            seats=[SeatRow(Seat(s.seat), s.pupil) for s in
                   sorted(t.seats.select_related("pupil"), key=lambda s: Seat(s.seat).index)],
            game=games.describe(t.game, t.options),
        )
        for t in classroom.tables.filter(closed=False, practice_for__isnull=True)
        .order_by("name", "id")
    ]
    pupils = list(classroom.pupils.filter(archived=False).select_related("classroom"))
    seated = {row.pupil.id for t in tables for row in t.seats if row.pupil}
    return Seating(tables=tables, pupils=pupils,
                   unseated=[p for p in pupils if p.id not in seated])
