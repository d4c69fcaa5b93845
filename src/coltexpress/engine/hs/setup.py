"""Horses & Stagecoach's setup: the stagecoach, its strongbox and the Shotgun, hostages,
whiskey in every car but the locomotive, horses; the Horse Attack starts the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content import STRONGBOX, WHISKEY
from .content import hs_content
from .state import HSState

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["new_state"]


def new_state(
    g: Game, token: Callable[[int, int, bool], int], shuffle: Callable[[list[int]], None]
) -> HSState:
    """The stagecoach beside the locomotive with a strongbox and the Shotgun on its roof;
    hostage cards (players minus one; with Marshal & Prisoners, bandits minus one:
    D-hs-hostages-mp) face down beside the locomotive; a face-down whiskey flask in each
    car but the locomotive (the prison car included)."""
    data = hs_content()
    s = HSState.new(g.n_bandits, g.n_players)
    roof = 2 * (g.last + 1) + 1
    s.guarded = token(STRONGBOX, data.strongbox_value, True)
    g.floor_loot[roof].append(s.guarded)
    hostages = list(range(len(data.hostages)))
    shuffle(hostages)
    n = g.n_bandits - g.options.marshal_prisoners - 1  # the Marshal player is no bandit
    s.hostages, s.hostages_out = hostages[:n], sorted(hostages[n:])
    flasks = [False] * data.whiskey_normal + [True] * data.whiskey_old
    order = list(range(len(flasks)))
    shuffle(order)
    for car in range(1, g.last + 1):
        old = flasks[order[car - 1]]
        t = token(WHISKEY, 0, False)
        g.floor_loot[2 * car].append(t)
        if old:
            s.old.append(t)
    for i in order[g.last:]:  # flasks no car holds stay in the box
        t = token(WHISKEY, 0, False)
        g.box.append(t)
        if flasks[i]:
            s.old.append(t)
    return s
