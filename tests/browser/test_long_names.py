"""Long names and emoji in a real Chromium: a class, a teacher and pupils with
500-character names (one word, the worst case: nothing to wrap at) never make a page wider
than a school tablet upright (768 px) or a laptop (1366 px); our own icons are drawn, and
the site has an icon of its own (decision 0420).

The names are written straight into the database, as data from before the forms' limits
or from the admin would be: the pages must hold whatever is stored."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from games.seats import Seat
from tests.browser.pages import logged_in_page, shoot_both_sizes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Annabelle" * 55 + "Z"  # 496 letters without a space
FOX = "Zoë 🦊"


@pytest.fixture
def long_class() -> dict[str, object]:
    from teaching.classes import services as classes
    from teaching.models import Classroom, Pupil, Table, User
    from teaching.tables.services.seating import table_create

    teacher = User.objects.create_user(username="t-long", email="long@example.org",
                                       password="a long enough password 7",
                                       role=User.Role.TEACHER)
    User.objects.filter(pk=teacher.pk).update(display_name="T" + LONG)
    classroom = classes.classroom_create(owner=teacher, name="Long class", game="minibridge",
                                         options={"lesson": 3})
    Classroom.objects.filter(pk=classroom.pk).update(name="C" + LONG)
    long_pupil, fox, ben = classes.pupils_create(classroom=classroom,
                                                 names=f"Long\n{FOX}\nBen", by=teacher)
    Pupil.objects.filter(pk=long_pupil.pk).update(name="P" + LONG)
    table = table_create(classroom_id=classroom.pk, name="Table 1", game="minibridge",
                         options={"lesson": 3},
                         pupils={Seat.SOUTH: long_pupil, Seat.WEST: fox, Seat.NORTH: ben})
    Table.objects.filter(pk=table.pk).update(name="T" + LONG[:39])
    return {"teacher": User.objects.get(pk=teacher.pk), "classroom": classroom,
            "pupil": Pupil.objects.get(pk=long_pupil.pk), "table": table}


def _fits(page: Page, url: str, name: str) -> None:
    response = page.goto(url)
    assert response is not None and response.ok, url
    shoot_both_sizes(page, f"long-names-{name}")  # asserts scrollWidth <= each width


def test_a_teachers_pages_with_500_character_names_fit_a_tablet_and_a_laptop(
    browser: Browser, live_server, long_class: dict
) -> None:
    classroom, table = long_class["classroom"], long_class["table"]
    teacher = logged_in_page(browser, live_server, long_class["teacher"], size=(768, 1024))
    for url, name in [("/dashboard/", "dashboard"),
                      (f"/classes/{classroom.pk}/", "class"),
                      (f"/classes/{classroom.pk}/seating/", "seating"),
                      (f"/classes/{classroom.pk}/wall/", "wall"),
                      (f"/classes/{classroom.pk}/cards/", "cards"),
                      (f"/tables/{table.pk}/watch/", "watch")]:
        _fits(teacher, live_server.url + url, name)


def test_a_pupils_pages_with_500_character_names_fit_a_tablet_and_a_laptop(
    browser: Browser, live_server, long_class: dict
) -> None:
    classroom, table = long_class["classroom"], long_class["table"]
    visitor = browser.new_context(viewport={"width": 768, "height": 1024}).new_page()
    _fits(visitor, f"{live_server.url}/join/{classroom.code}/", "join-names")
    _fits(visitor, f"{live_server.url}/join/{classroom.code}/{long_class['pupil'].pk}/",
          "join-secret")

    pupil = logged_in_page(browser, live_server, long_class["pupil"].user, size=(768, 1024))
    _fits(pupil, live_server.url + "/me/", "pupil-home")
    _fits(pupil, f"{live_server.url}/tables/{table.pk}/", "table")


def test_an_emoji_in_a_name_is_shown_as_typed(browser: Browser, live_server,
                                              long_class: dict) -> None:
    classroom = long_class["classroom"]
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/join/{classroom.code}/")

    expect(page.get_by_role("link", name=FOX)).to_be_visible()
    family = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Noto Color Emoji" in family  # used wherever the computer has it


def test_the_site_has_its_own_icon(browser: Browser, live_server) -> None:
    page = browser.new_context().new_page()
    page.goto(live_server.url + "/")

    icons = page.locator("link[rel=icon]").evaluate_all("els => els.map(e => e.href)")
    assert icons and all(page.request.get(href).ok for href in icons)
    favicon = page.request.get(live_server.url + "/favicon.ico")
    assert favicon.ok and favicon.headers["content-type"] in ("image/x-icon",
                                                             "image/vnd.microsoft.icon")
