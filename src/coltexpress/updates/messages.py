"""The messages a viewer receives, built for that viewer: its view, the words for it
(``captions``), the events it may see, and the steps of a move (docs/protocol.md).

A move that resolves several cards, an event or the end of a round is cut into steps
(``apply_frames``): each step carries the viewer's view at that moment, its captions, how
many of the update's events belong to it and the card it turns over, so a browser can play
the Stealin' (or Shootin') phase card by card. The words and the card come from the table's
game (``kinds.TableGame``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..words.common import SPECTATOR, Reader

# The table's game (``server.kinds.TableGame``): this package imports nothing of the server
# (see the package).
TableGame = Any

# Any game of the package: its events and frames share their shape (kind, data, seat; the
# events, the state, final, view(seat)).
Event = Any
Frame = Any
Game = Any

__all__ = [
    "Said", "away_moves", "event_dict", "log_lines", "reader_of", "steps_update",
    "update_fields", "visible",
]


def event_dict(event: Event, reader: Reader = SPECTATOR) -> dict[str, Any]:
    return {**event.data, "kind": event.kind, "text": event.text(reader)}


def reader_of(view: dict[str, Any]) -> Reader:
    """Who reads a view's events: the seat's own bandits are "you" (the spectator: nobody).
    A Colt Express player lists its bandits, a Colt Super Express player its bandit."""
    seat = view.get("seat")
    if seat is None:
        return SPECTATOR
    player = view["players"][seat]
    return Reader(seat, tuple(player.get("bandits") or [player["bandit"]]))


def log_lines(events: list[Event], view: dict[str, Any]) -> list[str]:
    """The story so far as the view's seat reads it (its own events, and the public ones)."""
    reader = reader_of(view)
    return [e.text(reader) for e in events if visible(e, reader.seat)]


def visible(event: Event, seat: int | None) -> bool:
    return event.seat is None or event.seat == seat


@dataclass
class Said:
    """What every viewer's update of one move shares, built for the first and kept for
    the others: each event as a dict (by the event's identity), each step's card, and,
    when the move's viewers are given (``seats``), the views of each moment, built for all
    of them at once (``views``: the public part built once)."""

    seats: tuple[int | None, ...] = ()
    events: dict[int, dict[str, Any]] = field(default_factory=dict)
    mine: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    cards: dict[int, dict[str, Any] | None] = field(default_factory=dict)
    views: dict[int, dict[int | None, dict[str, Any]]] = field(default_factory=dict)
    # the public view of the last moment built (``views``; at first, the table's last
    # moment, if known): the next moment's parts equal to its parts are its objects
    # (``engine.views.share``), so what did not change is the same object from moment to
    # moment, and the viewers' words and patches compare it at once
    public: dict[str, Any] | None = None
    public_game: Game | None = None  # the game of ``public``'s moment
    # the first viewer's moments of the move (by frame index; the spectator's when one
    # watches): view and captions, whose parts the other viewers' captions share where
    # their views' parts are equal
    watched: dict[int, tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=dict)

    def event(self, event: Event, reader: Reader = SPECTATOR) -> dict[str, Any]:
        """The event as ``reader`` reads it: the spectator's words, kept for every viewer,
        unless it is about the reader's own bandit ("you"; kept for that seat)."""
        said = self.events.get(id(event))
        if said is None:  # a private event is said to its one reader
            said = self.events[id(event)] = event_dict(
                event, reader if event.seat is not None else SPECTATOR
            )
        if event.seat is not None or reader.seat is None or not reader.concerns(event.data):
            return said
        key = (id(event), reader.seat)
        mine = self.mine.get(key)
        if mine is None:
            text = event.text(reader)
            mine = self.mine[key] = said if text == said["text"] else {**said, "text": text}
        return mine

    def view(
        self, source: Frame | Game, seat: int | None, *, moment: bool = True
    ) -> dict[str, Any]:
        """``source.view(seat)``; a frame's or a game's (by its identity) views of all the
        move's viewers are built together (``views``) on the first call and kept. The
        frames of a move are asked for in order (``moment``; not the round's start), each
        sharing what it has alike with the one before (``public``)."""
        if seat not in self.seats:
            alone: dict[str, Any] = source.view(seat)
            return alone
        views = self.views.get(id(source))
        if views is None:
            if not moment:
                views = source.views(self.seats)
            else:
                seats = self.seats if None in self.seats else (*self.seats, None)
                views = source.views(seats, self.public, self.public_game)
                self.public = views[None]
                self.public_game = getattr(source, "state", source)  # a frame's, a game
            self.views[id(source)] = views
        return views[seat]


