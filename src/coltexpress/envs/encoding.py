"""A seat's view as a vector of fixed size: the observation of the research interfaces.

Everything here is read from ``view(seat)`` and nothing else, so an observation holds
exactly what the seat knows (docs/envs.md). Its size depends only on the game and its
options (the player count, the expansions); every slot has a name (``Encoder.names``),
which docs/envs.md lists for a worked example.

Seats are told relative to the observer: "seat+0" is the observer, "seat+1" the player
after it, and so on, so an agent trained in one seat reads another seat's observation the
same way. Counts and amounts are scaled to about one (money in thousands of dollars).

>>> from coltexpress.games import new_game
>>> game = new_game("colt-express", "standard", players=3, seed=1)
>>> encoder = Encoder.for_game(game)
>>> vector = encoder.encode(game.view(0))
>>> len(vector) == len(encoder.names)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from ..engine.content import CARD_KINDS, CHARACTERS, LOOT_KINDS, TurnType, content
from ..engine.game import Decision
from ..engine.hs.content import hs_content
from ..engine.mp.content import mp_content

__all__ = ["Encoder", "observation_names"]

View = dict[str, Any]

FIGURES: tuple[str, ...] = (*CHARACTERS, "marshal")
CARDS: tuple[str, ...] = tuple(k.value for k in CARD_KINDS)
LOOT: tuple[str, ...] = tuple(k.value for k in LOOT_KINDS)
TURNS: tuple[str, ...] = tuple(t.value for t in TurnType)
DECISIONS: tuple[str, ...] = (*(d.value for d in Decision), "watch")
MAX_ROUNDS = 5  # round cards in a game, the station included
MAX_TURNS = 5  # turns on a round card
SUPER_CARDS: tuple[str, ...] = ("flip", "floor", "move", "fire", "reflex", "horse")
SUPER_CHARACTERS: tuple[str, ...] = ("belle", "cheyenne", "django", "doc", "ghost", "mei", "tuco")
MONEY = 1000.0  # dollars to one unit
HIGH = 16.0  # no slot of any view goes above it or below its negative (tested)


@cache
def _vocabulary() -> dict[str, tuple[str, ...]]:
    """The names the views of Colt Express use, from the printed content."""
    base, mp, hs = content(), mp_content(), hs_content()
    cards = base.round_cards + base.stations + mp.round_cards + mp.stations
    cards += hs.round_cards + hs.stations
    powers = sorted({p for edition in base.powers.values() for p in edition.values()})
    goals = [name for name, _ in mp.special_targets] + [f"warrant@{c}" for c in CHARACTERS]
    penalties = sorted({p for pile in mp.piles for p in pile})
    return {
        "round_cards": tuple(dict.fromkeys(c.name for c in cards)),
        "powers": tuple(powers),
        "goals": tuple(goals),
        "penalties": tuple(penalties),
        "hostages": tuple(h.name for h in hs.hostages),
    }


class _Out:
    """Values appended slot by slot; their names too when ``named``."""

    __slots__ = ("names", "values")

    def __init__(self, named: bool) -> None:
        self.values: list[float] = []
        self.names: list[str] | None = [] if named else None

    def num(self, name: str, value: float | None, scale: float = 1.0) -> None:
        self.values.append(0.0 if value is None else float(value) / scale)
        if self.names is not None:
            self.names.append(name)

    def flag(self, name: str, value: object) -> None:
        self.values.append(1.0 if value else 0.0)
        if self.names is not None:
            self.names.append(name)

    def one_hot(self, name: str, value: object, choices: Sequence[object]) -> None:
        """One slot per choice, 1 for ``value`` (all 0 when it is none of them)."""
        values = self.values
        start = len(values)
        values.extend(_zeros(len(choices)))
        i = _index(choices).get(value)
        if i is not None:
            values[start + i] = 1.0
        if self.names is not None:
            self.names.extend(f"{name}={c}" for c in choices)

    def counts(self, name: str, items: Iterable[object], choices: Sequence[object],
               scale: float = 1.0) -> None:
        """One slot per choice: how many of ``items`` are it."""
        index = _index(choices)
        values = self.values
        start = len(values)
        values.extend(_zeros(len(choices)))
        step = 1.0 / scale
        for item in items:
            i = index.get(item)
            if i is not None:
                values[start + i] += step
        if self.names is not None:
            self.names.extend(f"{name}#{c}" for c in choices)


@cache
def _zeros(n: int) -> tuple[float, ...]:
    return (0.0,) * n


_INDEXES: dict[tuple[object, ...], dict[object, int]] = {}


def _index(choices: Sequence[object]) -> dict[object, int]:
    """Each choice's place (kept for each list of choices: they are few and fixed)."""
    key = tuple(choices)
    index = _INDEXES.get(key)
    if index is None:
        index = _INDEXES[key] = {c: i for i, c in enumerate(key)}
    return index


