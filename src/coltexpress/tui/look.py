"""The look shared by every game's board: each character's colour, a figure's name."""

from __future__ import annotations

from rich.text import Text

from .. import describe
from ..engine import names

__all__ = ["COLOURS", "MARSHAL", "bandit_text", "colour"]

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


def colour(name: str) -> str:
    return COLOURS.get(name, "white")


def bandit_text(name: str, *, bold: bool = False, short: bool = False) -> Text:
    """A figure's name in its colour; the Marshal's figure (Marshal & Prisoners) is starred."""
    style = colour(name) + (" bold" if bold else "")
    if name == MARSHAL:
        return Text("★Mar" if short else "★ " + describe.figure_name(name), style=style)
    label = names.bandit(name)
    return Text(label[:3] if short else label, style=style)
