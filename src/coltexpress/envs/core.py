"""One table of any game and option set, as the research interfaces drive it: a game, its
observation encoder (``encoding``), its fixed action space and masks, end-of-game rewards,
and a text picture in the words of the terminal's plain mode.

>>> table = Table("colt-express", "standard", players=3)
>>> table.reset(seed=1)
>>> seat = table.seat
>>> table.observe(seat).shape == (table.encoder.size,)
True
>>> int(table.mask(seat).sum()) == len(table.game.legal_ids())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.actions import ACTION_TEXTS
from ..games import game_of, options_for
from ..superexpress.actions import SUPER_ACTIONS
from .encoding import Encoder

__all__ = ["REWARDS", "Table", "action_count", "final_rewards", "table_words"]

REWARDS = ("win", "score")


def action_count(game: str) -> int:
    """The size of a game's fixed action space (every action id the engine has)."""
    game_of(game)  # an unknown game: the registry's error
    return len(SUPER_ACTIONS) if game == "super-express" else len(ACTION_TEXTS)


def final_rewards(game: Any, name: str, reward: str) -> list[float]:
    """Each seat's reward for ``game`` of ``name`` once it is over (0 before): ``win``, 1
    for each winner and -1 for every other seat; ``score``, Colt Express's money in
    thousands of dollars (the Marshal, who has none, his win or loss), Colt Super
    Express's share of the rounds a bandit lasted, less one (a winner's 1)."""
    players = game.n_players
    if not game.is_over:
        return [0.0] * players
    result = game.result()
    winners = set(result["winners"])
    won = [1.0 if s in winners else -1.0 for s in range(players)]
    if reward == "win":
        return won
    if name == "super-express":
        rounds = max(game.view(None)["round"], 1)
        lasted = [rounds if r is None else r for r in result["out_round"]]
        return [1.0 if s in winners else min(lasted[s], rounds) / rounds - 1.0
                for s in range(players)]
    marshal = result.get("marshal")
    return [won[s] if s == marshal else result["totals"][s] / 1000.0 for s in range(players)]


class Table:
    """A game of ``game`` with ``preset`` (the game's default preset when None), ``players``
    and any option overridden by keyword (``characters=("belle", "doc", "tuco")``), played
    one action id at a time. ``reward``: ``win`` (1 for each winner, -1 for every other
    seat) or ``score`` (docs/envs.md, *Rewards*)."""

    def __init__(self, game: str = "colt-express", preset: str | None = None,
                 players: int = 3, reward: str = "win", **options: Any) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; rewards are {', '.join(REWARDS)}")
        self.kind = game_of(game)
        self.name = game
        self.preset = preset or self.kind.default_preset
        self.options = options_for(game, self.preset, players=players, **options)
        self.players = players
        self.reward = reward
        self.game: Any = self.kind.new(self.options, seed=0)
        self.encoder = Encoder.for_game(self.game)
        self.actions = action_count(game)
        self.last_events: list[Any] = []

    def reset(self, seed: int) -> None:
        """A new game, dealt by ``seed``."""
        self.game = self.kind.new(self.options, seed=seed)
        self.last_events = []

    @property
    def seat(self) -> int | None:
        """The seat to act (None once the game is over)."""
        seat: int | None = self.game.current_seat
        return seat

    @property
    def over(self) -> bool:
        return bool(self.game.is_over)

    def observe(self, seat: int) -> np.ndarray:
        """What ``seat`` knows, as the encoder's vector."""
        return self.encoder.encode(self.game.view(seat))

    def mask(self, seat: int) -> np.ndarray:
        """1 for each action id ``seat`` may play now (all 0 when it is not its turn)."""
        out = np.zeros(self.actions, dtype=np.int8)
        if self.game.current_seat == seat:
            out[list(self.game.legal_ids())] = 1
        return out

    def step(self, action: int) -> None:
        """Play action id ``action`` for the seat to act (the engine's error if illegal);
        its events join ``last_events`` (``clear`` empties it)."""
        self.last_events += self.game.apply_id(int(action))

    def clear(self) -> None:
        """Forget the events told so far (``text`` tells those after)."""
        self.last_events = []

    def rewards(self) -> list[float]:
        """Each seat's reward once the game is over (0 before)."""
        return final_rewards(self.game, self.name, self.reward)

    def text(self, seat: int | None = None) -> str:
        """The table in words, as ``seat`` sees it (None: the spectator): what just
        happened, where everyone is, who must decide what."""
        return table_words(self.game, seat, self.last_events)


def table_words(game: Any, seat: int | None, events: Sequence[Any] = ()) -> str:
    """``game`` in words as ``seat`` sees it (None: the spectator), in the sentences of
    the terminal's plain mode: ``events`` (what just happened, those the seat may know),
    where everyone is, who must decide what, or the end."""
    from ..updates.messages import reader_of
    from ..words import base
    from ..words import super_express as said

    view = game.view(seat)
    reader = reader_of(view)
    lines = [e.text(reader) for e in events if e.seat is None or e.seat == seat]
    over = "result" in view
    if view.get("game") == "super-express":
        lines += said.train_lines(view) + said.figure_lines(view)
        lines += said.result_lines(view) if over else [said.situation(view)]
    else:
        lines += base.with_you(view, base.train_lines(view)) + base.figure_lines(view)
        lines += base.result_lines(view) if over else [base.situation(view)]
    return "\n".join(line for line in lines if line) + "\n"
