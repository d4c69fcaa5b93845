"""A game at the table: seats for humans and bots, turns, narration, saves.

The session is the only part of the terminal front end that holds the ``Game``. It reads the
game through its public API (``view``, ``legal_actions``, ``apply_frames``, ``record``) and
lets the bots play through ``agent.act(game)`` exactly as in tournaments. Every move returns
its frames (the cards resolving one by one) for the front end to show; with an autosave
path, the game is saved after every move, so a crash never loses it. Nothing here draws.
Any game of the package plays here (``coltexpress.games``): its front (``tui/games``) says
which agent plays each bot level in it.

>>> from coltexpress import Options
>>> s = Session.new(Options.preset("standard", players=3), seed=1, humans=(0,), bots="easy")
>>> s.bot_levels
{1: 'easy', 2: 'easy'}
>>> while s.bot_to_act():
...     _ = s.bot_step()
>>> s.human_to_act()
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import records
from ..agents import Agent
from ..engine.errors import ColtError
from ..games import GAMES, game_of, replay_any
from ..records import SaveError
from ..tournament import make_agent, parse_agent
from ..words.common import SPECTATOR, Reader
from .games import GameFront, front_for_game

__all__ = ["Entry", "SaveError", "Session", "entries", "readable", "visible_to"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of narration; ``seat`` is None for a public line, else its only reader."""

    event: Any  # the game's event (Event, SuperEvent): its words depend on who reads it
    seat: int | None = None

    @property
    def text(self) -> str:
        """The line as the spectator reads it (every bandit by name)."""
        return str(self.event.text())

    def said(self, reader: Reader) -> str:
        """The line as ``reader`` reads it: its own bandit is "you"."""
        return str(self.event.text(reader))


def visible_to(event: Any, viewer: int | None) -> bool:
    """Public events, and the viewer's own private ones (never another seat's)."""
    return event.seat is None or event.seat == viewer


def readable(log: list[Entry], viewer: int | None) -> list[Entry]:
    """The entries the viewer reads, in order: public ones and the viewer's own, without
    the public "you draw 3 cards" just before the viewer's own line of the cards drawn
    (which says it all)."""
    shown = [e for e in log if e.seat is None or e.seat == viewer]
    if not shown:
        return []
    return [
        e for e, after in zip(shown, [*shown[1:], None], strict=True)
        if not (viewer is not None and e.seat is None and getattr(e.event, "kind", "") == "draw"
                and e.event.data.get("seat") == viewer and after is not None
                and getattr(after.event, "kind", "") == "drawn")
    ]


