"""One shape for every game package, and no import loop between the core and a game
(issue 28; docs/decisions/0770-one-shape-for-every-game-package.md).

The core (``games/*.py``) and the bridge layer (``games/bridge/``) never import a game,
so a game may import them and nothing loops back. Every game package holds the same
modules: ``__init__`` (the registry entry), ``rules``, ``game``, ``view``, ``scoring``,
``robots`` (one factory, ``make_robot``), ``record`` and ``cli``. Read from the source
with ``ast``: nothing is imported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from games.registry import GAME_MODULES

GAMES = Path(__file__).resolve().parents[2] / "games"
#: The packages of games/ that are not games: the bridge layer and the command line.
NOT_GAMES = {"bridge", "cli"}
GAME_PACKAGES = sorted(module.rpartition(".")[2] for module in GAME_MODULES)

SHAPE = frozenset({"__init__", "rules", "game", "view", "scoring", "robots", "record", "cli"})
FACTORY = "make_robot"

#: Modules kept apart from the shape's own, which phase 2 folds in (``checker`` into
#: ``record``).
APART = frozenset({"checker"})


@dataclass(frozen=True)
class Gap:
    """Where a game package is not yet in the shape."""

    missing: frozenset[str] = frozenset()
    apart: frozenset[str] = frozenset()
    factory: str = FACTORY


#: What phase 2 of issue 28 still has to do, in one list. A gap closed must leave
#: the list too: the tests compare it exactly.
KNOWN_GAPS: dict[str, Gap] = {
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(GAMES.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function, relative
    imports resolved, ``from games.bridge import pbn`` read as ``games.bridge.pbn``."""
    package = _module_name(path) if path.name == "__init__.py" else _module_name(
        path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _core_files() -> list[Path]:
    return sorted(GAMES.glob("*.py")) + sorted((GAMES / "bridge").rglob("*.py"))


def _names_a_game(module: str) -> bool:
    return any(module == f"games.{game}" or module.startswith(f"games.{game}.")
               for game in GAME_PACKAGES)


def _files(game: str) -> set[str]:
    """A game package's modules: its files and its sub-packages."""
    folder = GAMES / game
    return ({p.stem for p in folder.glob("*.py")}
            | {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()})


def _robots_source(game: str) -> Path:
    folder = GAMES / game
    return folder / "robots.py" if (folder / "robots.py").is_file() else (
        folder / "robots" / "__init__.py")


def _top_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_every_package_of_games_is_a_registered_game_or_the_bridge_layer_or_the_cli():
    packages = {p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file()}
    assert packages == set(GAME_PACKAGES) | NOT_GAMES


def test_no_module_of_the_core_or_the_bridge_layer_imports_a_game():
    """"games/results.py and games/league.py no longer import a game"; the bridge
    layer holds what MiniBridge and the Top Game share, so it imports neither."""
    found = [f"{path.relative_to(GAMES.parent)} imports {module}"
             for path in _core_files() for module in sorted(_imports(path))
             if _names_a_game(module)]
    assert not found, "\n".join(found)


def test_the_search_reads_the_core_and_the_bridge_layer():
    """A guard against the walk above reading nothing (a moved folder would pass)."""
    names = {str(p.relative_to(GAMES)) for p in _core_files()}
    assert {"league.py", "duplicate.py", "bridge/play.py", "bridge/robots/play.py"} <= names
    assert _names_a_game("games.minibridge.scoring") and not _names_a_game("games.bridge.play")


def test_every_game_package_has_the_shapes_modules_but_for_the_known_gaps():
    """"Every game package has the same files and names"."""
    missing = {game: SHAPE - _files(game) for game in GAME_PACKAGES}
    assert missing == {game: KNOWN_GAPS.get(game, Gap()).missing for game in GAME_PACKAGES}


def test_no_game_keeps_a_checker_apart_from_its_record_but_for_the_known_gaps():
    apart = {game: _files(game) & APART for game in GAME_PACKAGES}
    assert apart == {game: KNOWN_GAPS.get(game, Gap()).apart for game in GAME_PACKAGES}


def test_every_games_robots_are_made_by_one_factory_name_but_for_the_known_gaps():
    """"robots (one factory name)": ``make_robot(level, **options)``."""
    for game in GAME_PACKAGES:
        functions = _top_functions(_robots_source(game))
        name = KNOWN_GAPS.get(game, Gap()).factory
        assert name in functions, f"{game}'s robots have no {name}()"
        if name != FACTORY:
            assert FACTORY not in functions, f"{game} has {FACTORY}: remove its known gap"


def test_the_games_done_in_phase_1_have_the_whole_shape():
    for game in ("minibridge", "spades2"):
        assert game not in KNOWN_GAPS
        assert SHAPE <= _files(game)
