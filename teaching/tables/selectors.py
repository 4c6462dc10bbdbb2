"""What a table page shows one seat: the engine's view of that seat, laid out round the table.

Everything a template shows comes from ``game.view(seat)`` (or, on the
teacher's permissioned path, ``game.full_view()``), a :class:`~games.protocol.SeatView`
read by its fields (the game's own part, ``info``, only by the game's templates
and where noted): this module only arranges
it for the screen, with the viewer at the bottom, and adds the table's own
facts (names, the results of the same deal, the double-dummy table once the
hand is over). Nothing here knows the rules of any game; each game's
templates live in ``templates/games/<game>/``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from itertools import groupby, repeat
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from django.db.models import F, Q

from games.cards import Card, InvalidCardError, Rank
from games.lazy import lazy
from games.protocol import Game, SeatView
from games.registry import game_entry
from games.seats import SEATS, Seat
from teaching.models import FORMER_PUPIL, Hand, Table, TableSeat, User
from teaching.tables.after_hand import AfterHand, after_hand
from teaching.tables.analysis import hand_analysis_or_start
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.now import TableNow, keep_for_table, table_now
from teaching.tables.sql import first_playings

#: Where each seat sits on screen, counted clockwise from the viewer (who is at the bottom).
SCREEN = ("bottom", "left", "top", "right")

#: Round the table from each seat at the bottom: (where, seat, its letter, its word), worked
#: out once (an enum's properties cost a call each, and every view asks for them).
_ROUND: dict[str, tuple[tuple[str, Seat, str, str], ...]] = {
    bottom.value: tuple(
        (where, SEATS[(bottom.index + i) % 4], SEATS[(bottom.index + i) % 4].value,
         SEATS[(bottom.index + i) % 4].word)
        for i, where in enumerate(SCREEN))
    for bottom in SEATS
}
#: The same, as where each seat sits on screen, by seat letter (in the order N, E, S, W).
_WHERES: dict[str, dict[str, str]] = {
    bottom: {value: where for where, _seat, value, _word in
             sorted(ring, key=lambda place: place[1].index)}
    for bottom, ring in _ROUND.items()
}


@dataclass(frozen=True, eq=False)
class CardFace:
    """One card as the page shows it: its code (``data-card``), what a screen
    reader says, and the action that plays it when it may be played now.

    Made once per card and action (:func:`card_face`) and shared by every frame, so a face
    is compared and hashed as the object it is (``eq=False``): the kept HTML of cards and
    seats is looked up by faces dozens of times a frame, and a dataclass's own hash of its
    five fields is a Python call each time."""

    code: str
    label: str
    suit: str
    rank: str
    action: str = ""

    @property
    def playable(self) -> bool:
        return bool(self.action)


#: A hand's card faces, and the same in a row a suit.
Faces = tuple[CardFace, ...]
Rows = tuple[tuple[str, Faces], ...]


@dataclass
class Place:
    """One seat at the table, where the viewer sees it."""

    seat: str
    word: str
    where: str
    name: str
    is_robot: bool
    is_viewer: bool
    #: The cards this viewer may see in that hand, or ``None`` for a closed hand.
    cards: Faces | None
    count: int
    to_act: bool
    #: The same cards in a row a suit, as the hand is laid out (none for a closed hand).
    suits: Rows = ()


@dataclass
class TableView:
    """Everything the table templates need for one viewer at one version."""

    table: Table
    hand: Hand
    game: str
    template: str
    version: int
    view: SeatView
    viewer: str | None
    open_hands: bool
    places: dict[str, Place]
    #: The cards on the table, and those of the last trick, by seat letter (the frames put
    #: each where its seat sits: ``wheres``); shared by the seats' views of one change.
    trick_by_seat: Mapping[str, CardFace]
    last_by_seat: Mapping[str, CardFace]
    last_trick_winner: str | None
    legal: list[str]
    #: Legal actions other than playing a card (announce, choose, claim, answer): the
    #: cards the viewer may play carry their own actions (``view.card_actions``).
    choices: list[str]
    my_turn: bool
    turn: list[Place]
    over: bool
    result: dict[str, Any] | None
    dd: dict[str, dict[str, int]] | None
    #: Once the hand is over: which of "Next deal" and "Play it again" the table offers.
    after: AfterHand | None = None
    #: Once the hand is over, what the seats' views share (read when a template asks).
    shared: _Shared | None = None
    #: Where each seat sits on this viewer's screen, by seat letter (N, E, S, W).
    wheres: Mapping[str, str] = field(default_factory=lambda: _WHERES["S"])
    #: Set by the consumer when an action of this viewer was refused.
    error: str = ""
    #: Whether this viewer is to play a card now (unplayable cards are dimmed): a field,
    #: not a property of ``view``, as the frames read it about five times each.
    can_play: bool = False
    #: The kept pieces of the table at this version, once a frame has looked them up
    #: (teaching.tables.frames._kept_piece): not part of what the view shows.
    kept_pieces: Any = field(default=None, compare=False, repr=False)

    @property
    def same_deal(self) -> list[Hand]:
        """Every finished playing of this hand's deal at this table, oldest first (a
        query, made only for a template that shows them)."""
        return self.shared.same_deal if self.over and self.shared is not None else []

    @property
    def standing(self) -> dict[str, Any] | None:
        """A game of several hands: where it stands after this one (games.registry,
        ``standing``; the table's finished hands read only for a template that shows it)."""
        return self.shared.standing if self.over and self.shared is not None else None

    #: The two tricks' cards as items, what the frames keep the trick's HTML by
    #: (teaching.tables.frames.trick_html): made once for the seats' views of one change.
    trick_items: tuple[Any, ...] = ((), ())

    @property
    def trick(self) -> dict[str, CardFace]:
        """The cards on the table by where their seat sits on this viewer's screen (a
        seat with no place keeps its letter)."""
        return self._by_where(self.trick_by_seat)

    @property
    def last_trick(self) -> dict[str, CardFace]:
        """The last trick's cards, as :attr:`trick`."""
        return self._by_where(self.last_by_seat)

    def _by_where(self, by_seat: Mapping[str, CardFace]) -> dict[str, CardFace]:
        placed = {p.seat: p.where for p in self.places.values()}
        return {placed.get(seat, seat): face for seat, face in by_seat.items()}

    @property
    def screen(self) -> tuple[str, ...]:
        return SCREEN

    @lazy
    def guessable(self) -> tuple[str, ...]:
        """The viewer's cards he may tap as a guess of declarer's next card, being dummy
        (issue 29; the game's registry hook says when): none in most frames."""
        if self.over or self.viewer is None:
            return ()
        hook = _guessable_hook(self.view.game)
        return tuple(hook(self.view)) if hook is not None else ()

    @lazy
    def turn_from(self) -> Place | None:
        """The place whose card is next when someone else plays it (declarer
        playing from dummy), else ``None``."""
        to_play = self.view.to_play
        if not to_play:
            return None
        if any(p.seat == to_play for p in self.turn):
            return None
        return next((p for p in self.places.values() if p.seat == to_play), None)

    @property
    def place_list(self) -> list[Place]:
        return [self.places[w] for w in SCREEN if w in self.places]

    def at(self, where: str) -> Place | None:
        return self.places.get(where)


# -- access -----------------------------------------------------------------------

def table_for_player(user: User, table_id: Any) -> Table | None:
    """The table if ``user`` is a pupil seated at it, else ``None`` (the page
    and the socket answer 404: a table is nobody else's business)."""
    try:
        table_id = int(table_id)
    except (TypeError, ValueError):
        return None
    if not user.is_authenticated or not getattr(user, "is_pupil", False):
        return None
    # The pupil's own class, open: a pupil moved away or of an archived class is no
    # longer seated here (docs/decisions/0305-access-follows-the-class.md).
    return (
        Table.objects.select_related("classroom")
        .filter(pk=table_id, seats__pupil__user=user, seats__pupil__archived=False,
                seats__pupil__classroom=F("classroom"), classroom__archived=False)
        .distinct()
        .first()
    )


def seats_of(user: User, table: Table) -> list[Seat]:
    """The seats ``user`` plays at ``table`` (a pupil has one)."""
    if not user.is_authenticated or not user.is_pupil:
        return []
    return [Seat(s) for s in table.seats.filter(pupil__user=user).values_list("seat", flat=True)]


def player_seat(user: User, table: Table) -> Seat | None:
    seats = seats_of(user, table)
    return seats[0] if seats else None


# -- the view of one seat -------------------------------------------------------------

def seat_view(*, table: Table, seat: Seat | None, hand: Hand | None = None,
              seats: list[TableSeat] | None = None, game: Game | None = None) -> TableView | None:
    """What ``seat`` sees at ``table`` now (``None`` when no hand has been dealt).
    ``seats`` and ``game`` save queries when the caller has already read them."""
    hand = hand or current_hand(table)
    if hand is None:
        return None
    game = game or hand_state(hand)
    return _build(table, hand, game.view(seat), seat, game.version, open_hands=False,
                  players=game.players(), seats=seats)


def player_view(user: User, table_id: int, stamp: str | None = None) -> TableView | None | bool:
    """The table as ``user``'s seat sees it, reading as little as possible (the
    socket renders this after every move): ``False`` if the user is not (or no
    longer) seated at the table, ``None`` if no hand has been dealt.

    ``stamp`` names the change being shown (teaching.tables.announce.notify_table):
    every connection of this process that heard it reads the table once between
    them, the first to render for it."""
    snapshot = _snapshots.get((table_id, stamp)) if stamp else None
    if snapshot is None:
        now = table_now(table_id)
        shared = None
        if now is not None and now.hand is not None and now.game is not None:
            shared = _Shared(now.table, now.hand, now.game.players(), now.seats, newest=True)
        if stamp and now is not None:
            _snapshots.put((table_id, stamp), (now, shared))
    else:
        now, shared = snapshot
    if now is None or not user.is_authenticated:
        return False
    mine = now.seats_of(user)
    if not mine:
        return False
    if shared is None:  # no hand dealt yet
        return None
    # The four seats share what they have in common (the names, and once the hand is
    # over its results and analysis: queries), as the frames of a pupil's action do.
    return _seat_of(now, mine[0], shared)


def seated_views(now: TableNow) -> dict[int, TableView | None]:
    """What each pupil seated at the table sees after one change, by user id,
    from one read of the table (the frames a change sends to every player)."""
    views: dict[int, TableView | None] = {}
    shared: _Shared | None = None
    for seat, user_id in now.players.items():  # the seats in order, a pupil's first
        if user_id in views:
            continue
        if now.hand is None or now.game is None:
            views[user_id] = None
            continue
        if shared is None:
            shared = _Shared(now.table, now.hand, now.game.players(), now.seats, newest=True)
        views[user_id] = _seat_of(now, Seat(seat), shared)
    return views


def _seat_of(now: TableNow, seat: Seat, shared: _Shared) -> TableView:
    """``seat``'s view of the change ``now`` (a hand dealt), with what the table's seats
    share worked out once between them."""
    assert now.hand is not None and now.game is not None
    return _build(now.table, now.hand, now.game.view(seat), seat, now.game.version,
                  open_hands=False, players=shared.players, seats=now.seats, shared=shared)


class _Shared:
    """What every seat's view of one change has in common, worked out for the first
    seat and reused by the others: the names round the table and, once the hand is
    over, the results and the double-dummy table (queries, the same for all four).
    Nothing from ``game.view(seat)`` goes in here: each seat's cards stay its own."""

    def __init__(self, table: Table, hand: Hand, players: tuple[Seat, ...],
                 seats: list[TableSeat] | None, *, newest: bool = False) -> None:
        self.table, self.hand, self.players = table, hand, players
        self.names = seat_labels(table, hand, seats)
        #: Whether ``hand`` is the table's newest (read as the table is now).
        self.newest = newest
        #: What the seats' views show alike round the table (:func:`_round_of`).
        self.round: _Round | None = None

    @cached_property
    def same_deal(self) -> list[Hand]:
        if self.newest and self.hand.replay_of_id is None:
            # A first playing dealt last: not played again yet (a replay is a newer hand).
            return [self.hand] if self.hand.finished else []
        return _same_deal(self.hand)

    @cached_property
    def history(self) -> list[dict[str, Any]]:
        return first_playings(self.table.pk)

    @cached_property
    def dd(self) -> dict[str, dict[str, int]] | None:
        return hand_analysis_or_start(self.hand)

    @cached_property
    def after(self) -> AfterHand:
        return after_hand(self.table, self.hand)

    @cached_property
    def standing(self) -> dict[str, Any] | None:
        entry = game_entry(self.hand.game)
        if entry.standing is None:
            return None
        return entry.standing(entry.rules(**self.hand.options), self.history)


class _Snapshots:
    """The last few tables read for a change, shared by the connections that render it,
    each with what its seats' views have in common (:class:`_Shared`)."""

    def __init__(self, size: int = 512) -> None:
        self._items: OrderedDict[tuple[int, str], tuple[TableNow, _Shared | None]] = (
            OrderedDict())
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: tuple[int, str]) -> tuple[TableNow, _Shared | None] | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: tuple[int, str], snapshot: tuple[TableNow, _Shared | None]) -> None:
        with self._lock:
            self._items[key] = snapshot
            while len(self._items) > self._size:
                self._items.popitem(last=False)


