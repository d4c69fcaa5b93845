"""What the generic agents need to know of each game, looked up by the game's name.

``random`` and ``ismcts`` play any game of the contract as it is; ``heuristic`` plays each
game with that game's own heuristic, and ISMCTS scores a position its roll-out stops at
with that game's evaluation. A third game gets bots with one more entry here.

>>> kit = bots_for("super-express")
>>> kit.heuristic(seed=1, noise=0.0).describe()
'heuristic'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .base import Agent

__all__ = ["KITS", "BotKit", "bots_for"]


@dataclass(frozen=True)
class BotKit:
    """A game's own bot knowledge.

    ``heuristic(seed=, noise=)`` makes its rule-based player; ``cutoff(world, rng)`` gives
    every seat a reward in [0, 1] for a position a search's roll-out stops at (``rng`` for a
    game that must finish a hidden step first, such as a round being programmed).
    """

    heuristic: Callable[..., Agent]
    cutoff: Callable[[Any, random.Random], list[float]]


def _colt() -> BotKit:
    from . import colt_heuristic

    return BotKit(colt_heuristic.ColtHeuristicAgent,
                  lambda world, _rng: colt_heuristic.cutoff_rewards(world))


def _super() -> BotKit:
    from . import super_heuristic

    return BotKit(super_heuristic.SuperHeuristicAgent, super_heuristic.cutoff_rewards)


KITS: dict[str, Callable[[], BotKit]] = {"colt-express": _colt, "super-express": _super}
_LOADED: dict[str, BotKit] = {}


def bots_for(game: str) -> BotKit:
    """The bot kit of that game; ValueError naming the games otherwise."""
    kit = _LOADED.get(game)
    if kit is None:
        if game not in KITS:
            raise ValueError(f"no bots for the game {game!r}; games are {', '.join(KITS)}")
        kit = _LOADED[game] = KITS[game]()
    return kit
