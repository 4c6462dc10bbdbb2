"""The decision records and their index (docs/decisions/), and the links between the docs."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _load_index_script():
    name = "decisions_index"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "decisions_index.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


index_script = _load_index_script()


def test_every_record_has_a_numbered_title_and_a_status_line():
    records, problems = index_script.read_records()
    assert problems == []
    assert records, "docs/decisions/ holds no records"


def test_the_index_is_up_to_date():
    index = DOCS / "decisions" / "README.md"
    assert index.read_text(encoding="utf-8") == index_script.build_index(), (
        "docs/decisions/README.md is out of date: run "
        ".venv/bin/python scripts/decisions_index.py"
    )


def test_the_index_lists_every_record_under_its_area():
    index = (DOCS / "decisions" / "README.md").read_text(encoding="utf-8")
    records, _ = index_script.read_records()
    for record in records:
        assert f"[{record.number}]({record.file_name})" in index
        assert f"## {record.area}" in index


def _write(directory: Path, name: str, text: str) -> None:
    (directory / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "text", "complaint"),
    [
        ("0001-no-title.md", "Status: accepted\n", "first line"),
        ("0001-no-status.md", "# 0001. A title\n\nArea: engine\n", "no 'Status:' line"),
        ("0001-odd-status.md", "# 0001. A title\n\nStatus: maybe\n", "the status must be"),
        ("0001-wrong-number.md", "# 0002. A title\n\nStatus: accepted\n", "not the file's"),
        ("1-bad-name.md", "# 0001. A title\n\nStatus: accepted\n", "file name"),
        ("0001-gone.md", "# 0001. A title\n\nStatus: superseded by 0009\n", "does not exist"),
    ],
)
def test_a_malformed_record_is_reported_by_file(tmp_path, name, text, complaint):
    _write(tmp_path, name, text)
    _, problems = index_script.read_records(tmp_path)
    assert len(problems) == 1
    assert problems[0].startswith(name) and complaint in problems[0]


def test_a_number_used_twice_is_reported(tmp_path):
    _write(tmp_path, "0001-one.md", "# 0001. One\n\nStatus: accepted\n")
    _write(tmp_path, "0001-two.md", "# 0001. Two\n\nStatus: accepted\n")
    _, problems = index_script.read_records(tmp_path)
    assert problems == ["0001-two.md: number 0001 is also 0001-one.md"]


def test_the_index_groups_by_area_and_links_a_superseding_record(tmp_path):
    decisions = tmp_path / "decisions"
    decisions.mkdir()
    _write(decisions, "0001-old.md", "# 0001. Old way\n\nStatus: superseded by 0002\n"
           "Area: engine\n")
    _write(decisions, "0002-new.md", "# 0002. New way\n\nStatus: accepted\nArea: engine\n")
    _write(decisions, "0003-misc.md", "# 0003. Loose end\n\nStatus: accepted\n")
    index = index_script.build_index(decisions)
    assert "| [0001](0001-old.md) | Old way | superseded by [0002](0002-new.md) |" in index
    assert index.index("## engine") < index.index("## Other")
    assert "| [0003](0003-misc.md) | Loose end | accepted |" in index


_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _doc_files() -> list[Path]:
    return sorted([*DOCS.glob("*.md"), *DOCS.glob("decisions/*.md"), *DOCS.glob("rules/*.md")])


def test_links_between_the_docs_lead_to_files_that_exist():
    broken = []
    for path in _doc_files():
        for target in _LINK.findall(path.read_text(encoding="utf-8")):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            if not (path.parent / target.split("#", 1)[0]).exists():
                broken.append(f"{path.relative_to(ROOT)} -> {target}")
    assert broken == []


def test_nothing_in_the_docs_points_at_the_old_decision_log():
    assert not (DOCS / "decisions.md").exists()
    for path in [*_doc_files(), ROOT / "README.md"]:
        assert "decisions.md" not in path.read_text(encoding="utf-8"), path
