"""The machine instructions a card costs the server, counted by valgrind: a figure that does not
move with the machine's speed.

Usage: python bench/card_instructions.py [--game minibridge] [--actions N] [--nothing-kept]
       [--hand-end] [--postgres URL] [--sockets [--redis URL]] [--check | --record]

This machine's speed varies two to three times by the hour (docs/benchmarks.md), so a change
that saves a tenth of a card's CPU cannot be seen in timings taken an hour apart, nor often in
timings taken a minute apart. valgrind's callgrind counts the instructions executed instead,
which are the same on every run of the same code (PYTHONHASHSEED fixed, the same deal, the
same robot choices). The script prepares a SQLite file with a lesson-5 table of four pupils,
then runs, each under valgrind from a fresh copy of that file, the same N actions of the hand
(after six played whole in every run, not counted) through the server's own path for a card
(teaching.tables.push: the action read, checked, written and committed; the four seats'
views; the four frames), stopping after each part. Only those N actions are counted
(callgrind collects inside :func:`_counted` alone: ``--collect-atstart=no
--toggle-collect=starmap_next``), not the process's start: counting whole runs and
subtracting a run that stopped before them carried the start's variations into the figure
(docs/decisions/0860, second addendum). The differences between the parts give the
instructions an action costs in each. With ``--hand-end`` it counts a hand's end instead,
in its three steps (the last card with the four summaries, the double-dummy table announced
to the four sockets, "Next deal"), after one whole hand's end not counted; those runs are
counted whole, less a run that stops before the end (the hand's end has a thread of its own,
storing the double-dummy table, which a region of the main thread would leave out); with
``--steps`` also each step's own calls on the main thread alone, which the analysis
thread's timing does not move (three more runs). Needs
Debian's valgrind (`apt-get install -y valgrind`); about two minutes a run under valgrind,
three runs two at a time (a hand's end: four, one at a time).

``--game`` counts a card of another game: a Preference, a Top Game, a Piquet or a two-handed
Spades table, a pupil in every seat the game has (three, three, two, two), its first deal
the same every time (the table's seed fixed; the first seed whose hand, as the robots play
it, is long enough for the actions asked: so a count of another number of actions may be of
another deal).

``--postgres postgres://user@host:port`` counts the same on a PostgreSQL server instead of
SQLite, as a scaled worker runs a card: the table is prepared in a database of its own there,
each run plays on a copy made from it (``CREATE DATABASE ... TEMPLATE``), and all are dropped
afterwards. What is counted is the worker's own part (the driver and the site's code); the
server's work is PostgreSQL's own process, and the hand-off to the database thread, Redis and
the websockets are not in these runs but with ``--sockets``.

``--sockets`` also counts the same actions sent as the pupils' pages send them, to four sockets
of the site's own consumer driven in the process (asgiref's communicator: no daphne, no
network), each until every seat's socket has its frame: the card with what is around it, the
channel layer (``--redis URL``: Redis, as a scaled worker's, else the in-memory one), and on
PostgreSQL the hand-off to the database thread, whose work is counted too.

``--check`` is the CI's guard (``make bench-check``): it counts only what a card costs in
all (the "frames" run), over the actions recorded in
bench/card_instructions.json for each game named (``--game``, repeated; every recorded game
when none is), and fails when a game's figure is more than 5 % above the recorded one; a
figure more than 5 % below it passes and asks for the new figure to be recorded.
``--record`` counts the same way and writes the figures to that file (every game it holds
when no ``--game`` is named). CI checks MiniBridge's card alone (one run, about a CPU minute
and a half); the other games' figures are there for ``--check`` by hand.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: What each run counts after the setting up: the first N actions, each as far as a part.
STAGES = ("action", "views", "frames")
#: The same for a hand's end (--hand-end): the last card, the double-dummy table announced,
#: the next deal.
END_STAGES = ("none", "last", "dd", "next")
#: Actions every run plays whole first, not counted.
WARM_UP = 6
#: The figures --check compares with and --record writes.
RECORDED = Path(__file__).with_suffix(".json")
#: How far above the recorded figure --check lets a card's count rise (and below it, before
#: asking for the new figure to be recorded).
TOLERANCE = 0.05
#: The actions --record counts when not told (fewer than a whole count's 40: CI's minutes).
CHECK_ACTIONS = 20
#: The games --game counts: the table's options, the hand's name in the printed lines, and
#: the actions counted when not told (a Preference hand has about 40 in all).
GAMES: dict[str, tuple[dict[str, Any], str, int]] = {
    "minibridge": ({"lesson": 5}, "a lesson-5 hand", 40),
    "preference": ({}, "a Preference hand", 34),
    "topgame": ({}, "a Top Game hand", 40),
    "piquet": ({}, "a Piquet hand", 40),
    "spades2": ({"deal_method": "selection"}, "a two-handed Spades hand", 40),
}
#: Seats in words, for the printed lines.
NUMBERS = {2: "two", 3: "three", 4: "four"}


def _django(database: Path | str) -> None:
    """Django set up on ``database``: a SQLite file, or a PostgreSQL database's URL."""
    text = str(database)
    os.environ["DATABASE_URL"] = text if "://" in text else f"sqlite:///{database}"
    # As deployed (bench/load.py's default): with DEBUG on, Django also keeps every query's text.
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
    # The sockets stage's pages send at the machine's speed (teaching.runtime.pace would
    # answer "Slow down"), and a worker's beat on Redis every second is not a card's work.
    os.environ.setdefault("SOCKET_BUDGET", "false")
    os.environ.setdefault("LAYER_WATCH", "false")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def prepare(database: Path | str, game: str = "minibridge", actions: int = 40) -> None:
    """A migrated SQLite file with one table of ``game``, a pupil in each of its seats, and
    its first deal: for MiniBridge a lesson-5 table of four; for another game the first of
    a row of fixed seeds whose hand lasts the ``actions`` after the warm-up."""
    _django(database)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from teaching.models import Table

    if game == "minibridge":
        from tests.teaching.outside import setup
        from tests.teaching.table_helpers import deal_one_that_is_played

        setup(pupils=4)
        # The same deals every time: the table's seed makes the deals after the first (the
        # hand whose end --hand-end counts), and the tables' seeds are random. Without it
        # each run counted another deal's end: 21 to 39 million instructions for the same
        # code.
        Table.objects.update(seed="card-instructions")
        # The first deal, and not one dealt again at once (Law 6).
        deal_one_that_is_played(Table.objects.get())
        return
    _seat_every_pupil(game, actions)


