"""Which build of the engines runs: compiled, or the pure Python of their source.

The engines (``coltexpress.engine`` with its expansions, and ``coltexpress.superexpress``)
are ordinary typed Python, and the set-up command also compiles them with mypyc into
extension modules beside their source. The two builds play identical games; the compiled one
is several times faster. The pure build runs when

- ``COLT_PURE=1`` is set,
- no compiled engine is there (no compiler when it was installed), or
- the source changed since it was compiled (``scripts/setup.sh`` compiles it again): the
  rules run are always the rules in the ``.py`` files.

``coltexpress/__init__.py`` imports this module first, and importing it decides (before any
engine module is imported). It needs nothing but the standard library, as ``setup.py``
reads it too.

>>> BUILD in ("compiled", "pure")
True
>>> len(source_digest()) == 64
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["BUILD", "PACKAGES", "REASON", "choose", "source_digest", "sources"]

HERE = Path(__file__).resolve().parent
# The packages compiled, as paths under coltexpress/ and as module names: the two games'
# rules, the bots (their search and heuristics run the rules millions of times), the words
# and the updates (the online server says every moment of every move to each viewer).
PACKAGES = ("engine", "superexpress", "agents", "words", "updates")
_MODULES = tuple(f"coltexpress.{p}" for p in PACKAGES)
# Modules left to the interpreter: the options take loose input (a preset's strings, lists)
# and check it themselves, where a compiled dataclass would refuse it before the check.
INTERPRETED = ("engine/options.py", "superexpress/options.py")
# What the set-up's compile wrote: the digest of the source it compiled.
RECORD = HERE / "compiled.json"

BUILD = "pure"
REASON = "not chosen yet"


def sources(root: Path = HERE) -> list[Path]:
    """The Python files compiled, in a stable order."""
    return sorted(p for pkg in PACKAGES for p in (root / pkg).rglob("*.py"))


def compiled_sources(root: Path = HERE) -> list[Path]:
    """The files mypyc compiles: the sources but those left to the interpreter."""
    return [p for p in sources(root) if p.relative_to(root).as_posix() not in INTERPRETED]


def source_digest(root: Path = HERE) -> str:
    """One SHA-256 over the compiled files' names and contents."""
    digest = hashlib.sha256()
    for path in sources(root):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def _extension_built() -> bool:
    return any((HERE / "engine" / f"game{suffix}").exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _compiled_digest() -> str | None:
    try:
        record = json.loads(RECORD.read_text())
    except (OSError, ValueError):
        return None
    digest = record.get("source_digest") if isinstance(record, dict) else None
    return digest if isinstance(digest, str) else None


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the engines' modules from their ``.py`` files, never from an extension."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not any(fullname == m or fullname.startswith(m + ".") for m in _MODULES):
            return None
        places = list(path) if path else [str(HERE)]
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for place in places:
            spec = importlib.machinery.FileFinder(place, *loaders).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def choose() -> str:
    """Decide the build once, before any engine module is imported; returns it."""
    global BUILD, REASON
    if any(m in sys.modules for m in _MODULES) or REASON != "not chosen yet":
        return BUILD
    if os.environ.get("COLT_PURE", "") not in ("", "0"):
        BUILD, REASON = "pure", "COLT_PURE is set"
    elif not _extension_built():
        BUILD, REASON = "pure", "the compiled engine is not built"
    elif _compiled_digest() != source_digest():
        BUILD, REASON = "pure", "the engine's source changed since it was compiled"
        warnings.warn("coltexpress: the engine's source changed since it was compiled; "
                      "running the pure build (scripts/setup.sh compiles it again)",
                      RuntimeWarning, stacklevel=2)
    else:
        BUILD, REASON = "compiled", "compiled by the set-up (mypyc)"
    if BUILD == "pure":
        sys.meta_path.insert(0, _SourceFinder())
    return BUILD


if __name__ == "coltexpress.compiled":  # (not when setup.py runs this file)
    choose()
