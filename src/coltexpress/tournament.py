"""Tournaments between agents: seats rotated, statistics with confidence intervals.

The same runner plays every game of the package; what it knows of one game (how a seat's
characters are named, its per-seat measures, its own summary) is that game's module in
``coltexpress.gamestats``.

Game ``i`` of a tournament is fully determined by the tournament seed and ``i`` (the deal,
every agent's generator, the seat rotation), so a serial run, a run on local cores
(``jobs``) and a run on a Ray cluster give identical results.

>>> from coltexpress.games import options_for
>>> report = run_tournament(options_for("colt-express", "standard", players=3),
...                         [parse_agent("random")] * 3, games=3, seed=1)
>>> [(s.name, s.seats, s.games, round(s.win_rate, 3)) for s in report.agent_stats()]
[('random', 3, 9, 0.333)]
>>> report = run_tournament(options_for("super-express", "reflex", players=4),
...                         [parse_agent("heuristic")] + [parse_agent("random")] * 3,
...                         games=2, seed=1)
>>> report.to_dict()["game"], report.errors
('super-express', 0)
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents import Agent, HardAgent, HeuristicAgent, ISMCTSAgent, RandomAgent
from .agents.ismcts import ROLLOUTS
from .games import game_of
from .gamestats import GameStats, Measure, Section, stats_for_options

__all__ = [
    "LEVELS",
    "AgentSpec",
    "GameOutcome",
    "Stat",
    "TournamentReport",
    "make_agent",
    "parse_agent",
    "play_game",
    "rotation",
    "run_tournament",
    "wilson",
]

# Difficulty levels: what a player picks in the terminal or at an online table.
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.35",
    "medium": "heuristic",
    # each game's strongest player (agents.hard; its budget in agents/kits.py, measured in
    # docs/agents.md)
    "hard": "hard",
}

_KINDS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": ISMCTSAgent,
    "hard": HardAgent,
}


def _seconds(value: str) -> float:
    """A decision's time: over 0 and at most an hour (ValueError otherwise)."""
    seconds = float(value)
    if not 0 < seconds <= 3600:
        raise ValueError(value)
    return seconds


def _rollout(value: str) -> str:
    if value not in ROLLOUTS:
        raise ValueError(value)
    return value


_PARAMS: dict[str, dict[str, Callable[[str], Any]]] = {
    "random": {},
    "hard": {"seconds": _seconds},
    "heuristic": {"noise": float},
    "ismcts": {
        "iterations": int,
        "seconds": _seconds,
        "exploration": float,
        "rollout_depth": int,
        "rollout": _rollout,
    },
}


