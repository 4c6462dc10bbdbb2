"""A closed table: where its pages go (docs/decisions/0400-a-closed-table-refuses-every-action.md).

A table closes when the teacher seats the class again, a duplicate round ends, a league
match is decided or a pupil opens another practice table. It then refuses every action
(teaching.tables.services), and a page still open on it goes where its pupil plays now.
"""

from __future__ import annotations

from typing import NamedTuple

from django.urls import reverse

from teaching.classes.selectors import pupil_current_table
from teaching.models import Pupil, Table, User


class GoOn(NamedTuple):
    """Where a closed table's pupil goes on: the page's address and its name in words."""

    address: str
    name: str
    is_table: bool


def where_after_closing(user: User, closed: Table) -> GoOn:
    """Where the page of ``closed`` takes its pupil: their open table in the class, the
    newest (the one the teacher has just seated them at), else their own page, which shows
    what there is to do."""
    pupil = Pupil.objects.filter(user_id=user.pk).select_related("classroom").first()
    table = pupil_current_table(pupil) if pupil is not None else None
    if table is not None and table.pk != closed.pk:
        # Seating a class again names its new tables as before: "You play at Table 1 now",
        # read on Table 1's page, would say to stay where they are.
        name = f"the new {table.name}" if table.name == closed.name else table.name
        return GoOn(reverse("table", args=[table.pk]), name, True)
    return GoOn(reverse("pupil_home"), "your page", False)
