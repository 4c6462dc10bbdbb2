"""The coach's hint at a pupil's decision (teaching.coach.services.table_help).

Alice teaches the Robins; Bob sits in South of a MiniBridge table with three robots.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace

import pytest

from games.cards import Card
from games.seats import Seat
from teaching.coach import services
from teaching.coach.services import HelpRefused, table_help
from teaching.models import CoachMode, CoachNote, Table, TableSeat
from teaching.runtime import coach_process
from teaching.tables.game_cache import current_hand, hand_state
from tests.teaching.coach.conftest import (
    act,
    bobs_card,
    bobs_turn,
    four_at,
    played_deals,
    start,
)
from tests.teaching.table_helpers import good_action, view_of

#: Module-level hints the coach's process can import by name.
HELPERS = "tests.teaching.coach.hint_helpers:"


def test_it_suggests_a_legal_action_with_a_reason_and_its_lesson(bob_table, bob):
    bobs_card(bob_table, bob)
    hint = table_help(user=bob.user, table=bob_table)
    view = view_of(bob_table, Seat.SOUTH)
    assert hint.action in view.card_actions.values()
    assert len(hint.reason) > 20
    assert hint.idea_title and hint.version == hand_state(current_hand(bob_table)).version
    if hint.lesson is not None:
        assert hint.lesson.url.startswith("/games/minibridge/lesson-")


def test_a_second_press_gives_the_same_hint_and_counts_once(bob_table, bob):
    bobs_card(bob_table, bob)
    first = table_help(user=bob.user, table=bob_table)
    assert table_help(user=bob.user, table=bob_table) == first
    assert CoachNote.objects.filter(pupil=bob, kind="asked").count() == 1


def test_pressing_help_again_and_again_asks_the_coach_once(bob_table, bob, monkeypatch):
    """A script pressing Help in a loop at one decision costs a look-up, not the coach's
    sampling each time (issue 27's determined pupil, at issue 29's button)."""
    fresh_hints(monkeypatch)
    asked = []
    real = coach_process.COACH.submit

    def counting(path, *args):
        asked.append(path)
        return real(path, *args)

    monkeypatch.setattr(coach_process.COACH, "submit", counting)
    bobs_card(bob_table, bob)
    hints = {table_help(user=bob.user, table=bob_table) for _ in range(20)}
    assert len(hints) == 1 and len(asked) == 1


def fresh_hints(monkeypatch) -> None:
    """No hint kept, none on its way, and the coach's process started and ready."""
    monkeypatch.setattr(services, "_hints", type(services._hints)())
    monkeypatch.setattr(services, "_asked", {})
    coach_process.start_soon().join(60)
    assert coach_process.COACH.ready.is_set()


def test_until_the_coachs_process_is_ready_the_hint_is_computed_here(bob_table, bob,
                                                                      monkeypatch):
    """A server just started: the first pupil to press Help does not wait for a new
    interpreter; the process is started meanwhile and gives the next hints."""
    monkeypatch.setattr(services, "_hints", type(services._hints)())
    monkeypatch.setattr(services, "_asked", {})
    monkeypatch.setattr(coach_process, "HINT", HELPERS + "hint_with_pid")
    coach_process.shut_down()
    bobs_card(bob_table, bob)
    hint = table_help(user=bob.user, table=bob_table)
    assert hint.reason.startswith(f"pid {os.getpid()}:")

    assert coach_process.COACH.ready.wait(60)  # started by that press
    monkeypatch.setattr(services, "_hints", type(services._hints)())
    later = table_help(user=bob.user, table=bob_table)
    assert not later.reason.startswith(f"pid {os.getpid()}:")
    assert later.action == hint.action


def test_the_hint_is_computed_in_the_coachs_own_process(bob_table, bob, monkeypatch):
    fresh_hints(monkeypatch)
    monkeypatch.setattr(coach_process, "HINT", HELPERS + "hint_with_pid")
    bobs_card(bob_table, bob)
    hint = table_help(user=bob.user, table=bob_table)
    pid = int(hint.reason.split(":")[0].removeprefix("pid "))
    assert pid != os.getpid()
    assert hint.action in view_of(bob_table, Seat.SOUTH).card_actions.values()


