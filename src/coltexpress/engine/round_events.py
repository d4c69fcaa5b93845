"""Events and train stations at the end of a round: a registry keyed by name.

Each effect takes the game; it returns True when it waits for decisions (Pickpocketing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from . import ids
from .content import PURSE, content
from .flow import emit, end_round, random_index
from .resolve import give_neutral, move_marshal

if TYPE_CHECKING:
    from .game import Game

PICKPOCKET: Final = 11


def _bandits(g: Game) -> list[int]:
    """The figures an event acts on: the bandits in a space (with Marshal & Prisoners the
    Marshal player's figure is no bandit; a bandit knocked off the train, or with Horses &
    Stagecoach one who rode away, has no space)."""
    out = [b for b in range(g.n_bandits) if g.pos[b] >= 0]
    if g.mp is not None:
        out = [b for b in out if b != g.mp.marshal]
    return out


def _on_train(g: Game) -> list[int]:
    """The bandits on the train: the stagecoach is beside it (D-hs-train-events)."""
    return [b for b in _bandits(g) if g.pos[b] < 2 * (g.last + 1)]


def _on_roof(g: Game) -> list[int]:
    return [b for b in _on_train(g) if g.pos[b] & 1]


def angry_marshal(g: Game) -> bool:
    """The Marshal shoots the bandits on his car's roof, then moves toward the caboose."""
    shot = [b for b, p in enumerate(g.pos) if p == 2 * g.marshal + 1]
    if shot:
        give_neutral(g, shot, reason="angry-marshal")
    if g.marshal < g.last:
        emit(g, "marshal", None, bandit=None, frm=g.marshal, to=g.marshal + 1, cars=g.last)
        move_marshal(g, g.marshal + 1)
    return False


def swivel_arm(g: Game) -> bool:
    """Every bandit on a roof goes to the caboose's roof."""
    for b in _on_roof(g):
        g.pos[b] = 2 * g.last + 1
        emit(g, "swept", None, bandit=g.chars[b], car=g.last, cars=g.last,
             prison=g.mp is not None)
    return False


def braking(g: Game) -> bool:
    """Every bandit on a roof moves one car toward the locomotive (not from its roof)."""
    for b in _on_roof(g):
        if g.pos[b] > 1:
            g.pos[b] -= 2
            emit(g, "swept", None, bandit=g.chars[b], car=g.pos[b] >> 1, cars=g.last,
                 prison=g.mp is not None)
    return False


def marshal_space(g: Game) -> int:
    """Where the Marshal is: inside his car; with Marshal & Prisoners, wherever the Marshal
    player's figure stands (-1 once knocked off the train: D-mp-marshal-space)."""
    return 2 * g.marshal if g.mp is None else g.pos[g.mp.marshal]


def take_it_all(g: Game) -> bool:
    """The second strongbox goes into the Marshal's space (with Marshal & Prisoners, on the
    roof too where the Marshal stands there: D-mp-marshal-space)."""
    space = marshal_space(g)
    if g.reserve and space >= 0:
        token = g.reserve.pop()
        g.floor_loot[space].append(token)
        where: dict[str, object] = (
            {} if g.mp is None else {"prison": True, "roof": bool(space & 1)})
        if g.hs is not None:  # the Marshal may stand in the stagecoach
            from .hs.rules import where as hs_where

            where = hs_where(g, space)
        emit(g, "strongbox", None, **{"car": space >> 1, "cars": g.last, **where}, token=token)
    return False


def passengers_rebellion(g: Game) -> bool:
    """Every bandit inside a car takes a neutral bullet."""
    inside = [b for b in _on_train(g) if not g.pos[b] & 1]
    give_neutral(g, inside, reason="passengers-rebellion")
    return False


def marshals_revenge(g: Game) -> bool:
    """Bandits on the Marshal's roof drop their least valuable purse there (with Marshal &
    Prisoners, the bandits inside his car too)."""
    space = marshal_space(g)
    if space < 0:
        return False
    for b in _bandits(g):
        p = g.pos[b]
        if p >> 1 != space >> 1 or not (p & 1 or g.mp is not None):
            continue
        purses = [t for t in g.held[b] if g.loot_kind[t] == PURSE]
        if purses:
            token = min(purses, key=lambda t: g.loot_value[t])
            g.held[b].remove(token)
            g.floor_loot[p].append(token)
            emit(g, "drop", None, bandit=g.chars[b], loot="purse", token=token, taken_by=None)
    return False


