"""Reads for the teacher's pages: the wall of tables, watching one, a pupil's
progress and the class chart.

Everything a tile or a page shows comes from the engine's views of the
replayed hands (teaching.tables.game_cache.hand_state) and the stored results,
read through the keys every trick-taking game's view shares; a key a game
does not have is simply not shown.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate
from typing import Any

from django.db.models import Max, QuerySet
from django.utils import timezone

from games.deals import Deal
from games.protocol import HandResult, SeatView
from games.seats import Seat
from teaching.classes import games
from teaching.classes.selectors import classrooms_taught_by
from teaching.league.selectors import league_chart_points
from teaching.models import Classroom, Hand, HandAction, Pupil, Table, User
from teaching.tables.analysis import analysable, stored_table
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
    current = view.trick or {}
    # A game that turns its quitted tricks face down shows none of them, but counts
    # them: the tricks won, by seat or by side, add up to the tricks played (a claim's
    # tricks too, so only where no trick is shown).
    done = len(view.tricks) or sum(view.tricks_won.values())
    return done, not current.get("cards")


#: The order tricks or points are listed in: sides, then seats round the table.
_KEY_ORDER = ["NS", "EW", *[s.value for s in Seat]]


def _in_order(counts: Mapping[str, int] | None) -> list[tuple[str, int]]:
    """Tricks or points by side or seat, in a steady order (:data:`_KEY_ORDER`)."""
    return sorted(((str(k), int(v)) for k, v in (counts or {}).items()),
                  key=lambda kv: _KEY_ORDER.index(kv[0]) if kv[0] in _KEY_ORDER else 99)


def counted(counts: Mapping[str, int] | None) -> list[tuple[str, int]]:
    """Tricks or points by side or seat, each key in words ("North-South", "East"),
    in a steady order: sides, then seats round the table."""
    return [(games.key_words(key), value) for key, value in _in_order(counts)]


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
    #: What the game calls a deal ("Board", "Deal", "Hand"), capitalised, and its number.
    hand_word: str
    board: int | None
    phase: str
    #: The trick being played, while the hand is in its tricks.
    trick: int | None
    contract: str | None
    tricks_won: list[tuple[str, int]]
    #: The table's running score over its finished hands, in words: each seat's or
    #: side's total ("North 52", "North-South 230"), then the game's own line.
    totals: list[tuple[str, int]]
    standing: str
    seats: list[tuple[str, str]]
    to_play: list[str]
    pupil_to_act: bool
    idle_seconds: int
    stalled: bool
    finished: bool

    @property
    def idle_words(self) -> str:
        return minutes_seconds(self.idle_seconds)


def _standing(table: Table, names: Mapping[Seat, tuple[str, bool]]
              ) -> tuple[list[tuple[str, int]], str]:
    """The table's score so far: where the game stands after its finished hands
    (a sheet's columns, a partie, a match, a game to a limit: ``Standing``),
    else each seat's or side's total of the hands' scores. A seat's total is said with
    the name of who sits there now ("Bob (South) 52"): in a game whose players change
    seats between hands, the name is what the teacher follows."""
    results = [result for result in
               table.hands.filter(finished__isnull=False, game=table.game, result__isnull=False)
               .order_by("number").values_list("result", flat=True) if result]
    standing = games.standing(table.game, table.options, results)
    if standing is None:
        return [], ""
    said = []
    for key, points in _in_order(standing.totals):
        words = games.key_words(key)
        seat = next((s for s in names if s.value == key), None)
        said.append((f"{names[seat][0]} ({words})" if seat is not None else words, points))
    return said, standing.words


def _last_activity(hand: Hand) -> datetime:
    last = hand.actions.aggregate(at=Max("created"))["at"]
    return max(last, hand.created) if last else hand.created


def wall_tile(table: Table, *, now: datetime | None = None) -> WallTile:
    """One table as the teacher's wall shows it, in its game's words."""
    now = now or timezone.now()
    hand = current_hand(table)
    names = seat_names(table, hand)
    seats = [(s.word, names[s][0]) for s in Seat if s in names]
    about = games.describe(table.game, table.options)
    hand_word = games.hand_word(table.game).capitalize()
    if hand is None:
        return WallTile(table, None, about, hand_word, None, "Not dealt yet", None, None, [], [],
                        "", seats, [], False, 0, False, False)
    game = hand_state(hand)
    view = game.view(None)
    to_act = list(game.to_act())
    done, _ = trick_mark(view)
    playing = view.to_play is not None  # a card is to be played: the hand is in its tricks
    pupil_to_act = any(s in names and not names[s][1] for s in to_act)
    idle = int((now - _last_activity(hand)).total_seconds())
    finished = hand.finished is not None or game.is_over()
    totals, standing = _standing(table, names)
    return WallTile(
        table=table, hand=hand, game=about, hand_word=hand_word, board=hand.number,
        # The game's own words for where the hand stands (SeatView.status).
        phase=view.status,
        trick=done + 1 if playing else None,
        contract=view.contract or None,
        tricks_won=counted(view.tricks_won),
        totals=totals,
        standing=standing,
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
    #: The quitted tricks the open view lists, oldest first (the page says them in
    #: words: teaching.tables.trick_words).
    tricks: list[Mapping[str, Any]] = field(default_factory=list)

    @property
    def can_undo(self) -> bool:
        """Whether Undo has a card to take back: the game says so (Game.undo_point),
        whatever its view shows of quitted tricks (face down in some games). Asked
        only when wanted: it replays the hand."""
        return self.hand is not None and hand_state(self.hand).undo_point() is not None


def watch(table: Table) -> Watch:
    """The table with every hand open, for its class's teachers only (the view
    calls this after the access check; it uses the engine's full_view through
    teaching.tables.selectors.open_view, the same rendering the pupils' table uses)."""
    tile = wall_tile(table)
    if tile.hand is None:
        return Watch(table=table, hand=None, tile=tile)
    tv = open_view(table=table, hand=tile.hand)
    if tv is None:
        return Watch(table=table, hand=tile.hand, tile=tile)
    return Watch(table=table, hand=tile.hand, tile=tile, tv=tv, tricks=list(tv.view.tricks))


# -- a pupil's hands and progress ---------------------------------------------------

@dataclass(frozen=True)
class PlayedHand:
    hand: Hand
    table: str
    #: The game and options it was played with, in words.
    game: str
    seat: Seat
    #: The pupil's part in the hand ("Declarer", "Elder"), "–" where the game gives none.
    role: str
    contract: str | None
    #: The hand's result in the game's words, said from the pupil's seat where it can be.
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

    @property
    def has_contracts(self) -> bool:
        """Whether any hand listed had a contract (else the page leaves the column out)."""
        return any(h.contract for h in self.hands)

    @property
    def has_roles(self) -> bool:
        return any(h.role != "—" for h in self.hands)


def outcome_for(result: HandResult, seat: Seat) -> str:
    """What happened, said from the pupil's side of the table where the hand had a
    declarer ("10 tricks, goal 9: made"; "declarer 2 short"), else the game's words."""
    bridge = result.bridge
    if bridge is None:
        ours = result.tricks.get(seat.side.value)
        if ours is not None:
            return f"Your side took {ours} of {sum(result.tricks.values())} tricks"
        return result.words
    said = "made" if bridge.made else f"{bridge.goal - bridge.tricks} short"
    if result.role_of(seat.value) not in ("declarer", "dummy"):
        said = "declarer made it" if bridge.made else f"declarer {said}"
    return f"{bridge.tricks} tricks, goal {bridge.goal}: {said}"


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
        result = games.hand_result(hand.game, hand.options, hand.result)
        if not result.counts:
            continue
        seat = Seat(seats[hand.id])
        role = result.role_of(seat.value)
        contract = None
        if result.bridge is not None:
            bridge = result.bridge
            contract = (f"{bridge.contract}, by {Seat(bridge.declarer).word}, "
                        f"goal {bridge.goal}")
        played.append(PlayedHand(
            hand=hand, table=hand.table.name, game=games.describe(hand.game, hand.options),
            seat=seat, role=role.capitalize() if role else "—", contract=contract,
            outcome=outcome_for(result, seat), score=result.score_for(seat.value),
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


# -- the class charts (teaching tip 4, and each game's own) --------------------------------

@dataclass(frozen=True)
class PupilLine:
    """One pupil's finished hands at one game, for the chart page's table."""

    name: str
    hands: int
    #: Hands the pupil declared, and how many of those made their contract.
    declared: int
    made: int
    #: The pupil's running total after each hand that gave them a score, oldest first.
    running: tuple[int, ...]

    @property
    def points(self) -> int | None:
        """The pupil's points over the hands that gave them a score (``None``: none did)."""
        return self.running[-1] if self.running else None

    @property
    def per_hand(self) -> float | None:
        return self.running[-1] / len(self.running) if self.running else None


@dataclass(frozen=True)
class GameChart:
    """The chart page of one game the class played: points against tricks for a game
    with a declarer (teaching tip 4), and for every game each pupil's hands, contracts
    and points over time."""

    #: The registry name, and the game's title for the page.
    game: str
    title: str
    hands: int
    #: One point per hand with a declarer (declarer's and dummy's points, tricks taken).
    points: list[HandPoint]
    #: Finished hands with no declarer (MiniLessons 1-2, a hand passed out).
    without_declarer: int
    pupils: list[PupilLine]

    @property
    def has_scores(self) -> bool:
        return any(p.points is not None for p in self.pupils)

    @property
    def has_contracts(self) -> bool:
        return bool(self.points) or any(p.declared for p in self.pupils)


@dataclass(frozen=True)
class ChartPage:
    #: The games the class has finished hands of (its own game always first).
    games: list[tuple[str, str]]
    chart: GameChart


def dd_tricks_of(result: HandResult, dd: Mapping[str, Any] | None) -> int | None:
    """The double-dummy tricks for the hand's declarer and denomination, from the hand's
    stored double-dummy table (teaching.tables.analysis.stored_table), if it has one."""
    bridge = result.bridge
    if bridge is None or not isinstance(dd, Mapping):
        return None
    if bridge.dummy != Seat(bridge.declarer).partner.value:
        return None  # the deal's table is of partners; a dummy laid elsewhere is not
    value = (dd.get(bridge.declarer) or {}).get(bridge.denomination)
    return int(value) if isinstance(value, int) else None


def class_finished_hands(classroom: Classroom) -> QuerySet[Hand]:
    return (Hand.objects.filter(table__classroom=classroom, finished__isnull=False)
            .exclude(result__isnull=True).order_by("finished", "id"))


def _pupils_by_seat(hand_ids: list[int], classroom: Classroom) -> dict[int, dict[str, str]]:
    """For each hand, the class's pupils who acted in it, by seat letter."""
    names = dict(classroom.pupils.values_list("user_id", "name"))
    seats: dict[int, dict[str, str]] = {}
    rows = (HandAction.objects.filter(hand_id__in=hand_ids, actor__in=list(names))
            .values_list("hand_id", "seat", "actor_id").distinct())
    for hand_id, seat, actor in rows:
        seats.setdefault(hand_id, {})[seat] = names[actor]
    return seats


def chart_games(classroom: Classroom) -> list[tuple[str, str]]:
    """The games the class has finished hands of, its own game first: (name, title)."""
    played = set(class_finished_hands(classroom).values_list("game", flat=True).distinct())
    names = [classroom.game, *sorted(played - {classroom.game})]
    out = []
    for name in names:
        try:
            out.append((name, games.entry_of(name).title))
        except games.GameChoiceError:
            continue
    return out


def game_chart(classroom: Classroom, game: str) -> GameChart:
    """Every finished hand of ``game`` at the class's tables, read as typed results."""
    hands = list(class_finished_hands(classroom).filter(game=game))
    by_seat = _pupils_by_seat([h.id for h in hands], classroom)
    points, without, counted_hands = [], 0, 0
    # Each pupil's hands, oldest first: (declared it, made it, the hand's score for them).
    played: dict[str, list[tuple[bool, bool, int | None]]] = defaultdict(list)
    for hand in hands:
        result = games.hand_result(hand.game, hand.options, hand.result)
        if not result.counts:
            continue
        counted_hands += 1
        bridge = result.bridge
        if bridge is None:
            without += 1
        else:
            deal = Deal.from_data(hand.deal)
            hcp = sum(deal.hcp(Seat(s)) for s in {bridge.declarer, bridge.dummy} if s)
            points.append(HandPoint(hcp=hcp, tricks=bridge.tricks,
                                    dd_tricks=dd_tricks_of(result, stored_table(hand))))
        for seat, name in by_seat.get(hand.id, {}).items():
            declared = bridge is not None and bridge.declarer == seat
            made = bridge is not None and declared and bridge.made
            played[name].append((declared, made, result.score_for(seat)))
    if game == classroom.game:
        # League deals typed in from real tables are not hands of the site, but they
        # belong on the class's chart too (issue 5: "grows with league deals too").
        points.extend(league_chart_points(classroom))
    pupils = [PupilLine(name=name, hands=len(rows), declared=sum(d for d, _, _ in rows),
                        made=sum(m for _, m, _ in rows),
                        running=tuple(accumulate(p for _, _, p in rows if p is not None)))
              for name, rows in sorted(played.items())]
    try:
        title = games.entry_of(game).title
    except games.GameChoiceError:
        title = game
    return GameChart(game=game, title=title, hands=counted_hands, points=points,
                     without_declarer=without, pupils=pupils)


def chart_page(classroom: Classroom, game: str | None = None) -> ChartPage:
    """The chart page: the games there are charts of, and the chart of ``game`` (the
    class's own game unless another it played is asked for)."""
    choices = chart_games(classroom)
    names = [name for name, _ in choices]
    chosen = game if game in names else (names[0] if names else classroom.game)
    return ChartPage(games=choices, chart=game_chart(classroom, chosen))


def hands_needing_analysis(classroom: Classroom) -> list[int]:
    """Finished hands with a declarer whose double-dummy figure is not stored yet."""
    return [h.id for h in class_finished_hands(classroom)
            if games.hand_result(h.game, h.options, h.result).bridge is not None
            and stored_table(h) is None and analysable(h)]


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