_snapshots = _Snapshots()


def open_view(*, table: Table, hand: Hand | None = None) -> TableView | None:
    """Every hand open, for the teacher's watch. Only call this on a path that
    checked the user teaches the table's class."""
    hand = hand or current_hand(table)
    if hand is None:
        return None
    game = hand_state(hand)
    return _build(table, hand, game.full_view(), None, game.version, open_hands=True,
                  players=game.players())


def _build(table: Table, hand: Hand, view: SeatView, seat: Seat | None, version: int,
           *, open_hands: bool, players: tuple[Seat, ...],
           seats: list[TableSeat] | None = None, shared: _Shared | None = None) -> TableView:
    # A player may play from another place than the seat he was dealt (a game that moves
    # players round a dealt dummy): the game says so in its own part of the view, and he
    # sits there.
    viewer = view.position or view.seat or (seat.value if seat else None)
    if not viewer:
        bottom = "S"
    else:
        bottom = viewer if viewer in _ROUND else Seat(viewer).value
    legal = list(view.legal)
    card_actions = view.card_actions
    seated = seat is not None
    around = _round_of(view, players, shared.names if shared is not None
                       else seat_labels(table, hand, seats), shared)
    facts = around.facts
    shown = view.hands
    places: dict[str, Place] = {}
    for where, _place_seat, value, word in _ROUND[bottom]:
        player, name, is_robot, size, to_act = facts[value]
        # A hand nobody sits at (a dealt dummy) has a place once the view shows its cards.
        if player is None and value not in shown:
            continue
        cards, suits = _visible_cards(view, value, viewer, card_actions)
        is_viewer = seated and value == viewer
        places[where] = Place(
            seat=value,
            word=word,
            where=where,
            name="You" if is_viewer else name,
            is_robot=is_robot,
            is_viewer=is_viewer,
            cards=cards,
            count=size if size is not None else len(cards or ()),
            to_act=to_act,
            suits=suits,
        )
    over = bool(view.result is not None or hand.finished)
    if shared is None:
        shared = _Shared(table, hand, players, seats) if over else None
    in_turn = around.in_turn
    return TableView(
        table=table, hand=hand, game=hand.game, template=f"games/{hand.game}/table.html",
        version=version, view=view, viewer=viewer if seat is not None else None,
        open_hands=open_hands, places=places, trick_by_seat=around.trick,
        last_by_seat=around.last, last_trick_winner=around.winner,
        legal=legal, choices=_choices(legal, card_actions),
        my_turn=seated and seat.value in view.to_act,  # type: ignore[union-attr]
        turn=[p for p in places.values() if p.seat in in_turn] if in_turn else [],
        over=over,
        result=hand.result if over else None,
        dd=shared.dd if shared is not None and over and hand.finished else None,
        after=shared.after if shared is not None and over and not open_hands else None,
        shared=shared if over else None, wheres=_WHERES[bottom],
        can_play=bool(card_actions), trick_items=around.trick_items,
    )


