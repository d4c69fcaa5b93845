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
from typing import TYPE_CHECKING, Final

from .content import BULLET, MAILBAG, PURSE
from .flow import KEEP
from .rng import seed_state
from .views import known_tokens

if TYPE_CHECKING:
    from .game import Game


def determinize(g: Game, seat: int | None, rng: random.Random) -> Game:
    from .game import OVER, PLACE, RESOLVING
    from .setup import round_pool

    d = g.clone()
    d.history = []  # a sampled world has no real record
    d.legal = None  # the cached legal actions are the real state's, not the world's
    if g.phase == OVER:
        return d  # the final result has revealed every purse; nothing is left to sample
    # Face-down cards not yet revealed (the one being resolved was revealed).
    first_hidden = d.resolve_i + 1 if d.phase in RESOLVING else 0
    for s in range(g.n_players):
        if s == seat:
            _own_deck(d, s, rng)
            continue
        slots = [
            i for i in range(first_hidden, len(d.pile))
            if d.pile_down[i] and d.seat_of[d.card_bandit[d.pile[i]]] == s
        ]
        for attempt in range(_ATTEMPTS):
            if _deal_other(d, s, slots, rng, careful=attempt == _ATTEMPTS - 1):
                break
        else:  # pragma: no cover - the real state is one such deal
            raise AssertionError("no world agrees with what the seat knows")
        if d.phase == PLACE and d.placed[s] >= 0:
            d.placed[s] = rng.choice(d.bandits_of[s])
    # Purse (and mailbag) values the seat never saw.
    known = known_tokens(d, seat)
    new_values = list(d.loot_value)
    for kind in (PURSE, MAILBAG):
        hidden = [t for t in range(len(d.loot_kind)) if d.loot_kind[t] == kind and t not in known]
        values = sorted(d.loot_value[t] for t in hidden)
        rng.shuffle(values)
        for t, v in zip(hidden, values, strict=True):
            new_values[t] = v
    d.loot_value = tuple(new_values)
    if d.mp is not None:
        from .mp.determinize import resample_goals

        resample_goals(d, seat, rng)
    if d.hs is not None:
        from .hs.determinize import resample

        resample(d, seat, known, rng)
    # Unrevealed round cards: any cards of the pool not yet seen, a station at the bottom.
    if d.round_deck:
        stations = round_pool(d, station=True)
        unseen_rounds = [i for i in round_pool(d, station=False) if i not in d.round_log]
        unseen_stations = [i for i in stations if i not in d.round_log]
        has_station = any(i in stations for i in g.round_deck)
        count = len(d.round_deck) - has_station
        deck = rng.sample(unseen_rounds, count)
        if has_station:
            deck.insert(0, rng.choice(unseen_stations))
        d.round_deck = deck
    d.rng = seed_state(rng.getrandbits(64))
    return d


_ATTEMPTS: Final = 40


def _deal_other(
    d: Game, s: int, slots: list[int], rng: random.Random, *, careful: bool
) -> bool:
    """Deal another player's unseen cards again: his face-down cards on the pile (of their
    bandit), the unknown part of his deck (from the discard pile it was rebuilt from, if
    so), his hand (the cards known to be there, then unknown ones, with at most as many
    bullets as it can hold unseen), the known segments of his deck's top. False if this
    random try breaks a constraint (the caller tries again); ``careful`` fills the face-down
    cards from outside the rebuilt deck's pile first, which always succeeds."""
    fixed_hand = d.hand_known[s]
    fixed_deck = {c for _size, public, _owner in d.deck_known[s] for c in public}
    fixed = set(fixed_hand) | fixed_deck
    held = d.hand[s] + d.kept[s] + d.dropped[s]
    unseen = held + d.deck[s] + [d.pile[i] for i in slots]
    # Sorted first, so the sample depends on what the seat knows, not on hidden order.
    pool = _sorted_kinds(d, [c for c in unseen if c not in fixed])
    rng.shuffle(pool)
    allowed = set(d.deck_from[s])
    if careful:
        pool.sort(key=lambda c: c in allowed)
    chosen: dict[int, int] = {}
    for i in slots:
        bandit = d.card_bandit[d.pile[i]]
        j = next(
            (j for j, c in enumerate(pool)
             if d.card_bandit[c] == bandit and d.card_kind[c] != BULLET),
            None,
        )
        if j is None:
            return False
        chosen[i] = pool.pop(j)
    bottom_n = len(d.deck[s]) - sum(size for size, _p, _o in d.deck_known[s])
    bottom: list[int] | None = None
    if allowed:
        bottom = [c for c in pool if c in allowed]
        if careful or d.hand_bullets[s] == 0:
            # A hand that can hold no unseen bullet card leaves them all to the deck.
            bottom.sort(key=lambda c: d.card_kind[c] != BULLET)
        bottom = bottom[:bottom_n]
        if len(bottom) < bottom_n:
            return False
        taken = set(bottom)
        pool = [c for c in pool if c not in taken]
    cap = d.hand_bullets[s]
    unknown: list[int] = []
    rest: list[int] = []
    for c in pool:
        bullet = d.card_kind[c] == BULLET
        if len(unknown) < len(held) - len(fixed_hand) and not (bullet and cap == 0):
            unknown.append(c)
            cap -= bullet
        else:
            rest.append(c)
    if len(unknown) < len(held) - len(fixed_hand):
        return False
    for i, card in chosen.items():
        d.pile[i] = card
    cards = list(fixed_hand) + unknown
    if d.phase == KEEP:
        _split_keep(d, s, cards, rng)
    else:  # (a card kept for a rainy day is the seat's secret as its hand is)
        n = len(d.hand[s])
        d.hand[s], d.kept[s] = cards[:n], cards[n:]
    if bottom is None:
        bottom, rest = rest[:bottom_n], rest[bottom_n:]
    d.deck[s], d.deck_known[s] = _deal_deck(d, s, bottom + rest, owner=False, rng=rng)
    return True


def _split_keep(d: Game, s: int, cards: list[int], rng: random.Random) -> None:
    """Expert keeping: a player decides card by card in the order hands are shown, so the
    decided cards are the first of his hand; how many he kept of them nobody knows (each
    count equally likely; rules 002 never keeps a bullet card)."""
    undecided = len(d.hand[s])
    cards = _sorted_kinds(d, cards)
    decided, d.hand[s] = cards[: len(cards) - undecided], cards[len(cards) - undecided :]
    keepable = [c for c in decided if not (d.accessible and d.card_kind[c] == BULLET)]
    kept = set(rng.sample(keepable, rng.randrange(len(keepable) + 1)))
    d.kept[s] = [c for c in decided if c in kept]
    d.dropped[s] = [c for c in decided if c not in kept]


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
        cards = _sorted_kinds(d, list(mine if owner else public))  # (from no hidden order)
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