def test_where_no_process_can_start_the_hint_is_computed_here(bob_table, bob, monkeypatch):
    fresh_hints(monkeypatch)
    monkeypatch.setattr(coach_process, "HINT", HELPERS + "hint_with_pid")
    coach_process.shut_down()
    monkeypatch.setattr(coach_process.COACH, "unavailable", True)
    bobs_card(bob_table, bob)
    hint = table_help(user=bob.user, table=bob_table)
    assert hint.reason.startswith(f"pid {os.getpid()}:")
    assert CoachNote.objects.filter(pupil=bob, kind="asked", action=hint.action).exists()


def test_a_hint_too_slow_is_refused_and_kept_for_the_next_press(bob_table, bob, monkeypatch):
    """The pupil is told to try again, nothing is written meanwhile, and the hint, once
    computed, is the next press's at once."""
    fresh_hints(monkeypatch)
    monkeypatch.setattr(coach_process, "HINT", HELPERS + "slow_hint")
    monkeypatch.setattr(services, "HINT_WAIT_SECONDS", 0.05)
    bobs_card(bob_table, bob)
    seat_before = TableSeat.objects.get(table=bob_table, pupil=bob).coach_hint
    with pytest.raises(HelpRefused) as refused:
        table_help(user=bob.user, table=bob_table)
    assert refused.value.status == 503
    assert refused.value.message == "The coach is thinking too long; try again."
    assert not CoachNote.objects.exists()
    assert TableSeat.objects.get(table=bob_table, pupil=bob).coach_hint == seat_before
    assert view_of(bob_table, Seat.SOUTH).card_actions  # still his card to choose

    deadline = time.monotonic() + 30
    while not services._hints and time.monotonic() < deadline:
        time.sleep(0.05)
    submitted = []
    monkeypatch.setattr(coach_process.COACH, "submit", lambda *args: submitted.append(args))
    hint = table_help(user=bob.user, table=bob_table)
    assert hint.action in view_of(bob_table, Seat.SOUTH).card_actions.values()
    assert not submitted  # kept: the coach was not asked again


def test_it_refuses_when_it_is_not_the_pupils_turn(bob_table, bob):
    hand = current_hand(bob_table)
    assert hand_state(hand).to_act() != (Seat.SOUTH,)  # North counts first
    with pytest.raises(HelpRefused) as refused:
        table_help(user=bob.user, table=bob_table)
    assert refused.value.status == 409 and "not your turn" in refused.value.message
    assert not CoachNote.objects.exists()


def test_it_refuses_when_the_class_turned_the_coach_off(bob_table, bob, robins):
    robins.coach_mode = CoachMode.OFF
    robins.save()
    bobs_turn(bob_table, bob)
    with pytest.raises(HelpRefused) as refused:
        table_help(user=bob.user, table=bob_table)
    assert refused.value.status == 403 and "turned the coach off" in refused.value.message


def test_a_pupils_own_setting_replaces_the_classs(bob_table, bob, robins):
    robins.coach_mode = CoachMode.OFF
    robins.save()
    bob.coach_mode = CoachMode.HINTS
    bob.save()
    bobs_turn(bob_table, bob)
    assert table_help(user=bob.user, table=bob_table).action
    bob.coach_mode = CoachMode.OFF
    bob.save()
    robins.coach_mode = CoachMode.REVIEW
    robins.save()
    with pytest.raises(HelpRefused):
        table_help(user=bob.user, table=bob_table)


def test_a_pupil_of_another_class_is_not_helped_here(bob_table, bob, dave):
    bobs_turn(bob_table, bob)
    with pytest.raises(HelpRefused) as refused:
        table_help(user=dave.user, table=bob_table)
    assert refused.value.status == 404


def _swap_hidden(deal, seats: tuple[Seat, Seat], played: set[Card]):
    """The deal with one unplayed spot card of a suit swapped between two hidden hands:
    each hand keeps its suit lengths and its points, so every action before is as legal."""
    one, two = seats
    for card in deal.hand(one):
        if card in played or str(card)[1] in "AKQJ":
            continue
        other = next((c for c in deal.hand(two) if c.suit == card.suit and c not in played
                      and str(c)[1] not in "AKQJ"), None)
        if other is not None:
            hands = dict(deal.hands)
            hands[one] = tuple(other if c == card else c for c in deal.hand(one))
            hands[two] = tuple(card if c == other else c for c in deal.hand(two))
            return replace(deal, hands=hands)
    return None


