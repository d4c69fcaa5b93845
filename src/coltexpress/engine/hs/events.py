"""Horses & Stagecoach's round events and train stations (registry keyed by name)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content import STRONGBOX, WHISKEY
from ..flow import emit, random_index
from ..resolve import give_neutral, move_marshal
from .content import hs_content
from .rules import coach_in, is_marshal, on_train, reveal_flask

if TYPE_CHECKING:
    from ..game import Game
    from .state import HSState


def _hs(g: Game) -> HSState:
    assert g.hs is not None
    return g.hs


def _bandits(g: Game) -> list[int]:
    """The bandits still in the game's spaces (not the Marshal player's figure)."""
    return [b for b in range(g.n_bandits) if g.pos[b] >= 0 and not is_marshal(g, b)]


def _jailed(g: Game, b: int) -> bool:
    """In the prison car's cell (Marshal & Prisoners), a place of its own."""
    return g.mp is not None and g.mp.jailed[b]


def panting_horses(g: Game) -> bool:
    """The rearmost horse (2-4 players; the 2 rearmost with 5 or more) leaves the game."""
    hs = _hs(g)
    count = hs_content().panting["2-4" if g.options.band == "2-4" else "5-7"]
    gone = []
    for _ in range(min(count, len(hs.horses))):
        gone.append(hs.horses.pop())  # sorted: the last is the rearmost
        hs.horses_out += 1
    if gone:
        emit(g, "horses-gone", None, cars=g.last, at=gone, prison=g.mp is not None)
    return False


def shot_of_whiskey(g: Game) -> bool:
    """A whiskey flask in the Marshal's space is taken away (one, at random, if several):
    normal, the Marshal moves one car back; old, to the caboose. With a Marshal player, he
    takes the flask for himself instead."""
    from ..round_events import marshal_space

    hs = _hs(g)
    space = marshal_space(g)
    if space < 0:
        return False
    flasks = [t for t in g.floor_loot[space] if g.loot_kind[t] == WHISKEY]
    if not flasks:
        return False
    token = flasks[random_index(g, len(flasks))]
    g.floor_loot[space].remove(token)
    old = token in hs.old
    if g.mp is not None:
        m = g.mp.marshal
        g.held[m].append(token)
        g.loot_seen[token] |= 1 << g.seat_of[m]
        emit(g, "marshal-whiskey", None, token=token)
        emit(g, "whiskey-seen", g.seat_of[m], bandit=g.chars[m], old=old)
        return False
    reveal_flask(g, token)
    hs.empty.append(token)
    to = g.marshal + 1 if not old else g.last
    to = min(to, g.last)
    emit(g, "whiskey-for-the-marshal", None, old=old, frm=g.marshal, to=to, cars=g.last)
    if to != g.marshal:
        emit(g, "marshal", None, bandit=None, frm=g.marshal, to=to, cars=g.last)
        move_marshal(g, to)
    return False


def higher_speed(g: Game) -> bool:
    """Bandits on the train's roof move one car back; horses, the stagecoach (with whoever
    is in or on it) and the Shotgun too, none past the caboose."""
    hs = _hs(g)
    for b in _bandits(g):
        p = g.pos[b]
        if p & 1 and p < coach_in(g) and p >> 1 < g.last:
            g.pos[b] = p + 2
            emit(g, "swept", None, bandit=g.chars[b], car=g.pos[b] >> 1, cars=g.last,
                 prison=g.mp is not None)
    hs.horses = sorted(min(c + 1, g.last) for c in hs.horses)
    if hs.coach < g.last:
        hs.coach += 1
    if hs.shotgun >= 0:
        hs.shotgun = min(hs.shotgun + 1, g.last)
    emit(g, "higher-speed", None, coach=hs.coach, cars=g.last, prison=g.mp is not None)
    return False


def shotguns_rage(g: Game) -> bool:
    """Bandits in or on the stagecoach, or in or on the car beside it, take a neutral
    bullet."""
    hs = _hs(g)
    hit = [b for b in _bandits(g) if g.pos[b] >= coach_in(g) or g.pos[b] >> 1 == hs.coach]
    give_neutral(g, hit, reason="shotguns-rage")
    return False


def sharing_the_loot(g: Game) -> bool:
    """Each strongbox held is shared equally by its owner and the bandits in his space;
    what does not divide evenly is lost (D-hs-sharing)."""
    hs = _hs(g)
    band = _bandits(g)
    for b in band:
        for t in g.held[b]:
            if g.loot_kind[t] != STRONGBOX:
                continue
            with_him = [o for o in band if g.pos[o] == g.pos[b] and _jailed(g, o) == _jailed(g, b)]
            if len(with_him) < 2:
                continue
            share = g.loot_value[t] // len(with_him)
            hs.bonus[b] -= g.loot_value[t] - share
            for o in with_him:
                if o != b:
                    hs.bonus[o] += share
            emit(g, "shared", None, bandit=g.chars[b], share=share,
                 others=[g.chars[o] for o in with_him if o != b])
    return False


def mortal_bullet(g: Game) -> bool:
    """Every bandit loses $150 for each bullet card he received this round."""
    hs = _hs(g)
    loss = hs_content().mortal_bullet_loss
    for b in range(g.n_bandits):
        if is_marshal(g, b):
            continue
        n = g.received[b] - hs.received_start[b]
        if n > 0:
            hs.bonus[b] -= loss * n
            emit(g, "mortal-bullet", None, bandit=g.chars[b], bullets=n, loss=loss * n)
    return False


def escape(g: Game) -> bool:
    """Bandits finishing on the train are caught and cannot win; those who rode away or
    finish in or on the stagecoach escape."""
    hs = _hs(g)
    for b in range(g.n_bandits):
        if is_marshal(g, b) or hs.away[b]:
            continue
        if on_train(g, b):
            hs.caught[b] = True
            emit(g, "caught", None, bandit=g.chars[b])
    return False


EVENTS: dict[str, Callable[[Game], bool]] = {
    "panting-horses": panting_horses,
    "shot-of-whiskey": shot_of_whiskey,
    "higher-speed": higher_speed,
    "shotguns-rage": shotguns_rage,
    "sharing-the-loot": sharing_the_loot,
    "mortal-bullet": mortal_bullet,
    "escape": escape,
}
