"""The engine's speed benchmark: random legal moves, one core, for every game of the
package (``coltexpress.games``).

>>> from coltexpress.games import options_for
>>> game, steps = play_random_game(options_for("colt-express", "standard", players=3), seed=1)
>>> game.is_over, steps > 20
(True, True)
>>> bench(game="super-express", players=4, seconds=0.05).to_dict()["game"]
'super-express'
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import compiled
from .engine.errors import OptionsError
from .games import DEFAULT_GAME, GAMES, game_of
from .gamestats import stats_for_options

if TYPE_CHECKING:
    from .progress import Meter

__all__ = ["BenchReport", "bench", "bench_in_build", "compare_builds", "every_preset",
           "play_random_game"]


def play_random_game(options: Any, seed: int, *, quiet: bool = False) -> tuple[Any, int]:
    """Play one game with uniformly random legal moves; returns the game and its steps.

    The game is the one ``options`` are for. The game's seed and the movers' generator are
    separate: the same seed gives the same deal whatever the players choose.
    """
    game = game_of(stats_for_options(options).name).new(options, seed=seed)
    game.quiet = quiet
    chooser = random.Random(seed ^ 0x5A17)
    steps = 0
    while not game.is_over:
        legal = game.legal_ids()
        game.apply_id(legal[int(chooser.random() * len(legal))])
        steps += 1
    return game, steps


@dataclass
class BenchReport:
    """What ``colt bench`` measures: the engine alone, one core, random playouts."""

    players: int
    preset: str
    games: int
    seconds: float
    steps: int
    clone_us: float
    apply_us: float
    quiet: bool = False
    game: str = DEFAULT_GAME

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "preset": self.preset,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "steps_per_second": round(self.steps_per_second, 1),
            "steps_per_game": round(self.steps / self.games, 2),
            "clone_us": round(self.clone_us, 2),
            "apply_us": round(self.apply_us, 2),
            "quiet": self.quiet,
            "build": compiled.BUILD,
        }


def bench(
    *, players: int = 3, preset: str = "standard", seconds: float = 5.0, quiet: bool = False,
    game: str = DEFAULT_GAME, meter: Meter | None = None,
) -> BenchReport:
    """Random playouts of ``game`` for about ``seconds``; then the cost of one clone and one
    step.

    ``quiet`` plays without building events, as search roll-outs do. ``meter`` (``colt
    bench``'s bar) counts the games and ends with the playouts, before the clones.
    """
    kind = game_of(game)
    options = kind.options(preset, players=players)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _game, n = play_random_game(options, games, quiet=quiet)
        games += 1
        steps += n
        if meter is not None:
            meter.add()
    elapsed = time.perf_counter() - start
    if meter is not None:
        meter.end()
    # Clone cost, measured on mid-game states.
    samples: list[Any] = []
    state = kind.new(options, seed=12345)
    chooser = random.Random(1)
    while not state.is_over:
        if len(state.history) % 7 == 0:
            samples.append(state.clone())
        legal = state.legal_ids()
        state.apply_id(legal[chooser.randrange(len(legal))])
    reps = 2000
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in samples:
            s.clone()
    clone_us = (time.perf_counter() - t0) / (reps * len(samples)) * 1e6
    return BenchReport(
        players=players,
        preset=preset,
        games=games,
        seconds=elapsed,
        steps=steps,
        clone_us=clone_us,
        apply_us=elapsed / steps * 1e6,
        quiet=quiet,
        game=game,
    )


def every_preset(players: int | None = None) -> list[tuple[str, str, int]]:
    """(game, preset, players) of every preset of every game: ``players`` where the preset
    allows it, else the preset's own count (a two-player preset keeps its two)."""
    runs = []
    for name in GAMES:
        kind = game_of(name)
        for preset in kind.presets:
            count = kind.options(preset).players
            if players is not None and count != 2:
                with contextlib.suppress(OptionsError):  # no game of that size: its own
                    count = kind.options(preset, players=players).players
            runs.append((name, preset, count))
    return runs


def bench_in_build(
    build: str, *, game: str, preset: str, players: int, seconds: float, quiet: bool = False,
) -> dict[str, Any]:
    """``colt bench --json`` run in a new process on ``build`` (``compiled`` or ``pure``);
    ValueError if that build cannot run here (no compiled engine, say)."""
    env = dict(os.environ)
    env.pop("COLT_PURE", None)
    if build == "pure":
        env["COLT_PURE"] = "1"
    command = [sys.executable, "-m", "coltexpress.cli", "bench", "--json", "--game", game,
               "--preset", preset, "--players", str(players), "--seconds", str(seconds)]
    if quiet:
        command.append("--quiet")
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise ValueError(f"the {build} build's benchmark failed: {done.stderr.strip()}")
    report: dict[str, Any] = json.loads(done.stdout)
    if report.get("build") != build:
        raise ValueError(f"no {build} build to measure here: the engines run "
                         f"{report.get('build')} ({compiled.REASON if build == 'compiled' else ''})"
                         .replace(" ()", ""))
    return report


def compare_builds(
    *, game: str, preset: str, players: int, seconds: float, quiet: bool = False,
    rounds: int = 3, meter: Meter | None = None,
) -> dict[str, Any]:
    """The same benchmark on the compiled build and the pure one, alternating in one call:
    ``rounds`` pairs, each pair's builds back to back in turns (compiled first, then pure
    first, ...), since a shared machine's speed drifts between runs and only builds measured
    side by side compare. ``ratio``: how many times faster the compiled build is, the median
    of the pairs'; ``compiled`` and ``pure``: each build's runs together (games over
    seconds, the median copy); ``rounds``: each pair's figures."""
    runs: dict[str, list[dict[str, Any]]] = {"compiled": [], "pure": []}
    pairs = []
    for i in range(rounds):
        order = ("compiled", "pure") if i % 2 == 0 else ("pure", "compiled")
        pair = {}
        for build in order:
            pair[build] = bench_in_build(build, game=game, preset=preset, players=players,
                                         seconds=seconds, quiet=quiet)
            runs[build].append(pair[build])
            if meter is not None:
                meter.add()
        pairs.append({
            "compiled": pair["compiled"]["games_per_second"],
            "pure": pair["pure"]["games_per_second"],
            "ratio": round(pair["compiled"]["games_per_second"]
                           / pair["pure"]["games_per_second"], 2),
            "clone_ratio": round(pair["pure"]["clone_us"] / pair["compiled"]["clone_us"], 2),
        })
    together = {build: _together(reports) for build, reports in runs.items()}
    fast, slow = together["compiled"], together["pure"]
    return {
        "game": game, "preset": preset, "players": players, "quiet": quiet, **together,
        "ratio": {
            "games_per_second": round(statistics.median(p["ratio"] for p in pairs), 2),
            "steps_per_second": round(fast["steps_per_second"] / slow["steps_per_second"], 2),
            "clone_us": round(statistics.median(p["clone_ratio"] for p in pairs), 2),
        },
        "rounds": pairs,
    }


def _together(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """One build's benchmark runs as one: their games over their seconds, the median copy."""
    games = sum(r["games"] for r in reports)
    seconds = sum(r["seconds"] for r in reports)
    steps = sum(r["steps_per_second"] * r["seconds"] for r in reports)
    return {
        **reports[0],
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "steps_per_second": round(steps / seconds, 1),
        "steps_per_game": round(steps / games, 2),
        "clone_us": round(statistics.median(r["clone_us"] for r in reports), 2),
        "apply_us": round(seconds / steps * 1e6, 2),
        "runs": len(reports),
    }
