"""A kept piece of a frame is the piece the template would render now (teaching.tables.frames.kept).

A game's template may keep a piece of its frame (the facts of the hand, a waiting seat's
buttons) by a key of everything it shows, so that the four seats after a card, and one seat
from card to card, render it once. A key that forgot something would show a pupil a stale
piece: every registered game is played here through pupils in every seat, several deals, with
sometimes any legal action (claims, answers, undoable mistakes), and at every step each seat's
frame and the teacher's open view are rendered with keeping on (the pieces kept from the
steps before) and with keeping off, and must be the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.registry import catalogue
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Table, User
from teaching.tables import card_html, frames, selectors
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services import ActionRefused
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_next
from tests.teaching.table_helpers import deal_one_that_is_played, good_action, seat_table

pytestmark = pytest.mark.django_db

#: MiniBridge once per lesson with something of its own in the facts (a set of deals in
#: lesson 6's options, a variant), the other games with their defaults, and the Top Game
#: again with an informer who types dummy's description (its "inform" phase and form) and
#: a leader who doubles (declarer's "answer").
CASES = [("minibridge", {"lesson": lesson}) for lesson in (1, 3, 5, 6)] + [
    (entry.name, {}) for entry in catalogue() if entry.name != "minibridge"] + [
    ("topgame", {"informer": "typed"})]


def _rendered(table: Table, seats: list[Seat]) -> dict[str, str]:
    table.refresh_from_db()
    shown = {seat.value: frames.render_frame(selectors.seat_view(table=table, seat=seat), table)
             for seat in seats}
    full = selectors.seat_view(table=table, seat=None)
    if full is not None:
        shown["teacher"] = frames.render_frame(full, table)
    return shown


@pytest.mark.parametrize(("game", "options"), CASES, ids=[
    f"{game}-{'-'.join(map(str, options.values())) or 'default'}" for game, options in CASES])
def test_every_kept_piece_is_what_the_template_renders_now(
        robins: Classroom, alice: User, game: str, options: dict[str, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    pupils = classes.pupils_create(classroom=robins, names="Nia\nOwen\nPia\nQuinn", by=alice)
    table = seat_table(robins, dict(zip(Seat, pupils, strict=True)), game=game, options=options)
    seats = list(hand_state(current_hand(table)).players())
    rng = random.Random(f"{game}{options}")
    # The Top Game's second case doubles whenever it may: its "answer" phase is reached.
    doubling = game == "topgame" and bool(options)
    steps = deals = 0
    while deals < 3 and steps < 400:
        kept = _rendered(table, seats)
        monkeypatch.setattr(frames, "keeping", False)
        fresh = _rendered(table, seats)
        monkeypatch.setattr(frames, "keeping", True)
        assert kept == fresh, f"{game} step {steps}: a kept piece differs from the template's"
        # Its suits and dots written as character references (frames.render_frame).
        assert all(frame.isascii() for frame in kept.values()), f"{game} step {steps}"
        hand = current_hand(table)
        state = hand_state(hand)
        if state.is_over() or not state.to_act():
            dealer = table.seats.filter(seat__in=[s.value for s in seats]).first()
            hand_next(table=table, after=hand.number, by=dealer.pupil.user)
            deals += 1
            continue
        seat = state.to_act()[0]
        view = state.view(seat)
        # Who sits where now (the Top Game's players change places between deals).
        actor = table.seats.get(seat=seat.value).pupil.user
        # Mostly as a careful player would; now and then anything legal (a claim, an answer).
        text = rng.choice(view.legal) if rng.random() < 0.2 else good_action(view, seed=steps)
        if doubling and "double" in view.legal:  # so that declarer's answer is shown too
            text = "double"
        try:
            hand_act(user=actor, table=table, text=text, seat=seat,
                     version=state.version)
        except ActionRefused:  # a wrong count of points: the careful answer instead
            hand_act(user=actor, table=table, text=good_action(view, seed=steps),
                     seat=seat, version=state.version)
        steps += 1
    assert deals >= 1, f"{game}: no deal was played to its end in {steps} steps"


def test_an_edited_template_is_not_served_from_what_was_kept(
        robins: Classroom, alice: User) -> None:
    """Under the development server an edited template is used at once (teaching.runtime.jinja):
    the pieces and seats kept from the old one are forgotten with it."""
    from django.conf import settings

    from teaching.runtime.jinja import _template_changed

    pupils = classes.pupils_create(classroom=robins, names="Nia", by=alice)
    table = seat_table(robins, {Seat.SOUTH: pupils[0]})
    frames.render_frame(selectors.seat_view(table=table, seat=Seat.SOUTH), table)
    assert frames._tables, "a frame keeps its seats and pieces"
    assert frames._templates, "and the templates it looked up"

    _template_changed(sender=None, file_path=settings.BASE_DIR / "templates" / "jinja2"
                      / "tables" / "_messages.html")

    assert not frames._tables
    assert not frames._templates, "the edited template is compiled again at its next use"


def test_a_table_keeps_two_versions_of_its_pieces_however_long_it_plays(
        robins: Classroom, alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's pieces are kept two versions deep: what a card changed is dropped a card
    later, so a whole hand keeps no more than its first cards did; what did not change is
    taken over, not rendered again."""
    pupils = classes.pupils_create(classroom=robins, names="Nia\nOwen\nPia\nQuinn", by=alice)
    table = seat_table(robins, dict(zip(Seat, pupils, strict=True)))
    deal_one_that_is_played(table)
    seats = list(Seat)
    renders = 0
    real = card_html.seat

    def counting(*args: Any) -> str:
        nonlocal renders
        renders += 1
        return real(*args)

    monkeypatch.setattr(card_html, "seat", counting)
    sizes, seat_renders = [], []
    hand = current_hand(table)
    while not (state := hand_state(hand)).is_over() and state.to_act():
        before = renders
        _rendered(table, seats)
        pieces = frames._tables[table.id]
        sizes.append(len(pieces.now) + len(pieces.before))
        seat_renders.append(renders - before)
        seat = state.to_act()[0]
        hand_act(user=table.seats.get(seat=seat.value).pupil.user, table=table,
                 text=good_action(state.view(seat), seed=len(sizes)), seat=seat,
                 version=state.version)
        hand = current_hand(table)
    assert len(sizes) > 40, "a whole hand was played"
    assert max(sizes) < 60, f"a table's pieces do not grow with its cards: {sizes}"
    # Four seats and the teacher see 20 seats a frame; a card changes one hand and whose turn
    # (three seats' turns at a trick's end, when the winner leads).
    later = seat_renders[1:]
    assert max(later) <= 10 and sum(later) / len(later) <= 7, (
        f"unchanged seats were taken over: {seat_renders}")


