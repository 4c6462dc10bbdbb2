"""Benchmark: replay one MiniBridge hand from its action log (target: under 2 ms).

Run from the repository root: ``python bench/replay.py``. The site rebuilds a
hand's state by replaying its log (DESIGN.md), so this is the cost of a cold
cache. Each log is a whole MiniLesson 5 hand: four announcements, the
contract and all 52 cards. Also measured: one view, and replay plus a view
for each seat (what a broadcast costs after a restart).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.deals import Deal  # noqa: E402
from games.minibridge import MiniBridge, make_rules  # noqa: E402
from games.minibridge.playout import play_hand, random_policy  # noqa: E402
from games.seats import SEATS  # noqa: E402

HANDS = 50
RUNS = 20
TARGET_MS = 2.0


def full_hands(rng: random.Random) -> list[MiniBridge]:
    """Played hands with all 52 cards in the log (redeals skipped)."""
    rules = make_rules(5)
    hands: list[MiniBridge] = []
    board = 0
    while len(hands) < HANDS:
        board += 1
        game = play_hand(rules, Deal.for_board(board, rng), policy=random_policy(rng))
        if not game.result()["redeal"]:
            hands.append(game)
    return hands


def per_hand_ms(hands: list[MiniBridge], work) -> tuple[float, float]:
    """(median, best) over RUNS of the mean time per hand, in milliseconds.
    The best run shows the cost on a quiet machine; the median, under load."""
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for game in hands:
            work(game)
        timings.append((time.perf_counter() - start) / len(hands) * 1000)
    return statistics.median(timings), min(timings)


def main() -> int:
    hands = full_hands(random.Random(2024))
    actions = statistics.mean(len(g.log) for g in hands)
    replay = per_hand_ms(hands, lambda g: MiniBridge.replay(g.rules, g.deal, g.log))
    replay_text = [[str(a) for a in g.log] for g in hands]
    texts = dict(zip(map(id, hands), replay_text, strict=True))
    from_text = per_hand_ms(hands, lambda g: MiniBridge.replay(g.rules, g.deal, texts[id(g)]))
    view = per_hand_ms(hands, lambda g: g.view(SEATS[0]))
    def replay_and_views(game: MiniBridge) -> None:
        again = MiniBridge.replay(game.rules, game.deal, game.log)
        for seat in SEATS:
            again.view(seat)

    broadcast = per_hand_ms(hands, replay_and_views)
    print(f"MiniBridge replay, {HANDS} hands of {actions:.0f} actions, {RUNS} runs (median / best)")
    for label, (median, best) in (("replay from the Action log", replay),
                                  ("replay from the text log", from_text),
                                  ("one seat's view", view),
                                  ("replay + four seats' views", broadcast)):
        print(f"  {label + ':':29} {median:.3f} / {best:.3f} ms per hand")
    print(f"  target: replay under {TARGET_MS} ms")
    return 0 if replay[0] < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