class _Round:
    """What the seats' views of one change show alike round the table: for each seat
    letter, who plays there (``None``: nobody, a dealt dummy), their name, whether a robot,
    how many cards they hold (``None``: count those shown) and whether the hand waits for
    it; who has the turn; the trick and the last one by seat letter.

    Worked out from the first seat's view and used for the others' (:func:`_round_of`):
    each view built all of it again, four times a card. Every seat's view tells the same
    sizes, turn and tricks, so they agree; that is compared, not assumed (``made_from``)."""

    __slots__ = ("made_from", "facts", "in_turn", "trick", "last", "winner", "trick_items")

    def __init__(self, view: SeatView, players: tuple[Seat, ...],
                 names: Mapping[str, tuple[str, bool]], made_from: tuple[Any, ...]) -> None:
        self.made_from = made_from
        # Who plays from each place: the player dealt there, unless the game moved players
        # (a three-handed game's dummy goes opposite its declarer, and a player moves to
        # the seat it left): the view's own part names each player's place, ``positions``.
        moved = view.positions
        player_at = ({place: player for player, place in moved.items()} if moved
                     else _each_at_own_place(players))
        to_act = set(view.to_act)
        # Declarer plays dummy's cards: the seat acting and the hand played from differ.
        to_play = view.to_play
        sizes = view.hand_sizes
        facts = {}
        for value in _LETTERS:
            player = player_at.get(value)
            if player is None:
                name, is_robot = "Dummy", True
            else:
                name, is_robot = names.get(player, (ROBOT, True))
            size = sizes.get(value)
            facts[value] = (player, name, is_robot, None if size is None else int(size),
                            value == to_play if to_play else player in to_act)
        self.facts = facts
        # A dummy's place is nobody's, though its letter may be a moved player's (the Top
        # Game's West, dealt dummy's cards, plays from North): it never has the turn.
        self.in_turn = frozenset(v for v in _LETTERS if player_at.get(v) in to_act)
        self.trick = _trick_faces(view.trick)
        self.last = _trick_faces(view.last_trick)
        self.winner = (view.last_trick or {}).get("winner")
        self.trick_items = (tuple(self.trick.items()), tuple(self.last.items()))


