"""Cutting a move into frames, for either game of the package (``Game.apply_frames``,
``SuperGame.apply_frames``): while the move is applied the game notes, in its ``frames``
list, the number of events so far and a copy of itself at each moment a front end should
show; the events are then cut at those marks.

>>> cut([1, 2, 3], [(0, "dealt"), (1, "revealed"), (1, "again")], "now", lambda *f: f)
[([1], 'revealed', False), ([2, 3], 'now', True)]

A game marks the moment before each event of its frame kinds, so the number of frames is
known from the events alone (a server that only counts them copies nothing):

>>> count(["play", "reveal", "play", "reveal"], {"reveal"})
3
>>> count(["reveal", "play"], {"reveal"})
1
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from itertools import islice
from typing import Any, TypeVar

__all__ = ["apply_in_frames", "count", "cut"]

E = TypeVar("E")
S = TypeVar("S")
F = TypeVar("F")


def cut(
    events: list[E], marks: list[tuple[int, S]], now: S, frame: Callable[[list[E], S, bool], F]
) -> list[F]:
    """The frames of a move: the events before each mark with the state at that mark (a
    mark with no new events makes no frame), then the rest with ``now``, marked final."""
    frames = []
    start = 0
    for index, state in marks:
        if index > start:
            frames.append(frame(events[start:index], state, False))
            start = index
    frames.append(frame(events[start:], now, True))
    return frames


def apply_in_frames(
    game: Any, action: Any, frame: Callable[[list[Any], Any, bool], F], *, own: bool = False
) -> list[F]:
    """Apply ``action`` to ``game`` while it notes its marks, then cut the events there;
    the last frame holds a copy of ``game`` as it now stands, or (``own``: its caller
    changes it no more) ``game`` itself."""
    game.frames = []
    try:
        events = game.apply(action)
        marks = game.frames
    finally:
        game.frames = None
    return cut(events, marks, game if own else game.clone(), frame)


def count(kinds_of_events: Iterable[str], frame_kinds: Container[str]) -> int:
    """How many frames ``apply_in_frames`` cuts a move's events into, from their kinds: one,
    and one more for each event of ``frame_kinds`` but the first event (a mark before the
    first event makes no frame)."""
    return 1 + sum(kind in frame_kinds for kind in islice(kinds_of_events, 1, None))
