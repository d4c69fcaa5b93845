"""Integer action ids grouped for the engine's hot path (built from the action table)."""

from __future__ import annotations

from .actions import (
    ACTIONS,
    DIRECTIONS,
    MAX_TOKENS,
    Draw,
    Floor,
    Keep,
    MarshalMove,
    Move,
    Pass,
    Pick,
    Place,
    Play,
    Punch,
    Rob,
    Shoot,
    Take,
    action_id,
)
from .content import CARD_KINDS, CHARACTERS, LOOT_KINDS

KIND_NAMES: tuple[str, ...] = tuple(k.value for k in CARD_KINDS)
LOOT_NAMES: tuple[str, ...] = tuple(k.value for k in LOOT_KINDS)
CHAR_INDEX: dict[str, int] = {c: i for i, c in enumerate(CHARACTERS)}
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KIND_NAMES)}
LOOT_INDEX: dict[str, int] = {k: i for i, k in enumerate(LOOT_NAMES)}
DIR_INDEX: dict[str, int] = {d: i for i, d in enumerate(DIRECTIONS)}
DIR_DELTA = (-1, 1)  # forward = toward the locomotive (car 0)
_WHO: tuple[str | None, ...] = (None, *CHARACTERS)

DRAW = action_id(Draw())
PASS = action_id(Pass())
TAKE = action_id(Take())
TAKE_TOKEN = [action_id(Take(t)) for t in range(MAX_TOKENS)]
# PLAY[kind][who][hidden], who = 0 for "no bandit named", 1 + character index otherwise
PLAY = [[[action_id(Play(k, w, h)) for h in (False, True)] for w in _WHO] for k in KIND_NAMES[:6]]
PICK = [[action_id(Pick(k, w)) for w in _WHO] for k in KIND_NAMES]
KEEP = [[action_id(Keep(k, w)) for w in _WHO] for k in KIND_NAMES]
PLACE = [action_id(Place(c)) for c in CHARACTERS]
MOVE = [[0] + [action_id(Move(d, n)) for n in (1, 2, 3)] for d in DIRECTIONS]
FLOOR_SAME = action_id(Floor(None))
FLOOR_DIAG = [action_id(Floor(d)) for d in DIRECTIONS]
SHOOT = [action_id(Shoot(c)) for c in CHARACTERS]
ROB_KIND = [action_id(Rob(k)) for k in LOOT_NAMES]
ROB_TOKEN = [action_id(Rob("purse", t)) for t in range(MAX_TOKENS)]
# PUNCH[target][loot + 1][direction][take]; loot -1 = nothing
PUNCH = [
    [
        [[action_id(Punch(c, loot, d, t)) for t in (False, True)] for d in DIRECTIONS]
        for loot in (None, *LOOT_NAMES)
    ]
    for c in CHARACTERS
]
MARSHAL = [action_id(MarshalMove(d)) for d in DIRECTIONS]

__all__ = ["ACTIONS"]  # re-exported for the hot path (ids.ACTIONS[index])