def _round_of(view: SeatView, players: tuple[Seat, ...], names: Mapping[str, tuple[str, bool]],
              shared: _Shared | None) -> _Round:
    """The round of ``view``'s change (:class:`_Round`): the one its first seat's view made
    when ``view`` agrees with it, else worked out now (and kept for the next seat's)."""
    made_from = (view.positions, view.hand_sizes, view.to_play, view.to_act, view.trick,
                 view.last_trick, players)
    if shared is None:
        return _Round(view, players, names, made_from)
    around = shared.round
    if around is None or around.made_from != made_from:
        around = shared.round = _Round(view, players, names, made_from)
    return around


#: The seat letters, in order.
_LETTERS = tuple(s.value for s in SEATS)


@cache
def _guessable_hook(game: str) -> Callable[[SeatView], tuple[str, ...]] | None:
    """The game's dummy's-guess hook, looked up once (asked at every frame of every game)."""
    return game_entry(game).guessable_hook()


#: Who plays a seat with no pupil.
ROBOT = "Robot"
#: A robot finishing a hand that a pupil since deleted began: it is a robot's play from
#: then on, and the hand was not all a robot's (docs/decisions/0335-a-former-pupils-seat.md).
ROBOT_AFTER_FORMER_PUPIL = f"Robot, after {FORMER_PUPIL}"


