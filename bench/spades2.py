"""Benchmark and calibration of two-handed Spades: engine speed, robot speed, robot quality.

Run from the repository root: ``python bench/spades2.py [--hands N]``. Prints

* engine: random hands per second (both deal methods) and the replay of a
  whole action log (what a cold cache costs the site);
* robot: milliseconds per robot-against-robot hand;
* quality: how often the robots make their bids and by how much, robot
  against random play, the selection robot's hands against taking every
  first card, and how often nil succeeds on the weakest hands;
* calibration: the least-squares fit of tricks taken on the robot's count
  (slope, intercept, spread, leader's cost) that the constants in
  games/spades2/robots.py come from.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.cards import Card, Suit  # noqa: E402
from games.seats import Seat  # noqa: E402
from games.spades2 import (  # noqa: E402
    PLAYERS,
    Spades2,
    Spades2Rules,
    deal_hand,
    opponent,
)
from games.spades2.robots import estimate_tricks, make_robot  # noqa: E402

ROBOT = make_robot("beginner")
METHODS = ("automatic", "selection")


def play(rules: Spades2Rules, seed: int, players: dict[Seat, str],
         forced_bid: dict[Seat, str] | None = None) -> Spades2:
    """One hand; each seat is "robot", "random" or "first" (select: always
    take; otherwise random). ``forced_bid`` overrides a seat's bid."""
    rng = random.Random(seed)
    game = Spades2(rules, deal_hand(rules, rng, board=seed % 2 + 1))
    while not game.is_over():
        seat = game.to_act()[0]
        if forced_bid and seat in forced_bid and game.phase == "bid":
            game.apply(seat, forced_bid[seat])
            continue
        kind = players[seat]
        if kind == "robot":
            text = ROBOT.choose(game.view(seat), rng)
        elif kind in ("first", "duck") and game.phase == "select":
            text = "take"
        elif kind == "duck" and game.phase == "play":
            text = _duck(game, seat)
        else:
            text = rng.choice(game.legal_actions(seat))
        game.apply(seat, text)
    return game


def engine_speed(hands: int) -> None:
    print("## engine")
    for method in METHODS:
        rules = Spades2Rules(deal_method=method, nil=True)
        start = time.perf_counter()
        games = [play(rules, seed, {N: "random", S: "random"}) for seed in range(hands)]
        per_second = hands / (time.perf_counter() - start)
        logs = [(g.deal, list(g.log)) for g in games[:200]]
        replays = []
        for deal, log in logs:
            start = time.perf_counter()
            Spades2.replay(rules, deal, log)
            replays.append((time.perf_counter() - start) * 1000)
        print(f"{method}: {per_second:.0f} random hands/s (legal_actions + apply); "
              f"replay of a whole log ({len(logs[0][1])} actions) median "
              f"{statistics.median(replays):.2f} ms")