def _kind(card: str | None) -> str | None:
    """A card's kind: ``bullet@doc:5`` and ``shoot@doc`` are a bullet and a Shoot."""
    return None if card is None else card.split("@", 1)[0]


def _owner(card: str) -> str | None:
    """Whose card it is, where the card says (``bullet@doc:5``: Doc's); None if neutral."""
    if "@" not in card:
        return None
    return card.split("@", 1)[1].split(":", 1)[0]


@dataclass(frozen=True)
class Encoder:
    """The observation of one game's option set: ``encode(view)`` and each slot's name."""

    game: str
    players: int
    _fill: Callable[[_Out, View], None] = field(repr=False)
    names: tuple[str, ...] = field(repr=False, default=())
    options: dict[str, Any] = field(repr=False, default_factory=dict)  # as views say them

    @property
    def size(self) -> int:
        return len(self.names)

    def encode(self, view: View, *, public: bool = False) -> np.ndarray:
        """The seat's view as float32 values, one per name; ValueError for a view of
        another option set, or a spectator's unless ``public`` (what everyone sees: the
        seats then counted from seat 0, the observer's own slots empty)."""
        if view.get("seat") is None and not public:
            raise ValueError("an observation is a seat's: this view is the spectator's")
        if view["options"] != self.options:
            raise ValueError(f"this view is of other options than the encoder's: "
                             f"{view['options']} against {self.options}")
        out = _Out(False)
        self._fill(out, view)
        if len(out.values) != len(self.names):
            raise ValueError(f"this view does not fit the encoder: {len(out.values)} values "
                             f"for {len(self.names)} slots")
        return np.asarray(out.values, dtype=np.float32)

    def describe(self, view: View) -> list[tuple[str, float]]:
        """Each slot's name and value for ``view``: what docs/envs.md shows."""
        return list(zip(self.names, self.encode(view).tolist(), strict=True))

    @classmethod
    def for_game(cls, game: Any) -> Encoder:
        """The encoder of ``game``'s options (any seat of any moment of it)."""
        view = game.view(0)
        name = view.get("game", "colt-express")
        fill = _super_fill(view) if name == "super-express" else _colt_fill(view)
        out = _Out(True)
        fill(out, view)
        assert out.names is not None
        return cls(name, len(view["players"]), fill, tuple(out.names), view["options"])


def observation_names(game: Any) -> tuple[str, ...]:
    """The name of every slot of ``game``'s observations."""
    return Encoder.for_game(game).names


def _relative(seat: int | None, me: int, players: int) -> int | None:
    return None if seat is None else (seat - me) % players


# --- Colt Express ------------------------------------------------------------------------

