"""Preference robots: how fast they play, how long the expert thinks, and whether the
expert beats the beginner.

    python bench/preference.py [--games 1000] [--hands 300] [--start 10] [--seed bench]

1. Robot-only speed: beginners play ``--hands`` hands; hands per second, and the whole
   games per second those hands make.
2. Expert vs beginner: ``--games`` whole games (each until its declarer columns add
   up to zero), one expert and two beginners, the expert's seat turning from game to
   game. Each game is also played with three beginners on the same deals (hand N of a
   game dealt from the same seed), so the expert's result is compared with what a
   beginner in its seat made of the same cards. Printed: the expert's mean final score
   a game, the beginner's in the same seat, the difference with its standard error,
   and how often the expert finished first.
3. The expert's decision time over those games: median, p90 and max, by phase, in CPU
   time (what the decision costs) and in wall time (what a player waits on this machine,
   shared with other work: the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.preference.game import Preference, deal_hand  # noqa: E402
from games.preference.robots import make_robot  # noqa: E402
from games.preference.rules import PLAYERS, PreferenceRules  # noqa: E402
from games.preference.scoring import HandFacts, Sheet  # noqa: E402
from games.seats import Seat  # noqa: E402

MOST_HANDS = 400


def play_game(rules: PreferenceRules, seed: str, levels: dict[Seat, str],
              timings: dict[str, list[tuple[float, float]]] | None = None
              ) -> tuple[dict[str, int], int]:
    """One whole game; the final reckoning by seat and the number of hands."""
    robots = {seat: make_robot(level) for seat, level in levels.items()}
    sheet = Sheet(rules)
    hands = 0
    while not sheet.is_over() and hands < MOST_HANDS:
        hands += 1
        hand_rules = rules.with_refas(sheet.refas_waiting())
        game = Preference(hand_rules, deal_hand(hand_rules, random.Random(f"{seed}:{hands}"),
                                                hands))
        rng = random.Random(f"{seed}:{hands}:robots")
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            started, cpu = time.perf_counter(), time.process_time()
            action = robots[seat].choose(view, rng)
            if timings is not None and levels[seat] == "expert":
                timings[game.phase].append((time.process_time() - cpu,
                                            time.perf_counter() - started))
            game.apply(seat, action)
        sheet.record(HandFacts.from_result(game.result()))
    if not sheet.is_over():
        return {s.value: 0 for s in PLAYERS}, hands
    return {s: e["total"] for s, e in sheet.reckoning().items()}, hands


def speed(rules: PreferenceRules, hands: int, seed: str) -> None:
    robots = {seat: make_robot("beginner") for seat in PLAYERS}
    started = time.perf_counter()
    sheet, games = Sheet(rules), 0
    for number in range(1, hands + 1):
        if sheet.is_over():
            sheet, games = Sheet(rules), games + 1
        hand_rules = rules.with_refas(sheet.refas_waiting())
        game = Preference(hand_rules, deal_hand(hand_rules, random.Random(f"{seed}:{number}"),
                                                number))
        rng = random.Random(f"{seed}:{number}:robots")
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, robots[seat].choose(game.view(seat), rng))
        sheet.record(HandFacts.from_result(game.result()))
    elapsed = time.perf_counter() - started
    print(f"Robot-only speed (three beginners, start {rules.start}): {hands} hands in "
          f"{elapsed:.1f} s = {hands / elapsed:.0f} hands/s; {games} games ended = "
          f"{games / elapsed:.2f} games/s")


def compare(rules: PreferenceRules, games: int, seed: str
            ) -> dict[str, list[tuple[float, float]]]:
    timings: dict[str, list[tuple[float, float]]] = defaultdict(list)
    expert_scores, beginner_scores, differences = [], [], []
    firsts = hands_total = 0
    started = time.perf_counter()
    for number in range(games):
        seat = PLAYERS[number % len(PLAYERS)]
        game_seed = f"{seed}:{number}"
        levels = {s: ("expert" if s == seat else "beginner") for s in PLAYERS}
        with_expert, hands = play_game(rules, game_seed, levels, timings)
        beginners, _ = play_game(rules, game_seed, {s: "beginner" for s in PLAYERS})
        hands_total += hands
        mine = with_expert[seat.value]
        expert_scores.append(mine)
        beginner_scores.append(beginners[seat.value])
        differences.append(mine - beginners[seat.value])
        firsts += mine == max(with_expert.values())
        if (number + 1) % 50 == 0:
            print(f"  {number + 1} games, {time.perf_counter() - started:.0f} s: expert "
                  f"{statistics.mean(expert_scores):+.1f}, beginner in its seat "
                  f"{statistics.mean(beginner_scores):+.1f} a game", flush=True)
    error = statistics.stdev(differences) / len(differences) ** 0.5 if games > 1 else 0.0
    print(f"Expert vs beginner over {games} games (start {rules.start}, refa maximum "
          f"{rules.refa_max}, {hands_total / games:.1f} hands a game, "
          f"{time.perf_counter() - started:.0f} s):")
    print(f"  the expert's final score a game {statistics.mean(expert_scores):+.1f}; a beginner "
          f"in the same seat on the same deals {statistics.mean(beginner_scores):+.1f}")
    print(f"  difference {statistics.mean(differences):+.1f} +- {error:.1f} (standard error); "
          f"the expert finished first in {firsts} of {games} games "
          f"({100 * firsts / games:.0f}%; a third would be even)")
    return timings


def report_times(timings: dict[str, list[tuple[float, float]]]) -> None:
    every = [t for times in timings.values() for t in times]
    if not every:
        return

    def line(times: list[float]) -> str:
        times = sorted(times)
        return (f"median {1000 * statistics.median(times):.1f} ms, p90 "
                f"{1000 * times[int(0.9 * (len(times) - 1))]:.1f} ms, max "
                f"{1000 * times[-1]:.0f} ms")

    print(f"Expert decision time over {len(every)} decisions (load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs):")
    print(f"  CPU: {line([c for c, _ in every])}; wall: {line([w for _, w in every])}")
    for phase, times in sorted(timings.items()):
        print(f"  {phase} ({len(times)}): CPU {line([c for c, _ in times])}; wall "
              f"{line([w for _, w in times])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--start", type=int, default=10)
    parser.add_argument("--refa-max", type=int, default=2)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)
    rules = PreferenceRules(start=args.start, refa_max=args.refa_max)
    speed(rules, args.hands, args.seed)
    timings = compare(rules, args.games, args.seed)
    report_times(timings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
