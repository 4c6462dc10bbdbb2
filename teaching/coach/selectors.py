"""Reads for the coach: whether a table offers Help to a pupil, where an idea is taught,
and what the class's and a pupil's notes add up to this term.

Nothing here names a game: the registry says whether a game has a coach, what its
ideas are called and which of its variants is a lesson.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils import timezone

from games.registry import UnknownGameError, game_entry
from teaching.classes.games import howto_template
from teaching.models import (
    Classroom,
    CoachMode,
    CoachNote,
    LeagueMatch,
    Pupil,
    SessionSitting,
    Table,
)

#: The months a school term starts in (September, January, April): the teacher's page
#: counts from the latest of them (decision 0820).
TERM_STARTS = (9, 1, 4)


@dataclass(frozen=True)
class LessonLink:
    """Where a pupil reads the lesson that teaches an idea."""

    title: str
    url: str


@dataclass
class IdeaCount:
    """One idea the coach names, and how often the class (or a pupil) missed or asked it."""

    game: str
    idea: str
    title: str
    lesson: LessonLink | None
    times: int = 0
    pupils: int = 0


@dataclass
class PupilCount:
    """How often one pupil asked for help this term and followed it."""

    pupil: Pupil
    asked: int = 0
    followed: int = 0
    missed: int = 0
    mode: str = ""


@dataclass
class CoachSummary:
    """What the teacher's coach page shows for a class or a pupil this term."""

    since: datetime.date
    missed: list[IdeaCount] = field(default_factory=list)
    asked: list[IdeaCount] = field(default_factory=list)
    pupils: list[PupilCount] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.missed and not self.asked and not any(
            p.asked or p.followed or p.missed for p in self.pupils)


# -- the pupil's settings ------------------------------------------------------------------

def mode_for(pupil: Pupil) -> str:
    """The coach mode the pupil plays with: their own, else their class's."""
    return pupil.coach_mode or pupil.classroom.coach_mode


def is_match_table(table: Table) -> bool:
    """Whether ``table`` seats a duplicate session's round or a league match, where a
    pupil plays on their own unless the teacher allows the coach."""
    return (SessionSitting.objects.filter(table=table).exists()
            or LeagueMatch.objects.filter(table=table).exists())


def help_refusal(table: Table, pupil: Pupil) -> str:
    """Why ``pupil`` may not ask the coach at ``table`` ("" if they may)."""
    try:
        has_coach = game_entry(table.game).coach is not None
    except UnknownGameError:
        has_coach = False
    if not has_coach:
        return "This game has no coach yet."
    if mode_for(pupil) == CoachMode.OFF:
        return "Your teacher has turned the coach off: play this one on your own."
    if not table.classroom.coach_in_matches and is_match_table(table):
        return "The coach does not help in a match: play this one on your own."
    return ""


def seated_pupil(table: Table, user_id: int) -> Pupil | None:
    """The pupil of ``user_id`` seated at ``table`` and still of its class."""
    return (Pupil.objects.select_related("classroom")
            .filter(user_id=user_id, archived=False, classroom_id=table.classroom_id,
                    seats__table=table).first()
            if table.classroom_id else None)


def review_refusal(table: Table, pupil: Pupil) -> str:
    """Why ``pupil`` may not read the coach's review of his hands at ``table`` ("" if he
    may): the same rule as Help, and the coach mode "Hints and the review"."""
    refusal = help_refusal(table, pupil)
    if refusal:
        return refusal
    if game_entry(table.game).review is None:
        return "This game has no review yet."
    if mode_for(pupil) != CoachMode.REVIEW:
        return "Your teacher has the coach give hints only: no review of the hand."
    return ""


def review_offered(table: Table, user_id: int) -> bool:
    """Whether the table page offers the pupil "Review my hand" once a hand is over."""
    pupil = seated_pupil(table, user_id)
    return pupil is not None and not review_refusal(table, pupil)


