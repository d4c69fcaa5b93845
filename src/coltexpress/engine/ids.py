"""Integer action ids grouped for the engine's hot path (built from the action table).

Tables are indexed by codes: card kind, ``who`` (0 for "no bandit named", 1 + character
index otherwise), character index (the Marshal figure after the seven bandits), loot kind,
direction. An entry of -1 is an action the action space does not have (a combination no
rule allows, such as picking a Capture card).
"""

from __future__ import annotations

from typing import Final

from .actions import (
    _ID,
    ACTIONS,
    DIRECTIONS,
    GUNS,
    MARSHAL_FIGURE,
    MAX_TOKENS,
    RIDE_CARS,
    SIDES,
    Action,
    Attack,
    Capture,
    Draw,
    DrawIdea,
    Drink,
    Escape,
    Flee,
    Floor,
    Free,
    Give,
    Keep,
    MarshalMove,
    MarshalShot,
    Move,
    MoveCoach,
    MoveTrain,
    Pass,
    Pick,
    Place,
    Play,
    Punch,
    PunchShotgun,
    Ride,
    Rob,
    Shoot,
    Take,
    action_id,
)
from .content import CARD_KINDS, CHARACTERS, LOOT_KINDS

KIND_NAMES: tuple[str, ...] = tuple(k.value for k in CARD_KINDS)
LOOT_NAMES: tuple[str, ...] = tuple(k.value for k in LOOT_KINDS)
CHAR_INDEX: dict[str, int] = {c: i for i, c in enumerate(CHARACTERS)}
CHAR_INDEX[MARSHAL_FIGURE] = len(CHARACTERS)
FIGURES: tuple[str, ...] = (*CHARACTERS, MARSHAL_FIGURE)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KIND_NAMES)}
LOOT_INDEX: dict[str, int] = {k: i for i, k in enumerate(LOOT_NAMES)}
DIR_INDEX: dict[str, int] = {d: i for i, d in enumerate(DIRECTIONS)}
DIR_DELTA: tuple[int, int] = (-1, 1)  # forward = toward the locomotive (car 0)
_WHO: tuple[str | None, ...] = (None, *CHARACTERS)


def _id(action: Action) -> int:
    return _ID.get(action, -1)


DRAW: Final = action_id(Draw())
PASS: Final = action_id(Pass())
TAKE: Final = action_id(Take())
TAKE_TOKEN: Final = [action_id(Take(t)) for t in range(MAX_TOKENS)]
# PLAY[kind][who][hidden]
PLAY: Final = [[[_id(Play(k, w, h)) for h in (False, True)] for w in _WHO] for k in KIND_NAMES]
PICK: Final = [[_id(Pick(k, w)) for w in _WHO] for k in KIND_NAMES]
KEEP: Final = [[_id(Keep(k, w)) for w in _WHO] for k in KIND_NAMES]
PLACE: Final = [action_id(Place(c)) for c in CHARACTERS]
MOVE: Final = [[0] + [action_id(Move(d, n)) for n in (1, 2, 3)] for d in DIRECTIONS]
FLOOR_SAME: Final = action_id(Floor(None))
FLOOR_DIAG: Final = [action_id(Floor(d)) for d in DIRECTIONS]
SHOOT: Final = [action_id(Shoot(c)) for c in FIGURES]
SHOOT_OFF: Final = [action_id(Shoot(c, True)) for c in FIGURES]
ROB_KIND: Final = [action_id(Rob(k)) for k in LOOT_NAMES]
ROB_TOKEN: Final = [action_id(Rob("purse", t)) for t in range(MAX_TOKENS)]
# PUNCH[target][loot + 1][direction][take]; loot -1 = nothing; direction 2 = off the train,
# 3 = into the stagecoach, 4 = out of it onto the train (Horses & Stagecoach)
PUSH_OFF: Final = 2
PUSH_COACH: Final = 3
PUSH_TRAIN: Final = 4
PUNCH: Final = [
    [
        [[_id(Punch(c, loot, d, t)) for t in (False, True)] for d in (*DIRECTIONS, "off", *SIDES)]
        for loot in (None, *LOOT_NAMES)
    ]
    for c in FIGURES
]
MARSHAL: Final = [action_id(MarshalMove(d)) for d in DIRECTIONS]
# Marshal & Prisoners
DRAW_IDEA: Final = action_id(DrawIdea())
# MARSHAL_SHOT[target][gun][second + 1]; second -1 = one target only
MARSHAL_SHOT: Final = [
    [
        [_id(MarshalShot(c, gun, d)) for d in (None, *CHARACTERS)]
        for gun in GUNS
    ]
    for c in CHARACTERS
]
CAPTURE: Final = [action_id(Capture(c)) for c in CHARACTERS]
ESCAPE: Final = [action_id(Escape(to)) for to in ("corridor", "roof")]
FREE_PRISONER: Final = [action_id(Free(c, prisoner=True)) for c in CHARACTERS]
FREE_BANDIT: Final = [action_id(Free(c)) for c in CHARACTERS]
GIVE: Final = [action_id(Give(t)) for t in range(MAX_TOKENS)]
# Horses & Stagecoach
BOARD, RIDE_ON = action_id(Attack(True)), action_id(Attack(False))
DRINK: Final = [action_id(Drink(False)), action_id(Drink(True))]  # [normal, old]
RIDE_TO: Final = [action_id(Ride(str(c))) for c in range(RIDE_CARS)]
RIDE_COACH, RIDE_AWAY = action_id(Ride("coach")), action_id(Ride("away"))
MOVE_COACH: Final = action_id(MoveCoach())
# MOVE_TRAIN[direction][n]: onto the train beside the stagecoach, then n cars on (0: stop)
MOVE_TRAIN: Final = [
    [action_id(MoveTrain())] + [action_id(MoveTrain(d, n)) for n in (1, 2)] for d in DIRECTIONS
]
FLEE: Final = [action_id(Flee(d)) for d in DIRECTIONS]
PUNCH_SHOTGUN: Final = action_id(PunchShotgun())

__all__ = ["ACTIONS"]  # re-exported for the hot path (ids.ACTIONS[index])