def _seat_every_pupil(game: str, actions: int) -> None:
    """A table of ``game`` with a pupil in every seat, on the first seed in a fixed row
    whose first hand, played by the robots' choices (as :func:`play` chooses), has
    ``WARM_UP + actions`` actions or more."""
    import random

    from django.db import transaction

    from games.registry import game_entry
    from games.robots import robot_for
    from teaching.accounts import services as services_accounts
    from teaching.classes import services as classes
    from teaching.models import Table
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services import seating

    teacher = services_accounts.teacher_signup(
        email="card-instructions@example.org", display_name="Alice",
        password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Robins", game="minibridge",
                                         options={"lesson": 5})
    classroom.robot_pause_ms = 0
    classroom.save()
    options = GAMES[game][0]
    seats = len(game_entry(game).seats) or 4
    pupils = classes.pupils_create(classroom=classroom, names="\n".join(
        ["Bob", "Carol", "Dora", "Ed"][:seats]), by=teacher)
    robot = robot_for(game, "beginner")

    class TooShort(Exception):
        """The seed's hand ends too soon: its table is rolled back."""

    for attempt in range(100):
        seed = f"card-instructions:{attempt}"
        seating.new_table_seed = lambda seed=seed: seed  # type: ignore[misc]
        try:
            with transaction.atomic():
                table = seating.table_create(classroom_id=classroom.id, name="Table 1",
                                             game=game, options=options, fill=pupils)
                state = hand_state(current_hand(table)).copy()
                rng, length = random.Random(1), 0
                while not state.is_over() and length < WARM_UP + actions:
                    seat = state.to_act()[0]
                    state.apply(seat, robot.choose(state.view(seat), rng))
                    length += 1
                if length < WARM_UP + actions or table.seats.filter(
                        pupil__isnull=True).exists():
                    raise TooShort
        except TooShort:
            continue
        assert Table.objects.count() == 1
        return
    raise SystemExit(f"no {game} hand of {WARM_UP + actions} actions in 100 seeds: "
                     "ask for fewer actions")


