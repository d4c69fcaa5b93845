"""Saved games: one format for every command.

A saved game is a game record (``Game.record()``: options, seed, actions, rules version),
with, for a game played at the terminal, its ``seats`` (who is human, each bot's level) and,
for a tournament game, its ``agents``. ``colt play --resume``, ``colt replay`` (board and
text) and the tournament's saves all read and write this one format; the earlier terminal
save (``coltexpress-save/1``: the record inside, the seats beside it) is still read, and so
is a record of another game of the package that names its game but no format (Colt Super
Express's ``SuperGame.record()``).

>>> from coltexpress import Game, Options
>>> game = Game.new(Options.preset("standard", players=3), seed=1)
>>> data = with_seats(game.record(), humans=(0,), bots={1: "easy", 2: "hard"})
>>> seats(data)
((0,), {1: 'easy', 2: 'hard'})
>>> normalize(data)["format"]
'coltexpress-record'
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .games import DEFAULT_GAME, GAMES

__all__ = ["LEGACY_SAVE", "SaveError", "normalize", "read", "seats", "with_seats", "write"]

LEGACY_SAVE = "coltexpress-save/1"
RECORD_FORMAT = "coltexpress-record"


class SaveError(ValueError):
    """A file that cannot be read or does not hold a saved game."""


def normalize(data: Any) -> dict[str, Any]:
    """The record in any saved game (raises SaveError for anything else)."""
    if not isinstance(data, dict):
        raise SaveError("a saved game is a JSON object")
    if data.get("format") == LEGACY_SAVE:
        record = data.get("record")
        if not isinstance(record, dict):
            raise SaveError("the save holds no game record")
        humans, bots = data.get("humans", []), data.get("bots", {})
        return {**record, "seats": {"humans": humans, "bots": bots}}
    game = data.get("game")
    if "format" not in data and isinstance(game, str) and game in GAMES and game != DEFAULT_GAME:
        return {**data, "format": RECORD_FORMAT}  # a record that names its game
    if data.get("format") != RECORD_FORMAT:
        raise SaveError(
            f"not a saved game (format {data.get('format')!r}; expected {RECORD_FORMAT!r})"
        )
    return data


def seats(data: dict[str, Any]) -> tuple[tuple[int, ...], dict[int, str]] | None:
    """The human seats and bot levels of a game played at the terminal, if it says so."""
    info = normalize(data).get("seats")
    if info is None:
        return None
    try:
        humans = tuple(int(h) for h in info["humans"])
        bots = {int(k): str(v) for k, v in info["bots"].items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"the save's seats are malformed: {exc!r}") from None
    return humans, bots


def with_seats(
    record: dict[str, Any], *, humans: tuple[int, ...], bots: dict[int, str]
) -> dict[str, Any]:
    """A record that also says who plays each seat (and the format of every save)."""
    return {
        "format": RECORD_FORMAT,
        **record,
        "seats": {"humans": list(humans), "bots": {str(k): v for k, v in sorted(bots.items())}},
    }


def read(path: str | Path) -> dict[str, Any]:
    """Read a saved game from a file (raises SaveError with the reason)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"cannot read {path}: {exc}") from None
    return normalize(data)


def write(path: str | Path, data: dict[str, Any]) -> Path:
    """Write a saved game atomically: a crash never leaves half a file."""
    path = Path(path)
    text = json.dumps(data, indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=".colt-", suffix=".json", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
