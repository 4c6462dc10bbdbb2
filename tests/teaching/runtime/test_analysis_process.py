"""The solver process: DDS away from the server's threads (teaching.runtime.analysis_process)."""

from __future__ import annotations

import itertools
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.bridge.analysis import dd_table, par
from games.deals import Deal
from teaching.runtime import analysis_process, child_process

#: Module-level functions the solver process can import by name.
HELPERS = "tests.teaching.solver_helpers:"


@pytest.fixture(autouse=True)
def fresh_solver() -> Iterator[None]:
    analysis_process.shut_down()
    yield
    analysis_process.shut_down()


def test_a_deal_solved_in_the_solver_process_gives_the_same_table_as_here() -> None:
    deal = Deal.for_board(7, random.Random(7))

    solved = analysis_process.solve("games.bridge.analysis:dd_table_data", deal)

    assert solved == dd_table(deal).as_data()


def test_a_hand_record_solved_there_has_the_table_and_par() -> None:
    deal = Deal.for_board(3, random.Random(3))

    record = analysis_process.solve("games.bridge.analysis:hand_record_data", deal)

    expected = par(deal)
    assert record["dd"] == dd_table(deal).as_data()
    assert record["par"] == {"score": expected.score, "contracts": list(expected.contracts)}


def test_the_solver_is_another_process_at_the_lowest_priority() -> None:
    assert analysis_process.solve(HELPERS + "process_id") != os.getpid()
    assert analysis_process.solve(HELPERS + "priority") == 19
    assert os.getpriority(os.PRIO_PROCESS, 0) != 19  # the server's own is untouched


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_on_linux_the_solver_runs_only_on_a_core_nothing_else_wants() -> None:
    assert analysis_process.solve(HELPERS + "scheduling_policy") == os.SCHED_IDLE
    assert os.sched_getscheduler(0) != os.SCHED_IDLE  # the server's own is untouched


def test_one_process_answers_call_after_call() -> None:
    first = analysis_process.solve(HELPERS + "process_id")

    assert [analysis_process.solve(HELPERS + "add", n, 1) for n in range(3)] == [1, 2, 3]
    assert analysis_process.solve(HELPERS + "process_id") == first


def test_an_error_in_the_solver_reaches_the_caller_and_the_process_goes_on() -> None:
    first = analysis_process.solve(HELPERS + "process_id")

    with pytest.raises(ValueError, match="not four hands"):
        analysis_process.solve(HELPERS + "refuse", "not four hands")

    assert analysis_process.solve(HELPERS + "process_id") == first


def test_a_solver_that_dies_is_reported_and_the_next_call_starts_another() -> None:
    first = analysis_process.solve(HELPERS + "process_id")

    with pytest.raises(analysis_process.SolverUnavailable, match="died"):
        analysis_process.solve(HELPERS + "die")

    assert analysis_process.solve(HELPERS + "add", 2, 2) == 4
    assert analysis_process.solve(HELPERS + "process_id") != first


def test_where_no_process_can_start_the_call_solves_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_processes(*args: object, **kwargs: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(child_process, "ProcessPoolExecutor", no_processes)
    monkeypatch.setattr(analysis_process.SOLVER, "unavailable", False)

    assert analysis_process.solve(HELPERS + "process_id") == os.getpid()


def test_started_early_the_solver_is_up_before_the_first_hand_ends() -> None:
    analysis_process.start_soon().join(timeout=60)

    assert analysis_process.SOLVER.pool is not None  # started, and imported the engine's analysis
    assert analysis_process.solve(HELPERS + "add", 1, 1) == 2


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")  # ended; only its parent's (here: nobody's) reaping is left


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
def test_a_server_killed_outright_takes_its_solver_with_it() -> None:
    """Stopped properly a server ends its solver; killed (a crash, SIGKILL) it cannot,
    and the solver must not stay behind, waiting for work for ever."""
    server = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\n"
         "from teaching.runtime import analysis_process\n"
         f"print(analysis_process.solve({HELPERS + 'process_id'!r}), flush=True)\n"
         "time.sleep(120)\n"],
        cwd=Path(__file__).resolve().parents[3], stdout=subprocess.PIPE, text=True)
    try:
        solver = int(server.stdout.readline())
        assert not _gone(solver)

        server.kill()
        server.wait(10)

        deadline = time.monotonic() + 10
        while not _gone(solver) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _gone(solver)
    finally:
        server.kill()


