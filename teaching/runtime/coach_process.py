"""The coach's hints in a process of their own, beside the players' cards.

A hint costs the coach under 20 ms of CPU on average, and up to most of a second at a
costly position (the robots' play-outs it samples). Computed in the server, that work
held Python's lock against the event loop that serves every table's cards, and the loop
held it against the hint. Here it runs in a child process (teaching.runtime.child_process,
the machinery the double-dummy solver uses), at a slightly lowered priority (:data:`NICE`):
unlike the solver's (``SCHED_IDLE``, nice 19), a hint has a pupil waiting for it, and a
child that runs only when both cores are idle would answer nothing while a class plays.
The cards still come first: the loop's share of a busy core is three times the child's.

Only the engine's ``games.registry:coach_hint`` runs there, given the pupil's own seat
view (a value that pickles) and the seed: the coach sees there exactly what it sees here.
Until the child has answered once (:func:`ready`), hints are computed in the server. The
site's side (the cache of hints, the time limit, the fallback to the calling thread) is
teaching.coach.services's.

Decision: docs/decisions/0850-hints-in-their-own-process.md; figures: docs/benchmarks.md,
"bench/coach_load.py".
"""

from __future__ import annotations

import threading

from teaching.runtime.child_process import (
    ChildProcess,
    ChildUnavailable,
    first_steps,
    lower_priority,
)

#: The coach's priority: a little below the server's (0), far above the solver's (19).
NICE = 5
#: The coach's function, run in the child.
HINT = "games.registry:coach_hint"


class CoachUnavailable(ChildUnavailable):
    """The coach's process could not answer (it died or the server is stopping)."""


def beside_the_cards() -> None:
    """The coach's child's first steps: deaf to Ctrl-C, ended with the server, its
    priority lowered a little (:data:`NICE`)."""
    first_steps()
    lower_priority(NICE)


#: The coach's process.
COACH = ChildProcess("coach", beside_the_cards, error=CoachUnavailable)


def _ready() -> bool:
    """Run in the child: every game's coach imported, so that no pupil's hint pays for it."""
    import importlib

    from games.registry import catalogue

    for entry in catalogue():
        if entry.coach is not None:
            importlib.import_module(entry.coach)
    return True


def start_soon() -> threading.Thread:
    """Start the coach's process now, from a thread of its own, instead of at the first
    press of Help (a new interpreter takes a few tenths of a second to start)."""
    return COACH.start_soon("teaching.runtime.coach_process:_ready")


def ready() -> bool:
    """Whether the coach's process has answered once: until then (a server just started,
    a child just replaced) a hint is computed in the server, and the process is started
    meanwhile, so that the first pupil to press Help does not wait for a new interpreter
    (1.4-2.0 s, bench/coach_load.py --tables 2)."""
    if COACH.ready.is_set():
        return True
    COACH.start_once("teaching.runtime.coach_process:_ready")
    return False


def shut_down() -> None:
    """Stop the coach's process, if one was started (tests; it ends with the server)."""
    COACH.shut_down()
