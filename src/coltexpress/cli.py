"""The ``colt`` command: one entry point for every way to use the engine."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from .engine.errors import ColtError
from .engine.options import PRESETS, Options
from .sim import bench as run_bench
from .sim import simulate as run_simulate

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Colt Express: simulate games and measure the rules engine.",
)
console = Console()
err = Console(stderr=True)


def _options(preset: str, players: int | None) -> Options:
    overrides = {} if players is None else {"players": players}
    try:
        return Options.preset(preset, **overrides)
    except ColtError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None


@app.command()
def simulate(
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game (game i: seed + i).")] = 0,
    preset: Annotated[
        str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")
    ] = "standard",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play games of random legal moves and report results; exit 1 if any game raised."""
    options = _options(preset, players)
    show_bar = not as_json and sys.stdout.isatty() and games >= 20
    if show_bar:
        with Progress(
            TextColumn("simulating"),
            BarColumn(),
            TaskProgressColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as bar:
            task = bar.add_task("games", total=games)
            report = run_simulate(
                options, games=games, seed=seed, preset=preset,
                progress=lambda n: bar.advance(task, n),
            )
    else:
        report = run_simulate(options, games=games, seed=seed, preset=preset)
    if as_json:
        print(json.dumps(report.to_dict()))
    else:
        table = Table(title=f"{games} games, {options.players} players, preset {preset}")
        table.add_column("seat", justify="right")
        table.add_column("wins (shared split)", justify="right")
        table.add_column("outright wins", justify="right")
        table.add_column("mean total $", justify="right")
        table.add_column("Gunslinger", justify="right")
        for s in range(options.players):
            table.add_row(
                str(s),
                f"{report.wins[s]:.1f}",
                str(report.outright_wins[s]),
                f"{report.mean_total[s]:.0f}",
                str(report.gunslinger[s]),
            )
        console.print(table)
        console.print(
            f"{report.games_per_second:.1f} games/s, {report.mean_steps_per_game:.1f} "
            f"steps/game, {report.shared_games} shared victories, {report.errors} errors"
        )
        for message in report.error_messages:
            err.print(message)
    if report.errors:
        raise typer.Exit(1)


@app.command()
def bench(
    players: Annotated[int, typer.Option(help="Number of players.")] = 3,
    seconds: Annotated[float, typer.Option(min=0.1, help="How long to play.")] = 5.0,
    preset: Annotated[str, typer.Option(help="Rules preset.")] = "standard",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Measure the engine alone: random playouts on one core, and the cost of a clone."""
    _options(preset, players)
    report = run_bench(players=players, preset=preset, seconds=seconds)
    data = report.to_dict()
    if as_json:
        print(json.dumps(data))
        return
    table = Table(title=f"engine benchmark: {players} players, preset {preset}, one core")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in data.items():
        if key not in ("players", "preset"):
            table.add_row(key.replace("_", " "), str(value))
    console.print(table)


def main() -> None:
    app()