@dataclass(frozen=True)
class AgentSpec:
    """An agent kind with its parameters, as written on the command line."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.kind, *(f"{k}={v}" for k, v in self.params)])


def parse_agent(text: str) -> AgentSpec:
    """Parse ``random``, ``heuristic``, ``ismcts:iterations=500:seconds=2`` or a level
    (``easy``, ``medium``, ``hard``); raises ValueError with the reason."""
    text = text.strip()
    if text in LEVELS:
        text = LEVELS[text]
    kind, *parts = text.split(":")
    if kind not in _KINDS:
        kinds = ", ".join(k for k in _KINDS if k not in LEVELS)
        raise ValueError(
            f"unknown agent {kind!r}; agents are {kinds} or levels {', '.join(LEVELS)}"
        )
    params = []
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in _PARAMS[kind]:
            allowed = ", ".join(_PARAMS[kind]) or "none"
            raise ValueError(f"bad parameter {part!r} for {kind}; parameters: {allowed}")
        try:
            params.append((key, _PARAMS[kind][key](value)))
        except ValueError:
            raise ValueError(f"bad value {value!r} for {kind} parameter {key}") from None
    return AgentSpec(kind, tuple(params))


def make_agent(spec: AgentSpec, seed: int) -> Agent:
    params = dict(spec.params)
    if spec.kind == "ismcts" and "seconds" in params and "iterations" not in params:
        params["iterations"] = None
    return _KINDS[spec.kind](seed=seed, **params)


@dataclass
class GameOutcome:
    """One game of a tournament.

    ``measures``: the game's per-seat figures by key (``gamestats``: Colt Express's loot and
    Gunslinger, Colt Super Express's Loot cards and who is aboard); ``details``: the game's
    own record of it (the Marshal, the stagecoach; the rounds and the ways off the train).
    """

    index: int
    seed: int
    entries: list[int]  # per seat: index of the agent entry playing it
    characters: list[str]
    totals: list[int]
    winners: list[int]
    steps: int
    measures: dict[str, list[float]] = field(default_factory=dict)
    details: Any = None
    record: dict[str, Any] | None = None
    error: str | None = None
    # per seat: (seconds thought in all, the longest decision's seconds, decisions); a
    # measure of the machine as much as of the agent, so not part of the game's equality
    think: list[tuple[float, float, int]] = field(default_factory=list, compare=False)


def _seed_of(seed: int, index: int, salt: int) -> int:
    return random.Random(f"{seed}/{index}/{salt}").getrandbits(63)


def play_game(
    options: Any,
    specs: Sequence[AgentSpec],
    index: int,
    seed: int,
    rotate: bool = True,
    keep_record: bool = False,
    hold: int = 0,
) -> GameOutcome:
    """Play game ``index`` of a tournament (a pure function of its arguments); the game is
    the one ``options`` are for (``Options``: Colt Express; ``SuperOptions``: Colt Super
    Express). ``hold``: the first seats keep their agents, the others rotate among
    themselves (Marshal & Prisoners: ``hold=1`` keeps the Marshal's agent)."""
    stats = stats_for_options(options)
    n = options.players
    entries = rotation(n, index, hold if rotate else n)
    game_seed = _seed_of(seed, index, 0)
    agents = [make_agent(specs[e], _seed_of(seed, index, 1 + s)) for s, e in enumerate(entries)]
    try:
        game = game_of(stats.name).new(options, seed=game_seed)
        tally = stats.tally(game)
        steps = 0
        spent, longest, decisions = [0.0] * n, [0.0] * n, [0] * n
        while not game.is_over:
            seat = game.actor
            began = time.perf_counter()
            chosen = agents[seat].act(game)
            took = time.perf_counter() - began
            spent[seat] += took
            longest[seat] = max(longest[seat], took)
            decisions[seat] += 1
            tally.see(game.apply_id(chosen))
            steps += 1
        measures, details = tally.finish(game)
    except Exception as exc:  # a crash is what a tournament must count, not die of
        return GameOutcome(index, game_seed, entries, [], [], [], 0, error=repr(exc))
    result = game.result()
    record = game.record() if keep_record else None
    if record is not None:
        record["agents"] = [str(specs[e]) for e in entries]
        record["result"] = result
    return GameOutcome(
        index,
        game_seed,
        entries,
        stats.characters(game),
        result["totals"],
        result["winners"],
        steps,
        measures,
        details,
        record,
        think=list(zip(spent, longest, decisions, strict=True)),
    )


def rotation(players: int, index: int, hold: int = 0) -> list[int]:
    """The agent of each seat in game ``index``: seats below ``hold`` keep their own, the
    rest take the agents of those seats turned by ``index``.

    >>> rotation(4, 1), rotation(4, 1, hold=1), rotation(4, 5, hold=4)
    ([1, 2, 3, 0], [0, 2, 3, 1], [0, 1, 2, 3])
    """
    if not 0 <= hold <= players:
        raise ValueError(f"seats held must be 0 to {players}, not {hold}")
    turning = players - hold
    return [s if s < hold else hold + (s - hold + index) % turning for s in range(players)]


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (shared wins count fractionally)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Stat:
    """Results of one agent (all its seats together) or one character."""

    name: str
    seats: int  # seats it holds in every game
    games: int = 0  # seat-games played
    wins: float = 0.0
    total: float = 0.0
    sums: dict[str, float] = field(default_factory=dict)  # the game's measures, summed
    scores: list[int] = field(default_factory=list)
    measures: tuple[Measure, ...] = ()
    fair: float = 0.0  # the fair share of a seat: 1 / players
    thought: float = 0.0  # seconds of thinking, over ``decisions``
    decisions: int = 0
    longest: float = 0.0  # the longest decision's seconds

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def multiple(self) -> float:
        """The win rate as a multiple of the fair share (1: as often as a seat's share)."""
        return self.win_rate / self.fair if self.fair else 0.0

    @property
    def mean_think(self) -> float:
        """Seconds a decision, on average."""
        return self.thought / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "name": self.name,
            "seats": self.seats,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(self.fair, 4),
            "fair_multiple": round(self.multiple, 3),
            "fair_multiple_ci95": [round(low / self.fair, 3), round(high / self.fair, 3)]
            if self.fair else [0.0, 0.0],
            **({"mean_think_ms": round(1000 * self.mean_think, 2),
                "max_think_ms": round(1000 * self.longest, 1),
                "decisions": self.decisions} if self.decisions else {}),
            "mean_score": round(self.total / self.games, 1) if self.games else 0.0,
            **{m.key: m.value(self.sums.get(m.key, 0.0), self.games) for m in self.measures},
        }


