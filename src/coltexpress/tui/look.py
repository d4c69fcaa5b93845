"""The look shared by every game's board: each character's colour, a figure's name, and
lines laid out at the width of the screen without cutting a word or a name.

A line of parts (``Flow``) wraps between its parts, never inside one; a list too long for
its rows (``Window``) shows the entries that fit, whole, and says how many it leaves out:

>>> from rich.console import Console
>>> console = Console(width=24, color_system=None)
>>> with console.capture() as out:
...     console.print(Flow([Text("Wanted: Tuc Dja"), Text("Prisoners 3"), Text("Guns 6/6")]))
>>> print(out.get().rstrip())
Wanted: Tuc Dja
Prisoners 3 · Guns 6/6
>>> cards = [Text(f"Doc Card{n}") for n in range(1, 7)]
>>> with console.capture() as out:
...     console.print(Window(Text("Pile: "), cards, rows=2))
>>> print(out.get().rstrip())
Pile: (4 earlier)
Doc Card5 · Doc Card6
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from ..engine import names
from ..words import base

__all__ = ["COLOURS", "MARSHAL", "SEP", "Flow", "Window", "bandit_text", "colour", "parts"]

COLOURS = {
    "belle": "magenta",
    "cheyenne": "green",
    "django": "bright_white",
    "doc": "cyan",
    "ghost": "grey70",
    "tuco": "red",
    "mei": "yellow",
    "marshal": "bold yellow",
}
MARSHAL = "marshal"  # the Marshal's figure in Marshal & Prisoners, a player of its own
SEP = " · "  # between the parts of a line


def colour(name: str) -> str:
    return COLOURS.get(name, "white")


def bandit_text(name: str, *, bold: bool = False, short: bool = False) -> Text:
    """A figure's name in its colour; the Marshal's figure (Marshal & Prisoners) is starred."""
    style = colour(name) + (" bold" if bold else "")
    if name == MARSHAL:
        return Text("★Mar" if short else "★ " + base.figure_name(name), style=style)
    label = names.bandit(name)
    return Text(label[:3] if short else label, style=style)


def parts(line: str, style: str = "") -> list[Text]:
    """A line of the words modules (``a · b · c``) as its parts, to lay out with ``Flow``."""
    return [Text(p, style=style) for p in line.split(SEP) if p]


def _lay_out(
    parts: Iterable[Text], width: int, sep: Text, lead: Text | None = None
) -> list[Text]:
    """Lines of at most ``width`` cells, each part whole on one line (a part wider than the
    line gets a line of its own, which the renderer wraps at its spaces); ``lead`` opens the
    first line, the first part right after it if it has room."""
    lines: list[Text] = [lead.copy()] if lead else []
    joint = Text("") if lead else sep
    for part in parts:
        if lines and lines[-1].cell_len + joint.cell_len + part.cell_len <= width:
            lines[-1] = Text.assemble(lines[-1], joint, part)
        else:
            lines.append(part.copy())
        joint = sep
    return lines


class Flow:
    """Parts of a line (``Text``) wrapped between the parts, never inside one, ``sep``
    between two parts on a line; ``extra`` parts (a legend) come after them only where the
    last line has room for them, whole, in order."""

    def __init__(
        self, parts: list[Text], *, extra: Iterable[Text] = (), sep: str = SEP,
        style: str = "",
    ) -> None:
        self.parts = parts
        self.extra = list(extra)
        self.sep = Text(sep, style=style or "dim")

    def __str__(self) -> str:
        """Every part on one line, as plain text."""
        return self.sep.plain.join(p.plain for p in [*self.parts, *self.extra])

    def lines(self, width: int) -> list[Text]:
        lines = _lay_out(self.parts, width, self.sep)
        for part in self.extra:
            if not lines:
                lines.append(part.copy())
            elif lines[-1].cell_len + self.sep.cell_len + part.cell_len <= width:
                lines[-1] = Text.assemble(lines[-1], self.sep, part)
            else:
                break
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines(options.max_width)
        text = Text("\n").join(lines)
        text.no_wrap = False  # (a part wider than the screen wraps at its spaces)
        text.overflow = "fold"
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((p.cell_len for p in [*self.parts, *self.extra]), default=0)
        total = sum(p.cell_len + self.sep.cell_len for p in self.parts)
        return Measurement(min(widest, options.max_width), min(total, options.max_width))


class Window:
    """A list of entries after a ``head``, on at most ``rows`` lines, wrapped between
    entries: when they do not all fit, the window keeps the last entries (``from_start``
    False: what was added last) or the entries from ``start`` on (``from_start``: what comes
    next), whole, and says how many it leaves out before (``earlier``: the word for them)
    and after."""

    def __init__(
        self, head: Text, entries: list[Text], *, rows: int = 2, start: int = 0,
        from_start: bool = False, earlier: str = "earlier", sep: str = SEP,
        after: Text | None = None,
    ) -> None:
        self.head, self.entries, self.rows = head, entries, rows
        self.start, self.from_start, self.earlier = start, from_start, earlier
        self.sep = Text(sep)
        self.after = after  # a line of its own after the entries

    def __str__(self) -> str:
        """Every entry on one line, as plain text."""
        text = self.head.plain + self.sep.plain.join(e.plain for e in self.entries)
        return text + ("\n" + self.after.plain if self.after else "")

    def _lines(self, first: int, last: int, width: int) -> list[Text]:
        lead = self.head.copy()
        if first:
            lead.append(f"({first} {self.earlier}) ", style="dim")
        shown = self.entries[first:last]
        if last < len(self.entries):
            shown = [*shown, Text(f"+{len(self.entries) - last} more", style="dim")]
        return _lay_out(shown, width, self.sep, lead)

    def lines(self, width: int) -> list[Text]:
        n = len(self.entries)
        if self.from_start:
            windows = [(self.start, last) for last in range(n, self.start, -1)]
        else:
            windows = [(first, n) for first in range(self.start, n)]
        for first, last in windows:
            lines = self._lines(first, last, width)
            if len(lines) <= self.rows and all(line.cell_len <= width for line in lines):
                return lines
        # Not even one entry fits: the last one (or the one at ``start``), wrapped.
        first = self.start if self.from_start else max(self.start, n - 1)
        return self._lines(first, min(first + 1, n), width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines(options.max_width)
        text = Text("\n").join([*lines, self.after] if self.after else lines)
        text.no_wrap = False
        text.overflow = "fold"
        yield text
