"""Benchmark: double-dummy table and par of 36 boards, our wrapper against endplay.

Run from the repository root: ``python bench/analysis.py``. The issue's
target is that ``games.bridge.analysis`` costs at most 1.2x what calling endplay
directly costs. Also times the two ways of costing every card of a played
hand (one DDS AnalysePlay call, or SolveBoard before each card), which is
how :func:`games.bridge.analysis.card_costs` was chosen.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from endplay import dds as ep_dds  # noqa: E402
from endplay import types as ep  # noqa: E402

from games.bridge import analysis  # noqa: E402
from games.cards import Card, Suit  # noqa: E402
from games.deals import Deal  # noqa: E402
from games.seats import SEATS, Seat  # noqa: E402
from games.tricks import TrickPlay, TrickRules  # noqa: E402

BOARDS = 36
RUNS = 5
HANDS = 12
TARGET_RATIO = 1.2
_VUL = {"None": ep.Vul.none, "NS": ep.Vul.ns, "EW": ep.Vul.ew, "All": ep.Vul.both}
_PLAYER = {"N": ep.Player.north, "E": ep.Player.east, "S": ep.Player.south, "W": ep.Player.west}


def ours(deal: Deal) -> None:
    analysis.par(deal, table=analysis.dd_table(deal))


def direct(pbn: str, vul: ep.Vul, dealer: ep.Player) -> None:
    table = ep_dds.calc_dd_table(ep.Deal(pbn))
    ep_dds.par(table, vul, dealer)


def median_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def paired_seconds(deals: list[Deal]) -> tuple[float, float, float, float]:
    """Wall and CPU seconds for the boards, endplay's and ours, each board
    timed both ways one after the other: other work on the machine then
    slows both alike instead of whichever ran during it."""
    wall = {"direct": [0.0] * RUNS, "ours": [0.0] * RUNS}
    cpu = {"direct": [0.0] * RUNS, "ours": [0.0] * RUNS}
    for run in range(RUNS):
        for index, deal in enumerate(deals):
            plain = (deal.pbn(), _VUL[deal.vulnerability.value], _PLAYER[deal.dealer.value])
            order = ["direct", "ours"] if (run + index) % 2 else ["ours", "direct"]
            for who in order:
                start_wall, start_cpu = time.perf_counter(), time.process_time()
                if who == "ours":
                    ours(deal)
                else:
                    direct(*plain)
                wall[who][run] += time.perf_counter() - start_wall
                cpu[who][run] += time.process_time() - start_cpu
    return (statistics.median(wall["direct"]), statistics.median(wall["ours"]),
            statistics.median(cpu["direct"]), statistics.median(cpu["ours"]))


Hand = tuple[Deal, Suit | None, Seat, list[tuple[Seat, Card]]]


def played_hands(rng: random.Random) -> list[Hand]:
    hands = []
    for board in range(1, HANDS + 1):
        deal = Deal.for_board(board, rng)
        trumps, leader = rng.choice([None, *Suit]), rng.choice(SEATS)
        play = TrickPlay(deal.hands, SEATS, leader, TrickRules(trumps))
        plays = []
        while not play.is_over():
            seat = play.to_play
            assert seat is not None
            card = rng.choice(play.legal_cards(seat))
            play.play(seat, card)
            plays.append((seat, card))
        hands.append((deal, trumps, leader, plays))
    return hands


def main() -> int:
    deals = [Deal.for_board(board, random.Random(f"bench:{board}"))
             for board in range(1, BOARDS + 1)]
    ours(deals[0])  # DDS sets up its tables on first use
    direct_wall, ours_wall, direct_cpu, ours_cpu = paired_seconds(deals)
    ratio = ours_cpu / direct_cpu
    print(f"dd_table + par of {BOARDS} boards, median of {RUNS} runs (wall / CPU seconds):")
    print(f"  endplay directly      {direct_wall:7.3f} / {direct_cpu:7.3f}")
    print(f"  games.bridge.analysis {ours_wall:7.3f} / {ours_cpu:7.3f}"
          f"   CPU ratio {ratio:.3f}, wall ratio {ours_wall / direct_wall:.3f}"
          f" (target <= {TARGET_RATIO})")

    hands = played_hands(random.Random(2025))
    by_analysis = median_seconds(lambda: [analysis.card_costs(
        d, trumps=t, first_leader=lead, plays=p) for d, t, lead, p in hands], runs=3)
    by_solving = median_seconds(lambda: [analysis.card_costs_by_solving(
        d, trumps=t, first_leader=lead, plays=p) for d, t, lead, p in hands], runs=3)
    print(f"card costs of {HANDS} hands of 52 cards, median of 3 runs:")
    print(f"  AnalysePlay, one call a hand     {by_analysis:7.3f} s")
    print(f"  SolveBoard before every card     {by_solving:7.3f} s")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
