"""Tournaments between agents: seats rotated, statistics with confidence intervals.

Game ``i`` of a tournament is fully determined by the tournament seed and ``i`` (the deal,
every agent's generator, the seat rotation), so a serial run, a run on local cores
(``jobs``) and a run on a Ray cluster give identical results.

>>> report = run_tournament(Options.preset("standard", players=3),
...                         [parse_agent("random")] * 3, games=3, seed=1)
>>> [(s.name, s.seats, s.games, round(s.win_rate, 3)) for s in report.agent_stats()]
[('random', 3, 9, 0.333)]
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents import Agent, HeuristicAgent, ISMCTSAgent, RandomAgent
from .engine.actions import MARSHAL_FIGURE
from .engine.game import Game
from .engine.options import Options

__all__ = [
    "LEVELS",
    "AgentSpec",
    "GameOutcome",
    "Stagecoach",
    "Stat",
    "TournamentReport",
    "loot_holder",
    "make_agent",
    "parse_agent",
    "play_game",
    "run_tournament",
    "stagecoach_strongbox",
    "wilson",
]

# Difficulty levels: what a player picks in the terminal or at an online table.
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.35",
    "medium": "heuristic",
    "hard": "ismcts:iterations=1000:rollout_depth=16:seconds=1.8",
}

_KINDS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": ISMCTSAgent,
}
_PARAMS: dict[str, dict[str, Callable[[str], Any]]] = {
    "random": {},
    "heuristic": {"noise": float},
    "ismcts": {
        "iterations": int,
        "seconds": float,
        "exploration": float,
        "rollout_depth": int,
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
        raise ValueError(
            f"unknown agent {kind!r}; agents are {', '.join(_KINDS)} or levels "
            f"{', '.join(LEVELS)}"
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


@dataclass(frozen=True)
class Stagecoach:
    """What one game of Horses & Stagecoach did with the stagecoach, its hostages and the
    Escape station (seats, in seat order)."""

    strongbox: int | None  # the seat holding the stagecoach's strongbox at the end
    shotgun_punched: bool
    ransoms: tuple[int, ...]
    hostages: tuple[tuple[str, ...], ...]
    caught: tuple[int, ...]


@dataclass
class GameOutcome:
    """One game of a tournament."""

    index: int
    seed: int
    entries: list[int]  # per seat: index of the agent entry playing it
    characters: list[str]
    totals: list[int]
    loot: list[int]
    winners: list[int]
    gunslingers: list[int]
    steps: int
    record: dict[str, Any] | None = None
    error: str | None = None
    marshal: int | None = None  # Marshal & Prisoners: the Marshal player's seat
    marshal_won: bool = False
    stagecoach: Stagecoach | None = None  # Horses & Stagecoach


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


def _stagecoach(start: dict[str, Any] | None, game: Game, result: dict[str, Any]) -> Stagecoach:
    final = game.view(None)
    box = None if start is None else stagecoach_strongbox(start)
    return Stagecoach(
        strongbox=None if box is None else loot_holder(final, box),
        shotgun_punched=final["hs"]["shotgun"] is not None,
        ransoms=tuple(result["ransoms"]),
        hostages=tuple(tuple(h) for h in result["hostages"]),
        caught=tuple(sorted(int(s) for s, why in result["cannot_win"].items()
                            if why == "caught")),
    )


def _seed_of(seed: int, index: int, salt: int) -> int:
    return random.Random(f"{seed}/{index}/{salt}").getrandbits(63)


def play_game(
    options: Options,
    specs: Sequence[AgentSpec],
    index: int,
    seed: int,
    rotate: bool = True,
    keep_record: bool = False,
) -> GameOutcome:
    """Play game ``index`` of a tournament (a pure function of its arguments)."""
    n = options.players
    entries = [(s + index) % n if rotate else s for s in range(n)]
    game_seed = _seed_of(seed, index, 0)
    agents = [make_agent(specs[e], _seed_of(seed, index, 1 + s)) for s, e in enumerate(entries)]
    try:
        game = Game.new(options, seed=game_seed)
        start = game.view(None) if game.hs is not None else None
        steps = 0
        while not game.is_over:
            seat = game.actor
            game.apply_id(agents[seat].act(game))
            steps += 1
    except Exception as exc:  # a crash is what a tournament must count, not die of
        return GameOutcome(index, game_seed, entries, [], [], [], [], [], 0, None, repr(exc))
    result = game.result()
    per = options.bandits_per_player
    characters = ["+".join(game.chars[s * per : s * per + per]) for s in range(n)]
    record = game.record() if keep_record else None
    if record is not None:
        record["agents"] = [str(specs[e]) for e in entries]
        record["result"] = result
    return GameOutcome(
        index,
        game_seed,
        entries,
        characters,
        result["totals"],
        result["loot"],
        result["winners"],
        result["gunslingers"],
        steps,
        record,
        marshal=result.get("marshal"),
        marshal_won=bool(result.get("marshal_wins")),
        stagecoach=_stagecoach(start, game, result) if game.hs is not None else None,
    )


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
    loot: float = 0.0
    gunslinger: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "name": self.name,
            "seats": self.seats,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.total / self.games, 1) if self.games else 0.0,
            "mean_loot": round(self.loot / self.games, 1) if self.games else 0.0,
            "gunslinger_rate": round(self.gunslinger / self.games, 4) if self.games else 0.0,
        }


@dataclass
class TournamentReport:
    options: Options
    specs: list[AgentSpec]
    games: int
    seed: int
    outcomes: list[GameOutcome]
    seconds: float = 0.0

    @property
    def errors(self) -> int:
        return sum(1 for o in self.outcomes if o.error is not None)

    def _accumulate(
        self, key: Callable[[GameOutcome, int], str], seats: dict[str, int]
    ) -> list[Stat]:
        stats: dict[str, Stat] = {}
        for o in self.outcomes:
            if o.error is not None:
                continue
            for seat in range(len(o.entries)):
                name = key(o, seat)
                stat = stats.setdefault(name, Stat(name, seats.get(name, 1)))
                stat.games += 1
                if seat in o.winners:
                    stat.wins += 1 / len(o.winners)
                stat.total += o.totals[seat]
                stat.loot += o.loot[seat]
                stat.gunslinger += seat in o.gunslingers
                stat.scores.append(o.totals[seat])
        return list(stats.values())

    def agent_stats(self) -> list[Stat]:
        """One line per distinct agent (an agent holding two seats counts both)."""
        names = [str(s) for s in self.specs]
        seats = {n: names.count(n) for n in names}
        stats = self._accumulate(lambda o, seat: names[o.entries[seat]], seats)
        order = {n: i for i, n in reversed(list(enumerate(names)))}
        return sorted(stats, key=lambda s: order[s.name])

    def role_stats(self) -> list[Stat]:
        """Marshal & Prisoners: the Marshal against the bandits (a game the Marshal wins is
        his, with or without Guilty Conscience's poorest bandit); one line per role, then
        per agent in the Marshal's seat. Empty for other games."""
        played = [o for o in self.outcomes if o.error is None and o.marshal is not None]
        if not played:
            return []
        names = [str(s) for s in self.specs]
        marshal, bandits = Stat("Marshal", 1), Stat("bandits", self.options.players - 1)
        by_agent: dict[str, Stat] = {}
        for o in played:
            assert o.marshal is not None
            for stat in (marshal, by_agent.setdefault(
                f"Marshal played by {names[o.entries[o.marshal]]}",
                Stat(f"Marshal played by {names[o.entries[o.marshal]]}", 1),
            )):
                stat.games += 1
                stat.wins += o.marshal_won
            bandits.games += 1
            bandits.wins += not o.marshal_won and bool(o.winners)
        return [marshal, bandits, *(by_agent.values() if len(by_agent) > 1 else ())]

    def stagecoach_stats(self) -> dict[str, Any] | None:
        """Horses & Stagecoach: how often the stagecoach's strongbox ends in a bandit's
        hands (with its 95% interval) and its holder wins, the Shotgun is punched, hostages
        are taken and pay, bandits are caught at the Escape station; per hostage, how often
        it is held, its mean ransom and its holder's win rate. None for other games."""
        played = [(o, o.stagecoach) for o in self.outcomes
                  if o.error is None and o.stagecoach is not None]
        if not played:
            return None
        n = len(played)

        def share(o: GameOutcome, seat: int | None) -> float:
            return 1 / len(o.winners) if seat in o.winners else 0.0

        taken = [(o, c) for o, c in played if c.strongbox is not None]
        bandit_seats = sum(len(o.entries) - (o.marshal is not None) for o, _c in played)
        caught = sum(len(c.caught) for _o, c in played)
        per: dict[str, list[float]] = {}  # hostage: [times held, ransoms, wins]
        for o, c in played:
            for seat, names in enumerate(c.hostages):
                for name in names:
                    row = per.setdefault(name, [0.0, 0.0, 0.0])
                    row[0] += 1
                    row[1] += c.ransoms[seat] / len(names)
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
            "shotgun_punched_rate": round(sum(c.shotgun_punched for _o, c in played) / n, 4),
            "hostages_per_game": round(held / n, 3),
            "mean_ransom": round(sum(sum(c.ransoms) for _o, c in played) / held, 1)
            if held else 0.0,
            "caught": caught,
            "caught_rate": round(caught / bandit_seats, 4) if bandit_seats else 0.0,
            "games_with_caught": sum(1 for _o, c in played if c.caught),
            "games_without_winner": sum(1 for o, _c in played if not o.winners),
            "hostages": [
                {"name": name, "held": int(row[0]), "mean_ransom": round(row[1] / row[0], 1),
                 "holder_win_rate": round(row[2] / row[0], 4)}
                for name, row in sorted(per.items())
            ],
        }

    def character_stats(self) -> list[Stat]:
        return sorted(
            self._accumulate(lambda o, seat: o.characters[seat], {}), key=lambda s: s.name
        )

    def to_dict(self) -> dict[str, Any]:
        played = [o for o in self.outcomes if o.error is None]
        return {
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
            "role_stats": [s.to_dict() for s in self.role_stats()],
            "stagecoach": self.stagecoach_stats(),
            "wins_per_seat": _wins_per_seat(played, self.options.players),
        }


