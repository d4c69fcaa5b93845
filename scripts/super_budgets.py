"""Colt Super Express: one seat of the heuristic with other budgets against default
heuristics in every other seat, seats rotated; prints the win rate as JSON.

    .venv/bin/python scripts/super_budgets.py PLAYERS GAMES SEED [NAME=VALUE ...]

NAME is a parameter of ``SuperHeuristicAgent`` (``budget``, ``model_budget``,
``model_worlds``, ``temperature``, ``model_runs``), or ``jobs`` (games played at once, one
process each; the games and their results are the same for any number); docs/agents.md
holds the runs that chose the hard level's budgets (``agents.kits.SUPER_HARD``).
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from coltexpress.agents.super_heuristic import SuperHeuristicAgent
from coltexpress.games import game_of


def play(players: int, seed: int, i: int, params: dict[str, float]) -> tuple[float, list[float]]:
    """Game ``i``: the share of the win of the seat with ``params``, and its times to decide."""
    kind = game_of("super-express")
    game = kind.new(kind.options("standard", players=players), seed=seed * 100003 + i)
    mine = i % players
    agents = [SuperHeuristicAgent(seed=seed * 1000 + i * 10 + s,
                                  **(params if s == mine else {}))  # type: ignore[arg-type]
              for s in range(players)]
    think = []
    while not game.is_over:
        seat = game.actor
        began = time.perf_counter()
        choice = agents[seat].act(game)
        if seat == mine:
            think.append(time.perf_counter() - began)
        game.apply_id(choice)
    winners = game.result()["winners"]
    return (1 / len(winners) if mine in winners else 0.0), think


def main() -> None:
    players, games, seed = map(int, sys.argv[1:4])
    params: dict[str, float] = {}
    for arg in sys.argv[4:]:
        name, _, value = arg.partition("=")
        params[name] = float(value) if "." in value else int(value)
    jobs = int(params.pop("jobs", 1))
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(play, [players] * games, [seed] * games, range(games),
                                [params] * games))
    wins = sum(won for won, _ in results)
    think = [t for _, times in results for t in times]
    print(json.dumps({"players": players, "games": games, "seed": seed, "params": params,
                      "win_rate": round(wins / games, 4), "fair_share": round(1 / players, 4),
                      "mean_think_s": round(sum(think) / len(think), 4),
                      "max_think_s": round(max(think), 4)}))


if __name__ == "__main__":
    main()
