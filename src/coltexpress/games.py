"""The games of the package behind one contract: Colt Express (with its expansions) and
Colt Super Express. Front ends, bots and tools look a game up here by name, so a third game
is one more entry.

>>> from coltexpress.games import GAMES, new_game
>>> sorted(GAMES)
['colt-express', 'super-express']
>>> new_game("super-express", "reflex", players=3, seed=1).options.reflex
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .engine.errors import OptionsError, RecordError

__all__ = ["DEFAULT_GAME", "GAMES", "GameKind", "game_of", "load_state", "new_game",
           "options_for", "replay_any"]


@dataclass(frozen=True)
class GameKind:
    """A game of the package: its name, title, presets, and how to build one."""

    name: str
    title: str
    presets: tuple[str, ...]
    default_preset: str
    players: tuple[int, int]  # fewest, most
    options: Callable[..., Any]  # (preset, **overrides) -> options
    new: Callable[..., Any]  # (options, seed=...) -> game
    replay: Callable[[dict[str, Any]], Any]
    from_json: Callable[[dict[str, Any]], Any]


def _colt() -> GameKind:
    from .engine.game import Game
    from .engine.options import PRESETS, Options

    return GameKind("colt-express", "Colt Express", tuple(PRESETS), "standard", (2, 8),
                    Options.preset, Game.new, Game.replay, Game.from_json)


def _super() -> GameKind:
    from .superexpress.game import SuperGame
    from .superexpress.options import SUPER_PRESETS, SuperOptions

    return GameKind("super-express", "Colt Super Express", tuple(SUPER_PRESETS), "standard",
                    (3, 7), SuperOptions.preset, SuperGame.new, SuperGame.replay,
                    SuperGame.from_json)


GAMES: dict[str, Callable[[], GameKind]] = {"colt-express": _colt, "super-express": _super}
DEFAULT_GAME = "colt-express"


def game_of(name: str) -> GameKind:
    """The game of that name; OptionsError naming the games otherwise."""
    if name not in GAMES:
        raise OptionsError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return GAMES[name]()


def options_for(game: str, preset: str | None = None, **overrides: Any) -> Any:
    kind = game_of(game)
    return kind.options(preset or kind.default_preset, **overrides)


def new_game(game: str, preset: str | None = None, *, seed: int = 0, **overrides: Any) -> Any:
    """A new game of that game and preset (options overridden by keyword)."""
    kind = game_of(game)
    return kind.new(options_for(game, preset, **overrides), seed=seed)


def replay_any(record: dict[str, Any]) -> Any:
    """Replay a record of any game (a record without ``game`` is Colt Express's)."""
    if not isinstance(record, dict):
        raise RecordError("a record must be an object")
    name = record.get("game", DEFAULT_GAME)
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return game_of(name).replay(record)


def load_state(data: dict[str, Any]) -> Any:
    """A full state of any game from its JSON."""
    if not isinstance(data, dict):
        raise RecordError("a state must be an object")
    name = data.get("game", DEFAULT_GAME)
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return game_of(name).from_json(data)