def _colt_fill(template: View) -> Callable[[_Out, View], None]:
    """The filler of a Colt Express option set, its sizes read off ``template``."""
    words = _vocabulary()
    players = len(template["players"])
    seats = [f"seat+{k}" for k in range(players)]
    rel = list(range(players))
    n_spaces = len(template["spaces"])
    n_bandits = len(template["bandits"])
    cars = list(range(template["cars"] + 1))
    figures_per_player = max(len(p["bandits"]) for p in template["players"])
    # two cards a turn (Speeding) for each bandit, and the Marshal player's
    pile_size = 2 * MAX_TURNS * figures_per_player * players + 2 * MAX_TURNS
    hs = "hs" in template
    mp = "mp" in template
    probe = _Out(False)
    _pile_card(probe, "", None, 0, players)
    pile_card_size = len(probe.values)

    def fill(out: _Out, v: View) -> None:
        me = v["seat"] or 0  # (a spectator's view: seats from seat 0)
        out.one_hot("decision", v["decision"], DECISIONS)
        out.one_hot("actor", _relative(v["actor"], me, players), rel)
        out.one_hot("actor_figure", v.get("actor_bandit"), FIGURES)
        out.num("round", v["round"], MAX_ROUNDS)
        out.num("rounds", v["rounds"], MAX_ROUNDS)
        out.num("round_deck_left", v["round_deck_size"], MAX_ROUNDS)
        card = v["round_card"] or {}
        out.one_hot("round_card", card.get("name"), words["round_cards"])
        out.flag("round_card.station", card.get("station"))
        turns = card.get("turns") or []
        for t in range(MAX_TURNS):
            out.one_hot(f"round_card.turn{t + 1}", turns[t] if t < len(turns) else None, TURNS)
        out.one_hot("turn", v["turn"], range(MAX_TURNS))
        out.num("turn_play", v["turn_play"])
        out.one_hot("first_player", _relative(v["first_player"], me, players), rel)
        out.one_hot("marshal_car", v["marshal"], cars)
        out.num("neutral_bullets", v["neutral_bullets"], 10)
        for i in range(n_spaces):
            space = v["spaces"][i]
            _loot(out, f"space{i}", space["loot"])
        for i in range(n_bandits):
            _bandit(out, f"figure{i}", v["bandits"][i], me, players, cars, words["powers"])
        for k in range(players):
            _player(out, seats[k], v["players"][(me + k) % players])
        hand = v.get("hand") or []
        out.counts("hand", (_kind(c) for c in hand), CARDS, 10)
        out.counts("hand_bullets_from", (_owner(c) for c in hand if _kind(c) == "bullet"),
                   FIGURES, 10)
        out.counts("kept", (_kind(c) for c in v.get("kept") or []), CARDS, 10)
        out.counts("discarding", (_kind(c) for c in v.get("discarding") or []), CARDS, 10)
        pile = v["pile"]
        for i in range(pile_size):
            if i >= len(pile) and out.names is None:  # the rest of the pile is empty
                out.values.extend(_zeros(pile_card_size * (pile_size - i)))
                break
            _pile_card(out, f"pile{i}", pile[i] if i < len(pile) else None, me, players)
        out.one_hot("resolving", v["resolving"], range(pile_size))
        if hs:
            _hs(out, v["hs"], me, players, cars, words["hostages"])
        if mp:
            _mp(out, v["mp"], me, players, words)

    return fill


def _loot(out: _Out, name: str, loot: list[dict[str, Any]]) -> None:
    """Loot tokens: how many of each kind, their known value, how many of unknown value."""
    out.counts(f"{name}.loot", (t["kind"] for t in loot), LOOT, 5)
    out.num(f"{name}.loot_known_value", sum(t.get("value") or 0 for t in loot), MONEY)
    out.num(f"{name}.loot_unknown", sum(1 for t in loot if t.get("value") is None), 5)


def _bandit(out: _Out, name: str, b: dict[str, Any], me: int, players: int, cars: list[int],
            powers: Sequence[str]) -> None:
    out.one_hot(f"{name}.character", b["character"], FIGURES)
    out.one_hot(f"{name}.player", _relative(b.get("seat"), me, players), range(players))
    out.one_hot(f"{name}.car", b["car"], cars)
    out.flag(f"{name}.roof", b["roof"])
    out.flag(f"{name}.coach", b.get("coach"))
    _loot(out, name, b.get("loot") or [])
    out.num(f"{name}.bullets_left", b.get("bullets_left"), 6)
    out.num(f"{name}.bullets_received", b.get("bullets_received"), 6)
    out.counts(f"{name}.powers", b.get("powers") or [], powers)


