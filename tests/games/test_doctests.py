"""The examples in the engine's docstrings are run as tests, so that what a module's
documentation shows a reader is what the code does (python-chess's habit)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import games


def _engine_modules() -> list[str]:
    names = []
    for module in pkgutil.walk_packages(games.__path__, prefix="games."):
        # games.__main__ runs the command line when imported.
        if module.name.endswith("__main__"):
            continue
        names.append(module.name)
    return sorted(names)


@pytest.mark.parametrize("name", _engine_modules())
def test_the_docstrings_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert failures == 0, f"{name}: {failures} docstring example(s) failed"


def test_the_engine_has_examples() -> None:
    """A guard against the walk above finding nothing (a moved package would pass silently)."""
    tried = 0
    for name in _engine_modules():
        tried += doctest.testmod(importlib.import_module(name), verbose=False).attempted
    assert tried >= 20
