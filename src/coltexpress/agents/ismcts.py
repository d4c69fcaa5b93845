"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search". Each
iteration draws one world from the searching seat's information set (``Game.determinize``
through the Observation), descends the tree restricted to the actions legal in that world,
choosing by UCB1 with availability counts from the point of view of the seat to move,
expands one node, plays the rest of the game out, and backs up a reward for every seat. The
search's generator is its own; the game's hidden state is never read. It plays every game of
the contract; a roll-out cut short is scored by the game's own evaluation (``agents.kits``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from .base import Agent, KnownWorld, Observation, Playable
from .kits import bots_for

__all__ = ["ROLLOUTS", "ISMCTSAgent"]

ROLLOUTS = ("random", "heuristic")  # how a search's roll-outs are played


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def _rewards(game: Playable) -> list[float]:
    """1 for a win (shared wins split), plus a small share for the score margin (Horses &
    Stagecoach: totals may fall below zero, and nobody may win)."""
    result = game.result()
    totals = result["totals"]
    winners = result["winners"]
    top = max(*totals, 1)
    out = []
    for seat, total in enumerate(totals):
        win = 1.0 / len(winners) if seat in winners else 0.0
        out.append(0.9 * win + 0.1 * total / top)
    return out


class ISMCTSAgent(Agent):
    """ISMCTS with random roll-outs (or a heuristic cut-off) under an iteration or time budget.

    ``iterations``: search iterations per decision; ``seconds``: a time budget per decision
    instead (whichever ends first when both are given). ``rollout_depth``: steps of play
    before the position is scored by the heuristic evaluation (``None``: play to the end).
    ``rollout``: how those steps are played: ``random`` (uniformly) or ``heuristic`` (each
    seat by the game's rule-based player, on the search's world: slower, better informed).
    """

    name = "ismcts"

    def __init__(
        self,
        *,
        seed: int = 0,
        iterations: int | None = 500,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        rollout: str = "random",
    ) -> None:
        super().__init__(seed=seed)
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration budget, a time budget, or both")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout is one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout = rollout
        self._policy: Agent | None = None  # the heuristic roll-outs' player

    def describe(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds}")
        return f"ismcts:{','.join(budget)}"

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_ids()
        if len(legal) == 1:
            return legal[0]
        tried = self.search(observation)
        return max(legal, key=lambda a: tried[a][0] if a in tried else -1)

    def search(self, observation: Observation) -> dict[int, tuple[int, float]]:
        """The search from the observed seat's decision: each action it tried, with its
        visits and its mean reward for that seat (0 to 1: 0.9 for a win, shared wins
        split, and 0.1 for the money against the richest; ``_rewards``). ``choose`` plays
        the most visited."""
        root = _Node()
        rng = self.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        kit = bots_for(observation.game_name)
        cutoff = kit.cutoff
        if self.rollout == "heuristic" and self._policy is None:
            self._policy = kit.heuristic(seed=rng.getrandbits(32), noise=0.0)
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            world = observation.sample_world(rng)
            world.quiet = True  # no narration inside the search
            self._iterate(root, world, cutoff)
            done += 1
        return {a: (child.visits, child.reward / child.visits)
                for a, child in root.children.items() if child.visits}

    def _iterate(
        self, root: _Node, world: Any, cutoff: Callable[[Any, random.Random], list[float]]
    ) -> None:
        rng = self.rng
        node = root
        path: list[tuple[_Node, int]] = []  # (node, seat that chose it)
        c = self.exploration
        # Selection and expansion.
        while not world.is_over:
            legal = world.legal_ids()
            seat = world.actor
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node()
                child.available = 1
                world.apply_id(action)
                path.append((child, seat))
                break
            best_score = -1.0
            action = legal[0]
            for a in legal:
                ch = children[a]
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            world.apply_id(action)
            path.append((node, seat))
        # Roll-out.
        depth = 0
        max_depth = self.rollout_depth
        policy = self._policy
        while not world.is_over and (max_depth is None or depth < max_depth):
            legal = world.legal_ids()
            if policy is None or len(legal) == 1:
                world.apply_id(legal[int(rng.random() * len(legal))])
            else:
                world.apply_id(policy.choose(KnownWorld(world, world.actor)))
            depth += 1
        rewards = _rewards(world) if world.is_over else cutoff(world, rng)
        # Back-propagation, each node scored for the seat that chose it.
        for node_, seat in path:
            node_.visits += 1
            node_.reward += rewards[seat]
