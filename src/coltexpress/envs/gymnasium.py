"""Colt Express and Colt Super Express as single-agent Gymnasium environments: one seat is
the learner's, bots of a chosen level play the others inside ``step`` (docs/envs.md).

Importing this module registers ``ColtExpress-v0`` and ``ColtSuperExpress-v0``:

>>> import gymnasium
>>> import coltexpress.envs.gymnasium
>>> table = gymnasium.make("ColtExpress-v0", preset="standard", players=3, opponents="random")
>>> observation, info = table.reset(seed=1)
>>> observation.shape == table.observation_space.shape
True
>>> int(info["action_mask"].sum()) > 0
True

The observation is the learner's view as ``encoding`` encodes it; the action is an id of
the game's fixed action space, and ``info["action_mask"]`` (also ``action_masks()``, as
sb3-contrib's maskable agents ask) marks the legal ones. An illegal id ends the episode
with -1 (``illegal="lose"``) or raises (``illegal="raise"``). ``make_vec`` runs several
tables on as many processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv

from ..agents.base import Agent
from ..tournament import make_agent, parse_agent
from .core import Table
from .encoding import HIGH

__all__ = ["ColtEnv", "make_vec"]

ILLEGAL = ("lose", "raise")


class ColtEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a game of ``game`` with ``preset``, ``players`` and any option
    overridden by keyword; ``seat``: the learner's (None: a random seat each episode);
    ``opponents``: one agent or level for every other seat (``random``, ``easy``,
    ``medium``, ``hard``, ``heuristic``, ``ismcts:iterations=200``...) or one per seat in
    seat order, the learner's left out."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str = "colt-express", preset: str | None = None,
                 players: int = 3, seat: int | None = None,
                 opponents: str | Sequence[str] = "random", reward: str = "win",
                 illegal: str = "lose", render_mode: str | None = None,
                 **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode {render_mode!r}; the one mode is 'ansi'")
        if illegal not in ILLEGAL:
            raise ValueError(f"unknown illegal={illegal!r}; choose one of {', '.join(ILLEGAL)}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of {players} players")
        self.table = Table(game, preset, players, reward, **options)
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{len(names)} opponents for {players - 1} other seats")
        self.specs = [parse_agent(n) for n in names]
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-HIGH, HIGH, (self.table.encoder.size,),
                                            np.float32)
        self.action_space = spaces.Discrete(self.table.actions)
        self.bots: dict[int, Agent] = {}
        self.ended = True  # reset() starts an episode

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.seat = int(draw(self.table.players)) if self.fixed_seat is None else self.fixed_seat
        self.table.reset(int(draw(1 << 62)))
        others = [s for s in range(self.table.players) if s != self.seat]
        self.bots = {s: make_agent(spec, int(draw(1 << 31)))
                     for s, spec in zip(others, self.specs, strict=True)}
        self.ended = False
        self._play_bots()
        self.ended = self.table.over
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.ended:
            raise RuntimeError("the episode is over: call reset() first")
        index = int(action)
        if self.table.mask(self.seat)[index] if 0 <= index < self.table.actions else False:
            self.table.clear()  # ``render`` tells the learner's move and the bots' after it
            self.table.step(index)
            self._play_bots()
        elif self.illegal == "raise":
            legal = list(self.table.game.legal_ids())
            raise ValueError(f"action {index} is not legal now; legal ids are {legal}")
        else:
            info = self._info()
            info["illegal_action"] = index
            self.ended = True
            return self._observation(), -1.0, True, False, info
        reward = self.table.rewards()[self.seat] if self.table.over else 0.0
        self.ended = self.table.over
        return self._observation(), reward, self.table.over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action ids now, as a boolean mask."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render mode; "
                                  "make the environment with render_mode='ansi'")
            return None
        return self.table.text(self.seat)

    def _play_bots(self) -> None:
        while not self.table.over and self.table.seat != self.seat:
            seat = self.table.seat
            assert seat is not None
            self.table.step(self.bots[seat].act(self.table.game))

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat), "seat": self.seat}


def make_vec(num_envs: int, *, processes: bool = True, seed: int | None = None,
             **kwargs: Any) -> VectorEnv:
    """``num_envs`` tables of ``ColtEnv(**kwargs)``, each on its own process
    (``processes=False``: all in this one)."""
    if num_envs < 1:
        raise ValueError("num_envs must be at least 1")
    makers = [lambda: ColtEnv(**kwargs) for _ in range(num_envs)]
    vector: VectorEnv = AsyncVectorEnv(makers) if processes else SyncVectorEnv(makers)
    if seed is not None:
        vector.reset(seed=seed)  # table i: seed + i
    return vector


def _register() -> None:
    for env_id, game in (("ColtExpress-v0", "colt-express"),
                         ("ColtSuperExpress-v0", "super-express")):
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ColtEnv, kwargs={"game": game})


_register()
