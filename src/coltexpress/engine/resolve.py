"""Stealin': what each action card may do when it resolves, and doing it.

For every card kind a pair of functions: ``*_options`` lists the action ids of the owner's
legal choices (empty: the card has no effect), ``do_*`` carries one out. Legality is written
once here and used both for ``legal_actions`` and for validating ``apply``.

Positions are spaces: ``2 * car + roof``; car 0 is the locomotive, ``g.last`` the caboose;
"forward" is toward the locomotive.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, cast

from . import ids, knowledge
from .actions import SIDES, MarshalShot, Move, Punch, Rob, Shoot
from .content import JEWEL, MAILBAG, PURSE, ROB, SHOOT, STRONGBOX, WHISKEY
from .event import Event

if TYPE_CHECKING:
    from .game import Game

_DELTA: tuple[int, int] = ids.DIR_DELTA


def _emit(g: Game, kind: str, private_to: int | None = None, /, **data: object) -> None:
    events = g.events  # (flow.emit says why the parameter has this name)
    if events is not None:
        events.append(Event(kind, data, private_to))


def _where(g: Game, space: int) -> dict[str, object]:
    if g.hs is not None:
        from .hs.rules import where

        return where(g, space)  # the stagecoach's spaces too
    return {"car": space >> 1, "roof": bool(space & 1), "cars": g.last, "prison": g.mp is not None}


# ---------------------------------------------------------------------------- the Marshal


def enter(g: Game, bandit: int, space: int) -> None:
    """Put a bandit in a space; inside the Marshal's car he escapes to the roof (Horses &
    Stagecoach: into the stagecoach, he takes a hostage)."""
    g.pos[bandit] = space
    if space == 2 * g.marshal:
        escape(g, [bandit])
    elif g.hs is not None:
        from .hs.rules import entered

        entered(g, bandit, space)


def escape(g: Game, bandits: list[int]) -> None:
    """Bandits meeting the Marshal take a neutral bullet (if there is one for each of
    them) and escape to the roof of the car."""
    given = give_neutral(g, bandits, reason="marshal", announce=False)
    for b in bandits:
        g.pos[b] |= 1
        if g.events is not None:
            _emit(g, "escape", None, bandit=g.chars[b], car=g.pos[b] >> 1, cars=g.last,
                  bullet=given)


def give_neutral(g: Game, bandits: list[int], *, reason: str, announce: bool = True) -> bool:
    """One neutral bullet on top of each bandit's deck, or none if too few are left.
    ``announce=False``: the caller's own event tells of each bullet (the Marshal's escape).

    In rules 002's 2-player game the first shortage removes the neutral bullet deck from the
    game (D-002-two-player-scope).
    """
    if not bandits:
        return True
    if g.neutral_gone or g.neutral < len(bandits):
        if g.options.accessible_two_player and not g.neutral_gone:
            g.neutral_gone = True
            if g.events is not None:
                _emit(g, "neutral-deck-removed", None)
        if g.events is not None:
            _emit(g, "no-neutral-bullets", None, bandits=[g.chars[b] for b in bandits],
                  reason=reason)
        return False
    for b in bandits:
        g.neutral -= 1
        card = g.neutral_base + g.neutral
        knowledge.push_public(g, g.seat_of[b], card)
        g.received[b] += 1
        if announce and g.events is not None:
            _emit(g, "neutral-bullet", None, bandit=g.chars[b], reason=reason)
    return True


def move_marshal(g: Game, car: int) -> None:
    g.marshal = car
    inside = [b for b, p in enumerate(g.pos) if p == 2 * car]
    if inside:
        escape(g, inside)


# ---------------------------------------------------------------------------- Move


def move_options(g: Game, b: int) -> list[int]:
    if g.hs is not None:
        from .hs.rules import move_options as hs_moves

        return hs_moves(g, b)  # the stagecoach's roof; the Old Lady
    space = g.pos[b]
    car, roof = space >> 1, space & 1
    reach = 3 if roof else 1
    out = []
    for d in (0, 1):
        row = ids.MOVE[d]
        step = _DELTA[d]
        for n in range(1, reach + 1):
            if 0 <= car + step * n <= g.last:
                out.append(row[n])
    return out


def do_move(g: Game, b: int, index: int) -> None:
    if g.hs is not None:
        from .hs.rules import do_move as hs_move

        hs_move(g, b, index)  # the stagecoach's roof; passing the Shotgun
        return
    action = cast(Move, ids.ACTIONS[index])
    old = g.pos[b]
    new = old + 2 * _DELTA[ids.DIR_INDEX[action.direction]] * action.distance
    if g.events is not None:
        _emit(g, "move", None, bandit=g.chars[b], frm=_where(g, old), to=_where(g, new))
    enter(g, b, new)


# ---------------------------------------------------------------------------- Change Floor


def floor_options(g: Game, b: int) -> list[int]:
    out = [ids.FLOOR_SAME]
    # Mei (never to or from the stagecoach, whose spaces follow the train's)
    if "diagonal" in g.powers[b] and g.pos[b] < 2 * (g.last + 1):
        car = g.pos[b] >> 1
        for d in (0, 1):
            if 0 <= car + _DELTA[d] <= g.last:
                out.append(ids.FLOOR_DIAG[d])
    return out


def do_floor(g: Game, b: int, index: int) -> None:
    old = g.pos[b]
    car, roof = old >> 1, old & 1
    if index != ids.FLOOR_SAME:
        car += _DELTA[ids.FLOOR_DIAG.index(index)]
    new = 2 * car + (1 - roof)
    if g.events is not None:
        _emit(g, "floor", None, bandit=g.chars[b], frm=_where(g, old), to=_where(g, new))
    enter(g, b, new)


# ---------------------------------------------------------------------------- Shoot


def shoot_targets(g: Game, b: int) -> list[int]:
    """Bandits this bandit could shoot now (Belle's power applied)."""
    return _shield(g, line_of_fire(g, b))


def line_of_fire(g: Game, b: int) -> list[int]:
    """Everyone this bandit's Shoot could reach from where he stands, powers included."""
    if g.hs is not None:
        from .hs.rules import line_of_fire as hs_line

        return hs_line(g, b)  # the stagecoach; the Shotgun blocks the roofs
    pos = g.pos
    space = pos[b]
    car, roof = space >> 1, space & 1
    powers = g.powers[b]
    targets: list[int] = []
    if "lone-gunman" in powers and _alone_for_django(g, b):
        # Rules 002, Django alone: any bandit on his floor, anywhere along the train (on
        # the roof past other bandits: he ignores line of sight; D-lone-gunman).
        targets = [t for t, p in enumerate(pos) if p & 1 == roof and p != space]
    elif roof:
        for step in (-1, 1):
            c = car + step
            while 0 <= c <= g.last:
                here = [t for t, p in enumerate(pos) if p == 2 * c + 1]
                if here:
                    targets += here
                    break
                c += step
    else:
        targets = [t for t, p in enumerate(pos) if p == space - 2 or p == space + 2]
    if "through-floor" in powers:  # Tuco, rules 000
        targets += [t for t, p in enumerate(pos) if p == space ^ 1]
    return targets


def _alone_for_django(g: Game, b: int) -> bool:
    space = g.pos[b]
    others = [t for t, p in enumerate(g.pos) if p == space and t != b]
    if g.options.accessible_two_player:
        # Rules 002, 2 players: alone or with his team-mate.
        return all(g.seat_of[t] == g.seat_of[b] for t in others)
    return not others


def _shield(g: Game, targets: list[int]) -> list[int]:
    """Belle cannot be chosen while another bandit could be (Marshal & Prisoners: nor a
    bandit in the cell or off the train; Belle's own power before her sidekick's)."""
    if g.mp is not None:
        mp = g.mp
        targets = [t for t in targets if not mp.jailed[t] and not mp.fallen[t]]
    if g.hs is not None:  # (riders and bandits who rode away have no space)
        targets = [t for t in targets if g.pos[t] >= 0]
    if len(targets) > 1:
        shielded = [t for t in targets if "shield" in g.powers[t]]
        if shielded and len(shielded) < len(targets):
            return [t for t in targets if "shield" not in g.powers[t]]
        belle = [t for t in shielded if g.power[t] == "shield"]
        if belle and len(belle) < len(targets):
            return [t for t in targets if t not in belle]
    return targets


def shoot_options(g: Game, b: int) -> list[int]:
    if g.mp is not None and b == g.mp.marshal:
        from .mp.rules import marshal_shot_options

        return marshal_shot_options(g, b)
    if g.cylinder[b] == 0:
        return []
    out = [ids.SHOOT[g.char_idx[t]] for t in shoot_targets(g, b)]
    if g.mp is not None:
        from .mp.rules import knock_off_shots

        out += knock_off_shots(g, b)
    return out


def do_shoot(g: Game, b: int, index: int) -> bool | None:
    action = ids.ACTIONS[index]
    if isinstance(action, MarshalShot):  # Marshal & Prisoners: the Marshal's two guns
        from .mp.rules import marshal_shoots

        marshal_shoots(g, b, action)
        return None
    target = g.chars.index(cast(Shoot, action).target)
    g.cylinder[b] -= 1
    card = g.bullet_base[b] + g.cylinder[b]  # the top of the cylinder: 6, then 5, ...
    seat = g.seat_of[target]
    knowledge.push_public(g, seat, card)  # on top of the victim's deck
    g.received[target] += 1
    if g.seat_of[b] == seat:
        g.friendly[b] += 1
    if g.events is not None:
        _emit(g, "shoot", None, bandit=g.chars[b], target=g.chars[target],
              number=g.cylinder[b] + 1)
    if cast(Shoot, action).off:  # Deadly Fall: Django knocks the target off the train
        from .mp.rules import knock_off

        knock_off(g, target)
    elif "knockback" in g.powers[b]:
        tcar = g.pos[target] >> 1
        car = knockback_origin(g, b, target)
        if car is not None and tcar != car:
            step = 1 if tcar > car else -1
            if 0 <= tcar + step <= g.last:
                new = g.pos[target] + 2 * step
                if g.events is not None:
                    _emit(g, "knocked-back", None, bandit=g.chars[target], to=_where(g, new))
                enter(g, target, new)
    return None


def knockback_origin(g: Game, b: int, target: int) -> int | None:
    """The car Django's shot knocks a bandit away from: his own (Horses & Stagecoach: the
    stagecoach's car when he shoots from it; None for a target in the stagecoach)."""
    if g.hs is None:
        return g.pos[b] >> 1
    from .hs.rules import knockback_origin as hs_origin

    return hs_origin(g, b, target)


# ---------------------------------------------------------------------------- Rob


def rob_options(g: Game, b: int) -> list[int]:
    loot = g.floor_loot[g.pos[b]]
    if g.hs is not None:
        from .hs.rules import robbable

        loot = robbable(g, g.pos[b], loot)  # the Shotgun guards the stagecoach's strongbox
    if not loot:
        return []
    kinds = g.loot_kind
    out: list[int] = []
    if g.accessible:
        # Rules 002: the loot token of your choice.
        for k in (JEWEL, STRONGBOX):
            if any(kinds[t] == k for t in loot):
                out.append(ids.ROB_KIND[k])
        out += sorted(ids.ROB_TOKEN[t] for t in loot if kinds[t] == PURSE)
        return out
    for k in (PURSE, JEWEL, STRONGBOX, MAILBAG, WHISKEY):
        if any(kinds[t] == k for t in loot):
            out.append(ids.ROB_KIND[k])
    return out


def do_rob(g: Game, b: int, index: int) -> bool | None:
    from .flow import random_index

    loot = g.floor_loot[g.pos[b]]
    action = cast(Rob, ids.ACTIONS[index])
    if action.token is not None:
        token = action.token
    else:
        kind = ids.LOOT_INDEX[action.loot]
        within = loot
        if g.hs is not None:
            from .hs.rules import robbable

            within = robbable(g, g.pos[b], loot)  # not the Shotgun's strongbox
        matching = [t for t in within if g.loot_kind[t] == kind]
        # A purse (a mailbag, a whiskey flask) is taken without looking: any, at random.
        unseen = kind in (PURSE, MAILBAG, WHISKEY)
        token = matching[random_index(g, len(matching))] if unseen else matching[0]
    loot.remove(token)
    g.held[b].append(token)
    g.loot_seen[token] |= 1 << g.seat_of[b]
    kind_name = ids.LOOT_NAMES[g.loot_kind[token]]
    if g.events is not None:
        _emit(g, "rob", None, bandit=g.chars[b], loot=kind_name, token=token)
    # (a jewel's or a strongbox's value everyone knows)
    if not g.loot_public[token] and g.events is not None:
        _emit(g, "rob-value", g.seat_of[b], bandit=g.chars[b], token=token,
              value=g.loot_value[token], loot=kind_name)
    if g.hs is not None:
        from .hs.rules import after_rob as hs_after_rob

        hs_after_rob(g, b, token)  # a whiskey flask: its kind, for him alone
    if g.mp is not None:
        from .mp.rules import after_rob

        return after_rob(g, b)  # one's own sidekick: a second loot token
    return None


# ---------------------------------------------------------------------------- Punch


def punch_options(g: Game, b: int) -> list[int]:
    space = g.pos[b]
    victims = _shield(g, [t for t, p in enumerate(g.pos) if p == space and t != b])
    shotgun: list[int] = []
    if g.hs is not None:
        from .hs.rules import shotgun_punch

        shotgun = shotgun_punch(g, b)  # the Shotgun guarding the stagecoach's strongbox
    if not victims:
        return shotgun
    car = space >> 1
    if g.options.accessible_two_player:
        dirs: tuple[int, ...] = (0, 1)  # rules 002, 2 players: a push off the train is cancelled
    elif g.hs is not None:
        from .hs.rules import push_dirs

        dirs = push_dirs(g, space)  # into the stagecoach, or out of it
    else:
        dirs = tuple(d for d in (0, 1) if 0 <= car + _DELTA[d] <= g.last)
    if g.mp is not None and space & 1 and space < 2 * (g.last + 1):  # (a train roof)
        from .mp.rules import deadly_fall

        if deadly_fall(g):
            dirs = (*dirs, 2)  # knocked off the roof of the train
    cheyenne = "pickpocket" in g.powers[b]
    kinds = g.loot_kind
    out = []
    for v in victims:
        row = ids.PUNCH[g.char_idx[v]]
        held = {kinds[t] for t in g.held[v]}  # (the Marshal player holds none)
        if g.hs is not None:
            from .hs.rules import punch_loot

            held = punch_loot(g, v)  # the Marshal cannot drop his whiskey flask
        for loot in sorted(held) if held else [-1]:
            takes = (0, 1) if cheyenne and loot == PURSE else (0,)
            for d in dirs:
                for take in takes:
                    if row[loot + 1][d][take] >= 0:
                        out.append(row[loot + 1][d][take])
    return out + shotgun


def do_punch(g: Game, b: int, index: int) -> None:
    from .flow import random_index

    if g.hs is not None and index == ids.PUNCH_SHOTGUN:
        from .hs.rules import punch_shotgun

        punch_shotgun(g, b)
        return
    action = cast(Punch, ids.ACTIONS[index])
    target = g.chars.index(action.target)
    space = g.pos[b]
    loot_name, take = action.loot, action.take
    if g.events is not None:
        _emit(g, "punch", None, bandit=g.chars[b], target=g.chars[target], loot=loot_name,
              take=take)
    if loot_name is not None:
        kind = ids.LOOT_INDEX[loot_name]
        held = g.held[target]
        matching = [t for t in held if g.loot_kind[t] == kind]
        # The puncher cannot look at the victim's purses (flasks), and mailbags have the
        # same back: any of them, at random (D-punch-loot, D-mp-punch-mailbag).
        unseen = kind in (PURSE, MAILBAG, WHISKEY)
        token = matching[random_index(g, len(matching))] if unseen else matching[0]
        held.remove(token)
        if take:
            g.held[b].append(token)
            g.loot_seen[token] |= 1 << g.seat_of[b]
            if g.events is not None:
                _emit(g, "rob-value", g.seat_of[b], bandit=g.chars[b], token=token,
                      value=g.loot_value[token])
        else:
            g.floor_loot[space].append(token)
        if g.events is not None:
            _emit(g, "drop", None, bandit=g.chars[target], loot=loot_name, token=token,
                  taken_by=g.chars[b] if take else None)
    if g.mp is not None:
        from .mp.rules import knock_off, take_brawler

        if target == g.mp.marshal:
            take_brawler(g, b)
        if action.direction == "off":
            knock_off(g, target)
            return
    if action.direction in SIDES:
        from .hs.rules import push_side

        push_side(g, target, action.direction, space)
        return
    d = ids.DIR_INDEX[action.direction]
    new_car = (space >> 1) + _DELTA[d]
    if 0 <= new_car <= g.last:
        new = 2 * new_car + (space & 1)
        if g.events is not None:
            _emit(g, "pushed", None, bandit=g.chars[target], to=_where(g, new))
        enter(g, target, new)
    elif g.events is not None:
        _emit(g, "not-pushed", None, bandit=g.chars[target])


# ---------------------------------------------------------------------------- Marshal


def marshal_options(g: Game, b: int) -> list[int]:
    return [ids.MARSHAL[d] for d in (0, 1) if 0 <= g.marshal + _DELTA[d] <= g.last]


def do_marshal(g: Game, b: int, index: int) -> None:
    new = g.marshal + _DELTA[ids.MARSHAL.index(index)]
    if g.events is not None:
        _emit(g, "marshal", None, bandit=g.chars[b], frm=g.marshal, to=new, cars=g.last)
    move_marshal(g, new)


# ---------------------------------------------------------------------------- registry

def _nothing(g: Game, b: int) -> list[int]:
    return []


# By kind: the base game's six action cards, then Marshal & Prisoners' (Move + and Change
# Floor + resolve as Move and Change Floor; the expansion fills in Capture and the Brilliant
# Idea's ways out of the prison car when it is loaded: engine/mp), then Horses & Stagecoach's
# Ride (engine/hs).
OPTIONS: list[Callable[[Game, int], list[int]]] = [
    move_options, floor_options, shoot_options, rob_options, punch_options, marshal_options,
    _nothing, _nothing, move_options, floor_options, _nothing, _nothing, _nothing, _nothing,
]
PERFORM: list[Callable[[Game, int, int], bool | None]] = [
    do_move, do_floor, do_shoot, do_rob, do_punch, do_marshal,
    do_move, do_move, do_move, do_floor, do_move, do_move, do_move, do_move,
]
ESCAPE_KIND: Final = 12  # what a Brilliant Idea does on the prison car
FREE_KIND: Final = 13


def options(g: Game, kind: int, bandit: int) -> list[int]:
    return OPTIONS[kind](g, bandit)


def no_effect_reason(g: Game, kind: int, bandit: int) -> str:
    """Why a card with no legal choice does nothing (for narration)."""
    if kind == SHOOT:
        return "out-of-bullets" if g.cylinder[bandit] == 0 else "no-target"
    return "no-loot" if kind == ROB else "no-target"


def perform(g: Game, kind: int, bandit: int, index: int) -> bool | None:
    """Carry out a choice; True when the card waits for a further decision."""
    return PERFORM[kind](g, bandit, index)