def help_offered(table: Table, user_id: int) -> bool:
    """Whether the table page shows the pupil a Help button."""
    pupil = seated_pupil(table, user_id)
    return pupil is not None and not help_refusal(table, pupil)


# -- ideas in words --------------------------------------------------------------------------

def idea_title(game: str, idea: str) -> str:
    try:
        return game_entry(game).coach_idea_title(idea)
    except UnknownGameError:
        return idea.replace("-", " ")


def lesson_link(game: str, lesson: int | None) -> LessonLink | None:
    """The page of the lesson that teaches an idea (the game's how-to page for that
    lesson), or ``None`` when no lesson teaches it or the game has no such page."""
    try:
        variant = game_entry(game).lesson_variant(lesson)
    except UnknownGameError:
        return None
    if variant is None or howto_template(game, variant.key) is None:
        return None
    return LessonLink(variant.title, reverse("game_howto_page", args=[game, variant.key]))


# -- this term's notes ---------------------------------------------------------------------

def term_start(today: datetime.date | None = None) -> datetime.date:
    """The first day of the school term ``today`` is in: the latest 1 September,
    1 January or 1 April on or before it."""
    today = today or timezone.localdate()
    starts = [datetime.date(today.year - (month > today.month), month, 1)
              for month in TERM_STARTS]
    return max(starts)


def _since(today: datetime.date | None) -> tuple[datetime.date, datetime.datetime]:
    since = term_start(today)
    return since, timezone.make_aware(datetime.datetime.combine(since, datetime.time()))


def _ideas(notes: Iterable[CoachNote]) -> list[IdeaCount]:
    """The ideas of ``notes``, most often first, each with how many pupils."""
    times: Counter[tuple[str, str]] = Counter()
    who: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
    lessons: dict[tuple[str, str], int | None] = {}
    for note in notes:
        key = (note.game, note.idea)
        times[key] += 1
        who[key].add(note.pupil_id)
        lessons.setdefault(key, note.lesson)
    return [IdeaCount(game, idea, idea_title(game, idea), lesson_link(game, lessons[game, idea]),
                      times=n, pupils=len(who[game, idea]))
            for (game, idea), n in sorted(times.items(), key=lambda kv: (-kv[1], kv[0]))]


def _summary(notes: list[CoachNote], pupils: list[Pupil], since: datetime.date) -> CoachSummary:
    counts = {p.pk: PupilCount(p, mode=mode_for(p)) for p in pupils}
    for note in notes:
        count = counts.get(note.pupil_id)
        if count is not None:
            setattr(count, note.kind, getattr(count, note.kind) + 1)
    return CoachSummary(
        since=since,
        missed=_ideas(n for n in notes if n.kind == CoachNote.Kind.MISSED),
        asked=_ideas(n for n in notes if n.kind == CoachNote.Kind.ASKED),
        pupils=list(counts.values()))


def class_summary(classroom: Classroom, today: datetime.date | None = None) -> CoachSummary:
    """This term's notes of the class's active pupils: the ideas most often missed, the
    ideas asked about, and each pupil's asked and followed counts."""
    since, start = _since(today)
    pupils = list(classroom.pupils.filter(archived=False).select_related("classroom"))
    notes = list(CoachNote.objects.filter(classroom=classroom, at__gte=start,
                                          pupil__in=pupils))
    return _summary(notes, pupils, since)


def pupil_summary(pupil: Pupil, today: datetime.date | None = None) -> CoachSummary:
    """This term's notes of one pupil in their class."""
    since, start = _since(today)
    notes = list(CoachNote.objects.filter(pupil=pupil, classroom_id=pupil.classroom_id,
                                          at__gte=start))
    return _summary(notes, [pupil], since)


def practise_next(summary: CoachSummary, most: int = 5) -> list[IdeaCount]:
    """What a pupil should practise next: the ideas they missed most, else the ones they
    asked about most."""
    return (summary.missed or summary.asked)[:most]
