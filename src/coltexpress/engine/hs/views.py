"""What a seat sees of Horses & Stagecoach: the stagecoach, the Shotgun, horses, hostages,
whiskey flasks (their kind only where the seat looked at them or saw them drunk), secret
choices (the Horse Attack, Turmoil turns: a seat sees only its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import ids
from .content import hs_content

if TYPE_CHECKING:
    from ..game import Game


def hs_view(g: Game, seat: int | None) -> dict[str, Any]:
    assert g.hs is not None
    hs = g.hs
    names = hs_content().hostages
    view: dict[str, Any] = {
        "coach": hs.coach,
        "shotgun": None if hs.shotgun < 0 else hs.shotgun,
        "horses": list(hs.horses),
        "horses_out": hs.horses_out,
        "riding": [g.chars[b] for b in range(g.n_bandits) if hs.riding[b]],
        "attack_car": None if hs.attack_car < 0 else hs.attack_car,
        "attack_chosen": [g.chars[b] for b in range(g.n_bandits) if hs.attack[b] >= 0],
        "away": [g.chars[b] for b in range(g.n_bandits) if hs.away[b]],
        "caught": [g.chars[b] for b in range(g.n_bandits) if hs.caught[b]],
        "hostages_left": len(hs.hostages),
        "hostages": {
            g.chars[b]: names[hs.hostage[b]].name
            for b in range(g.n_bandits) if hs.hostage[b] >= 0
        },
        "turmoil_chosen": [s for s in range(g.n_players) if hs.turmoil[s] >= 0],
        "sips": hs.sips,
        "bonus": {g.chars[b]: hs.bonus[b] for b in range(g.n_bandits) if hs.bonus[b]},
        "received_this_round": {
            g.chars[b]: g.received[b] - hs.received_start[b] for b in range(g.n_bandits)
        },
    }
    if seat is not None:
        mine = [b for b in g.bandits_of[seat] if hs.attack[b] >= 0]
        if mine:
            view["my_attack"] = "board" if hs.attack[mine[0]] else "ride on"
        if hs.turmoil[seat] >= 0:
            view["my_turmoil"] = str(ids.ACTIONS[hs.turmoil[seat]])
    return view


def whiskey_token(g: Game, t: int, entry: dict[str, Any], known: bool) -> None:
    """A flask: half drunk or not (public); old or normal where the viewer knows."""
    assert g.hs is not None
    entry["half"] = t in g.hs.half
    if known:
        entry["old"] = t in g.hs.old
