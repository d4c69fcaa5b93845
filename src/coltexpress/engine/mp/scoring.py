"""The end of a game of Marshal & Prisoners: the Marshal's goals, the bandits' wealth (seven
ways, five of them in this box), the stations' last word, and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..content import BULLET, content
from ..scoring import richest
from .content import SPECIAL_TARGETS, WARRANT, mp_content
from .rules import bandits_all, goal_text

if TYPE_CHECKING:
    from ..game import Game


def cards_of(g: Game, seat: int) -> list[int]:
    """Every card a player owns at the end: deck, hand, discard pile, cards kept."""
    return [*g.deck[seat], *g.hand[seat], *g.discard[seat], *g.kept[seat], *g.dropped[seat]]


def marshal_bullets_held(g: Game, b: int) -> int:
    """How many of the Marshal's Bullet cards a bandit's deck holds."""
    assert g.mp is not None
    m = g.mp.marshal
    return sum(
        1 for c in cards_of(g, g.seat_of[b])
        if g.card_kind[c] == BULLET and g.card_bandit[c] == m and c < g.neutral_base
    )


def goal_done(g: Game, goal: int) -> bool:
    """Whether one of the Marshal's goals is completed as the game stands."""
    assert g.mp is not None
    mp = g.mp
    if goal >= WARRANT:  # an Arrest Warrant: that bandit's poster is the Marshal's
        return mp.captured[g.char_idx.index(goal - WARRANT)]
    name = SPECIAL_TARGETS[goal]
    if name == "only-a-flesh-wound":
        return bool(mp.brawlers)
    if name == "dodge-bullets":
        shooters: dict[int, int] = {}
        for c in cards_of(g, g.seat_of[mp.marshal]):
            if g.card_kind[c] == BULLET and c < g.neutral_base:
                shooters[g.card_bandit[c]] = shooters.get(g.card_bandit[c], 0) + 1
        shooters.pop(mp.marshal, None)
        return max(shooters.values(), default=0) <= 2
    if name == "golden-bullet-award":
        return 0 in mp.guns
    if name == "the-mail-must-go-through":
        return bool(mp.taken_mailbags)
    if name == "throw-away-the-key":
        return len(mp.taken_prisoners) >= 2
    held = [marshal_bullets_held(g, b) for b in bandits_all(g)]
    if name == "full-of-lead":
        return all(n >= 1 for n in held)
    assert name == "arch-enemy"
    return max(held, default=0) >= 4


def station_played(g: Game, name: str) -> bool:
    return g.options.events and any(g.round_specs[i].event == name for i in g.round_log)


def score(g: Game) -> dict[str, Any]:
    """Per seat (the Marshal's included, with nothing): loot, bullets shot, Gunslinger,
    Wanted Poster, prisoner, Brawler prizes, total; the goals; the winners."""
    assert g.mp is not None
    mp = g.mp
    data, extra = content(), mp_content()
    seats = range(g.n_players)
    m_seat = g.seat_of[mp.marshal]
    band = bandits_all(g)
    bandit_seats = [g.seat_of[b] for b in band]

    def per_seat(value: Any) -> list[int]:
        return [sum(value(b) for b in g.bandits_of[s] if b != mp.marshal) for s in seats]

    loot = per_seat(lambda b: sum(g.loot_value[t] for t in g.held[b]))
    shots = per_seat(lambda b: data.cylinder - g.cylinder[b] - g.friendly[b])
    received = [sum(g.received[b] for b in g.bandits_of[s]) for s in seats]
    best = max(shots[s] for s in bandit_seats)
    gunslingers = [s for s in bandit_seats if shots[s] == best]
    posters = per_seat(lambda b: 0 if mp.captured[b] else extra.wanted_poster)
    prisoners = per_seat(lambda b: extra.prisoner_bonus if mp.prisoner[b] >= 0 else 0)
    brawlers = per_seat(lambda b: sum(mp.brawler_won[b]))
    totals = [
        loot[s] + (data.gunslinger_bonus if s in gunslingers else 0)
        + posters[s] + prisoners[s] + brawlers[s]
        for s in seats
    ]
    totals[m_seat] = 0

    # Who may win: nobody knocked off the train; with Crime Doesn't Pay!, no bandit in the cell.
    crime = station_played(g, "crime-doesnt-pay")
    out: dict[int, str] = {}
    hs_fields: dict[str, Any] = {}
    if g.hs is not None:  # Horses & Stagecoach: ransoms, the stations' money, the caught
        from ..hs.scoring import adjust

        hs_fields = adjust(g, totals, out)
    for b in range(g.n_bandits):
        if mp.fallen[b]:
            out[g.seat_of[b]] = "fallen"
        elif crime and b != mp.marshal and mp.jailed[b]:
            out[g.seat_of[b]] = "in-the-cell"
    goals = [{"goal": goal_text(g, goal), "done": goal_done(g, goal)}
             for goal in (*mp.current, *reversed(mp.upcoming))]
    done = sum(1 for goal in goals if goal["done"])
    marshal_wins = done >= extra.goals_needed and m_seat not in out
    able = [s for s in bandit_seats if s not in out]
    winners: list[int] = []
    if marshal_wins:
        winners = [m_seat]
        if station_played(g, "guilty-conscience") and able:
            poorest = min(totals[s] for s in able)
            tied = [s for s in able if totals[s] == poorest]
            if len(tied) == 1:
                winners.append(tied[0])  # the poorest bandit wins with the Marshal
    elif able:
        winners = richest(able, totals, received)
    return {
        "loot": loot,
        "shots": shots,
        "gunslingers": gunslingers,
        "posters": posters,
        "prisoners": prisoners,
        "brawlers": brawlers,
        "totals": totals,
        "received": received,
        "marshal": m_seat,
        "goals": goals,
        "goals_done": done,
        "marshal_wins": marshal_wins,
        "cannot_win": {str(s): why for s, why in sorted(out.items())},
        "winners": sorted(winners),
        **hs_fields,
    }
