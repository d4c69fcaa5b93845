"""What a seat sees of Marshal & Prisoners: the prison car's cell, prisoners, Wanted
Posters, Brawler cards, the Marshal's piles and Achievement zone, bullets in front of
bandits, and his goals (the current ones are his secret, the upcoming ones face down to
everyone, the revealed ones public)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import goal_text, marshal_bullet, marshal_bullet_penalty, sidekick_of
from .scoring import goal_done

if TYPE_CHECKING:
    from ..game import Game


def mp_view(g: Game, seat: int | None, token: Any) -> dict[str, Any]:
    from ..game import OVER

    assert g.mp is not None
    mp = g.mp
    m = mp.marshal
    bandits = [b for b in range(g.n_bandits) if b != m]
    over = g.phase == OVER
    mine = seat == g.seat_of[m] or over
    view: dict[str, Any] = {
        "marshal_seat": g.seat_of[m],
        "prison_car": g.last,  # the caboose; the cell is inside it
        "in_cell": [g.chars[b] for b in bandits if mp.jailed[b]],
        "off_train": [g.chars[b] for b in range(g.n_bandits) if mp.fallen[b]],
        "prisoners_waiting": [sidekick_of(p) for p in mp.prisoners_left],
        "prisoners": {g.chars[b]: sidekick_of(mp.prisoner[b]) for b in bandits
                      if mp.prisoner[b] >= 0},
        "posters": {g.chars[b]: "captured" if mp.captured[b] else "wanted" for b in bandits},
        "brawlers_left": list(mp.brawlers),
        "brawlers_won": {g.chars[b]: list(mp.brawler_won[b]) for b in bandits
                         if mp.brawler_won[b]},
        "guns": [
            {"bullets": n, "top": marshal_bullet_penalty(g, marshal_bullet(g, gun)) if n else None}
            for gun, n in enumerate(mp.guns)
        ],
        "penalties": {g.chars[b]: [marshal_bullet_penalty(g, c) for c in mp.front[b]]
                      for b in bandits if mp.front[b]},
        "taken_prisoners": [sidekick_of(p) for p in mp.taken_prisoners],
        "taken_mailbags": [token(t) for t in mp.taken_mailbags],
        "goals_upcoming": len(mp.upcoming),
        "goals_current": len(mp.current),
        "goals_revealed": [goal_text(g, goal) for goal in mp.revealed],
    }
    if mine:
        view["my_goals"] = [goal_text(g, goal) for goal in mp.current]
        # Whether each would count as completed if the game ended now (what the Marshal
        # sees: captures, his own deck, the Bullet cards dealt out, the Brawler cards left).
        view["my_goals_done"] = [goal_done(g, goal) for goal in mp.current]
    if over:
        view["goals_unseen"] = [goal_text(g, goal) for goal in reversed(mp.upcoming)]
    return view