def seat_labels(table: Table, hand: Hand | None, seats: list[TableSeat] | None = None
                ) -> dict[str, tuple[str, bool]]:
    """Who plays each seat of ``hand`` at ``table``, by seat letter: (the name shown,
    whether it is a robot). A seat that a pupil since deleted played to the end of the
    hand reads "a former pupil", whoever sits there now; otherwise the pupil seated
    there, else a robot ("Robot, after a former pupil" for the rest of a hand such a
    pupil began)."""
    former = (hand.former_seats if hand is not None else None) or {}
    if seats is None:
        seats = list(table.seats.select_related("pupil"))
    else:
        # The seats a table's read gives are the same objects until one changes
        # (teaching.tables.now._seats_of): their labels are worked out once for them.
        known = _labels.get(table.pk)
        if known is not None and known[0] is seats and known[1] == former:
            return known[2]
    labels = _seat_labels(seats, former)
    keep_for_table(_labels, table.pk, (seats, former, labels))
    return labels


def _seat_labels(seats: list[TableSeat], former: Mapping[str, str]
                 ) -> dict[str, tuple[str, bool]]:
    labels = {}
    for row in seats:
        gone = former.get(row.seat)
        if gone == "whole":
            labels[row.seat] = (FORMER_PUPIL, False)
        elif row.pupil is not None:
            labels[row.seat] = (row.pupil.name, False)
        else:
            labels[row.seat] = (ROBOT_AFTER_FORMER_PUPIL if gone else ROBOT, True)
    return labels


