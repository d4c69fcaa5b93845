"""Determinisation of Marshal & Prisoners' secrets: the Marshal's goals."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..ids import CHAR_INDEX
from .content import SPECIAL_TARGETS, WARRANT, mp_content

if TYPE_CHECKING:
    from ..game import Game


def possible_goals(d: Game) -> tuple[list[int], list[int]]:
    """The Arrest Warrants and Special Targets the goals were drawn from."""
    data = mp_content()
    assert d.mp is not None
    bandits = [c for b, c in enumerate(d.chars) if b != d.mp.marshal]
    warrants = [WARRANT + CHAR_INDEX[c] for c in bandits]
    targets = [
        SPECIAL_TARGETS.index(name) for name, fewest in data.special_targets
        if len(bandits) >= fewest
    ]
    return warrants, targets


def resample_goals(d: Game, seat: int | None, rng: random.Random) -> None:
    """The goals a seat has not seen are drawn again, 2 Arrest Warrants and 3 Special
    Targets in all: the Marshal keeps his current goals, everyone keeps the revealed ones;
    the Upcoming Goals zone is face down even to the Marshal."""
    assert d.mp is not None
    mp = d.mp
    data = mp_content()
    marshal_seat = d.seat_of[mp.marshal]
    known = list(mp.current) if seat == marshal_seat else list(mp.revealed)
    warrants, targets = possible_goals(d)
    need_w = data.warrants - sum(goal >= WARRANT for goal in known)
    need_t = data.targets - sum(goal < WARRANT for goal in known)
    fresh = rng.sample([w for w in warrants if w not in known], need_w)
    fresh += rng.sample([t for t in targets if t not in known], need_t)
    rng.shuffle(fresh)
    current = [goal if goal in known else fresh.pop() for goal in mp.current]
    mp.current = current
    mp.upcoming = fresh
