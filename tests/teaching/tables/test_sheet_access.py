"""The scoresheet of every game that keeps one: the pupils at the table and the
class's teachers (whose watch page links it) may read it; anyone else gets 404."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.registry import catalogue
from games.seats import Seat
from teaching.models import Classroom, Pupil, Table
from tests.teaching.table_helpers import seat_table

pytestmark = pytest.mark.django_db

#: The games whose own templates print a sheet (games/<name>/sheet.html).
GAME_TEMPLATES = settings.BASE_DIR / "templates" / "jinja2" / "games"
SHEET_GAMES = [entry.name for entry in catalogue()
               if (GAME_TEMPLATES / entry.name / "sheet.html").exists()]


@pytest.fixture(params=SHEET_GAMES)
def table(request: pytest.FixtureRequest, robins: Classroom, bob: Pupil) -> Table:
    """A table of Alice's class where Bob plays a game that keeps a scoresheet."""
    return seat_table(robins, {Seat.SOUTH: bob}, game=request.param)


def _sheet(client: Client, table: Table):
    return client.get(reverse("table_sheet", args=[table.id]))


def test_every_game_with_a_sheet_is_checked() -> None:
    assert len(SHEET_GAMES) >= 3


def test_the_classs_teacher_reads_the_sheet_and_goes_back_to_watching(
        alice_client: Client, table: Table) -> None:
    response = _sheet(alice_client, table)

    assert response.status_code == 200
    page = response.content.decode()
    assert "Scoresheet" in page
    assert reverse("table_watch", args=[table.id]) in page, "back to the watch page"
    assert "<form" not in page.split('class="table-sheet summary"')[1], "to read only"


def test_the_pupil_at_the_table_reads_the_sheet_and_goes_back_to_the_table(
        bob_client: Client, table: Table) -> None:
    response = _sheet(bob_client, table)

    assert response.status_code == 200
    assert f'href="{reverse("table", args=[table.id])}"' in response.content.decode()


@pytest.mark.parametrize("who", ["dave_client", "eve_client", "carol_client"])
def test_anyone_else_gets_404(request: pytest.FixtureRequest, who: str, table: Table) -> None:
    """Dave (a pupil of another class), Eve (another class's teacher) and Carol (of the
    class, but not at this table) do not learn the table exists."""
    assert _sheet(request.getfixturevalue(who), table).status_code == 404
