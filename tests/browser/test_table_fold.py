"""At a laptop's 1366 x 768 and a landscape tablet's 1024 x 768, a pupil choosing the
contract still sees their own hand: the choice (ten contracts in three rows) used to push
it below the bottom of the screen (issue 14, decision 0424)."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from games.deals import Deal
from games.robots import robot_for
from games.seats import Seat
from tests.browser.pages import SCREENSHOTS, shoot_both_sizes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: South holds every ace, king and queen and a jack (37 points): South is declarer.
DEAL = "S:AKQJ.AKQ.AKQ.AKQ 5432.5432.432.32 T98.T98.T98.T987 76.J76.J765.J654"
#: South holds seven spades to the ace and 30 points: declarer, and a long side hand to show.
LONG_SUIT_DEAL = "S:AKQJT98.AKQ.A.AK 7654.JT98.KQJ.QJ 32.765.T9876.T98 .432.5432.765432"
#: How much of a card must show for its corner (rank and suit) to be read.
CORNER = 60


@pytest.fixture
def choosing_the_contract() -> tuple:
    from teaching.classes import services as classes
    from teaching.models import User
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.robots import robot_act
    from teaching.tables.services.seating import table_create

    teacher = User.objects.create_user(username="t-kites", email="kites@example.org",
                                       password="a long enough password 7",
                                       role=User.Role.TEACHER)
    kites = classes.classroom_create(owner=teacher, name="Kites", game="minibridge",
                                     options={"lesson": 5})
    (ann,) = classes.pupils_create(classroom=kites, names="Ann", by=teacher)
    table = table_create(classroom_id=kites.pk, name="Table 1", game="minibridge",
                         options={"lesson": 5}, pupils={Seat.SOUTH: ann},
                         deal=Deal.from_pbn(DEAL, dealer=Seat.NORTH))
    for _ in range(12):  # the four announce their points; then South chooses
        game = hand_state(current_hand(table))
        if Seat.SOUTH not in game.to_act():
            robot_act(table_id=table.pk)
        elif "contract" in str(game.view(Seat.SOUTH).phase).lower():
            return ann, table
        else:
            text = robot_for("minibridge").choose(game.view(Seat.SOUTH), random.Random(1))
            hand_act(user=ann.user, table=table, text=text, seat=Seat.SOUTH)
    pytest.fail("South was not asked for the contract")


@pytest.mark.parametrize("width", [1366, 1024])
def test_the_pupils_own_hand_shows_while_they_choose_the_contract(
    browser: Browser, live_server, choosing_the_contract: tuple, width: int
) -> None:
    ann, table = choosing_the_contract
    client = Client()
    client.force_login(ann.user, backend="teaching.accounts.backends.AccountBackend")
    context = browser.new_context(viewport={"width": width, "height": 768})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    page = context.new_page()

    page.goto(f"{live_server.url}/tables/{table.pk}/")

    expect(page.get_by_role("button", name="Game in no trumps")).to_be_visible()
    hand = page.locator(".seat-bottom .hand").bounding_box()
    assert hand is not None and hand["y"] + CORNER <= 768, hand
    if width == 1366:
        shoot_both_sizes(page, "table-choosing-the-contract")


@pytest.fixture
def claim_to_answer() -> tuple:
    """South (Ann, declarer with seven spades) has claimed every trick after West's lead;
    West (Ben) is asked to accept or reject, looking at South's cards."""
    from teaching.classes import services as classes
    from teaching.models import User
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import hand_act
    from teaching.tables.services.robots import robot_act
    from teaching.tables.services.seating import table_create

    teacher = User.objects.create_user(username="t-owls", email="owls@example.org",
                                       password="a long enough password 7",
                                       role=User.Role.TEACHER)
    owls = classes.classroom_create(owner=teacher, name="Owls", game="minibridge",
                                    options={"lesson": 5})
    ann, ben = classes.pupils_create(classroom=owls, names="Ann\nBen", by=teacher)
    table = table_create(classroom_id=owls.pk, name="Table 1", game="minibridge",
                         options={"lesson": 5}, pupils={Seat.SOUTH: ann, Seat.WEST: ben},
                         deal=Deal.from_pbn(LONG_SUIT_DEAL, dealer=Seat.NORTH))
    pupils = {Seat.SOUTH: ann, Seat.WEST: ben}
    for _ in range(20):
        game = hand_state(current_hand(table))
        view = game.view(Seat.SOUTH)
        if "play" in str(view.phase).lower() and len(view.hand_sizes) and sum(
                view.hand_sizes.values()) < 52:
            hand_act(user=ann.user, table=table, text="claim 13", seat=Seat.SOUTH)
            return ben, table
        seat = next((s for s in game.to_act() if s in pupils), None)
        if seat is None:
            robot_act(table_id=table.pk)
        else:
            text = robot_for("minibridge").choose(game.view(seat), random.Random(1))
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
    pytest.fail("the play did not start")


def test_a_defender_answering_a_claim_sees_declarers_hand_within_a_landscape_tablet(
    browser: Browser, live_server, claim_to_answer: tuple
) -> None:
    ben, table = claim_to_answer
    client = Client()
    client.force_login(ben.user, backend="teaching.accounts.backends.AccountBackend")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    page = context.new_page()

    page.goto(f"{live_server.url}/tables/{table.pk}/")

    expect(page.get_by_role("button", name="Accept")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "table-claim-answer-1024.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    south = page.locator(".area-right .hand, .area-left .hand").last.bounding_box()
    assert south is not None and south["x"] + south["width"] <= 1024