def test_the_solver_says_when_the_server_is_stopping(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import process as futures_process

    assert not analysis_process.stopping()
    monkeypatch.setattr(futures_process, "_global_shutdown", True)  # as the interpreter exits
    assert analysis_process.stopping()


def _waiting_for_work(pid: int) -> bool:
    """Whether the process is blocked reading its request pipe (the kernel's name for
    the wait, where it gives one)."""
    try:
        return "pipe_read" in Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
def test_ctrl_c_stops_the_server_and_its_solver_without_a_traceback() -> None:
    """Ctrl-C in the terminal of `make run` reaches the whole process group: the server
    stops, and the solver, waiting for work, says nothing."""
    server = subprocess.Popen(
        [sys.executable, "-c",
         "import time\n"
         "from teaching.runtime import analysis_process\n"
         # The solver's number is printed inside the try, so that Ctrl-C, which follows it,
         # cannot come before the server is ready to say it stopped.
         "try:\n"
         f"    print(analysis_process.solve({HELPERS + 'process_id'!r}), flush=True)\n"
         "    time.sleep(120)\n"
         "except KeyboardInterrupt:\n"
         "    print('stopped', flush=True)\n"],
        cwd=Path(__file__).resolve().parents[3], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        solver = int(server.stdout.readline())
        # Where the kernel names the wait, Ctrl-C comes while the solver waits for work,
        # as it does after a lesson; elsewhere it comes at once, which must be quiet too.
        deadline = time.monotonic() + 10
        while not _waiting_for_work(solver) and time.monotonic() < deadline:
            time.sleep(0.05)

        os.killpg(server.pid, signal.SIGINT)
        out, err = server.communicate(timeout=30)

        assert "stopped" in out
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        deadline = time.monotonic() + 10
        while not _gone(solver) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _gone(solver)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)


def _solving_spans(directory: Path, slots: int, solvers: int) -> list[tuple[float, float]]:
    """``solvers`` threads each solving once (a sleep) in one of the machine's places."""
    import threading

    spans: list[tuple[float, float]] = []
    start = threading.Barrier(solvers)

    def solver() -> None:
        start.wait()
        with analysis_process.machine_solving_slot(str(directory), slots):
            began = time.monotonic()
            time.sleep(0.15)
            spans.append((began, time.monotonic()))

    threads = [threading.Thread(target=solver) for _ in range(solvers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    return sorted(spans)


def test_the_workers_solvers_solve_one_at_a_time_where_the_machine_has_one_place(
        tmp_path: Path) -> None:
    """Two workers' solvers on a two-core machine: one solves while the other waits."""
    spans = _solving_spans(tmp_path, slots=1, solvers=3)

    assert len(spans) == 3, "every solve was done"
    for earlier, later in itertools.pairwise(spans):
        assert later[0] >= earlier[1] - 0.01, f"two solves at once: {spans}"


def test_a_machine_with_two_places_solves_two_at_once(tmp_path: Path) -> None:
    spans = _solving_spans(tmp_path, slots=2, solvers=2)

    assert len(spans) == 2
    assert spans[1][0] < spans[0][1], f"the two solves did not overlap: {spans}"


def test_the_solver_process_s_call_waits_while_another_holds_the_only_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the solver process runs for each solve waits for a place another solver holds."""
    import fcntl
    import threading

    monkeypatch.setattr(analysis_process.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(analysis_process, "SOLVING_AT_ONCE", 1)
    with analysis_process.machine_solving_slot(str(tmp_path), 1):
        pass  # the lock file exists
    (lock,) = tmp_path.glob("cardclass-solving-*.lock")
    with open(lock) as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # this test holds the machine's only place
        started = time.monotonic()
        timer = threading.Timer(0.3, fcntl.flock, (held, fcntl.LOCK_UN))
        timer.start()
        assert analysis_process._call_in_turn(HELPERS + "process_id", (), {}) == os.getpid()
        assert time.monotonic() - started >= 0.25, "the solve waited for the place"
        timer.join()


def test_the_places_are_where_the_deployment_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under systemd each worker has a /tmp of its own: the units name a shared folder."""
    monkeypatch.setenv("CARDCLASS_SOLVING_LOCKS", str(tmp_path))
    with analysis_process.machine_solving_slot(slots=1):
        pass

    assert list(tmp_path.glob("cardclass-solving-*.lock"))


def test_a_folder_for_the_places_that_is_not_there_yet_is_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deployment naming a folder no unit created: the solves take turns all the same."""
    folder = tmp_path / "run" / "cardclass"
    monkeypatch.setenv("CARDCLASS_SOLVING_LOCKS", str(folder))
    with analysis_process.machine_solving_slot(slots=1):
        pass

    assert list(folder.glob("cardclass-solving-*.lock"))


def test_where_the_places_cannot_be_made_the_hand_is_solved_all_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A folder the worker may not write (here a file stands where it should be): the
    pupils still get their double-dummy table, and the log says what to mend."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("CARDCLASS_SOLVING_LOCKS", str(blocked / "places"))
    monkeypatch.setattr(analysis_process, "_warned", set())
    solved = []
    with caplog.at_level("WARNING", logger=analysis_process.__name__):
        for _ in range(2):
            with analysis_process.machine_solving_slot(slots=1):
                solved.append(True)

    assert solved == [True, True]
    warnings = [r.getMessage() for r in caplog.records if "without taking turns" in r.getMessage()]
    assert len(warnings) == 1, "said once, not at every hand"
    assert "CARDCLASS_SOLVING_LOCKS" in warnings[0]
