"""Progress bars of the long commands (``colt simulate``, ``bench``, ``loadtest``, ``replay``).

One look for all of them: what is done (games, moves, seconds), the rate, the time elapsed
and the time left. A run only counts: it adds to a ``Meter`` (a plain attribute, so counting
costs a hot loop nothing it could measure), and the bar reads the meter when it redraws, a
few times a second, from Rich's refresh thread.

A meter is either a count towards a total (``total``: 100 games) or a measure over a span
of time (``seconds``: 10 s of playouts, with the count as its rate). The bars are drawn on
standard error and only when it is an interactive terminal, so standard output stays clean
for ``--json`` and pipes; without a terminal the meters count and nothing is drawn.

>>> with Bars(show=False) as bars:
...     games = bars.stage("playing", "games", total=3)
...     for _ in range(3):
...         games.add()
>>> games.done, rate_text(2.5, "games"), rate_text(0.25, "games")
(3, '2.5 games/s', '4.0 s/game')
"""

from __future__ import annotations

import time
from types import TracebackType

from rich.console import Console, RenderableType
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TextColumn
from rich.text import Text

__all__ = ["Bars", "Meter", "rate_text", "stderr_console"]


class Meter:
    """What one stage of a run has done, for its bar: ``done`` things counted (games, moves)
    out of ``total``, or over ``seconds`` of measure. A run that times only part of its work
    (``colt bench --updates``) sets ``measured``, the seconds it counted so far; otherwise
    the bar counts the wall clock from the stage's start."""

    def __init__(self, unit: str, *, total: int | None = None,
                 seconds: float | None = None) -> None:
        if (total is None) == (seconds is None):
            raise ValueError("a meter counts towards a total or over seconds, one of the two")
        self.unit = unit
        self.total = total
        self.seconds = seconds
        self.done = 0
        self.measured: float | None = None
        self.started = time.monotonic()
        self.ended: float | None = None

    def add(self, n: int = 1) -> None:
        """Count ``n`` more (the ``progress`` callback of the runs)."""
        self.done += n

    def end(self) -> None:
        if self.ended is None:
            self.ended = time.monotonic()

    @property
    def elapsed(self) -> float:
        """Seconds of this stage: measured by the run, or on the wall clock."""
        if self.measured is not None:
            return self.measured
        return (self.ended or time.monotonic()) - self.started

    @property
    def rate(self) -> float | None:
        """Things per second so far (over the whole stage: the recent pace of a run whose
        games end in bursts says little)."""
        elapsed = self.elapsed
        return self.done / elapsed if self.done and elapsed > 0 else None

    @property
    def fraction(self) -> float:
        if self.seconds is not None:
            return 1.0 if self.ended is not None else min(1.0, self.elapsed / self.seconds)
        return min(1.0, self.done / self.total) if self.total else 1.0

    @property
    def left(self) -> float | None:
        """Seconds still to go: the span's rest, or what is left at the rate so far (None
        before the first thing is done)."""
        if self.ended is not None:
            return 0.0
        if self.seconds is not None:
            return max(0.0, self.seconds - self.elapsed)
        rate = self.rate
        if rate is None or self.total is None:
            return None
        return max(0, self.total - self.done) / rate


def rate_text(rate: float | None, unit: str) -> str:
    """``812.3 games/s``, or ``4.0 s/game`` below one a second (a slow run reads better as
    time per thing)."""
    if not rate:
        return f"- {unit}/s"
    if rate >= 1:
        return f"{rate:,.1f} {unit}/s"
    return f"{1 / rate:,.1f} s/{unit.removesuffix('s')}"


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "-:--:--"
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def stderr_console() -> Console:
    """Standard error, where the bars are drawn."""
    return Console(stderr=True)


class Bars:
    """A command's progress display: one line per stage (``stage``), each stage's meter
    read at every redraw. ``show`` False (``--json``, no terminal): the meters count and
    nothing is drawn. ``transient``: the bars go when the run ends (a prelude to what the
    command prints, as ``colt replay --text``'s); by default they stay, with the run's
    figures, also when it is interrupted."""

    def __init__(self, *, show: bool, console: Console | None = None,
                 transient: bool = False) -> None:
        self.meters: list[tuple[str, Meter]] = []
        self._progress: Progress | None = None
        if show:
            self._progress = _progress(console or stderr_console(), transient)

    @staticmethod
    def wanted(*, quiet: bool = False, console: Console | None = None) -> bool:
        """Whether to draw bars: not ``quiet`` (``--json``) and standard error (or
        ``console``) an interactive terminal."""
        return not quiet and (console or stderr_console()).is_interactive

    def stage(self, label: str, unit: str, *, total: int | None = None,
              seconds: float | None = None) -> Meter:
        """A new stage, the one before it ended: a count of ``unit`` towards ``total``, or
        a measure over ``seconds``."""
        if self.meters:
            self.meters[-1][1].end()
        meter = Meter(unit, total=total, seconds=seconds)
        self.meters.append((label, meter))
        if self._progress is not None:
            self._progress.add_task(label, total=1.0, meter=meter)
            self._progress.refresh()  # drawn at once, not at the next tick
        return meter

    def __enter__(self) -> Bars:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.meters and kind is None:
            self.meters[-1][1].end()
        if self._progress is not None:
            self._progress.stop()


def _meter(task: Task) -> Meter:
    meter: Meter = task.fields["meter"]
    return meter


class _Done(ProgressColumn):
    """``12/100 games``, or for a measure over time ``1.5/2 s, 812 games``."""

    def render(self, task: Task) -> Text:
        m = _meter(task)
        if m.seconds is None:
            return Text(f"{m.done:,}/{m.total or 0:,} {m.unit}")
        spent = f"{m.elapsed:.1f}" if m.seconds < 10 else f"{m.elapsed:.0f}"
        return Text(f"{spent}/{m.seconds:g} s, {m.done:,} {m.unit}")


class _Rate(ProgressColumn):
    def render(self, task: Task) -> Text:
        return Text(rate_text(_meter(task).rate, _meter(task).unit))


class _Elapsed(ProgressColumn):
    def render(self, task: Task) -> Text:
        return Text(_clock(_meter(task).elapsed), style="progress.elapsed")


class _Left(ProgressColumn):
    def render(self, task: Task) -> Text:
        return Text(f"{_clock(_meter(task).left)} left", style="progress.remaining")


class _Following(Progress):
    """A Rich progress display whose tasks each follow the meter in their fields."""

    def get_renderables(self) -> list[RenderableType]:
        for task in self.tasks:  # each bar where its meter is now
            self.update(task.id, completed=_meter(task).fraction)
        return list(super().get_renderables())


def _progress(console: Console, transient: bool) -> Progress:
    return _Following(
        TextColumn("{task.description}"), BarColumn(), _Done(), _Rate(), _Elapsed(), _Left(),
        console=console, transient=transient, refresh_per_second=4,
        redirect_stdout=False, redirect_stderr=False,
    )
