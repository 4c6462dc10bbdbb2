"""``{{ play|result_in_words }}``: a duplicate result (a BoardPlay: its ``contract`` and
its ``session``) in its game's own words (teaching.classes.result_words, decision 0430)."""

from __future__ import annotations

from typing import Any

from django import template

from teaching.classes.result_words import result_words

register = template.Library()


@register.filter
def result_in_words(play: Any) -> str:
    session = getattr(play, "session", None)
    if session is None:
        return getattr(play, "contract", "") or ""
    return result_words(session.game, session.options, play.contract or "")
