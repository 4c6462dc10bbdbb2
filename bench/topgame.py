"""Benchmark of the Top Game: engine speed, robot speed, the expert's thinking time,
the expert against beginners, and the calibration of the robots' trick estimate.

Run from the repository root: ``python bench/topgame.py [--hands 300] [--matches 6]
[--budget 0.25] [--skip-speed] [--skip-compare] [--calibrate DEALS]``. Prints

* engine: random legal hands per second (``legal_actions`` + ``apply``), and the replay
  of a whole hand's log (what a cold cache costs the site);
* robots: beginner robot-only hands per CPU second, and whole 12-hand matches;
* expert: seconds per decision (median, 90th percentile, max), the auction's decisions
  and the cards apart, over the comparison's matches;
* expert against beginners: ``--matches`` matches, each played three times on the same
  deals with the expert as A, then B, then C, two beginners in the other seats; the
  expert's average score a hand against the beginners' (with a 95% interval);
* ``--calibrate DEALS``: the double-dummy tricks of random deals fitted to the two
  hands' points and shape, the constants of games/topgame/estimate.py.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.topgame import TopGame  # noqa: E402
from games.topgame.match import deal, next_deal  # noqa: E402
from games.topgame.robots import make_robot  # noqa: E402
from games.topgame.rules import TopGameRules  # noqa: E402
from games.topgame.scoring import standing  # noqa: E402

RULES = TopGameRules()


# -- engine and robot speed ------------------------------------------------------------------

def engine_speed(hands: int) -> None:
    print("## engine")
    games = []
    start = time.process_time()
    for board in range(1, hands + 1):
        rng = random.Random(board)
        game = TopGame(RULES, deal(RULES, rng, board))
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, rng.choice(legal[:3] + ["pass"]) if game.phase == "bidding"
                       else rng.choice(legal))
        games.append(game)
    per_second = hands / (time.process_time() - start)
    replays = []
    for game in games[:200]:
        start = time.perf_counter()
        TopGame.replay(RULES, game.deal, game.log)
        replays.append((time.perf_counter() - start) * 1000)
    actions = statistics.median(len(g.log) for g in games)
    print(f"random legal hands: {per_second:.0f} per CPU second; replay of a whole log "
          f"(median {actions:.0f} actions): median {statistics.median(replays):.2f} ms, "
          f"max {max(replays):.2f} ms")


def robot_speed(hands: int) -> None:
    print("## robots")
    robot = make_robot("beginner")
    start = time.process_time()
    for board in range(1, hands + 1):
        play_hand(board, {"any": robot}, random.Random(board))
    elapsed = time.process_time() - start
    print(f"beginner robot-only hands: {hands / elapsed:.0f} per CPU second "
          f"({1000 * elapsed / hands:.1f} ms a hand, views and engine included)")
    start = time.process_time()
    matches = max(1, hands // 60)
    for seed in range(matches):
        play_match(f"speed:{seed}", dict.fromkeys("ABC", robot))
    elapsed = time.process_time() - start
    print(f"beginner robot-only matches of 12 hands: {matches / elapsed:.2f} per CPU second")


def play_hand(board: int, robots: dict, rng: random.Random, times: list | None = None) -> TopGame:
    game = TopGame(RULES, deal(RULES, rng, board))
    while not game.is_over():
        seat = game.to_act()[0]
        robot = robots.get(seat, robots.get("any"))
        view = game.view(seat)
        start = time.perf_counter()
        action = robot.choose(view, rng)
        if times is not None and robot.level == "expert":
            times.append((view.phase, time.perf_counter() - start))
        game.apply(seat, action)
    return game


def play_match(seed: str, robots: dict, times: list | None = None) -> list[dict]:
    """One match of 12 counted hands, robots by letter; the hands' results."""
    results: list[dict] = []
    while True:
        now = standing(RULES, results)
        if now["finished"]:
            return results
        following = now["next"]
        number = following["table_hand"]
        game = TopGame(RULES, next_deal(RULES, random.Random(f"{seed}:{number}"), following))
        by_seat = {seat: robots[letter] for letter, seat in following["seats"].items()}
        rng = random.Random(f"{seed}:{number}:robots")
        while not game.is_over():
            seat = game.to_act()[0]
            robot = by_seat[seat.value]
            view = game.view(seat)
            start = time.perf_counter()
            action = robot.choose(view, rng)
            if times is not None and robot.level == "expert":
                times.append((view.phase, time.perf_counter() - start))
            game.apply(seat, action)
        result = game.result()
        letters = {seat: letter for letter, seat in following["seats"].items()}
        result["by_letter"] = {letters[s]: v for s, v in result["scores"].items()}
        results.append(result)


# -- the expert against beginners ------------------------------------------------------------

