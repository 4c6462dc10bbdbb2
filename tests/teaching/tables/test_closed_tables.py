"""A closed table (issue 14): "A closed table refuses every action, and its open pages go
to the pupil's new table at once" (docs/decisions/0400-a-closed-table-refuses-every-action.md).

Alice seats her class (Bob and Carol) at Table 1, then seats it again: Table 1 is closed
and both sit at a new Table 1. Nothing done at the old one may change it, and a page open
on it goes to the new one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from html import unescape
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client
from django.urls import reverse

from teaching.models import Hand, HandAction, Pupil, Table, User
from teaching.tables import robots_driver
from teaching.tables.game_cache import current_hand
from teaching.tables.services import ActionRefused
from teaching.tables.services.acting import hand_act, table_act
from teaching.tables.services.dealing import hand_next, hand_replay, hand_start, table_deal
from teaching.tables.services.robots import robot_act, robots_pending
from teaching.teacher.services import SeatingRefused, table_undo_trick, tables_seat_class
from tests.teaching.table_helpers import good_action, seat_to_act, view_of
from tests.teaching.ws_helpers import communicator, move, read_frame, session_cookie


def _play_to_the_end(table: Table) -> Hand:
    while (seat := seat_to_act(table)) is not None:
        pupil = table.seats.get(seat=seat.value).pupil
        if pupil is None:
            robot_act(table_id=table.id)
        else:
            hand_act(user=pupil.user, table=table, text=good_action(view_of(table, seat)))
    return current_hand(table)


def _log(table: Table) -> tuple[int, int, list[tuple[int, str]]]:
    hands = Hand.objects.filter(table=table)
    actions = HandAction.objects.filter(hand__table=table).order_by("hand_id", "seq")
    return hands.count(), hands.filter(finished__isnull=True).count(), list(
        actions.values_list("seq", "text"))


@pytest.fixture
def reseated(alice: User, bob: Pupil, carol: Pupil) -> tuple[Table, Table]:
    """(the closed table, the new one): Table 1's first hand played out, then the class
    seated again."""
    old = tables_seat_class(classroom=bob.classroom, by=alice).tables[0]
    _play_to_the_end(old)
    new = tables_seat_class(classroom=bob.classroom, by=alice).tables[0]
    old.refresh_from_db()
    assert old.closed and not new.closed
    return old, new


@pytest.mark.django_db
def test_a_closed_table_refuses_every_action_and_stays_as_it_was(
        reseated: tuple[Table, Table], alice: User, bob: Pupil) -> None:
    old, _ = reseated
    finished = current_hand(old)
    before = _log(old)

    attempts = {
        "a card or a bid": lambda: table_act(user=bob.user, table_id=old.id, text="play SA"),
        "a claim": lambda: table_act(user=bob.user, table_id=old.id, text="claim 13"),
        "next deal": lambda: hand_next(table=old, after=finished.number, by=bob.user),
        "next deal over the socket": lambda: table_deal(
            user=bob.user, table_id=old.id, command="next", number=finished.number),
        "play it again": lambda: hand_replay(table=old, hand=finished, by=bob.user),
        "the teacher's next deal": lambda: hand_next(table=old, after=finished.number,
                                                     by=alice),
        "a deal from elsewhere": lambda: hand_start(table=old),
    }
    for what, attempt in attempts.items():
        with pytest.raises(ActionRefused) as refused:
            attempt()
        assert refused.value.code == "closed", what
        assert "closed" in refused.value.message, what
        assert _log(old) == before, f"{what} changed the closed table"

    with pytest.raises(SeatingRefused, match="closed"):
        table_undo_trick(table=old, by=alice)
    assert robot_act(table_id=old.id) is None
    assert not robots_pending(old)
    assert _log(old) == before


@pytest.mark.django_db
def test_a_hand_in_progress_at_a_closed_table_is_not_played_on(
        alice: User, bob: Pupil, carol: Pupil) -> None:
    old = tables_seat_class(classroom=bob.classroom, by=alice).tables[0]
    tables_seat_class(classroom=bob.classroom, by=alice)
    seat = seat_to_act(old)
    pupil = old.seats.get(seat=seat.value).pupil
    before = _log(old)

    if pupil is not None:
        with pytest.raises(ActionRefused, match="closed"):
            table_act(user=pupil.user, table_id=old.id, text=good_action(view_of(old, seat)))
    assert robot_act(table_id=old.id) is None
    assert _log(old) == before


@pytest.mark.django_db
def test_the_page_of_a_closed_table_shows_its_last_hand_to_read_only_and_links_the_new_one(
        reseated: tuple[Table, Table], bob: Pupil) -> None:
    old, new = reseated
    client = Client()
    client.force_login(bob.user)

    page = client.get(reverse("table", args=[old.id])).content.decode()

    assert "ws-connect" not in page, "a closed table opens no socket"
    assert "This table is closed" in page
    # Both are called Table 1: the link says which.
    assert old.name == new.name == "Table 1"
    link = f'<a href="{reverse("table", args=[new.id])}">the new Table 1</a>'
    assert f"You play at {link} now" in page
    assert '<div class="closed-table" inert>' in page
    assert "Next deal" not in page.split("closed-table", 1)[0]
    # The new table's page is live as ever.
    assert "ws-connect" in client.get(reverse("table", args=[new.id])).content.decode()


@pytest.mark.django_db
def test_a_closed_table_whose_pupil_has_no_table_now_sends_them_to_their_page(
        alice: User, bob: Pupil) -> None:
    from teaching.tables.closed import where_after_closing

    table = tables_seat_class(classroom=bob.classroom, by=alice).tables[0]
    Table.objects.filter(pk=table.pk).update(closed=True)

    assert where_after_closing(bob.user, table) == (reverse("pupil_home"), "your page", False)
    client = Client()
    client.force_login(bob.user)
    page = client.get(reverse("table", args=[table.id])).content.decode()
    assert f'<a href="{reverse("pupil_home")}">Your page</a> shows what to do now' in page


@pytest.mark.django_db
def test_the_teacher_is_told_that_pages_at_the_closed_tables_move_on(
        alice_client: Client, bob: Pupil, alice: User) -> None:
    tables_seat_class(classroom=bob.classroom, by=alice)

    page = alice_client.post(reverse("classroom_seat", args=[bob.classroom_id]),
                             follow=True).content.decode()

    assert "1 earlier table closed: pupils&#x27; pages there move to their new tables." in page


# -- the pages open at the table when it closes -----------------------------------------------

@pytest_asyncio.fixture
async def robots_stop() -> AsyncIterator[None]:
    yield
    await robots_driver.idle()
    layer = get_channel_layer()
    if hasattr(layer, "close"):
        await layer.close()


async def _frames_until_closed(comm: Any) -> tuple[list[str], int]:
    """Every frame the socket sends until it closes, and its close code."""
    frames = []
    while True:
        output = await comm.receive_output(timeout=20)
        if output["type"] == "websocket.close":
            return frames, output["code"]
        frames.append(output["text"])


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_seating_the_class_again_sends_each_open_page_to_its_pupils_new_table(
        robots_stop: None, alice: User, bob: Pupil, carol: Pupil, settings: Any) -> None:
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}
    seat_class = database_sync_to_async(tables_seat_class)
    old = (await seat_class(classroom=bob.classroom, by=alice)).tables[0]
    cookie = await database_sync_to_async(session_cookie)(bob.user)
    comm = communicator(old.id, cookie)
    assert (await comm.connect())[0]
    await comm.receive_from(timeout=20)

    new = (await seat_class(classroom=bob.classroom, by=alice)).tables[0]

    frames, code = await _frames_until_closed(comm)
    assert code == 4410
    assert f'data-go="/tables/{new.id}/"' in frames[-1]
    assert "taking you to the new Table 1…" in unescape(frames[-1])
    assert read_frame(frames[-1]).cards == set(), "the moving frame shows no cards"

    # A page that reconnects, or a move sent by one still open, is moved on the same way.
    again = communicator(old.id, cookie)
    assert (await again.connect())[0]
    frames, code = await _frames_until_closed(again)
    assert code == 4410 and f'data-go="/tables/{new.id}/"' in frames[-1]
    await comm.disconnect()
    await again.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_move_sent_to_a_closed_table_changes_nothing_and_moves_the_page_on(
        robots_stop: None, alice: User, bob: Pupil, carol: Pupil, settings: Any) -> None:
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "teaching.runtime.channel_layers.ThrottledInMemoryChannelLayer"}}
    old = (await database_sync_to_async(tables_seat_class)(
        classroom=bob.classroom, by=alice)).tables[0]
    cookie = await database_sync_to_async(session_cookie)(bob.user)
    comm = communicator(old.id, cookie)
    assert (await comm.connect())[0]
    await comm.receive_from(timeout=20)
    await robots_driver.idle()
    # Closed by another server's hand (nobody here told): the next move finds out.
    await database_sync_to_async(lambda: Table.objects.filter(pk=old.pk).update(closed=True))()
    before = await database_sync_to_async(_log)(old)

    await comm.send_to(text_data=move("play SA"))

    frames, code = await _frames_until_closed(comm)
    assert code == 4410 and 'data-go="/me/"' in frames[-1]
    assert await database_sync_to_async(_log)(old) == before
    await comm.disconnect()
