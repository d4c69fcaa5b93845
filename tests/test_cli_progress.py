"""The long commands show a progress bar on a terminal, and nothing else anywhere else.

Each command runs as a person runs it: in a pseudo-terminal (what is drawn is read back,
frame by frame), with ``--json``, or with its output piped. While it runs, the bar shows
what is done (games, or seconds and games), the rate and the time left; with ``--json`` or
a pipe the output holds no bar and no control character.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from coltexpress.cli import LOADTEST_ROWS

COLT = [sys.executable, "-c", "from coltexpress.cli import main; main()"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TIME = r"\d+:\d\d:\d\d"
CLOCK = rf"(?:{TIME}|-:--:--)"  # a time, or not known yet
RATE = r"[\d.,]+ (?:{unit}/s|s/{one})"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # anything but tab and newline
BAR = re.compile(rf"{CLOCK} left")  # the end of every bar's line
# a 3-player game with one time-bounded search bot lasts about a second on any machine,
# so a bar redrawn four times a second is seen between two games
SLOW_GAMES = ["--players", "3", "--agents", "ismcts:seconds=0.03,random,random", "--seed", "1"]


@dataclass
class Run:
    """What a command wrote: to the terminal (every frame drawn), and to a pipe if its
    standard output was one."""

    terminal: str
    stdout: str
    code: int

    @property
    def frames(self) -> list[str]:
        """Each line as it was drawn, one after the other (a bar redrawn in place is a
        frame each time)."""
        text = ANSI.sub("", self.terminal)
        return [line.strip() for line in re.split(r"[\r\n]", text) if line.strip()]


def run_in_terminal(args: list[str], *, pipe_stdout: bool = False,
                    timeout: float = 300) -> Run:
    """Run ``colt ARGS`` with a 120x40 pseudo-terminal as its terminal (standard error,
    input, and output unless ``pipe_stdout``), reading all it draws until it exits."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_INTERACTIVE")}
    env["TERM"] = "xterm-256color"
    process = subprocess.Popen(
        [*COLT, *args], stdin=slave, stderr=slave,
        stdout=subprocess.PIPE if pipe_stdout else slave, env=env, close_fds=True,
    )
    os.close(slave)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while True:
            assert time.monotonic() < deadline, f"colt {args} still running after {timeout} s"
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                continue
            try:
                data = os.read(master, 65536)
            except OSError:  # every end of the terminal closed: the command is over
                break
            if not data:
                break
            chunks.append(data)
        stdout = process.stdout.read().decode() if process.stdout else ""
        code = process.wait(timeout=60)
    finally:
        os.close(master)
        if process.stdout:
            process.stdout.close()
        if process.poll() is None:
            process.kill()
            process.wait()
    return Run(b"".join(chunks).decode("utf-8", "replace"), stdout, code)


def run_piped(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COLT, *args], capture_output=True, text=True, timeout=300,
                          check=False)


def bars(run: Run, label: str, unit: str, pattern: str) -> list[re.Match[str]]:
    """The frames of the bar ``label`` with its count (``pattern``), a rate in ``unit``,
    its elapsed time and a time left (both known)."""
    rate = RATE.format(unit=unit, one=unit.removesuffix("s"))
    line = re.compile(rf"{label} +[━╸╺]+ +{pattern} +({rate}) +({TIME}) +({TIME}) left")
    return [m for frame in run.frames if (m := line.search(frame))]


def assert_clean(text: str) -> None:
    """No bar, no control character: what a pipe or a JSON reader should get."""
    assert not CONTROL.search(text), repr(CONTROL.search(text))
    assert not BAR.search(text), text[:400]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_shows_games_rate_and_time_left_as_games_end(jobs: str) -> None:
    run = run_in_terminal(["simulate", *SLOW_GAMES, "--games", "4", "--jobs", jobs])
    assert run.code == 0, run.terminal[-2000:]
    counts = [int(m.group(1)) for frame in run.frames
              if (m := re.search(r"playing .* (\d+)/4 games", frame))]
    assert counts, "no bar in:\n" + "\n".join(run.frames[:30])
    assert counts[0] == 0  # drawn at once, before the first game ends
    assert counts == sorted(counts)
    assert counts[-1] == 4  # the bar stays, with the whole run's figures
    # between the first game's end and the last's: a count, a rate and a time left
    middle = [m for m in bars(run, "playing", "games", r"(\d+)/4 games")
              if 0 < int(m.group(1)) < 4]
    assert middle, counts
    assert "win % (95% CI)" in run.terminal  # and the results follow


def test_simulate_json_and_pipes_get_no_bar() -> None:
    run = run_in_terminal(["simulate", *SLOW_GAMES, "--games", "2", "--json"])
    assert run.code == 0
    assert "\x1b" not in run.terminal and "playing" not in run.terminal
    data = json.loads(run.terminal.replace("\r\n", "\n"))
    assert data["games"] == 2
    piped = run_piped(["simulate", *SLOW_GAMES, "--games", "2"])
    assert piped.returncode == 0, piped.stderr
    assert_clean(piped.stdout)
    assert_clean(piped.stderr)
    assert "win % (95% CI)" in piped.stdout
    # standard output to a file, standard error a terminal: the bar on the terminal only
    split = run_in_terminal(["simulate", *SLOW_GAMES, "--games", "2"], pipe_stdout=True)
    assert split.code == 0
    assert_clean(split.stdout)
    assert "win % (95% CI)" in split.stdout
    assert bars(split, "playing", "games", r"(\d+)/2 games")