def _script_to(table: Table, pupils, until: Callable[[], bool]) -> list[tuple[Seat, str]]:
    script = []
    while not until():
        game = hand_state(current_hand(table))
        seat = game.to_act()[0]
        text = good_action(game.view(seat))
        act(table, pupils, seat, text)
        script.append((seat, text))
    return script


def test_the_hint_is_the_same_whatever_the_cards_he_cannot_see(robins, bob, carol,
                                                               more_robins):
    """DESIGN.md: "The coach is a reader like a robot: it gets the pupil's seat view and
    the public history, never the game, so a hint cannot use a card the pupil may not see."
    Two deals differing only in two hidden cards, the same actions played: the same hint."""
    first = four_at(robins, [bob, *more_robins[:3]], "Table A")
    second = four_at(robins, [carol, *more_robins[3:]], "Table B")
    table_a = Table.objects.get(name="Table A")
    table_b = Table.objects.get(name="Table B")
    for deal in played_deals():
        start(table_a, deal)

        def bob_chooses_a_card() -> bool:
            game = hand_state(current_hand(table_a))
            return game.is_over() or (Seat.SOUTH in game.to_act()
                                      and len(game.view(Seat.SOUTH).card_actions) > 1
                                      and bool(game.view(Seat.SOUTH).tricks))
        script = _script_to(table_a, first, bob_chooses_a_card)
        game = hand_state(current_hand(table_a))
        view = game.view(Seat.SOUTH)
        hidden = tuple(s for s in (Seat.NORTH, Seat.EAST, Seat.WEST) if s.value not in view.hands)
        played = {Card.from_str(c["card"]) for t in view.tricks for c in t["cards"]}
        played |= {Card.from_str(c["card"]) for c in (view.trick or {}).get("cards", ())}
        other = _swap_hidden(deal, hidden[:2], played) if len(hidden) >= 2 else None
        if game.is_over() or other is None:
            continue
        start(table_b, other)
        for seat, text in script:
            act(table_b, second, seat, text)
        assert view_of(table_b, Seat.SOUTH).as_data() == view.as_data()
        assert other.hands != deal.hands
        hint_a = table_help(user=bob.user, table=table_a)
        hint_b = table_help(user=carol.user, table=table_b)
        assert (hint_b.action, hint_b.reason) == (hint_a.action, hint_a.reason)
        return
    pytest.fail("no deal reached Bob's card with two hidden hands")


def test_a_duplicate_table_gets_no_help_unless_the_teacher_allows_it(robins, alice,
                                                                     eight_robins):
    """Issue 29: "during duplicate and league play it is off unless the teacher allows it"."""
    from teaching.duplicate import services as dup
    from tests.teaching.duplicate_helpers import create

    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    table = session.sittings.get(round=1, table_number=1).table
    game = hand_state(current_hand(table))
    seat = game.to_act()[0]
    pupil = table.seats.get(seat=seat.value).pupil
    with pytest.raises(HelpRefused) as refused:
        table_help(user=pupil.user, table=table)
    assert refused.value.status == 403 and "match" in refused.value.message
    robins.coach_in_matches = True
    robins.save()
    table.refresh_from_db()
    assert table_help(user=pupil.user, table=table).action in game.view(seat).legal


def test_a_league_match_table_gets_no_help_unless_the_teacher_allows_it(robins, alice,
                                                                        eight_robins):
    from teaching.league import services as sl
    from tests.teaching.league_helpers import create, match_between

    league = create(robins, alice, eight_robins)
    table = sl.match_play_online(match=match_between(league, 1, 2), by=alice)
    game = hand_state(current_hand(table))
    seat = game.to_act()[0]
    pupil = table.seats.get(seat=seat.value).pupil
    with pytest.raises(HelpRefused) as refused:
        table_help(user=pupil.user, table=table)
    assert refused.value.status == 403 and "match" in refused.value.message
    robins.coach_in_matches = True
    robins.save()
    table.refresh_from_db()
    assert table_help(user=pupil.user, table=table).action in game.view(seat).legal
