"""Marshal & Prisoners' part of the game state, and the hooks the base flow calls.

A game of the expansion holds one ``MPState`` in ``Game.mp`` (``None`` otherwise). The base
engine calls its methods at a few fixed points (what a card does as it resolves, the
expansion's own decisions, the end of a pile); the rules themselves live in ``rules.py``,
``events.py`` and ``scoring.py`` beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from . import rules  # (the rules never import this module: no cycle)

if TYPE_CHECKING:
    from ..content import TurnType
    from ..game import Game

__all__ = ["MPState"]

# What the expansion is in the middle of, beyond the pending decision.
IDLE: int = rules.IDLE
REFLEX_STAGE: int = rules.REFLEX_STAGE


_FIELDS: tuple[str, ...] = (
    "marshal",
    "jailed",
    "fallen",
    "prisoner",
    "prisoners_left",
    "brawlers",
    "brawler_won",
    "captured",
    "taken_prisoners",
    "taken_mailbags",
    "guns",
    "front",
    "upcoming",
    "current",
    "revealed",
    "stage",
    "queue",
    "helper",
    "idea_ids",
)
_SAVED: Final = _FIELDS[:-1]  # idea_ids is derived from the card tables


class MPState:
    """Figures are indexed like the game's bandits; the Marshal player's is ``marshal``."""

    __slots__ = _FIELDS

    marshal: int
    jailed: list[bool]  # in the prison car's cell
    fallen: list[bool]  # knocked off the train (Deadly Fall)
    prisoner: list[int]  # the prisoner held (index into the sidekicks), or -1
    prisoners_left: list[int]  # behind the prison car, face up
    brawlers: list[int]  # Brawler cards left on the Marshal's Face zone, top first
    brawler_won: list[list[int]]  # per figure, the Brawler cards won by punching him
    captured: list[bool]  # the Wanted Poster is in the Marshal's Achievement zone
    taken_prisoners: list[int]  # prisoners in the Marshal's Achievement zone
    taken_mailbags: list[int]  # mailbag tokens in the Marshal's Achievement zone
    guns: list[int]  # bullets left in the Marshal's two cylinder piles
    front: list[list[int]]  # per figure, Marshal's bullet cards in front of it (penalties)
    upcoming: list[int]  # goal cards, face down even to the Marshal (top = end)
    current: list[int]  # goal cards the Marshal has looked at
    revealed: list[int]  # current goals shown to everyone (Rumors)
    stage: int  # IDLE, or REFLEX_STAGE while Reflex Action's cards resolve
    queue: list[int]  # seats still to answer (Reflex Action)
    helper: int  # GIVE: the bandit a freed bandit gives loot to
    idea_ids: tuple[int, ...] | None  # per figure, its Brilliant Idea card (-1: none)

    @classmethod
    def new(cls, figures: int, marshal: int) -> MPState:
        s = cls()
        s.marshal = marshal
        s.jailed = [False] * figures
        s.fallen = [False] * figures
        s.prisoner = [-1] * figures
        s.prisoners_left = []
        s.brawlers = []
        s.brawler_won = [[] for _ in range(figures)]
        s.captured = [False] * figures
        s.taken_prisoners = []
        s.taken_mailbags = []
        s.guns = [6, 6]
        s.front = [[] for _ in range(figures)]
        s.upcoming = []
        s.current = []
        s.revealed = []
        s.stage = IDLE
        s.queue = []
        s.helper = -1
        s.idea_ids = None
        return s

    def clone(self) -> MPState:
        o = MPState()
        o.marshal = self.marshal
        o.jailed = self.jailed[:]
        o.fallen = self.fallen[:]
        o.prisoner = self.prisoner[:]
        o.prisoners_left = self.prisoners_left[:]
        o.brawlers = self.brawlers[:]
        o.brawler_won = [x[:] for x in self.brawler_won]
        o.captured = self.captured[:]
        o.taken_prisoners = self.taken_prisoners[:]
        o.taken_mailbags = self.taken_mailbags[:]
        o.guns = self.guns[:]
        o.front = [x[:] for x in self.front]
        o.upcoming = self.upcoming[:]
        o.current = self.current[:]
        o.revealed = self.revealed[:]
        o.stage = self.stage
        o.queue = self.queue[:]
        o.helper = self.helper
        o.idea_ids = self.idea_ids
        return o

    def to_json(self) -> dict[str, Any]:
        return self.clone()._fields()

    def _fields(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _SAVED}

    @classmethod
    def from_json(cls, data: Any, figures: int) -> MPState:
        """Inverse of :meth:`to_json`; raises ValueError on a malformed part."""
        if not isinstance(data, dict):
            raise ValueError("the Marshal & Prisoners state must be an object")
        if not 3 <= figures <= 8:
            raise ValueError(f"a game of Marshal & Prisoners has 3 to 8 figures, not {figures}")
        s = cls.new(figures, 0)
        for name in _SAVED:
            value = data[name]
            default = getattr(s, name)
            if isinstance(default, int):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"mp field {name!r} must be an integer")
            elif not isinstance(value, list):
                raise ValueError(f"mp field {name!r} must be a list")
            elif name in ("jailed", "fallen", "captured"):
                if len(value) != figures or not all(isinstance(v, bool) for v in value):
                    raise ValueError(f"mp field {name!r} must hold {figures} true/false")
            elif name in ("brawler_won", "front"):
                if len(value) != figures or not all(
                    isinstance(x, list) and all(_is_int(v) for v in x) for x in value
                ):
                    raise ValueError(f"mp field {name!r} must hold {figures} integer lists")
                value = [list(x) for x in value]
            elif not all(_is_int(v) for v in value):
                raise ValueError(f"mp field {name!r} must be a list of integers")
            elif name == "prisoner" and len(value) != figures:
                raise ValueError(f"mp field 'prisoner' must hold {figures} entries")
            setattr(s, name, list(value) if isinstance(value, list) else value)
        if not 0 <= s.marshal < figures:
            raise ValueError("mp field 'marshal' out of range")
        return s

    # -- hooks of the base flow (the rules are in rules.py) -----------------------------

    def play_ids(self, g: Game, seat: int, out: list[int]) -> list[int]:
        return rules.play_ids(g, seat, out)

    def draw_idea(self, g: Game, seat: int) -> None:
        rules.draw_idea(g, seat)

    def after_play(self, g: Game, seat: int, card: int, turn: TurnType) -> bool:
        return rules.after_play(g, seat, card, turn)

    def rainy_day(self, g: Game) -> bool:
        return rules.rainy_day(g)

    def keeps_hands(self, g: Game) -> bool:
        return rules.keeps_hands(g)

    def before_deal(self, g: Game) -> None:
        rules.before_deal(g)

    def round_start(self, g: Game) -> None:
        rules.round_start(g)

    def resolving_kind(self, g: Game, card: int, bandit: int) -> tuple[int, str | None]:
        return rules.resolving_kind(g, card, bandit)

    def pile_done(self, g: Game) -> bool:
        return rules.pile_done(g)

    def round_over(self, g: Game) -> None:
        rules.round_over(g)

    def end_game(self, g: Game) -> None:
        rules.end_game(g)

    def legal_ids(self, g: Game) -> list[int]:
        return rules.legal_ids(g)

    def apply_id(self, g: Game, index: int) -> None:
        rules.apply_id(g, index)


def phase_ok(g: Game) -> bool:
    """Whether a loaded game's pending decision is one the expansion's flow can ask (the
    base decisions of the Schemin' phase and events are checked by the base)."""
    from ..game import EVENT_MOVE, EVENT_SHOOT, EXTRA, GIVE, RAINY, REFLEX

    mp = g.mp
    assert mp is not None
    phase, seat = g.phase, g.seat_of[mp.marshal]
    if g.round_card < 0:
        return False
    if phase == EXTRA:
        return g.cur == -1 and g.actor == seat and g.step < len(g.schedule)
    if phase == RAINY:
        return g.cur == -1 and not g.expert and g.step == len(g.schedule)
    if phase == REFLEX:
        return g.cur == -1 and bool(g.hand[g.actor])
    if phase in (EVENT_SHOOT, EVENT_MOVE):
        return g.cur == mp.marshal and g.actor == seat
    # Resolving a card of the pile (GIVE: the rescuer's card; the freed bandit answers).
    if not (0 <= g.resolve_i < len(g.pile) and 0 <= g.cur < g.n_bandits):
        return False
    owner = g.card_bandit[g.pile[g.resolve_i]] if 0 <= g.pile[g.resolve_i] < len(
        g.card_bandit) else -2
    expected = mp.helper if phase == GIVE else g.cur
    return owner == expected and g.seat_of[g.cur] == g.actor


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
