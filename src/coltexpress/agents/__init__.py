"""Agents that play the package's games: random, heuristic and ISMCTS, behind one interface."""

from .base import Agent, Observation
from .heuristic import HeuristicAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "HeuristicAgent", "ISMCTSAgent", "Observation", "RandomAgent"]