def entries(events: list[Any]) -> list[Entry]:
    return [Entry(e, e.seat) for e in events]


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

    game: Any  # a game of the package (Game, SuperGame), by its common contract
    humans: tuple[int, ...]
    bot_levels: dict[int, str]
    agents: dict[int, Agent] = field(default_factory=dict)
    log: list[Entry] = field(default_factory=list)
    autosave: Path | None = None
    bot_failures: list[str] = field(default_factory=list)  # bots that failed, and why
    _readers: dict[int, Reader] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        seed = self.seed
        for seat, level in self.bot_levels.items():
            spec = parse_agent(self.front.agent(level))
            self.agents[seat] = make_agent(spec, seed=seed * 101 + seat)
        if not self.log:
            self.log = self._history_entries()

    def _history_entries(self) -> list[Entry]:
        """The narration from the deal on (of every move already played, when resumed)."""
        record = self.game.record()
        game = replay_any({**record, "actions": []})
        out = entries(game.events or [])
        for action in record["actions"]:
            out += entries(game.apply(action))
        return out

    @classmethod
    def new(
        cls,
        options: Any,
        *,
        seed: int | None = None,
        humans: tuple[int, ...] = (0,),
        bots: str | dict[int, str] | None = "medium",
    ) -> Session:
        """A fresh game (of the game its options are for: Colt Express's ``Options``,
        Colt Super Express's ``SuperOptions``); ``bots`` is one level for every other seat
        or one per bot seat."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        players = options.players
        bad = [h for h in humans if not 0 <= h < players]
        if bad or len(set(humans)) != len(humans):
            raise ValueError(f"bad human seats {humans} for {players} players")
        seats = [s for s in range(players) if s not in humans]
        game = _game_for(options).new(options, seed=seed)
        return cls(game, tuple(humans), _bots_for(bots, seats))

    # -- whose turn -------------------------------------------------------------------
    @property
    def front(self) -> GameFront:
        """What the terminal says and draws about this game."""
        return front_for_game(self.game)

    def thinks_long(self, seat: int) -> bool:
        """Whether a bot searches (its choice is worth a worker thread)."""
        return parse_agent(self.front.agent(self.bot_levels[seat])).kind == "ismcts"

    @property
    def seed(self) -> int:
        return int(self.game.seed)

    @property
    def players(self) -> int:
        return int(self.game.n_players)

    @property
    def over(self) -> bool:
        return bool(self.game.is_over)

    def human_to_act(self) -> int | None:
        seat = self.game.current_seat
        return seat if seat is not None and seat in self.humans else None

    def bot_to_act(self) -> int | None:
        seat = self.game.current_seat
        return seat if seat is not None and seat in self.agents else None

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = self.game.view(seat)
        return view

    def frame_view(
        self, frame: Any, seat: int | None, following: list[Any] | None = None
    ) -> dict[str, Any]:
        """A seat's view of the game at one frame of a move (``following``: the events of
        the next frame, if any; the game's front may need them to show the frame right)."""
        return self.front.frame_view(frame.view(seat), following or [])

    def legal(self) -> list[str]:
        return [str(a) for a in self.game.legal_actions()]

    # -- playing ----------------------------------------------------------------------
    def play(self, action: str) -> list[Any]:
        """A human's choice (notation); raises ColtError (bad notation, illegal now)."""
        return self._played(self.game.apply_frames(action))

    def bot_choice(self) -> int:
        """Ask the bot to act for its choice (an action id); does not change the game."""
        seat = self.bot_to_act()
        if seat is None:
            raise ValueError("no bot is to act")
        try:
            return int(self.agents[seat].act(self.game))
        except Exception as exc:  # a bot failing on a rule must not end the game
            # The game goes on: this one choice is made at random among the legal ones
            # (seeded by the game and the move), and the failure is kept for a report.
            self.bot_failures.append(f"{self.bot_levels[seat]}: {type(exc).__name__}: {exc}")
            legal = self.game.legal_ids()
            moves = len(self.game.record()["actions"])
            return int(legal[random.Random(self.seed * 7919 + moves).randrange(len(legal))])

    def apply_bot(self, action_id: int) -> list[Any]:
        legal = list(self.game.legal_ids())
        if action_id not in legal:
            raise ValueError(f"action id {action_id} is not legal now")
        return self._played(self.game.apply_frames(self.game.legal_actions()[legal.index(
            action_id)]))

    def bot_step(self) -> list[Any]:
        return self.apply_bot(self.bot_choice())

    def _played(self, frames: list[Any]) -> list[Any]:
        for frame in frames:
            self.log += entries(frame.events)
        if self.autosave is not None:
            self.save(self.autosave)
        return frames

    def entries_for(self, viewer: int | None) -> list[Entry]:
        return [e for e in self.log if e.seat is None or e.seat == viewer]

    def reader(self, viewer: int | None) -> Reader:
        """Who reads the story at ``viewer``'s seat: its own bandits are "you" (nobody's,
        for the spectator)."""
        if viewer is None:
            return SPECTATOR
        reader = self._readers.get(viewer)
        if reader is None:  # a seat plays the same figures all game
            figures = tuple(self.front.figures_of(self.view(viewer), viewer))
            reader = self._readers[viewer] = Reader(viewer, figures)
        return reader

    def story(self, viewer: int | None) -> list[str]:
        """The lines ``viewer`` may read so far, as that seat reads them."""
        reader = self.reader(viewer)
        return [e.said(reader) for e in self.entries_for(viewer)]

    # -- saving -----------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """The game record with its seats: the one saved-game format (records.py)."""
        return records.with_seats(self.game.record(), humans=self.humans, bots=self.bot_levels)

    def save(self, path: str | Path) -> Path:
        return records.write(path, self.to_save())

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """A session from any saved game; a record that names no seats gets seat 0 for a
        human and medium bots elsewhere."""
        record = records.normalize(data)
        try:
            game = replay_any(record)
        except ColtError as exc:
            raise SaveError(f"the save does not describe a game: {exc}") from None
        seats = records.seats(record)
        if seats is None:
            humans: tuple[int, ...] = (0,)
            bots = dict.fromkeys(range(1, game.n_players), "medium")
        else:
            humans, bots = seats
        try:
            return cls(game, humans, _bots_for(bots, list(bots)))
        except ValueError as exc:
            raise SaveError(f"the save does not describe a game: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> Session:
        return cls.from_save(records.read(path))


def _game_for(options: Any) -> Any:
    """The game (``coltexpress.games``) whose options these are."""
    for name in GAMES:
        kind = game_of(name)
        if type(options) is type(kind.options(kind.default_preset)):
            return kind
    raise ValueError(f"{type(options).__name__} are the options of no game")
