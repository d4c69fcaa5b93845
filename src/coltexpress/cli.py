"""The ``colt`` command: one entry point for every way to use the engine."""

from __future__ import annotations

import inspect
import json
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .engine import names
from .engine.errors import ColtError
from .engine.options import PRESETS, Options
from .games import DEFAULT_GAME, GAMES, game_of, options_for
from .gamestats import interval_text
from .progress import Bars
from .sim import bench as run_bench
from .tournament import AgentSpec, TournamentReport, parse_agent, run_tournament

_display_type_rich = typer.core.TyperOption.display_type_rich


def _flag_type(self: typer.core.TyperOption, ctx: Any) -> str | None:
    """The type column of an option's help: none for an on/off flag (``--plain``, ``--help``
    take no value; Typer 0.29 would show ``<bool>`` as if they took one)."""
    if self.is_flag:
        return None
    return _display_type_rich(self, ctx)


typer.core.TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Colt Express and Colt Super Express: play in the terminal or online, bot "
    "tournaments, replays, benchmarks.",
)
console = Console()
err = Console(stderr=True)

Command = TypeVar("Command", bound=Callable[..., None])


def command(func: Command) -> Command:
    """A command of ``colt``, its help its docstring with each paragraph made one line:
    Typer keeps a docstring's line breaks in its list of commands and in the paragraphs
    after the first, so a sentence would break where the source does, not where the
    terminal ends. The first paragraph is the one-line summary in ``colt --help``."""
    paragraphs = inspect.cleandoc(func.__doc__ or "").split("\n\n")
    app.command(help="\n\n".join(" ".join(p.split()) for p in paragraphs))(func)
    return func


# The optional rule for choosing event cards, for every command that starts games.
RoundCards = Annotated[
    str | None,
    typer.Option(help="Choose the 7 round cards the deck is drawn from (names, commas)."),
]
Stations = Annotated[
    str | None,
    typer.Option(help="Choose the 3 train stations the deck is drawn from (names, commas)."),
]


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True, highlight=False)
    return typer.Exit(2)


def _options(
    preset: str,
    players: int | None,
    characters: str | None = None,
    round_cards: str | None = None,
    stations: str | None = None,
) -> Options:
    overrides: dict[str, Any] = {} if players is None else {"players": players}
    if characters:
        overrides["characters"] = tuple(c.strip() for c in characters.split(","))
    # The optional rule for choosing event cards: 7 round cards and 3 stations by name (as
    # printed, "Crime Doesn't Pay!", or as the engine names them, crime-doesnt-pay).
    if round_cards:
        overrides["round_pool"] = _card_names(round_cards)
    if stations:
        overrides["station_pool"] = _card_names(stations)
    try:
        return Options.preset(preset, **overrides)
    except ColtError as exc:
        raise _fail(str(exc)) from None


def _card_names(text: str) -> tuple[str, ...]:
    """Round cards or stations, comma-separated, by printed name or engine name."""
    printed = {names.round_card(slug).lower(): slug for slug in names.names()["round_cards"]}
    return tuple(printed.get(c.strip().lower(), c.strip()) for c in text.split(","))


# The game of colt simulate and colt bench, and the presets of every game.
GameChoice = Annotated[str, typer.Option("--game", help=f"The game: {', '.join(GAMES)}.")]
ALL_PRESETS = "; ".join(f"{name}: {', '.join(game_of(name).presets)}" for name in GAMES)


def _game_options(
    game: str,
    preset: str,
    players: int | None,
    characters: str | None = None,
    round_cards: str | None = None,
    stations: str | None = None,
) -> Any:
    """The options of any game of the package (round cards and stations are Colt
    Express's)."""
    if game == DEFAULT_GAME:
        return _options(preset, players, characters, round_cards, stations)
    try:
        kind = game_of(game)
        if round_cards or stations:
            raise _fail(f"--round-cards and --stations are options of Colt Express, not of "
                        f"{kind.title}")
        overrides: dict[str, Any] = {} if players is None else {"players": players}
        if characters:
            overrides["characters"] = tuple(c.strip() for c in characters.split(","))
        return options_for(game, preset, **overrides)
    except ColtError as exc:
        raise _fail(str(exc)) from None


