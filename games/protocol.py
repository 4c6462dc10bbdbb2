"""The one protocol every game speaks, so the site can host any of them.

A game is a state machine over explicit phases. The site asks it who is to
act, what they may do, applies actions through it, and shows each seat only
``view(seat)``. An action is a seat plus a short text (``"N play SA"``); the
ordered list of actions, with the rules value and the deal, replays the game
exactly (DESIGN.md, "A hand in progress is its deal plus its action log").

Following pokerkit, every action has a check that raises with the reason a
pupil will read (:meth:`Game.check`), a yes/no form (:meth:`Game.can`) and
the doing (:meth:`Game.apply`). An illegal action leaves the state exactly as
it was.
"""

from __future__ import annotations

import abc
import copy
import random
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, ClassVar, Protocol, Self

from games.cards import Card
from games.deals import Deal
from games.seats import SEATS, Seat


class GameError(ValueError):
    """Base of every error an action can raise; ``reason`` is what the player reads."""

    code: ClassVar[str] = "error"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidActionError(GameError):
    """The text is not an action of this game at all (a syntax error)."""

    code = "invalid"


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal"


class NotYourTurnError(IllegalActionError):
    code = "not_your_turn"


class WrongAnswerError(IllegalActionError):
    """The seat chose one of the answers its view lists, and it is not the true one:
    a question the player must answer himself (MiniBridge's point count, Law 5), whose
    every answer is listed so the list does not give the true one away."""

    code = "wrong_answer"


