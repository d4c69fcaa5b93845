"""Sampling what a seat cannot know of Horses & Stagecoach: the kinds of whiskey flasks it
never looked at, the face-down hostage cards, other players' secret choices (the Horse
Attack, a Turmoil turn)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .. import flow, ids
from ..content import BULLET, WHISKEY

if TYPE_CHECKING:
    from ..game import Game


def resample(d: Game, seat: int | None, known: set[int], rng: random.Random) -> None:
    assert d.hs is not None
    hs = d.hs
    # Whiskey: the old flask is any of the flasks whose kind the seat does not know.
    unknown = sorted(t for t, k in enumerate(d.loot_kind) if k == WHISKEY and t not in known)
    old_unknown = sum(1 for t in unknown if t in hs.old)
    chosen = set(rng.sample(unknown, old_unknown))
    hs.old = sorted((set(hs.old) - set(unknown)) | chosen)
    # Hostages: the face-down cards are any of those nobody took.
    pool = sorted(hs.hostages + hs.hostages_out)  # (from no hidden order)
    rng.shuffle(pool)
    n = len(hs.hostages)
    hs.hostages, hs.hostages_out = pool[:n], sorted(pool[n:])
    # Secret choices of the others.
    for b in range(d.n_bandits):
        if hs.attack[b] >= 0 and d.seat_of[b] != seat:
            hs.attack[b] = rng.randrange(2)
    for s in range(d.n_players):
        if hs.turmoil[s] >= 0 and s != seat:
            hs.turmoil[s] = _some_choice(d, s, rng)


def _some_choice(d: Game, s: int, rng: random.Random) -> int:
    """Any choice the player could have made with his sampled hand (drawing, or a card of
    it, face up), each alike: the real one tells nothing here."""
    plays = {ids.DRAW} if flow.can_draw(d, s) else set()
    for card in d.hand[s]:
        kind = d.card_kind[card]
        if kind != BULLET:
            plays.add(ids.PLAY[kind][d.who[d.card_bandit[card]]][0])
    options = sorted(plays)
    return options[rng.randrange(len(options))] if options else ids.PASS
