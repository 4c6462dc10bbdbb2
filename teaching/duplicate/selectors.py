"""Reads for the duplicate pages: the movement with names, the live progress,
travellers and ranking, a board's hand record and replay, what a pupil may see.

Scoring is :func:`games.duplicate.score_session` over the confirmed traveller
lines; nothing here scores by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from games.cards import Suit
from games.deals import Deal
from games.duplicate import (
    BoardResult,
    Method,
    Session,
    adjusted_in,
    format_percentage,
    format_points,
    score_session,
)
from games.movements import Movement, Pair, Stop
from games.seats import SEATS, Seat, Side
from teaching.classes.result_words import contract_words, par_lines, result_words
from teaching.classes.selectors import can_teach
from teaching.duplicate.rows import board_dd_table, pair_of, session_movement, sitting_boards
from teaching.models import (
    BoardPlay,
    DuplicateSession,
    Hand,
    Pupil,
    SessionPair,
    SessionSitting,
    User,
)

SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


# -- access -----------------------------------------------------------------------------

def session_for_teacher(user: User, session_id: int) -> DuplicateSession | None:
    session = DuplicateSession.objects.select_related("classroom").filter(pk=session_id).first()
    if session is None or not user.is_authenticated or not can_teach(user, session.classroom):
        return None
    return session


def pupil_of(user: User, session: DuplicateSession) -> Pupil | None:
    if not user.is_authenticated or not user.is_pupil:
        return None
    return Pupil.objects.filter(user=user, classroom_id=session.classroom_id,
                                archived=False).first()


def session_for_pupil(user: User, session_id: int) -> tuple[DuplicateSession, Pupil] | None:
    session = DuplicateSession.objects.select_related("classroom").filter(pk=session_id).first()
    if session is None:
        return None
    pupil = pupil_of(user, session)
    return (session, pupil) if pupil is not None else None


def latest_session_for_pupil(pupil: Pupil) -> DuplicateSession | None:
    mine = Q(first=pupil) | Q(second=pupil)
    ids = SessionPair.objects.filter(mine).values_list("session_id", flat=True)
    return (DuplicateSession.objects.filter(pk__in=ids)
            .exclude(status=DuplicateSession.Status.SETUP).order_by("-created").first())


def pair_of_pupil(session: DuplicateSession, pupil: Pupil) -> SessionPair | None:
    return session.pairs.filter(Q(first=pupil) | Q(second=pupil)).first()


# -- the movement, with names ---------------------------------------------------------------

@dataclass(frozen=True)
class SittingRow:
    table: int
    ns: SessionPair | None
    ew: SessionPair | None
    boards: tuple[int, ...]


@dataclass(frozen=True)
class RoundRows:
    number: int
    rows: tuple[SittingRow, ...]
    sit_outs: tuple[SessionPair, ...]


@dataclass(frozen=True)
class PairCard:
    pair: SessionPair
    stops: tuple[Stop, ...]
    opponents: dict[int, SessionPair | None]


@dataclass(frozen=True)
class MovementView:
    movement: Movement
    rounds: tuple[RoundRows, ...]
    cards: tuple[PairCard, ...]
    barometer: bool


#: North-South first, as a club prints its lists.
_DIRECTION_ORDER = {"NS": 0, "EW": 1, "": 2}


def pairs_by_key(session: DuplicateSession) -> dict[Pair, SessionPair]:
    return {pair_of(p): p for p in session.pairs.select_related("first", "second")}


def is_barometer(movement: Movement) -> bool:
    """Every table plays the same boards in each round."""
    return all(len({s.boards for s in r.tables if s.is_played}) == 1 for r in movement.rounds)


def movement_view(session: DuplicateSession) -> MovementView:
    movement = session_movement(session)
    names = pairs_by_key(session)
    rounds = []
    for rnd in movement.rounds:
        rows = tuple(SittingRow(s.table, names.get(s.ns) if s.ns else None,
                                names.get(s.ew) if s.ew else None, s.boards)
                     for s in rnd.tables)
        rounds.append(RoundRows(rnd.number, rows,
                                tuple(names[p] for p in rnd.sit_outs if p in names)))
    cards = []
    for key, row in sorted(names.items(), key=lambda kv: (_DIRECTION_ORDER[kv[1].direction],
                                                          kv[1].number)):
        stops = movement.itinerary(key)
        cards.append(PairCard(row, stops, {s.round: names.get(s.opponents) if s.opponents
                                           else None for s in stops}))
    return MovementView(movement, tuple(rounds), tuple(cards), is_barometer(movement))


# -- results ---------------------------------------------------------------------------------

def _line(play: BoardPlay) -> BoardResult:
    # An artificial score is kept as its notation in the contract ("A5050"), as club
    # programs write it in a results file's Contract column (games.duplicate.adjusted_in).
    return BoardResult(play.board.number, pair_of(play.sitting.ns), pair_of(play.sitting.ew),
                       play.score, contract=play.contract, adjusted=adjusted_in(play.contract),
                       declarer=Seat(play.declarer) if play.declarer else None,
                       tricks=play.tricks, table=play.sitting.table_number,
                       round=play.sitting.round,
                       won_by=Side(play.won_by) if play.won_by else None)


def confirmed_plays(session: DuplicateSession) -> list[BoardPlay]:
    return list(session.plays.filter(confirmed=True)
                .select_related("board", "sitting__ns", "sitting__ew"))


def session_scores(session: DuplicateSession) -> Session:
    movement = session_movement(session)
    return score_session([_line(p) for p in confirmed_plays(session)], Method(session.method),
                         one_winner=movement.one_winner)


@dataclass(frozen=True)
class TravellerRow:
    round: int | None
    table: int | None
    ns: SessionPair
    ew: SessionPair
    contract: str
    declarer: str
    tricks: int | None
    score_ns: str
    score_ew: str
    points_ns: str
    points_ew: str
    play_id: int | None = None


@dataclass(frozen=True)
class StandingRow:
    place: str
    pair: SessionPair
    score: str
    percentage: str
    boards: int


@dataclass(frozen=True)
class RankingList:
    title: str
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True)
class Results:
    method: str
    points_word: str
    ranking: tuple[RankingList, ...]
    travellers: dict[int, tuple[TravellerRow, ...]]
    cards: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)


POINTS_WORD = {"matchpoints": "MP", "imps": "IMPs", "win-loss": "Won"}


def results(session: DuplicateSession) -> Results:
    scored = session_scores(session)
    names = pairs_by_key(session)
    # Only a hand played online has a card-by-card review.
    plays = {(p.sitting.table_number, p.sitting.round, p.board.number): p.pk
             for p in confirmed_plays(session) if p.hand_id is not None}
    ranking = []
    lists = sorted(scored.ranking.lists,
                   key=lambda r: _DIRECTION_ORDER[r.direction.value if r.direction else ""])
    for rank_list in lists:
        title = {None: "Ranking", Side.NS: "North-South", Side.EW: "East-West"}[
            rank_list.direction]
        rows = tuple(StandingRow(
            s.place_text, names[s.pair], format_points(s.score),
            format_percentage(s.percentage) if s.percentage is not None else "",
            s.boards) for s in rank_list.standings)
        ranking.append(RankingList(title, rows))
    # The contract column says it as the game does ("No-trumps, game"); declarer,
    # tricks and score have their own columns (decision 0430).
    travellers = {}
    for traveller in scored.travellers:
        rows = []
        for line in sorted(traveller.lines, key=lambda ln: (ln.result.round or 0,
                                                            ln.result.table or 0)):
            r = line.result
            rows.append(TravellerRow(
                r.round, r.table, names[r.ns], names[r.ew],
                _contract_cell(session, r),
                r.declarer.value if r.declarer else "", r.tricks,
                str(r.score) if r.score > 0 else "", str(-r.score) if r.score < 0 else "",
                format_points(line.ns_points), format_points(line.ew_points),
                plays.get((r.table, r.round, traveller.board))))
        travellers[traveller.board] = tuple(rows)
    cards = {}
    for pair, lines in sorted(scored.cards.items(), key=lambda kv: (
            _DIRECTION_ORDER[kv[0].direction.value if kv[0].direction else ""], kv[0].number)):
        cards[names[pair].label] = tuple(
            {"board": c.board, "direction": c.direction.value, "opponents": names[c.opponents],
             "contract": _contract_cell(session, c.line.result, whole=True),
             "score": "" if c.line.result.adjusted else
             c.line.result.score * (1 if c.direction is Side.NS else -1),
             "points": format_points(c.points),
             "percentage": format_percentage(c.percentage) if c.percentage is not None else ""}
            for c in sorted(lines, key=lambda c: c.board))
    return Results(session.method, POINTS_WORD.get(session.method, "Points"), tuple(ranking),
                   travellers, cards)


def _contract_cell(session: DuplicateSession, result: BoardResult, *,
                   whole: bool = False) -> str:
    """A traveller's contract cell: an artificial score in words with its notation
    ("Average to both sides (A5050)", decision 0412), else the game's words for the
    contract (``whole``: with declarer and tricks, as a score card says it)."""
    if result.adjusted is not None:
        words = result.adjusted.words()
        return f"{words[0].upper()}{words[1:]} ({result.adjusted})"
    if whole:
        return result_words(session.game, session.options, result.contract or "", score=False)
    return contract_words(session.game, session.options, result.contract or "")


# -- progress ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableProgress:
    sitting: SessionSitting
    boards: tuple[int, ...]
    done: tuple[int, ...]
    pending: tuple[int, ...]  # typed in, waiting for the pupil to confirm
    on_board: int | None

    @property
    def finished(self) -> bool:
        return set(self.boards) <= set(self.done)


@dataclass(frozen=True)
class Progress:
    session: DuplicateSession
    round: int
    rounds: int
    tables: tuple[TableProgress, ...]
    sit_outs: tuple[SessionPair, ...]
    results: Results
    barometer: bool

    @property
    def complete(self) -> bool:
        return bool(self.tables) and all(t.finished for t in self.tables)

    @property
    def unplayed(self) -> tuple[str, ...]:
        """"board 4 at table 2" for each board of the round without a result yet."""
        return tuple(f"board {b} at table {t.sitting.table_number}" for t in self.tables
                     for b in t.boards if b not in t.done)


def progress(session: DuplicateSession) -> Progress:
    movement = session_movement(session)
    rows = []
    sit_outs: tuple[SessionPair, ...] = ()
    if session.current_round:
        rnd = movement.rounds[session.current_round - 1]
        names = pairs_by_key(session)
        sit_outs = tuple(names[p] for p in rnd.sit_outs if p in names)
        for sitting in (session.sittings.filter(round=session.current_round)
                        .select_related("ns__first", "ns__second", "ew__first", "ew__second",
                                        "table")):
            boards = rnd.table(sitting.table_number).boards
            plays = list(sitting.plays.select_related("board"))
            done = tuple(sorted(p.board.number for p in plays if p.confirmed))
            pending = tuple(sorted(p.board.number for p in plays if not p.confirmed))
            on_board = next((b for b in boards if b not in done), None)
            if sitting.table is not None:
                count = sitting.table.hands.filter(replay_of__isnull=True).count()
                on_board = boards[min(count, len(boards)) - 1] if count else None
                if set(boards) <= set(done):
                    on_board = None
            rows.append(TableProgress(sitting, boards, done, pending, on_board))
    return Progress(session, session.current_round, len(movement.rounds), tuple(rows), sit_outs,
                    results(session), is_barometer(movement))


@dataclass(frozen=True)
class RobotsFinishAsk:
    """What "Robots finish" will do at one table, said before it is done: the boards
    the round has left there, and who is seated, whose cards the robots would play."""

    sitting: SessionSitting
    boards_left: tuple[int, ...]
    #: (seat word, pupil's name) for each seat a pupil holds, in the game's seat order.
    seated: tuple[tuple[str, str], ...]


def robots_finish_ask(sitting: SessionSitting) -> RobotsFinishAsk:
    session = sitting.session
    boards = sitting_boards(session, sitting)
    done = set(sitting.plays.filter(confirmed=True).values_list("board__number", flat=True))
    seated: list[tuple[str, str]] = []
    if sitting.table_id is not None:
        rows = sitting.table.seats.select_related("pupil").filter(pupil__isnull=False)
        seated = [(Seat(r.seat).word, r.pupil.name)
                  for r in sorted(rows, key=lambda r: Seat(r.seat).index)]
    return RobotsFinishAsk(sitting, tuple(b for b in boards if b not in done), tuple(seated))


# -- what a pupil may see ----------------------------------------------------------------------

def boards_finished_by(session: DuplicateSession, pupil: Pupil) -> set[int]:
    """Boards the pupil's own table has finished: only these boards' hand
    records and other tables' results are shown to the pupil (all of them
    once the session is over)."""
    if session.status == DuplicateSession.Status.FINISHED:
        return set(session.boards.values_list("number", flat=True))
    pair = pair_of_pupil(session, pupil)
    if pair is None:
        return set()
    return set(session.plays.filter(Q(sitting__ns=pair) | Q(sitting__ew=pair), confirmed=True)
               .values_list("board__number", flat=True))


@dataclass(frozen=True)
class PupilView:
    session: DuplicateSession
    pair: SessionPair | None
    sitting: SessionSitting | None
    boards: tuple[int, ...]
    direction: str
    opponents: SessionPair | None
    next_stop: Stop | None
    next_opponents: SessionPair | None
    pending: tuple[BoardPlay, ...]  # typed in by the other pair: this pupil's to confirm
    finished: tuple[int, ...]
    entered: tuple[int, ...]
    awaiting: tuple[BoardPlay, ...] = ()  # typed in by this pupil's pair: the other's to confirm

    @property
    def round_done(self) -> bool:
        """Every board of this round at the pupil's table has its result: they wait for
        the other tables, and the next round starts by itself (services.session_sync)."""
        return self.sitting is not None and bool(self.boards) and set(self.boards) <= set(
            self.entered)


def pupil_view(session: DuplicateSession, pupil: Pupil) -> PupilView:
    pair = pair_of_pupil(session, pupil)
    finished = tuple(sorted(boards_finished_by(session, pupil)))
    if pair is None or session.current_round == 0:
        return PupilView(session, pair, None, (), "", None, None, None, (), finished, ())
    movement = session_movement(session)
    key = pair_of(pair)
    names = pairs_by_key(session)
    sitting = (session.sittings.filter(Q(ns=pair) | Q(ew=pair), round=session.current_round)
               .select_related("ns", "ew", "table").first())
    stop = next((s for s in movement.itinerary(key) if s.round == session.current_round), None)
    after = movement.next_stop(key, session.current_round)
    pending: tuple[BoardPlay, ...] = ()
    awaiting: tuple[BoardPlay, ...] = ()
    entered: tuple[int, ...] = ()
    if sitting is not None:
        plays = list(sitting.plays.select_related("board"))
        ours = set(Pupil.objects.filter(pk__in=[pair.first_id, pair.second_id])
                   .values_list("user_id", flat=True))
        # A result is confirmed by the pair that did not type it in (services.result_confirm).
        awaiting = tuple(p for p in plays if not p.confirmed and p.entered_by_id in ours)
        pending = tuple(p for p in plays if not p.confirmed and p.entered_by_id not in ours)
        entered = tuple(p.board.number for p in plays if p.confirmed)
    opponents = None
    if sitting is not None:
        opponents = sitting.ew if sitting.ns_id == pair.pk else sitting.ns
    return PupilView(
        session, pair, sitting, stop.boards if stop else (),
        stop.direction.value if stop else "", opponents, after,
        names.get(after.opponents) if after and after.opponents else None,
        pending, finished, entered, awaiting)


# -- a board: diagram, hand record, replay -------------------------------------------------------

@dataclass(frozen=True)
class SeatHand:
    seat: str
    word: str
    hcp: int
    suits: tuple[tuple[str, bool, str], ...]  # (symbol, red, cards) from spades down


@dataclass(frozen=True)
class HandDiagram:
    board: int
    dealer: str
    vulnerable: str
    hands: tuple[SeatHand, ...]


def diagram(deal: Deal, number: int) -> HandDiagram:
    hands = []
    for seat in SEATS:
        cards = deal.hand(seat)
        suits = tuple(
            # "A K 10 5", as Card.short writes each rank: never the code's "T" for ten.
            (suit.symbol, suit.is_red,
             " ".join(c.short.removesuffix(suit.symbol)
                      for c in sorted((c for c in cards if c.suit is suit),
                                      key=lambda c: -c.rank)) or "—")
            for suit in SUITS_DOWN)
        hands.append(SeatHand(seat.value, seat.word, deal.hcp(seat), suits))
    return HandDiagram(number, deal.dealer.word, deal.vulnerability.value, tuple(hands))


DENOMS = ("NT", "S", "H", "D", "C")


@dataclass(frozen=True)
class HandRecord:
    diagram: HandDiagram
    makeable: tuple[tuple[str, tuple[int, ...]], ...] | None  # seat -> tricks per DENOMS
    #: The game's own par, in its words (decision 0430); empty without a table.
    par: tuple[str, ...] = ()


def hand_record(board: Any) -> HandRecord:
    deal = Deal.from_data(board.deal)
    dd = board_dd_table(board)
    makeable = None
    if dd:
        makeable = tuple((seat.value, tuple(dd[seat.value][d] for d in DENOMS)) for seat in SEATS)
    session = board.session
    return HandRecord(diagram(deal, board.number), makeable,
                      par_lines(session.game, session.options, deal, dd))


@dataclass(frozen=True)
class ReplayCard:
    trick: int
    #: The seat in words ("North"), never its letter.
    seat: str
    #: The card as a score card writes it ("10♠", never the code "ST").
    short: str
    #: The card as a child reads it ("the ten of spades").
    words: str
    red: bool
    cost: int | None


def replay(hand: Hand) -> tuple[ReplayCard, ...]:
    """The cards of a played hand in order, each with the tricks it cost
    against double-dummy play (games.bridge.analysis.card_costs)."""
    from teaching.tables.game_cache import hand_state

    game = hand_state(hand)
    play = getattr(game, "play", None)
    if play is None or not play.tricks and not play.current.cards:
        return ()
    tricks = list(play.tricks) + ([play.current] if play.current.cards else [])
    plays = [(seat, card) for trick in tricks for seat, card in trick.cards]
    costs: list[int | None]
    try:
        from games.bridge.analysis import card_costs

        costs = list(card_costs(Deal.from_data(hand.deal), trumps=play.rules.trumps,
                                first_leader=tricks[0].leader, plays=plays))
    except Exception:  # analysis unavailable (or a deal DDS cannot take): no costs shown
        costs = [None] * len(plays)
    cards = []
    index = 0
    for number, trick in enumerate(tricks, start=1):
        for seat, card in trick.cards:
            cards.append(ReplayCard(number, seat.word, card.short, card.words,
                                    card.suit.is_red, costs[index]))
            index += 1
    return tuple(cards)


# -- export ----------------------------------------------------------------------------------------

_SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;"
                  "Result\\2R;Score_NS\\5R;Score_EW\\5R;{points}_NS\\5R;{points}_EW\\5R")
#: PBN 2.1's names for the points columns: IMPs are IMP_NS/IMP_EW, matchpoints MP_NS/MP_EW.
_POINTS_COLUMNS = {Method.IMPS.value: "IMP"}


def _contract_only(text: str) -> str:
    """"3NT" from the compact "3NTN+1" the engine writes (contract, declarer, result)."""
    if len(text) > 2 and text[-1] in "=0123456789":
        head = text.rstrip("=0123456789").rstrip("+-")
        if head and head[-1] in "NESW" and len(head) > 1:
            return head[:-1]
    return text or "-"


def export_pbn(session: DuplicateSession) -> str:
    """Every board as PBN with its results as a ScoreTable (pair numbers,
    contract, declarer, tricks, scores and points), which
    ``manage.py score_pbn`` scores back to the same ranking."""
    from games.bridge import pbn

    scored = session_scores(session)
    by_board = {t.board: t for t in scored.travellers}
    games = []
    for board in session.boards.all():
        deal = Deal.from_data(board.deal)
        tags = {"Event": session.title, "Site": session.classroom.name, "Date": "",
                "Board": str(board.number), "West": "", "North": "", "East": "", "South": "",
                "Dealer": deal.dealer.value, "Vulnerable": deal.vulnerability.value,
                "Deal": deal.pbn(first=deal.dealer), "Scoring": session.method}
        game = pbn.PbnGame(tags=tags)
        traveller = by_board.get(board.number)
        if traveller is not None:
            game.tags["ScoreTable"] = _SCORE_COLUMNS.format(
                points=_POINTS_COLUMNS.get(session.method, "MP"))
            rows = []
            for line in traveller.lines:
                r = line.result
                rows.append(" ".join([
                    str(r.table or "-"), str(r.round or "-"), str(r.ns.number),
                    str(r.ew.number), f'"{_contract_only(r.contract)}"',
                    r.declarer.value if r.declarer else "-",
                    str(r.tricks) if r.tricks is not None else "-",
                    str(r.score) if r.score >= 0 else "-",
                    str(-r.score) if r.score < 0 else "-",
                    format_points(line.ns_points), format_points(line.ew_points)]))
            game.sections["ScoreTable"] = rows
        games.append(game)
    return pbn.dumps(games)


def export_csv(session: DuplicateSession) -> str:
    """One line per result (a traveller line with its points), then the ranking.
    Pupils' names are the class's own typing: no cell may start a formula."""
    import io

    from teaching.csv_export import SafeWriter

    scored = session_scores(session)
    names = pairs_by_key(session)
    out = io.StringIO()
    writer = SafeWriter(out, lineterminator="\n")
    writer.writerow(["board", "round", "table", "ns_pair", "ns_names", "ew_pair", "ew_names",
                     "contract", "declarer", "tricks", "score_ns", "points_ns", "points_ew"])
    for traveller in scored.travellers:
        for line in traveller.lines:
            r = line.result
            writer.writerow([traveller.board, r.round or "", r.table or "", str(r.ns),
                             names[r.ns].names, str(r.ew), names[r.ew].names,
                             contract_words(session.game, session.options, r.contract or ""),
                             r.declarer.value if r.declarer else "",
                             "" if r.tricks is None else r.tricks, r.score,
                             format_points(line.ns_points), format_points(line.ew_points)])
    writer.writerow([])
    writer.writerow(["ranking", "place", "pair", "names", "points", "percentage", "boards"])
    for rank_list in scored.ranking.lists:
        direction = rank_list.direction.value if rank_list.direction else "all"
        for s in rank_list.standings:
            writer.writerow([direction, s.place_text, str(s.pair), names[s.pair].names,
                             format_points(s.score),
                             format_percentage(s.percentage) if s.percentage is not None else "",
                             s.boards])
    return out.getvalue()