def _agents(text: str, players: int) -> list[AgentSpec]:
    try:
        specs = [parse_agent(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise _fail(str(exc)) from None
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise _fail(f"{players} players need 1 or {players} agents, got {len(specs)}: {text!r}")
    return specs


@command
def simulate(
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Tournament seed (each game derives its own).")] = 0,
    game: GameChoice = DEFAULT_GAME,
    preset: Annotated[str, typer.Option(help=f"Rules preset ({ALL_PRESETS}).")] = "standard",
    agents: Annotated[
        str,
        typer.Option(
            help="Agents, one per seat or one for all: random, heuristic, "
            "ismcts:iterations=500, or a level easy|medium|hard (hard:seconds=2: at most "
            "that long a decision; 0.9 by default)."
        ),
    ] = "random",
    rotate: Annotated[bool, typer.Option(help="Rotate the agents over the seats.")] = True,
    hold_seats: Annotated[
        int,
        typer.Option(
            min=0,
            help="The first N seats keep their agents, the others rotate (Marshal & "
            "Prisoners: 1 keeps the Marshal's).",
        ),
    ] = 0,
    characters: Annotated[
        str | None, typer.Option(help="Fixed characters, seat by seat (default: random).")
    ] = None,
    round_cards: RoundCards = None,
    stations: Stations = None,
    jobs: Annotated[int, typer.Option(min=1, help="Parallel processes on this machine.")] = 1,
    ray: Annotated[
        str | None, typer.Option("--ray", help="Run on a Ray cluster ('auto' or an address).")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Save every game record in this folder.")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Write win rates and scores to a PNG.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play a tournament between bots: win rates with 95% confidence intervals.

    Agents are rotated over the seats; every game is reproducible from the seed. A bar
    shows the games played while it runs (on a terminal, not with --json). Exits 1 if any
    game raised an error.
    """
    options = _game_options(game, preset, players, characters, round_cards, stations)
    specs = _agents(agents, options.players)
    try:
        with Bars(show=Bars.wanted(quiet=as_json)) as bars:
            played = bars.stage("playing", "games", total=games)
            report = run_tournament(
                options, specs, games=games, seed=seed, rotate=rotate, hold=hold_seats,
                jobs=jobs, ray_address=ray, save_dir=save, progress=played.add,
            )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    data = report.to_dict()
    data["preset"] = preset
    if as_json:
        print(json.dumps(data))
    else:
        _print_report(report, data, preset)
    if plot is not None:
        _plot(report, plot)
        if not as_json:
            console.print(f"plot written to {plot}")
    if report.errors:
        raise typer.Exit(1)


def _duration(seconds: float) -> str:
    """A decision's time: milliseconds (one decimal under 10 ms), seconds from 1 s."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    ms = 1000 * seconds
    return f"{ms:.1f} ms" if ms < 10 else f"{ms:.0f} ms"


def _print_report(report: TournamentReport, data: dict[str, Any], preset: str) -> None:
    fair = 1 / report.options.players
    game = report.game
    title = "" if game.name == DEFAULT_GAME else f"{game.title}, "
    table = Table(
        title=f"{title}{report.games} games, {report.options.players} players, preset {preset}, "
        f"seed {report.seed}"
    )
    # a game with several winners is a share of a win for each (the rates add up to 100%)
    several = any(len(o.winners) > 1 for o in report.outcomes if o.error is None)
    shared = ("A win shared by several players counts as a share for each (half a win for "
              "two)." if several else None)
    table.add_column("agent", overflow="fold")  # a search spelled out folds, the figures stay
    columns = ["seats", "win % (95% CI)", "vs fair"]
    columns += (["score"] if game.score else []) + [m.column for m in game.measures]
    for column in columns:
        table.add_column(column, justify="right", no_wrap=column.startswith(("win", "vs")))
    for stat in report.agent_stats():
        d = stat.to_dict()
        table.add_row(
            stat.name, str(stat.seats), interval_text(stat.win_rate, *stat.interval),
            f"{stat.multiple:.2f}x", *([f"{d['mean_score']:.0f}"] if game.score else []),
            *(m.text(d[m.key]) for m in game.measures),
        )
    console.print(table)
    console.print(f"vs fair: the win rate as a multiple of a seat's fair share ({fair:.1%}, "
                  f"one in {report.options.players}).")
    thinking = Table(title="time to decide")
    for column in ("agent", "decisions", "mean", "longest"):
        thinking.add_column(column, justify="left" if column == "agent" else "right",
                            no_wrap=column != "agent", overflow="fold")
    for stat in report.agent_stats():
        if stat.decisions:
            thinking.add_row(stat.name, f"{stat.decisions:,}", _duration(stat.mean_think),
                             _duration(stat.longest))
    console.print(thinking)
    chars = Table(title="win rate by character")
    chars.add_column("character", no_wrap=True)
    for column in ("seat-games", "win % (95% CI)", *(["score"] if game.score else [])):
        chars.add_column(column, justify="right", no_wrap=column.startswith("win"))
    for stat in report.character_stats():
        chars.add_row(
            " + ".join(names.bandit(c) for c in stat.name.split("+")), str(stat.games),
            interval_text(stat.win_rate, *stat.interval),
            *([f"{stat.to_dict()['mean_score']:.0f}"] if game.score else []),
        )
    console.print(chars)
    if shared:
        console.print(shared)
    for section in game.sections(data):
        extra = Table(title=section.title)
        for i, column in enumerate(section.columns):
            extra.add_column(column, justify="left" if i == 0 else "right", no_wrap=True)
        for row in section.rows:
            extra.add_row(*row)
        console.print(extra)
        if section.caption:
            console.print(section.caption)
    wins = ", ".join(f"{w:g}" for w in data["wins_per_seat"])
    console.print(
        f"{data['games_per_second']} games/s, {data['mean_steps_per_game']} moves a game, "
        f"wins by seat (first player first): {wins}; {report.errors} errors"
    )
    for message in data["error_messages"]:
        err.print(message)


def _plot(report: TournamentReport, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stats = report.agent_stats()
    score = report.game.score
    fig, axes = plt.subplots(1, 2 if score else 1, figsize=(11 if score else 6, 4.5),
                             squeeze=False)
    left = axes[0][0]
    names = [s.name for s in stats]
    rates = [s.win_rate for s in stats]
    low = [s.win_rate - s.interval[0] for s in stats]
    high = [s.interval[1] - s.win_rate for s in stats]
    left.bar(range(len(stats)), rates, yerr=[low, high], capsize=6, color="#b5651d")
    left.axhline(1 / report.options.players, linestyle="--", color="grey", label="fair share")
    left.set_xticks(range(len(stats)), names, rotation=15)
    left.set_ylabel("win rate (95% CI)")
    left.set_ylim(0, 1)
    left.legend()
    if score:
        right = axes[0][1]
        right.boxplot([s.scores for s in stats], tick_labels=names)
        right.set_ylabel(score)
        right.tick_params(axis="x", rotation=15)
    fig.suptitle(f"{report.game.title}: {report.games} games, {report.options.players} players")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


@command
def play(
    game: Annotated[
        str, typer.Option(help="The game: colt-express, or super-express (Colt Super Express).")
    ] = "colt-express",
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the preset's).")
    ] = None,
    preset: Annotated[
        str,
        typer.Option(help=f"Rules preset: {', '.join(PRESETS)}; for super-express: standard, "
                     "reflex, horse, reflex-horse."),
    ] = "standard",
    characters: Annotated[
        str | None,
        typer.Option(help="Characters in playing order, yours first, e.g. belle,doc,tuco,ghost."),
    ] = None,
    round_cards: RoundCards = None,
    stations: Stations = None,
    bots: Annotated[
        str,
        typer.Option(help="Bot levels: one for every bot, or one per bot (easy,medium,hard)."),
    ] = "medium",
    humans: Annotated[
        int,
        typer.Option(min=0, help="Players at this keyboard, taking turns (hot-seat): the "
                     "seats from --seat on, each called player N (N its seat)."),
    ] = 1,
    seat: Annotated[
        int,
        typer.Option(
            min=1,
            help="Your seat around the table: seats play in turn, 1, 2, 3...; the rules draw "
            "the first player of round 1 at random (with Marshal & Prisoners seat 1 is the "
            "Marshal, who plays first; 2 and on are bandits); hot-seat players follow.",
        ),
    ] = 1,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: random).")] = None,
    delay: Annotated[
        float,
        typer.Option(
            min=0.0, help="Seconds between bot actions and between cards as they resolve."
        ),
    ] = 0.8,
    plain: Annotated[
        bool, typer.Option("--plain", help="Accessible line mode: numbered prompts, no "
                           "drawing.")
    ] = False,
    resume: Annotated[
        Path | None, typer.Option(help="Resume a saved game (any saved game or record).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where the game is saved after each move (default colt-save-SEED.json)."),
    ] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends.

    You take seat 1 unless --seat says otherwise. The game is saved after every move
    (colt-save-SEED.json in this folder); --resume carries on.
    """
    from .tui.session import SaveError, Session

    if resume is not None:
        try:
            session = Session.load(resume)
        except SaveError as exc:
            raise _fail(str(exc)) from None
    else:
        if game == "colt-express":
            options = _options(preset, players, characters, round_cards, stations)
        else:  # another game of the package: its own presets; no round cards, no stations
            from .games import options_for

            if round_cards or stations:
                raise _fail("--round-cards and --stations are options of colt-express only")
            overrides: dict[str, Any] = {} if players is None else {"players": players}
            if characters:
                overrides["characters"] = tuple(c.strip() for c in characters.split(","))
            try:
                options = options_for(game, preset, **overrides)
            except ColtError as exc:
                raise _fail(str(exc)) from None
        if humans > options.players:
            raise _fail(f"{humans} humans but only {options.players} players")
        if seat > options.players:
            raise _fail(f"no seat {seat} with {options.players} players")
        first = seat - 1
        try:
            session = Session.new(
                options, seed=seed,
                humans=tuple(sorted((first + i) % options.players for i in range(humans))),
                bots=bots,
            )
        except ValueError as exc:
            raise _fail(str(exc)) from None
    path = save or resume or _fresh_save_path(session.seed)
    if plain:
        from .tui.plain import PlainGame

        session.autosave = path
        raise typer.Exit(PlainGame(session, delay=delay, save_path=path).run())
    from .tui.app import ColtApp

    app = ColtApp(session, delay=delay, save_path=path)
    app.run()
    code = app.return_code or 0
    if not session.over:
        err.print(f"The game is saved in {path}; resume with: colt play --resume {path}")
    if code:
        err.print("[red]The terminal app stopped on an error[/red] (the game is saved).")
    raise typer.Exit(code)


def _fresh_save_path(seed: int) -> Path:
    """``colt-save-SEED.json``, or the first ``colt-save-SEED-N.json`` not taken: a new game
    never writes over an earlier save."""
    path = Path(f"colt-save-{seed}.json")
    n = 2
    while path.exists():
        path = Path(f"colt-save-{seed}-{n}.json")
        n += 1
    return path


@command
def replay(
    file: Annotated[Path, typer.Argument(help="A saved game (colt play, colt simulate --save).")],
    step: Annotated[
        bool, typer.Option("--step", help="Text: wait for Enter after each move.")
    ] = False,
    tui: Annotated[
        bool | None,
        typer.Option(
            "--tui/--text",
            help="Step through the game on the board (arrow keys), or narrate it as text. "
            "Default: the board in a terminal, text otherwise.",
        ),
    ] = None,
    review: Annotated[
        bool,
        typer.Option("--review", help="Review every decision first (colt review's default "
                     "budget) and show each one's mark and the better choice."),
    ] = False,
) -> None:
    """Step through a saved game, on the board of colt play or as narrated text."""
    from .records import SaveError, read
    from .tui.replay import ReplayApp, ReplaySteps, narrate

    if tui is None:
        tui = sys.stdout.isatty() and sys.stdin.isatty() and not step
    try:
        record = read(file)
        if tui:
            steps = ReplaySteps.from_record(record)
        else:  # a long game takes a moment to replay: a bar meanwhile, gone when it is told
            # (only when the story comes to the terminal too: not over a pager's screen)
            moves = record.get("actions")
            show = Bars.wanted() and sys.stdout.isatty()
            with Bars(show=show, transient=True) as bars:
                replayed = bars.stage("replaying", "moves",
                                      total=len(moves) if isinstance(moves, list) else 0)
                steps = ReplaySteps.from_record(record, progress=replayed.add)
        if review:
            from .review import decisions_to_review, review_record

            with Bars(show=Bars.wanted(), transient=True) as bars:
                meter = bars.stage("reviewing", "decisions",
                                   total=decisions_to_review(record))
                done = review_record(record, progress=meter.add)
            steps.review = {d.move + 1: d for d in done.decisions}
    except (SaveError, ValueError) as exc:
        raise _fail(f"{file}: {exc}") from None
    if tui:
        ReplayApp(steps, name=file.name).run()
        return
    console.print(f"[bold]{file.name}[/bold]: {steps.moves} moves", highlight=False)
    for n, line in enumerate(narrate(steps)):
        if step and n and not line.startswith(" "):
            input()  # wait for Enter before each move
        console.print(line, highlight=False, markup=False, soft_wrap=True)


@command
def review(
    file: Annotated[
        str,
        typer.Argument(help="A saved game (colt play, colt simulate --save, a downloaded "
                       "record), or an online game's address (its table or replay page)."),
    ],
    seat: Annotated[
        list[int] | None,
        typer.Option(help="A seat to review (again for several; default: every seat)."),
    ] = None,
    iterations: Annotated[
        int, typer.Option(min=10, help="The search's iterations at each decision.")
    ] = 1000,
    seconds: Annotated[
        float | None,
        typer.Option(min=0.01, help="A time budget per decision instead (not reproducible)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The search's seed.")] = 0,
    playouts: Annotated[
        int, typer.Option(min=1, help="Games played out after each move for the chances.")
    ] = 48,
    luck: Annotated[
        bool, typer.Option("--luck/--no-luck", help="Measure each decision's luck too.")
    ] = True,
    jobs: Annotated[
        int, typer.Option(min=1, help="Local processes (the review is the same).")
    ] = 1,
    plot: Annotated[
        Path | None, typer.Option(help="Draw each seat's chance to win to this PNG.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Review a saved game: every decision valued by the hard bot's search from what its
    seat knew then, marked good, inaccuracy, mistake or blunder, with the luck of the draw
    and each seat's chance to win after every move."""
    from .records import SaveError, normalize, read
    from .review import decisions_to_review, review_record

    try:
        record = normalize(_online_record(file)) if "://" in file else read(file)
        total = decisions_to_review(record, seat)
        with Bars(show=Bars.wanted(quiet=as_json)) as bars:
            meter = bars.stage("reviewing", "decisions", total=total)
            done = review_record(record, seats=seat, iterations=iterations, seconds=seconds,
                                 seed=seed, luck=luck, playouts=playouts, jobs=jobs,
                                 progress=meter.add)
    except (SaveError, ValueError) as exc:
        raise _fail(f"{file}: {exc}") from None
    if plot is not None:
        from .review_plot import draw

        draw(done, record, plot)
    if as_json:
        print(json.dumps(done.to_dict()))
        return
    _print_review(done, record)
    if plot is not None:
        console.print(f"Chances to win drawn in {plot}.")


def _online_record(address: str) -> Any:
    """The record of an online game from its address (``http://host/replay/T``, ``/t/T``
    or the record's own ``/api/tables/T/record``). ValueError saying why there is none."""
    import urllib.error
    import urllib.request
    from urllib.parse import urlsplit

    parts = urlsplit(address)
    path = [p for p in parts.path.split("/") if p]
    if parts.scheme not in ("http", "https") or not path:
        raise ValueError("an online game's address is http(s)://host/replay/TABLE")
    table = path[2] if path[:2] == ["api", "tables"] and len(path) > 2 else path[-1]
    url = f"{parts.scheme}://{parts.netloc}/api/tables/{table}/record"
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        try:
            why = json.loads(exc.read()).get("message", exc.reason)
        except ValueError:
            why = exc.reason
        raise ValueError(f"no record at {url}: {why}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ValueError(f"no record at {url}: {exc}") from None


def _print_review(done: Any, record: dict[str, Any]) -> None:
    """Each reviewed seat's decisions that were not the best, then its summary."""
    from .games import replay_any
    from .review import MARKS

    game = replay_any({**record, "actions": []})
    names = [_seat_name(game, s) for s in range(done.players)]
    for s in done.seats:
        summary = done.summary(s)
        table = Table(title=f"{names[s]}: {summary['decisions']} decisions reviewed")
        for column in ("move", "round", "played", "loss", "better", "luck", "verdict"):
            table.add_column(column, justify="right" if column in ("move", "round", "loss",
                                                                    "luck") else "left")
        for d in done.decisions:  # the decisions worth a word: not plain good plays
            if d.seat != s or d.verdict == "a good play":
                continue
            luck = "" if d.luck is None else f"{100 * d.luck:+.0f}"
            better = "" if d.loss <= 0 else d.best.label
            table.add_row(str(d.move + 1), str(d.round), d.made.label,
                          f"{100 * d.loss:.0f}", better, luck, d.verdict)
        console.print(table)
        marks = ", ".join(f"{summary['marks'][name]} {name}" for name, _ in MARKS)
        console.print(f"{names[s]}: accuracy {summary['accuracy']}%; {marks}.")
        for c in summary["costliest"]:
            console.print(f"  move {c['move'] + 1}: {c['played']}; better: {c['better']} "
                          f"({100 * c['loss']:.0f} points of chance)")
    console.print("Loss and luck are in points of chance to win (the search's value). "
                  "Marks: good under 3, inaccuracy under 8, mistake under 15, blunder from 15.")


def _seat_name(game: Any, seat: int) -> str:
    """A seat by its figures, as players know it (``Belle``, ``the Marshal``)."""
    from .engine import names

    view = game.view(None)
    player = view["players"][seat]
    figures = player.get("bandits") or [player["bandit"]]
    name = " and ".join(names.bandit(f) for f in figures)
    return name[:1].upper() + name[1:]  # (it begins a line: "The Marshal")


@command
def bench(
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the preset's).")
    ] = None,
    seconds: Annotated[float, typer.Option(min=0.1, help="How long to play.")] = 5.0,
    game: GameChoice = DEFAULT_GAME,
    preset: Annotated[str, typer.Option(help=f"Rules preset ({ALL_PRESETS}).")] = "standard",
    quiet: Annotated[
        bool, typer.Option("--quiet", help="Build no events, as search roll-outs do.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    updates: Annotated[
        bool,
        typer.Option(
            "--updates",
            help="Then, for as long again each, build each move's updates as the online "
            "server does (every seat and a spectator), whole and as patches (what the "
            "browser takes): milliseconds and bytes per move."
        ),
    ] = False,
    envs: Annotated[
        bool,
        typer.Option(
            "--envs",
            help="Then, for as long again each, step the research interfaces with random "
            "legal actions: PettingZoo (every seat) and Gymnasium (one seat, random bots "
            "in the others), steps per second (needs the rl extra).",
        ),
    ] = False,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Every preset of both games, one after another (--players where the "
            "preset allows it; a two-player preset keeps its two); --json prints a list.",
        ),
    ] = False,
    compare_builds: Annotated[
        bool,
        typer.Option(
            "--compare-builds",
            help="Run the benchmark on the compiled engine and on the pure Python one, in "
            "turns (--rounds pairs), and print how many times faster the compiled one is.",
        ),
    ] = False,
    rounds: Annotated[
        int,
        typer.Option(
            min=1, max=50,
            help="With --compare-builds: how many pairs of runs, each pair side by side "
            "(the ratio is the pairs' median).",
        ),
    ] = 3,
) -> None:
    """Measure the engine: random playouts on one core, and the cost of a copy.

    It runs on the compiled engine when the set-up built it (the pure Python one with
    COLT_PURE=1); the output says which. A bar shows the seconds measured and the games
    played (on a terminal, not with --json).
    """
    if every or compare_builds:
        if updates or envs:
            raise _fail("--updates and --envs measure one preset on this build: leave out "
                        "--all and --compare-builds")
        _bench_many(players, seconds, game, preset, quiet, as_json, every,
                    rounds if compare_builds else 0)
        return
    players = _game_options(game, preset, players).players
    with Bars(show=Bars.wanted(quiet=as_json)) as bars:
        playouts = bars.stage("random playouts", "games", seconds=seconds)
        report = run_bench(players=players, preset=preset, seconds=seconds, quiet=quiet,
                           game=game, meter=playouts)
        data = report.to_dict()
        if updates:
            from .server.render import bench_updates

            built = bars.stage("server updates, whole", "moves", seconds=seconds)
            data.update(bench_updates(game, preset, players, seconds, meter=built))
            built = bars.stage("server updates, patches", "moves", seconds=seconds)
            data.update(bench_updates(game, preset, players, seconds, meter=built,
                                      patched=True))
        if envs:
            try:
                from .envs.bench import bench_envs
            except ImportError as exc:
                raise _fail(f"--envs needs the research interfaces ({exc.name} is not "
                            "installed): pip install 'coltexpress[rl]'") from None
            data.update(bench_envs(game, preset, players, seconds,
                                   stage=lambda label: bars.stage(label, "steps",
                                                                  seconds=seconds)))
    if as_json:
        print(json.dumps(data))
        return
    title = f"engine benchmark: {game_of(game).title}, {players} players, preset {preset}, one core"
    table = Table(title=title, min_width=len(title))
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, label in BENCH_ROWS.items():
        if key in data:
            table.add_row(label, f"{data[key]:,}")
    console.print(table)
    console.print(f"Engine: {BUILD_WORDS[data['build']]}.")
    if quiet:
        console.print("Played without building events, as search roll-outs do.")


# How colt bench names the build that ran (coltexpress.compiled).
BUILD_WORDS = {"compiled": "compiled (mypyc)", "pure": "pure Python"}


def _bench_many(players: int | None, seconds: float, game: str, preset: str, quiet: bool,
                as_json: bool, every: bool, rounds: int) -> None:
    """colt bench --all and --compare-builds (``rounds`` pairs, none without it): several
    benchmarks, a row each."""
    compare = rounds > 0
    from .sim import compare_builds as run_compare
    from .sim import every_preset

    if every:
        runs = every_preset(players)
    else:
        runs = [(game, preset, _game_options(game, preset, players).players)]
    results: list[dict[str, Any]] = []
    with Bars(show=Bars.wanted(quiet=as_json)) as bars:
        meter = bars.stage("benchmarks" + (", both builds" if compare else ""), "benchmarks",
                           total=len(runs) * (2 * rounds if compare else 1))
        for name, preset_name, count in runs:
            try:
                if compare:
                    results.append(run_compare(game=name, preset=preset_name, players=count,
                                               seconds=seconds, quiet=quiet, rounds=rounds,
                                               meter=meter))
                else:
                    results.append(run_bench(players=count, preset=preset_name,
                                             seconds=seconds, quiet=quiet, game=name).to_dict())
                    meter.add()
            except ValueError as exc:
                raise _fail(str(exc)) from None
    if as_json:
        print(json.dumps(results if every else results[0]))
        return
    title = "engine benchmark, one core" + (": compiled against pure Python" if compare else "")
    table = Table(title=title, min_width=len(title))
    for column in ("game", "preset", "players"):
        table.add_column(column)
    if compare:
        for column in ("games/s compiled", "games/s pure", "times faster",
                       "copy µs compiled / pure"):
            table.add_column(column, justify="right")
        for r in results:
            table.add_row(game_of(r["game"]).title, r["preset"], str(r["players"]),
                          f"{r['compiled']['games_per_second']:,.0f}",
                          f"{r['pure']['games_per_second']:,.0f}",
                          f"{r['ratio']['games_per_second']:,}",
                          f"{r['compiled']['clone_us']:.2f} / {r['pure']['clone_us']:.2f}")
    else:
        for column in ("games per second", "moves per second", "copy of a game (µs)"):
            table.add_column(column, justify="right")
        for r in results:
            table.add_row(game_of(r["game"]).title, r["preset"], str(r["players"]),
                          f"{r['games_per_second']:,}", f"{r['steps_per_second']:,}",
                          f"{r['clone_us']:,}")
    console.print(table)
    if not compare:
        console.print(f"Engine: {BUILD_WORDS[results[0]['build']]}.")
    if quiet:
        console.print("Played without building events, as search roll-outs do.")


# What each figure of colt bench's JSON is, in the words of its table (its title already
# says the game, players and preset; a line under it, that no events were built).
BENCH_ROWS = {
    "games": "games played",
    "seconds": "seconds played",
    "games_per_second": "games per second",
    "steps_per_second": "moves per second",
    "steps_per_game": "moves per game",
    "apply_us": "time per move (µs)",
    "clone_us": "copy of a game (µs)",
    "update_moves": "moves with their updates built",
    "update_ms_per_move": "building a move's updates (ms)",
    "update_bytes_per_move": "a move's updates (bytes, uncompressed)",
    "patch_moves": "moves with their updates built as patches",
    "patch_ms_per_move": "building a move's updates as patches (ms)",
    "patch_bytes_per_move": "a move's updates as patches (bytes, uncompressed)",
    "pettingzoo_steps_per_second": "PettingZoo steps per second (every seat)",
    "gymnasium_steps_per_second": "Gymnasium steps per second (one seat, random bots)",
}
BENCH_UNSHOWN = ("game", "players", "preset", "quiet", "build")  # title, lines under it


@command
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL: sqlite:///colt.db or postgresql://user@host/db.")
    ] = "sqlite:///colt.db",
    redis: Annotated[
        str | None, typer.Option(help="Redis URL, to share tables between several processes.")
    ] = None,
    grace: Annotated[
        float, typer.Option(min=0.0, help="Seconds before a bot takes an absent player's seat.")
    ] = 30.0,
    bot_delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds a bot waits before it moves.")
    ] = 0.5,
    abandoned: Annotated[
        float,
        typer.Option(
            min=1.0, help="Minutes without a human at a table before the lobby stops listing it."
        ),
    ] = 15.0,
    game: Annotated[
        str, typer.Option(help=f"The game the lobby offers first: {', '.join(GAMES)}.")
    ] = DEFAULT_GAME,
    chosen_seeds: Annotated[
        str,
        typer.Option(
            help="Who may choose a table's seed: solo (tables with one player seat) or any "
            "(every table; its players are told the deal was chosen)."
        ),
    ] = "solo",
    create_limit: Annotated[
        int, typer.Option(min=0, help="Tables one address may create a minute (0: no limit).")
    ] = 20,
    expire: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="Hours without a human at an unfinished table before it is deleted.",
        ),
    ] = 24.0,
    header_timeout: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Seconds a connection has to send a request's headers before it is closed "
            "(0: no limit).",
        ),
    ] = 10.0,
    replay_limit: Annotated[
        int,
        typer.Option(
            min=0, help="Records, replays and replay steps one address may ask a minute "
            "(0: no limit)."
        ),
    ] = 600,
    lobby_limit: Annotated[
        int,
        typer.Option(min=0, help="Lobby pages one address may ask a minute (0: no limit)."),
    ] = 300,
    socket_limit: Annotated[
        int,
        typer.Option(min=0, help="WebSockets one address may hold open at once (0: no limit)."),
    ] = 40,
    trusted_proxies: Annotated[
        str,
        typer.Option(
            help="Proxies whose X-Forwarded-For gives the client's address: addresses or "
            "networks, separated by commas (10.0.0.5,10.1.0.0/16). Default: none, so a "
            "client's own header is never believed.",
        ),
    ] = "",
) -> None:
    """Run the online table server: lobby, invite links, bots.

    The server runs in this process; its lobby offers every game of the package.
    """
    from .server import Settings
    from .server import serve as run_server
    from .server.throttle import parse_proxies

    if game not in GAMES:
        raise _fail(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    if chosen_seeds not in ("solo", "any"):
        raise _fail(f"--chosen-seeds is solo or any, not {chosen_seeds!r}")
    try:
        proxies = parse_proxies(trusted_proxies)
    except ValueError as exc:
        raise _fail(f"--trusted-proxies: {exc}") from None
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    console.print(
        f"Colt Express server on [bold]http://{shown}:{port}[/] (database {db})", soft_wrap=True
    )
    sys.stdout.flush()
    settings = Settings(
        db=db, redis=redis, grace=grace, bot_delay=bot_delay, abandoned=60 * abandoned,
        game=game, chosen_seeds=chosen_seeds, create_limit=create_limit,
        expire=3600 * expire, header_timeout=header_timeout,
        replay_limit=replay_limit, lobby_limit=lobby_limit,
        trusted_proxies=proxies, socket_limit=socket_limit,
    )
    # Ctrl-C ends in KeyboardInterrupt below even when the process was started ignoring it
    # (uvicorn raises the signal again with the handler it found once it has shut down)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        run_server(settings, host=host, port=port)
    except KeyboardInterrupt:  # Ctrl-C: the server has shut down cleanly (its workers too)
        console.print("Server stopped.")
        raise typer.Exit(130) from None


@command
def loadtest(
    tables: Annotated[int, typer.Option(min=1, help="Tables played at once.")] = 100,
    pace: Annotated[
        float, typer.Option(min=0.05, help="Seconds between two moves of a table.")
    ] = 3.0,
    seconds: Annotated[float, typer.Option(min=1.0, help="Seconds measured.")] = 60.0,
    players: Annotated[int, typer.Option(min=2, max=8, help="Seats per table.")] = 4,
    game: GameChoice = DEFAULT_GAME,
    preset: Annotated[
        str | None, typer.Option(help="The tables' preset (default: the game's).")
    ] = None,
    bots: Annotated[int, typer.Option(min=0, help="Seats per table played by bots.")] = 0,
    level: Annotated[str, typer.Option(help="The bots' level.")] = "easy",
    url: Annotated[
        str | None,
        typer.Option(help="A running server; default: one started here for the test."),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="The database of the server started here: a temporary SQLite file, or a "
            "PostgreSQL URL (a fresh database made there and dropped after)."
        ),
    ] = None,
    deflate: Annotated[
        bool, typer.Option(help="Compress the sockets (permessage-deflate), as browsers do.")
    ] = True,
    patch: Annotated[
        bool,
        typer.Option(help="Take updates as patches (each moment's change), as browsers do; "
                     "--no-patch: whole views and captions."),
    ] = True,
    in_step: Annotated[
        bool,
        typer.Option(
            "--in-step",
            help="Start every table's game together at the measure (the synchronized worst "
            "case); default: each table first plays 0 to 50 moves, unmeasured, so the "
            "tables are spread over their games.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Load the online server as people would, and measure it.

    Every human seat of TABLES tables and one spectator each on their own WebSockets, one
    move per PACE seconds per table (staggered), games replaced as they end: moves per
    second, the time from a move to each update, and errors. The tables are first brought
    to random points of their games (unless --in-step).
    """
    from .server.loadtest import LoadConfig, run_loadtest

    if game not in GAMES:
        raise _fail(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    if bots >= players:
        raise _fail("--bots must leave at least one seat to play over a WebSocket")
    config = LoadConfig(tables=tables, pace=pace, seconds=seconds, players=players,
                        game=game, preset=preset, bots=bots, level=level, deflate=deflate,
                        patch=patch, in_step=in_step)
    with Bars(show=Bars.wanted(quiet=as_json)) as bars:
        report = run_loadtest(config, url=url, db=db, bars=bars)
    if as_json:
        print(json.dumps(report))
        return
    title = f"server load test: {tables} tables of {players} ({bots} bots), a move per {pace} s"
    table = Table(title=title, min_width=len(title))
    table.add_column("measure")
    table.add_column("value", justify="right")
    for label, value in _loadtest_rows(report):
        table.add_row(label, value)
    console.print(table)


# What each figure of colt loadtest's JSON is, in the words of its table (the tables,
# players, bots and pace are in its title; the latency windows and errors have rows of
# their own).
LOADTEST_ROWS = {
    "game": "game",
    "start": "tables started",
    "db": "database",
    "warmup_seconds": "setting up the tables (s)",
    "warmup_moves": "moves played before the measure",
    "seconds": "seconds measured",
    "moves": "moves measured",
    "moves_per_second": "moves per second",
    "games_finished": "games finished",
    "samples": "updates timed",
    "latency_p50_ms": "move to update, median (ms)",
    "latency_p90_ms": "move to update, 90th percentile (ms)",
    "latency_p99_ms": "move to update, 99th percentile (ms)",
    "latency_max_ms": "move to update, slowest (ms)",
    "errors": "errors",
    "client_cpu": "this client's CPU (share of a core)",
    "client_lag_max_ms": "this client's longest delay (ms)",
    "server_cpu": "the server's CPU (share of a core)",
    "server_cpu_ms_per_move": "the server's CPU per move (ms)",
    "server_rss_mb": "the server's memory (MiB)",
}
LOADTEST_UNSHOWN = ("tables", "players", "bots", "pace")  # in the table's title
_LOADTEST_WORDS = {"spread": "spread over their games", "in-step": "together (in step)",
                   "sqlite": "SQLite", "postgresql": "PostgreSQL"}


def _error_kind(kind: str) -> str:
    """A kind of load test error, in words (the server's error code is quoted)."""
    words = {"closed": "sockets closed by the server", "setup": "tables not set up",
             "timeout": "updates not received in time"}
    code = kind.removeprefix("error ")
    return words.get(kind, f"error messages from the server ({code})")


def _loadtest_rows(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The load test's report as rows of its table: a label and a value each."""
    rows = []
    for key, label in LOADTEST_ROWS.items():
        value = report.get(key)
        if value is None:
            continue
        if key == "game":
            value = game_of(value).title
        rows.append((label, _LOADTEST_WORDS.get(value, value) if isinstance(value, str)
                     else f"{value:,}"))
        if key == "latency_max_ms":
            for w in report.get("latency_windows", []):
                start = int(w["from_s"])
                rows.append((f"move to update, {start}-{start + 10} s: median, 99th, slowest",
                             f"{w['p50_ms']}, {w['p99_ms']}, {w['max_ms']} ms"))
        if key == "errors":
            rows += [(f"  {_error_kind(kind)}", f"{n:,}")
                     for kind, n in sorted(report.get("error_kinds", {}).items())]
    return rows


def main() -> None:
    app()


if __name__ == "__main__":  # (python -m coltexpress.cli: how colt bench starts each build)
    main()
