"""The bench scripts (bench/*.py, scripts rather than a package's modules) loaded as
modules, for the tests to call their functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def script_path(name: str) -> Path:
    """bench/<name>.py."""
    return BENCH / f"{name}.py"


def load_script(name: str) -> ModuleType:
    """bench/<name>.py as the module ``bench_<name>``, run afresh at each call (a test
    may patch what it holds). It is put in sys.modules before it runs: its dataclasses
    look themselves up there."""
    module_name = f"bench_{name}"
    spec = importlib.util.spec_from_file_location(module_name, script_path(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module
