"""The engine's errors: one small tree under one base.

    ColtError (ValueError)
     +-- OptionsError       the options describe no game the rules allow
     +-- NotationError      the text is not an action in the notation at all
     +-- IllegalActionError the action is well formed but not legal now
     +-- GameOverError      the game has ended; nothing more can be played
     +-- RecordError        a stored state or game record is malformed or does not replay

Every message quotes the input and the situation, so a front end can show it as it is.
"""

from __future__ import annotations

__all__ = [
    "ColtError",
    "GameOverError",
    "IllegalActionError",
    "NotationError",
    "OptionsError",
    "RecordError",
]


class ColtError(ValueError):
    """Base of every error the engine raises on bad input."""


class OptionsError(ColtError):
    """The options describe no game the rules allow."""


class NotationError(ColtError):
    """The text is not an action in the notation."""


class IllegalActionError(ColtError):
    """The action is well formed but not legal in the current state."""


class GameOverError(IllegalActionError):
    """The game has ended; no action is legal."""


class RecordError(ColtError):
    """A serialised state or game record is malformed or does not replay."""
