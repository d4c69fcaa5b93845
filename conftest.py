"""Which build of the engines the tests run on, for every test path (tests/, the doctests
of src/ and docs/): see coltexpress.compiled."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """On the compiled build, the engines' own files are extension modules: their doctests
    run on the pure build (scripts/test.sh), not here."""
    from coltexpress import compiled

    own = compiled.BUILD == "compiled" and collection_path.suffix == ".py"
    if own and collection_path.resolve() in set(compiled.compiled_sources()):
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``pure`` replace an engine function to watch it; a compiled module calls
    its functions directly, so they run on the pure build (scripts/test.sh runs the rule
    tests on it as well) and are skipped on the compiled one."""
    from coltexpress import compiled

    if compiled.BUILD != "compiled":
        return
    skip = pytest.mark.skip(reason="watches an engine function: runs on the pure build")
    for item in items:
        if item.get_closest_marker("pure") is not None:
            item.add_marker(skip)


def pytest_report_header() -> str:
    """Which build of the engines the tests run on (coltexpress.compiled)."""
    from coltexpress import compiled

    return f"coltexpress engines: {compiled.BUILD} ({compiled.REASON})"
