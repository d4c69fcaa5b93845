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
from dataclasses import dataclass, replace
from typing import Any

from .base import Agent

__all__ = ["KITS", "SUPER_HARD", "SUPER_HARD_LOOT", "SUPER_HARD_SECONDS", "BotKit", "bots_for"]


@dataclass(frozen=True)
class BotKit:
    """A game's own bot knowledge.

    ``heuristic(seed=, noise=)`` makes its rule-based player; ``cutoff(world, rng)`` gives
    every seat a reward in [0, 1] for a position a search's roll-out stops at (``rng`` for a
    game that must finish a hidden step first, such as a round being programmed);
    ``hard(seed=, seconds=)`` makes the strongest player the package has for it (the hard
    level, ``agents.hard``; measured in docs/agents.md), at most ``seconds`` a decision
    (None: the game's own, 0.9 s).
    """

    heuristic: Callable[..., Agent]
    cutoff: Callable[[Any, random.Random], list[float]]
    hard: Callable[..., Agent]


# The hard Colt Super Express player's budgets (``SuperHeuristicAgent``'s parameters): the
# rounds played out to choose its order, how many of the heuristic's own decisions it
# spends foreseeing the others' stacks (shared among them), and the rounds a decision may
# play out in all, which bounds a decision where a hand holds many orders (the extensions
# at 5 players): under a second on the machine it was set on, up to 1.6 s on a machine
# whose ten million additions take a second (docs/agents.md), where the time cap binds.
SUPER_HARD = (8000, 12, 17_000)  # budget, model_runs, max_rounds
# At most this long a decision on any machine, the cap in rounds above notwithstanding.
SUPER_HARD_SECONDS = 0.9
# The hard level's own evaluation weighs a Loot card twice the heuristic's (which still
# foresees the others): measured in docs/agents.md.
SUPER_HARD_LOOT = 0.25


def _colt_hard(*, seed: int, seconds: float | None = None) -> Agent:
    from .ismcts import ISMCTSAgent

    # roll-outs to the end of the game: cut short, they mislead the search at larger tables
    return ISMCTSAgent(seed=seed, iterations=3000, seconds=seconds or 0.9)


def _super_hard(*, seed: int, seconds: float | None = None) -> Agent:
    from .super_heuristic import WEIGHTS, SuperHeuristicAgent

    budget, model_runs, max_rounds = SUPER_HARD
    return SuperHeuristicAgent(seed=seed, budget=budget, model_runs=model_runs,
                               max_rounds=max_rounds, seconds=seconds or SUPER_HARD_SECONDS,
                               weights=replace(WEIGHTS, loot=SUPER_HARD_LOOT))


def _colt() -> BotKit:
    from . import colt_heuristic

    return BotKit(colt_heuristic.ColtHeuristicAgent,
                  lambda world, _rng: colt_heuristic.cutoff_rewards(world), _colt_hard)


def _super() -> BotKit:
    from . import super_heuristic

    return BotKit(super_heuristic.SuperHeuristicAgent, super_heuristic.cutoff_rewards,
                  _super_hard)


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
