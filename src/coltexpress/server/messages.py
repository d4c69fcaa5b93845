"""The messages a viewer receives, built for that viewer: its view, the words for it
(``captions``), the events it may see, and the steps of a move (docs/protocol.md).

A move that resolves several pile cards, an event or the end of a round is cut into steps
(``Game.apply_frames``): each step carries the viewer's view at that moment, its captions,
how many of the update's events belong to it and the pile card it resolves, so a browser can
play the Stealin' phase card by card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import describe
from ..engine.game import Game
from ..engine.options import Options
from . import words

if TYPE_CHECKING:
    from ..engine.event import Event
    from ..engine.game import Frame

__all__ = ["away_moves", "event_dict", "steps_update", "visible"]


def event_dict(event: Event) -> dict[str, Any]:
    return {**event.data, "kind": event.kind, "text": event.text()}


def visible(event: Event, seat: int | None) -> bool:
    return event.seat is None or event.seat == seat


def _part(
    frame: Frame,
    seat: int | None,
    card: dict[str, Any] | None,
    round_start: dict[str, Any] | None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One frame for one viewer: the step (without its kind's extras) and its events."""
    view = frame.view(seat)
    caps = words.captions(view)
    if frame.kind == "round-end" and round_start is not None:
        caps["summary"] = describe.round_summary(round_start, view)
    events = [event_dict(e) for e in frame.events if visible(e, seat)]
    step = {"kind": frame.kind, "view": view, "captions": caps, "count": len(events)}
    step["card"] = card
    return step, events


def steps_update(
    seat: int | None,
    frames: list[Frame],
    *,
    before: Game,
    round_start: Game | None,
) -> dict[str, Any]:
    """The fields of an ``update`` for one viewer: ``steps`` (the frames before the last),
    then ``view``, ``captions``, ``kind`` and ``card`` of the last, and every visible event.
    ``before`` is the game before the move; ``round_start`` the game as the round that may
    end in this move was dealt (for the round summary)."""
    start = None
    if round_start is not None and any(f.kind == "round-end" for f in frames):
        start = round_start.view(seat)
    steps: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    last: dict[str, Any] = {}
    for i, frame in enumerate(frames):
        card = words.pile_card(frame.events, before if i == 0 else None)
        step, seen = _part(frame, seat, card, start)
        events += seen
        if frame.final:
            last = step
        else:
            steps.append(step)
    return {
        "view": last["view"],
        "captions": last["captions"],
        "kind": last["kind"],
        "card": last["card"],
        "events": events,
        "steps": steps,
    }


def away_moves(
    options: dict[str, Any], seed: int, actions: list[str], seat: int, run: list[int]
) -> list[str]:
    """The moves a bot made for ``seat`` (their numbers in ``run``), as labels from the
    seat's own view when each was made."""
    wanted = set(run)
    game = Game.new(Options.from_dict(options), seed=seed)
    out = []
    for idx, action in enumerate(actions):
        if idx > max(wanted, default=-1):
            break
        if idx in wanted:
            out.append(describe.label(action, game.view(seat)))
        game.apply(action)
    return out
