"""A pupil's own page in a real Chromium: during a face-to-face duplicate it sends them to
the session's page, not to their practice table; a pupil whose session ran out comes back
through the pupils' login to the table they were at (decision 0423). Screenshots at tablet
(768 x 1024) and laptop (1366 x 768) sizes go to screenshots/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from games.seats import Seat
from tests.browser.pages import logged_in_page, shoot_both_sizes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def kites() -> dict:
    from teaching.classes import services as classes
    from teaching.models import User

    teacher = User.objects.create_user(username="t-kites", email="kites@example.org",
                                       password="a long enough password 7",
                                       role=User.Role.TEACHER)
    classroom = classes.classroom_create(owner=teacher, name="Kites", game="minibridge",
                                         options={"lesson": 5})
    pupils = classes.pupils_create(classroom=classroom, by=teacher,
                                   names="Ann\nBen\nCara\nDan\nEve\nFin\nGil\nHal")
    return {"teacher": teacher, "classroom": classroom,
            "pupils": {p.name: p for p in pupils}}


def test_during_a_face_to_face_session_the_pupils_page_says_where_to_sit(
    browser: Browser, live_server, kites: dict
) -> None:
    from teaching.duplicate import services as dup
    from teaching.tables.services.seating import practice_table_open

    ann = kites["pupils"]["Ann"]
    practice_table_open(pupil=ann)
    names = list(kites["pupils"].values())
    session = dup.session_create(classroom=kites["classroom"], by=kites["teacher"],
                                 plan=dup.SessionPlan(
                                     title="Friday with cards", game="minibridge",
                                     options={"lesson": 5}, mode="face", method="matchpoints",
                                     pairs=[names[i:i + 2] for i in range(0, 8, 2)],
                                     boards_per_round=2, boards="seeded", seed="kites"))
    dup.round_start(session=session, by=kites["teacher"])
    page = logged_in_page(browser, live_server, ann.user)

    page.goto(live_server.url + "/me/")

    table = page.locator("#current-table")
    expect(table).to_contain_text("Your class is playing Friday with cards with real cards.")
    expect(table).not_to_contain_text("seated you")
    shoot_both_sizes(page, "pupil-home-face-to-face")
    table.get_by_role("link", name="Where do I sit?").click()
    expect(page).to_have_url(re.compile(rf"/duplicate/{session.pk}/me/$"))


def test_a_pupil_whose_session_ran_out_logs_in_again_and_is_back_at_their_table(
    browser: Browser, live_server, kites: dict
) -> None:
    from django.contrib.sessions.models import Session

    from teaching.tables.services.seating import table_create

    ann = kites["pupils"]["Ann"]
    table = table_create(classroom_id=kites["classroom"].pk, name="Table 1",
                         game="minibridge", options={"lesson": 5}, pupils={Seat.SOUTH: ann})
    page = logged_in_page(browser, live_server, ann.user)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    Session.objects.all().delete()  # the session ran out and the nightly tidy removed it

    page.reload()

    expect(page.get_by_role("heading", name="Hello! What is your class code?")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text(
        "Log in and you go straight back to the page you were on.")
    shoot_both_sizes(page, "pupil-session-ended")
    page.get_by_label("Class code").fill(kites["classroom"].code)
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name="Ann").click()
    page.get_by_label("Your secret word").fill(ann.secret)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(rf"/tables/{table.pk}/$"))
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