def robot_quality(hands: int) -> None:
    print("## robot against robot")
    for method in METHODS:
        rules = Spades2Rules(deal_method=method)
        count = hands if method == "automatic" else hands // 3
        start = time.perf_counter()
        results = [play(rules, seed, {N: "robot", S: "robot"}).result() for seed in range(count)]
        ms = (time.perf_counter() - start) * 1000 / count
        made = [r["made"][s] for r in results for s in ("N", "S")]
        over = [r["tricks_won"][s] - r["bids"][s] for r in results for s in ("N", "S")]
        points = [r["scores"][s] for r in results for s in ("N", "S")]
        print(f"{method}: {count} hands, {ms:.1f} ms a hand; "
              f"bids made {100 * sum(made) / len(made):.1f}%, "
              f"tricks over the bid {statistics.mean(over):+.2f} "
              f"(sd {statistics.pstdev(over):.2f}), "
              f"{statistics.mean(points):.1f} points a player a hand")
    print("## robot against random play (same deals, seats swapped)")
    for method in METHODS:
        rules = Spades2Rules(deal_method=method)
        count = hands // 2 if method == "automatic" else hands // 6
        robot, other = [], []
        for seed in range(count):
            for seat in PLAYERS:
                game = play(rules, seed, {seat: "robot", opponent(seat): "random"})
                scores = game.result()["scores"]
                robot.append(scores[seat.value])
                other.append(scores[opponent(seat).value])
        print(f"{method}: robot {statistics.mean(robot):+.1f}, "
              f"random {statistics.mean(other):+.1f} points a hand ({2 * count} hands)")
    print("## selection: the robot's choices against taking every card seen")
    rules = Spades2Rules(deal_method="selection")
    kept, first = [], []
    for seed in range(hands // 6):
        for seat in PLAYERS:
            game = play(rules, seed, {seat: "robot", opponent(seat): "first"})
            kept.append(estimate_tricks(_start_hand(game, seat)))
            first.append(estimate_tricks(_start_hand(game, opponent(seat))))
    print(f"the robot's count of the hand it kept: {statistics.mean(kept):.2f}, "
          f"of 13 cards taken as they came: {statistics.mean(first):.2f} ({len(kept)} hands)")


def _duck(game: Spades2, seat: Seat) -> str:
    """A nil bidder's play: the highest card that loses, else the highest
    card (the nil is lost); lead the lowest card, a spade last."""
    assert game.play is not None
    cards = [Card.from_str(text.split()[1]) for text in game.legal_actions(seat)]
    if not game.play.current.cards:
        return f"play {min(cards, key=lambda c: (c.suit == Suit.SPADES, c.rank))}"
    led = game.play.current.cards[0][1]

    def beats(card: Card) -> bool:
        return card.rank > led.rank if card.suit == led.suit else card.suit == Suit.SPADES

    losers = [c for c in cards if not beats(c)]
    return f"play {max(losers or cards, key=lambda c: c.rank)}"


def _start_hand(game: Spades2, seat: Seat) -> list:
    assert game.play is not None
    return [c for t in game.play.tricks for s, c in t.cards if s == seat]


def nil_chances(hands: int) -> None:
    print("## nil on the weakest hands (count under 1): the nil bidder ducks every trick "
          "it can, the robot tries to set it")
    for method in METHODS:
        rules = Spades2Rules(deal_method=method, nil=True)
        tried = made = 0
        for seed in range(hands if method == "automatic" else hands // 3):
            rng = random.Random(seed)
            deal = deal_hand(rules, rng, board=seed % 2 + 1)
            if method == "automatic" and estimate_tricks(deal.hand(S)) >= 1.0:
                continue
            # South's cards come as they come (a nil bidder would not select for strength).
            game = play(rules, seed, {N: "robot", S: "duck"}, forced_bid={S: "bid nil"})
            if method == "selection" and estimate_tricks(_start_hand(game, S)) >= 1.0:
                continue
            tried += 1
            made += game.result()["made"]["S"]
        share = f"{100 * made / tried:.1f}%" if tried else "n/a"
        print(f"{method}: {made} of {tried} nil bids made ({share})")


def calibration(hands: int) -> None:
    print("## calibration: tricks = slope * count + intercept + leader * (leads)")
    for method in METHODS:
        rules = Spades2Rules(deal_method=method)
        rows = []
        for seed in range(hands if method == "automatic" else hands // 2):
            game = play(rules, 10_000 + seed, {N: "robot", S: "robot"})
            for seat in PLAYERS:
                rows.append((estimate_tricks(_start_hand(game, seat)),
                             1.0 if seat == game.first_bidder else 0.0,
                             game.result()["tricks_won"][seat.value]))
        slope, intercept, leader = _least_squares(rows)
        spread = statistics.pstdev(y - (slope * x + intercept + leader * lead)
                                   for x, lead, y in rows)
        print(f"{method}: slope {slope:.2f}, intercept {intercept:.2f}, leader {leader:+.2f}, "
              f"spread {spread:.2f} ({len(rows)} hands)")


def _least_squares(rows: list[tuple[float, float, int]]) -> tuple[float, float, float]:
    """Fit y = a x + b + c lead by the normal equations (three unknowns)."""
    columns = [(x, 1.0, lead) for x, lead, _ in rows]
    matrix = [[sum(r[i] * r[j] for r in columns) for j in range(3)] for i in range(3)]
    vector = [sum(r[i] * y for r, (_, _, y) in zip(columns, rows, strict=True)) for i in range(3)]
    augmented = [matrix[i] + [vector[i]] for i in range(3)]
    for i in range(3):
        pivot = augmented[i][i]
        augmented[i] = [v / pivot for v in augmented[i]]
        for k in range(3):
            if k != i:
                factor = augmented[k][i]
                augmented[k] = [a - factor * b
                                for a, b in zip(augmented[k], augmented[i], strict=True)]
    a, b, c = (augmented[i][3] for i in range(3))
    return a, b, c


N, S = Seat.NORTH, Seat.SOUTH


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    args = parser.parse_args()
    engine_speed(args.hands)
    robot_quality(args.hands)
    nil_chances(args.hands)
    calibration(args.hands)


if __name__ == "__main__":
    main()
