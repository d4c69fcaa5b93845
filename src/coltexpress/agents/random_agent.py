"""The random agent: uniform over the legal actions, seeded."""

from __future__ import annotations

from .base import Agent, Observation


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_ids()
        return legal[self.rng.randrange(len(legal))]
