"""Colt Super Express: the state, the rules and the engine contract.

The train is a line of cards: the locomotive is car 0, the caboose car ``last``; each round
the caboose comes off. A floor (inside or roof) of a car holds its figures in order, from
the locomotive's side (index 0) to the caboose's; a bandit faces the locomotive (-1) or the
caboose (+1). Each round every player programs 3 of his cards face down (one decision per
card); then, from the first player clockwise, each reveals and carries out his top card,
three times round. The Shootin' phase needs no decision: it runs on its own.

>>> from coltexpress.superexpress import SuperGame, SuperOptions
>>> g = SuperGame.new(SuperOptions(players=3, characters=("belle", "doc", "tuco")), seed=2)
>>> g.last, [g.car_of(s) for s in range(3)]
(4, [1, 3, 2])
>>> for _ in range(9):
...     _ = g.apply("program " + g.legal_actions()[0].kind)
>>> g.round_no
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..engine.content import CHARACTERS
from ..engine.errors import GameOverError, IllegalActionError, NotationError, RecordError
from ..engine.pickling import Pickled
from ..engine.rng import below, given_outcome, seed_state
from .actions import (
    FIRE,
    FLIP,
    FLOOR,
    HORSE,
    KINDS,
    MOVE,
    REFLEX,
    SUPER_ACTIONS,
    SuperAction,
    parse_super_action,
    super_action_id,
)
from .options import SuperOptions

if TYPE_CHECKING:
    from ..words.common import Reader

__all__ = ["SUPER_RULES_VERSION", "SuperDecision", "SuperEvent", "SuperGame", "SuperPending"]

SUPER_RULES_VERSION: Final = "super-1"
GAME_NAME: Final = "super-express"
PROGRAMMED: Final = 3  # cards programmed each round
TO_LOCO, TO_CABOOSE = -1, 1


class SuperDecision(StrEnum):
    PROGRAM = "program"  # the next card of the seat's programming stack
    OVER = "over"


@dataclass(frozen=True, slots=True)
class SuperPending(Pickled):
    decision: SuperDecision
    seat: int | None
    bandit: str | None = None


class SuperEvent(NamedTuple):
    """Something that happened. ``seat`` None: everyone sees it; otherwise only that seat."""

    kind: str
    data: dict[str, Any]
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}

    def text(self, reader: Reader | None = None) -> str:
        """The event as a plain sentence, for ``reader`` (its own bandit said "you"), by
        default for the spectator."""
        from ..words import SPECTATOR
        from ..words.super_express import describe

        return describe(self, reader or SPECTATOR)


# Public events before which a front end may show the game as it stands.
FRAME_KINDS: Final = frozenset({"shootin", "reveal", "round-end", "game-over"})


class SuperGame:
    """A game of Colt Super Express: the full state, with the engine contract as methods."""

    game_name = GAME_NAME

    __slots__ = (
        "options", "seed", "n_players", "chars", "rng", "chance", "last", "floors", "facing",
        "stunned", "out", "out_round", "falling", "hand", "stack", "revealed", "loot",
        "round_no", "first", "phase", "actor", "step", "history", "events", "quiet",
        "frames", "winners", "legal",
    )

    options: SuperOptions
    seed: int
    n_players: int
    chars: tuple[str, ...]
    rng: int
    chance: list[int] | None  # outcomes given in place of the generator's (``Game.chance``)
    last: int  # the caboose's car number (0: only the locomotive is left)
    floors: list[list[int]]  # per space 2 * car + roof: seats, locomotive side first
    facing: list[int]  # per seat: -1 toward the locomotive, +1 toward the caboose
    stunned: list[bool]
    out: list[bool]  # eliminated for good
    out_round: list[int]  # the round a seat was eliminated in (1-based), or 0
    falling: list[bool]  # ejected this round, a card still to reveal (the Horse extension)
    hand: list[list[int]]  # card kinds not programmed (set aside once 3 are)
    stack: list[list[int]]  # programmed and not yet revealed, the top first
    revealed: list[list[int]]  # revealed this round, in order
    loot: list[list[int]]  # Loot cards won: the car numbers
    round_no: int  # 0-based
    first: int
    phase: int  # 0 programming, 1 over
    actor: int
    step: int  # Shootin' progress (for views): cards revealed this round
    history: list[int]
    events: list[SuperEvent] | None
    quiet: bool
    frames: list[tuple[int, SuperGame]] | None
    winners: list[int]
    legal: tuple[int, ...] | None

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, options: SuperOptions | None = None, *, seed: int = 0,
            chance: list[int] | None = None) -> SuperGame:
        """Set up: one car per player plus one behind the locomotive; a random bandit
        figure in the penultimate car (his player is the first), the next players' toward
        the locomotive; the rear half (rounded up) facing the locomotive."""
        g = cls()
        options = options if options is not None else SuperOptions()
        g.options = options
        g.seed = seed
        g.rng = seed_state(seed)
        g.chance = None if chance is None else list(chance)
        n = g.n_players = options.players
        if options.characters is not None:
            g.chars = tuple(options.characters)
        else:
            pool = list(CHARACTERS)
            chosen = []
            for _ in range(n):
                chosen.append(pool.pop(g._below(len(pool))))
            g.chars = tuple(chosen)
        g.last = n + 1
        g.floors = [[] for _ in range(2 * (g.last + 1))]
        g.first = g._below(n)
        g.facing = [TO_CABOOSE] * n
        for i in range(n):
            seat = (g.first + i) % n
            g.floors[2 * (g.last - 1 - i)].append(seat)
            if i < (n + 1) // 2:
                g.facing[seat] = TO_LOCO
        g.stunned = [False] * n
        g.out = [False] * n
        g.out_round = [0] * n
        g.falling = [False] * n
        g.hand = [[] for _ in range(n)]
        g.stack = [[] for _ in range(n)]
        g.revealed = [[] for _ in range(n)]
        g.loot = [[] for _ in range(n)]
        g.round_no = 0
        g.phase = 0
        g.actor = g.first
        g.step = 0
        g.history = []
        g.events = []
        g.quiet = False
        g.frames = None
        g.winners = []
        g.legal = None
        g._begin_round()
        return g

    def clone(self) -> SuperGame:
        o = SuperGame()
        o.options, o.seed = self.options, self.seed
        o.n_players, o.chars = self.n_players, self.chars
        o.rng, o.last = self.rng, self.last
        o.chance = None if self.chance is None else self.chance[:]
        o.floors = [f[:] for f in self.floors]
        o.facing, o.stunned, o.out = self.facing[:], self.stunned[:], self.out[:]
        o.out_round, o.falling = self.out_round[:], self.falling[:]
        o.hand = [h[:] for h in self.hand]
        o.stack = [s[:] for s in self.stack]
        o.revealed = [r[:] for r in self.revealed]
        o.loot = [x[:] for x in self.loot]
        o.round_no, o.first, o.phase, o.actor, o.step = (
            self.round_no, self.first, self.phase, self.actor, self.step)
        o.history = self.history[:]
        o.events = []
        o.quiet = self.quiet
        o.frames = None
        o.winners = self.winners[:]
        o.legal = self.legal
        return o

    # ------------------------------------------------------------------ the contract

    @property
    def pending(self) -> SuperPending:
        if self.phase == 1:
            return SuperPending(SuperDecision.OVER, None)
        return SuperPending(SuperDecision.PROGRAM, self.actor, self.chars[self.actor])

    @property
    def is_over(self) -> bool:
        return self.phase == 1

    @property
    def current_seat(self) -> int | None:
        return None if self.phase == 1 else self.actor

    def legal_ids(self) -> tuple[int, ...]:
        if self.phase == 1:
            return ()
        if self.legal is None:
            self.legal = tuple(sorted(set(self.hand[self.actor])))
        return self.legal

    def legal_actions(self) -> list[SuperAction]:
        return [SUPER_ACTIONS[i] for i in self.legal_ids()]

    def is_legal(self, action: SuperAction | str) -> bool:
        try:
            return self._to_id(action) in self.legal_ids()
        except NotationError:
            return False

    def apply(self, action: SuperAction | str) -> list[SuperEvent]:
        """Play an action (or its notation) for the pending seat; the state is unchanged on
        a NotationError or IllegalActionError."""
        return self.apply_id(self._to_id(action))

    def apply_id(self, index: int) -> list[SuperEvent]:
        if self.phase == 1:
            raise GameOverError(f"the game is over; {_action_text(index)} cannot be played")
        if index not in self.legal_ids():
            options = ", ".join(str(a) for a in self.legal_actions())
            raise IllegalActionError(
                f"{_action_text(index)} is not legal now: round {self.round_no + 1}, seat "
                f"{self.actor} ({self.chars[self.actor]}) must decide 'program' (card "
                f"{len(self.stack[self.actor]) + 1} of {PROGRAMMED}); legal: {options}"
            )
        events: list[SuperEvent] = []
        self.events = None if self.quiet else events
        self.history.append(index)
        self.legal = None
        self._program(index)
        return events

    def apply_frames(self, action: SuperAction | str, *, own: bool = False) -> list[SuperFrame]:
        """Like :meth:`apply`, cut into frames before each card revealed, each end of round
        and the end of the game, each with the game as it stood then (the last: a copy of
        this game, or, ``own``, this game, which will not change again)."""
        from ..engine.frames import apply_in_frames

        return apply_in_frames(self, action, SuperFrame, own=own)

    @staticmethod
    def frame_count(events: list[SuperEvent]) -> int:
        """How many frames :meth:`apply_frames` would have cut these events into."""
        from ..engine.frames import count

        return count((e.kind for e in events), FRAME_KINDS)

    def _to_id(self, action: SuperAction | str) -> int:
        if isinstance(action, str):
            action = parse_super_action(action)
        return super_action_id(action)

    # ------------------------------------------------------------------ views and records

    def view(self, seat: object = None) -> dict[str, Any]:
        from .views import build_view

        return build_view(self, seat)

    def views(
        self, seats: tuple[int | None, ...], like: dict[str, Any] | None = None,
        like_game: SuperGame | None = None,
    ) -> dict[int | None, dict[str, Any]]:
        """The views of several seats, as ``view`` gives each, built together: they share
        what they show alike (the same objects, not to be changed); ``like``: the public
        view of an earlier moment, whose parts they keep where they are equal (its game,
        ``like_game``, is not needed here)."""
        from .views import build_views

        return build_views(self, seats, like=like)

    def determinize(self, seat: int | None, rng: random.Random) -> SuperGame:
        from .views import determinize

        return determinize(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        from .views import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> SuperGame:
        from .views import state_from_json

        return state_from_json(data)

    def record(self) -> dict[str, Any]:
        return {
            "game": GAME_NAME,
            "rules_version": SUPER_RULES_VERSION,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "actions": [str(SUPER_ACTIONS[i]) for i in self.history],
        }

    @classmethod
    def replay(cls, record: object) -> SuperGame:
        from .views import replay_record

        return replay_record(record)

    def result(self) -> dict[str, Any]:
        """Per seat: Loot cards, the best of them, the round eliminated in; the winners."""
        from .views import score

        return score(self)

    # ------------------------------------------------------------------ helpers

    def car_of(self, seat: int) -> int | None:
        space = self.space_of(seat)
        return None if space is None else space >> 1

    def space_of(self, seat: int) -> int | None:
        for space, figures in enumerate(self.floors):
            if seat in figures:
                return space
        return None

    def aboard(self) -> list[int]:
        return [s for s in range(self.n_players) if self.space_of(s) is not None]

    def cards_of(self, seat: int) -> list[int]:
        """The card kinds a player holds (by kind code)."""
        return [KINDS.index(k) for k in self.options.card_kinds]

    def _below(self, n: int) -> int:
        """A draw of ``range(n)``: the generator's, or the next chance outcome given."""
        if self.chance is not None:
            return given_outcome(self.chance, n)
        self.rng, value = below(self.rng, n)
        return value

    def _emit(self, kind: str, private_to: int | None = None, /, **data: Any) -> None:
        events = self.events  # (a name no event's data uses: see engine.flow.emit)
        if events is not None:
            if self.frames is not None and kind in FRAME_KINDS:
                self.frames.append((len(events), self.clone()))
            events.append(SuperEvent(kind, data, private_to))

    def __repr__(self) -> str:
        return (f"<SuperGame {self.n_players}p round {self.round_no + 1} "
                f"{self.pending.decision} seat={self.pending.seat}>")

    # ------------------------------------------------------------------ rounds

    def _begin_round(self) -> None:
        """Every player still in takes back his cards; the first player programs first."""
        cards = self.cards_of(0)
        for s in range(self.n_players):
            self.revealed[s] = []
            self.stack[s] = []
            self.hand[s] = [] if self.out[s] else cards[:]
        self.step = 0
        self._emit("round", None, round=self.round_no + 1, first=self.first,
                   bandit=self.chars[self.first], cars=self.last)
        self.actor = self.first
        self.phase = 0

    def _program(self, index: int) -> None:
        seat = self.actor
        self.hand[seat].remove(index)
        self.stack[seat].append(index)
        self._emit("program", None, seat=seat, bandit=self.chars[seat],
                   count=len(self.stack[seat]))
        self._emit("program-private", seat, card=KINDS[index], count=len(self.stack[seat]))
        if len(self.stack[seat]) < PROGRAMMED:
            return
        nxt = self._next_seat(seat)
        if nxt != self.first:
            self.actor = nxt
            return
        self._shootin()

    def _next_seat(self, seat: int) -> int:
        for i in range(1, self.n_players + 1):
            s = (seat + i) % self.n_players
            if not self.out[s] or s == self.first:
                return s
        return seat  # pragma: no cover - the first player is always still in

    def _shootin(self) -> None:
        """From the first player clockwise, each reveals and carries out his top card,
        one card at a time, until all are resolved."""
        self._emit("shootin", None, round=self.round_no + 1)
        order = [(self.first + i) % self.n_players for i in range(self.n_players)]
        for _ in range(PROGRAMMED):
            for seat in order:
                if self.out[seat] or not self.stack[seat]:
                    continue
                card = self.stack[seat][0]
                # (the moment before the event still shows the card face down)
                self._emit("reveal", None, seat=seat, bandit=self.chars[seat], card=KINDS[card])
                self.stack[seat].pop(0)
                self.revealed[seat].append(card)
                self.step += 1
                self._resolve(seat, card)
                if self._check_end():
                    return
        self._end_round()

    def _resolve(self, seat: int, card: int) -> None:
        if self.falling[seat]:
            self.falling[seat] = False
            if card == HORSE:
                self._horse(seat)
                self._emit("saved", None, bandit=self.chars[seat])
            else:
                self._eliminate(seat, reason="fell")
            return
        if self.stunned[seat] and card != REFLEX:
            self.stunned[seat] = False
            self._emit("wake", None, bandit=self.chars[seat], card=KINDS[card])
            return
        if card == FLIP:
            self.facing[seat] = -self.facing[seat]
            self._emit("flip", None, bandit=self.chars[seat], facing=_facing(self.facing[seat]))
        elif card == FLOOR:
            self._change_floor(seat)
        elif card == MOVE:
            self._move(seat)
        elif card == FIRE:
            self._fire(seat)
        elif card == REFLEX:
            if self.stunned[seat]:
                self.stunned[seat] = False
                self._emit("wake", None, bandit=self.chars[seat], card=KINDS[card])
                self._fire(seat)
            else:
                self.stunned[seat] = True
                self._emit("lie-down", None, bandit=self.chars[seat])
        else:
            self._horse(seat)

    # ------------------------------------------------------------------ actions

    def _place(self, seat: int, space: int, *, front: bool) -> None:
        """Put a figure on a floor: at its locomotive end (``front``) or its caboose end."""
        if front:
            self.floors[space].insert(0, seat)
        else:
            self.floors[space].append(seat)

    def _take(self, seat: int) -> int:
        space = self.space_of(seat)
        assert space is not None
        self.floors[space].remove(seat)
        return space

    def _change_floor(self, seat: int) -> None:
        """The other floor of the same car, back against the card's edge."""
        space = self._take(seat) ^ 1
        self._place(seat, space, front=self.facing[seat] == TO_CABOOSE)
        self._emit("floor", None, bandit=self.chars[seat], car=space >> 1, roof=bool(space & 1),
                   cars=self.last)

    def _move(self, seat: int) -> None:
        """To the next car the gun points to, on the same floor, entering from the side one
        came in by; off the train, the bandit is ejected."""
        space = self._take(seat)
        car = (space >> 1) + self.facing[seat]
        if not 0 <= car <= self.last:
            self._emit("move-off", None, bandit=self.chars[seat])
            self._eject(seat)
            return
        new = 2 * car + (space & 1)
        self._place(seat, new, front=self.facing[seat] == TO_CABOOSE)
        self._emit("move", None, bandit=self.chars[seat], car=car, roof=bool(space & 1),
                   cars=self.last)

    def line_of_sight(self, seat: int) -> list[int]:
        """The bandits in front of the shooter, on his floor, nearest first."""
        space = self.space_of(seat)
        if space is None:
            return []
        d = self.facing[seat]
        roof = space & 1
        here = self.floors[space]
        i = here.index(seat)
        out = list(here[i + 1:]) if d == TO_CABOOSE else list(reversed(here[:i]))
        car = (space >> 1) + d
        while 0 <= car <= self.last:
            figures = self.floors[2 * car + roof]
            out += figures if d == TO_CABOOSE else list(reversed(figures))
            car += d
        return out

    def target_of(self, seat: int) -> int | None:
        """Whom a Fire hits: the first bandit in the line of sight who is standing (a
        stunned one lets the bullet fly by; with ``stunned_blocks`` he stops it)."""
        for t in self.line_of_sight(seat):
            if not self.stunned[t]:
                return t
            if self.options.stunned_blocks:
                return None
        return None

    def _fire(self, seat: int) -> None:
        """The target goes to the next car the shot points to, same floor, stunned, not
        turned; out of the train, he is ejected."""
        target = self.target_of(seat)
        if target is None:
            self._emit("miss", None, bandit=self.chars[seat])
            return
        d = self.facing[seat]
        space = self._take(target)
        car = (space >> 1) + d
        self._emit("fire", None, bandit=self.chars[seat], target=self.chars[target])
        if not 0 <= car <= self.last:
            self._emit("shot-off", None, bandit=self.chars[target])
            self.stunned[target] = False
            self._eject(target)
            return
        new = 2 * car + (space & 1)
        self._place(target, new, front=d == TO_CABOOSE)
        self.stunned[target] = True
        self._emit("stunned", None, bandit=self.chars[target], car=car, roof=bool(space & 1),
                   cars=self.last)

    def _horse(self, seat: int) -> None:
        """Inside the locomotive, facing forward, at its forwardmost spot."""
        if self.space_of(seat) is not None:
            self._take(seat)
        self.facing[seat] = TO_LOCO
        self.stunned[seat] = False
        self._place(seat, 0, front=True)
        self._emit("horse", None, bandit=self.chars[seat])

    def _eject(self, seat: int) -> None:
        """Off the train: with the Horse extension a bandit with a card still to reveal
        this round falls (his next card may be a Horse); otherwise he is out."""
        if self.options.horse and self.stack[seat]:
            self.falling[seat] = True
            self._emit("falling", None, bandit=self.chars[seat])
            return
        self._eliminate(seat, reason="ejected")

    def _eliminate(self, seat: int, *, reason: str) -> None:
        space = self.space_of(seat)
        if space is not None:
            self.floors[space].remove(seat)
        self.out[seat] = True
        self.falling[seat] = False
        self.stunned[seat] = False
        self.out_round[seat] = self.round_no + 1
        self.stack[seat] = []
        self._emit("eliminated", None, bandit=self.chars[seat], reason=reason)

    # ------------------------------------------------------------------ the end

    def _check_end(self) -> bool:
        """The game ends at once when a single bandit is in or on the train (and nobody
        ejected this round may still be saved: D-se-horse-falling)."""
        if any(self.falling):
            return False
        aboard = self.aboard()
        if len(aboard) > 1:
            return False
        self._game_over(aboard)
        return True

    def _end_round(self) -> None:
        """The caboose comes off with whoever is on it; the bandit farthest back (the roof
        before the inside) takes it as a Loot card; the first player card passes left."""
        for s in range(self.n_players):
            if self.falling[s]:
                self._eliminate(s, reason="fell")
        car = self.last
        gone = [s for roof in (0, 1) for s in self.floors[2 * car + roof]]
        self._emit("round-end", None, round=self.round_no + 1, car=car)
        self._emit("caboose-off", None, car=car, bandits=[self.chars[s] for s in gone])
        for s in gone:
            self._eliminate(s, reason="caboose")
        self.floors = self.floors[: 2 * car]
        self.last = car - 1
        taker = self._farthest()
        if taker is not None:
            self.loot[taker].append(car)
            self._emit("loot-card", None, bandit=self.chars[taker], car=car,
                       value=self.loot_value(car))
        aboard = self.aboard()
        if len(aboard) <= 1 or self.last == 0:
            self._game_over(aboard)
            return
        self.round_no += 1
        self.first = self._next_seat(self.first)
        self._begin_round()

    def _farthest(self) -> int | None:
        """The bandit farthest from the locomotive: the rearmost car, its roof before its
        inside, and on a floor the figure nearest the caboose (D-se-loot-farthest)."""
        for car in range(self.last, -1, -1):
            for roof in (1, 0):
                figures = self.floors[2 * car + roof]
                if figures:
                    return figures[-1]
        return None

    def loot_value(self, car: int) -> int:
        """A Loot card's value: its car's number from the locomotive (D-se-loot-values)."""
        return car if self.options.loot_values == "order" else 1

    def _game_over(self, aboard: list[int]) -> None:
        if len(aboard) == 1:
            winners = aboard
        else:
            # Several in the locomotive when the last car came off, or the last bandits
            # leaving the train together (D-se-all-out): most Loot cards, then the
            # highest-valued one; still tied, they share the win.
            pool = aboard or [s for s in range(self.n_players)
                              if self.out_round[s] == max(self.out_round)]
            def key(s: int) -> tuple[int, int]:
                values = [self.loot_value(c) for c in self.loot[s]]
                return len(values), max(values, default=0)

            best = max(key(s) for s in pool)
            winners = [s for s in pool if key(s) == best]
        self.winners = sorted(winners)
        # (the moment before the event still shows the game being played)
        self._emit("game-over", None, bandits=[self.chars[s] for s in self.winners],
                   **self.result())
        self.phase = 1
        self.legal = ()


@dataclass(frozen=True, slots=True)
class SuperFrame(Pickled):
    """One step of :meth:`SuperGame.apply_frames`: its events and the game after them."""

    events: list[SuperEvent]
    state: SuperGame
    final: bool

    @property
    def kind(self) -> str:
        first = self.events[0].kind if self.events else ""
        return first if first in FRAME_KINDS else "play"

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import build_view

        return build_view(self.state, seat, frame=not self.final)

    def views(
        self, seats: tuple[int | None, ...], like: dict[str, Any] | None = None,
        like_game: SuperGame | None = None,
    ) -> dict[int | None, dict[str, Any]]:
        """The views of several seats at this frame, built together (``SuperGame.views``)."""
        from .views import build_views

        return build_views(self.state, seats, frame=not self.final, like=like)


def _facing(d: int) -> str:
    return "locomotive" if d == TO_LOCO else "caboose"


def _action_text(index: object) -> str:
    if isinstance(index, int) and 0 <= index < len(SUPER_ACTIONS):
        return str(SUPER_ACTIONS[index])
    return f"action id {index!r} (ids are 0..{len(SUPER_ACTIONS) - 1})"


__all__ += ["RecordError", "SuperFrame"]
