"""The terminal front end: ``colt play`` (a Textual app, or the plain line mode) and
``colt replay --tui``, for every game of the package (``coltexpress.games``).

The session (seats, bots, saves) and the plain mode do not import Textual; the app modules
do. Every screen reads the game through ``game.view(seat)`` only, and what it says or draws
about a game comes from that game's front (``tui/games``).
"""

from __future__ import annotations

from .plain import PlainGame
from .session import SaveError, Session

__all__ = ["PlainGame", "SaveError", "Session"]
