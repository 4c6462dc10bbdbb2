"""The machine instructions a card costs the server, counted by valgrind: a figure that does not
move with the machine's speed.

Usage: python bench/card_instructions.py [--actions 40] [--nothing-kept] [--hand-end]

This machine's speed varies two to three times by the hour (docs/benchmarks.md), so a change
that saves a tenth of a card's CPU cannot be seen in timings taken an hour apart, nor often in
timings taken a minute apart. valgrind's callgrind counts the instructions executed instead,
which are the same on every run of the same code (PYTHONHASHSEED fixed, the same deal, the
same robot choices). The script prepares a SQLite file with a lesson-5 table of four pupils,
then runs, each under valgrind from a fresh copy of that file, the same N actions of the hand
(after six played whole in every run, not counted) through the server's own path for a card
(teaching.tables.push: the action read, checked, written and committed; the four seats'
views; the four frames), stopping after each part, and once stopping before them (Python,
Django and the templates loaded). The differences give the instructions an action costs in
each part. With ``--hand-end`` it counts a hand's end instead, in its three steps (the last
card with the four summaries, the double-dummy table announced to the four sockets, "Next
deal"), after one whole hand's end not counted. Needs Debian's valgrind (`apt-get install -y
valgrind`); about two minutes a run under valgrind, four runs, two at a time.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: What each run does after the setting up: nothing, or the first N actions as far as a part.
STAGES = ("none", "action", "views", "frames")
#: The same for a hand's end (--hand-end): the last card, the double-dummy table announced,
#: the next deal.
END_STAGES = ("none", "last", "dd", "next")
#: Actions every run plays whole first, not counted.
WARM_UP = 6


def _django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    # As deployed (bench/load.py's default): with DEBUG on, Django also keeps every query's text.
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def prepare(database: Path) -> None:
    """A migrated SQLite file with one lesson-5 table of four pupils and its first deal."""
    _django(database)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from teaching.models import Table
    from tests.teaching.outside import setup
    from tests.teaching.table_helpers import deal_one_that_is_played

    setup(pupils=4)
    # The same deals every time: the table's seed makes the deals after the first (the hand
    # whose end --hand-end counts), and the tables' seeds are random. Without it each run
    # counted another deal's end: 21 to 39 million instructions for the same code.
    Table.objects.update(seed="card-instructions")
    # The first deal, and not one dealt again at once (Law 6).
    deal_one_that_is_played(Table.objects.get())


def play(database: Path, actions: int, stage: str) -> None:
    """Six actions of the hand played whole, then ``actions`` more, each as far as
    ``stage`` (run under valgrind)."""
    _django(database)
    import random

    from games.robots import robot_for
    from teaching.models import Table
    from teaching.tables import frames, selectors
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import table_act

    frames.compile_all()  # as the server does at its start
    # And, as the server, no collections by Python itself (teaching.runtime.collector).
    gc.collect()
    gc.freeze()
    gc.disable()
    frames.keeping = not os.environ.get("CARD_INSTRUCTIONS_NOTHING_KEPT")
    table = Table.objects.get()
    users = {s.seat: s.pupil.user for s in table.seats.select_related("pupil__user")}
    # The hand's actions, chosen first by a robot on a copy of the engine's state, in every
    # run alike: what the runs count is the server's work for them, not the choosing.
    robot = robot_for("minibridge", "beginner")
    rng = random.Random(1)
    game = hand_state(current_hand(table)).copy()
    chosen = []
    for _ in range(WARM_UP + actions):
        if game.is_over():
            raise SystemExit("the hand ended: ask for fewer actions")
        seat = game.to_act()[0]
        text = robot.choose(game.view(seat), rng)
        game.apply(seat, text)
        chosen.append((seat, text))
    for number, (seat, text) in enumerate(chosen):
        # Every run plays the first few actions whole (first calls fill caches), then
        # stops there ("none") or plays on as far as its part.
        part = "frames" if number < WARM_UP else stage
        if part == "none":
            return
        now = table_act(user=users[seat.value], table_id=table.id, text=text)
        if part == "action":
            continue
        views = selectors.seated_views(now)
        if part == "views":
            continue
        for view in views.values():  # teaching.tables.push.frames_of
            frames.render_frame(view, now.table)


def play_hand_end(database: Path, stage: str) -> None:
    """A hand played whole, its end included (the warm-up), then the next hand played but
    for its last action, and that hand's end as far as ``stage``: the last card with its
    four summary frames (and the double-dummy table stored), then the four sockets
    rendering the summary again with that table in it, then "Next deal" from a socket
    with the new hand's four frames (run under valgrind)."""
    _django(database)
    import random
    import uuid

    from games.robots import robot_for
    from teaching.models import Table
    from teaching.tables import frames, push
    from teaching.tables.analysis import analyses_wait
    from teaching.tables.consumers import render_for_player
    from teaching.tables.game_cache import current_hand, hand_state

    frames.compile_all()
    gc.collect()
    gc.freeze()
    gc.disable()
    table = Table.objects.get()
    users = {s.seat: s.pupil.user for s in table.seats.select_related("pupil__user")}
    robot = robot_for("minibridge", "beginner")
    rng = random.Random(1)

    def chosen_hand() -> list[tuple[Any, str]]:
        hand = current_hand(table)
        while hand_state(hand).is_over():  # dealt again at once (Law 6): deal on
            push.deal_and_render(users["N"], table.id, "next", hand.number)
            hand = current_hand(table)
        game = hand_state(hand).copy()
        chosen = []
        while not game.is_over():
            seat = game.to_act()[0]
            text = robot.choose(game.view(seat), rng)
            game.apply(seat, text)
            chosen.append((seat, text))
        return chosen

    def hand_end(last: tuple[Any, str], as_far_as: str) -> None:
        seat, text = last
        number = current_hand(table).number
        push.act_and_render(users[seat.value], table.id, text, None, None)
        analyses_wait()  # the table's double-dummy table, solved by another process
        if as_far_as == "last":
            return
        stamp = uuid.uuid4().hex  # teaching.tables.announce.notify_table's
        for user in users.values():  # each socket hearing of it (consumers.send_table)
            render_for_player(user, table.id, "", stamp, None)
        if as_far_as == "dd":
            return
        push.deal_and_render(users["N"], table.id, "next", number)

    for first in (True, False):
        chosen = chosen_hand()
        for seat, text in chosen[:-1]:
            push.act_and_render(users[seat.value], table.id, text, None, None)
        if not first and stage == "none":
            return
        hand_end(chosen[-1], "next" if first else stage)