#: Each table's seats' labels (read-only), with the seats and the hand's former seats they
#: were worked out from, by table id.
_labels: dict[int, tuple[list[TableSeat], Mapping[str, str], dict[str, tuple[str, bool]]]] = {}


def _choices(legal: list[str], card_actions: Mapping[str, str]) -> list[str]:
    """The legal actions that are not a card's own (those are on the cards' faces)."""
    if not card_actions:
        return legal
    plays = set(card_actions.values())
    return [action for action in legal if action not in plays]


@lru_cache(maxsize=64)
def _each_at_own_place(players: tuple[Seat, ...]) -> Mapping[str, str]:
    """Every player at the place he was dealt, by seat letter: made once for each game's
    players (read-only), where each view of every card made it again, an enum's ``.value``
    (a Python property) twice a seat."""
    return MappingProxyType({s.value: s.value for s in players})


def _visible_cards(view: SeatView, seat: str, viewer: str | None,
                   card_actions: Mapping[str, str]) -> tuple[Faces | None, Rows]:
    """The cards of ``seat`` that the view shows (own hand, dummy, a claimer's
    hand, or all of them on the teacher's open view), and the same in a row a suit;
    ``card_actions``: the cards this viewer may play now, with the action that plays
    each. A closed hand: ``None`` and no rows."""
    shown = view.hands
    if seat in shown:
        codes = shown[seat]
    elif viewer == seat:
        codes = view.hand
    else:
        return None, ()
    # The four frames after a card show the same hands, most of them with no card to
    # play: their faces are made once (issue 30).
    codes = tuple(codes)
    if not card_actions:
        return _hand_faces(codes, None)
    # Each card's action, or "" (map over C callables: no Python frame a card).
    return _hand_faces(codes, tuple(map(card_actions.get, codes, repeat("", len(codes)))))


@lru_cache(maxsize=8192)
def _hand_faces(codes: tuple[str, ...], actions: tuple[str, ...] | None) -> tuple[Faces, Rows]:
    """The faces of a hand's ``codes``, each with its action in ``actions`` (none at all:
    ``None``), and the rows they make: frozen, so every frame showing the hand shares them."""
    faces = tuple(map(_card_face, map(str, codes),
                      actions if actions is not None else repeat("", len(codes))))
    return faces, _by_suit(faces)


def card_face(code: str, *, action: str = "") -> CardFace:
    """A card's face, with the words a screen reader says ("Ace of spades") and the
    action that plays it, when it may be played now."""
    return _card_face(str(code), action)


@lru_cache(maxsize=16384)
def _card_face(code: str, action: str) -> CardFace:
    # Faces are frozen and few (each card, with its action or none): frames share them.
    try:
        card = Card.from_str(code)
    except InvalidCardError:
        return CardFace(code=str(code), label=str(code), suit="", rank="", action=action)
    rank_word = Rank(card.rank).name.title() if card.rank > Rank.TEN else str(int(card.rank))
    return CardFace(
        code=str(card), label=f"{rank_word} of {card.suit.word}", suit=card.suit.value,
        rank=card.rank.char, action=action,
    )


def _by_suit(cards: Faces) -> Rows:
    """The cards in a row a suit, as they come (a suit split by another shows twice)."""
    return tuple([(suit, tuple(faces)) for suit, faces in groupby(cards, _SUIT_OF)])


_SUIT_OF = attrgetter("suit")


def _trick_faces(trick: Mapping[str, Any] | None) -> dict[str, CardFace]:
    """A trick's faces by the letter of the seat that played each."""
    if not trick:
        return {}
    return {entry["seat"]: card_face(entry["card"]) for entry in trick.get("cards", [])}


def _same_deal(hand: Hand) -> list[Hand]:
    root = hand.replay_of_id or hand.id
    return list(
        Hand.objects.filter(Q(pk=root) | Q(replay_of_id=root), table_id=hand.table_id,
                            finished__isnull=False).order_by("number")
    )


