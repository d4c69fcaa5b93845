"""Checks that hold in every reachable state; used by the fuzz tests and when loading JSON."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import knowledge
from .content import BULLET, content

if TYPE_CHECKING:
    from .game import Game


def check_invariants(g: Game) -> list[str]:
    """Return the broken invariants (an empty list when the state is sound)."""
    from .game import OVER, PLACE

    problems: list[str] = []
    hs = g.hs
    spaces = 2 * (g.last + 1) + 2 * (hs is not None)  # (Horses & Stagecoach: the stagecoach)
    neutrals = content().neutral_bullets
    if hs is not None:
        from .hs.content import hs_content
        from .hs.invariants import check as hs_check

        neutrals += hs_content().extra_neutral
        problems += hs_check(g)
    n_loot = len(g.loot_kind)
    if not (len(g.loot_value) == len(g.loot_public) == len(g.loot_seen) == n_loot):
        problems.append("loot tables differ in length")
    if len(g.floor_loot) != spaces:
        problems.append("wrong number of spaces")
    mp = g.mp
    for b, p in enumerate(g.pos):
        if p == -1 and (g.phase == PLACE or (mp is not None and mp.fallen[b]) or (
            hs is not None and (hs.riding[b] or hs.away[b])
        )):
            continue
        if not 0 <= p < spaces:
            problems.append(f"bandit {g.chars[b]} is off the train ({p})")
        elif p == 2 * g.marshal:
            problems.append(f"bandit {g.chars[b]} is inside the Marshal's car")
    if mp is None and not 0 <= g.marshal <= g.last:
        problems.append(f"the Marshal is off the train ({g.marshal})")
    # Loot: every token exactly once, somewhere.
    where = Counter(t for tokens in g.floor_loot for t in tokens)
    where.update(t for tokens in g.held for t in tokens)
    where.update(g.box)
    where.update(g.reserve)
    if mp is not None:
        where.update(mp.taken_mailbags)
    if hs is not None:
        where.update(hs.empty)
    if sorted(where) != list(range(n_loot)) or any(n != 1 for n in where.values()):
        problems.append("loot tokens are not conserved")
    elif len(g.loot_seen) == n_loot:
        for b, tokens in enumerate(g.held):
            bit = 1 << g.seat_of[b]
            if any(not g.loot_public[t] and not g.loot_seen[t] & bit for t in tokens):
                problems.append(f"{g.chars[b]} holds a purse his player never saw")
    # Cards: every card exactly once (cylinders and the neutral pile included).
    zones = (g.deck, g.hand, g.discard, g.kept, g.dropped)
    cards = Counter(c for zone in zones for cs in zone for c in cs)
    cards.update(g.pile_held())
    full = [content().cylinder] * g.n_bandits
    if mp is not None:
        from .mp.invariants import check, cylinder_cards

        full[mp.marshal] *= 2  # the Marshal's two cylinder piles
        cards.update(c for front in mp.front for c in front)
        problems += check(g)
    for c, kind in enumerate(g.card_kind):
        b = g.card_bandit[c]
        if kind == BULLET and b >= 0 and not g.bullet_base[b] <= c < g.bullet_base[b] + full[b]:
            problems.append("a bullet card is not among its bandit's bullets")
            return problems  # (card names would be wrong)
    for b in range(g.n_bandits):
        if not 0 <= g.cylinder[b] <= full[b]:
            problems.append(f"bad cylinder for {g.chars[b]}")
        elif mp is not None:
            cards.update(cylinder_cards(g, b))
        else:  # (a loaded state may hold any number: never build a huge range)
            cards.update(range(g.bullet_base[b], g.bullet_base[b] + g.cylinder[b]))
    if not 0 <= g.neutral <= neutrals:
        problems.append(f"bad number of neutral bullets ({g.neutral})")
    else:
        cards.update(range(g.neutral_base, g.neutral_base + g.neutral))
    if sorted(cards) != list(range(len(g.card_kind))) or any(n != 1 for n in cards.values()):
        problems.append("cards are not conserved")
    for c in g.pile:
        if 0 <= c < len(g.card_kind) and g.card_kind[c] == BULLET:
            problems.append("a bullet card is on the action pile")
    given = sum(f - c for f, c in zip(full, g.cylinder, strict=True))
    given += neutrals - g.neutral
    if sum(g.received) != given:
        problems.append(f"bullets received {sum(g.received)} != bullets given {given}")
    for s in range(g.n_players):
        owned = [c for zone in zones for c in zone[s]]
        owned += [c for c in g.pile_held() if g.seat_of[g.card_bandit[c]] == s]
        if mp is not None:
            owned += [c for b in g.bandits_of[s] for c in mp.front[b]]
        bullets = sum(1 for c in owned if g.card_kind[c] == BULLET)
        mine = sum(g.received[b] for b in g.bandits_of[s])
        if bullets != mine:
            problems.append(f"seat {s} holds {bullets} bullet cards but received {mine}")
    problems += knowledge.check(g)
    if g.phase == OVER and (g.round_no < 5 and g.round_deck):
        problems.append("the game ended before the last round")
    if g.phase != OVER and g.round_no >= 5:
        problems.append("the game goes on after the fifth round")
    return problems
