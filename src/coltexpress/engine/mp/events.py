"""Marshal & Prisoners' events at the end of a round: its own (Safekeeping, Rumors, Reflex
Action; the stations whose rule holds all round or at the end of the game) and the base
events it changes (Angry Marshal, Marshal's Revenge, Take It All!).

Each effect takes the game and returns True while it waits for decisions, as in
``round_events``; the base events not listed here run unchanged on the bandits only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import flow, ids, resolve
from ..content import PURSE
from .rules import EVENT_MOVE, EVENT_SHOOT, bandits, marshal_shot_options, reflex_action

if TYPE_CHECKING:
    from ..game import Game

_emit = flow.emit


def marshal_space(g: Game) -> int:
    """Where the Marshal's figure stands (-1 once knocked off the train)."""
    assert g.mp is not None
    return g.pos[g.mp.marshal]


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


def marshals_revenge(g: Game) -> bool:
    """Bandits inside or on the roof of the Marshal's car drop their least valuable purse."""
    space = marshal_space(g)
    if space < 0:
        return False
    car = space >> 1
    for b in bandits(g):
        if g.pos[b] >> 1 != car:
            continue
        purses = [t for t in g.held[b] if g.loot_kind[t] == PURSE]
        if purses:
            token = min(purses, key=lambda t: g.loot_value[t])
            g.held[b].remove(token)
            g.floor_loot[g.pos[b]].append(token)
            _emit(g, "drop", None, bandit=g.chars[b], loot="purse", token=token, taken_by=None)
    return False


def take_it_all(g: Game) -> bool:
    """The second strongbox goes to the Marshal's space, inside or on the roof
    (D-mp-marshal-space)."""
    space = marshal_space(g)
    if g.reserve and space >= 0:
        token = g.reserve.pop()
        g.floor_loot[space].append(token)
        _emit(g, "strongbox", None, car=space >> 1, cars=g.last, token=token, prison=True,
              roof=bool(space & 1))
    return False


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
    "marshals-revenge": marshals_revenge,
    "take-it-all": take_it_all,
    "safekeeping": safekeeping,
    "rumors": rumors,
    "reflex-action": reflex_action,
    "guilty-conscience": in_force,
    "deadly-fall": in_force,
    "crime-doesnt-pay": in_force,
}
