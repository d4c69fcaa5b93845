"""The engine is pure: it imports nothing above it and uses no I/O, clock or global random."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "src" / "coltexpress" / "engine"
UPPER = ("cli", "sim", "agents", "server", "tui", "envs", "web", "tournament", "gamestats")
FORBIDDEN_MODULES = {
    "time", "datetime", "os", "sys", "socket", "subprocess", "threading", "asyncio",
    "secrets", "uuid", "logging", "pathlib", "shutil", "tempfile", "io", "builtins",
    "multiprocessing",
}
FORBIDDEN_CALLS = {"print", "open", "input", "breakpoint", "id", "hash"}
RANDOM_ALLOWED = {"Random"}  # the type of a generator passed in by the caller

FILES = sorted(ENGINE.glob("*.py"))


def _absolute(module: str | None, level: int) -> str:
    """The absolute name of an import in the package coltexpress.engine."""
    if level == 0:
        return module or ""
    base = ["coltexpress", "engine"][: 2 - (level - 1)] if level <= 2 else []
    return ".".join([*base, *([module] if module else [])])


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level)
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def test_engine_files_are_found() -> None:
    assert {"game.py", "flow.py", "views.py", "actions.py"} <= {f.name for f in FILES}


def test_relative_import_names() -> None:
    assert _absolute("flow", 1) == "coltexpress.engine.flow"
    assert _absolute("cli", 2) == "coltexpress.cli"
    assert _absolute(None, 2) == "coltexpress"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_engine_imports_nothing_above_it(path: Path) -> None:
    tree = ast.parse(path.read_text(), filename=str(path))
    for name in _imports(tree):
        parts = name.split(".")
        if parts[0] == "coltexpress" and len(parts) > 1:
            assert parts[1] not in UPPER, f"{path.name} imports {name}"
        assert parts[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        assert parts[0] not in ("numpy", "typer", "rich", "ray", "pettingzoo"), name


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_engine_has_no_io_no_clock_no_global_random(path: Path) -> None:
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            where = f"{path.name}:{node.lineno}"
            assert node.func.id not in FORBIDDEN_CALLS, f"{where} {node.func.id}()"
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            names = {a.name for a in node.names}
            assert names <= RANDOM_ALLOWED, f"{path.name}:{node.lineno} from random import {names}"
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ):
            assert node.attr in RANDOM_ALLOWED, f"{path.name}:{node.lineno} random.{node.attr}"
            parent_calls = [
                n for n in ast.walk(tree)
                if isinstance(n, ast.Call) and n.func is node
            ]
            assert not parent_calls, f"{path.name}:{node.lineno}: the engine makes no generator"


def test_importing_the_engine_loads_no_upper_layer() -> None:
    code = (
        "import sys, coltexpress.engine.game, coltexpress.engine.views, "
        "coltexpress.engine.serial, coltexpress.engine.determinize\n"
        "from coltexpress import Game, Options\n"
        "Game.new(Options(), seed=1).view(0)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'rich', 'numpy', 'ray') or (m.startswith('coltexpress.') and "
        f"m.split('.')[1] in {UPPER!r}))\n"
        "print(','.join(bad))"
    )
    env = {**os.environ}
    env["PYTHONPATH"] = str(ENGINE.parents[1]) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""
