"""Colt Super Express's actions: one decision in the game, programming the next card of
the stack; a fixed action space with stable ids.

Notation: ``program flip``, ``program floor``, ``program move``, ``program fire``,
``program reflex``, ``program horse``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..engine.errors import NotationError
from ..engine.pickling import Pickled

__all__ = ["KINDS", "SUPER_ACTIONS", "Program", "SuperAction", "parse_super_action",
           "super_action_id"]

KINDS: Final = ("flip", "floor", "move", "fire", "reflex", "horse")
FLIP: Final = 0
FLOOR: Final = 1
MOVE: Final = 2
FIRE: Final = 3
REFLEX: Final = 4
HORSE: Final = 5


@dataclass(frozen=True, slots=True)
class Program(Pickled):
    """Put this card face down under the cards already programmed this round."""

    kind: str

    def __str__(self) -> str:
        return f"program {self.kind}"


SuperAction = Program
SUPER_ACTIONS: tuple[SuperAction, ...] = tuple(Program(k) for k in KINDS)
_BY_TEXT: Final = {str(a): i for i, a in enumerate(SUPER_ACTIONS)}


def super_action_id(action: SuperAction) -> int:
    try:
        return SUPER_ACTIONS.index(action)
    except ValueError:
        raise NotationError(f"{action!r} is not an action of Colt Super Express") from None


def parse_super_action(text: object) -> SuperAction:
    """Parse the notation; raises NotationError quoting the input."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    canonical = " ".join(text.lower().split())
    if canonical in _BY_TEXT:
        return SUPER_ACTIONS[_BY_TEXT[canonical]]
    verb = canonical.split(" ")[0] if canonical else ""
    if verb != "program":
        what = "the text is empty" if not canonical else f"unknown verb {verb!r}"
        raise NotationError(f"{text!r} is not an action: {what}; the form is "
                            f"'program <card>' (cards: {', '.join(KINDS)})")
    raise NotationError(f"{text!r} is not an action: cards are {', '.join(KINDS)}")