def compare(matches: int, budget: float) -> None:
    print(f"## expert against beginners ({matches} matches x 3 seats, budget {budget} s a card)")
    expert, beginner = make_robot("expert", budget=budget), make_robot("beginner")
    times: list[tuple[str, float]] = []
    per_hand_expert: list[float] = []
    per_hand_beginners: list[float] = []
    match_scores: list[int] = []
    start = time.perf_counter()
    for seed in range(1, matches + 1):
        for letter in "ABC":
            robots = {k: expert if k == letter else beginner for k in "ABC"}
            results = play_match(f"compare:{seed}", robots, times)
            total = 0
            for result in results:
                if not result["counts"]:
                    continue
                score = result["by_letter"][letter]
                total += score
                per_hand_expert.append(score)
                per_hand_beginners.extend(v for k, v in result["by_letter"].items()
                                          if k != letter)
            match_scores.append(total)
        print(f"  seed {seed}: expert's matches {match_scores[-3:]} "
              f"({time.perf_counter() - start:.0f} s so far)", flush=True)
    mean = statistics.mean(per_hand_expert)
    half = 1.96 * statistics.stdev(per_hand_expert) / math.sqrt(len(per_hand_expert))
    print(f"expert: {mean:+.2f} a hand (95% {mean - half:+.2f} to {mean + half:+.2f}), "
          f"{len(per_hand_expert)} hands; beginners: {statistics.mean(per_hand_beginners):+.2f}"
          f" a hand; expert's match totals: mean {statistics.mean(match_scores):+.1f}, "
          f"won (above 0) {sum(s > 0 for s in match_scores)} of {len(match_scores)}")
    print(f"wall time {time.perf_counter() - start:.0f} s")
    decision_times(times)


def decision_times(times: list[tuple[str, float]]) -> None:
    def line(label: str, values: list[float]) -> str:
        if not values:
            return f"{label}: none"
        values = sorted(values)
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        return (f"{label}: {len(values)} decisions, median {statistics.median(values):.3f} s, "
                f"p90 {p90:.3f} s, max {values[-1]:.3f} s")
    print("expert seconds a decision:")
    print("  " + line("all", [t for _, t in times]))
    print("  " + line("auction (bid, contract, double, answer)",
                      [t for p, t in times if p != "play"]))
    print("  " + line("cards", [t for p, t in times if p == "play"]))


# -- calibration -----------------------------------------------------------------------------

def calibrate(deals: int, save: Path | None) -> None:
    """Least squares of double-dummy tricks on the model's features (estimate.py)."""
    import numpy as np

    from games.bridge.analysis import dd_table
    from games.deals import Deal
    from games.topgame import estimate

    print(f"## calibration over {deals} random deals")
    rng = random.Random(20261125)
    nt_x, nt_y, suit_x, suit_y = [], [], [], []
    rows = []
    for _ in range(deals):
        dealt = Deal.for_board(1, rng)
        table = dd_table(dealt).as_data()
        hands = {s.value: [str(c) for c in dealt.hand(s)] for s in dealt.hands}
        rows.append({"hands": hands, "dd": table})
        for seat in hands:
            declarer, dummy = hands[seat], hands[_PARTNER[seat]]
            points = estimate.card_hcp(declarer) + estimate.card_hcp(dummy)
            mine, his = estimate.lengths(declarer), estimate.lengths(dummy)
            together = {s: mine[s] + his[s] for s in "SHDC"}
            nt_x.append([1, points, max(0, max(together.values()) - 7)])
            nt_y.append(table[seat]["NT"])
            for suit in "SHDC":
                if together[suit] < 7:
                    continue
                short = his if his[suit] <= mine[suit] else mine
                shortness = max(0, 3 - min(n for s, n in short.items() if s != suit))
                suit_x.append([1, points, together[suit] - 8, shortness])
                suit_y.append(table[seat][suit])
    if save is not None:
        save.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    for name, x, y in (("no-trumps (NT0, NT_HCP, NT_LONG)", nt_x, nt_y),
                       ("a suit (SUIT0, SUIT_HCP, SUIT_FIT, SUIT_SHORT)", suit_x, suit_y)):
        xs, ys = np.array(x, float), np.array(y, float)
        coefficients = np.linalg.lstsq(xs, ys, rcond=None)[0]
        spread = float(np.sqrt(np.mean((ys - xs @ coefficients) ** 2)))
        print(f"{name}: {', '.join(f'{c:.3f}' for c in coefficients)}; spread {spread:.2f} "
              f"({len(ys)} pairs)")


_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--matches", type=int, default=6,
                        help="matches for the expert against beginners (each played 3 times)")
    parser.add_argument("--budget", type=float, default=0.25, help="the expert's seconds a card")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-compare", action="store_true")
    parser.add_argument("--calibrate", type=int, metavar="DEALS",
                        help="only fit the trick estimate to this many solved deals")
    parser.add_argument("--save", type=Path, help="with --calibrate: keep the solved deals")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.calibrate, args.save)
        return 0
    if not args.skip_speed:
        engine_speed(args.hands)
        robot_speed(args.hands)
    if not args.skip_compare:
        compare(args.matches, args.budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
