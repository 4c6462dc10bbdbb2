"""The coach's review of a pupil's finished hand (teaching.coach.services.hand_review).

Alice teaches the Robins. Fay, Gus, Hal and Ivy (her pupils) play the golden MiniBridge
hand of tests/games/test_minibridge_review.py: Hal in North declares game in no-trumps
and, at the second trick, plays the three of hearts where the king keeps a trick. Bob
sits with robots at another table.

The issue: "After the hand, a review (everything is visible then): at most three of the
pupil's choices that cost most ..., each with what would have kept them and why"; "A class
setting (and a per-pupil override): coach off, hints on request, or hints and the review".
"""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.coach import services
from teaching.coach.services import HelpRefused, hand_review
from teaching.models import Classroom, CoachMode, CoachNote, Pupil, Table
from tests.games.test_minibridge_review import DEAL, PLAYED, THREE_OF_HEARTS
from tests.teaching.coach.conftest import act, four_at, start
from tests.teaching.table_helpers import play_out

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.fixture
def golden(robins: Classroom, more_robins: list[Pupil], monkeypatch) -> tuple[Table, dict]:
    """The golden hand, played to its end by four of Alice's pupils; the class's coach
    gives hints and the review; no review kept from another test."""
    monkeypatch.setattr(services, "_reviews", type(services._reviews)())
    robins.coach_mode = CoachMode.REVIEW
    robins.save()
    pupils = four_at(robins, more_robins[:4], "Golden")
    table = Table.objects.get(name="Golden")
    start(table, DEAL)
    for action in PLAYED:
        act(table, pupils, action.seat, action.text)
    return table, pupils


def test_the_costly_card_is_named_in_words_with_the_better_one_and_why(golden):
    table, pupils = golden
    review = hand_review(user=pupils[N].user, table=table)
    (choice,) = review.choices
    assert choice.said == ("You played the three of hearts; the king of hearts would have "
                           "kept a trick.")
    assert "the king of hearts" in choice.reason.lower()
    assert choice.idea_title and choice.lesson is not None
    assert choice.lesson.url == "/games/minibridge/lesson-2/"
    assert review.verdict is None and not review.perfect  # game in no-trumps was the best


def test_a_pupil_reads_his_own_seats_review_only(golden):
    """East's review is East's: the three of hearts was North's card, not his."""
    table, pupils = golden
    review = hand_review(user=pupils[E].user, table=table)
    assert all("three of hearts" not in c.said for c in review.choices)


def test_the_missed_idea_is_noted_once_however_often_it_is_pressed(golden, monkeypatch):
    table, pupils = golden
    first = hand_review(user=pupils[N].user, table=table)
    assert hand_review(user=pupils[N].user, table=table) == first
    # The process forgot it (a restart, another worker): still noted once.
    monkeypatch.setattr(services, "_reviews", type(services._reviews)())
    hand_review(user=pupils[N].user, table=table)
    notes = CoachNote.objects.filter(kind=CoachNote.Kind.MISSED)
    assert [(n.pupil, n.idea, n.version, n.action) for n in notes] == [
        (pupils[N], "third-hand-high", THREE_OF_HEARTS, "play H3")]


def test_a_second_press_does_not_review_again(golden, monkeypatch):
    from games.registry import GameEntry

    asked = []
    real = GameEntry.review_hand

    def counting(entry, *args):
        asked.append(entry.name)
        return real(entry, *args)

    monkeypatch.setattr(GameEntry, "review_hand", counting)
    table, pupils = golden
    for _ in range(5):
        hand_review(user=pupils[N].user, table=table)
    assert asked == ["minibridge"]


@pytest.mark.parametrize("mode", [CoachMode.HINTS, CoachMode.OFF])
def test_no_review_without_hints_and_the_review(golden, robins, mode):
    table, pupils = golden
    robins.coach_mode = mode
    robins.save()
    with pytest.raises(HelpRefused) as refused:
        hand_review(user=pupils[N].user, table=table)
    assert refused.value.status == 403
    assert not CoachNote.objects.exists()


def test_a_pupils_own_setting_overrides_the_class(golden, robins):
    table, pupils = golden
    robins.coach_mode = CoachMode.HINTS
    robins.save()
    hal = pupils[N]
    hal.coach_mode = CoachMode.REVIEW
    hal.save()
    assert hand_review(user=hal.user, table=table).choices


def test_no_review_before_the_hand_is_over(robins, more_robins):
    robins.coach_mode = CoachMode.REVIEW
    robins.save()
    pupils = four_at(robins, more_robins[:4], "Golden")
    table = Table.objects.get(name="Golden")
    start(table, DEAL)
    with pytest.raises(HelpRefused) as refused:
        hand_review(user=pupils[N].user, table=table)
    assert refused.value.status == 409 and "once the hand is over" in refused.value.message


def test_a_pupil_not_at_the_table_is_refused(golden, bob, carol):
    table, _ = golden
    for stranger in (bob, carol):
        with pytest.raises(HelpRefused) as refused:
            hand_review(user=stranger.user, table=table)
        assert refused.value.status == 404


def test_a_hand_played_by_a_pupil_and_robots_is_reviewed(bob_table, bob, robins):
    robins.coach_mode = CoachMode.REVIEW
    robins.save()
    play_out(bob_table, {S: bob})
    review = hand_review(user=bob.user, table=bob_table)
    assert len(review.choices) <= 3
    for choice in review.choices:
        assert choice.said.startswith("You ") and "play " not in choice.said


def test_a_duplicate_table_gets_no_review_unless_the_teacher_allows_it(robins, alice,
                                                                       eight_robins):
    """Issue 29: "during duplicate and league play it is off unless the teacher allows
    it": the same rule as Help."""
    from teaching.duplicate import services as dup
    from tests.teaching.duplicate_helpers import create

    robins.coach_mode = CoachMode.REVIEW
    robins.save()
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    table = session.sittings.get(round=1, table_number=1).table
    pupils = {Seat(row.seat): row.pupil for row in table.seats.select_related("pupil__user")
              if row.pupil is not None}
    play_out(table, pupils)
    someone = next(iter(pupils.values()))
    with pytest.raises(HelpRefused) as refused:
        hand_review(user=someone.user, table=table)
    assert refused.value.status == 403 and "match" in refused.value.message
    robins.coach_in_matches = True
    robins.save()
    table.refresh_from_db()
    assert hand_review(user=someone.user, table=table).hand_number >= 1