def test_bench_shows_its_seconds_with_the_games_rate() -> None:
    run = run_in_terminal(["bench", "--seconds", "2", "--updates"])
    assert run.code == 0, run.terminal[-2000:]
    playouts = bars(run, "random playouts", "games", r"([\d.]+)/2 s, ([\d,]+) games")
    assert any(float(m.group(1)) < 2 and m.group(2) != "0" for m in playouts), run.frames
    for form in ("whole", "patches"):  # the updates built whole, then as patches
        updates = bars(run, f"server updates, {form}", "moves", r"([\d.]+)/2 s, ([\d,]+) moves")
        assert any(m.group(2) != "0" for m in updates), run.frames
    assert "games per second" in run.terminal
    piped = run_piped(["bench", "--seconds", "0.5"])
    assert piped.returncode == 0
    assert_clean(piped.stdout + piped.stderr)
    json_run = run_in_terminal(["bench", "--seconds", "0.5", "--json"])
    assert "\x1b" not in json_run.terminal
    assert json.loads(json_run.terminal)["games"] > 0


def test_bench_of_both_builds_counts_its_benchmarks() -> None:
    """colt bench --compare-builds (and --all): a bar of the benchmarks run, with their
    rate and the time left; none with --json."""
    run = run_in_terminal(["bench", "--game", "super-express", "--seconds", "0.5",
                           "--compare-builds", "--rounds", "1"])
    assert run.code == 0, run.terminal[-2000:]
    counts = bars(run, "benchmarks, both builds", "benchmarks", r"(\d+)/2 benchmarks")
    assert {m.group(1) for m in counts} >= {"1"}, run.frames
    assert "times faster" in run.terminal
    json_run = run_in_terminal(["bench", "--game", "super-express", "--seconds", "0.3",
                                "--all", "--json"])
    assert "\x1b" not in json_run.terminal and len(json.loads(json_run.terminal)) >= 4


def test_loadtest_shows_the_tables_set_up_then_the_measure() -> None:
    run = run_in_terminal(["loadtest", "--tables", "2", "--players", "3", "--pace", "0.2",
                           "--seconds", "3"])
    assert run.code == 0, run.terminal[-2000:]
    # the tables set up (the line stays, with its figures, as the measure starts)
    assert [m for m in bars(run, "setting up tables", "tables", r"(\d+)/2 tables")
            if m.group(1) == "2"], run.frames
    measure = bars(run, "measuring", "moves", r"([\d.]+)/3 s, ([\d,]+) moves")
    assert any(float(m.group(1)) < 3 and m.group(2) != "0" for m in measure), run.frames
    # the report's table in words, not the keys of its JSON
    table = ANSI.sub("", run.terminal[run.terminal.index("server load test"):])
    labels = re.findall(r"^│ (.*?) +│", table, re.MULTILINE)
    assert "move to update, median (ms)" in labels and "moves per second" in labels
    spelt = {key.replace("_", " ") for key, label in LOADTEST_ROWS.items()
             if key.replace("_", " ") != label}
    assert not spelt & set(labels), table


def test_replay_text_shows_a_bar_while_it_replays_on_a_terminal_only(
    tmp_path: Path,
) -> None:
    saved = run_piped(["simulate", "--players", "4", "--games", "1", "--agents", "heuristic",
                       "--save", str(tmp_path), "--json"])
    assert saved.returncode == 0, saved.stderr
    record = tmp_path / "game-00000.json"
    moves = len(json.loads(record.read_text())["actions"])
    run = run_in_terminal(["replay", "--text", str(record)])
    assert run.code == 0
    shown = [f for f in run.frames if re.search(rf"replaying .* \d+/{moves} moves", f)]
    assert shown, run.frames[:5]
    assert "Game over." in run.terminal
    piped = run_piped(["replay", "--text", str(record)])
    assert piped.returncode == 0
    assert_clean(piped.stdout + piped.stderr)
    assert "Game over." in piped.stdout
    # the story piped (to a pager, a file): no bar on the terminal either
    paged = run_in_terminal(["replay", "--text", str(record)], pipe_stdout=True)
    assert paged.code == 0 and "Game over." in paged.stdout
    assert "replaying" not in paged.terminal and "\x1b" not in paged.terminal


def test_review_shows_the_decisions_reviewed_on_a_terminal_only(tmp_path: Path) -> None:
    saved = run_piped(["simulate", "--players", "3", "--games", "1", "--agents", "heuristic",
                       "--seed", "2", "--save", str(tmp_path)])
    assert saved.returncode == 0, saved.stderr
    record = tmp_path / "game-00000.json"
    # a budget that takes some seconds, so the bar is redrawn while it runs
    run = run_in_terminal(["review", str(record), "--iterations", "300", "--playouts", "4",
                           "--no-luck"])
    assert run.code == 0, run.terminal[-2000:]
    done = bars(run, "reviewing", "decisions", r"([\d,]+)/([\d,]+) decisions")
    assert done and int(done[-1].group(1)) == int(done[-1].group(2)), run.frames[:20]
    assert "accuracy" in run.terminal
    piped = run_piped(["review", str(record), "--iterations", "30", "--playouts", "2"])
    assert piped.returncode == 0
    assert_clean(piped.stdout + piped.stderr)
    json_run = run_in_terminal(["review", str(record), "--iterations", "30", "--playouts", "2",
                                "--json"])
    assert "\x1b" not in json_run.terminal
    assert json.loads(json_run.terminal)["summaries"]


def test_bench_envs_shows_each_interfaces_seconds() -> None:
    run = run_in_terminal(["bench", "--seconds", "1", "--envs"])
    assert run.code == 0, run.terminal[-2000:]
    for label in ("PettingZoo steps", "Gymnasium steps"):
        steps = bars(run, label, "steps", r"([\d.]+)/1 s, ([\d,]+) steps")
        assert any(m.group(2) != "0" for m in steps), run.frames
    assert "PettingZoo steps per second" in run.terminal
