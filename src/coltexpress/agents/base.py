"""The agent interface: a bot sees its seat's information only, through an Observation.

Agents play every game of the package (``coltexpress.games``) through the one engine
contract (``Playable``); what a bot must know of a particular game (its heuristic, how a
search scores a position it stops at) is looked up by the game's name in ``agents.kits``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

__all__ = ["Agent", "KnownWorld", "Observation", "Playable", "game_name", "noisy"]

DEFAULT_GAME = "colt-express"  # a game object without ``game_name`` (coltexpress.games)


class Playable(Protocol):
    """The engine contract the agents use: every game of the package follows it."""

    n_players: int
    quiet: bool

    @property
    def pending(self) -> Any: ...

    @property
    def current_seat(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actor(self) -> int: ...

    def legal_ids(self) -> tuple[int, ...]: ...

    def apply_id(self, index: int) -> list[Any]: ...

    def view(self, seat: int | None = None) -> dict[str, Any]: ...

    def determinize(self, seat: int | None, rng: random.Random) -> Any: ...

    def clone(self) -> Any: ...

    def result(self) -> dict[str, Any]: ...


def game_name(game: object) -> str:
    """The registry name of a game object (``coltexpress.games``)."""
    name = getattr(game, "game_name", DEFAULT_GAME)
    return name if isinstance(name, str) else DEFAULT_GAME


class Observation:
    """What one seat may use to decide: its view, its legal actions, sampled worlds.

    An agent never holds the game itself, so it cannot read another seat's hand or a hidden
    purse value; ``sample_world`` returns a full state drawn from the seat's information set
    (``determinize``), which search agents may play out freely.
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Playable, seat: int) -> None:
        if game.current_seat != seat:
            raise ValueError(f"seat {seat} is not the seat to act ({game.current_seat})")
        self._game = game
        self.seat = seat

    @property
    def game_name(self) -> str:
        """Which game this is (``colt-express``, ``super-express``): public knowledge."""
        return game_name(self._game)

    @property
    def pending(self) -> Any:
        return self._game.pending

    def view(self) -> dict[str, Any]:
        return self._game.view(self.seat)

    def legal_ids(self) -> tuple[int, ...]:
        return self._game.legal_ids()

    def sample_world(self, rng: random.Random) -> Any:
        """A full state consistent with this seat's view; hidden parts drawn with ``rng``."""
        return self._game.determinize(self.seat, rng)


class KnownWorld(Observation):
    """A seat of a world that a search already drew (``Observation.sample_world``): its
    "sampled world" is that world itself (a copy), so a rule-based agent can play a search's
    roll-out without drawing the hidden cards again. Only a search's own worlds are given
    this way; an agent's observation of the real game is always an ``Observation``."""

    __slots__ = ()

    def sample_world(self, rng: random.Random) -> Any:
        return self._game.clone()


@mypyc_attr(allow_interpreted_subclasses=True)  # a program's own agents, compiled or not
class Agent(ABC):
    """A player. ``choose`` returns the id of a legal action for the observed seat.

    Each agent owns a generator seeded at construction, separate from the game's. A program
    writes its own agent as a subclass that defines ``choose``.
    """

    name: str = "agent"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, observation: Observation) -> int:
        """The id of the action to play."""

    def act(self, game: Playable) -> int:
        """Choose for the seat that must act in ``game``."""
        seat = game.current_seat
        if seat is None:
            raise ValueError("the game is over")
        return self.choose(Observation(game, seat))

    def describe(self) -> str:
        return self.name


def noisy(agent: Agent, legal: tuple[int, ...], noise: float) -> int | None:
    """With probability ``noise`` a uniformly random legal id (the easy level's slips),
    otherwise None; the only legal id when there is one."""
    if len(legal) == 1:
        return legal[0]
    if noise and agent.rng.random() < noise:
        return legal[agent.rng.randrange(len(legal))]
    return None
