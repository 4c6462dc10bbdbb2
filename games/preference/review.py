"""Preference's review after the hand (issue 29): the pupil's costliest decisions against
the expert robot's, in the game's own points (:mod:`games.review`;
docs/decisions/0830-the-review-after-the-hand.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.deals import Deal
from games.protocol import Action, Review
from games.review import review_against_expert
from games.seats import Seat


def review_hand(rules: Any, deal: Deal, log: Sequence[Action | str], seat: Seat | str) -> Review:
    """The review of ``seat``'s decisions in the finished hand ``deal``, ``log``."""
    from games.preference import ENTRY  # the package's entry names this module: loaded after it

    return review_against_expert(ENTRY, rules, deal, log, seat)
