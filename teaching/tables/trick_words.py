"""A played trick as a pupil (or their teacher) reads it: "North Q♥, East 3♥, South A♥,
West 2♥", won by "South", never the codes the game's view carries ("N", "HQ").

For the teacher's trick log on the watch page and any page that lists tricks: a trick is
the view's mapping, ``{"leader": "N", "cards": [{"seat": "N", "card": "HQ"}], "winner":
"S"}`` (games.protocol.SeatView.tricks). Registered as the filters ``trick_line`` and
``trick_winner`` (teaching.templatetags.table_tags), for Django and Jinja pages alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards import card_short
from games.seats import Seat


def _seat(code: object) -> str:
    try:
        return Seat.from_str(str(code)).word
    except ValueError:  # a place the game names its own way: shown as it is
        return str(code)


def trick_line(trick: Mapping[str, Any] | None) -> str:
    """The trick's cards from the leader, each with its seat: "North Q♥, East 3♥"."""
    cards = (trick or {}).get("cards") or ()
    return ", ".join(f"{_seat(c.get('seat', ''))} {card_short(c.get('card', ''))}" for c in cards)


def trick_winner(trick: Mapping[str, Any] | None) -> str:
    """The seat that won the trick in words ("South"); "" while nobody has."""
    winner = (trick or {}).get("winner")
    return _seat(winner) if winner else ""