def play(database: Path | str, actions: int, stage: str, game: str = "minibridge") -> None:
    """Six actions of the hand played whole, then ``actions`` more, each as far as
    ``stage`` (run under valgrind)."""
    _django(database)
    import random

    from games.robots import robot_for
    from teaching.models import Table
    from teaching.tables import frames, selectors
    from teaching.tables.game_cache import current_hand, hand_state
    from teaching.tables.services.acting import table_act

    frames.compile_all()  # as the server does at its start (teaching.runtime.warm_up)
    frames.warm_cards()
    # And, as the server, no collections by Python itself (teaching.runtime.collector).
    gc.collect()
    gc.freeze()
    gc.disable()
    frames.keeping = not os.environ.get("CARD_INSTRUCTIONS_NOTHING_KEPT")
    table = Table.objects.get()
    users = {s.seat: s.pupil.user for s in table.seats.select_related("pupil__user")}
    # The hand's actions, chosen first by a robot on a copy of the engine's state, in every
    # run alike: what the runs count is the server's work for them, not the choosing.
    robot = robot_for(game, "beginner")
    rng = random.Random(1)
    state = hand_state(current_hand(table)).copy()
    chosen = []
    for _ in range(WARM_UP + actions):
        if state.is_over():
            raise SystemExit("the hand ended: ask for fewer actions")
        seat = state.to_act()[0]
        text = robot.choose(state.view(seat), rng)
        state.apply(seat, text)
        chosen.append((seat, text))

    def action(seat: Any, text: str, part: str) -> None:
        now = table_act(user=users[seat.value], table_id=table.id, text=text)
        if part == "action":
            return
        views = selectors.seated_views(now)
        if part == "views":
            return
        for view in views.values():  # teaching.tables.push.frames_of
            frames.render_frame(view, now.table)

    if stage == "sockets":
        _play_on_sockets(table, users, chosen)
        return
    # Every run plays the first few actions whole (first calls fill caches), uncounted.
    for seat, text in chosen[:WARM_UP]:
        action(seat, text, "frames")
    _counted(lambda: [action(seat, text, stage) for seat, text in chosen[WARM_UP:]])


def _play_on_sockets(table: Any, users: dict[str, Any], chosen: list[tuple[Any, str]]) -> None:
    """The ``sockets`` stage: the same actions sent as the pupils' pages send them, over four
    websockets of the site's own consumer (teaching.tables.consumers.TableConsumer, driven
    in the process through asgiref's communicator, as daphne drives it: each text encoded as
    daphne encodes it, but not its framing or the network), each action counted until every
    seat's socket has its frame: the card with what is around it, the hand-off to the
    database thread (on PostgreSQL), the channel layer (Redis with ``REDIS_URL``) and the
    four consumers' sending. Work done
    on the database thread is counted too: its work items run inside ``starmap`` while the
    actions are counted. (Channels' own test communicator patches its database helper with
    ``unittest.mock`` at every message, about 4,000 opcodes a card that no server spends.)"""
    import asyncio
    import concurrent.futures.thread as pool_threads
    import json

    from asgiref.testing import ApplicationCommunicator

    from teaching.tables.consumers import TableConsumer

    app = TableConsumer.as_asgi()
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    path = f"/ws/table/{table.id}/"

    async def opened(user: Any) -> ApplicationCommunicator:
        socket = ApplicationCommunicator(app, {
            "type": "websocket", "path": path, "query_string": b"", "headers": [],
            "subprotocols": [], "user": user,
            "url_route": {"args": (), "kwargs": {"table_id": table.id}}})
        await socket.send_input({"type": "websocket.connect"})
        if (await socket.receive_output(60))["type"] != "websocket.accept":
            raise SystemExit("a pupil's socket was refused")
        await socket.receive_output(60)  # the table as it is
        return socket

    sockets = {seat: loop.run_until_complete(opened(user)) for seat, user in users.items()}

    async def played(actions: list[tuple[Any, str]]) -> None:
        for seat, text in actions:
            await sockets[seat.value].send_input(
                {"type": "websocket.receive", "text": json.dumps({"action": text})})
            for socket in sockets.values():
                frame = (await socket.receive_output(60)).get("text") or ""
                # What daphne does with a text it is given to send: encode it (its framing
                # and the write are not counted here).
                frame.encode("utf-8")
                error = frame.find('class="table-error"')
                if error != -1 and error < frame.find('id="table-body"'):
                    raise SystemExit(f"{text} was refused: {frame[:300]}")

    loop.run_until_complete(played(chosen[:WARM_UP]))
    # The database thread's work items (PostgreSQL), counted as the loop's are.
    run = pool_threads._WorkItem.run
    pool_threads._WorkItem.run = lambda item: next(  # type: ignore[method-assign]
        itertools.starmap(run, [(item,)]))
    _counted(lambda: loop.run_until_complete(played(chosen[WARM_UP:])))
    pool_threads._WorkItem.run = run  # type: ignore[method-assign]

    async def closed(socket: ApplicationCommunicator) -> None:
        await socket.send_input({"type": "websocket.disconnect", "code": 1000})
        await socket.wait(10)

    for socket in sockets.values():
        loop.run_until_complete(closed(socket))


