"""Train a small agent to play Colt Express against random bots, and plot its win rate.

The agent is sb3-contrib's MaskablePPO (Stable-Baselines3's PPO that only ever picks legal
actions, from the environment's action mask) on the Gymnasium environment of
``coltexpress.envs.gymnasium``: one seat, a random one each game, the two others played by
random bots. Every ``--eval-every`` steps of training it plays ``--eval-games`` games
(sampled actions, the mask applied) and records its win rate with a 95% interval; the plot
shows the rate rising from the fair share (one game in three).

    pip install 'coltexpress[rl]' torch==2.13.0 stable-baselines3==2.9.2 sb3-contrib==2.9.2
    python examples/train_maskable_ppo.py --plot win-rate.png

On one core of a 2-core machine the default run (100,000 steps, 11 tests of 300 games)
takes about six minutes; docs/envs.md shows its plot.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np
import torch
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

from coltexpress.envs.gymnasium import ColtEnv


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def make_env(players: int, preset: str) -> ActionMasker:
    env = ColtEnv(preset=preset, players=players, opponents="random")
    return ActionMasker(env, lambda e: e.action_masks())


def win_rate(model: MaskablePPO, players: int, preset: str, games: int, seed: int) -> float:
    """The share of ``games`` the agent wins (a shared victory counts in full)."""
    env = ColtEnv(preset=preset, players=players, opponents="random")
    wins = 0.0
    for game in range(games):
        observation, info = env.reset(seed=seed + game)
        while True:
            action, _ = model.predict(observation, action_masks=info["action_mask"].astype(bool),
                                      deterministic=False)
            observation, reward, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                wins += reward > 0
                break
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training steps")
    parser.add_argument("--eval-every", type=int, default=10_000, help="steps between tests")
    parser.add_argument("--eval-games", type=int, default=300, help="games of each test")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", default="win-rate.png", help="the PNG to draw")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", make_env(args.players, args.preset), seed=args.seed,
                        n_steps=1024, batch_size=256, learning_rate=3e-4, gamma=1.0,
                        ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]}, verbose=0)
    points: list[dict[str, float]] = []
    show = sys.stderr.isatty() and not args.json
    progress = Progress(TextColumn("{task.description}"), BarColumn(),
                        TextColumn("{task.completed:,.0f}/{task.total:,.0f} steps"),
                        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                        TimeRemainingColumn(), disable=not show, transient=False)
    began = time.perf_counter()
    with progress:
        task = progress.add_task("training", total=args.steps, rate="")

        def test(done: int) -> None:
            rate = win_rate(model, args.players, args.preset, args.eval_games, 10_000)
            low, high = wilson(rate * args.eval_games, args.eval_games)
            points.append({"steps": done, "win_rate": rate, "low": low, "high": high})
            progress.update(task, rate=f"win rate {rate:.0%}")

        test(0)
        done = 0
        while done < args.steps:
            chunk = min(args.eval_every, args.steps - done)
            model.learn(chunk, reset_num_timesteps=False)
            done += chunk
            progress.update(task, completed=done)
            test(done)
    seconds = time.perf_counter() - began
    _plot(points, args)
    if args.json:
        print(json.dumps({"points": points, "seconds": round(seconds, 1)}))
    else:
        for p in points:
            print(f"{p['steps']:>7,} steps: win rate {p['win_rate']:.1%} "
                  f"({p['low']:.1%}-{p['high']:.1%})")
        print(f"{seconds:.0f} s; plot in {args.plot}")
    return 0


def _plot(points: list[dict[str, float]], args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [p["steps"] for p in points]
    rate = np.array([p["win_rate"] for p in points])
    errors = np.array([[r - p["low"] for r, p in zip(rate, points)],
                       [p["high"] - r for r, p in zip(rate, points)]])
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.errorbar(steps, rate, yerr=errors, marker="o", capsize=3,
                label=f"MaskablePPO ({args.eval_games} games a point, 95% interval)")
    ax.axhline(1 / args.players, color="grey", linestyle="--",
               label=f"fair share (1 in {args.players})")
    ax.set_xlabel("training steps (the agent's decisions)")
    ax.set_ylabel("win rate against random bots")
    ax.set_ylim(0, 1)
    ax.set_title(f"Colt Express, {args.preset}, {args.players} players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)


if __name__ == "__main__":
    raise SystemExit(main())
