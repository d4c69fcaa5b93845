"""The heuristic agent of every game: it plays each game with that game's own rule-based
player (``agents.kits``: Colt Express's ``colt_heuristic``, Colt Super Express's
``super_heuristic``), so ``heuristic`` and the levels built on it need no game named."""

from __future__ import annotations

from .base import Agent, Observation
from .kits import bots_for

__all__ = ["HeuristicAgent"]


class HeuristicAgent(Agent):
    """The game's heuristic, made on first use with this agent's seed and noise.

    ``noise=p`` plays a uniformly random legal move with probability p (the easy level).
    """

    name = "heuristic"

    def __init__(self, *, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(seed=seed)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a probability, not {noise}")
        self.noise = noise
        self._players: dict[str, Agent] = {}

    def describe(self) -> str:
        return f"heuristic:noise={self.noise}" if self.noise else "heuristic"

    def choose(self, observation: Observation) -> int:
        game = observation.game_name
        player = self._players.get(game)
        if player is None:
            player = self._players[game] = bots_for(game).heuristic(
                seed=self.seed, noise=self.noise)
        return player.choose(observation)
