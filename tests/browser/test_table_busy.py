"""A worker past its capacity answers a move "The table is busy, retrying…"; the pupil's page
says so, sends the move again by itself a moment later, and goes on when it is taken
(static/js/table.js; the server's side is tests/teaching/tables/test_consumers.py and
teaching/runtime/load_shedding.py; docs/decisions/0511-a-busy-table-says-so.md).

The busy answer is played into a real page by Playwright's websocket routing: the first move
the page sends does not reach the server, and the page gets exactly what a busy worker sends.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from teaching.runtime import load_shedding
from teaching.tables import frames
from tests.browser.pages import shoot_both_sizes
from tests.daphne_server import Daphne, outside

pytestmark = pytest.mark.browser

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def test_a_move_answered_busy_is_sent_again_by_the_page_and_taken_once(
        browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "busy.sqlite3"
    setup = outside(database, "setup", "1")  # Bob at South, MiniLesson 5: he counts first
    busy = frames.render_messages(load_shedding.MESSAGE, load_shedding.RETRY_MS)
    from_page: list[str] = []
    to_server: list[str] = []

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def page_sent(message: str | bytes) -> None:
            from_page.append(str(message))
            if len(from_page) == 1:
                socket.send(busy)  # the worker is behind: the first move is not taken
                return
            to_server.append(str(message))
            server.send(message)

        socket.on_message(page_sent)

    with Daphne(database) as daphne:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        context.add_cookies([{"name": "sessionid", "value": setup["cookies"]["S"],
                              "url": daphne.url}])
        page = context.new_page()
        page.route_web_socket("**/ws/table/**", route)
        page.goto(f"{daphne.url}/tables/{setup['table']}/")
        expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
        count = page.locator("#hcp-count")
        expect(count).to_be_visible(timeout=20_000)
        version = page.locator("#table-body").get_attribute("data-version")
        cards = page.locator(".seat-bottom [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")

        count.fill(str(sum(HCP.get(card[1], 0) for card in cards)))
        page.get_by_role("button", name="Say it").click()

        expect(page.locator("#table-messages")).to_have_text(load_shedding.MESSAGE)
        expect(page.locator("[data-connection]")).to_have_text(load_shedding.MESSAGE)
        assert page.locator("#table-body").get_attribute("data-version") == version
        shoot_both_sizes(page, "table-busy-retrying")

        # About a second later (up to half again) the page sends it again, and it is taken.
        expect(page.locator("#table-body")).not_to_have_attribute(
            "data-version", version, timeout=10_000)
        expect(page.locator("#table-messages")).to_have_text("")
        expect(page.locator("[data-connection]")).to_have_text("Connected")
        assert json.loads(from_page[0])["action"] == "hcp", "the page's first message: the count"
        assert len(from_page) >= 2 and from_page[1] == from_page[0], "sent again as it was"
        assert to_server.count(from_page[0]) == 1, "taken once"
        context.close()
