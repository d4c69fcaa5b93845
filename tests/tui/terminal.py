"""A real terminal for the tests: ``colt`` run inside a detached tmux session of an exact
size, driven by ``tmux send-keys`` and read with ``tmux capture-pane``, as a person at a
terminal would see it.

Each terminal has its own tmux server (a private socket, ``tmux -L``) and is killed when the
test ends. Nothing waits a fixed time: ``wait_for`` polls the screen until a condition holds,
with a generous timeout (the machine may be slow and shared).

``scripts/setup.sh`` installs tmux when it is missing.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["TIMEOUT", "Terminal", "flat", "left_of_log", "terminal"]

TIMEOUT = 120.0  # seconds a screen condition may take on a slow, shared machine
TMUX = shutil.which("tmux") or "/usr/bin/tmux"
COLT = Path(sys.executable).with_name("colt")
_numbers = itertools.count()
# The drawing of boxes, scroll bars and the input's frame: not words.
_DRAWING = re.compile(r"[\u2500-\u259f]")


def flat(text: str) -> str:
    """Text without box drawing, with runs of white space as one space (a wrapped line reads
    on): what a person reads, to search for a label or a sentence."""
    return " ".join(_DRAWING.sub(" ", text).split())


def left_of_log(screen: str) -> str:
    """The screen left of the log's box (the full board draws the log beside the choices):
    the hand, the choices and their help, without the log's lines beside them."""
    lines = screen.splitlines()
    corners = [line.find("╭", 1) for line in lines if line.find("╭", 1) > 0]
    if not corners:
        return screen
    cut = min(corners)
    return "\n".join(line[:cut] for line in lines)


class Terminal:
    """One tmux session of ``width`` x ``height`` running one command."""

    def __init__(self, width: int, height: int, cwd: Path) -> None:
        self.width, self.height, self.cwd = width, height, cwd
        self.socket = f"colt-test-{os.getpid()}-{next(_numbers)}"
        self.exit_file = cwd / f".exit-{self.socket}"

    def _tmux(self, *args: str) -> str:
        # The terminal's size is the pane's: no COLUMNS or LINES from the test run (the
        # programs in the pane would take them for the size of their terminal).
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        done = subprocess.run(
            [TMUX, "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True, text=True, check=True, timeout=60, env=env,
        )
        return done.stdout

    def start(self, *args: str) -> None:
        """Run ``colt ARGS`` in the terminal (the pane stays after it ends, to be read)."""
        command = shlex.join([str(COLT), *args])
        # The pane keeps its last screen once colt ends; the exit code goes to a file.
        script = f"{command}; echo $? > {shlex.quote(str(self.exit_file))}; sleep 3600"
        self._tmux(
            "new-session", "-d", "-s", "colt", "-x", str(self.width), "-y", str(self.height),
            "-c", str(self.cwd), "-e", "TERM=xterm-256color", "-e", "LANG=C.UTF-8",
            "-e", "LC_ALL=C.UTF-8", "-e", "COLORTERM=truecolor", "sh", "-c", script,
        )

    def keys(self, *keys: str) -> None:
        """Press keys (tmux key names: ``Space``, ``Enter``, ``PageUp``, ``Escape``, ``1``)."""
        for key in keys:
            self._tmux("send-keys", "-t", "colt", key)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "colt")

    def exit_code(self) -> int | None:
        """colt's exit code once it has ended (None while it runs)."""
        text = self.exit_file.read_text().strip() if self.exit_file.exists() else ""
        return int(text) if text else None

    def wait_for(
        self, condition: str | Callable[[str], bool], timeout: float | None = None, *,
        what: str = "",
    ) -> str:
        """The screen once ``condition`` holds (text on the screen, or a test of it)."""
        test = (lambda s: condition in s) if isinstance(condition, str) else condition
        timeout = TIMEOUT if timeout is None else timeout
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if test(screen):
                return screen
            time.sleep(0.1)
        wanted = what or (condition if isinstance(condition, str) else "the condition")
        raise AssertionError(f"waited {timeout:.0f}s for {wanted!r}; the screen:\n{screen}")

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True,
                       check=False, timeout=60)


@contextmanager
def terminal(width: int, height: int, cwd: Path) -> Iterator[Terminal]:
    """A terminal of that size, killed at the end whatever happens."""
    term = Terminal(width, height, cwd)
    try:
        yield term
    finally:
        term.close()
