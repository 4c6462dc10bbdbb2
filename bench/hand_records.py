"""Benchmark: hand records of a 36-board duplicate session through our service
path against endplay's own time for the same boards.

Run from the repository root: ``python bench/hand_records.py``. The service
path is what the teacher's "work out the makeable contracts and par" button
runs in its thread (``teaching.duplicate.services.hand_records_compute``): for each
board the deal is read from the database, solved (dd table, then par from the
same table), stored with the board, and the progress counter bumped. endplay
direct is ``calc_dd_table`` + ``par`` on the same deals. The issue's target:
within 1.2x. Uses a throwaway SQLite file.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
_DB = Path(tempfile.mkdtemp()) / "bench.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{_DB}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "teaching.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from endplay import dds as ep_dds  # noqa: E402
from endplay import types as ep  # noqa: E402

from games.deals import Deal  # noqa: E402
from teaching.accounts import services as services_accounts  # noqa: E402
from teaching.classes import services as classes  # noqa: E402
from teaching.duplicate import services as dup  # noqa: E402
from teaching.models import DuplicateSession, SessionBoard  # noqa: E402

BOARDS = 36
RUNS = 5
TARGET_RATIO = 1.2
_VUL = {"None": ep.Vul.none, "NS": ep.Vul.ns, "EW": ep.Vul.ew, "All": ep.Vul.both}
_PLAYER = {"N": ep.Player.north, "E": ep.Player.east, "S": ep.Player.south, "W": ep.Player.west}


def _session() -> DuplicateSession:
    call_command("migrate", verbosity=0)
    teacher = services_accounts.teacher_signup(email="bench@example.org", display_name="Bench",
                                               password="a long enough password 7")
    classroom = classes.classroom_create(owner=teacher, name="Bench", game="minibridge",
                                         options={"lesson": 5})
    session = DuplicateSession.objects.create(
        classroom=classroom, title="Bench", options={"lesson": 5}, movement_kind="howell",
        pairs_total=10, boards_per_round=4)
    SessionBoard.objects.bulk_create(
        SessionBoard(session=session, number=d.board, deal=d.to_data())
        for d in dup.boards_seeded(seed="bench", count=BOARDS))
    return session


def _direct(deals: list[Deal]) -> None:
    for deal in deals:
        table = ep_dds.calc_dd_table(ep.Deal(deal.pbn()))
        ep_dds.par(table, _VUL[deal.vulnerability.value], _PLAYER[deal.dealer.value])


def _ours(session: DuplicateSession) -> None:
    SessionBoard.objects.filter(session=session).update(record=None)
    DuplicateSession.objects.filter(pk=session.pk).update(records_done=0)
    assert dup.hand_records_compute(session_id=session.pk) == BOARDS


def main() -> None:
    session = _session()
    deals = [Deal.from_data(b.deal) for b in session.boards.all()]
    _direct(deals[:2])  # warm up DDS's tables
    direct, ours = [], []
    for _ in range(RUNS):  # interleaved, so other load slows both alike
        start = time.perf_counter()
        _direct(deals)
        direct.append(time.perf_counter() - start)
        start = time.perf_counter()
        _ours(session)
        ours.append(time.perf_counter() - start)
    d, o = statistics.median(direct), statistics.median(ours)
    print(f"{BOARDS} boards, median of {RUNS} runs")
    print(f"endplay direct (calc_dd_table + par): {d * 1000:8.1f} ms")
    print(f"service path (hand_records_compute):  {o * 1000:8.1f} ms")
    print(f"ratio {o / d:.3f} (target <= {TARGET_RATIO})")


if __name__ == "__main__":
    main()
