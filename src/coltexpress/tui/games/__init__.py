"""Each game's front at the terminal, by the game's name (``coltexpress.games``).

>>> front("super-express").title
'Colt Super Express'
>>> front_for_view({"round": 1}).name  # a view without "game" is Colt Express's
'colt-express'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...games import DEFAULT_GAME, game_of
from .base import EndTable, GameFront

__all__ = ["FRONTS", "EndTable", "GameFront", "front", "front_for_game", "front_for_view"]


def _colt() -> GameFront:
    from .colt import ColtFront

    return ColtFront()


def _super() -> GameFront:
    from .super_express import SuperFront

    return SuperFront()


FRONTS: dict[str, Callable[[], GameFront]] = {"colt-express": _colt, "super-express": _super}
_made: dict[str, GameFront] = {}


def front(name: str) -> GameFront:
    """The front of a game by name (OptionsError for a game the package does not have)."""
    if name not in _made:
        game_of(name)  # an unknown game: the registry's error
        _made[name] = FRONTS[name]()
    return _made[name]


def front_for_view(view: dict[str, Any]) -> GameFront:
    return front(view.get("game", DEFAULT_GAME))


def front_for_game(game: Any) -> GameFront:
    return front(getattr(game, "game_name", DEFAULT_GAME))
