"""The compiled engines and their pure Python source play identical games
(coltexpress.compiled), and colt bench says which build ran."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from coltexpress import compiled

ROOT = Path(__file__).resolve().parent.parent


def _run(pure: bool, *args: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("COLT_PURE", None)
    if pure:
        env["COLT_PURE"] = "1"
    done = subprocess.run([sys.executable, *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, check=True, timeout=1200)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _need_compiled() -> None:
    """Only a machine without a C compiler may lack the compiled engine (the set-up then
    installs the pure build); anywhere else its absence is a failure."""
    if compiled._extension_built():
        return
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip(f"no C compiler here, so no compiled engine ({compiled.REASON})")
    pytest.fail(f"the set-up did not compile the engines: {compiled.REASON}")


def test_both_builds_play_identical_games_of_every_preset_and_both_games() -> None:
    """For every preset of both games: 12 seeded random games with their states, legal
    moves and events; 3 of them also with every seat's and the spectator's view at every
    move and sampled worlds; the same on both builds. The bots (compiled too) choose the
    same moves on both: a game per preset of search, heuristic and easy bots. The online
    server's words and patches (compiled too) say a game per preset alike on both."""
    _need_compiled()
    fast = _run(False, "tests/build_digest.py", "12", "3", "1")
    slow = _run(True, "tests/build_digest.py", "12", "3", "1")
    assert (fast["build"], slow["build"]) == ("compiled", "pure")
    assert len(fast["digests"]) >= 15  # every preset of both games
    differ = [k for k in fast["digests"] if fast["digests"][k] != slow["digests"].get(k)]
    assert not differ, f"the builds play these differently: {differ}"
    assert fast["bots"].keys() == fast["digests"].keys()
    differ = [k for k in fast["bots"] if fast["bots"][k] != slow["bots"].get(k)]
    assert not differ, f"the bots choose differently on the two builds: {differ}"
    assert fast["updates"].keys() == fast["digests"].keys()
    differ = [k for k in fast["updates"] if fast["updates"][k] != slow["updates"].get(k)]
    assert not differ, f"the server says these differently on the two builds: {differ}"


def test_colt_pure_runs_the_source_and_a_stale_build_is_never_run(tmp_path: Path) -> None:
    """COLT_PURE=1 imports the engines from their .py files; a compiled engine whose source
    changed since it was compiled is set aside for the source (with a warning)."""
    code = ("import coltexpress.compiled as c, coltexpress.engine.game as g, "
            "coltexpress.superexpress.game as s, coltexpress.agents.ismcts as a; "
            "import json; print(json.dumps([c.BUILD, c.REASON, g.__file__, s.__file__, "
            "a.__file__]))")
    build, reason, game_file, super_file, search_file = _run(True, "-c", code)
    assert build == "pure" and "COLT_PURE" in reason
    assert game_file.endswith("game.py") and super_file.endswith("game.py")
    assert search_file.endswith("ismcts.py")
    _need_compiled()
    build, _, game_file, _, search_file = _run(False, "-c", code)
    assert build == "compiled" and not game_file.endswith(".py")
    assert not search_file.endswith(".py")
    # A copy of the package whose engine source changed after the compile: its source runs.
    copy = tmp_path / "src"
    shutil.copytree(ROOT / "src", copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules = copy / "coltexpress" / "engine" / "flow.py"
    rules.write_text(rules.read_text() + "\n# changed after the compile\n")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("COLT_PURE", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path,
                          capture_output=True, text=True, check=True, timeout=120)
    build, reason, game_file, _, _ = json.loads(done.stdout)
    assert build == "pure" and "changed" in reason and game_file.startswith(str(copy))
    assert game_file.endswith("game.py") and "compiles it again" in done.stderr


def _colt(pure: bool, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "160"}
    env.pop("COLT_PURE", None)
    if pure:
        env["COLT_PURE"] = "1"
    return subprocess.run([sys.executable, "-m", "coltexpress.cli", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=600)


def test_colt_bench_says_which_build_ran() -> None:
    """colt bench's JSON names the build; its table says it in words."""
    pure = _colt(True, "bench", "--seconds", "0.2", "--json")
    assert json.loads(pure.stdout)["build"] == "pure"
    table = _colt(True, "bench", "--seconds", "0.2")
    assert "Engine: pure Python." in table.stdout
    _need_compiled()
    assert json.loads(_colt(False, "bench", "--seconds", "0.2", "--json").stdout)["build"] \
        == "compiled"


def test_colt_bench_compares_the_builds_in_one_call(tmp_path: Path) -> None:
    """--compare-builds runs both builds in turns and gives the median pair's ratio;
    where no compiled engine was built it says so instead of comparing the source with
    itself."""
    bare = tmp_path / "src"  # the package as a machine without a compiler installs it
    shutil.copytree(ROOT / "src", bare, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    env = {**os.environ, "PYTHONPATH": str(bare)}
    refused = subprocess.run([sys.executable, "-m", "coltexpress.cli", "bench", "--seconds",
                              "0.2", "--compare-builds"], env=env, cwd=tmp_path,
                             capture_output=True, text=True, check=False, timeout=600)
    assert refused.returncode != 0, refused.stdout
    assert "no compiled build" in refused.stderr and "not built" in refused.stderr
    assert "Traceback" not in refused.stderr
    _need_compiled()
    done = _colt(False, "bench", "--game", "super-express", "--seconds", "0.3",
                 "--compare-builds", "--rounds", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["compiled"]["build"], data["pure"]["build"]) == ("compiled", "pure")
    assert data["game"] == data["compiled"]["game"] == data["pure"]["game"] == "super-express"
    assert data["compiled"]["runs"] == data["pure"]["runs"] == len(data["rounds"]) == 3
    for pair in data["rounds"]:
        assert pair["ratio"] == round(pair["compiled"] / pair["pure"], 2)
    ratios = sorted(pair["ratio"] for pair in data["rounds"])
    assert data["ratio"]["games_per_second"] == ratios[1]  # the median pair
    together = data["compiled"]["games"] / data["compiled"]["seconds"]
    assert abs(data["compiled"]["games_per_second"] - together) < 0.1


def test_colt_bench_all_measures_every_preset_of_both_games() -> None:
    """--all: a row per preset of both games; --players where the preset allows it."""
    from coltexpress.sim import every_preset

    done = _colt(True, "bench", "--all", "--players", "3", "--seconds", "0.1", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [(r["game"], r["preset"], r["players"]) for r in rows] == every_preset(3)
    assert {r["game"] for r in rows} == {"colt-express", "super-express"}
    assert {r["players"] for r in rows if "two-player" in r["preset"]} == {2}
    assert {r["players"] for r in rows if "two-player" not in r["preset"]} == {3}
    assert all(r["games"] >= 1 and r["build"] == "pure" for r in rows)
    table = _colt(True, "bench", "--all", "--seconds", "0.1")
    assert table.returncode == 0 and "Colt Super Express" in table.stdout
