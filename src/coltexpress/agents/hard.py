"""The hard level of every game: the strongest player the package has for that game.

Each game's kit (``agents.kits``) names it: in Colt Express a search (ISMCTS) whose
roll-outs play to the end of the game, at most 0.9 s a decision; in Colt Super Express,
where that search is no better than the heuristic (docs/agents.md), the heuristic's own
look-ahead (every order of its cards played through the round against its model of the
others) with about sixteen times its budget, the others' stacks foreseen by the heuristic
itself choosing from each one's seat, so its orders are compared on more of the stacks the
others are likely to play.
"""

from __future__ import annotations

from .base import Agent, Observation
from .kits import bots_for

__all__ = ["HardAgent"]


class HardAgent(Agent):
    """The game's hard player, made on first use with this agent's seed."""

    name = "hard"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed)
        self._players: dict[str, Agent] = {}

    def choose(self, observation: Observation) -> int:
        game = observation.game_name
        player = self._players.get(game)
        if player is None:
            player = self._players[game] = bots_for(game).hard(seed=self.seed)
        return player.choose(observation)
