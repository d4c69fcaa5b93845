"""The game state and its public API: pending decision, legal actions, apply, clone.

>>> from coltexpress import Game, Options
>>> game = Game.new(Options.preset("standard", players=3), seed=7)
>>> game.pending.decision
<Decision.PLAY: 'play'>
>>> "draw" in [str(a) for a in game.legal_actions()]
True
>>> events = game.apply("draw")
>>> events[0].kind
'draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from . import flow, ids
from .actions import ACTIONS, Action, action_id, parse_action
from .content import BULLET, RoundCardSpec, TurnType
from .errors import GameOverError, IllegalActionError, NotationError
from .event import Event
from .options import Options
from .pickling import Pickled

if TYPE_CHECKING:
    import random

    from .hs.state import HSState
    from .mp.state import MPState

__all__ = ["RULES_VERSION", "Decision", "Event", "Frame", "Game", "Pending"]

RULES_VERSION: Final = "base-2"


class Decision(StrEnum):
    """What the pending decision is about."""

    PLACE = "place"  # 2 bandits per player: which bandit starts in the caboose
    PICK = "pick"  # 2 bandits per player: the card chosen before the round's shuffle
    PLAY = "play"  # a Schemin' turn: play a card or draw 3
    COVER = "cover"  # 2 bandits per player: the Cover rule's extra card, or pass
    KEEP = "keep"  # Expert Variant: cards kept for the next round
    MOVE = "move"
    FLOOR = "floor"
    SHOOT = "shoot"
    ROB = "rob"
    PUNCH = "punch"
    MARSHAL = "marshal"
    PICKPOCKET = "pickpocket"  # Pickpocketing station: take a purse or pass
    OVER = "over"
    # Marshal & Prisoners
    EXTRA = "extra"  # the Marshal's additional card after a "+" card, or pass
    RAINY = "rainy-day"  # Schemin' for a Rainy Day: one card kept for the next round, or pass
    CAPTURE = "capture"  # the Marshal's Capture: which bandit goes to the cell
    ESCAPE = "escape"  # a Brilliant Idea in the cell: to the corridor or the roof
    FREE = "free"  # a Brilliant Idea on the prison car: free a prisoner or a bandit
    GIVE = "give"  # the freed bandit gives a loot token of his choice
    ROB_AGAIN = "rob-again"  # with one's own sidekick: a second loot token, or pass
    EVENT_SHOOT = "event-shoot"  # Angry Marshal: the Marshal may shoot
    EVENT_MOVE = "event-move"  # Angry Marshal: then he may move
    REFLEX = "reflex"  # Reflex Action: play and resolve a card from the hand, or pass
    # Horses & Stagecoach
    ATTACK = "horse-attack"  # the Horse Attack: board the car reached, or ride on
    RIDE = "ride"  # where a Ride card takes the rider
    WHISKEY = "whiskey"  # after a drink: the card(s) the whiskey lets one play
    FLEE = "flee"  # which adjacent roof a bandit runs to from the Shotgun


DECISIONS: Final[tuple[Decision, ...]] = tuple(Decision)
assert len(DECISIONS) == 27  # one index below per decision
# Each decision's index in DECISIONS (the state's ``phase``).
PLACE: Final = 0
PICK: Final = 1
PLAY: Final = 2
COVER: Final = 3
KEEP: Final = 4
D_MOVE: Final = 5
D_FLOOR: Final = 6
D_SHOOT: Final = 7
D_ROB: Final = 8
D_PUNCH: Final = 9
D_MARSHAL: Final = 10
PICKPOCKET: Final = 11
OVER: Final = 12
EXTRA: Final = 13
RAINY: Final = 14
D_CAPTURE: Final = 15
ESCAPE: Final = 16
FREE: Final = 17
GIVE: Final = 18
ROB_AGAIN: Final = 19
EVENT_SHOOT: Final = 20
EVENT_MOVE: Final = 21
REFLEX: Final = 22
ATTACK: Final = 23
D_RIDE: Final = 24
SIP: Final = 25
FLEE: Final = 26
RESOLVE_FIRST: Final = D_MOVE  # MOVE .. MARSHAL: a card being resolved
# Decisions taken while a card of the pile resolves (that card was revealed).
RESOLVING: Final = frozenset({D_MOVE, D_FLOOR, D_SHOOT, D_ROB, D_PUNCH, D_MARSHAL, D_CAPTURE,
                              ESCAPE, FREE, GIVE, ROB_AGAIN, D_RIDE, FLEE})


@dataclass(frozen=True, slots=True)
class Pending(Pickled):
    """Who must decide what now; ``seat`` is None once the game is over."""

    decision: Decision
    seat: int | None
    bandit: str | None = None


def _action_text(index: object) -> str:
    """An action id as notation, or as itself if it names no action (bad input)."""
    if isinstance(index, int) and 0 <= index < len(ACTIONS):
        return str(ACTIONS[index])
    return f"action id {index!r} (ids are 0..{len(ACTIONS) - 1})"


# Every field of the state, in the order of its parts.
STATE_FIELDS: tuple[str, ...] = (
    # -- fixed for the whole game (shared by clones) --
    "options",
    "seed",
    "n_players",
    "n_bandits",
    "last",  # index of the caboose; the locomotive is car 0
    "chars",
    "char_idx",
    "power",
    "seat_of",
    "bandits_of",
    "who",  # per bandit: 0 in 1-bandit games, 1 + character index with 2 bandits
    "train",  # car-table index of cars 1..last
    "card_kind",
    "card_bandit",
    "bullet_base",
    "neutral_base",
    "round_specs",
    "cover_rule",
    "pick_rule",
    "expert",
    "accessible",
    # -- mutable --
    "rng",
    "chance",
    "loot_kind",
    "loot_value",
    "loot_public",
    "loot_seen",
    "powers",
    "pos",
    "marshal",
    "floor_loot",
    "held",
    "box",
    "reserve",
    "cylinder",
    "neutral",
    "neutral_gone",
    "received",
    "friendly",
    "deck",
    "hand",
    "discard",
    "kept",
    "dropped",
    "deck_known",
    "deck_from",
    "hand_bullets",
    "hand_known",
    "pile",
    "pile_down",
    "round_deck",
    "round_log",
    "round_no",
    "round_card",
    "first",
    "schedule",
    "step",
    "turns_taken",
    "placed",
    "queue",
    "resolve_i",
    "phase",
    "actor",
    "cur",
    "legal",
    "history",
    "events",
    "quiet",
    "frames",
    "mp",
    "hs",
)


class Game:
    """A game of Colt Express: the full state, with the engine contract as methods."""

    __slots__ = STATE_FIELDS

    # statics
    options: Options
    seed: int
    n_players: int
    n_bandits: int
    last: int
    chars: tuple[str, ...]
    char_idx: tuple[int, ...]
    power: tuple[str | None, ...]  # per bandit, the power printed on its character
    seat_of: tuple[int, ...]
    bandits_of: tuple[tuple[int, ...], ...]
    who: tuple[int, ...]
    train: tuple[int, ...]
    card_kind: tuple[int, ...]
    card_bandit: tuple[int, ...]
    bullet_base: tuple[int, ...]
    neutral_base: int
    round_specs: tuple[RoundCardSpec, ...]
    cover_rule: bool
    pick_rule: bool
    expert: bool
    accessible: bool
    # mutable
    rng: int
    # the chance outcomes still to use in place of the generator's draws, next first (the
    # research interfaces' explicit chance nodes, ``errors.ChanceNeeded``); None: the
    # generator draws, as in every game but theirs
    chance: list[int] | None
    loot_kind: tuple[int, ...]
    loot_value: tuple[int, ...]
    loot_public: tuple[bool, ...]
    loot_seen: list[int]  # per token, a bit per seat that has seen its value
    powers: list[frozenset[str]]  # per bandit, the powers it has now (its own, a prisoner's)
    pos: list[int]
    marshal: int
    floor_loot: list[list[int]]
    held: list[list[int]]
    box: list[int]
    reserve: list[int]
    cylinder: list[int]
    neutral: int
    neutral_gone: bool
    received: list[int]
    friendly: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    kept: list[list[int]]
    dropped: list[list[int]]  # Expert keeping: cards a player chose to discard, still hidden
    deck_from: list[list[int]]  # cards the deck's unknown part is known to come from, or []
    hand_bullets: list[int]  # at most this many unknown bullet cards in hand, or -1
    deck_known: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]]  # see knowledge.py
    hand_known: list[list[int]]
    pile: list[int]
    pile_down: list[bool]
    round_deck: list[int]
    round_log: tuple[int, ...]
    round_no: int
    round_card: int
    first: int
    schedule: tuple[tuple[int, int], ...]
    step: int
    turns_taken: list[int]
    placed: list[int]
    queue: list[int]
    resolve_i: int
    phase: int
    actor: int
    cur: int
    legal: tuple[int, ...] | None
    history: list[int]
    events: list[Event] | None
    quiet: bool  # no events are built (search roll-outs)
    frames: list[tuple[int, Game]] | None  # snapshots for apply_frames, else None
    mp: MPState | None  # Marshal & Prisoners' part of the state (engine/mp), else None
    hs: HSState | None  # Horses & Stagecoach's part of the state (engine/hs), else None

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, options: Options | None = None, *, seed: int = 0,
            chance: list[int] | None = None) -> Game:
        """Set up a new game; everything random comes from ``seed``, or, given ``chance``,
        from those outcomes, then from the outcomes the game is given (``Game.chance``)."""
        from .setup import set_up

        game = cls()
        game.chance = None if chance is None else list(chance)
        set_up(game, options if options is not None else Options(), seed)
        return game

    def clone(self) -> Game:
        """A cheap independent copy (no deepcopy): the fixed fields and immutable values
        shared, every list copied (a list of lists to its inner lists); no events, frames."""
        o = Game()
        o.options = self.options
        o.seed = self.seed
        o.n_players = self.n_players
        o.n_bandits = self.n_bandits
        o.last = self.last
        o.chars = self.chars
        o.char_idx = self.char_idx
        o.power = self.power
        o.seat_of = self.seat_of
        o.bandits_of = self.bandits_of
        o.who = self.who
        o.train = self.train
        o.card_kind = self.card_kind
        o.card_bandit = self.card_bandit
        o.bullet_base = self.bullet_base
        o.neutral_base = self.neutral_base
        o.round_specs = self.round_specs
        o.cover_rule = self.cover_rule
        o.pick_rule = self.pick_rule
        o.expert = self.expert
        o.accessible = self.accessible
        o.rng = self.rng
        o.chance = None if self.chance is None else self.chance[:]
        o.loot_kind = self.loot_kind
        o.loot_value = self.loot_value
        o.loot_public = self.loot_public
        o.marshal = self.marshal
        o.neutral = self.neutral
        o.neutral_gone = self.neutral_gone
        o.round_log = self.round_log
        o.round_no = self.round_no
        o.round_card = self.round_card
        o.first = self.first
        o.schedule = self.schedule
        o.step = self.step
        o.resolve_i = self.resolve_i
        o.phase = self.phase
        o.actor = self.actor
        o.cur = self.cur
        o.legal = self.legal
        o.quiet = self.quiet
        o.pos = self.pos[:]
        o.cylinder = self.cylinder[:]
        o.received = self.received[:]
        o.friendly = self.friendly[:]
        o.pile = self.pile[:]
        o.pile_down = self.pile_down[:]
        o.round_deck = self.round_deck[:]
        o.turns_taken = self.turns_taken[:]
        o.placed = self.placed[:]
        o.queue = self.queue[:]
        o.history = self.history[:]
        o.box = self.box[:]
        o.reserve = self.reserve[:]
        o.loot_seen = self.loot_seen[:]
        o.hand_bullets = self.hand_bullets[:]
        o.powers = self.powers[:]
        o.floor_loot = [x[:] for x in self.floor_loot]
        o.held = [x[:] for x in self.held]
        o.deck = [x[:] for x in self.deck]
        o.hand = [x[:] for x in self.hand]
        o.discard = [x[:] for x in self.discard]
        o.kept = [x[:] for x in self.kept]
        o.dropped = [x[:] for x in self.dropped]
        o.deck_known = [x[:] for x in self.deck_known]
        o.hand_known = [x[:] for x in self.hand_known]
        o.deck_from = [x[:] for x in self.deck_from]
        o.events = []
        o.frames = None
        o.mp = None if self.mp is None else self.mp.clone()
        o.hs = None if self.hs is None else self.hs.clone()
        return o

    # ------------------------------------------------------------------ the contract

    @property
    def pending(self) -> Pending:
        """The decision the game waits for, and whose it is."""
        if self.phase == OVER:
            return Pending(Decision.OVER, None)
        bandit = self.chars[self.cur] if self.cur >= 0 else None
        return Pending(DECISIONS[self.phase], self.actor, bandit)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_seat(self) -> int | None:
        """The seat that must act, or None once the game is over."""
        return None if self.phase == OVER else self.actor

    def legal_ids(self) -> tuple[int, ...]:
        """Ids of the legal actions, in a stable order."""
        legal = self.legal
        if legal is None:
            legal = self.legal = flow.legal_ids(self)
        return legal

    def legal_actions(self) -> list[Action]:
        """Every legal action of the pending decision."""
        return [ACTIONS[i] for i in self.legal_ids()]

    def is_legal(self, action: Action | str) -> bool:
        try:
            index = self._to_id(action)
        except NotationError:
            return False
        return index in self.legal_ids()

    def apply(self, action: Action | str) -> list[Event]:
        """Play an action (an Action or its notation) for the pending seat.

        Raises NotationError for text that is no action, IllegalActionError for an action
        that is not legal now; the state is unchanged in both cases.
        """
        return self.apply_id(self._to_id(action))

    def apply_id(self, index: int) -> list[Event]:
        """Play the action with this id; the fast path for agents and RL wrappers."""
        if self.phase == OVER:
            raise GameOverError(f"the game is over; {_action_text(index)} cannot be played")
        legal = self.legal
        if legal is None:
            legal = flow.legal_ids(self)
        if index not in legal:
            raise IllegalActionError(self._illegal_message(index, legal))
        events: list[Event] = []
        self.events = None if self.quiet else events
        self.history.append(index)
        self.legal = None
        flow.apply_id(self, index)
        return events

    def apply_frames(self, action: Action | str, *, own: bool = False) -> list[Frame]:
        """Play an action like :meth:`apply`, and return what happened as frames: the events
        cut before each card revealed in the Stealin' phase, each event or station, each end
        of round and the end of the game, each frame with the game as it stood after them
        (``frame.view(seat)``), so that a front end can show every card resolve. The last
        frame's game is a copy of this one, or (``own``: this game will not change again)
        this one."""
        from .frames import apply_in_frames

        return apply_in_frames(self, action, Frame, own=own)

    @staticmethod
    def frame_count(events: list[Event]) -> int:
        """How many frames :meth:`apply_frames` would have cut the events of an
        :meth:`apply` into (a caller that only counts them copies nothing)."""
        from .frames import count

        return count((e.kind for e in events), flow.FRAME_KINDS)

    def _to_id(self, action: Action | str) -> int:
        if isinstance(action, str):
            action = parse_action(action)
        return action_id(action)

    def _illegal_message(self, index: int, legal: tuple[int, ...]) -> str:
        pend = self.pending
        who = f"seat {pend.seat}" + (f" ({pend.bandit})" if pend.bandit else "")
        options = ", ".join(str(ACTIONS[i]) for i in legal)
        return (
            f"{_action_text(index)} is not legal now: round {self.round_no + 1}, "
            f"{who} must decide '{pend.decision}'; legal: {options}"
        )

    # ------------------------------------------------------------------ views and records

    def view(self, seat: object = None) -> dict[str, Any]:
        """Exactly what ``seat`` may know (``None``: a spectator), JSON-ready."""
        from .views import build_view

        return build_view(self, seat)

    def views(
        self, seats: tuple[int | None, ...], like: dict[str, Any] | None = None,
        like_game: Game | None = None,
    ) -> dict[int | None, dict[str, Any]]:
        """The views of several seats, as ``view`` gives each, built together: they share
        what they show alike (the same objects, not to be changed); ``like``: the public
        view of an earlier moment (``like_game``: its game), whose parts they keep where
        they are equal (``views.build_views``)."""
        from .views import build_views

        return build_views(self, seats, like=like, like_game=like_game)

    def determinize(self, seat: int | None, rng: random.Random) -> Game:
        """A full state consistent with ``seat``'s view, hidden parts resampled with ``rng``."""
        from .determinize import determinize

        return determinize(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        """The full state (server side only: it holds every secret)."""
        from .serial import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Inverse of :meth:`to_json`; raises RecordError on malformed data."""
        from .serial import state_from_json

        return state_from_json(data)

    def record(self) -> dict[str, Any]:
        """The compact game record: options, seed, actions and rules version."""
        from .serial import make_record

        return make_record(self)

    @classmethod
    def replay(cls, record: object) -> Game:
        """Rebuild a game from its record; raises RecordError if it does not replay."""
        from .serial import replay_record

        return replay_record(record)

    def result(self) -> dict[str, Any]:
        """Scores and winners (the final result once the game is over)."""
        from .scoring import score

        return score(self)

    # ------------------------------------------------------------------ small helpers

    def space_of(self, bandit: str) -> tuple[int, bool]:
        """(car, on_roof) of a bandit by character name; car 0 is the locomotive."""
        p = self.pos[self.chars.index(bandit)]
        return p >> 1, bool(p & 1)

    @property
    def round_card_spec(self) -> RoundCardSpec | None:
        return self.round_specs[self.round_card] if self.round_card >= 0 else None

    def turn_type(self) -> TurnType | None:
        """The type of the Schemin' turn being played, if any."""
        spec = self.round_card_spec
        if spec is None or self.phase not in (PLAY, COVER) or self.step >= len(self.schedule):
            return None
        return spec.turns_for(self.options.band)[self.schedule[self.step][0]]

    def pile_held(self) -> list[int]:
        """Cards still lying on the pile (with the Expert Variant or rules 002 a resolved
        card goes straight back to its owner; the pile keeps showing it face up)."""
        if self.expert or self.accessible:
            return self.pile[self.resolve_i :] if self.phase >= 5 else self.pile
        return self.pile

    def cards_of(self, seat: int) -> list[int]:
        """Every card a seat owns, wherever it is (deck, hand, discard, pile)."""
        mine = [c for c in self.pile_held() if self._card_seat(c) == seat]
        zones = (self.deck, self.hand, self.discard, self.kept, self.dropped)
        return [c for zone in zones for c in zone[seat]] + mine

    def _card_seat(self, card: int) -> int:
        return self.seat_of[self.card_bandit[card]]

    def card_name(self, card: int) -> str:
        """A card as the table sees it: its kind, ``@bandit`` where a seat has two bandits;
        a bandit's Bullet card with its colour and printed number (``bullet@belle:6``), a
        neutral one as ``bullet``."""
        kind = ids.KIND_NAMES[self.card_kind[card]]
        bandit = self.card_bandit[card]
        if self.card_kind[card] == BULLET:
            if bandit < 0:
                return kind
            if self.mp is not None and bandit == self.mp.marshal:
                from .mp.rules import marshal_bullet_name

                return marshal_bullet_name(self, card)  # number and penalty
            return f"{kind}@{self.chars[bandit]}:{card - self.bullet_base[bandit] + 1}"
        if not self.options.two_bandits:
            return kind
        return f"{kind}@{self.chars[bandit]}"

    def __repr__(self) -> str:
        pend = self.pending
        return (
            f"<Game {self.n_players}p round {min(self.round_no + 1, 5)} "
            f"{pend.decision} seat={pend.seat}>"
        )


@dataclass(frozen=True, slots=True)
class Frame(Pickled):
    """What one step of :meth:`Game.apply_frames` showed: its events and the game after them.

    ``kind`` is what the frame is about (``reveal``: a card resolves; ``event``, ``stealin``,
    ``round-end``, ``game-over``; ``play`` for anything else); ``final`` marks the last frame,
    whose game is the game as it now stands."""

    events: list[Event]
    state: Game
    final: bool

    @property
    def kind(self) -> str:
        first = self.events[0].kind if self.events else ""
        return first if first in flow.FRAME_KINDS else "play"

    def view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view of the game at this frame (an intermediate frame has no pending
        decision: its ``decision`` is ``watch``)."""
        from .views import build_view

        return build_view(self.state, seat, frame=not self.final)

    def views(
        self, seats: tuple[int | None, ...], like: dict[str, Any] | None = None,
        like_game: Game | None = None,
    ) -> dict[int | None, dict[str, Any]]:
        """The views of several seats at this frame, built together (``Game.views``)."""
        from .views import build_views

        return build_views(self.state, seats, frame=not self.final, like=like,
                           like_game=like_game)
