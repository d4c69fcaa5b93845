"""Horses & Stagecoach at the end of the game: hostages' ransoms, the stations' money, and
the bandits caught at the Escape station."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..content import BULLET, JEWEL, PURSE, STRONGBOX
from .content import hs_content
from .rules import is_marshal

if TYPE_CHECKING:
    from ..game import Game


def ransom(g: Game, b: int) -> int:
    """The ransom of the hostage a bandit holds (some are conditional)."""
    assert g.hs is not None
    h = g.hs.hostage[b]
    if h < 0:
        return 0
    card = hs_content().hostages[h]
    kinds = [g.loot_kind[t] for t in g.held[b]]
    if card.needs == "strongbox":
        return card.ransom if STRONGBOX in kinds else 0
    if card.per == "jewel":
        return card.ransom * kinds.count(JEWEL)
    if card.per == "purse":
        return card.ransom * kinds.count(PURSE)
    if card.per == "bandit-bullet":
        return card.ransom * bandit_bullets(g, b)
    return card.ransom


def bandit_bullets(g: Game, b: int) -> int:
    """Bullet cards from bandits among a player's cards (not neutral, not the Marshal
    player's)."""
    seat = g.seat_of[b]
    cards = [*g.deck[seat], *g.hand[seat], *g.discard[seat], *g.kept[seat], *g.dropped[seat]]
    return sum(
        1 for c in cards
        if g.card_kind[c] == BULLET and g.card_bandit[c] >= 0 and c < g.neutral_base
        and not is_marshal(g, g.card_bandit[c])
    )


def adjust(g: Game, totals: list[int], cannot: dict[int, str]) -> dict[str, Any]:
    """Add ransoms and the stations' money to the totals, note who was caught; the fields
    the result gains."""
    assert g.hs is not None
    hs = g.hs
    seats = range(g.n_players)
    ransoms = [sum(ransom(g, b) for b in g.bandits_of[s]) for s in seats]
    stations = [sum(hs.bonus[b] for b in g.bandits_of[s]) for s in seats]
    for s in seats:
        totals[s] += ransoms[s] + stations[s]
    for b in range(g.n_bandits):
        if hs.caught[b]:
            cannot.setdefault(g.seat_of[b], "caught")
    return {
        "ransoms": ransoms,
        "stations": stations,
        "hostages": [
            [hs_content().hostages[hs.hostage[b]].name for b in g.bandits_of[s]
             if hs.hostage[b] >= 0]
            for s in seats
        ],
    }
