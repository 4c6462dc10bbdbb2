"""Fit the Preference expert's chance-of-making curves to exact solutions.

    python bench/preference_calibrate.py [--seconds 600] [--seed 1]

Deals random hands; for each contract where the hand is worth something (a suit
estimate of 4 or more, Sans 3.5, a Bettel risk of 2 or less) it solves whether the
contract is made with every hand known (games/preference/solver.py; the first lead
from a random player), then fits a logistic curve of made-or-not on the robot's
estimate (games/preference/robots.py, ``_SUIT_CURVE``, ``_SANS_CURVE``,
``_BETTEL_CURVE``) and prints the slope, the centre and how well it fits, with the
share made in bands of the estimate.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.cards import PACK_32  # noqa: E402
from games.preference.robots import TRUMPS, bettel_risk, sans_tricks, suit_tricks  # noqa: E402
from games.preference.solver import SUIT_INDEX, SearchTooLong, Solver, bits_of  # noqa: E402

#: Which hands are worth solving for each contract, and the estimate used.
LIMITS = {2: 4.0, 3: 4.0, 4: 4.0, 5: 4.0, 6: 2.0, 7: 3.5}


def estimate(hand: list, value: int) -> float:
    if value == 6:
        return bettel_risk(hand)
    if value == 7:
        return sans_tricks(hand)
    return suit_tricks(hand, TRUMPS[value])


def made(hands: list[int], leader: int, value: int) -> bool | None:
    trumps = SUIT_INDEX[TRUMPS[value]] if value <= 5 else None
    solver = Solver(trumps, 0, 3, bettel=value == 6, budget=200_000)
    try:
        if value == 6:
            return solver.value(hands, leader, (), 0, 1) < 1
        return solver.value(hands, leader, (), 5, 6) >= 6
    except SearchTooLong:
        return None


def fit(points: list[tuple[float, bool]], falling: bool) -> tuple[float, float, float]:
    """Slope, centre and mean log-likelihood of P(made) = 1 / (1 + exp(-s (x - c)))
    (the sign turned round for the Bettel risk, where more is worse)."""
    sign = -1.0 if falling else 1.0
    slope, centre = 1.0, sorted(x for x, _ in points)[len(points) // 2]
    for _ in range(20_000):
        grad_s = grad_c = 0.0
        for x, y in points:
            p = 1 / (1 + math.exp(-sign * slope * (x - centre)))
            grad_s += (p - y) * sign * (x - centre)
            grad_c += (p - y) * -sign * slope
        slope -= 0.3 * grad_s / len(points)
        centre -= 0.3 * grad_c / len(points)
    likelihood = 0.0
    for x, y in points:
        p = 1 / (1 + math.exp(-sign * slope * (x - centre)))
        likelihood += math.log(p if y else 1 - p + 1e-12)
    return slope, centre, likelihood / len(points)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    points: dict[int, list[tuple[float, bool]]] = {v: [] for v in LIMITS}
    deals, started = 0, time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        pack = list(PACK_32)
        rng.shuffle(pack)
        cards = [pack[0:10], pack[10:20], pack[20:30]]
        hands, leader = [bits_of(h) for h in cards], rng.randrange(3)
        deals += 1
        for value, limit in LIMITS.items():
            worth = estimate(cards[0], value)
            if (worth > limit) if value == 6 else (worth < limit):
                continue
            outcome = made(hands, leader, value)
            if outcome is not None:
                points[value].append((worth, outcome))
    print(f"{deals} deals in {time.perf_counter() - started:.0f} s")
    for value, found in points.items():
        if len(found) < 10:
            print(f"contract {value}: too few hands ({len(found)})")
            continue
        slope, centre, likelihood = fit(found, falling=value == 6)
        print(f"contract {value}: {len(found)} hands, slope {slope:.2f}, centre {centre:.2f}, "
              f"log-likelihood {likelihood:.3f} a hand")
        low = math.floor(min(x for x, _ in found) * 2) / 2
        while low <= max(x for x, _ in found):
            band = [y for x, y in found if low <= x < low + 0.5]
            if len(band) >= 5:
                print(f"  estimate {low:.1f}-{low + 0.5:.1f}: {len(band):3d} hands, made "
                      f"{sum(band) / len(band):.2f}")
            low += 0.5
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