def _player(out: _Out, name: str, p: dict[str, Any]) -> None:
    out.num(f"{name}.hand_size", p["hand_size"], 10)
    out.num(f"{name}.kept_size", p.get("kept_size"), 10)
    out.num(f"{name}.keep_left", p.get("keep_left"), 10)
    out.num(f"{name}.deck_size", p["deck_size"], 10)
    out.flag(f"{name}.placed", p.get("placed"))
    out.num(f"{name}.hand_bullets_max", p.get("hand_bullets_max"), 6)
    out.counts(f"{name}.discard", (_kind(c) for c in p["discard"]), CARDS, 10)
    out.counts(f"{name}.known_hand", (_kind(c) for c in p["known_hand"]), CARDS, 10)
    out.counts(f"{name}.deck_from", (_kind(c) for c in p["deck_from"]), CARDS, 10)
    top = [c for block in p["deck_top"] for c in block["cards"]]
    out.counts(f"{name}.deck_top", (_kind(c) for c in top), CARDS, 10)


def _pile_card(out: _Out, name: str, c: dict[str, Any] | None, me: int, players: int) -> None:
    """A card of the pile (Schemin' and Stealin'): whose, which if shown, face down,
    resolved; all 0 past the pile's end."""
    out.flag(f"{name}.present", c is not None)
    c = c or {}
    out.one_hot(f"{name}.figure", c.get("bandit"), FIGURES)
    out.one_hot(f"{name}.player", _relative(c.get("seat"), me, players), range(players))
    out.one_hot(f"{name}.card", _kind(c.get("card")), CARDS)
    out.flag(f"{name}.down", c.get("down"))
    out.flag(f"{name}.resolved", c.get("resolved"))


def _by_figure(out: _Out, name: str, table: dict[str, Any], scale: float = 1.0) -> None:
    for f in FIGURES:
        value = table.get(f)
        out.num(f"{name}.{f}", len(value) if isinstance(value, list) else value, scale)


def _hs(out: _Out, hs: dict[str, Any], me: int, players: int, cars: list[int],
        hostages: Sequence[str]) -> None:
    """Horses & Stagecoach's part of the view."""
    out.one_hot("hs.attack_car", hs.get("attack_car"), cars)
    out.counts("hs.attack_chosen", hs.get("attack_chosen") or [], FIGURES)
    out.counts("hs.away", hs.get("away") or [], FIGURES)
    _by_figure(out, "hs.bonus", hs.get("bonus") or {}, MONEY)
    out.counts("hs.caught", hs.get("caught") or [], FIGURES)
    out.one_hot("hs.coach_car", hs.get("coach"), cars)
    out.counts("hs.horses_at", hs.get("horses") or [], cars, 5)
    out.num("hs.horses_out", hs.get("horses_out"), 5)
    held = hs.get("hostages") or {}
    for f in FIGURES:
        out.one_hot(f"hs.hostage_of.{f}", held.get(f), hostages)
    out.num("hs.hostages_left", hs.get("hostages_left"), 8)
    _by_figure(out, "hs.received_this_round", hs.get("received_this_round") or {}, 6)
    out.counts("hs.riding", hs.get("riding") or [], FIGURES)
    out.one_hot("hs.shotgun_car", hs.get("shotgun"), cars)
    out.num("hs.sips", hs.get("sips"))
    out.counts("hs.turmoil_chosen", (_relative(s, me, players) for s in
                                     hs.get("turmoil_chosen") or []), range(players))


