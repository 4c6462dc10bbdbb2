"""One shape for every game package, and no import loop between the core and a game
(issue 28; docs/decisions/0770-one-shape-for-every-game-package.md).

The core (``games/*.py``) and the bridge layer (``games/bridge/``) never import a game,
so a game may import them and nothing loops back. Every game package holds the same
modules: ``__init__`` (the registry entry), ``rules``, ``game``, ``view``, ``scoring``,
``robots`` (one factory, ``make_robot``), ``record`` (the checker too) and ``cli``, and
takes its standing from its ``scoring``; a game may keep more modules of its own. Read
from the source with ``ast``: nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

from games.registry import GAME_MODULES

GAMES = Path(__file__).resolve().parents[2] / "games"
#: The packages of games/ that are not games: the bridge layer and the command line.
NOT_GAMES = {"bridge", "cli"}
GAME_PACKAGES = sorted(module.rpartition(".")[2] for module in GAME_MODULES)

SHAPE = frozenset({"__init__", "rules", "game", "view", "scoring", "robots", "record", "cli"})
FACTORY = "make_robot"

#: Names the shape replaced: a checker is the record module's, a standing the scoring's.
REPLACED = frozenset({"checker", "session"})
#: The registry entry's fields that the scoring module gives.
SCORING_FIELDS = ("standing", "read_standing")


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


def test_no_game_imports_another_game():
    """"The Top Game stops copying MiniBridge's play ... and stops importing MiniBridge's
    robots": what two games share lives in the core or the bridge layer (the card
    ideas their coaches give included), so a game reads no other game's modules."""
    found = [f"{path.relative_to(GAMES.parent)} imports {module}"
             for game in GAME_PACKAGES for path in sorted((GAMES / game).rglob("*.py"))
             for module in sorted(_imports(path))
             if _names_a_game(module) and not (module == f"games.{game}"
                                               or module.startswith(f"games.{game}."))]
    assert not found, "\n".join(found)


def test_the_search_reads_the_core_and_the_bridge_layer():
    """A guard against the walk above reading nothing (a moved folder would pass)."""
    names = {str(p.relative_to(GAMES)) for p in _core_files()}
    assert {"league.py", "duplicate.py", "bridge/play.py", "bridge/robots/play.py"} <= names
    assert _names_a_game("games.minibridge.scoring") and not _names_a_game("games.bridge.play")


def test_every_game_package_has_the_shapes_modules():
    """"Every game package has the same files and names". A game may keep more
    modules of its own (Piquet's ``speech``, Preference's ``solver``, the Top Game's
    ``match``): the shape is what every one has, not all it may have."""
    missing = {game: sorted(SHAPE - _files(game)) for game in GAME_PACKAGES}
    assert missing == {game: [] for game in GAME_PACKAGES}


def test_no_game_keeps_a_module_the_shape_replaced():
    """``record`` (the checker) and ``scoring`` (the standing, "always here")."""
    kept = {game: sorted(_files(game) & REPLACED) for game in GAME_PACKAGES}
    assert kept == {game: [] for game in GAME_PACKAGES}


def test_every_games_robots_are_made_by_one_factory_name():
    """"robots (one factory name)": ``make_robot(level, **options)``."""
    without = [game for game in GAME_PACKAGES if FACTORY not in _top_functions(
        _robots_source(game))]
    assert not without, f"no {FACTORY}() in the robots of {without}"


def test_every_registry_entry_takes_its_standing_from_the_games_scoring():
    """"scoring (the hand's score and the standing, always here)": the names the
    entry gives for ``standing`` and ``read_standing`` are imported from the game's
    ``scoring`` module."""
    wrong = {}
    for game in GAME_PACKAGES:
        source = _entry_sources(game)
        for field_name in SCORING_FIELDS:
            where = source.get(field_name)
            if where is not None and where != f"games.{game}.scoring":
                wrong[f"{game}.{field_name}"] = where
    assert not wrong, wrong


def test_every_registry_entrys_checker_is_its_games_record_module():
    """The registry entry's ``checker`` names the module that reads a record back:
    the game's ``record``."""
    for game in GAME_PACKAGES:
        checker = _entry_keywords(game).get("checker")
        if checker is not None:
            assert ast.literal_eval(checker) == f"games.{game}.record", game


def test_the_shape_tests_read_what_they_check():
    """A guard against the reading above finding nothing (a renamed field would pass)."""
    assert _entry_sources("piquet")["standing"] == "games.piquet.scoring"
    assert _entry_sources("topgame")["read_standing"] == "games.topgame.scoring"
    assert "checker" in _entry_keywords("preference")


def _entry_keywords(game: str) -> dict[str, ast.expr]:
    """The keyword arguments of the ``ENTRY = GameEntry(...)`` in a game's ``__init__``."""
    tree = ast.parse((GAMES / game / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "ENTRY" for t in node.targets)
                and isinstance(node.value, ast.Call)):
            return {k.arg: k.value for k in node.value.keywords if k.arg}
    raise AssertionError(f"games/{game}/__init__.py has no ENTRY = GameEntry(...)")


def _entry_sources(game: str) -> dict[str, str]:
    """For each entry field given by a bare name, the module that name is imported
    from (``__init__`` itself when it is defined there)."""
    tree = ast.parse((GAMES / game / "__init__.py").read_text(encoding="utf-8"))
    imported = {alias.asname or alias.name: node.module or ""
                for node in tree.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    return {name: imported.get(value.id, f"games.{game}")
            for name, value in _entry_keywords(game).items() if isinstance(value, ast.Name)}

