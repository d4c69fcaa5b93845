"""What the tournament runner, ``colt simulate`` and ``colt bench`` know of each game.

The runner itself is the same for every game of the package (``coltexpress.games``): seats
rotated, win rates with their intervals per agent and per character. A game adds, here, its
own module: how it names a seat's characters, its per-seat measures (Colt Express's loot and
Gunslinger; Colt Super Express's Loot cards and bandits still aboard), a tally kept while a
game is played, and its own summary (the Marshal and the stagecoach; rounds and how the
bandits leave the train) as JSON and as tables. A third game is one more module.

>>> stats_for("super-express").title
'Colt Super Express'
>>> from coltexpress.superexpress import SuperOptions
>>> stats_for_options(SuperOptions(players=3)).name
'super-express'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..tournament import GameOutcome, TournamentReport

__all__ = ["STATS", "GameStats", "Measure", "Section", "Tally", "interval_text", "played",
           "stats_for", "stats_for_options"]


@dataclass(frozen=True)
class Measure:
    """A per-seat figure of a game, summed over seat-games for each agent and character.

    ``key`` names it in the JSON (``mean_loot``, ``gunslinger_rate``); ``column`` heads its
    table column; a ``rate`` (a 0/1 per seat-game) is shown as a percentage, a mean with
    ``digits`` decimals.
    """

    key: str
    column: str
    rate: bool = False
    digits: int = 0

    def value(self, total: float, games: int) -> float:
        if not games:
            return 0.0
        return round(total / games, 4 if self.rate else max(1, self.digits))

    def text(self, value: float) -> str:
        return f"{value:.1%}" if self.rate else f"{value:.{self.digits}f}"


@dataclass(frozen=True)
class Section:
    """One table of a game's own summary: a title, column heads and rows of text, and a
    caption under it (what a figure counts, where another table counts otherwise)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str | None = None


class Tally(Protocol):
    """Follows one game as it is played: ``see`` gets the events of every action,
    ``finish`` the game over, and returns the per-seat measures and the game's details."""

    def see(self, events: list[Any]) -> None: ...

    def finish(self, game: Any) -> tuple[dict[str, list[float]], Any]: ...


@dataclass(frozen=True)
class GameStats:
    """A game's module for the tournament runner and the bench.

    ``characters(game)``: one name per seat (``belle+doc`` for two bandits).
    ``tally(game)``: a new game's ``Tally``. ``summary(report)``: the game's own figures,
    merged into the report's JSON. ``sections(data)``: those figures as tables, from that
    JSON. ``score``: what a seat's total is (the score column's head; ``None``: not shown).
    """

    name: str
    title: str
    options_type: type
    measures: tuple[Measure, ...]
    score: str | None
    characters: Callable[[Any], list[str]]
    tally: Callable[[Any], Tally]
    summary: Callable[[TournamentReport], dict[str, Any]]
    sections: Callable[[dict[str, Any]], list[Section]]


def _colt() -> GameStats:
    from . import colt

    return colt.STATS


def _super() -> GameStats:
    from . import superexpress

    return superexpress.STATS


STATS: dict[str, Callable[[], GameStats]] = {"colt-express": _colt, "super-express": _super}


def stats_for(game: str) -> GameStats:
    """The module of that game; ValueError naming the games otherwise."""
    if game not in STATS:
        raise ValueError(f"unknown game {game!r}; games are {', '.join(STATS)}")
    return STATS[game]()


def stats_for_options(options: object) -> GameStats:
    """The module of the game these options are for."""
    for load in STATS.values():
        stats = load()
        if isinstance(options, stats.options_type):
            return stats
    raise ValueError(f"{type(options).__name__} are the options of no game of the package")


def interval_text(rate: float, low: float, high: float) -> str:
    """``41.2% (38.1-44.3)``: a rate and its 95% interval."""
    return f"{rate:.1%} ({low:.1%}-{high:.1%})".replace("%", "").replace(" (", "% (")


def played(report: TournamentReport) -> list[GameOutcome]:
    """The games of a report that did not raise."""
    return [o for o in report.outcomes if o.error is None]
