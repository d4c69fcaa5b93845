"""``colt --help`` and every command's help read well at 80 columns and wider.

The help screens are read as a person sees them: the command run in a process with
``COLUMNS`` set, its output parsed back into the text of each block (the description's
paragraphs; in the option and command panels, each row's help column). Each block must hold
its help text whole (nothing cropped, nothing lost) and break its lines only where the
terminal is full or a sentence ends: a line that stops early, mid-sentence, with the next
word fitting after it, is a line break of the source showing through.
"""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from itertools import pairwise
from typing import Any

import pytest
import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from coltexpress.cli import app

COMMANDS = ["simulate", "play", "replay", "bench", "serve", "loadtest"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SENTENCE_END = (".", ":", "!", "?")


def _help(args: list[str], columns: int) -> list[str]:
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "50"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        [sys.executable, "-c", "from coltexpress.cli import main; main()", *args, "--help"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    return ANSI.sub("", done.stdout).splitlines()


def _words(text: str) -> str:
    return " ".join(text.split())


def _premature(lines: list[str], width: int) -> list[str]:
    """The breaks of a wrapped block made before the terminal's edge, mid-sentence."""
    found = []
    for first, second in pairwise(lines):
        if not first or not second or first.endswith(SENTENCE_END):
            continue
        if len(first) + 1 + len(second.split()[0]) <= width:
            found.append(f"{first!r} / {second!r}")
    return found


def _description(lines: list[str]) -> list[list[str]]:
    """The paragraphs between the usage line and the first panel, line by line."""
    start = next(i for i, line in enumerate(lines) if "Usage:" in line) + 1
    end = next((i for i, line in enumerate(lines) if line.startswith("╭")), len(lines))
    paragraphs: list[list[str]] = [[]]
    for line in lines[start:end]:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return [p for p in paragraphs if p]


def _panels(lines: list[str]) -> list[list[str]]:
    """The inside of each panel (options, arguments, commands), line by line."""
    panels, inside = [], None
    for line in lines:
        if line.startswith("╭"):
            inside = []
        elif line.startswith("╰") and inside is not None:
            panels.append(inside)
            inside = None
        elif inside is not None:
            inside.append(line[1:-1])
    return panels


def _rows(panel: list[str], helps: dict[str, str]) -> dict[str, list[str]]:
    """Each row of a panel by its name (``--seed``, ``file``, ``play``), as the lines of
    its help column: from where its help text starts on the row's first line. A row
    starts where the name column is not blank; rows without a help of ours (``--help``)
    are skipped."""
    rows: dict[str, list[str]] = {}
    name, column = None, 0
    for line in panel:
        if line[:9].strip():  # a new row: its name (and a required mark) at the left
            name = next((w for w in line.split()[:3] if w in helps), None)
            if name is not None:
                first = helps[name].split()[0]
                column = line.find(first, line.find(name) + len(name))
                assert column > 0, f"the help of {name} does not start on its line: {line!r}"
                rows[name] = []
        if name is not None:
            rows[name].append(line[column:].rstrip())
    return {n: [x for x in r if x] for n, r in rows.items()}


def _option_helps(command: Any) -> dict[str, str]:
    helps = {}
    for param in command.params:
        if isinstance(param, TyperOption):
            helps[param.opts[0]] = param.help or ""
        elif isinstance(param, TyperArgument):
            helps[param.name or ""] = param.help or ""
    return {k: v for k, v in helps.items() if v}


def _check_block(lines: list[str], expected: str, width: int, where: str) -> list[str]:
    problems = [f"{where}: broken early: {b}" for b in _premature(lines, width)]
    if _words(expected) not in _words(" ".join(lines)):
        problems.append(f"{where}: the help is not whole: {' '.join(lines)!r} "
                        f"(expected {_words(expected)!r})")
    return problems


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_help_reads_whole_sentences(name: str | None, columns: int) -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    command: Any = group if name is None else group.commands[name]
    lines = _help([] if name is None else [name], columns)
    text = "\n".join(lines)
    problems = []
    if "…" in text:
        problems.append("cropped: " + next(line for line in lines if "…" in line))
    snake = re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    if snake:
        problems.append(f"internal names: {snake}")
    # the description: each paragraph of the docstring, whole, wrapped at the edge only
    paragraphs = inspect.cleandoc(command.help or "").split("\n\n")
    shown = _description(lines)
    assert len(shown) == len(paragraphs), (shown, paragraphs)
    for paragraph, block in zip(paragraphs, shown, strict=True):
        problems += _check_block(block, paragraph, columns - 2, "description")
    # the panels: each option's (argument's, command's) help column
    helps = _option_helps(command)
    if isinstance(command, TyperGroup):
        helps = {n: (c.help or "").split("\n\n")[0] for n, c in command.commands.items()}
    seen: dict[str, list[str]] = {}
    for panel in _panels(lines):
        seen.update(_rows(panel, helps))
    assert set(seen) == set(helps), f"rows not found: {set(helps) - set(seen)}"
    for row, cell in seen.items():
        width = max(len(x) for other in seen.values() for x in other)
        problems += _check_block(cell, helps[row], width, row)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_on_off_flags_are_shown_as_flags(name: str | None) -> None:
    """An on/off flag (``--plain``, ``--json``, ``--help``) is shown without a value type
    (before: ``--plain <bool>``, as if it took a value); options with a value keep theirs."""
    text = "\n".join(_help([] if name is None else [name], 120))
    assert "<bool>" not in text, text
    if name == "play":
        assert re.search(r"--plain\s+Accessible line mode", text), text
        assert "--seed" in text and "<int>" in text
