"""The engine stays pure: no Django, no global random, no I/O outside the CLI."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"
SOURCES = sorted(GAMES.rglob("*.py"))
# The command line (python -m games: games/cli/, and each game's own cli.py, which it
# dispatches to) reads and writes files; nothing else may.
FILE_METHODS = {"open", "read_text", "write_text", "read_bytes", "write_bytes"}


def _is_command_line(path: Path) -> bool:
    rel = path.relative_to(GAMES)
    return rel.parts[0] == "cli" or rel.name in {"__main__.py", "cli.py"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(GAMES)))
def test_it_imports_no_django(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        assert not any(n.split(".")[0] in {"django", "channels", "teaching"} for n in names), path


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(GAMES)))
def test_it_never_uses_the_global_random(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            assert {a.name for a in node.names} <= {"Random"}, f"{path}: from random import ..."
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "random"):
            assert node.attr == "Random", f"{path}:{node.lineno} uses random.{node.attr}"


@pytest.mark.parametrize(
    "path", [p for p in SOURCES if not _is_command_line(p)], ids=lambda p: str(p.relative_to(GAMES))
)
def test_it_does_no_io_outside_the_command_line(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"open", "print", "input"}, f"{path}:{node.lineno}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            assert node.func.attr not in FILE_METHODS, f"{path}:{node.lineno}: a file"


def test_importing_the_engine_loads_no_django() -> None:
    import subprocess
    import sys

    code = (
        "import sys, games.registry as r; r.catalogue();"
        "import games.bridge.pbn, games.bridge.analysis;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('django','channels')];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=GAMES.parent)