def _counted(prepared: Path, actions: int, stage: str, nothing_kept: bool = False) -> int:
    """Instructions of one run of :func:`play` under callgrind, from a fresh copy of the file."""
    directory = Path(tempfile.mkdtemp(prefix="card-instructions-"))
    try:
        database = directory / "db.sqlite3"
        shutil.copy(prepared, database)
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        if nothing_kept:
            env["CARD_INSTRUCTIONS_NOTHING_KEPT"] = "1"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
             __file__, "--play", str(database), str(actions), stage],
            capture_output=True, text=True, env=env, check=False)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode != 0 or found is None:
            raise SystemExit(f"valgrind run {stage} failed:\n{run.stderr[-2000:]}")
        return int(found.group(1))
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=40,
                        help="actions counted (a hand has about 58; six are played first)")
    parser.add_argument("--nothing-kept", action="store_true",
                        help="render every piece of every frame (frames.kept off)")
    parser.add_argument("--hand-end", action="store_true",
                        help="count a hand's end instead: the last card, the double-dummy "
                             "table announced, the next deal")
    parser.add_argument("--play", nargs=3, metavar=("DATABASE", "ACTIONS", "STAGE"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        database, stage = Path(args.play[0]), args.play[2]
        if stage.startswith("end:"):
            play_hand_end(database, stage.removeprefix("end:"))
        else:
            play(database, int(args.play[1]), stage)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install -y valgrind", file=sys.stderr)
        return 2
    directory = Path(tempfile.mkdtemp(prefix="card-instructions-"))
    try:
        prepared = directory / "prepared.sqlite3"
        subprocess.run([sys.executable, __file__, "--play", str(prepared), "0", "none"],
                       check=True, env={**os.environ, "CARD_INSTRUCTIONS_PREPARE": "1"})
        stages = [f"end:{stage}" for stage in END_STAGES] if args.hand_end else STAGES
        with ThreadPoolExecutor(max_workers=2) as pool:
            counts = pool.map(
                lambda stage: _counted(prepared, args.actions, stage, args.nothing_kept), stages)
            counted = dict(zip(STAGES if not args.hand_end else END_STAGES, counts, strict=True))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    if args.hand_end:
        print("The end of a lesson-5 hand of four pupils (after one hand's end not counted); "
              "millions of instructions:")
        print(f"  the last card, its four summary frames  "
              f"{(counted['last'] - counted['none']) / 1e6:7.2f}")
        print(f"  the double-dummy table, four renders    "
              f"{(counted['dd'] - counted['last']) / 1e6:7.2f}")
        print(f"  \"Next deal\", the new hand's four frames "
              f"{(counted['next'] - counted['dd']) / 1e6:7.2f}")
        print(f"  a hand's end, all                       "
              f"{(counted['next'] - counted['none']) / 1e6:7.2f}")
        return 0
    per_action = {stage: (counted[stage] - counted["none"]) / args.actions for stage in STAGES}
    print(f"{args.actions} actions of a lesson-5 hand (after the first {WARM_UP}), four pupils "
          "seated; millions of instructions an action:")
    print(f"  the action (read, check, write, commit)  {per_action['action'] / 1e6:7.2f}")
    print(f"  the four seats' views                    "
          f"{(per_action['views'] - per_action['action']) / 1e6:7.2f}")
    print(f"  the four frames                          "
          f"{(per_action['frames'] - per_action['views']) / 1e6:7.2f}")
    print(f"  a card's work in the process, all        {per_action['frames'] / 1e6:7.2f}")
    print(f"  (Python, Django and the templates loaded: {counted['none'] / 1e6:.0f} million, "
          "not counted)")
    return 0


if __name__ == "__main__":
    if os.environ.pop("CARD_INSTRUCTIONS_PREPARE", None):
        prepare(Path(sys.argv[2]))
        raise SystemExit(0)
    raise SystemExit(main())
