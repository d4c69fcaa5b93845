"""The agent interface: a bot sees its seat's information only, through an Observation."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from ..engine.game import Game, Pending

__all__ = ["Agent", "Observation"]


class Observation:
    """What one seat may use to decide: its view, its legal actions, sampled worlds.

    An agent never holds the game itself, so it cannot read another seat's hand or a hidden
    purse value; ``sample_world`` returns a full state drawn from the seat's information set
    (``Game.determinize``), which search agents may play out freely.
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        if game.current_seat != seat:
            raise ValueError(f"seat {seat} is not the seat to act ({game.current_seat})")
        self._game = game
        self.seat = seat

    @property
    def pending(self) -> Pending:
        return self._game.pending

    def view(self) -> dict[str, Any]:
        return self._game.view(self.seat)

    def legal_ids(self) -> tuple[int, ...]:
        return self._game.legal_ids()

    def sample_world(self, rng: random.Random) -> Game:
        """A full state consistent with this seat's view; hidden parts drawn with ``rng``."""
        return self._game.determinize(self.seat, rng)


class Agent(ABC):
    """A player. ``choose`` returns the id of a legal action for the observed seat.

    Each agent owns a generator seeded at construction, separate from the game's.
    """

    name: str = "agent"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, observation: Observation) -> int:
        """The id of the action to play."""

    def act(self, game: Game) -> int:
        """Choose for the seat that must act in ``game``."""
        seat = game.current_seat
        if seat is None:
            raise ValueError("the game is over")
        return self.choose(Observation(game, seat))

    def describe(self) -> str:
        return self.name
