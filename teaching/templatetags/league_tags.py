"""``{% pupil_leagues pupil %}``: the pupil's leagues and next opponents, a block
any pupil page can include (the pupil's home page does)."""

from __future__ import annotations

from typing import Any

from django import template

from teaching.league.selectors import pupil_leagues as leagues_of
from teaching.models import Pupil

register = template.Library()


@register.inclusion_tag("league/_pupil_leagues.html")
def pupil_leagues(pupil: Pupil) -> dict[str, Any]:
    return {"leagues": leagues_of(pupil)}
