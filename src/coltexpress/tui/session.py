"""A game at the table: seats for humans and bots, turns, narration filtering, saves.

The session is the only part of the terminal front end that holds the ``Game``. It reads the
game through its public API (``view``, ``legal_actions``, ``apply``, ``record``) and lets the
bots play through ``agent.act(game)`` exactly as in tournaments. Nothing here draws.

>>> s = Session.new(Options.preset("standard", players=3), seed=1, humans=(0,), bots="easy")
>>> s.bot_levels
{1: 'easy', 2: 'easy'}
>>> while s.bot_to_act():
...     _ = s.bot_step()
>>> s.human_to_act()
0
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import Agent
from ..engine.actions import ACTIONS
from ..engine.errors import ColtError
from ..engine.event import Event
from ..engine.game import Game
from ..engine.options import Options
from ..tournament import make_agent, parse_agent

__all__ = ["SAVE_FORMAT", "Entry", "SaveError", "Session", "visible_to"]

SAVE_FORMAT = "coltexpress-save/1"


class SaveError(ValueError):
    """A save file that cannot be read or does not describe a game."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of narration; ``seat`` is None for a public line, else its only reader."""

    text: str
    seat: int | None = None


def visible_to(event: Event, viewer: int | None) -> bool:
    """Public events, and the viewer's own private ones (never another seat's)."""
    if event.seat is not None and event.seat != viewer:
        return False
    # The escape sentence already says the bandit took a neutral bullet.
    return not (event.kind == "neutral-bullet" and event.data.get("reason") == "marshal")


def _bots_for(text: str | dict[int, str] | None, seats: list[int]) -> dict[int, str]:
    if isinstance(text, dict):
        levels = dict(text)
    else:
        parts = [p.strip() for p in (text or "medium").split(",") if p.strip()] or ["medium"]
        if len(parts) == 1:
            parts = parts * len(seats)
        if len(parts) != len(seats):
            raise ValueError(
                f"{len(seats)} bot seats need 1 or {len(seats)} bot levels, got {len(parts)}: "
                f"{text!r}"
            )
        levels = dict(zip(seats, parts, strict=True))
    for level in levels.values():
        parse_agent(level)  # raises ValueError with the reason
    return levels


@dataclass
class Session:
    """A game with its seat assignment: human seats and one bot level per other seat."""

    game: Game
    humans: tuple[int, ...]
    bot_levels: dict[int, str]
    agents: dict[int, Agent] = field(default_factory=dict)
    log: list[Entry] = field(default_factory=list)
    last_action: tuple[int | None, str] | None = None

    def __post_init__(self) -> None:
        seed = self.game.record()["seed"]
        for seat, level in self.bot_levels.items():
            self.agents[seat] = make_agent(parse_agent(level), seed=seed * 101 + seat)
        if not self.log:
            self.log.append(Entry(self.round_sentence()))

    @classmethod
    def new(
        cls,
        options: Options,
        *,
        seed: int | None = None,
        humans: tuple[int, ...] = (0,),
        bots: str | dict[int, str] | None = "medium",
    ) -> Session:
        """A fresh game; ``bots`` is one level for every other seat or one per bot seat."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        players = options.players
        bad = [h for h in humans if not 0 <= h < players]
        if bad or len(set(humans)) != len(humans):
            raise ValueError(f"bad human seats {humans} for {players} players")
        seats = [s for s in range(players) if s not in humans]
        return cls(Game.new(options, seed=seed), tuple(humans), _bots_for(bots, seats))

    # -- whose turn -------------------------------------------------------------------
    @property
    def seed(self) -> int:
        return int(self.game.record()["seed"])

    @property
    def players(self) -> int:
        return self.game.n_players

    @property
    def over(self) -> bool:
        return self.game.is_over

    def human_to_act(self) -> int | None:
        seat = self.game.current_seat
        return seat if seat is not None and seat in self.humans else None

    def bot_to_act(self) -> int | None:
        seat = self.game.current_seat
        return seat if seat is not None and seat in self.agents else None

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(seat)

    def legal(self) -> list[str]:
        return [str(a) for a in self.game.legal_actions()]

    # -- playing ----------------------------------------------------------------------
    def play(self, action: str) -> list[Event]:
        """A human's choice (notation); raises ColtError (bad notation, illegal now)."""
        seat = self.game.current_seat
        events = self.game.apply(action)
        self._narrate(seat, action.strip().lower(), events)
        return events

    def bot_choice(self) -> int:
        """Ask the bot to act for its choice (an action id); does not change the game."""
        seat = self.bot_to_act()
        if seat is None:
            raise ValueError("no bot is to act")
        return self.agents[seat].act(self.game)

    def apply_bot(self, action_id: int) -> list[Event]:
        seat = self.game.current_seat
        events = self.game.apply_id(action_id)
        self._narrate(seat, str(ACTIONS[action_id]), events)
        return events

    def bot_step(self) -> list[Event]:
        return self.apply_bot(self.bot_choice())

    def _narrate(self, seat: int | None, text: str, events: list[Event]) -> None:
        self.last_action = (seat, text)
        for event in events:
            if event.seat is not None or visible_to(event, None):
                self.log.append(Entry(event.text(), event.seat))

    def entries_for(self, viewer: int | None) -> list[Entry]:
        return [e for e in self.log if e.seat is None or e.seat == viewer]

    def round_sentence(self) -> str:
        v = self.game.view(None)
        card = v["round_card"]
        if card is None:
            return "The game is about to begin."
        event = f", event {card['event']}" if card["event"] else ""
        return (
            f"Round {v['round']}: {card['name']} ({' '.join(card['turns'])}){event}; "
            f"seat {v['first_player']} plays first."
        )

    # -- saving -----------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "record": self.game.record(),
            "humans": list(self.humans),
            "bots": {str(k): v for k, v in sorted(self.bot_levels.items())},
        }

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_save(), indent=1) + "\n", encoding="utf-8")
        return path

    @classmethod
    def from_save(cls, data: Any) -> Session:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a coltexpress save (format {SAVE_FORMAT!r} expected)")
        try:
            game = Game.replay(data["record"])
            humans = tuple(int(h) for h in data["humans"])
            bots = {int(k): str(v) for k, v in data["bots"].items()}
            return cls(game, humans, _bots_for(bots, list(bots)))
        except (ColtError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"the save does not describe a game: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> Session:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise SaveError(f"cannot read {path}: {exc}") from None
        return cls.from_save(data)
