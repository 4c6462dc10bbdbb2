"""The layers of teaching/, read from the source with ``ast`` (nothing is imported):
no two modules import each other, even through others, and a selector (a read) never
imports a service (a use case). games/ importing nothing of Django or teaching/ is
tests/games/test_purity.py's."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "teaching"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")
            if "migrations" not in path.parts}


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The teaching modules ``path`` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from teaching.tables import push`` imports the module teaching.tables.push.
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for name in names:
            if name in modules:
                found.add(name)
    found.discard(_module_name(path))
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, modules) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules round it, or ``None``."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == "open":
                return path[path.index(imported):] + [imported]
            if imported not in state and (found := visit(imported)):
                return found
        state[module] = "done"
        path.pop()
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def _is(kind: str, module: str) -> bool:
    """Whether ``module`` is a selectors (or services) module: its name or a package
    it is in starts with the word (teaching.tables.services.acting is a service)."""
    return any(part.startswith(kind) for part in module.split(".")[1:])


def test_the_layer_check_sees_the_project_s_imports() -> None:
    graph = _graph()
    assert "teaching.tables.services.acting" in graph["teaching.tables.services.robots"]
    assert "teaching.tables.selectors" in graph["teaching.tables.services.dealing"]


def test_no_two_teaching_modules_import_each_other_even_round_a_cycle() -> None:
    assert _cycle(_graph()) is None


def test_a_cycle_would_be_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]


def test_no_selectors_module_imports_a_services_module() -> None:
    graph = _graph()
    wrong = sorted(f"{module} imports {imported}"
                   for module, imported_all in graph.items() if _is("selectors", module)
                   for imported in imported_all if _is("services", imported))
    assert wrong == []


def test_every_feature_has_its_own_urls_and_views() -> None:
    for feature in ("accounts", "classes", "tables", "teacher", "duplicate", "league"):
        assert (PACKAGE / feature / "urls.py").is_file(), feature
        assert (PACKAGE / feature / "views.py").is_file(), feature