def _part(
    kind: TableGame,
    frame: Frame,
    seat: int | None,
    card: dict[str, Any] | None,
    round_start: dict[str, Any] | None,
    earlier: list[Event],
    said: Said,
    like: list[tuple[dict[str, Any], dict[str, Any]]],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One frame for one viewer: the step (without its kind's extras) and its events
    (``earlier``: the move's events before this frame, those the viewer may see; ``like``:
    moments whose captions this one's may share, ``kinds.TableGame.captions``)."""
    view = said.view(frame, seat)
    caps = kind.captions(view, like)
    if frame.kind == "round-end" and round_start is not None:
        closing = [e for e in frame.events if visible(e, seat)]
        summary = kind.round_summary(round_start, view, earlier, closing)
        if summary is not None:
            caps["summary"] = summary
    reader = reader_of(view)
    events = [said.event(e, reader) for e in frame.events if visible(e, seat)]
    step = {"kind": frame.kind, "view": view, "captions": caps, "count": len(events)}
    step["card"] = card
    return step, events


def steps_update(
    kind: TableGame,
    seat: int | None,
    frames: list[Frame],
    *,
    before: Game,
    round_start: Game | None,
    said: Said | None = None,
    seen: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The fields of an ``update`` for one viewer: ``steps`` (the frames before the last),
    then ``view``, ``captions``, ``kind`` and ``card`` of the last, and every visible event.
    ``before`` is the game before the move; ``round_start`` the game as the round that may
    end in this move was dealt (for the round summary); ``said``: what the updates of the
    other viewers of this move built already (the same frames); ``seen``: the viewer's view
    and captions before the move, if known (its words may be shared)."""
    said = Said() if said is None else said
    start = None
    if round_start is not None and any(f.kind == "round-end" for f in frames):
        start = said.view(round_start, seat, moment=False)
    steps: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    last: dict[str, Any] = {}
    earlier: list[Event] = []
    last_seen = [] if seen is None else [(seen["view"], seen["captions"])]
    for i, frame in enumerate(frames):
        if i not in said.cards:
            said.cards[i] = kind.step_card(frame.events, before if i == 0 else None)
        watched = said.watched.get(i)
        like = last_seen if watched is None else [watched, *last_seen]
        step, shown = _part(kind, frame, seat, said.cards[i], start, earlier, said, like)
        if watched is None:
            said.watched[i] = (step["view"], step["captions"])
        last_seen = [(step["view"], step["captions"])]
        earlier += [e for e in frame.events if visible(e, seat)]
        events += shown
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


def update_fields(
    kind: TableGame,
    game: Game,
    seat: int | None,
    frames: list[Frame] | None,
    before: Game | None,
    round_start: Game | None,
    said: Said | None = None,
    seen: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The fields of an ``update`` for one viewer after the table changed: a move's
    (``frames``, from ``before``; see ``steps_update``; ``seen``: what the viewer saw
    before it, if known), or, with no frames, ``game`` as it stands with no events (the
    host started the game)."""
    if frames and before is not None:
        return steps_update(kind, seat, frames, before=before, round_start=round_start,
                            said=said, seen=seen)
    view = game.view(seat)
    return {
        "view": view,
        "captions": kind.captions(view),
        "kind": "play",
        "card": None,
        "events": [],
        "steps": [],
    }


def away_moves(
    kind: TableGame,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    seat: int,
    run: list[int],
) -> list[str]:
    """The moves a bot made for ``seat`` (their numbers in ``run``), as labels from the
    seat's own view when each was made."""
    wanted = set(run)
    game = kind.new(options, seed)
    out = []
    for idx, action in enumerate(actions):
        if idx > max(wanted, default=-1):
            break
        if idx in wanted:
            out.append(kind.label(action, game.view(seat)))
        game.apply(action)
    return out