def test_past_the_most_tables_the_one_that_moved_on_longest_ago_is_forgotten(
        robins: Classroom, alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process keeps the pieces of so many tables; past that, a closed table's go first,
    not those of a table still playing."""
    monkeypatch.setattr(frames, "_MOST_TABLES", 2)
    frames.forget_kept()
    pupils = classes.pupils_create(classroom=robins, names="Nia\nOwen\nPia\nQuinn\nRae\nSam",
                                   by=alice)
    first = seat_table(robins, dict(zip(Seat, pupils[:4], strict=True)))
    second, third = (seat_table(robins, {Seat.SOUTH: pupil}) for pupil in pupils[4:])

    def shown(table: Table) -> None:
        frames.render_frame(selectors.seat_view(table=table, seat=Seat.SOUTH), table)

    shown(first)
    shown(second)
    hand = current_hand(first)
    state = hand_state(hand)
    seat = state.to_act()[0]
    hand_act(user=first.seats.get(seat=seat.value).pupil.user, table=first, seat=seat,
             text=good_action(state.view(seat)), version=state.version)
    shown(first)  # the first table moved on after the second
    shown(third)

    assert list(frames._tables) == [first.id, third.id]
    size = sum(len(html) for html in {**frames._tables[first.id].before,
                                      **frames._tables[first.id].now}.values())
    assert 1_000 < size < 100_000, f"one seat's pieces are a few kilobytes: {size}"


def test_the_summary_kept_for_the_four_players_shows_the_double_dummy_table_when_it_comes(
        robins: Classroom, alice: User, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary is rendered once for the four players (it is the same for each), at the
    last card and again when the solver's table is stored: the version of the log does not
    change then, so what it shows must be in its key."""
    from teaching.tables import analysis

    settings.ANALYSE_IN_BACKGROUND = True
    monkeypatch.setattr(analysis._analyses, "start", lambda hand_id, table_id: None)
    pupils = classes.pupils_create(classroom=robins, names="Nia\nOwen\nPia\nQuinn", by=alice)
    table = seat_table(robins, dict(zip(Seat, pupils, strict=True)))
    deal_one_that_is_played(table)
    seats = list(Seat)
    while not (state := hand_state(hand := current_hand(table))).is_over():
        seat = state.to_act()[0]
        hand_act(user=table.seats.get(seat=seat.value).pupil.user, table=table,
                 text=good_action(state.view(seat), seed=state.version), seat=seat,
                 version=state.version)

    before = _rendered(table, seats)
    assert all("Working out what this deal can make" in before[s.value] for s in seats)
    hand.refresh_from_db()
    made = {s: {d: 7 for d in ("NT", "S", "H", "D", "C")} for s in "NESW"}
    hand.dd = made
    hand.save(update_fields=["dd"])

    after = _rendered(table, seats)
    monkeypatch.setattr(frames, "keeping", False)
    fresh = _rendered(table, seats)
    assert after == fresh
    assert all('class="dd-table"' in after[s.value] for s in seats)
    assert all("Working out" not in after[s.value] for s in seats)