def _mp(out: _Out, mp: dict[str, Any], me: int, players: int,
        words: dict[str, tuple[str, ...]]) -> None:
    """Marshal & Prisoners' part of the view."""
    left = mp.get("brawlers_left") or []
    out.num("mp.brawlers_left", len(left), 3)
    out.num("mp.brawlers_left_value", sum(left), MONEY)
    won = mp.get("brawlers_won") or {}
    for f in FIGURES:
        out.num(f"mp.brawlers_won_value.{f}", sum(won.get(f) or []), MONEY)
    out.num("mp.goals_current", mp.get("goals_current"), 5)
    out.num("mp.goals_upcoming", mp.get("goals_upcoming"), 5)
    out.counts("mp.goals_revealed", mp.get("goals_revealed") or [], words["goals"])
    mine = mp.get("my_goals") or []
    done = mp.get("my_goals_done") or []
    out.counts("mp.my_goals", mine, words["goals"])
    out.counts("mp.my_goals_done", (g for g, d in zip(mine, done, strict=False) if d),
               words["goals"])
    guns = mp.get("guns") or []
    for g in range(2):
        gun = guns[g] if g < len(guns) else {}
        out.num(f"mp.gun{g}.bullets", gun.get("bullets"), 6)
        out.one_hot(f"mp.gun{g}.top", gun.get("top"), words["penalties"])
    out.counts("mp.in_cell", mp.get("in_cell") or [], FIGURES)
    out.one_hot("mp.marshal_player", _relative(mp.get("marshal_seat"), me, players),
                range(players))
    penalties = mp.get("penalties") or {}
    for f in FIGURES:
        out.counts(f"mp.penalties.{f}", penalties.get(f) or [], words["penalties"])
    posters = mp.get("posters") or {}
    for f in FIGURES:
        out.one_hot(f"mp.poster.{f}", posters.get(f), ("wanted", "captured"))
    prisoners = mp.get("prisoners") or {}
    for f in FIGURES:
        out.one_hot(f"mp.prisoner_of.{f}", prisoners.get(f), CHARACTERS)
    out.counts("mp.prisoners_waiting", mp.get("prisoners_waiting") or [], CHARACTERS)
    bags = mp.get("taken_mailbags") or []
    out.num("mp.taken_mailbags", len(bags), 5)
    out.num("mp.taken_mailbags_value", sum(b.get("value") or 0 for b in bags), MONEY)
    out.counts("mp.taken_prisoners", mp.get("taken_prisoners") or [], CHARACTERS)


# --- Colt Super Express ------------------------------------------------------------------

def _super_fill(template: View) -> Callable[[_Out, View], None]:
    players = len(template["players"])
    rel = list(range(players))
    cars = list(range(template["caboose"] + 1))
    rounds = max(players, 1) + 2  # the game ends when one bandit is left, or sooner
    stack_size = 3

    def fill(out: _Out, v: View) -> None:
        me = v["seat"] or 0  # (a spectator's view: seats from seat 0)
        out.one_hot("decision", v["decision"], ("program", "over"))
        out.one_hot("actor", _relative(v["actor"], me, players), rel)
        out.num("round", v["round"], rounds)
        out.one_hot("first_player", _relative(v["first_player"], me, players), rel)
        out.one_hot("caboose", v["caboose"], cars)
        for k in range(players):
            seat = (me + k) % players
            b = v["bandits"][seat]
            name = f"seat+{k}"
            out.one_hot(f"{name}.character", b["character"], SUPER_CHARACTERS)
            out.one_hot(f"{name}.car", b["car"], cars)
            out.flag(f"{name}.roof", b["roof"])
            out.one_hot(f"{name}.order", b["order"], range(3))
            out.flag(f"{name}.facing_caboose", b["facing"] == "caboose")
            out.flag(f"{name}.stunned", b["stunned"])
            out.flag(f"{name}.out", b["out"])
            out.num(f"{name}.out_round", b["out_round"], rounds)
            out.flag(f"{name}.falling", b["falling"])
            loot = b["loot"]
            out.num(f"{name}.loot", len(loot), 4)
            out.num(f"{name}.loot_value", sum(t.get("value") or 0 for t in loot), 10)
            p = v["players"][seat]
            out.num(f"{name}.programmed", p["programmed"], stack_size)
            out.num(f"{name}.to_reveal", p["to_reveal"], stack_size)
            out.counts(f"{name}.revealed", p["revealed"], SUPER_CARDS)
            out.one_hot(f"{name}.set_aside", p["set_aside"], range(stack_size + 1))
        out.counts("cards", v["cards"], SUPER_CARDS)
        out.counts("hand", v.get("hand") or [], SUPER_CARDS)
        stack = v.get("stack") or []
        for i in range(stack_size):
            out.one_hot(f"stack{i}", stack[i] if i < len(stack) else None, SUPER_CARDS)

    return fill
