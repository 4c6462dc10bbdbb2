"""The card play's review after a bridge-family hand (issue 29): each of the pupil's
cards against double-dummy play, the tricks it lost for his side.

MiniBridge and the Top Game play their cards alike (:mod:`games.bridge.play`), so
both review them here: replay the hand's log, and before each card the pupil chose
(his own or, as declarer, dummy's: Law 8, "Declarer plays both his hand and that of
dummy") solve the position double dummy, every hand open, as it is once the hand is
over. The card's cost is the tricks his side takes after the best card less those
after his. The better card is the best one, with the reason a game gives for it from
the pupil's own view at that moment (a hint cannot use a card he could not see, and
neither can the review's "why"). docs/decisions/0830-the-review-after-the-hand.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.bridge.play import BridgeHand
from games.bridge.robots import cardtext, solver
from games.cards import card_words
from games.deals import Deal
from games.protocol import TRICKS, Action, CostlyChoice, SeatView, costliest
from games.seats import Seat

#: A game's reason for a card in the pupil's view: ``(idea, lesson, words)`` or ``None``.
Reason = Callable[[SeatView, str], "tuple[str, int | None, str] | None"]


@dataclass(frozen=True)
class CardChoice:
    """One card the pupil chose, with the position it was chosen in."""

    #: The index of the pupil's action in the log.
    step: int
    #: The card, e.g. ``"H3"``.
    card: str
    #: The pupil's own view before the card (what he saw when he chose it).
    view: SeatView
    #: Every position's cards before the card, by seat letter (all open: after the hand).
    hands: dict[str, tuple[str, ...]]
    leader: str
    trick: tuple[tuple[str, str], ...]
    #: The trump suit's letter, ``None`` at no-trumps.
    trumps: str | None


def card_choices(game: BridgeHand, log: Sequence[Action], seat: Seat) -> list[CardChoice]:
    """Replay ``log`` on ``game`` (a fresh hand) and keep each card ``seat`` chose where he
    had more than one legal card (an only card is no choice)."""
    choices: list[CardChoice] = []
    for step, action in enumerate(log):
        play = game.play
        if (action.seat == seat and action.text.startswith("play ") and play is not None
                and game.phase == "play"):
            view = game.view(seat)
            if len(view.card_actions) > 1 and _in_rotation(game, action.text[5:]):
                trumps = play.rules.trumps
                choices.append(CardChoice(
                    step, action.text[5:], view,
                    {s.value: tuple(str(c) for c in cards) for s, cards in play.hands.items()},
                    play.current.leader.value,
                    tuple((s.value, str(c)) for s, c in play.current.cards),
                    None if trumps is None else trumps.value))
        game.apply(action.seat, action.text)
    return choices


def _in_rotation(game: BridgeHand, card: str) -> bool:
    """Whether the card is the one the play waits for, in a trick played in rotation: a
    card out of rotation, or after one (MiniBridge at a real table, Laws 19-23), is put
    right by the Laws, not weighed against double dummy."""
    play = game.play
    assert play is not None
    position = play.to_play
    trick = play.current
    return (position is not None and not trick.out_of_rotation
            and card in {str(c) for c in play.hands[position]}
            and [s for s, _ in trick.cards] == _order_from(play.players, trick.leader,
                                                          len(trick.cards)))


def _order_from(players: Sequence[Seat], leader: Seat, count: int) -> list[Seat]:
    first = players.index(leader)
    return [players[(first + k) % len(players)] for k in range(count)]


def review_cards(choices: Sequence[CardChoice], reason: Reason) -> tuple[CostlyChoice, ...]:
    """The costliest of ``choices`` against double-dummy play (at most three, costliest
    first, the earlier on a tie), each with its better card and why. The positions are
    solved in one batch: DDS shares the work among its threads."""
    deals = [solver.to_endplay(c.hands, c.leader, c.trumps, c.trick) for c in choices]
    costly = []
    for choice, tricks in zip(choices, solver.solve_cards(deals), strict=True):
        best = max(tricks.values())
        lost = best - tricks.get(choice.card, best)
        if lost > 0:
            costly.append((choice, lost, [card for card, n in tricks.items() if n == best]))
    found = []
    for choice, lost, best_cards in costly:
        better, why = better_card(choice.view, best_cards, reason)
        idea, lesson, words = why if why is not None else (None, None, _plain(better, lost))
        found.append(CostlyChoice(choice.step, f"play {choice.card}", f"play {better}",
                                  float(lost), TRICKS, words, idea, lesson))
    return costliest(found)


def better_card(view: SeatView, best: Sequence[str], reason: Reason
                ) -> tuple[str, tuple[str, int | None, str] | None]:
    """The card to name among the double-dummy ``best``: the lowest of those the game
    has a reason for in the pupil's view, else the lowest (the lowest of equals, as
    the coach chooses a card)."""
    reasons = {card: reason(view, card) for card in best}
    with_reason = [card for card in best if reasons[card] is not None]
    card = min(with_reason or best, key=cardtext.rank)
    return card, reasons[card]


def _plain(card: str, lost: int) -> str:
    """The plain reason, when no idea of the game is true of the better card."""
    trick_words = "a trick" if lost == 1 else f"{lost} tricks"
    return (f"With every hand open, {card_words(card)} keeps {trick_words} more for your "
            f"side than the card you played.")


def review_play(game_class: type[BridgeHand], rules: Any, deal: Deal, log: Sequence[Action],
                seat: Seat, reason: Reason) -> tuple[CostlyChoice, ...]:
    """The card play's part of ``seat``'s review of the hand ``deal``, ``log``."""
    return review_cards(card_choices(game_class(rules, deal), log, seat), reason)
