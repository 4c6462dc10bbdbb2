"""``python manage.py score_pbn FILE``: rank the pairs of a club's PBN results file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.duplicate import ranking_csv, ranking_text, score_pbn_text


class Command(BaseCommand):
    help = ("Score a PBN file that carries a ScoreTable per board (pair numbers and "
            "Score_NS, or contract, declarer and result) and print the ranking with "
            "percentages, scored by matchpoints. Artificial scores (A5050, A6040, A4060; "
            "Ruter's A+/A=/A-) count as Law 12C2 averages.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the PBN file")
        parser.add_argument("--csv", action="store_true",
                            help="print CSV: direction, pair, matchpoints, percentage")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
        try:
            ranking = score_pbn_text(_decode(data))
        except ValueError as exc:
            raise CommandError(f"{path}: {exc}") from exc
        self.stdout.write(ranking_csv(ranking) if options["csv"] else ranking_text(ranking),
                          ending="")
        if options["csv"] and ranking.notes:
            self.stderr.write("\n".join(ranking.notes))


def _decode(data: bytes) -> str:
    """PBN files come in UTF-8 or, from older club programs, Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
