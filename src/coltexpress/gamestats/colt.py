"""Colt Express in tournaments: loot and the Gunslinger per seat; the Marshal against the
bandits (Marshal & Prisoners); the stagecoach, its strongbox, hostages and the Escape
station (Horses & Stagecoach).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import names
from ..engine.actions import MARSHAL_FIGURE
from ..engine.game import Game
from ..engine.options import Options
from ..tournament import GameOutcome, Stat, TournamentReport, wilson
from . import GameStats, Measure, Section, interval_text, played

__all__ = ["STATS", "ColtDetails", "Stagecoach", "loot_holder", "marshal_shared_wins",
           "role_stats", "stagecoach_stats", "stagecoach_strongbox"]


@dataclass(frozen=True)
class Stagecoach:
    """What one game of Horses & Stagecoach did with the stagecoach, its hostages and the
    Escape station (seats, in seat order)."""

    strongbox: int | None  # the seat holding the stagecoach's strongbox at the end
    shotgun_punched: bool
    ransoms: tuple[int, ...]
    hostages: tuple[tuple[str, ...], ...]
    caught: tuple[int, ...]


@dataclass(frozen=True)
class ColtDetails:
    """One game's own figures: the Marshal player's seat and whether he won (Marshal &
    Prisoners), the stagecoach (Horses & Stagecoach)."""

    marshal: int | None = None
    marshal_won: bool = False
    stagecoach: Stagecoach | None = None


def stagecoach_strongbox(view: dict[str, Any]) -> int | None:
    """The id of the strongbox token on the stagecoach's roof in a view (a new game's), or
    None without one.

    >>> game = Game.new(Options.preset("horses-stagecoach"), seed=3)
    >>> token = stagecoach_strongbox(game.view(None))
    >>> token in game.floor_loot[2 * (game.last + 1) + 1]
    True
    """
    for space in view["spaces"]:
        if space["coach"] and space["roof"]:
            for token in space["loot"]:
                if token["kind"] == "strongbox":
                    return int(token["id"])
    return None


def loot_holder(view: dict[str, Any], token: int | None) -> int | None:
    """The seat whose bandit holds this loot token in a view (the Marshal player's figure
    is no bandit), or None."""
    for bandit in view["bandits"]:
        if bandit["character"] == MARSHAL_FIGURE:
            continue
        if any(t["id"] == token for t in bandit["loot"]):
            return int(bandit["seat"])
    return None


class _Tally:
    """Keeps the stagecoach's strongbox of a new game of Horses & Stagecoach."""

    def __init__(self, game: Game) -> None:
        self.start = game.view(None) if game.hs is not None else None

    def see(self, events: list[Any]) -> None:
        return None

    def finish(self, game: Game) -> tuple[dict[str, list[float]], ColtDetails]:
        result = game.result()
        seats = range(game.n_players)
        measures = {
            "mean_loot": [float(v) for v in result["loot"]],
            "gunslinger_rate": [float(s in result["gunslingers"]) for s in seats],
        }
        coach = None
        if game.hs is not None:
            final = game.view(None)
            box = None if self.start is None else stagecoach_strongbox(self.start)
            coach = Stagecoach(
                strongbox=None if box is None else loot_holder(final, box),
                shotgun_punched=final["hs"]["shotgun"] is not None,
                ransoms=tuple(result["ransoms"]),
                hostages=tuple(tuple(h) for h in result["hostages"]),
                caught=tuple(sorted(int(s) for s, why in result["cannot_win"].items()
                                    if why == "caught")),
            )
        return measures, ColtDetails(result.get("marshal"), bool(result.get("marshal_wins")),
                                     coach)


def _characters(game: Game) -> list[str]:
    per = game.options.bandits_per_player
    return ["+".join(game.chars[s * per : s * per + per]) for s in range(game.n_players)]


def _details(o: GameOutcome) -> ColtDetails:
    return o.details if isinstance(o.details, ColtDetails) else ColtDetails()


def role_stats(report: TournamentReport) -> list[Stat]:
    """Marshal & Prisoners: the Marshal against the bandits (a game the Marshal wins is
    his, with or without Guilty Conscience's poorest bandit: a whole win here, where the
    per-seat tables count a shared win as a share); one line per role, then per agent in
    the Marshal's seat. Empty for other games."""
    games = [(o, _details(o)) for o in played(report) if _details(o).marshal is not None]
    if not games:
        return []
    names_ = [str(s) for s in report.specs]
    marshal, bandits = Stat("Marshal", 1), Stat("bandits", report.options.players - 1)
    by_agent: dict[str, Stat] = {}
    for o, d in games:
        assert d.marshal is not None
        who = f"Marshal played by {names_[o.entries[d.marshal]]}"
        for stat in (marshal, by_agent.setdefault(who, Stat(who, 1))):
            stat.games += 1
            stat.wins += d.marshal_won
        bandits.games += 1
        bandits.wins += not d.marshal_won and bool(o.winners)
    return [marshal, bandits, *(by_agent.values() if len(by_agent) > 1 else ())]


