"""The Top Game's review after the hand (issue 29): the pupil's costliest cards against
double-dummy play ("The game continues as ordinary bridge", shared/rules/top-game.txt).

The four hands are dealt, dummy's among them, so once the hand is over every card is
known and each position the pupil chose a card in (his own hand or, as declarer, the
dummy's, wherever it was laid) is solved double dummy as in MiniBridge
(:mod:`games.bridge.review`). The reason for the better card is the first of the
bridge card-play ideas the MiniBridge coach checks that is true of it in the pupil's
own view: the Top Game has no lessons of its own, so no lesson is named
(docs/decisions/0830-the-review-after-the-hand.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bridge import card_ideas
from games.bridge import review as card_review
from games.deals import Deal
from games.protocol import Action, Review, SeatView
from games.seats import Seat
from games.topgame.game import TopGame
from games.topgame.rules import TopGameRules


def review_hand(rules: TopGameRules, deal: Deal, log: Sequence[Action | str],
                seat: Seat | str) -> Review:
    """The review of ``seat``'s cards in the finished hand ``deal`` played as ``log``."""
    seat = seat if isinstance(seat, Seat) else Seat.from_str(seat)
    actions = [a if isinstance(a, Action) else Action.from_str(a) for a in log]
    return Review(seat.value, card_review.review_play(TopGame, rules, deal, actions, seat,
                                                      card_reason))


def card_reason(view: SeatView, card: str) -> tuple[str, int | None, str] | None:
    """The first bridge card-play idea true of ``card`` in ``view``; no lesson: the
    MiniLessons are not the Top Game's."""
    found = card_ideas.reason_for(card_ideas.Seen.from_view(view), card, card_ideas.CARD_IDEAS)
    if found is None:
        return None
    idea, words = found
    return idea.key, None, words
