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

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .games import DEFAULT_GAME, game_of
from .gamestats import stats_for_options

if TYPE_CHECKING:
    from .progress import Meter

__all__ = ["BenchReport", "bench", "play_random_game"]


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
