"""Marshal & Prisoners' events at the end of a round: its own (Safekeeping, Rumors, Reflex
Action; the stations whose rule holds all round or at the end of the game) and Angry
Marshal, which it replaces (Marshal's Revenge and Take It All! follow the Marshal's figure
in ``round_events``).

Each effect takes the game and returns True while it waits for decisions, as in
``round_events``; the base events not listed here run unchanged on the bandits only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import flow, ids, resolve
from ..round_events import marshal_space
from .rules import EVENT_MOVE, EVENT_SHOOT, marshal_shot_options, reflex_action

if TYPE_CHECKING:
    from ..game import Game

_emit = flow.emit


def angry_marshal(g: Game) -> bool:
    """The Marshal may resolve one Shoot action and then one Move action without cards."""
    if marshal_space(g) < 0:
        return False
    return _ask_angry(g, EVENT_SHOOT)


def _ask_angry(g: Game, phase: int) -> bool:
    assert g.mp is not None
    m = g.mp.marshal
    if phase == EVENT_SHOOT and not marshal_shot_options(g, m):
        phase = EVENT_MOVE  # nobody to shoot, or no bullet left
    if phase == EVENT_MOVE and not resolve.move_options(g, m):
        return False
    g.phase, g.actor, g.cur = phase, g.seat_of[m], m
    g.legal = None
    return True


def angry_marshal_step(g: Game, index: int) -> None:
    """The Marshal's answer: a shot (or none), then a move (or none)."""
    m = g.cur
    phase = g.phase
    if index == ids.PASS:
        _emit(g, "no-angry", None, action="shoot" if phase == EVENT_SHOOT else "move")
    elif phase == EVENT_SHOOT:
        resolve.do_shoot(g, m, index)
    else:
        resolve.do_move(g, m, index)
    if phase == EVENT_SHOOT and _ask_angry(g, EVENT_MOVE):
        return
    flow.end_round(g)


def safekeeping(g: Game) -> bool:
    """Every loot token inside the Marshal's car goes up to its roof."""
    space = marshal_space(g)
    if space < 0:
        return False
    inside = g.floor_loot[space & ~1]
    if inside:
        g.floor_loot[space | 1] += inside
        _emit(g, "safekeeping", None, car=space >> 1, cars=g.last, count=len(inside),
              prison=True)
        inside.clear()
    return False


def rumors(g: Game) -> bool:
    """The Marshal reveals one of his current goals at random (one not yet revealed:
    D-mp-rumors)."""
    assert g.mp is not None
    mp = g.mp
    hidden = [goal for goal in mp.current if goal not in mp.revealed]
    if hidden:
        goal = hidden[flow.random_index(g, len(hidden))]
        mp.revealed.append(goal)
        from .rules import goal_text

        _emit(g, "rumor", None, goal=goal_text(g, goal))
    return False


def in_force(g: Game) -> bool:
    """A station whose rule holds during the round or at the end of the game."""
    spec = g.round_card_spec
    _emit(g, "in-force", None, name=spec.event if spec is not None else None)
    return False


EVENTS: dict[str, Callable[[Game], bool]] = {
    "angry-marshal": angry_marshal,
    "safekeeping": safekeeping,
    "rumors": rumors,
    "reflex-action": reflex_action,
    "guilty-conscience": in_force,
    "deadly-fall": in_force,
    "crime-doesnt-pay": in_force,
}