def _wins_per_seat(outcomes: list[GameOutcome], players: int) -> list[float]:
    wins = [0.0] * players
    for o in outcomes:
        for s in o.winners:
            wins[s] += 1 / len(o.winners)
    return [round(w, 3) for w in wins]


_Job = tuple[Options, list[AgentSpec], int, int, bool, bool]


def _play_args(args: _Job) -> GameOutcome:
    return play_game(*args)


def _serial(jobs: list[_Job]) -> Iterator[GameOutcome]:
    for args in jobs:
        yield play_game(*args)


def _local(jobs: list[_Job], workers: int) -> Iterator[GameOutcome]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play_args, jobs, chunksize=max(1, len(jobs) // (workers * 8)))


def _ray(jobs: list[_Job], address: str) -> Iterator[GameOutcome]:
    import ray

    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(_play_args)
    pending = [remote.remote(args) for args in jobs]
    for ref in pending:  # in game order, so the results match a serial run
        yield ray.get(ref)


def run_tournament(
    options: Options,
    specs: Sequence[AgentSpec],
    *,
    games: int,
    seed: int = 0,
    rotate: bool = True,
    jobs: int = 1,
    ray_address: str | None = None,
    save_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentReport:
    """Play ``games`` games; ``specs`` has one agent per seat (rotated over the games)."""
    import time

    specs = list(specs)
    if len(specs) != options.players:
        raise ValueError(
            f"{options.players} players need {options.players} agents, got {len(specs)}"
        )
    work = [(options, specs, i, seed, rotate, save_dir is not None) for i in range(games)]
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
    report = TournamentReport(options, specs, games, seed, outcomes)
    report.seconds = time.perf_counter() - start
    return report
