"""Invariants of a game of Marshal & Prisoners, beside the base game's."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..content import IDEA, MAILBAG, WHISKEY
from .content import SPECIAL_TARGETS, WARRANT, mp_content

if TYPE_CHECKING:
    from ..game import Game


def cylinder_cards(g: Game, b: int) -> list[int]:
    """The bullet cards still in a figure's cylinder (the Marshal's two piles)."""
    base = g.bullet_base[b]
    if g.mp is not None and b == g.mp.marshal:
        guns = [min(max(n, 0), 6) for n in g.mp.guns]  # (a loaded state may hold anything)
        return [*range(base, base + guns[0]), *range(base + 6, base + 6 + guns[1])]
    return list(range(base, base + g.cylinder[b]))


def check(g: Game) -> list[str]:
    assert g.mp is not None
    mp = g.mp
    data = mp_content()
    problems: list[str] = []
    m = mp.marshal
    n_sidekicks, n = len(data.sidekicks), g.n_bandits
    marshal_cards = range(g.bullet_base[m], g.bullet_base[m] + 12)
    if (
        any(not 0 <= p < n_sidekicks for p in (*mp.prisoners_left, *mp.taken_prisoners))
        or any(not -1 <= p < n_sidekicks for p in mp.prisoner)
        or any(c not in marshal_cards for front in mp.front for c in front)
        or any(not 0 <= t < len(g.loot_kind) for t in mp.taken_mailbags)
        or any(not 0 <= goal < len(SPECIAL_TARGETS) and not WARRANT <= goal < WARRANT + 7
               for goal in (*mp.upcoming, *mp.current, *mp.revealed))
        or mp.stage not in (0, 1)
        or any(not 0 <= s < g.n_players for s in mp.queue)
        or not -1 <= mp.helper < n
    ):
        return ["a Marshal & Prisoners field is out of range"]
    ideas = Counter(g.card_bandit[c] for c, k in enumerate(g.card_kind) if k == IDEA)
    if any(ideas[b] != (b != m) for b in range(n)):
        problems.append("every bandit must own one Brilliant Idea card, the Marshal none")
    if g.chars[m] != "marshal":
        problems.append("the Marshal player's figure is not the Marshal")
    if mp.jailed[m] or mp.captured[m] or mp.prisoner[m] >= 0:
        problems.append("the Marshal is treated as a bandit")
    if not all(0 <= n <= 6 for n in mp.guns) or sum(mp.guns) != g.cylinder[m]:
        problems.append(f"the Marshal's piles {mp.guns} differ from his cylinder")
    for b in range(g.n_bandits):
        if mp.jailed[b] and (mp.fallen[b] or g.pos[b] != 2 * g.last):
            problems.append(f"{g.chars[b]} is in the cell but not in the prison car")
        if mp.jailed[b] and not mp.captured[b]:
            problems.append(f"{g.chars[b]} is in the cell without having been captured")
        riding = g.hs is not None and (g.hs.riding[b] or g.hs.away[b])  # Horses & Stagecoach
        if mp.fallen[b] != (g.pos[b] == -1) and not riding:
            problems.append(f"{g.chars[b]} is off the train only in part")
        if mp.front[b] and b == m:
            problems.append("a Marshal's bullet lies in front of the Marshal")
    prisoners = Counter([*mp.prisoners_left, *mp.taken_prisoners,
                         *(p for p in mp.prisoner if p >= 0)])
    if sum(prisoners.values()) != data.prisoners_drawn or any(n > 1 for n in prisoners.values()):
        problems.append("prisoners are not conserved")
    if sorted(mp.brawlers + [v for won in mp.brawler_won for v in won]) != sorted(data.brawlers):
        problems.append("Brawler cards are not conserved")
    goals = [*mp.upcoming, *mp.current]
    if len(goals) != data.warrants + data.targets or len(set(goals)) != len(goals):
        problems.append("the Marshal's goals are not five different cards")
    elif not all(goal in mp.current for goal in mp.revealed):
        problems.append("a goal is revealed that the Marshal has not turned over")
    elif any(goal >= WARRANT and (goal - WARRANT) not in g.char_idx for goal in goals):
        problems.append("an Arrest Warrant names a bandit not in the game")
    if any(g.loot_kind[t] != MAILBAG for t in mp.taken_mailbags):
        problems.append("the Marshal took loot that is no mailbag")
    if any(g.loot_kind[t] != WHISKEY for t in g.held[m]):  # (Horses & Stagecoach: a flask)
        problems.append("the Marshal holds loot")
    return problems