class GameOverError(IllegalActionError):
    code = "game_over"


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of the action log: who did what, e.g. ``Action(Seat.NORTH, "play SA")``."""

    seat: Seat
    text: str

    def __str__(self) -> str:
        return f"{self.seat.value} {self.text}"

    @classmethod
    def from_str(cls, text: str) -> Action:
        try:
            seat_text, rest = text.strip().split(None, 1)
            return cls(Seat.from_str(seat_text), " ".join(rest.split()))
        except ValueError as exc:
            raise InvalidActionError(
                f"{text!r} is not an action (write it like 'N play SA')") from exc


@dataclass(frozen=True)
class SeatView:
    """Exactly what one seat may see of a game at one moment: the only thing the
    site renders and the only thing a robot is given (DESIGN.md, "Hidden
    information is the engine's job").

    Cards are written as their codes (``"SA"``, ``"HT"``), seats as their letters
    (``"N"``). The common part is what every card game has; ``info`` is the
    game's own part (MiniBridge's contract and claim, Preference's talon once
    shown, Piquet's declarations), read only by that game's templates.

    A view is a value: read it, never change it. Games share the parts that do
    not change between views (a completed trick, the announcements) among the
    views they give, as read-only mappings and tuples; :meth:`as_data` gives a
    plain JSON-ready copy.
    """

    #: The registry name of the game, e.g. ``"minibridge"``.
    game: str
    #: The phase the game is in, in the game's own words ("auction", "exchange", "play", "over").
    phase: str
    #: The viewer's seat letter; ``None`` for an onlooker (or the teacher's open view).
    seat: str | None
    #: The seats that may act now, in order.
    to_act: tuple[str, ...]
    #: The actions the viewer may take now, as action texts for :meth:`Game.apply`.
    legal: tuple[str, ...]
    #: The viewer's own cards.
    hand: tuple[str, ...]
    #: Every hand this viewer may see, its own included (the dummy once exposed, all
    #: four on the teacher's open view), by seat letter.
    hands: Mapping[str, tuple[str, ...]]
    #: How many cards each seat holds (the backs drawn for hidden hands).
    hand_sizes: Mapping[str, int]
    #: A card play is an action kind, not a text to match: each card of the viewer's
    #: hand it may choose now (to play to a trick, to discard), with the action that
    #: chooses it, e.g. ``{"SA": "play SA"}``. (Declarer choosing dummy's card: the
    #: cards of dummy's hand.)
    card_actions: Mapping[str, str] = field(default_factory=dict)
    #: The trick in progress: ``{"leader": "N", "cards": [{"seat": "N", "card": "SA"}]}``.
    trick: Mapping[str, Any] | None = None
    #: The quitted trick, while it may still be looked at, with its ``"winner"``.
    last_trick: Mapping[str, Any] | None = None
    #: Tricks won so far, by seat letter (or by side, ``"NS"``/``"EW"``, in partnership games).
    tricks_won: Mapping[str, int] = field(default_factory=dict)
    #: The score so far (this hand, or the running sheet of a game of several hands).
    score: Mapping[str, Any] | None = None
    #: The outcome once the hand is over.
    result: Mapping[str, Any] | None = None
    #: One line for a teacher's wall: where the hand stands ("East to bid", "Trick 5").
    status: str = ""
    #: Every hand open: the teacher's permissioned view, never a pupil's.
    is_open: bool = False
    #: The game's own part, read by its own templates only.
    info: Mapping[str, Any] = field(default_factory=dict)
    #: The completed tricks this viewer may look back at, oldest first, each like
    #: ``last_trick`` (empty in a game where quitted tricks are turned face down).
    tricks: tuple[Mapping[str, Any], ...] = ()
    #: The seat whose card is next in the trick (not always the seat that chooses it:
    #: MiniBridge's declarer plays dummy's cards, Law 8); ``None`` unless the hand is
    #: waiting for a card (before the play, during a claim, once over).
    to_play: str | None = None
    #: The contract in words once there is one, as the game says it ("Hearts, game, by
    #: East, goal 10", "five diamonds, doubled, by West"): what the teacher's wall
    #: shows. Empty before a contract and in a game without one.
    contract: str = ""
    #: Where the viewer plays from, when a game moves players round a dealt dummy (the
    #: three-handed games: a player moves to the seat the dummy left); ``None``: the
    #: viewer's own seat.
    position: str | None = None
    #: Where each player plays from now, by the seat letter each was dealt, in a game
    #: that moves players (empty: every player at the seat dealt).
    positions: Mapping[str, str] = field(default_factory=dict)

    def as_data(self) -> dict[str, Any]:
        """The whole view as plain JSON-ready data (dicts, lists, strings, numbers)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SeatView:
        """A view back from :meth:`as_data` (a robot given its view over a wire):
        the top-level sequences as tuples again, the rest as the data has it."""
        values = dict(data)
        for name in ("to_act", "legal", "hand", "tricks"):
            values[name] = tuple(values.get(name) or ())
        values["hands"] = {seat: tuple(cards) for seat, cards in (data.get("hands") or {}).items()}
        return cls(**values)


#: The words of a role in a hand, for the site's lists (a seat letter -> one of these).
ROLE_WORDS = ("declarer", "dummy", "defender", "informer", "leader", "elder", "younger",
              "dealer", "player", "passed")


@dataclass(frozen=True)
class BridgeResult:
    """The bridge part of a hand's result (MiniBridge, the Top Game): who declared
    what, and how many tricks the declaring side took against its goal."""

    #: The declarer's seat letter.
    declarer: str
    #: "S", "H", "D", "C" or "NT": with ``declarer``, where to look in a
    #: double-dummy table.
    denomination: str
    #: The contract in words, as the game says it ("five diamonds, doubled",
    #: "game in hearts").
    contract: str
    #: The tricks the declaring side needed.
    goal: int
    #: The tricks the declaring side took.
    tricks: int
    #: The seat the dummy's hand was dealt to, where there is one (declarer's partner
    #: in MiniBridge; in the Top Game the dealt dummy, whatever seat it was laid at):
    #: with ``declarer``, the two hands of the deal that declared.
    dummy: str | None = None

    @property
    def made(self) -> bool:
        return self.tricks >= self.goal

    def as_data(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class HandResult:
    """What a finished hand produced, the same shape in every game (DESIGN.md: "A
    hand's result is a typed value too"): the site's lists, charts and walls read
    these fields, never a game's own result by key. A game turns its stored result
    into this with its registry entry's ``read_result`` (games.registry)."""

    #: The registry name of the game.
    game: str
    #: The hand's result in one sentence of the game's words ("East made five
    #: diamonds, doubled: 11 tricks", "Passed out: nobody scores").
    words: str
    #: Whether the hand counts (``False``: dealt again, or a hand the game's rules do
    #: not count), so it is left out of lists and charts.
    counts: bool = True
    #: The deal is dealt again by the same dealer (MiniBridge's Law 6), not passed on.
    redealt: bool = False
    #: The hand's score, by seat letter or by side ("NS", "EW"), as the game keeps it.
    scores: Mapping[str, int] = field(default_factory=dict)
    #: Tricks taken, by seat letter or by side; empty in a game without tricks.
    tricks: Mapping[str, int] = field(default_factory=dict)
    #: Each player's part in the hand, by seat letter (one of :data:`ROLE_WORDS`).
    roles: Mapping[str, str] = field(default_factory=dict)
    #: More lines in the game's words (a count, a note on the sheet).
    lines: tuple[str, ...] = ()
    #: The bridge part, in a hand that had a declarer and a contract.
    bridge: BridgeResult | None = None

    def score_for(self, seat: str) -> int | None:
        """The hand's score for ``seat``'s letter, or for its side where the game
        scores sides; ``None`` where the game gives it none."""
        return _by_seat_or_side(self.scores, seat)

    def tricks_for(self, seat: str) -> int | None:
        return _by_seat_or_side(self.tricks, seat)

    def role_of(self, seat: str) -> str:
        return self.roles.get(seat, "")

    def as_data(self) -> dict[str, Any]:
        data = {f.name: _plain(getattr(self, f.name)) for f in fields(self)}
        data["bridge"] = self.bridge.as_data() if self.bridge else None
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> HandResult:
        values = dict(data)
        values["lines"] = tuple(values.get("lines") or ())
        bridge = values.get("bridge")
        values["bridge"] = BridgeResult(**bridge) if bridge else None
        return cls(**values)


def _by_seat_or_side(counts: Mapping[str, int], seat: str) -> int | None:
    """``counts``' figure for ``seat``'s letter, or for its side in a game counted by sides."""
    if seat in counts:
        return counts[seat]
    return counts.get(Seat.from_str(seat).side.value)


@dataclass(frozen=True)
class Standing:
    """Where a game of several hands stands after a table's finished hands (two-handed
    Spades to its limit, a Piquet partie, a Preference sheet, a Top Game match), in
    the game's words, for the teacher's wall: read from the game's own standing by
    its registry entry (``GameEntry.standing_of``)."""

    #: The running totals, by seat letter or by side, as the game keeps them.
    totals: Mapping[str, int] = field(default_factory=dict)
    #: One line in the game's words: "Partie: 3 deals of 6".
    words: str = ""
    #: Whether the game (the partie, the match, the sheet) is over.
    over: bool = False


@dataclass(frozen=True)
class Hint:
    """The coach's help at one decision (issue 29): the action it suggests, one or two
    sentences of why in the game's and the lesson's words, the idea behind it as a
    stable key the site and the tests can match ("second-hand-low"), and the lesson
    that teaches the idea (the site makes the number a link to the lesson's page;
    ``None``: no lesson teaches it, as for a plain "best card" reason)."""

    #: One of the view's ``legal`` actions, e.g. ``"play H3"``.
    action: str
    #: Why, for a child, cards named in words: "Second hand low: play your lowest
    #: heart, the three of hearts; your partner plays after you."
    reason: str
    #: The idea's stable key, e.g. ``"second-hand-low"``.
    idea: str
    #: The lesson that teaches the idea, by the game's numbering; ``None``: none.
    lesson: int | None = None


class Coach(Protocol):
    """What a game's coach offers the site: a hint from one seat's view alone (never
    the game, so a hint cannot give away a hidden card), or ``None`` at a decision
    the coach does not advise on. ``rng`` makes any sampling repeatable."""

    def hint(self, view: SeatView, rng: random.Random) -> Hint | None: ...


#: The units a review measures a choice's cost in.
TRICKS, POINTS = "tricks", "points"


@dataclass(frozen=True)
class CostlyChoice:
    """One of the pupil's choices that cost most, in the review after the hand (issue
    29): what he chose at ``step`` (the index of his action in the hand's log), what
    would have kept the ``cost`` and why, in the game's and the lesson's words."""

    #: The index of the pupil's action in the hand's action log.
    step: int
    #: What the pupil did: his action's text, e.g. ``"play H3"``.
    chosen: str
    #: What would have kept the cost, as an action text (the best card of equals).
    better: str
    #: What the choice cost, always above 0: tricks against double-dummy play, or the
    #: game's own points against the expert's choice over a few play-outs.
    cost: float
    #: :data:`TRICKS` or :data:`POINTS`.
    unit: str
    #: Why ``better`` is better, one or two sentences a child can read.
    reason: str
    #: The coach's idea true of ``better`` in the position as the pupil saw it (its
    #: stable key, as :attr:`Hint.idea`); ``None``: a plain reason.
    idea: str | None = None
    #: The lesson that teaches ``idea``; ``None``: none.
    lesson: int | None = None


@dataclass(frozen=True)
class Review:
    """The review of one seat's hand, once it is over and every card may be shown: at
    most three of its choices that cost most, costliest first (on a tie the earlier),
    and for a MiniBridge declarer who chose the contract, a verdict on it."""

    #: The seat letter reviewed.
    seat: str
    choices: tuple[CostlyChoice, ...] = ()
    #: The contract chosen against the lesson's best, in the game's words; ``None``
    #: where the seat chose no contract.
    verdict: str | None = None

    @property
    def perfect(self) -> bool:
        """Nothing to say: no costly choice and no verdict."""
        return not self.choices and self.verdict is None


#: The most costly choices a review names.
MOST_CHOICES = 3


def costliest(choices: Iterable[CostlyChoice]) -> tuple[CostlyChoice, ...]:
    """The :data:`MOST_CHOICES` choices that cost most (cost above 0), costliest first,
    the earlier first on a tie."""
    kept = [choice for choice in choices if choice.cost > 0]
    kept.sort(key=lambda choice: (-choice.cost, choice.step))
    return tuple(kept[:MOST_CHOICES])


def _init_at_once(cls: type) -> None:
    """Give frozen dataclass ``cls`` an ``__init__`` that sets its fields in one
    step (its instance dict, written whole) instead of one ``object.__setattr__``
    call a field: the same signature, defaults and factories. A view is made for
    every seat after every card, and the generated one took a third of the time
    of MiniBridge's whole view (docs/decisions/0100-the-typed-seat-view.md)."""
    params, items = [], []
    namespace: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": MISSING}
    for f in fields(cls):
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
            items.append(f"{f.name!r}: {f.name}")
        elif f.default_factory is not MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            items.append(f"{f.name!r}: _factory_{f.name}() if {f.name} is _MISSING else {f.name}")
        else:
            params.append(f.name)
            items.append(f"{f.name!r}: {f.name}")
    source = (f"def __init__(self, {', '.join(params)}):\n"
              f"    _set(self, '__dict__', {{{', '.join(items)}}})\n")
    exec(source, namespace)  # noqa: S102 (our own fields' names, as dataclasses does)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__  # type: ignore[misc]  # the class's own __init__
    cls.__init__ = init  # type: ignore[misc]


_init_at_once(SeatView)


def _plain(value: Any) -> Any:
    """``value`` with every mapping a dict and every tuple a list (for JSON)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


class FrozenDict(dict):  # type: ignore[type-arg]
    """A dict nobody may change: the parts a game shares among its views (a
    completed trick, the announcements) are built once as these. Copies of it
    are itself; it reads, compares and serialises as a dict. Its text (``repr``) is
    made once: what it holds must not change either (no list or plain dict in it that
    someone changes afterwards)."""

    # Its text, made at the first repr or str and kept: a frame's kept pieces name what they
    # show by the text of the views' dicts (``c|string``), and a dict's repr is made anew
    # from every key and value each time, about 4,000 instructions for a contract.
    __slots__ = ("_text",)
    _text: str

    def __repr__(self) -> str:
        try:
            return self._text
        except AttributeError:
            text = self._text = dict.__repr__(self)
            return text

    __str__ = __repr__

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a view's data is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))


#: An empty FrozenDict, for every view with nothing in a mapping (no cards to choose, no
#: buttons' words): one read-only value they all share.
NOTHING = FrozenDict()


def played_codes(view: SeatView) -> list[str]:
    """The codes of every card a view shows played: the completed tricks and the
    trick in progress (the last trick is the last of the completed ones)."""
    tricks = list(view.tricks)
    if view.last_trick is not None and not tricks:
        tricks.append(view.last_trick)
    if view.trick is not None:
        tricks.append(view.trick)
    return [entry["card"] for trick in tricks for entry in trick.get("cards", ())]


def actions_from_str(text: str) -> list[Action]:
    """Parse an action list written one per line or separated by ``;``."""
    parts = [p for chunk in text.splitlines() for p in chunk.split(";")]
    return [Action.from_str(p) for p in parts if p.strip()]


def actions_to_str(actions: Iterable[Action]) -> str:
    return "; ".join(str(a) for a in actions)


class Game(abc.ABC):
    """Base of every game state machine.

    Subclasses implement :meth:`to_act`, :meth:`legal_actions`,
    :meth:`_check` (raise :class:`GameError` with a reason, never mutate),
    :meth:`_do` (mutate; only called after ``_check`` passed), :meth:`view`,
    :meth:`is_over` and :meth:`result`.
    """

    #: Registry name, e.g. ``"minibridge"``.
    name: ClassVar[str]

    def __init__(self, rules: Any, deal: Deal) -> None:
        self.rules = rules
        self.deal = deal
        self.log: list[Action] = []

    # -- the protocol -------------------------------------------------------

    @abc.abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that may act now (several when e.g. both defenders answer a
        claim); empty once the game is over."""

    @abc.abstractmethod
    def legal_actions(self, seat: Seat) -> list[str]:
        """The actions ``seat`` may take now, as action texts."""

    @abc.abstractmethod
    def _check(self, seat: Seat, text: str) -> Any:
        """Raise a :class:`GameError` if ``seat`` may not do ``text`` now;
        otherwise return the parsed action for :meth:`_do`."""

    @abc.abstractmethod
    def _do(self, seat: Seat, parsed: Any) -> None:
        """Carry out an action that :meth:`_check` accepted."""

    @abc.abstractmethod
    def view(self, seat: Seat | None) -> SeatView:
        """Exactly what ``seat`` may see. ``None`` is an onlooker who sees only
        what is public."""

    def full_view(self) -> SeatView:
        """Every hand open: the teacher's view and the hand record. The site
        must only call this on a permissioned path."""
        hands = {s.value: tuple(str(c) for c in cards)
                 for s, cards in self.current_hands().items()}
        return replace(self.view(None), hands=hands, is_open=True)

    @abc.abstractmethod
    def current_hands(self) -> dict[Seat, tuple[Card, ...]]:
        """The cards each seat still holds."""

    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @abc.abstractmethod
    def result(self) -> dict[str, Any]:
        """The outcome once over (scores, tricks), as the game's records keep it;
        raises before. The site reads it only as a :class:`HandResult`
        (:meth:`hand_result`)."""

    def hand_result(self) -> HandResult:
        """The typed result of the hand once over: the game's registry entry reads
        :meth:`result` (``GameEntry.read_result``)."""
        from games.registry import game_entry

        return game_entry(self.name).read_with(self.rules, self.result())

    def undo_point(self) -> int | None:
        """How many actions of the log to keep so as to take back the trick in
        progress or, between tricks (and once the hand is over), the last trick
        completed; ``None`` before the first card of the play.

        The cut lies just before that trick's lead. This generic one replays the
        log on a fresh state and watches the public view's trick in progress: an
        action that leaves exactly one card on the table after a view that did
        not show exactly one is a lead. It reads only the protocol's ``trick``,
        so it holds for a game whose view has no list of quitted tricks
        (Preference turns them face down) and for a claim made mid-trick (the
        trick still shows its one card). A game whose leads this cannot see
        overrides it. Before the play it gives ``None`` rather than the last bid,
        as the teacher's Undo is for tricks."""
        game = type(self)(self.rules, self.deal)
        before = _cards_on_table(game.view(None))
        cut: int | None = None
        for k, action in enumerate(self.log):
            game.apply(action.seat, action.text)
            after = _cards_on_table(game.view(None))
            if after == 1 and before != 1:
                cut = k
            before = after
        return cut

    # -- shared behaviour ---------------------------------------------------

    def check(self, seat: Seat, text: str) -> None:
        """Raise with a readable reason unless ``seat`` may do ``text`` now."""
        self._check_common(seat, text)

    def can(self, seat: Seat, text: str) -> bool:
        try:
            self._check_common(seat, text)
        except GameError:
            return False
        return True

    def apply(self, seat: Seat | str, text: str | None = None) -> Action:
        """Apply one action and append it to the log.

        ``apply(Seat.NORTH, "play SA")`` or ``apply("N play SA")``. Raises a
        :class:`GameError` (state unchanged) if it is not allowed.
        """
        if text is None:
            action = Action.from_str(str(seat))
            seat, text = action.seat, action.text
        if not isinstance(seat, Seat):
            try:
                seat = Seat.from_str(str(seat))
            except ValueError as exc:
                raise InvalidActionError(str(exc)) from exc
        text = " ".join(str(text).split())
        parsed = self._check_common(seat, text, normalized=True)
        self._do(seat, parsed)
        action = Action(seat, self._canonical_text(parsed, text))
        self.log.append(action)
        return action

    def _canonical_text(self, parsed: Any, text: str) -> str:
        """The text the log stores for an accepted action: by default as given;
        a game may return its canonical form (``"play SA"`` for ``"Play sa"``)
        from what :meth:`_check` parsed."""
        return text

    def _check_common(self, seat: Seat, text: str, normalized: bool = False) -> Any:
        if self.is_over():
            raise GameOverError("This hand is over.")
        if len(text) > 64:
            raise InvalidActionError("That action is too long to be a move.")
        return self._check(seat, text if normalized else " ".join(text.split()))

    @classmethod
    def replay(cls, rules: Any, deal: Deal, actions: Iterable[Action | str]) -> Self:
        """Rebuild a game from its rules, deal and action log."""
        game = cls(rules, deal)
        for action in actions:
            if isinstance(action, str):
                action = Action.from_str(action)
            game.apply(action.seat, action.text)
        return game

    def copy(self) -> Game:
        """An independent copy (robots try moves on copies; the site keeps a
        cached state and changes only copies of it, one copy per action).

        This generic one deep-copies. Every registered game overrides it with a
        structural copy that shares what never changes and copies each container
        it changes in place, since the site copies at every action
        (tests/games/test_copy.py says so of each)."""
        return copy.deepcopy(self)

    def players(self) -> tuple[Seat, ...]:
        """The seats that hold a player in this game (all four unless a game
        of two or three players says otherwise)."""
        return SEATS

    # -- what the conformance test asks (tests/conformance/) ------------------

    def known_cards(self, seat: Seat | None) -> frozenset[Card]:
        """Every card ``seat`` may know of now, so may see in its view: its own
        hand, the hands its view shows and every card played to a trick. A game
        whose players know more (the card a player is looking at, a talon turned
        up, a card declared) says so here; the conformance test finds any other
        card in the view a leak."""
        view = self.view(seat)
        codes = set(view.hand)
        for cards in view.hands.values():
            codes.update(cards)
        codes.update(played_codes(self.full_view()))
        return frozenset(Card.from_str(code) for code in codes)

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Where every card of the deal is now, by place: each card of
        ``deal.all_cards()`` exactly once. By default the hands still held, the
        cards played to tricks (the open view's) and the deal's stock; a game that
        keeps cards elsewhere (a talon, discards, a pack to draw from) says so."""
        places: dict[str, tuple[Card, ...]] = {
            f"hand {seat.value}": tuple(cards) for seat, cards in self.current_hands().items()}
        places["played"] = tuple(Card.from_str(code) for code in played_codes(self.full_view()))
        places["stock"] = tuple(self.deal.stock)
        return places

    @property
    def version(self) -> int:
        """How many actions have been applied; the site's table version."""
        return len(self.log)



def _cards_on_table(view: SeatView) -> int:
    """How many cards the trick in progress shows in ``view`` (0 outside the play)."""
    trick = view.trick or {}
    return len(trick.get("cards") or ())
