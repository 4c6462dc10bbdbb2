"""Rebuild docs/decisions/README.md, the index of the decision records.

Usage: python scripts/decisions_index.py [--check]

Each record is docs/decisions/NNNN-short-title.md and begins::

    # NNNN. Title
    <blank line>
    Status: accepted            (or: superseded by NNNN)
    Area: MiniBridge rules      (optional: the game or part of the project)
    Date: ...                   (optional)

The index lists every record by area (number, title, status), links the per-game rule
readings in docs/rules/ and the other documents in docs/. It is generated: edit the records,
never the index. With ``--check`` nothing is written and the exit status is 1 when the index
is out of date or a record is malformed (tests/test_docs.py runs the same checks).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DECISIONS = DOCS / "decisions"
INDEX_NAME = "README.md"

RECORD_NAME = re.compile(r"^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$")
TITLE = re.compile(r"^# (\d{4})\. (\S.*)$")
STATUS = re.compile(r"^Status: (accepted|proposed|superseded by (\d{4}))(?:[,;(].*)?$")
AREA = re.compile(r"^Area: (\S.*)$")
# How far down the header lines (Status, Area, Date) may be looked for.
HEADER_LINES = 8

#: Areas in the order the index shows them; any other area follows, alphabetically, and
#: records without an Area line come last under "Other".
AREA_ORDER = (
    "project",
    "engine",
    "MiniBridge rules",
    "MiniBridge robots",
    "Spades rules",
    "Spades robot",
    "PBN and double-dummy analysis",
    "duplicate",
    "results",
    "league",
    "accounts",
    "site",
    "real-time/speed",
    "tests",
)
OTHER_AREA = "Other"

#: Documents outside the records that the index points to, when they exist.
OTHER_DOCUMENTS = ("pbn.md", "spades2-log.md", "benchmarks.md")


class RecordError(ValueError):
    """A record file that does not follow the format; the message names the file."""


@dataclass(frozen=True)
class Record:
    number: str
    title: str
    status: str
    area: str
    file_name: str

    @property
    def superseded_by(self) -> str | None:
        match = STATUS.match(f"Status: {self.status}")
        return match.group(2) if match else None


def read_record(path: Path) -> Record:
    """The record's header, or RecordError saying what is wrong with it."""
    name_match = RECORD_NAME.match(path.name)
    if not name_match:
        raise RecordError(f"{path.name}: the file name is not NNNN-short-title.md")
    lines = path.read_text(encoding="utf-8").splitlines()
    title_match = TITLE.match(lines[0]) if lines else None
    if not title_match:
        raise RecordError(f"{path.name}: the first line is not '# NNNN. Title'")
    if title_match.group(1) != name_match.group(1):
        raise RecordError(
            f"{path.name}: the title's number {title_match.group(1)} is not the file's"
        )
    header = lines[1:HEADER_LINES]
    status = next((line for line in header if line.startswith("Status:")), None)
    if status is None:
        raise RecordError(f"{path.name}: no 'Status:' line under the title")
    if not STATUS.match(status):
        raise RecordError(
            f"{path.name}: the status must be 'accepted', 'proposed' or "
            f"'superseded by NNNN', not {status!r}"
        )
    area = next((m.group(1) for line in header if (m := AREA.match(line))), OTHER_AREA)
    return Record(
        number=name_match.group(1),
        title=title_match.group(2).strip(),
        status=status.removeprefix("Status:").strip(),
        area=area.strip(),
        file_name=path.name,
    )


def record_paths(directory: Path = DECISIONS) -> list[Path]:
    return sorted(p for p in directory.glob("*.md") if p.name != INDEX_NAME)


def read_records(directory: Path = DECISIONS) -> tuple[list[Record], list[str]]:
    """Every well-formed record, and the problems found (malformed files, numbers used
    twice, a record superseded by one that does not exist)."""
    records: list[Record] = []
    problems: list[str] = []
    for path in record_paths(directory):
        try:
            records.append(read_record(path))
        except RecordError as error:
            problems.append(str(error))
    seen: dict[str, str] = {}
    for record in records:
        if record.number in seen:
            problems.append(
                f"{record.file_name}: number {record.number} is also {seen[record.number]}"
            )
        seen.setdefault(record.number, record.file_name)
    for record in records:
        later = record.superseded_by
        if later is not None and later not in seen:
            problems.append(f"{record.file_name}: superseded by {later}, which does not exist")
    return records, problems


def _area_key(area: str) -> tuple[int, str]:
    if area in AREA_ORDER:
        return (0, f"{AREA_ORDER.index(area):03d}")
    if area == OTHER_AREA:
        return (2, "")
    return (1, area.lower())


def _status_text(record: Record, by_number: dict[str, Record]) -> str:
    later = record.superseded_by
    if later is None or later not in by_number:
        return record.status
    return record.status.replace(
        f"superseded by {later}", f"superseded by [{later}]({by_number[later].file_name})", 1
    )


def _first_heading(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def build_index(directory: Path = DECISIONS) -> str:
    """The text of the index for the records in ``directory`` (docs/decisions)."""
    records, _ = read_records(directory)
    by_number = {record.number: record for record in records}
    docs = directory.parent
    lines = [
        "# Decision records",
        "",
        "One file per decision: what was chosen, the rule sentence or measurement it rests on,",
        "and why. Each record starts with `# NNNN. Title`, a `Status:` line (accepted, or",
        "superseded by a later record) and an `Area:` line. This index is generated by",
        "`python scripts/decisions_index.py` from those lines; do not edit it by hand.",
        "",
    ]
    rules = sorted((docs / "rules").glob("*.md")) if (docs / "rules").is_dir() else []
    if rules:
        lines += ["## Rule readings per game", ""]
        lines += [f"* [{_first_heading(p)}](../rules/{p.name})" for p in rules]
        lines.append("")
    others = [docs / name for name in OTHER_DOCUMENTS if (docs / name).is_file()]
    if others:
        lines += ["## Other documents", ""]
        lines += [f"* [{_first_heading(p)}](../{p.name})" for p in others]
        lines.append("")
    areas = sorted({record.area for record in records}, key=_area_key)
    for area in areas:
        lines += [f"## {area}", "", "| record | title | status |", "|---|---|---|"]
        for record in sorted(records, key=lambda r: r.number):
            if record.area == area:
                title = record.title.replace("|", "\\|")
                lines.append(
                    f"| [{record.number}]({record.file_name}) | {title} | "
                    f"{_status_text(record, by_number)} |"
                )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if the index is out of date"
    )
    args = parser.parse_args(argv)
    _, problems = read_records()
    for problem in problems:
        print(problem, file=sys.stderr)
    index = DECISIONS / INDEX_NAME
    text = build_index()
    current = index.read_text(encoding="utf-8") if index.exists() else ""
    if args.check:
        if current != text:
            print(f"{index.relative_to(ROOT)} is out of date: run {sys.argv[0]}", file=sys.stderr)
            return 1
        return 1 if problems else 0
    if current != text:
        index.write_text(text, encoding="utf-8")
        print(f"wrote {index.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
