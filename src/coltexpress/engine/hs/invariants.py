"""Horses & Stagecoach's invariants: the stagecoach and the Shotgun, horses, hostages,
whiskey, riders."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content import WHISKEY
from .content import hs_content

if TYPE_CHECKING:
    from ..game import Game


def horse_count(g: Game) -> int:
    """One horse per bandit (the Marshal player has none)."""
    return g.n_bandits - (g.mp is not None)


def check(g: Game) -> list[str]:
    assert g.hs is not None
    hs = g.hs
    problems = []
    if not 0 <= hs.coach <= g.last:
        problems.append(f"the stagecoach is past the train ({hs.coach})")
    if hs.shotgun >= 0 and hs.shotgun != hs.coach:
        problems.append(f"the Shotgun ({hs.shotgun}) is not beside the stagecoach ({hs.coach})")
    riders = sum(hs.riding)
    if len(hs.horses) + riders + hs.horses_out != horse_count(g):
        problems.append("horses are not conserved")
    if any(not 0 <= c <= g.last for c in hs.horses) or hs.horses != sorted(hs.horses):
        problems.append("a horse is beside no car")
    held = [h for h in hs.hostage if h >= 0]
    every = sorted(held + hs.hostages + hs.hostages_out)
    if every != list(range(len(hs_content().hostages))):
        problems.append("hostages are not conserved")
    flasks = [t for t, k in enumerate(g.loot_kind) if k == WHISKEY]
    if len(flasks) != hs_content().whiskey_normal + hs_content().whiskey_old:
        problems.append("whiskey flasks are not conserved")
    if not set(hs.old) <= set(flasks) or not set(hs.half) <= set(flasks):
        problems.append("a whiskey mark names no flask")
    if set(hs.half) & set(hs.empty):
        problems.append("a flask is both half drunk and empty")
    for b, p in enumerate(g.pos):
        if (hs.riding[b] or hs.away[b]) != (p == -1) and not (
            g.mp is not None and g.mp.fallen[b]
        ):
            problems.append(f"{g.chars[b]} rides beside the train but stands in a space")
    if riders and hs.attack_car < 0:
        problems.append("riders without a Horse Attack")
    return problems
