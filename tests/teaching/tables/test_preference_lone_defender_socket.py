"""A lone Preference defender presses "Play alone" on his table, over his socket as his
browser sends it, and the table takes it (rules section 6)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.seats import Seat
from teaching.models import Pupil
from teaching.tables.game_cache import current_hand, hand_state
from tests.teaching.tables.test_consumers_hidden import robots_stop  # noqa: F401 (autouse)
from tests.teaching.tables.test_preference_lone_defender import _buttons, _to_a_lone_defender
from tests.teaching.ws_helpers import communicator, move, receive, receive_until, session_cookie

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_sending_play_alone_from_its_button_makes_him_defend_alone(
        three: dict[Seat, Pupil]) -> None:
    table, seat = await database_sync_to_async(_to_a_lone_defender)(three)
    cookie = await database_sync_to_async(session_cookie)(three[seat].user)
    comm = communicator(table.id, cookie)
    connected, _ = await comm.connect()
    assert connected
    frame = await receive(comm)
    assert frame.version is not None
    assert _buttons(frame.html).get("play alone") == "Play alone"

    await comm.send_to(text_data=move("play alone", frame.version))

    after = (await receive_until(comm, frame.version + 1))[-1]
    assert after.error == ""
    assert f"{seat.word} plays alone;" in after.html
    roles = await database_sync_to_async(lambda: hand_state(current_hand(table)).roles)()
    assert roles[seat] == "defends"
    await comm.disconnect()
