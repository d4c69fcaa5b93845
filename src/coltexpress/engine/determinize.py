"""Determinisation: a full state consistent with one seat's view, for ISMCTS and the like.

Everything the seat cannot see is resampled, and everything it knows is kept: other players'
hands and decks are dealt again from their unseen cards, keeping the cards known to lie on
top of a deck or in a hand (knowledge.py); face-down cards on the pile keep their bandit
(card backs show it) and the card being resolved stays what was revealed; the seat's own
deck is reordered below what it knows of its top; purse values the seat never saw, the
unrevealed round cards, other players' secret placements and the game's future randomness
are drawn again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .content import BULLET, PURSE
from .rng import seed_state
from .views import known_tokens

if TYPE_CHECKING:
    from .game import Game


def determinize(g: Game, seat: int | None, rng: random.Random) -> Game:
    from .game import OVER, PICKPOCKET, PLACE, RESOLVE_FIRST

    d = g.clone()
    d.history = []  # a sampled world has no real record
    if g.phase == OVER:
        return d  # the final result has revealed every purse; nothing is left to sample
    # Face-down cards not yet revealed (the one being resolved was revealed).
    first_hidden = d.resolve_i + 1 if RESOLVE_FIRST <= d.phase < PICKPOCKET else 0
    for s in range(g.n_players):
        if s == seat:
            _own_deck(d, s, rng)
            continue
        slots = [
            i for i in range(first_hidden, len(d.pile))
            if d.pile_down[i] and d.seat_of[d.card_bandit[d.pile[i]]] == s
        ]
        fixed_hand = d.hand_known[s]
        fixed_deck = {c for _size, public, _owner in d.deck_known[s] for c in public}
        fixed = set(fixed_hand) | fixed_deck
        unseen = d.hand[s] + d.kept[s] + d.deck[s] + [d.pile[i] for i in slots]
        # Sorted first, so the sample depends on what the seat knows, not on hidden order.
        pool = _sorted_kinds(d, [c for c in unseen if c not in fixed])
        rng.shuffle(pool)
        for i in slots:
            bandit = d.card_bandit[d.pile[i]]
            j = next(
                j for j, c in enumerate(pool)
                if d.card_bandit[c] == bandit and d.card_kind[c] != BULLET
            )
            d.pile[i] = pool.pop(j)
        n_hand, n_kept = len(d.hand[s]), len(d.kept[s])
        # Known cards are in the hand (while keeping: in hand or kept, nobody knows which).
        held = list(fixed_hand) + pool[: n_hand + n_kept - len(fixed_hand)]
        del pool[: n_hand + n_kept - len(fixed_hand)]
        if n_kept:
            rng.shuffle(held)
        d.hand[s] = held[:n_hand]
        d.kept[s] = held[n_hand:]
        d.deck[s], d.deck_known[s] = _deal_deck(d, s, pool, owner=False, rng=rng)
        if d.phase == PLACE and d.placed[s] >= 0:
            d.placed[s] = rng.choice(d.bandits_of[s])
    # Purse values the seat never saw.
    known = known_tokens(d, seat)
    hidden = [t for t in range(len(d.loot_kind)) if d.loot_kind[t] == PURSE and t not in known]
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


def _own_deck(d: Game, s: int, rng: random.Random) -> None:
    """The seat's own deck: what it knows of the top stays, the rest is reordered."""
    fixed = {c for _size, _public, owner in d.deck_known[s] for c in owner}
    pool = _sorted_kinds(d, [c for c in d.deck[s] if c not in fixed])
    rng.shuffle(pool)
    d.deck[s], d.deck_known[s] = _deal_deck(d, s, pool, owner=True, rng=rng)


def _deal_deck(
    d: Game, s: int, pool: list[int], *, owner: bool, rng: random.Random
) -> tuple[list[int], list[tuple[int, tuple[int, ...], tuple[int, ...]]]]:
    """Rebuild a deck of the same size from the known segments of its top (their known
    cards, filled up from ``pool``) and the rest of ``pool`` below them.

    ``owner``: the deck's owner is looking, so each segment keeps its owner's cards;
    otherwise only the public ones, and the owner's knowledge is redrawn with the world."""
    size = len(d.deck[s])
    known_part = sum(n for n, _public, _owner in d.deck_known[s])
    deck = pool[: size - known_part]
    rest = pool[size - known_part :]
    segments = []
    for n, public, mine in d.deck_known[s]:
        cards = list(mine if owner else public)
        take = n - len(cards)
        cards += rest[:take]
        del rest[:take]
        if n > 1:
            rng.shuffle(cards)
        deck += cards
        # The owner knew the whole segment (his own unplayed hand) or only its public part.
        full = len(mine) == n
        segments.append((n, public, tuple(cards) if full else public))
    return deck, segments


def _sorted_kinds(d: Game, cards: list[int]) -> list[int]:
    """Cards in a canonical order: by kind and bandit, so equal views sort alike."""
    return sorted(cards, key=lambda c: (d.card_kind[c], d.card_bandit[c], c))
