"""End of the game: loot totals, the Gunslinger, tie-breaks, winners."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import content

if TYPE_CHECKING:
    from .game import Game


def score(g: Game) -> dict[str, Any]:
    """Per seat: loot, bullets shot, Gunslinger bonus, total, bullet cards received; and
    the winning seats (richest; then fewest bullet cards received; then shared)."""
    if g.mp is not None:
        from .mp.scoring import score as mp_score

        return mp_score(g)
    data = content()
    seats = range(g.n_players)
    loot = [sum(g.loot_value[t] for b in g.bandits_of[s] for t in g.held[b]) for s in seats]
    # Bullets shot at other players (a player's own bandits shooting each other do not count).
    shots = [
        sum(data.cylinder - g.cylinder[b] - g.friendly[b] for b in g.bandits_of[s]) for s in seats
    ]
    received = [sum(g.received[b] for b in g.bandits_of[s]) for s in seats]
    best = max(shots)
    gunslingers: list[int] = []
    if not g.options.accessible_two_player:
        # "the player(s) who shot the most bullets (i.e., who has the fewest Bullet cards of
        # his character's color remaining)": when nobody shot, everyone (D-gunslinger-zero).
        gunslingers = [s for s in seats if shots[s] == best]
    totals = [loot[s] + (data.gunslinger_bonus if s in gunslingers else 0) for s in seats]
    extra: dict[str, Any] = {}
    cannot: dict[int, str] = {}
    if g.hs is not None:  # Horses & Stagecoach: ransoms, the stations' money, the caught
        from .hs.scoring import adjust

        extra = adjust(g, totals, cannot)
        extra["cannot_win"] = {str(s): why for s, why in sorted(cannot.items())}
    able = [s for s in seats if s not in cannot]
    winners = richest(able, totals, received) if able else []
    return {
        "loot": loot,
        "shots": shots,
        "gunslingers": gunslingers,
        "totals": totals,
        "received": received,
        "winners": winners,
        **extra,
    }


def richest(seats: list[int], totals: list[int], received: list[int]) -> list[int]:
    """The richest of these seats; tied, the fewest bullet cards received; then shared."""
    best = max(totals[s] for s in seats)
    tied = [s for s in seats if totals[s] == best]
    fewest = min(received[s] for s in tied)
    return [s for s in tied if received[s] == fewest]