def _counted(work: Any) -> None:
    """``work()``, the only part of the run callgrind counts: it is called from C, by
    ``itertools.starmap``'s ``next`` (``starmap_next``), on whose entry and exit the
    runs toggle the counting (``--toggle-collect=starmap_next``). Nothing the server does
    for a card calls ``starmap`` (the standard library's ``Counter.elements`` alone does),
    which would toggle it off inside."""
    next(itertools.starmap(work, [()]))


def play_hand_end(database: Path | str, stage: str) -> None:
    """A hand played whole, its end included (the warm-up), then the next hand played but
    for its last action, and that hand's end as far as ``stage``: the last card with its
    four summary frames (and the double-dummy table stored), then the four sockets
    rendering the summary again with that table in it, then "Next deal" from a socket
    with the new hand's four frames (run under valgrind). ``step:<last|dd|next>``: as far as
    that step, counting only its own calls on this thread (:func:`_counted`)."""
    _django(database)
    import random
    import uuid

    from games.robots import robot_for
    from teaching.models import Table
    from teaching.tables import frames, push
    from teaching.tables.analysis import analyses_wait
    from teaching.tables.consumers import render_for_player
    from teaching.tables.game_cache import current_hand, hand_state

    frames.compile_all()  # as the server does at its start (teaching.runtime.warm_up)
    frames.warm_cards()
    _sockets_loop()
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

    # "step:<name>": the run goes as far as that step, and only the main thread's work in
    # the step's own calls is counted (:func:`_counted`), not the analysis thread's.
    counted_step = stage.removeprefix("step:") if stage.startswith("step:") else None
    as_far_as_stage = counted_step or stage

    def step(name: str, work: Any) -> None:
        if name == counted_step and counting:
            _counted(work)
        else:
            work()

    def hand_end(last: tuple[Any, str], as_far_as: str) -> None:
        seat, text = last
        number = current_hand(table).number
        step("last", lambda: push.act_and_render(users[seat.value], table.id, text, None, None))
        analyses_wait()  # the table's double-dummy table, solved by another process
        if as_far_as == "last":
            return
        stamp = uuid.uuid4().hex  # teaching.tables.announce.notify_table's

        def renders() -> None:
            for user in users.values():  # each socket hearing of it (consumers.send_table)
                render_for_player(user, table.id, "", stamp, None)

        step("dd", renders)
        if as_far_as == "dd":
            return
        step("next", lambda: push.deal_and_render(users["N"], table.id, "next", number))

    counting = False
    for first in (True, False):
        chosen = chosen_hand()
        for seat, text in chosen[:-1]:
            push.act_and_render(users[seat.value], table.id, text, None, None)
        if not first and stage == "none":
            return
        counting = not first
        hand_end(chosen[-1], "next" if first else as_far_as_stage)