@dataclass
class TournamentReport:
    options: Any  # the game's options (Options, SuperOptions)
    specs: list[AgentSpec]
    games: int
    seed: int
    outcomes: list[GameOutcome]
    seconds: float = 0.0

    @property
    def game(self) -> GameStats:
        """The game's module (``gamestats``): its measures, summary and tables."""
        return stats_for_options(self.options)

    def sections(self) -> list[Section]:
        """The game's own tables (the Marshal, the stagecoach; the train)."""
        return self.game.sections(self.to_dict())

    @property
    def errors(self) -> int:
        return sum(1 for o in self.outcomes if o.error is not None)

    def _accumulate(
        self, key: Callable[[GameOutcome, int], str], seats: dict[str, int], *,
        timed: bool = False,
    ) -> list[Stat]:
        stats: dict[str, Stat] = {}
        measures = self.game.measures
        for o in self.outcomes:
            if o.error is not None:
                continue
            for seat in range(len(o.entries)):
                name = key(o, seat)
                stat = stats.get(name)
                if stat is None:
                    stat = stats[name] = Stat(name, seats.get(name, 1), measures=measures,
                                              fair=1 / len(o.entries))
                stat.games += 1
                if timed and o.think:
                    thought, longest, decisions = o.think[seat]
                    stat.thought += thought
                    stat.longest = max(stat.longest, longest)
                    stat.decisions += decisions
                if seat in o.winners:
                    stat.wins += 1 / len(o.winners)
                stat.total += o.totals[seat]
                for m in measures:
                    values = o.measures.get(m.key)
                    if values is not None:
                        stat.sums[m.key] = stat.sums.get(m.key, 0.0) + values[seat]
                stat.scores.append(o.totals[seat])
        return list(stats.values())

    def agent_stats(self) -> list[Stat]:
        """One line per distinct agent (an agent holding two seats counts both)."""
        names = [str(s) for s in self.specs]
        seats = {n: names.count(n) for n in names}
        stats = self._accumulate(lambda o, seat: names[o.entries[seat]], seats, timed=True)
        order = {n: i for i, n in reversed(list(enumerate(names)))}
        return sorted(stats, key=lambda s: order[s.name])

    def character_stats(self) -> list[Stat]:
        return sorted(
            self._accumulate(lambda o, seat: o.characters[seat], {}), key=lambda s: s.name
        )

    def to_dict(self) -> dict[str, Any]:
        played = [o for o in self.outcomes if o.error is None]
        return {
            "game": self.game.name,
            "games": self.games,
            "players": self.options.players,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "agents": [str(s) for s in self.specs],
            "errors": self.errors,
            "error_messages": [o.error for o in self.outcomes if o.error][:5],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "mean_steps_per_game": round(sum(o.steps for o in played) / len(played), 2)
            if played
            else 0.0,
            "agent_stats": [s.to_dict() for s in self.agent_stats()],
            "character_stats": [s.to_dict() for s in self.character_stats()],
            **self.game.summary(self),
            "wins_per_seat": _wins_per_seat(played, self.options.players),
        }


def _wins_per_seat(outcomes: list[GameOutcome], players: int) -> list[float]:
    wins = [0.0] * players
    for o in outcomes:
        for s in o.winners:
            wins[s] += 1 / len(o.winners)
    return [round(w, 3) for w in wins]


_Job = tuple[Any, list[AgentSpec], int, int, bool, bool, int]


def _play_args(args: _Job) -> GameOutcome:
    return play_game(*args)


def _serial(jobs: list[_Job]) -> Iterator[GameOutcome]:
    for args in jobs:
        yield play_game(*args)


def _local(jobs: list[_Job], workers: int) -> Iterator[GameOutcome]:
    """The games on ``workers`` local processes, each yielded as soon as it ends (in any
    order): a game is one task, so the count moves with every game, also when games are
    long (the bots' searches) and few."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_args, args) for args in jobs]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:  # stopped early (Ctrl-C): the games not started are dropped
            for future in futures:
                future.cancel()


def _ray(jobs: list[_Job], address: str) -> Iterator[GameOutcome]:
    """The games on a Ray cluster, each yielded as soon as it ends (in any order)."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(_play_args)
    pending = [remote.remote(args) for args in jobs]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        if pending:  # and every other game already over
            more, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
            ready += more
        for ref in ready:
            yield ray.get(ref)


def run_tournament(
    options: Any,
    specs: Sequence[AgentSpec],
    *,
    games: int,
    seed: int = 0,
    rotate: bool = True,
    hold: int = 0,
    jobs: int = 1,
    ray_address: str | None = None,
    save_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentReport:
    """Play ``games`` games of the game ``options`` are for (``Options``: Colt Express,
    ``SuperOptions``: Colt Super Express); ``specs`` has one agent per seat (rotated over the
    games, but for the first ``hold`` seats). ``progress(1)`` is called as each game ends
    (on local cores or Ray, in the order they end); the report lists them in game order."""
    import time

    specs = list(specs)
    if len(specs) != options.players:
        raise ValueError(
            f"{options.players} players need {options.players} agents, got {len(specs)}"
        )
    rotation(options.players, 0, hold)  # refuses a number of seats held out of range
    work = [(options, specs, i, seed, rotate, save_dir is not None, hold) for i in range(games)]
    if ray_address is not None:
        stream = _ray(work, ray_address)
    elif jobs > 1:
        stream = _local(work, jobs)
    else:
        stream = _serial(work)
    start = time.perf_counter()
    outcomes: list[GameOutcome] = []
    for outcome in stream:
        outcomes.append(outcome)
        if save_dir is not None and outcome.record is not None:
            save_dir.mkdir(parents=True, exist_ok=True)
            path = save_dir / f"game-{outcome.index:05d}.json"
            path.write_text(json.dumps(outcome.record, indent=1), encoding="utf-8")
            outcome.record = None
        if progress is not None:
            progress(1)
    outcomes.sort(key=lambda o: o.index)  # in game order, whatever order they ended in
    report = TournamentReport(options, specs, games, seed, outcomes)
    report.seconds = time.perf_counter() - start
    return report
