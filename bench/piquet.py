"""Benchmark of Piquet: robot deals per second, the expert's decision time, and
the expert against the beginner over whole parties.

Run from the repository root: ``python bench/piquet.py [--games N] [--deals N]
[--timed N] [--workers W]``. Prints

* speed: robot-only deals per second (beginner against beginner; the engine
  with its views, the robots' choices and the replay of each deal's log);
* expert: the time of each of the expert's decisions (median, p90, max), over
  whole deals against the beginner, and the same for its card play alone, in
  wall-clock and in CPU time (the machine is shared: its load shows in the first);
* strength: the expert against the beginner over ``--games`` whole parties
  (1,000 by default), the expert North in odd parties and South in even ones:
  parties won, partie points, the average deal score of each.

Every deal is dealt from a seed (``"bench:<partie>:<deal>"``), so a run repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.piquet import Piquet, PiquetRules, deal_piquet  # noqa: E402
from games.piquet.robots import make_robot  # noqa: E402
from games.piquet.scoring import standing  # noqa: E402

RULES = PiquetRules()


def play_deal(board: int, seed: str, robots: dict[str, Any],
              times: dict[str, list[float]] | None = None) -> Piquet:
    """One deal between robots; ``times`` collects the expert's decision times by kind."""
    game = Piquet(RULES, deal_piquet(RULES, random.Random(f"{seed}:deal"), board))
    rng = random.Random(f"{seed}:robots")
    while not game.is_over():
        seat = game.to_act()[0]
        robot = robots[seat.value]
        view = game.view(seat)
        start, cpu = time.perf_counter(), time.process_time()
        action = robot.choose(view, rng)
        spent, cpu = time.perf_counter() - start, time.process_time() - cpu
        if times is not None and robot.level == "expert":
            times["all"].append(spent)
            times["all cpu"].append(cpu)
            if action.startswith("play "):
                times["play"].append(spent)
                times["play cpu"].append(cpu)
        game.apply(seat, action)
    return game


def deal_speed(deals: int) -> None:
    robots = {"N": make_robot("beginner"), "S": make_robot("beginner")}
    start = time.perf_counter()
    actions = 0
    for number in range(1, deals + 1):
        game = play_deal(number, f"speed:{number}", robots)
        actions += len(game.log)
    spent = time.perf_counter() - start
    print(f"speed: {deals / spent:.1f} beginner-against-beginner deals/s "
          f"({actions / deals:.0f} actions a deal, {1000 * spent / deals:.1f} ms a deal)")
    logs = [(game.deal, list(game.log)) for game in
            (play_deal(number, f"speed:{number}", robots) for number in range(1, 51))]
    times = []
    for deal, log in logs:
        start = time.perf_counter()
        Piquet.replay(RULES, deal, log)
        times.append(time.perf_counter() - start)
    print(f"speed: replaying a deal's log: median {1000 * statistics.median(times):.1f} ms "
          f"({statistics.mean(len(log) for _, log in logs):.0f} actions)")


def _summary(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    return (f"median {1000 * statistics.median(values):.1f} ms, p90 {1000 * p90:.1f} ms, "
            f"max {1000 * values[-1]:.1f} ms over {len(values)} decisions")


def expert_time(deals: int) -> None:
    times: dict[str, list[float]] = {"all": [], "play": [], "all cpu": [], "play cpu": []}
    for number in range(1, deals + 1):
        seats = ("expert", "beginner") if number % 2 else ("beginner", "expert")
        robots = {"N": make_robot(seats[0]), "S": make_robot(seats[1])}
        play_deal(number, f"timed:{number}", robots, times)
    print(f"expert: every decision: {_summary(times['all'])}")
    print(f"expert: card play: {_summary(times['play'])}")
    print(f"expert: every decision, CPU time: {_summary(times['all cpu'])}")
    print(f"expert: card play, CPU time: {_summary(times['play cpu'])}")


def play_partie(number: int) -> dict[str, Any]:
    """Partie ``number``: the expert North when it is odd, South when it is even."""
    expert_seat = "N" if number % 2 else "S"
    robots = {seat: make_robot("expert" if seat == expert_seat else "beginner")
              for seat in ("N", "S")}
    results: list[dict[str, Any]] = []
    sheet = standing(RULES, results)
    board = 0
    while not sheet["over"] and board < 40:
        board += 1
        game = play_deal(board, f"bench:{number}:{board}", robots)
        results.append(game.result())
        sheet = standing(RULES, results)
    expert = sum(r["scores"][expert_seat] for r in results)
    beginner = sum(r["scores"]["S" if expert_seat == "N" else "N"] for r in results)
    return {"expert_won": sheet["winner"] == expert_seat, "points": sheet["points"],
            "rubicon": sheet["rubicon"], "deals": len(results), "expert": expert,
            "beginner": beginner}


def strength(games: int, workers: int) -> None:
    start = time.perf_counter()
    parties: list[dict[str, Any]] = []
    with ProcessPoolExecutor(workers) as pool:
        for partie in pool.map(play_partie, range(1, games + 1), chunksize=2):
            parties.append(partie)
            if len(parties) % 50 == 0 and len(parties) < games:
                won = sum(p["expert_won"] for p in parties)
                print(f"  ... {len(parties)} parties, the expert won {won}", flush=True)
    spent = time.perf_counter() - start
    won = sum(p["expert_won"] for p in parties)
    deals = sum(p["deals"] for p in parties)
    points_for = sum(p["points"] for p in parties if p["expert_won"])
    points_against = sum(p["points"] for p in parties if not p["expert_won"])
    rubicons = sum(p["rubicon"] and p["expert_won"] for p in parties)
    print(f"strength: expert against beginner, {games} parties ({deals} deals, "
          f"{spent / 60:.1f} min): the expert won {won} ({100 * won / games:.1f}%), "
          f"{rubicons} of them by a rubicon")
    print(f"strength: partie points: expert {points_for}, beginner {points_against} "
          f"(net {(points_for - points_against) / games:+.1f} a partie)")
    print(f"strength: average deal: expert {sum(p['expert'] for p in parties) / deals:.1f}, "
          f"beginner {sum(p['beginner'] for p in parties) / deals:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="parties of expert against "
                        "beginner (default 1000)")
    parser.add_argument("--deals", type=int, default=300, help="deals for the speed figure")
    parser.add_argument("--timed", type=int, default=60, help="deals timing the expert")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes for the parties (the timings use one)")
    args = parser.parse_args()
    if args.deals:
        deal_speed(args.deals)
    if args.timed:
        expert_time(args.timed)
    if args.games:
        strength(args.games, args.workers)


if __name__ == "__main__":
    main()
