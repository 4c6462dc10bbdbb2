"""How many tricks a declarer and his dummy will take, and the deals a robot imagines.

The robots' judgement before the play, kept apart from their choices so that
each piece can be tried on a hand-made example:

* :func:`tricks`: the tricks declarer and dummy take in each strain, estimated
  from the two hands by a linear model fitted to double-dummy results (DDS, on
  random deals: ``python bench/topgame.py --calibrate``). The model's spread is
  what makes a contract a gamble: :func:`made_chance` and
  :func:`expected_points` read it as a normal spread round the estimate.
* :func:`sample_dummy`: a dummy hand that agrees with the informer's
  description ("dummy's longest suit and how long it is. In case of a tie this
  information is given only for the highest ranking suit ... how many tops").
* :func:`sample_hand`: a hidden hand with at most so many tops (a declarer who
  raised to his tops as he must).

Cards are the view's texts ("SA").
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence

from games.topgame import scoring

SUITS = "SHDC"
#: Ranks from the highest suit down: "In case of a tie ... the highest ranking suit".
SUIT_RANK = {"S": 3, "H": 2, "D": 1, "C": 0}
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
_TOP = frozenset("AKQ")
STRAINS = ("C", "D", "H", "S", "NT")

# The model (bench/topgame.py --calibrate: least squares over the 2000 declarer-dummy
# pairs of 500 random deals, double-dummy tricks with the opening lead from declarer's
# left; a suit fitted where the pair holds seven trumps or more; another 500 deals, the
# bench's own seed, give the same within the noise: docs/benchmarks.md):
#   no-trumps: NT0 + NT_HCP * points + NT_LONG * (longest suit's length beyond 7)
#   a suit:    SUIT0 + SUIT_HCP * points + SUIT_FIT * (trumps beyond 8)
#              + SUIT_SHORT * (the short trump hand's shortness, 3 less its shortest suit)
NT0, NT_HCP, NT_LONG = -3.60, 0.493, -0.19
SUIT0, SUIT_HCP, SUIT_FIT, SUIT_SHORT = 0.24, 0.378, 0.895, 0.185
#: The spread (standard deviation) of double-dummy tricks round the estimate.
NT_SPREAD, SUIT_SPREAD = 1.29, 1.09


def spread(strain: str) -> float:
    return NT_SPREAD if strain == "NT" else SUIT_SPREAD


def card_hcp(cards: Iterable[str]) -> int:
    return sum(_HCP.get(c[1], 0) for c in cards)


def card_tops(cards: Iterable[str]) -> int:
    """"tophonours i.e. A,K,Q"."""
    return sum(1 for c in cards if c[1] in _TOP)


def lengths(cards: Iterable[str]) -> dict[str, int]:
    counts = dict.fromkeys(SUITS, 0)
    for card in cards:
        counts[card[0]] += 1
    return counts


def tricks(declarer: Sequence[str], dummy: Sequence[str]) -> dict[str, float]:
    """The estimated tricks of declarer and dummy together in each strain."""
    points = card_hcp(declarer) + card_hcp(dummy)
    mine, his = lengths(declarer), lengths(dummy)
    together = {s: mine[s] + his[s] for s in SUITS}
    estimate = {"NT": NT0 + NT_HCP * points + NT_LONG * max(0, max(together.values()) - 7)}
    for suit in SUITS:
        short_hand = his if his[suit] <= mine[suit] else mine
        shortness = max(0, 3 - min(n for s, n in short_hand.items() if s != suit))
        estimate[suit] = (SUIT0 + SUIT_HCP * points + SUIT_FIT * (together[suit] - 8)
                          + SUIT_SHORT * shortness)
    return {strain: min(13.0, max(0.0, value)) for strain, value in estimate.items()}


def _chances(mean: float, width: float) -> list[float]:
    """The chance of each number of tricks, 0 to 13, round ``mean``."""
    def below(x: float) -> float:
        return 0.5 * (1 + math.erf((x - mean) / (width * math.sqrt(2))))
    edges = [below(k + 0.5) for k in range(13)]
    chances = [edges[0]] + [edges[k] - edges[k - 1] for k in range(1, 13)] + [1 - edges[12]]
    return chances


def made_chance(needed: int, mean: float, strain: str) -> float:
    """The chance that declarer takes ``needed`` tricks or more in ``strain``."""
    if needed > 13:
        return 0.0
    return sum(_chances(mean, spread(strain))[needed:])


def expected_points(needed: int, mean: float, strain: str) -> float:
    """What each opponent pays declarer on average in ``strain`` (undoubled;
    negative: receives)."""
    return sum(p * scoring.contract_points(needed, taken)
               for taken, p in enumerate(_chances(mean, spread(strain))))


def matches(cards: Sequence[str], suit: str, length: int, top: int) -> bool:
    """Whether a hand fits a description: ``suit`` is its longest with ``length``
    cards, no higher suit as long, and it holds ``top`` tops."""
    counts = lengths(cards)
    if counts[suit] != length or card_tops(cards) != top:
        return False
    return all(n < length if SUIT_RANK[s] > SUIT_RANK[suit] else n <= length
               for s, n in counts.items() if s != suit)


def sample_dummy(unseen: Sequence[str], description: Mapping[str, object] | None,
                 rng: random.Random, tries: int = 300) -> list[str]:
    """Thirteen of ``unseen`` for dummy, agreeing with ``description`` (``{"suit",
    "length", "tops"}``) when one is known and can be met in ``tries`` attempts."""
    if description is None:
        return rng.sample(list(unseen), 13)
    suit, length, top = (str(description["suit"]), int(description["length"]),  # type: ignore[call-overload]
                         int(description["tops"]))  # type: ignore[call-overload]
    in_suit = [c for c in unseen if c[0] == suit]
    others = [c for c in unseen if c[0] != suit]
    if len(in_suit) >= length and len(others) >= 13 - length:
        for _ in range(tries):
            hand = rng.sample(in_suit, length) + rng.sample(others, 13 - length)
            if matches(hand, suit, length, top):
                return hand
    return rng.sample(list(unseen), 13)


def sample_hand(cards: Sequence[str], size: int, rng: random.Random,
                most_tops: int | None = None, tries: int = 30) -> list[str]:
    """``size`` of ``cards`` at random, with at most ``most_tops`` tops if that can
    be met in ``tries`` attempts."""
    pool = list(cards)
    hand = rng.sample(pool, size)
    for _ in range(tries):
        if most_tops is None or card_tops(hand) <= most_tops:
            return hand
        hand = rng.sample(pool, size)
    return hand