def _sockets_loop() -> None:
    """An event loop on a thread of its own, known as the sockets' loop, as the server has
    one: the analysis thread announces the stored double-dummy table on it
    (teaching.tables.announce.notify_table). Without it the announcement ran on a new event
    loop made for each call (``async_to_sync``), about 1.3 ms a call that the server never
    spends, counted in the last card's step."""
    import asyncio
    import threading

    from teaching.tables.announce import sockets_served_here

    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="sockets", daemon=True).start()

    async def served() -> None:
        sockets_served_here()

    asyncio.run_coroutine_threadsafe(served(), loop).result(timeout=10)


def _run_counted(prepared: Path | str, actions: int, stage: str, nothing_kept: bool = False,
                 game: str = "minibridge", redis: str | None = None) -> int:
    """Instructions of one run of :func:`play` under callgrind, from a fresh copy of the
    prepared database (a SQLite file's copy, or a PostgreSQL database made from it as a
    template): the counted actions alone (:func:`_counted`), or for a hand's end (a stage
    ``end:...``) the whole run."""
    with _fresh_copy(prepared) as database:
        # PYTHONHASHSEED: the same dicts' and sets' orders every run. OPENBLAS_NUM_THREADS:
        # were numpy loaded (the review's solver, the hand's end), OpenBLAS's idle threads
        # would spin a varying while, and callgrind count it (about 2.5 million a run).
        env = {**os.environ, "PYTHONHASHSEED": "0", "CARD_INSTRUCTIONS_GAME": game,
               "OPENBLAS_NUM_THREADS": "1"}
        if nothing_kept:
            env["CARD_INSTRUCTIONS_NOTHING_KEPT"] = "1"
        if redis is not None:  # the channel layer a scaled worker has, on a prefix of its own
            env["REDIS_URL"], env["REDIS_PREFIX"] = redis, f"card-instructions-{os.getpid()}"
        region = [] if stage.startswith("end:") and not stage.startswith("end:step:") else [
            "--collect-atstart=no", "--toggle-collect=starmap_next"]
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *region,
             sys.executable, __file__, "--play", str(database), str(actions), stage],
            capture_output=True, text=True, env=env, check=False)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode != 0 or found is None:
            raise SystemExit(f"valgrind run {stage} failed:\n{run.stderr[-2000:]}")
        return int(found.group(1))


@contextlib.contextmanager
def _fresh_copy(prepared: Path | str) -> Iterator[Path | str]:
    """A copy of the prepared database for one run, removed after it."""
    if isinstance(prepared, Path):
        directory = Path(tempfile.mkdtemp(prefix="card-instructions-"))
        try:
            database = directory / "db.sqlite3"
            shutil.copy(prepared, database)
            yield database
        finally:
            shutil.rmtree(directory, ignore_errors=True)
        return
    server, _, template = prepared.rpartition("/")
    name = f"{template}_run_{next(_runs)}"
    _postgres(server, f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield f"{server}/{name}"
    finally:
        _postgres(server, f'DROP DATABASE IF EXISTS "{name}"')


_runs = itertools.count(1)


def _postgres(server: str, statement: str) -> None:
    """One statement on the PostgreSQL server's own database (making or dropping one)."""
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True, connect_timeout=5) as admin:
        admin.execute(statement)  # type: ignore[arg-type]


def _count(game: str, actions: int, stages: tuple[str, ...], nothing_kept: bool = False,
           postgres: str | None = None, redis: str | None = None) -> dict[str, int]:
    """Each of ``stages`` counted under valgrind, two runs at a time (a hand's end's one at a
    time), from one prepared database: a SQLite file, or with ``postgres`` (a server's URL)
    a database on that server, dropped afterwards."""
    # A hand's end waits for the double-dummy solver, a process at SCHED_IDLE: two valgrind
    # runs on two cores left it no time, it did not answer within the run's wait, and the
    # runs of one count took different paths (a negative step, 2026-12-06).
    at_once = 1 if any(stage.startswith("end:") for stage in stages) else 2
    directory = Path(tempfile.mkdtemp(prefix="card-instructions-"))
    prepared: Path | str = directory / "prepared.sqlite3"
    if postgres is not None:
        server = postgres.rstrip("/")
        name = f"card_instructions_{os.getpid()}"
        _postgres(server, f'DROP DATABASE IF EXISTS "{name}"')
        _postgres(server, f'CREATE DATABASE "{name}"')
        prepared = f"{server}/{name}"
    try:
        subprocess.run([sys.executable, __file__, "--play", str(prepared), str(actions), game],
                       check=True, env={**os.environ, "CARD_INSTRUCTIONS_PREPARE": "1"})
        with ThreadPoolExecutor(max_workers=at_once) as pool:
            counts = pool.map(
                lambda stage: _run_counted(prepared, actions, stage, nothing_kept, game, redis),
                stages)
            return dict(zip(stages, counts, strict=True))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
        if isinstance(prepared, str):
            server, _, name = prepared.rpartition("/")
            _postgres(server, f'DROP DATABASE IF EXISTS "{name}"')


