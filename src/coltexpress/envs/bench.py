"""Environment steps a second: ``colt bench --envs``.

Each interface steps for about ``seconds`` with uniformly random legal actions, games
following games; only stepping, resetting and the observations it hands back are timed
(the random choice is not). PettingZoo steps every seat; Gymnasium steps the learner's
seat, the other seats played inside ``step`` by random bots (their decisions are part of
its time, as they are of a learner's).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from ..progress import Meter

__all__ = ["bench_envs"]


def _measure(seconds: float, meter: Meter | None,
             one_step: Callable[[], float]) -> tuple[int, float]:
    """Steps for about ``seconds`` of their own time (``one_step`` plays one and says how
    long its timed part took): the steps played and their time."""
    steps, spent = 0, 0.0
    while spent < seconds:
        spent += one_step()
        steps += 1
        if meter is not None:
            meter.done, meter.measured = steps, spent
    return steps, spent


def _pettingzoo(game: str, preset: str, players: int, seconds: float, seed: int,
                meter: Meter | None) -> dict[str, Any]:
    from .pettingzoo import env

    table = env(game=game, preset=preset, players=players)
    rng = random.Random(seed)
    table.reset(seed=seed)

    def one_step() -> float:
        began = time.perf_counter()
        observation, _, terminated, truncated, _ = table.last()
        spent = time.perf_counter() - began
        action = None if terminated or truncated else rng.choice(
            np.flatnonzero(observation["action_mask"]).tolist())
        began = time.perf_counter()
        table.step(action)
        if not table.agents:
            table.reset()
        return spent + time.perf_counter() - began

    steps, spent = _measure(seconds, meter, one_step)
    return {"pettingzoo_steps": steps, "pettingzoo_steps_per_second": round(steps / spent)}


def _gymnasium(game: str, preset: str, players: int, seconds: float, seed: int,
               meter: Meter | None) -> dict[str, Any]:
    from .gymnasium import ColtEnv

    table = ColtEnv(game=game, preset=preset, players=players, opponents="random")
    rng = random.Random(seed)
    info = table.reset(seed=seed)[1]

    def one_step() -> float:
        nonlocal info
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        began = time.perf_counter()
        _, _, terminated, truncated, info = table.step(action)
        if terminated or truncated:
            info = table.reset()[1]
        return time.perf_counter() - began

    steps, spent = _measure(seconds, meter, one_step)
    return {"gymnasium_steps": steps, "gymnasium_steps_per_second": round(steps / spent)}


def bench_envs(game: str, preset: str, players: int, seconds: float, seed: int = 1,
               stage: Callable[[str], Meter | None] = lambda label: None) -> dict[str, Any]:
    """Steps a second of the PettingZoo and the Gymnasium environment, ``seconds`` each
    (``stage(label)``: the meter each one's progress is shown on)."""
    out = _pettingzoo(game, preset, players, seconds, seed, stage("PettingZoo steps"))
    out.update(_gymnasium(game, preset, players, seconds, seed, stage("Gymnasium steps")))
    return out
