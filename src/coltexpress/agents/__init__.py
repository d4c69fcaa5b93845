"""Agents that play the package's games: random, heuristic, ISMCTS and each game's hard
player, behind one interface."""

from .base import Agent, Observation
from .hard import HardAgent
from .heuristic import HeuristicAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "HardAgent", "HeuristicAgent", "ISMCTSAgent", "Observation", "RandomAgent"]