def stagecoach_stats(report: TournamentReport) -> dict[str, Any] | None:
    """Horses & Stagecoach: how often the stagecoach's strongbox ends in a bandit's
    hands (with its 95% interval) and its holder wins, the Shotgun is punched, hostages
    are taken and pay, bandits are caught at the Escape station; per hostage, how often
    it is held, its mean ransom and its holder's win rate. None for other games."""
    games: list[tuple[GameOutcome, Stagecoach]] = []
    for o in played(report):
        coach = _details(o).stagecoach
        if coach is not None:
            games.append((o, coach))
    if not games:
        return None
    n = len(games)

    def share(o: GameOutcome, seat: int | None) -> float:
        return 1 / len(o.winners) if seat in o.winners else 0.0

    taken = [(o, c) for o, c in games if c.strongbox is not None]
    bandit_seats = sum(len(o.entries) - (_details(o).marshal is not None) for o, _c in games)
    caught = sum(len(c.caught) for _o, c in games)
    per: dict[str, list[float]] = {}  # hostage: [times held, ransoms, wins]
    for o, c in games:
        for seat, held_by in enumerate(c.hostages):
            for name in held_by:
                row = per.setdefault(name, [0.0, 0.0, 0.0])
                row[0] += 1
                row[1] += c.ransoms[seat] / len(held_by)
                row[2] += share(o, seat)
    held = sum(row[0] for row in per.values())
    low, high = wilson(len(taken), n)
    return {
        "games": n,
        "strongbox_taken": len(taken),
        "strongbox_taken_rate": round(len(taken) / n, 4),
        "strongbox_ci95": [round(low, 4), round(high, 4)],
        "strongbox_holder_win_rate": round(
            sum(share(o, c.strongbox) for o, c in taken) / len(taken), 4)
        if taken else 0.0,
        "shotgun_punched_rate": round(sum(c.shotgun_punched for _o, c in games) / n, 4),
        "hostages_per_game": round(held / n, 3),
        "mean_ransom": round(sum(sum(c.ransoms) for _o, c in games) / held, 1)
        if held else 0.0,
        "caught": caught,
        "caught_rate": round(caught / bandit_seats, 4) if bandit_seats else 0.0,
        "games_with_caught": sum(1 for _o, c in games if c.caught),
        "games_without_winner": sum(1 for o, _c in games if not o.winners),
        "hostages": [
            {"name": name, "held": int(row[0]), "mean_ransom": round(row[1] / row[0], 1),
             "holder_win_rate": round(row[2] / row[0], 4)}
            for name, row in sorted(per.items())
        ],
    }


def marshal_shared_wins(report: TournamentReport) -> int:
    """The games the Marshal won with the poorest bandit (Guilty Conscience)."""
    return sum(1 for o in played(report)
               if _details(o).marshal_won and len(o.winners) > 1)


def _summary(report: TournamentReport) -> dict[str, Any]:
    roles = role_stats(report)
    return {"role_stats": [s.to_dict() for s in roles],
            "marshal_shared_wins": marshal_shared_wins(report) if roles else None,
            "stagecoach": stagecoach_stats(report)}


def _roles_caption(shared: int) -> str:
    """Why the Marshal's rate here differs from his line among the characters."""
    games = "1 game" if shared == 1 else f"{shared} games"
    return (f"The Marshal won {games} with the poorest bandit (Guilty Conscience): a whole "
            "win each here, half a win each among the characters above.")


def _sections(data: dict[str, Any]) -> list[Section]:
    out = []
    if data.get("role_stats"):
        shared = data.get("marshal_shared_wins") or 0
        out.append(Section("Marshal against bandits", ("side", "games", "win % (95% CI)"), tuple(
            (r["name"], str(r["games"]), interval_text(r["win_rate"], *r["ci95"]))
            for r in data["role_stats"]), _roles_caption(shared) if shared else None))
    coach = data.get("stagecoach")
    if coach:
        out.append(Section("the stagecoach", ("measure", "value"), (
            ("strongbox taken", interval_text(coach["strongbox_taken_rate"],
                                              *coach["strongbox_ci95"])),
            ("its holder wins", f"{coach['strongbox_holder_win_rate']:.1%}"),
            ("Shotgun punched", f"{coach['shotgun_punched_rate']:.1%}"),
            ("hostages per game", f"{coach['hostages_per_game']:.2f}"),
            ("mean ransom", f"${coach['mean_ransom']:.0f}"),
            ("bandits caught", f"{coach['caught']} ({coach['caught_rate']:.1%} of bandits)"),
            ("games without a winner", str(coach["games_without_winner"])),
        )))
        if coach["hostages"]:
            out.append(Section("hostages", ("hostage", "held", "mean ransom", "holder wins %"),
                               tuple((names.hostage(r["name"]), str(r["held"]),
                                      f"${r['mean_ransom']:.0f}",
                                      f"{r['holder_win_rate']:.1%}")
                                     for r in coach["hostages"])))
    return out


STATS = GameStats(
    name="colt-express",
    title="Colt Express",
    options_type=Options,
    measures=(Measure("mean_loot", "loot"), Measure("gunslinger_rate", "Gunslinger %",
                                                     rate=True)),
    score="final score ($)",
    characters=_characters,
    tally=_Tally,
    summary=_summary,
    sections=_sections,
)
