"""Colt Express and Colt Super Express as PettingZoo AEC environments (docs/envs.md).

>>> from coltexpress.envs.pettingzoo import env
>>> table = env(players=3)
>>> table.reset(seed=7)
>>> observation, reward, termination, truncation, info = table.last()
>>> sorted(observation)
['action_mask', 'observation']
>>> table.agents
['player_0', 'player_1', 'player_2']

Agents are named by seat (``player_0`` is seat 0; in Marshal & Prisoners seat 0 is the
Marshal). An observation is a dict: ``observation`` (the seat's view as ``encoding``
encodes it) and ``action_mask`` (1 for each legal id of the game's fixed action space; all
0 for a seat that is not to act). Rewards come at the end (``reward="win"`` or
``"score"``). ``render_mode="ansi"`` returns the table in words.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .core import Table
from .encoding import HIGH

__all__ = ["ColtAECEnv", "env", "raw_env"]


def env(game: str = "colt-express", preset: str | None = None, players: int = 3,
        render_mode: str | None = None, reward: str = "win", **options: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers: an illegal action ends the game
    with -1 for the seat that played it; stepping out of turn or out of the action space
    raises."""
    table: AECEnv = ColtAECEnv(game, preset, players, render_mode, reward, **options)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class ColtAECEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """A game of ``game`` (``colt-express`` or ``super-express``) with ``preset``,
    ``players`` and any option overridden by keyword, seat by seat."""

    metadata = {"name": "colt_express_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}

    def __init__(self, game: str = "colt-express", preset: str | None = None,
                 players: int = 3, render_mode: str | None = None, reward: str = "win",
                 **options: Any) -> None:
        EzPickle.__init__(self, game, preset, players, render_mode, reward, **options)
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode {render_mode!r}; the one mode is 'ansi'")
        self.table = Table(game, preset, players, reward, **options)
        name = "colt_super_express_v0" if game == "super-express" else "colt_express_v0"
        self.metadata = {**self.metadata, "name": name}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents = self.possible_agents[:]
        size, actions = self.table.encoder.size, self.table.actions
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-HIGH, HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds, _ = seeding.np_random(None)
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` deals it (and the games of later resets without one)."""
        if seed is not None:
            self._seeds, _ = seeding.np_random(seed)
        self.table.reset(int(self._seeds.integers(1 << 62)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of(self.table.seat)

    def _agent_of(self, seat: int | None) -> str:
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.clear()  # ``render`` tells this move
        self.table.step(int(action))  # type: ignore[arg-type]
        if self.table.over:
            for a, r in zip(self.possible_agents, self.table.rewards(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        self._accumulate_rewards()
        self.agent_selection = self._agent_of(self.table.seat) if not self.table.over else agent
        if self.render_mode == "ansi":
            pass  # rendering is asked for (``render``), never printed

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() was called without a render mode; "
                                  "make the environment with render_mode='ansi'")
            return None
        return self.table.text()

    def close(self) -> None:
        pass


raw_env = ColtAECEnv
