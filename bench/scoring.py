"""Benchmark: score a 30-table session of 27 boards (target: under 100 ms).

Run from the repository root: ``python bench/scoring.py``. Every board is
played at all 30 tables (810 results); each method scores the whole session:
travellers, Neuberg where needed, the ranking and every pair's score card.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.duplicate import BoardResult, Method, score_session  # noqa: E402
from games.movements import Pair  # noqa: E402
from games.seats import Side  # noqa: E402

TABLES = 30
BOARDS = 27
RUNS = 21
TARGET_MS = 100


def session_results(rng: random.Random) -> list[BoardResult]:
    """Board b at table t: NS t against EW t+b (a different East-West pair
    each board), with scores from a spread a club sees on a board."""
    results = []
    for board in range(1, BOARDS + 1):
        usual = rng.choice([110, 140, 420, 620, -100, -420, 400, 50])
        for table in range(1, TABLES + 1):
            ew = (table + board) % TABLES + 1
            score = usual + rng.choice([0, 0, 0, 30, -30, -150, 200, 10 * rng.randint(-50, 50)])
            results.append(BoardResult(board, Pair(table, Side.NS), Pair(ew, Side.EW), score,
                                       table=table))
    return results


def time_method(results: list[BoardResult], method: Method) -> float:
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        session = score_session(results, method)
        for standing in session.ranking.standings():
            for card_line in session.score_card(standing.pair):
                card_line.percentage  # noqa: B018  (what a score card page shows)
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> int:
    results = session_results(random.Random(2024))
    print(f"{TABLES} tables x {BOARDS} boards = {len(results)} results; "
          f"median of {RUNS} runs (travellers, ranking, {2 * TABLES} score cards)")
    slowest = 0.0
    for method in Method:
        ms = time_method(results, method)
        slowest = max(slowest, ms)
        print(f"  {method.value:<12} {ms:7.1f} ms")
    without_cards = statistics.median(
        _timed(lambda: score_session(results)) for _ in range(RUNS))
    print(f"  matchpoints, travellers and ranking only: {without_cards:.1f} ms")
    print(f"target < {TARGET_MS} ms: {'met' if slowest < TARGET_MS else 'NOT met'}")
    return 0 if slowest < TARGET_MS else 1


def _timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000


if __name__ == "__main__":
    sys.exit(main())
