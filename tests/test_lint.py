"""`make lint` (what CI runs first): ruff, then mypy over the files pyproject.toml lists, then
mypy --strict over the engine."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _lint_recipe() -> list[str]:
    lines = (ROOT / "Makefile").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("lint:"))
    recipe = []
    for line in lines[start + 1:]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def test_make_lint_runs_ruff_then_mypy_then_the_engine_strictly():
    recipe = _lint_recipe()
    assert [line.split()[0].rsplit("/", 1)[-1] for line in recipe] == ["ruff", "mypy", "mypy"]
    # Issue 28: the engine is held to mypy --strict, the site to the configured checks.
    assert recipe[2].split()[1:] == ["--strict", "games"]


def test_mypy_checks_the_engine_and_the_view_readers_with_the_django_plugin():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mypy = config["tool"]["mypy"]
    assert "mypy_django_plugin.main" in mypy["plugins"]
    assert config["tool"]["django-stubs"]["django_settings_module"] == "teaching.settings"
    assert "games" in mypy["files"]
    # A path that no longer exists would make mypy stop with an error, not check less.
    assert [f for f in mypy["files"] if not (ROOT / f).exists()] == []
    extra = " ".join(config["project"]["optional-dependencies"]["test"])
    assert "mypy" in extra and "django-stubs" in extra
