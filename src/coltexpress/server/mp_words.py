"""The browser's words for Marshal & Prisoners: the prison car and its cell in the train's
sentences, mailbags in the loot, the expansion's panel (Wanted Posters, prisoners, Brawler
cards, the Marshal's cylinder piles, Achievement zone and goals, penalties) and the end of
the game. Every name comes from the display-name table (``engine/names.py``).

The Marshal's current goals are named only where the view holds them (the Marshal's seat,
and everyone at the end): these words are built from the view, never from the game.
"""

from __future__ import annotations

from typing import Any

from ..describe import and_list, figure_where, loot_summary, plural, space_sentences
from ..engine import names

__all__ = ["mp_captions", "mp_end_lines", "mp_train_sentences", "mp_where"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _you(view: dict[str, Any], seat: int) -> bool:
    return view.get("seat") == seat


_POSTERS = {"wanted": "Wanted", "captured": "Captured"}
_GUNS = ("Left gun", "Right gun")
_CANNOT_WIN = {
    "fallen": "knocked off the train, so cannot win",
    "in-the-cell": "in the cell at the end (Crime Doesn't Pay!), so cannot win",
}


def mp_where(bandit: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a figure is in Marshal & Prisoners, to follow "is": the cell, off the train."""
    if bandit["character"] in view["mp"]["in_cell"]:
        return "in the cell of the prison car (the caboose)"
    return figure_where(view, bandit)


def mp_train_sentences(view: dict[str, Any]) -> list[str]:
    """The train in sentences in Marshal & Prisoners: the prison car and its cell, mailbags,
    the bandits off the train."""
    mp, cars = view["mp"], view["cars"]
    lines = space_sentences(view)
    cell = [names.bandit(c) for c in mp["in_cell"]]
    lines.append(f"In the cell: {and_list(cell)}." if cell else "The cell is empty.")
    if mp["off_train"]:
        lines.append(f"Off the train: {and_list([names.bandit(c) for c in mp['off_train']])}.")
    lines.append(
        f"The train: the locomotive and {cars} cars; car {cars}, the caboose, is the prison car."
    )
    return lines


def _goal(slug: str, done: bool | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": names.goal(slug), "help": names.goal_help(slug)}
    if done is not None:
        entry["done"] = done
    return entry


def mp_captions(view: dict[str, Any]) -> dict[str, Any] | None:
    """The words for the Marshal & Prisoners part of a view (None without it): the prison
    car, Wanted Posters, prisoners, Brawler cards, the Marshal's guns and Achievement zone,
    penalties, goals (the current ones only where the view shows them: the Marshal's seat
    and the end)."""
    mp = view.get("mp")
    if not mp:
        return None
    you = view.get("seat") == mp["marshal_seat"]
    bandit = names.bandit
    out: dict[str, Any] = {
        "marshal": "You" if you else "The Marshal",
        "prison": f"{_cap(names.car(mp['prison_car'], view['cars']))} is the prison car.",
        "cell": [bandit(c) for c in mp["in_cell"]],
        "off_train": [bandit(c) for c in mp["off_train"]],
        "posters": [
            {"bandit": bandit(c), "state": _POSTERS.get(s, s), "captured": s == "captured"}
            for c, s in mp["posters"].items()
        ],
        "prisoners_waiting": [names.sidekick(p) for p in mp["prisoners_waiting"]],
        "prisoners": [
            {"bandit": bandit(c), "prisoner": names.sidekick(p)} for c, p in mp["prisoners"].items()
        ],
        "brawlers_left": [f"{names.brawler(v)} (${v:,})" for v in mp["brawlers_left"]],
        "brawlers_won": [
            {"bandit": bandit(c), "cards": [f"{names.brawler(v)} (${v:,})" for v in won]}
            for c, won in mp["brawlers_won"].items()
        ],
        "guns": [
            {
                "name": _GUNS[i],
                "bullets": plural(g["bullets"], "bullet") + " left",
                "top": names.penalty(g["top"]) if g["top"] else "",
                "help": names.penalty_help(g["top"]) if g["top"] else "",
            }
            for i, g in enumerate(mp["guns"][:2])
        ],
        "penalties": [
            {
                "bandit": bandit(c),
                "penalties": [
                    {"name": names.penalty(p), "help": names.penalty_help(p)} for p in ps
                ],
            }
            for c, ps in mp["penalties"].items()
        ],
        "achievement": {
            "prisoners": [names.sidekick(p) for p in mp["taken_prisoners"]],
            "mailbags": loot_summary(mp["taken_mailbags"]) if mp["taken_mailbags"] else "",
        },
        "goals": {
            "upcoming": plural(mp["goals_upcoming"], "goal") + " face down, still to come",
            "current": plural(mp["goals_current"], "current goal")
            + (" (yours, secret to the bandits)" if you else " (kept secret by the Marshal)"),
            "revealed": [_goal(g) for g in mp["goals_revealed"]],
        },
    }
    if "my_goals" in mp:
        out["goals"]["mine"] = [_goal(g) for g in mp["my_goals"]]
    result = view.get("result")
    if result and "goals" in result:
        out["goals"]["final"] = [_goal(g["goal"], bool(g["done"])) for g in result["goals"]]
    return out


def mp_end_lines(view: dict[str, Any]) -> list[str]:
    """The end of a game of Marshal & Prisoners explained: the winners first, the Marshal's
    goals done or not, each bandit's money (loot, Gunslinger, Wanted Poster, prisoner,
    Brawler cards) and who could not win."""
    result = view["result"]
    m = result["marshal"]
    marshal_you = _you(view, m)

    def who(seat: int) -> str:
        return "You" if _you(view, seat) else _cap(names.player(view["players"][seat]["bandits"]))

    seats = [p["seat"] for p in view["players"] if p["seat"] != m]
    winners = result["winners"]
    lines = []
    goals = result["goals"]
    done = result["goals_done"]
    if result["marshal_wins"]:
        verb = "win" if marshal_you else "wins"
        text = f"{who(m)} {verb}: {done} of {len(goals)} goals done!"
        partners = [s for s in winners if s != m]
        if partners:
            text += f" {and_list([who(s) for s in partners])}, the poorest bandit, wins too."
        lines.append(text)
    elif not winners:
        lines.append("Nobody wins.")
    else:
        best = result["totals"][winners[0]]
        if len(winners) == 1:
            verb = "win" if _you(view, winners[0]) else "wins"
            lines.append(f"{who(winners[0])} {verb} with ${best:,}!")
        else:
            lines.append(and_list([who(s) for s in winners]) + f" share the victory: ${best:,}.")
        lines.append(f"{who(m)} did {done} of {len(goals)} goals: not enough to win.")
    whose = "Your" if marshal_you else "The Marshal's"
    for g in goals:
        state = "done" if g["done"] else "not done"
        lines.append(f"{whose} goal {names.goal(g['goal'])}: {state}.")
    guns = [s for s in seats if s in result["gunslingers"]]
    fired = ", ".join(f"{who(s)} {result['shots'][s]}" for s in seats)
    if guns and len(guns) < len(seats):
        lines.append(
            "Gunslinger ($1,000): "
            + and_list([who(s) for s in guns])
            + f", most bullets fired ({fired})."
        )
    elif guns:
        lines.append(f"Gunslinger: every bandit fired as much ({fired}), so each gets $1,000.")
    for s in seats:
        parts = [f"loot ${result['loot'][s]:,}"]
        if s in result["gunslingers"]:
            parts.append("Gunslinger $1,000")
        if result["posters"][s]:
            parts.append(f"Wanted Poster ${result['posters'][s]:,}")
        if result["prisoners"][s]:
            parts.append(f"prisoner ${result['prisoners'][s]:,}")
        if result["brawlers"][s]:
            parts.append(f"Brawler cards ${result['brawlers'][s]:,}")
        text = f"{who(s)}: {' + '.join(parts)} = ${result['totals'][s]:,}"
        why = result["cannot_win"].get(str(s))
        if why:
            text += f"; {_CANNOT_WIN.get(why, 'cannot win')}"
        lines.append(text + ".")
    for b in view["bandits"]:
        if b["seat"] != m:
            lines.append(f"{names.bandit(b['character'])} ends with {loot_summary(b['loot'])}.")
    return lines
