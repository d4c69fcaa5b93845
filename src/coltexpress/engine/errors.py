"""The engine's errors: one small tree under one base.

    ColtError (ValueError)
     +-- OptionsError       the options describe no game the rules allow
     +-- NotationError      the text is not an action in the notation at all
     +-- IllegalActionError the action is well formed but not legal now
     +-- GameOverError      the game has ended; nothing more can be played
     +-- RecordError        a stored state or game record is malformed or does not replay

    ChanceNeeded (Exception) a game playing on given chance outcomes needs one more

Every message quotes the input and the situation, so a front end can show it as it is.
"""

from __future__ import annotations

__all__ = [
    "ChanceNeeded",
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


class ChanceNeeded(Exception):
    """A game that plays on chance outcomes given one by one (``Game.chance``, the research
    interfaces' explicit chance nodes) has none left for its next draw: one of
    ``range(outcomes)``, each as likely, is needed. The game that raised it is left half
    way and is thrown away; the caller plays the move again with one more outcome."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a chance outcome of {outcomes} is needed")
        self.outcomes = outcomes
