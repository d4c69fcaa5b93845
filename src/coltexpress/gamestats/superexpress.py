"""Colt Super Express in tournaments: per seat, Loot cards and whether the bandit is still
aboard at the end; per game, the rounds played, how the bandits left the train (with the
caboose, shot off an end, walked off an end) and who was saved by a Horse, and how the game
ended (the last bandit aboard, the Loot cards of those left in the locomotive, or the last
bandits leaving together).

>>> from coltexpress.superexpress import SuperGame, SuperOptions
>>> game = SuperGame.new(SuperOptions(players=3), seed=1)
>>> tally = STATS.tally(game)
>>> while not game.is_over:
...     tally.see(game.apply_id(game.legal_ids()[0]))
>>> measures, details = tally.finish(game)
>>> sorted(measures), details.rounds >= 1
(['aboard_rate', 'mean_loot_cards'], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..superexpress.game import SuperGame
from ..superexpress.options import SuperOptions
from ..tournament import GameOutcome, TournamentReport, wilson
from . import GameStats, Measure, Section, interval_text, played

__all__ = ["CAUSES", "ENDINGS", "STATS", "SuperDetails"]

# How a bandit leaves the game: the caboose comes off with him, a shot knocks him off an
# end of the train, he walks off an end (with the Horse extension: and no Horse came next).
CAUSES = ("caboose", "shot off", "walked off")
# How a game ends: one bandit left aboard; the last car came off with several in the
# locomotive (Loot cards decide); the last bandits left the train together (D-se-all-out).
ENDINGS = ("last aboard", "loot cards", "all out")


@dataclass(frozen=True)
class SuperDetails:
    """One game's own figures (per seat in seat order)."""

    rounds: int
    out: tuple[str | None, ...]  # how each seat left the game (CAUSES), None if aboard
    out_round: tuple[int | None, ...]
    saved: tuple[int, ...]  # times a Horse saved each seat falling off the train
    ending: str


class _Tally:
    """Follows the events: a bandit's last way off the train, the Horse's saves."""

    def __init__(self, game: SuperGame) -> None:
        self.seat_of = {c: s for s, c in enumerate(game.chars)}
        n = game.n_players
        self.off: list[str | None] = [None] * n  # the last way off the train
        self.out: list[str | None] = [None] * n
        self.saved = [0] * n

    def see(self, events: list[Any]) -> None:
        for event in events:
            kind = event.kind
            if kind not in ("move-off", "shot-off", "saved", "eliminated"):
                continue
            seat = self.seat_of[event.data["bandit"]]
            if kind == "move-off":
                self.off[seat] = "walked off"
            elif kind == "shot-off":
                self.off[seat] = "shot off"
            elif kind == "saved":
                self.saved[seat] += 1
            elif event.data["reason"] == "caboose":
                self.out[seat] = "caboose"
            else:  # ejected, or fell with no Horse to save him
                self.out[seat] = self.off[seat] or "walked off"

    def finish(self, game: SuperGame) -> tuple[dict[str, list[float]], SuperDetails]:
        result = game.result()
        aboard = sum(result["aboard"])
        ending = ENDINGS[0] if aboard == 1 else ENDINGS[1] if aboard else ENDINGS[2]
        measures = {
            "mean_loot_cards": [float(v) for v in result["loot"]],
            "aboard_rate": [float(a) for a in result["aboard"]],
        }
        return measures, SuperDetails(game.round_no + 1, tuple(self.out),
                                      tuple(result["out_round"]), tuple(self.saved), ending)


def _details(o: GameOutcome) -> SuperDetails | None:
    return o.details if isinstance(o.details, SuperDetails) else None


def summary(report: TournamentReport) -> dict[str, Any]:
    """Rounds per game, the ways out of the game (counts, and per bandit with the 95%
    interval), the Horse's saves, the endings, shared wins."""
    games = [(o, d) for o in played(report) if (d := _details(o)) is not None]
    n = len(games)
    seats = sum(len(d.out) for _o, d in games)
    rounds: dict[str, int] = {}
    for _o, d in games:
        rounds[str(d.rounds)] = rounds.get(str(d.rounds), 0) + 1
    causes = {}
    for cause in CAUSES:
        count = sum(d.out.count(cause) for _o, d in games)
        low, high = wilson(count, seats)
        causes[cause] = {"count": count, "rate": round(count / seats, 4) if seats else 0.0,
                         "ci95": [round(low, 4), round(high, 4)]}
    saved = sum(sum(d.saved) for _o, d in games)
    return {"super_express": {
        "games": n,
        "mean_rounds": round(sum(d.rounds for _o, d in games) / n, 3) if n else 0.0,
        "rounds": dict(sorted(rounds.items(), key=lambda kv: int(kv[0]))),
        "eliminated": causes,
        "saved_by_horse": saved,
        "saved_per_game": round(saved / n, 3) if n else 0.0,
        "endings": {e: sum(1 for _o, d in games if d.ending == e) for e in ENDINGS},
        "shared_wins": sum(1 for o, _d in games if len(o.winners) > 1),
    }}


def _sections(data: dict[str, Any]) -> list[Section]:
    se = data.get("super_express")
    if not se or not se["games"]:
        return []
    rows = [("rounds per game", f"{se['mean_rounds']:.2f}")]
    for cause, label in zip(CAUSES, ("out with the caboose", "shot off an end",
                                     "walked off an end"), strict=True):
        c = se["eliminated"][cause]
        bandits = "bandit" if c["count"] == 1 else "bandits"
        rows.append((label, f"{c['count']} {bandits}, " + interval_text(c["rate"], *c["ci95"])))
    rows.append(("saved by a Horse", f"{se['saved_by_horse']} ({se['saved_per_game']:.2f} a "
                 "game)"))
    games = se["games"]
    for ending, label in zip(ENDINGS, ("won as the last aboard", "won on Loot cards",
                                       "the last bandits out together"), strict=True):
        rows.append((label, f"{se['endings'][ending] / games:.1%}"))
    rows.append(("shared wins", str(se["shared_wins"])))
    return [Section("the train", ("measure", "value"), tuple(rows))]


STATS = GameStats(
    name="super-express",
    title="Colt Super Express",
    options_type=SuperOptions,
    measures=(Measure("mean_loot_cards", "Loot cards", digits=2),
              Measure("aboard_rate", "aboard at the end %", rate=True)),
    score=None,
    characters=lambda game: list(game.chars),
    tally=_Tally,
    summary=summary,
    sections=_sections,
)