def _seats(game: str) -> str:
    from games.registry import game_entry

    return NUMBERS.get(len(game_entry(game).seats), str(len(game_entry(game).seats)))


def _recorded() -> dict[str, Any]:
    if not RECORDED.exists():
        return {}
    figures: dict[str, Any] = json.loads(RECORDED.read_text())
    return figures


def check(games: list[str], record: bool, actions: int | None) -> int:
    """Count each game's card in all and compare it with (``record``: write it to) the
    recorded figures. 1 when a game's card costs more than 5 % above its recorded figure."""
    recorded = _recorded()
    games = games or [game for game in GAMES if game in recorded] or ["minibridge"]
    failed = False
    for game in games:
        if not record and game not in recorded:
            print(f"{game}: no recorded figure in {RECORDED.name} "
                  f"(python bench/card_instructions.py --record --game {game})")
            failed = True
            continue
        wanted = actions or (CHECK_ACTIONS if record else recorded[game]["actions"])
        figure = _count(game, wanted, ("frames",))["frames"] / wanted
        if record:
            recorded[game] = {"actions": wanted, "all": round(figure)}
            print(f"{game}: a card's work in the process, all {figure / 1e6:.2f} million "
                  f"instructions an action over {wanted} actions: recorded")
            continue
        was = recorded[game]["all"]
        line = (f"{game}: a card's work in the process, all {figure / 1e6:.2f} million "
                f"instructions an action over {wanted} actions; recorded {was / 1e6:.2f}")
        if figure > was * (1 + TOLERANCE):
            print(f"{line}: {figure / was - 1:+.1%}, more than {TOLERANCE:.0%} above the "
                  "recorded figure. FAILED")
            failed = True
        elif figure < was * (1 - TOLERANCE):
            print(f"{line}: {figure / was - 1:+.1%}, more than {TOLERANCE:.0%} below it: "
                  f"record the new figure (python bench/card_instructions.py --record "
                  f"--game {game}) and commit {RECORDED.name}")
        else:
            print(f"{line}: {figure / was - 1:+.1%}, within {TOLERANCE:.0%}")
    if record:
        RECORDED.write_text(json.dumps(recorded, indent=2, sort_keys=True) + "\n")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=tuple(GAMES),
                        help="the game whose card is counted (minibridge when not told; "
                             "with --check and --record, repeated for several)")
    parser.add_argument("--actions", type=int,
                        help="actions counted (40 when not told, 34 for Preference; a lesson-5 "
                             "hand has about 58, six are played first; --check: the recorded "
                             "number; --record: 20)")
    parser.add_argument("--nothing-kept", action="store_true",
                        help="render every piece of every frame (frames.kept off)")
    parser.add_argument("--hand-end", action="store_true",
                        help="count a hand's end instead (MiniBridge): the last card, the "
                             "double-dummy table announced, the next deal")
    parser.add_argument("--postgres", metavar="URL",
                        help="count on a PostgreSQL server (postgres://user@host:port) instead "
                             "of SQLite: a scaled worker's card (a database made there for the "
                             "count, dropped afterwards)")
    parser.add_argument("--sockets", action="store_true",
                        help="also count the same actions sent over four websockets of the "
                             "site's consumer, each until every seat has its frame: the card "
                             "with what is around it")
    parser.add_argument("--redis", metavar="URL",
                        help="with --sockets, the channel layer on this Redis server (as a "
                             "scaled worker's) instead of the in-memory one")
    guard = parser.add_mutually_exclusive_group()
    guard.add_argument("--check", action="store_true",
                       help=f"fail when a card costs more than {TOLERANCE * 100:.0f} %% above the "
                            f"figure in {RECORDED.name}")
    parser.add_argument("--steps", action="store_true",
                        help="with --hand-end, also count each step's own calls on the main "
                             "thread alone (three more runs): figures the analysis thread's "
                             "timing does not move")
    guard.add_argument("--record", action="store_true",
                       help=f"count a card in all and write the figure to {RECORDED.name}")
    parser.add_argument("--play", nargs=3, metavar=("DATABASE", "ACTIONS", "STAGE"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        stage = args.play[2]
        database: Path | str = (args.play[0] if "://" in args.play[0] else Path(args.play[0]))
        game = os.environ.get("CARD_INSTRUCTIONS_GAME", "minibridge")
        if stage.startswith("end:"):
            play_hand_end(database, stage.removeprefix("end:"))
        else:
            play(database, int(args.play[1]), stage, game)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt-get install -y valgrind", file=sys.stderr)
        return 2
    if args.check or args.record:
        if args.postgres:
            parser.error("--check and --record count on SQLite (the recorded figures)")
        return check(args.game or [], args.record, args.actions)
    if args.game and len(args.game) > 1:
        parser.error("one --game at a time, but with --check or --record")
    game = args.game[0] if args.game else "minibridge"
    if args.steps and not args.hand_end:
        parser.error("--steps counts the steps of a hand's end: give --hand-end too")
    if args.hand_end and game != "minibridge":
        parser.error("--hand-end counts a MiniBridge hand's end only")
    actions = args.actions or GAMES[game][2]
    if args.hand_end:
        counted = _count(game, actions, tuple(f"end:{stage}" for stage in END_STAGES),
                         postgres=args.postgres)
        counted = {stage.removeprefix("end:"): count for stage, count in counted.items()}
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
        if args.steps:
            steps = _count(game, actions, tuple(f"end:step:{name}" for name in END_STAGES[1:]),
                           postgres=args.postgres)
            print("Each step's own calls on the main thread alone (not the analysis "
                  "thread's): ")
            for name, words in (("last", "the last card, its four summary frames"),
                                ("dd", "the double-dummy table, four renders"),
                                ("next", "\"Next deal\", the new hand's four frames")):
                print(f"  {words:<40}{steps[f'end:step:{name}'] / 1e6:7.2f}")
            print(f"  {'the three steps, all':<40}{sum(steps.values()) / 1e6:7.2f}")
        return 0
    if args.redis and not args.sockets:
        parser.error("--redis is the sockets' channel layer: give --sockets too")
    stages = STAGES + (("sockets",) if args.sockets else ())
    counted = _count(game, actions, stages, args.nothing_kept, args.postgres, args.redis)
    per_action = {stage: counted[stage] / actions for stage in stages}
    seats = _seats(game)
    print(f"{actions} actions of {GAMES[game][1]} (after the first {WARM_UP}), {seats} pupils "
          f"seated{', on PostgreSQL' if args.postgres else ''}; millions of instructions an "
          "action:")
    print(f"  the action (read, check, write, commit)  {per_action['action'] / 1e6:7.2f}")
    print(f"  the {seats} seats' views{' ' * (24 - len(seats))}"
          f"{(per_action['views'] - per_action['action']) / 1e6:7.2f}")
    print(f"  the {seats} frames{' ' * (30 - len(seats))}"
          f"{(per_action['frames'] - per_action['views']) / 1e6:7.2f}")
    print(f"  a card's work in the process, all        {per_action['frames'] / 1e6:7.2f}")
    if args.sockets:
        layer = "Redis" if args.redis else "in memory"
        around = f"  around it: the sockets, the layer ({layer})"
        print(f"{around:<43}{(per_action['sockets'] - per_action['frames']) / 1e6:7.2f}")
        through = f"  a card through the {seats} sockets, all"
        print(f"{through:<43}{per_action['sockets'] / 1e6:7.2f}")
    return 0


if __name__ == "__main__":
    if os.environ.pop("CARD_INSTRUCTIONS_PREPARE", None):
        prepare(sys.argv[2] if "://" in sys.argv[2] else Path(sys.argv[2]), sys.argv[4],
                int(sys.argv[3]))
        raise SystemExit(0)
    raise SystemExit(main())
