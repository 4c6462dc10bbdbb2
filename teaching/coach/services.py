"""The coach's use cases: a hint at a pupil's decision, the notes the teacher's page counts
(asked, followed, missed), and the class's and a pupil's coach settings.

A hint is built from the pupil's own seat view, made by the same selector the table
page uses for that pupil, and nothing else: the coach never sees the game, so a hint
cannot give away a card the pupil cannot see (DESIGN.md, "The coach is a reader like
a robot"; docs/decisions/0820-help-at-the-table.md).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Iterable
from concurrent.futures import Future, wait
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction

from games.deals import Deal
from games.protocol import TRICKS, Action, CostlyChoice, Hint, Review, SeatView
from games.registry import game_entry
from games.review import action_words
from games.seats import Seat
from teaching.classes.selectors import can_teach
from teaching.coach.selectors import (
    LessonLink,
    help_refusal,
    idea_title,
    lesson_link,
    review_refusal,
    seated_pupil,
)
from teaching.models import Classroom, CoachMode, CoachNote, Pupil, Table, TableSeat, User
from teaching.runtime import coach_process
from teaching.runtime.child_process import call_by_name
from teaching.tables import selectors as tables
from teaching.tables.game_cache import cache_key, current_hand, hand_state

log = logging.getLogger(__name__)


class HelpRefused(Exception):
    """No hint now; ``message`` is what the pupil reads, ``status`` the page's answer
    (404: the pupil is not at the table; 403: the coach may not help here; 409: not the
    pupil's decision now; 503: the coach did not answer in time, try again)."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class HelpGiven:
    """A hint as the table shows it: the action to highlight, why, and the lesson."""

    action: str
    reason: str
    idea: str
    idea_title: str
    lesson: LessonLink | None
    #: The table's version the hint is for: a later frame of the table clears it.
    version: int


def _view_key(view: SeatView) -> str:
    """What the pupil sees, as one digest. It seeds the coach's sampling, so a second
    press at the same decision gives the same hint, and so does the same position with
    the hidden cards lying otherwise: the hint is a function of the pupil's view."""
    seen = json.dumps(view.as_data(), sort_keys=True, default=str).encode()
    return hashlib.sha256(seen).hexdigest()


#: How long a pupil's press waits for the coach's process before he is told to try again
#: (the hint is still kept when it comes: the next press reads it).
HINT_WAIT_SECONDS = 5.0
#: What he reads then.
THINKING_TOO_LONG = "The coach is thinking too long; try again."

#: The hints given lately, by the game and the digest of the pupil's view: a hint is a
#: function of the view (see _view_key), so a second press, or a script pressing
#: Help in a loop, costs a look-up instead of the coach's sampling (up to a second of
#: CPU). Bounded: the oldest go. Kept in the server, whatever process computed them.
HINTS_KEPT = 512
_hints: OrderedDict[tuple[str, str], Hint | None] = OrderedDict()
#: The hints the coach's process is computing, by the same key: a press while one is
#: on its way waits for that one instead of asking again.
_asked: dict[tuple[str, str], Future[Hint | None]] = {}
_hints_lock = threading.Lock()


def _keep(key: tuple[str, str], hint: Hint | None) -> None:
    with _hints_lock:
        _hints[key] = hint
        while len(_hints) > HINTS_KEPT:
            _hints.popitem(last=False)


def _settle(key: tuple[str, str], future: Future[Hint | None]) -> None:
    """Called when the coach's process answers (in the pool's thread): the hint kept,
    even for a pupil who stopped waiting."""
    with _hints_lock:
        if _asked.get(key) is future:
            del _asked[key]
    if not future.cancelled() and future.exception() is None:
        _keep(key, future.result())


def _hint_asked(game: str, view: SeatView) -> tuple[tuple[str, str], Future[Hint | None] | None]:
    """The key of the hint at ``view``, and the hint as a future: done at once when it
    is kept, the one on its way when another press asked it, else asked of the coach's
    process (teaching.runtime.coach_process). ``None``: no process can be started here,
    or it has not answered yet, and the caller computes the hint itself
    (:func:`_hint_here`). Raises :class:`HelpRefused` when the coach's process had
    stopped."""
    # Keyed by the view itself, not the table's version: after a teacher's undo the same
    # version number can stand for another position.
    digest = _view_key(view)
    key = (game, digest)
    with _hints_lock:
        if key in _hints:
            _hints.move_to_end(key)
            known: Future[Hint | None] = Future()
            known.set_result(_hints[key])
            return key, known
        future = _asked.get(key)
        if future is None and not coach_process.ready():
            return key, None  # the process is starting: this one is computed here
        if future is None:
            try:
                future = coach_process.COACH.submit(coach_process.HINT, game, view, digest)
            except coach_process.CoachUnavailable as exc:
                log.warning("no hint: %s", exc)
                raise HelpRefused(THINKING_TOO_LONG, 503) from None
            if future is None:
                return key, None
            _asked[key] = future
            fresh = True
        else:
            fresh = False
    if fresh:  # outside the lock: a future already done calls back at once, here
        future.add_done_callback(lambda done: _settle(key, done))
    return key, future


def _hint_here(key: tuple[str, str], view: SeatView) -> Hint | None:
    """The hint computed in the calling thread (no coach's process here, or not yet), and
    kept."""
    hint: Hint | None = call_by_name(coach_process.HINT, (key[0], view, key[1]), {})
    _keep(key, hint)
    return hint


def _hint_answered(future: Future[Hint | None]) -> Hint | None:
    """The coach's answer in a done future; a process that died, as a refusal to try again."""
    try:
        hint: Hint | None = coach_process.COACH.unwrap(future)
    except coach_process.CoachUnavailable as exc:
        log.warning("no hint: %s", exc)
        raise HelpRefused(THINKING_TOO_LONG, 503) from None
    return hint


def _hint_for(game: str, view: SeatView) -> Hint | None:
    """The hint at ``view``, waiting for it in the calling thread (at most
    :data:`HINT_WAIT_SECONDS`; then :class:`HelpRefused` with :data:`THINKING_TOO_LONG`)."""
    key, future = _hint_asked(game, view)
    if future is None:
        return _hint_here(key, view)
    done, _ = wait([future], timeout=HINT_WAIT_SECONDS)
    if not done:
        raise HelpRefused(THINKING_TOO_LONG, 503)
    return _hint_answered(future)


@dataclass(frozen=True)
class HelpAsked:
    """A pupil's press of Help at his decision, read from the database: his own seat
    view (all the coach is given) and where it stands."""

    table: Table
    pupil: Pupil
    hand_id: int
    version: int
    view: SeatView


def help_asked(*, user: User, table: Table) -> HelpAsked:
    """The decision the pupil ``user`` asks the coach about at ``table``.

    Raises :class:`HelpRefused`: 404 when ``user`` is not seated here, 403 when the coach
    is off for the pupil or the table or the game has none, 409 when it is not the
    pupil's decision."""
    pupil = seated_pupil(table, user.pk)
    if pupil is None:
        raise HelpRefused("You are not sitting at this table.", 404)
    refusal = help_refusal(table, pupil)
    if refusal:
        raise HelpRefused(refusal)
    hand = current_hand(table)
    if hand is None or table.closed:
        raise HelpRefused("No hand is being played at this table.", 409)
    game = hand_state(hand)
    if game.is_over():
        raise HelpRefused("The hand is over: Help is for your own decisions.", 409)
    to_act = game.to_act()
    seat = next((s for s in tables.seats_of(user, table) if s in to_act), None)
    if seat is None or table.paused:
        raise HelpRefused("It is not your turn: Help is for your own decisions.", 409)
    # The pupil's own seat view, as the table page builds it for them.
    tv = tables.seat_view(table=table, seat=seat, hand=hand, game=game)
    assert tv is not None
    return HelpAsked(table=table, pupil=pupil, hand_id=hand.pk, version=tv.version,
                     view=tv.view)


def help_given(asked: HelpAsked, hint: Hint | None) -> HelpGiven:
    """The coach's ``hint`` at the decision ``asked``, noted as "asked" (once a decision:
    pressing Help again gives the same hint and counts once). Raises :class:`HelpRefused`
    (409) when the coach has no advice there."""
    table, pupil, view = asked.table, asked.pupil, asked.view
    if hint is None or hint.action not in view.legal:
        if hint is not None:  # a coach's bug: never show a pupil an illegal action
            log.warning("coach of %s suggested %r, not legal", table.game, hint.action)
        raise HelpRefused("The coach has no advice for this decision: trust yourself!", 409)
    # Written once the hint is known, in a short transaction of its own: the coach's
    # sampling (most of a second) holds no transaction while the table plays on.
    with transaction.atomic():
        note, _ = CoachNote.objects.get_or_create(
            pupil=pupil, table=table, hand_id_at=asked.hand_id, version=asked.version,
            kind=CoachNote.Kind.ASKED,
            defaults={"classroom_id": pupil.classroom_id, "game": table.game,
                      "idea": hint.idea, "lesson": hint.lesson, "action": hint.action})
        TableSeat.objects.filter(table=table, pupil=pupil).update(
            coach_hint=_pending(asked.hand_id, asked.version, note.pk, hint.action))
    return HelpGiven(action=hint.action, reason=hint.reason, idea=hint.idea,
                     idea_title=idea_title(table.game, hint.idea),
                     lesson=lesson_link(table.game, hint.lesson), version=asked.version)


def table_help(*, user: User, table: Table) -> HelpGiven:
    """The coach's hint for the pupil ``user`` at ``table``, at their decision now
    (:func:`help_asked`, then :func:`help_given`), computed in the coach's process while
    this thread waits (holding no lock; docs/decisions/0850-hints-in-their-own-process.md).

    Raises :class:`HelpRefused` as those do, and (503, :data:`THINKING_TOO_LONG`) when
    the coach did not answer within :data:`HINT_WAIT_SECONDS`: nothing is written then."""
    asked = help_asked(user=user, table=table)
    return help_given(asked, _hint_for(table.game, asked.view))


def _pending(hand_id: int, version: int, note_id: int, action: str) -> str:
    return f"{hand_id}:{version}:{note_id}:{action}"


def coach_followed(*, seats: Iterable[TableSeat], user_id: int, hand_id: int, version: int,
                   text: str) -> bool:
    """Called by the acting service after a pupil's action at ``version`` of a hand, with
    the table's seats as it read them: if the pupil was given a hint at that decision
    and did what it said, note it as "followed". The seat row carries the last hint
    given there, so an action after no hint costs no query at all."""
    for row in seats:
        if not row.coach_hint or row.pupil_id is None:
            continue
        pupil = row.pupil  # read with the seat (teaching.tables.now)
        if pupil is None or pupil.user_id != user_id:
            continue
        hand, at, note_id, action = row.coach_hint.split(":", 3)
        if (int(hand), int(at), action) != (hand_id, version, text.strip()):
            continue
        asked = CoachNote.objects.filter(pk=int(note_id)).first()
        if asked is None:  # the note is gone (the pupil was deleted meanwhile)
            return False
        CoachNote.objects.create(pupil_id=asked.pupil_id, classroom_id=asked.classroom_id,
                                 game=asked.game, idea=asked.idea, lesson=asked.lesson,
                                 kind=CoachNote.Kind.FOLLOWED, table_id=asked.table_id,
                                 hand_id_at=hand_id, version=version, action=asked.action)
        return True
    return False


@transaction.atomic
def note_missed(*, pupil: Pupil, table: Table, idea: str, lesson: int | None,
                hand_id: int | None = None, step: int | None = None,
                action: str = "") -> CoachNote:
    """The after-hand review found that ``pupil`` missed ``idea`` (the coach's key) at
    ``table``: noted for the teacher's page, in the class the pupil is in now; ``hand_id``
    and ``step`` (the index of his action in the hand's log) say where."""
    return CoachNote.objects.create(pupil=pupil, classroom_id=pupil.classroom_id,
                                    game=table.game, idea=idea, lesson=lesson,
                                    kind=CoachNote.Kind.MISSED, table=table,
                                    hand_id_at=hand_id, version=step, action=action[:64])


# -- the review after the hand ---------------------------------------------------------------

@dataclass(frozen=True)
class ChoiceShown:
    """One costly choice as the pupil reads it: what he did and what would have kept
    the cost, in words (never card codes), why, and the lesson that teaches it."""

    said: str
    reason: str
    idea_title: str
    lesson: LessonLink | None


@dataclass(frozen=True)
class ReviewShown:
    """The review of the pupil's own seat in a finished hand, as the table shows it."""

    hand_number: int
    choices: tuple[ChoiceShown, ...]
    verdict: str | None

    @property
    def perfect(self) -> bool:
        return not self.choices and self.verdict is None


#: Reviews computed lately, by the hand (its cache key: an undo or a reused id is
#: another hand) and seat. A review is a function of the finished hand and costs up to
#: 2 s of CPU on the thread the pages share; kept in the process, not the database: a
#: restart costs one review again per press, and a finished hand is never changed
#: (decision 0840). Bounded: the oldest go.
REVIEWS_KEPT = 256
_reviews: OrderedDict[tuple[object, ...], Review | None] = OrderedDict()
_reviews_lock = threading.Lock()


def _amount(choice: CostlyChoice) -> str:
    if choice.unit == TRICKS:
        return "a trick" if choice.cost == 1 else f"{choice.cost:g} tricks"
    return "a point" if choice.cost == 1 else f"{choice.cost:g} points"


def choice_said(choice: CostlyChoice) -> str:
    """"You played the three of hearts; the king of hearts would have kept a trick." """
    verb = "played" if choice.chosen.startswith("play ") else "chose"
    return (f"You {verb} {action_words(choice.chosen)}; {action_words(choice.better)} "
            f"would have kept {_amount(choice)}.")


def hand_review(*, user: User, table: Table) -> ReviewShown:
    """The coach's review of the pupil ``user``'s own seat in the table's finished hand,
    computed at the first press (never at the hand's end, a hot path) and kept; each
    costly choice's idea noted "missed" once for the teacher's page.

    Raises :class:`HelpRefused`: 404 when ``user`` is not seated here, 403 when the
    coach may not review here, 409 when no finished hand is shown."""
    pupil = seated_pupil(table, user.pk)
    if pupil is None:
        raise HelpRefused("You are not sitting at this table.", 404)
    refusal = review_refusal(table, pupil)
    if refusal:
        raise HelpRefused(refusal)
    hand = current_hand(table)
    if hand is None or not (hand.finished or hand_state(hand).is_over()):
        raise HelpRefused("The review comes once the hand is over.", 409)
    seat = TableSeat.objects.filter(table=table, pupil=pupil).values_list(
        "seat", flat=True).first()
    if seat is None:
        raise HelpRefused("You are not sitting at this table.", 404)
    key = (*cache_key(hand), seat)
    with _reviews_lock:
        known = key in _reviews
        if known:
            _reviews.move_to_end(key)
            review = _reviews[key]
    if not known:
        entry = game_entry(table.game)
        log = list(hand.actions.order_by("seq").values_list("seat", "text"))
        review = entry.review_hand(entry.rules(**hand.options), Deal.from_data(hand.deal),
                                   [Action(Seat(s), text) for s, text in log], Seat(seat))
        _note_missed_once(pupil, table, hand.pk, review)
        with _reviews_lock:
            _reviews[key] = review
            while len(_reviews) > REVIEWS_KEPT:
                _reviews.popitem(last=False)
    choices = tuple(
        ChoiceShown(choice_said(c), c.reason,
                    idea_title(table.game, c.idea) if c.idea else "",
                    lesson_link(table.game, c.lesson))
        for c in (review.choices if review is not None else ()))
    return ReviewShown(hand.number, choices, review.verdict if review is not None else None)


def _note_missed_once(pupil: Pupil, table: Table, hand_id: int, review: Review | None) -> None:
    """Each costly choice with an idea, noted "missed" at its step of the hand: a second
    review of the hand (another process, after the cache let it go) finds the note there."""
    for choice in review.choices if review is not None else ():
        if choice.idea is None:
            continue
        if CoachNote.objects.filter(pupil=pupil, table=table, hand_id_at=hand_id,
                                    version=choice.step, kind=CoachNote.Kind.MISSED).exists():
            continue
        note_missed(pupil=pupil, table=table, idea=choice.idea, lesson=choice.lesson,
                    hand_id=hand_id, step=choice.step, action=choice.chosen)


# -- dummy's guess -------------------------------------------------------------------------

@dataclass(frozen=True)
class GuessSaid:
    """Whether declarer played the card dummy's pupil guessed, and the sentence to show."""

    same: bool
    said: str


def dummy_guess(*, user: User, table: Table, hand_number: int, version: int,
                card: str) -> GuessSaid:
    """Dummy's pupil guessed ``card`` at ``version`` of hand ``hand_number`` (issue 29:
    "while dummy, a pupil may guess declarer's next card and sees after the trick whether
    declarer chose the same"). The guess is kept by the pupil's page until the card is
    played, so nothing is written here: the log says what declarer played at
    ``version``, and the game (its registry hook) whether ``card`` was a guess dummy
    could make then. Not the coach's: any mode, any table.

    Raises :class:`HelpRefused`: 404 when ``user`` is not seated here, 409 when there was
    no guess to make then or declarer has not played yet."""
    pupil = seated_pupil(table, user.pk)
    seat = (TableSeat.objects.filter(table=table, pupil=pupil).values_list(
        "seat", flat=True).first() if pupil is not None else None)
    if seat is None:
        raise HelpRefused("You are not sitting at this table.", 404)
    hand = table.hands.filter(number=hand_number).first()
    if hand is None:
        raise HelpRefused("That hand is not at this table.", 409)
    log = list(hand.actions.order_by("seq").values_list("seat", "text"))
    if not 0 <= version < len(log):
        raise HelpRefused("Declarer has not played yet.", 409)
    entry = game_entry(hand.game)
    before = entry.game_class(entry.rules(**hand.options), Deal.from_data(hand.deal))
    for who, text in log[:version]:
        before.apply(Seat(who), text)
    view = before.view(Seat(seat))
    card = card.strip().upper()
    verb, _, played = log[version][1].partition(" ")
    if card not in entry.guessable(view) or verb != "play" or played not in view.hand:
        raise HelpRefused("There was no card of yours to guess then.", 409)
    same, said = entry.guess_said(card, played)
    return GuessSaid(same, said)


# -- the teacher's settings ------------------------------------------------------------------

def _require_teacher(by: User, classroom: Classroom) -> None:
    if not can_teach(by, classroom):
        raise PermissionDenied("Only the class's teachers may do that.")


@transaction.atomic
def classroom_coach_set(*, classroom: Classroom, by: User, mode: str,
                        in_matches: bool) -> None:
    """The class's coach mode, and whether the coach helps in duplicate and league play."""
    _require_teacher(by, classroom)
    if mode not in CoachMode.values:
        raise ValueError(f"no coach mode {mode!r}")
    classroom.coach_mode = mode
    classroom.coach_in_matches = in_matches
    classroom.save(update_fields=["coach_mode", "coach_in_matches"])


@transaction.atomic
def pupil_coach_set(*, pupil: Pupil, by: User, mode: str) -> None:
    """A pupil's own coach mode ("": the class's)."""
    _require_teacher(by, pupil.classroom)
    if mode and mode not in CoachMode.values:
        raise ValueError(f"no coach mode {mode!r}")
    pupil.coach_mode = mode
    pupil.save(update_fields=["coach_mode"])
