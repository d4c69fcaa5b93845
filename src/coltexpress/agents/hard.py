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
    """The game's hard player, made on first use with this agent's seed; ``seconds`` (None:
    each game's own, 0.9 s) the longest a decision may take: more makes it stronger, or
    stands for a slower machine's 0.9 s on a faster one."""

    name = "hard"

    def __init__(self, *, seed: int = 0, seconds: float | None = None) -> None:
        super().__init__(seed=seed)
        if seconds is not None and not 0 < seconds <= 3600:
            raise ValueError(f"seconds is a decision's time, over 0 and at most 3600: {seconds}")
        self.seconds = seconds
        self._players: dict[str, Agent] = {}

    def describe(self) -> str:
        return self.name if self.seconds is None else f"{self.name}:seconds={self.seconds:g}"

    def choose(self, observation: Observation) -> int:
        game = observation.game_name
        player = self._players.get(game)
        if player is None:
            player = self._players[game] = bots_for(game).hard(seed=self.seed,
                                                               seconds=self.seconds)
        return player.choose(observation)
