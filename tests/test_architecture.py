"""The engine is pure: it imports nothing above it and uses no I/O, clock or global random.

The words (``coltexpress.words``) sit above the engine: an engine module names them only
for type checking, or imports them inside a function (``Event.text()``), never as it is
imported itself."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "src" / "coltexpress" / "engine"
UPPER = ("cli", "sim", "agents", "server", "tui", "envs", "web", "tournament", "gamestats",
         "words", "updates")
LAZY = ("words",)  # what an engine module may import inside a function, or for type checking
FORBIDDEN_MODULES = {
    "time", "datetime", "os", "sys", "socket", "subprocess", "threading", "asyncio",
    "secrets", "uuid", "logging", "pathlib", "shutil", "tempfile", "io", "builtins",
    "multiprocessing",
}
FORBIDDEN_CALLS = {"print", "open", "input", "breakpoint", "id", "hash"}
RANDOM_ALLOWED = {"Random"}  # the type of a generator passed in by the caller

FILES = sorted(ENGINE.glob("*.py"))
SUPER = ENGINE.parent / "superexpress"  # Colt Super Express's rules, as pure as the engine


def _absolute(module: str | None, level: int, package: str = "engine") -> str:
    """The absolute name of an import in the package coltexpress.<package>."""
    if level == 0:
        return module or ""
    base = ["coltexpress", package][: 2 - (level - 1)] if level <= 2 else []
    return ".".join([*base, *([module] if module else [])])


def _imports(tree: ast.AST, package: str = "engine") -> list[str]:
    """Every name an engine module imports as it is itself imported: not those imported
    inside a function, nor under ``if TYPE_CHECKING:``."""
    names = []
    for node in _eager(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, package)
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def _lazy_imports(tree: ast.AST, package: str = "engine") -> list[str]:
    """The modules imported only inside functions or for type checking."""
    eager = {id(node) for node in _eager(tree)}
    return [
        _absolute(node.module, node.level, package) if isinstance(node, ast.ImportFrom)
        else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in eager
        for alias in node.names[:1]
    ]


def _eager(tree: ast.AST) -> list[ast.AST]:
    """The nodes run as a module is imported: all but function bodies and the body of
    ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                todo += child.orelse
                continue
            todo.append(child)
    return out


def test_engine_files_are_found() -> None:
    assert {"game.py", "flow.py", "views.py", "actions.py"} <= {f.name for f in FILES}


def test_relative_import_names() -> None:
    assert _absolute("flow", 1) == "coltexpress.engine.flow"
    assert _absolute("cli", 2) == "coltexpress.cli"
    assert _absolute(None, 2) == "coltexpress"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_engine_imports_nothing_above_it(path: Path) -> None:
    tree = ast.parse(path.read_text(), filename=str(path))
    eager = set(_imports(tree))
    for name in [*eager, *_lazy_imports(tree)]:
        parts = name.split(".")
        if parts[0] == "coltexpress" and len(parts) > 1:
            lazy_words = parts[1] in LAZY and name not in eager
            assert parts[1] not in UPPER or lazy_words, f"{path.name} imports {name}"
        assert parts[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        assert parts[0] not in ("numpy", "typer", "rich", "ray", "pettingzoo"), name


def test_eager_imports_leave_out_functions_and_type_checking() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from . import names\n"
        "if TYPE_CHECKING:\n    from ..words.common import Reader\n"
        "def text():\n    from ..words import describe\n"
    )
    assert "coltexpress.engine.names" in _imports(tree)
    assert not any(name.startswith("coltexpress.words") for name in _imports(tree))
    assert sorted(_lazy_imports(tree)) == ["coltexpress.words", "coltexpress.words.common"]


@pytest.mark.parametrize(
    "path", [*FILES, *sorted(SUPER.glob("*.py"))], ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_the_rules_import_the_words_only_when_a_sentence_is_asked_for(path: Path) -> None:
    """Events say themselves (``Event.text()``) through the words, imported lazily: the
    rules' modules import nothing above them as they are imported, the words included."""
    package = path.parent.name
    tree = ast.parse(path.read_text(), filename=str(path))
    for name in _imports(tree, package):
        parts = name.split(".")
        if parts[0] == "coltexpress" and len(parts) > 1:
            assert parts[1] not in UPPER, f"{package}/{path.name} imports {name}"
    for name in _lazy_imports(tree, package):
        parts = name.split(".")
        if parts[0] == "coltexpress" and len(parts) > 1 and parts[1] in UPPER:
            assert parts[1] in LAZY, f"{package}/{path.name} imports {name}, even lazily"


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
        "from coltexpress.superexpress.game import SuperGame\n"
        "from coltexpress.superexpress.options import SuperOptions\n"
        "SuperGame.new(SuperOptions(players=3), seed=1).view(0)\n"
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
