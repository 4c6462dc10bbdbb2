"""load_demo's tables: a MiniBridge table with two demo pupils and a Spades table with one,
robots in the other seats, kept as they are on a second run."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from teaching.models import Pupil

pytestmark = pytest.mark.django_db


def _load() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_it_deals_demo_tables_with_demo_pupils_and_robots_ready_to_play() -> None:
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand

    out = _load()

    tables = {t.name: t for t in Table.objects.filter(classroom__code="DEMX42", closed=False)}
    assert set(tables) == {"Demo table", "Demo Spades"}
    minibridge = tables["Demo table"]
    seated = {s.seat: s.pupil.name for s in minibridge.seats.all() if s.pupil}
    assert seated == {"S": "Ada", "N": "Ben"}
    assert minibridge.options == {"lesson": 5}
    assert current_hand(minibridge) is not None
    assert f"/tables/{minibridge.pk}/" in out and "Ada (South)" in out
    spades = tables["Demo Spades"]
    assert (spades.game, [s.pupil.name for s in spades.seats.all() if s.pupil]) == (
        "spades2", ["Cleo"])


def test_running_it_again_prints_the_same_links_and_keeps_the_same_tables() -> None:
    from teaching.models import Table

    first_out = _load()
    first = set(Table.objects.filter(classroom__code="DEMX42").values_list("pk", flat=True))

    second_out = _load()

    assert second_out == first_out
    assert set(Table.objects.filter(classroom__code="DEMX42", closed=False)
               .values_list("pk", flat=True)) == first
    assert Table.objects.filter(classroom__code="DEMX42").count() == 2


def test_a_demo_table_changed_since_is_closed_and_dealt_again() -> None:
    from teaching.models import Table

    _load()
    old = Table.objects.get(name="Demo table", closed=False)
    old.seats.filter(seat="N").update(pupil=None)  # the teacher seated a robot for Ben

    out = _load()

    new = Table.objects.get(name="Demo table", closed=False)
    assert new.pk != old.pk and f"/tables/{new.pk}/" in out
    old.refresh_from_db()
    assert old.closed
    assert {s.seat: s.pupil.name for s in new.seats.all() if s.pupil} == {"S": "Ada", "N": "Ben"}


def test_a_demo_pupil_opens_the_demo_table(visitor: Client) -> None:
    from teaching.models import Table

    _load()
    ada = Pupil.objects.get(name="Ada", archived=False)
    visitor.post(f"/join/DEMX42/{ada.pk}/", {"secret": "otter42"})
    table = Table.objects.get(name="Demo table", closed=False)

    response = visitor.get(f"/tables/{table.pk}/")

    assert response.status_code == 200
    assert b"Demo table" in response.content
