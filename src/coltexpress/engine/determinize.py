"""Determinisation: a full state consistent with one seat's view, for ISMCTS and the like.

Everything the seat cannot see is resampled: other players' hands and decks (their
face-down cards on the pile keep their bandit, since card backs show it), the order of the
seat's own deck, purse values the seat cannot see, the unrevealed round cards, other
players' secret placements, and the game's future randomness.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .content import BULLET, PURSE
from .rng import seed_state

if TYPE_CHECKING:
    from .game import Game


def determinize(g: Game, seat: int | None, rng: random.Random) -> Game:
    from .game import OVER, PLACE

    d = g.clone()
    d.history = []  # a sampled world has no real record
    if g.phase == OVER:
        return d  # the final result has revealed every purse; nothing is left to sample
    for s in range(g.n_players):
        if s == seat:
            d.deck[s] = _sorted_kinds(d, d.deck[s])
            rng.shuffle(d.deck[s])
            continue
        slots = [
            i for i in range(d.resolve_i if d.phase >= 5 else 0, len(d.pile))
            if d.pile_down[i] and d.seat_of[d.card_bandit[d.pile[i]]] == s
        ]
        # Sorted first, so the sample depends on what the seat knows, not on hidden order.
        pool = _sorted_kinds(d, d.hand[s] + d.kept[s] + d.deck[s] + [d.pile[i] for i in slots])
        rng.shuffle(pool)
        for i in slots:
            bandit = d.card_bandit[d.pile[i]]
            j = next(
                j for j, c in enumerate(pool)
                if d.card_bandit[c] == bandit and d.card_kind[c] != BULLET
            )
            d.pile[i] = pool.pop(j)
        n_hand, n_kept = len(d.hand[s]), len(d.kept[s])
        d.hand[s] = pool[:n_hand]
        d.kept[s] = pool[n_hand:n_hand + n_kept]
        d.deck[s] = pool[n_hand + n_kept:]
        if d.phase == PLACE and d.placed[s] >= 0:
            d.placed[s] = rng.choice(d.bandits_of[s])
    # Purse values the seat cannot see.
    mine = set() if seat is None else {t for b in d.bandits_of[seat] for t in d.held[b]}
    hidden = [
        t for t in range(len(d.loot_kind))
        if d.loot_kind[t] == PURSE and not d.loot_public[t] and t not in mine
    ]
    values = sorted(d.loot_value[t] for t in hidden)
    rng.shuffle(values)
    new_values = list(d.loot_value)
    for t, v in zip(hidden, values, strict=True):
        new_values[t] = v
    d.loot_value = tuple(new_values)
    # Unrevealed round cards: any cards of the band not yet seen, a station at the bottom.
    if d.round_deck:
        n_round = len(d.round_specs) - 3
        unseen_rounds = [i for i in range(n_round) if i not in d.round_log]
        unseen_stations = [i for i in range(n_round, len(d.round_specs)) if i not in d.round_log]
        has_station = any(i >= n_round for i in g.round_deck)
        count = len(d.round_deck) - has_station
        deck = rng.sample(unseen_rounds, count)
        if has_station:
            deck.insert(0, rng.choice(unseen_stations))
        d.round_deck = deck
    d.rng = seed_state(rng.getrandbits(64))
    return d


def _sorted_kinds(d: Game, cards: list[int]) -> list[int]:
    """Cards in a canonical order: by kind and bandit, so equal views sort alike."""
    return sorted(cards, key=lambda c: (d.card_kind[c], d.card_bandit[c], c))
