"""Simulation: many games of random legal moves, and the engine's speed benchmark.

>>> report = simulate(Options.preset("standard", players=3), games=3, seed=1)
>>> report.games, report.errors
(3, 0)
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from .engine.game import Game
from .engine.options import Options

__all__ = ["BenchReport", "SimReport", "bench", "play_random_game", "simulate"]


def play_random_game(options: Options, seed: int) -> tuple[Game, int]:
    """Play one game with uniformly random legal moves; returns the game and its steps.

    The game's seed and the movers' generator are separate: the same seed gives the same
    deal whatever the players choose.
    """
    game = Game.new(options, seed=seed)
    chooser = random.Random(seed ^ 0x5A17)
    steps = 0
    while not game.is_over:
        legal = game.legal_ids()
        game.apply_id(legal[int(chooser.random() * len(legal))])
        steps += 1
    return game, steps


@dataclass
class SimReport:
    """What ``colt simulate`` measures."""

    games: int
    players: int
    preset: str | None
    seed: int
    errors: int = 0
    seconds: float = 0.0
    steps: int = 0
    wins: list[float] = field(default_factory=list)
    outright_wins: list[int] = field(default_factory=list)
    shared_games: int = 0
    mean_total: list[float] = field(default_factory=list)
    gunslinger: list[int] = field(default_factory=list)
    error_messages: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def mean_steps_per_game(self) -> float:
        return self.steps / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["games_per_second"] = round(self.games_per_second, 2)
        data["mean_steps_per_game"] = round(self.mean_steps_per_game, 2)
        data["wins_per_seat"] = data.pop("wins")
        data["seconds"] = round(self.seconds, 3)
        return data


def simulate(
    options: Options,
    *,
    games: int,
    seed: int = 0,
    preset: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """Play ``games`` random games (game i uses seed ``seed + i``); errors are counted."""
    n = options.players
    report = SimReport(
        games=games,
        players=n,
        preset=preset,
        seed=seed,
        wins=[0.0] * n,
        outright_wins=[0] * n,
        mean_total=[0.0] * n,
        gunslinger=[0] * n,
    )
    totals = [0] * n
    start = time.perf_counter()
    for i in range(games):
        try:
            game, steps = play_random_game(options, seed + i)
        except Exception:  # a crash is what the simulation is looking for
            report.errors += 1
            if len(report.error_messages) < 5:
                report.error_messages.append(f"seed {seed + i}: {traceback.format_exc(limit=3)}")
        else:
            report.steps += steps
            result = game.result()
            winners = result["winners"]
            for s in winners:
                report.wins[s] += 1 / len(winners)
            if len(winners) == 1:
                report.outright_wins[winners[0]] += 1
            else:
                report.shared_games += 1
            for s in result["gunslingers"]:
                report.gunslinger[s] += 1
            for s in range(n):
                totals[s] += result["totals"][s]
        if progress is not None:
            progress(1)
    report.seconds = time.perf_counter() - start
    played = games - report.errors
    report.mean_total = [t / played if played else 0.0 for t in totals]
    report.wins = [round(w, 3) for w in report.wins]
    return report


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

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "preset": self.preset,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "steps_per_second": round(self.steps_per_second, 1),
            "steps_per_game": round(self.steps / self.games, 2),
            "clone_us": round(self.clone_us, 2),
            "apply_us": round(self.apply_us, 2),
        }


def bench(*, players: int = 3, preset: str = "standard", seconds: float = 5.0) -> BenchReport:
    """Random playouts for about ``seconds``; then the cost of one clone and one step."""
    options = Options.preset(preset, players=players)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _game, n = play_random_game(options, games)
        games += 1
        steps += n
    elapsed = time.perf_counter() - start
    # Clone cost, measured on mid-game states.
    samples: list[Game] = []
    game = Game.new(options, seed=12345)
    chooser = random.Random(1)
    while not game.is_over:
        if len(game.history) % 7 == 0:
            samples.append(game.clone())
        legal = game.legal_ids()
        game.apply_id(legal[chooser.randrange(len(legal))])
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
    )
