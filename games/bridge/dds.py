"""DDS (through endplay), one solve at a time in the whole process.

DDS keeps its working memory in process-wide tables. Two Python threads
solving at once corrupt them: DDS prints "Sum 5 is not four" and the
process dies of a segmentation fault. The server solves on several threads
(each finished hand's double-dummy table in the background, the expert
robots on the robots' thread, hand records for a duplicate session), so
every call into DDS goes through this module, which lets one in at a time.
DDS still uses all the cores for a call by its own threads.

tests/games/test_dds.py solves on several threads at once in a child
process, which used to crash.
"""

from __future__ import annotations

import threading
from typing import Any

from endplay import _dds as _dds_library
from endplay import dds as _dds

_one_at_a_time = threading.Lock()


def solve_on_one_thread() -> None:
    """DDS solves each call on one thread from now on (its default is one a core): for a
    process that solves in the background and must leave the other cores to the server."""
    with _one_at_a_time:
        _dds_library.SetMaxThreads(1)


def calc_dd_table(deal: Any) -> Any:
    with _one_at_a_time:
        return _dds.calc_dd_table(deal)


def calc_all_tables(deals: Any, **options: Any) -> Any:
    with _one_at_a_time:
        return _dds.calc_all_tables(deals, **options)


def solve_board(deal: Any) -> Any:
    with _one_at_a_time:
        return list(_dds.solve_board(deal))


def solve_all_boards(deals: Any) -> Any:
    with _one_at_a_time:
        return [list(solved) for solved in _dds.solve_all_boards(deals)]


def analyse_play(deal: Any, plays: Any) -> Any:
    with _one_at_a_time:
        return _dds.analyse_play(deal, plays)


def par(table: Any, vulnerability: Any, dealer: Any) -> Any:
    with _one_at_a_time:
        return _dds.par(table, vulnerability, dealer)
