"""The review after the hand against the expert robot (issue 29), for the games whose
play is not bridge's (Preference, Piquet, two-handed Spades): "points against the
solver or the expert".

At each decision of the pupil's where he had a choice, the game's strongest robot is
asked from the pupil's own view what it would do. Where it differs, both choices are
played out to the end of the hand from that very position, every seat played by that
robot (each robot still sees only its own seat's view; once the hand is over the
review may read everything, so the real deal is used, not a guess at it), a few times
with the same seeds for both, and the difference of the pupil's margin in the game's
own score (his score less the mean of the others') is the choice's cost. The three
costliest are named. The work is a fixed number of play-outs, never a clock, so a
review is the same on any machine (docs/decisions/0830-the-review-after-the-hand.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.cards import card_words
from games.deals import Deal
from games.protocol import POINTS, Action, CostlyChoice, Game, Review, costliest
from games.seats import Seat
from games.words import number_words

#: Play-outs of each of the two choices, with the same seeds for both.
PLAYOUTS = 2
#: The work of a review's play-outs, counted in the actions they play (each one a
#: robot's choice): the differing choices are played out in turn, first those that are
#: not a card played (a bid, a contract, a discard: few, and they weigh most), the
#: earliest first, then the cards, the latest first (cheapest to play out); one whose
#: play-outs would pass the budget is left out. A count, never a clock: the same
#: review on any machine, however busy.
BUDGET = 240
#: A play-out longer than this is a game that does not end: a bug, stopped loudly.
MOST_ACTIONS = 1000

#: A game's words for an action: ``"play SA"`` -> "the ace of spades".
Words = Callable[[str], str]


def review_against_expert(entry: Any, rules: Any, deal: Deal, log: Sequence[Action | str],
                          seat: Seat | str, words: Words | None = None, *,
                          playouts: int = PLAYOUTS, budget: int = BUDGET) -> Review:
    """The review of ``seat``'s decisions in the finished hand ``deal``, ``log`` of the
    game of registry ``entry`` (its strongest robot is the expert)."""
    seat = seat if isinstance(seat, Seat) else Seat.from_str(seat)
    words = words or action_words
    actions = [a if isinstance(a, Action) else Action.from_str(a) for a in log]
    expert = entry.robot(entry.robots.levels[-1])
    game: Game = entry.game_class(rules, deal)
    differing: list[tuple[int, Game, str, str]] = []
    for step, action in enumerate(actions):
        if action.seat == seat and len(game.legal_actions(seat)) > 1:
            other = _expert_text(game, seat, expert, step)
            if other is not None and other != action.text:
                differing.append((step, game.copy(), action.text, other))
        game.apply(action.seat, action.text)
    found = []
    differing.sort(key=lambda d: (1, -d[0]) if d[2].startswith("play ") else (0, d[0]))
    for step, before, chosen, better in differing:
        work = 2 * playouts * (len(actions) - step)  # about: a play-out may run differently
        if work > budget:
            continue
        budget -= work
        seeds = [step * 100 + n for n in range(playouts)]
        kept = sum(_margin(before, seat, better, expert, s) for s in seeds) / playouts
        lost = kept - sum(_margin(before, seat, chosen, expert, s) for s in seeds) / playouts
        if lost > 0:
            found.append(CostlyChoice(step, chosen, better, round(lost, 1), POINTS,
                                      _reason(words, chosen, better, lost, playouts)))
    return Review(seat.value, costliest(found))


def action_words(text: str) -> str:
    """An action in words: a card played by its name ("the ace of spades"), any other
    action as the pupil typed it, quoted ("'bid 6'")."""
    verb, _, rest = text.partition(" ")
    if verb == "play" and card_words(rest) != rest:
        return card_words(rest)
    return f"'{text}'"


def _expert_text(game: Game, seat: Seat, expert: Any, step: int) -> str | None:
    """The expert's choice from ``seat``'s view, as the log would write it."""
    trial = game.copy()
    try:
        return trial.apply(seat, expert.choose(game.view(seat), random.Random(step))).text
    except ValueError:
        return None  # a robot that cannot choose here gives no verdict


def _margin(before: Game, seat: Seat, action: str, expert: Any, seed: int) -> float:
    """``seat``'s score less the mean of the others' once the hand is played out from
    ``before`` with ``action``, the expert at every seat."""
    game = before.copy()
    game.apply(seat, action)
    rng = random.Random(seed)
    for _ in range(MOST_ACTIONS):
        if game.is_over():
            break
        who = game.to_act()[0]
        game.apply(who, expert.choose(game.view(who), rng))
    else:
        raise RuntimeError(f"a play-out of {game.name} did not end")
    scores = game.hand_result().scores
    own = float(scores.get(seat.value, 0))
    others = [float(points) for key, points in scores.items() if key != seat.value]
    return own - (sum(others) / len(others) if others else 0.0)


def _reason(words: Words, chosen: str, better: str, lost: float, playouts: int) -> str:
    points = f"{lost:g} point" + ("" if lost == 1 else "s")
    times = {1: "once", 2: "twice"}.get(playouts, f"{number_words(playouts)} times")
    return (f"The expert would have chosen {words(better)}, not {words(chosen)}: with the "
            f"rest of the hand played out {times} each way, the expert at every seat, "
            f"that kept {points} more for you.")
