"""Every rule sentence of the base game is proven by a test that names its id, and every
decision of docs/rules-decisions.md is held by a test that names it.

The rule index lives beside the project in ``../shared/rules-index`` (set COLT_RULES_INDEX to
point elsewhere); a copy in ``tests/rules-index`` serves a clone with nothing beside it, and
is checked against the home copy whenever that is present. An id is "named" when it appears
in a test file: in a ``rule`` marker, a test name or a docstring.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

TESTS = Path(__file__).parent
COPY = TESTS / "rules-index"
HOME = Path(os.environ.get("COLT_RULES_INDEX", TESTS.parent.parent / "shared" / "rules-index"))
INDEX = HOME if HOME.is_dir() else COPY
ID = re.compile(r"\bbase(?:\.[a-z0-9][a-z0-9-]*)+")
MP_ID = re.compile(r"\bmp(?:\.[a-z0-9][a-z0-9-]*)+")
HS_ID = re.compile(r"\bhs(?:\.[a-z0-9][a-z0-9-]*)+")
SE_ID = re.compile(r"\bse(?:\.[a-z0-9][a-z0-9-]*)+")
# Marshal & Prisoners' sentences about playing it with Horses & Stagecoach (horses, the
# stagecoach, the Shotgun, whiskey, hostages), proven in tests/rules/test_horses_stagecoach.py.
MP_WITH_HORSES_STAGECOACH = frozenset({
    "mp.components.horse-figure-seventh-bandit",
    "mp.scoring.hostage-ransom-with-horses-stagecoach",
    "mp.event.shot-of-whiskey-marshal-takes-flask",
    "mp.event.shot-of-whiskey-marshal-drinks-like-bandit",
    "mp.event.shot-of-whiskey-marshal-old-flask-max-two-cards",
    "mp.event.shot-of-whiskey-marshal-cannot-drop-flask",
    "mp.mixing.marshal-may-ride-horses",
    "mp.mixing.marshal-may-enter-stagecoach",
    "mp.mixing.marshal-takes-no-hostage",
    "mp.mixing.marshal-immune-to-shotgun-but-line-of-sight-blocked",
    "mp.mixing.marshal-may-share-shotgun-space-cannot-capture-him",
    "mp.marshal.summary-punched-marshal-not-into-stagecoach",
})
DECISION = re.compile(r"\*\*(D-[a-z0-9-]+)\*\*")
DECISIONS_DOC = TESTS.parent / "docs" / "rules-decisions.md"


def _index(name: str) -> list[str]:
    path = INDEX / name
    if not path.exists():
        pytest.fail(f"rule index {path} not found; set COLT_RULES_INDEX to its folder")
    return [entry["id"] for entry in yaml.safe_load(path.read_text(encoding="utf-8"))]


def _test_text() -> str:
    return "\n".join(
        path.read_text(encoding="utf-8")
        for path in TESTS.rglob("*.py")
        if path.name != Path(__file__).name
    )


def test_every_base_rule_is_named_by_a_test() -> None:
    named = set(ID.findall(_test_text()))
    missing = [rule for rule in _index("base.yaml") if rule not in named]
    assert not missing, f"{len(missing)} base rules have no test: {missing}"


def test_tests_name_only_real_rule_ids() -> None:
    known = set(_index("base.yaml"))
    named = set(ID.findall(_test_text()))
    unknown = sorted(i for i in named if i not in known and i.count(".") >= 2)
    assert not unknown, f"tests name ids that are not in the rule index: {unknown}"


def test_every_marshal_prisoners_rule_is_named_by_a_test() -> None:
    """Every sentence of the expansion, those about mixing it with Horses & Stagecoach too
    (named by the Horses & Stagecoach rule tests)."""
    index = _index("marshal-prisoners.yaml")
    text = _test_text()
    named = set(MP_ID.findall(text))
    assert set(index) >= MP_WITH_HORSES_STAGECOACH
    mixing = (TESTS / "rules" / "test_horses_stagecoach.py").read_text(encoding="utf-8")
    assert set(MP_ID.findall(mixing)) >= MP_WITH_HORSES_STAGECOACH
    missing = [r for r in index if r not in named]
    assert not missing, f"{len(missing)} Marshal & Prisoners rules have no test: {missing}"
    unknown = sorted(i for i in named if i not in index and i.count(".") >= 2)
    assert not unknown, f"tests name ids that are not in the rule index: {unknown}"


def test_every_horses_stagecoach_rule_is_named_by_a_test() -> None:
    index = _index("horses-stagecoach.yaml")
    named = set(HS_ID.findall(_test_text()))
    missing = [r for r in index if r not in named]
    assert not missing, f"{len(missing)} Horses & Stagecoach rules have no test: {missing}"
    unknown = sorted(i for i in named if i not in index and i.count(".") >= 2)
    assert not unknown, f"tests name ids that are not in the rule index: {unknown}"


def test_every_super_express_rule_is_named_by_a_test() -> None:
    index = _index("super-express.yaml")
    named = set(SE_ID.findall(_test_text()))
    missing = [r for r in index if r not in named]
    assert not missing, f"{len(missing)} Colt Super Express rules have no test: {missing}"
    unknown = sorted(i for i in named if i not in index and i.count(".") >= 2)
    assert not unknown, f"tests name ids that are not in the rule index: {unknown}"


def test_the_copy_of_the_rule_index_matches_its_home() -> None:
    copies = sorted(p.name for p in COPY.glob("*.yaml"))
    assert "base.yaml" in copies
    if not HOME.is_dir():
        return  # a clone with nothing beside it: the copy is all there is
    homes = sorted(p.name for p in HOME.glob("*.yaml"))
    stale = [
        name for name in homes
        if name not in copies
        or (HOME / name).read_text(encoding="utf-8") != (COPY / name).read_text(encoding="utf-8")
    ]
    assert not stale, (
        f"tests/rules-index is out of date for {stale}; refresh it with "
        f"'cp {HOME}/*.yaml tests/rules-index/'"
    )


def test_every_rules_decision_is_named_by_a_test() -> None:
    decisions = DECISION.findall(DECISIONS_DOC.read_text(encoding="utf-8"))
    assert len(decisions) == len(set(decisions)), "a decision id is used twice"
    text = _test_text()
    missing = [d for d in decisions if not re.search(rf"\b{re.escape(d)}\b", text)]
    assert not missing, f"decisions no test names: {missing}"
