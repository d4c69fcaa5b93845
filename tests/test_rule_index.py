"""Every rule sentence of the base game is proven by a test that names its id.

The rule index lives beside the project in ``../shared/rules-index`` (set COLT_RULES_INDEX to
point elsewhere). An id is "named" when it appears in a test file: in a ``rule`` marker, a
test name or a docstring.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

TESTS = Path(__file__).parent
INDEX = Path(os.environ.get("COLT_RULES_INDEX", TESTS.parent.parent / "shared" / "rules-index"))
ID = re.compile(r"\bbase(?:\.[a-z0-9][a-z0-9-]*)+")


def _index(name: str) -> list[str]:
    path = INDEX / name
    if not path.exists():
        pytest.fail(f"rule index {path} not found; set COLT_RULES_INDEX to its folder")
    return [entry["id"] for entry in yaml.safe_load(path.read_text(encoding="utf-8"))]


def _named_in_tests() -> set[str]:
    named: set[str] = set()
    for path in TESTS.rglob("*.py"):
        if path.name != Path(__file__).name:
            named.update(ID.findall(path.read_text(encoding="utf-8")))
    return named


def test_every_base_rule_is_named_by_a_test() -> None:
    missing = [rule for rule in _index("base.yaml") if rule not in _named_in_tests()]
    assert not missing, f"{len(missing)} base rules have no test: {missing}"


def test_tests_name_only_real_rule_ids() -> None:
    known = set(_index("base.yaml"))
    unknown = sorted(i for i in _named_in_tests() if i not in known and i.count(".") >= 2)
    assert not unknown, f"tests name ids that are not in the rule index: {unknown}"