def pickpocketing(g: Game) -> bool:
    """Each bandit alone in his space may take a purse there (one decision each)."""
    g.queue = []
    takers = _bandits(g)
    present = takers
    if g.mp is not None:  # the cell is no space of the train; the Marshal's figure is one
        marshal, jailed = g.mp.marshal, g.mp.jailed
        takers = [b for b in takers if not jailed[b]]
        present = takers + [marshal] * (g.pos[marshal] >= 0)
    for i in range(g.n_players):
        seat = (g.first + i) % g.n_players
        for b in g.bandits_of[seat]:
            if b not in takers:
                continue  # Marshal & Prisoners: the Marshal, a bandit off the train or jailed
            space = g.pos[b]
            alone = all(g.pos[t] != space for t in present if t != b)
            if alone and any(g.loot_kind[t] == PURSE for t in g.floor_loot[space]):
                g.queue.append(b)
    return _next_pickpocket(g)


def _next_pickpocket(g: Game) -> bool:
    if not g.queue:
        return False
    b = g.queue.pop(0)
    g.phase, g.actor, g.cur = PICKPOCKET, g.seat_of[b], b
    g.legal = None
    return True


def pickpocket_options(g: Game) -> tuple[int, ...]:
    """Take a purse or pass; rules 002 name the token, as its Rob does (D-pickpocket)."""
    if not g.accessible:
        return (ids.TAKE, ids.PASS)
    loot = g.floor_loot[g.pos[g.cur]]
    return (*sorted(ids.TAKE_TOKEN[t] for t in loot if g.loot_kind[t] == PURSE), ids.PASS)


def pickpocket_step(g: Game, index: int) -> None:
    b = g.cur
    if index != ids.PASS:
        loot = g.floor_loot[g.pos[b]]
        if index == ids.TAKE:
            purses = [t for t in loot if g.loot_kind[t] == PURSE]
            token = purses[random_index(g, len(purses))]  # taken unseen, as a Rob
        else:
            token = ids.TAKE_TOKEN.index(index)
        loot.remove(token)
        g.held[b].append(token)
        g.loot_seen[token] |= 1 << g.seat_of[b]
        emit(g, "rob", None, bandit=g.chars[b], loot="purse", token=token)
        emit(g, "rob-value", g.seat_of[b], bandit=g.chars[b], token=token,
             value=g.loot_value[token])
    else:
        emit(g, "no-pickpocket", None, bandit=g.chars[b])
    if not _next_pickpocket(g):
        end_round(g)


def hostage_conductor(g: Game) -> bool:
    """Bandits in or on the locomotive take a $250 purse from outside the game."""
    value = content().conductor_ransom
    for b in _bandits(g):
        if g.pos[b] >> 1 == 0:
            g.loot_kind = (*g.loot_kind, PURSE)
            g.loot_value = (*g.loot_value, value)
            g.loot_public = (*g.loot_public, True)
            g.loot_seen.append(0)
            token = len(g.loot_kind) - 1
            g.held[b].append(token)
            emit(g, "ransom", None, bandit=g.chars[b], token=token, value=value)
    return False


EVENTS: dict[str, Callable[[Game], bool]] = {
    "angry-marshal": angry_marshal,
    "swivel-arm": swivel_arm,
    "braking": braking,
    "take-it-all": take_it_all,
    "passengers-rebellion": passengers_rebellion,
    "marshals-revenge": marshals_revenge,
    "pickpocketing": pickpocketing,
    "hostage-conductor": hostage_conductor,
}


def run_event(g: Game, name: str) -> bool:
    if g.hs is not None:
        from .hs.events import EVENTS as HS_EVENTS

        if name in HS_EVENTS:
            return HS_EVENTS[name](g)
    if g.mp is not None:
        from .mp.events import EVENTS as MP_EVENTS

        if name in MP_EVENTS:
            return MP_EVENTS[name](g)
    return EVENTS[name](g)
