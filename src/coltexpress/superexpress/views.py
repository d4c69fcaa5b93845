"""Colt Super Express: what a seat knows (views), sampled worlds, JSON states, records, the
result and the invariants.

A seat sees the train (every figure, its floor, place, facing, whether stunned), every
card revealed, how many cards each player has programmed, its own programmed stack and the
cards it set aside. The others' stacks and set-aside cards stay hidden until revealed (each
player holds the same cards, so what is hidden is which and in what order).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from ..engine.errors import OptionsError, RecordError
from ..engine.views import share
from .actions import KINDS, SUPER_ACTIONS
from .options import SuperOptions

if TYPE_CHECKING:
    from .game import SuperGame


def build_view(g: SuperGame, seat: object, *, frame: bool = False) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator): the public view with the seat's own cards
    (``seat_view``); ``frame``: a moment inside a move, with no pending decision."""
    checked = _check_seat(g, seat)
    return seat_view(g, public_view(g, frame=frame), checked, frame=frame)


def build_views(
    g: SuperGame, seats: tuple[int | None, ...], *, frame: bool = False,
    like: dict[str, Any] | None = None,
) -> dict[int | None, dict[str, Any]]:
    """The views of ``seats`` at one moment, each equal to its ``build_view``, the public
    view built once and shared (the same objects: a caller must not change them);
    ``like``: an earlier moment's public view, as the base game's ``build_views`` has it."""
    for seat in seats:
        _check_seat(g, seat)
    public = public_view(g, frame=frame)
    if like is not None:
        public = share(like, public)
    return {seat: seat_view(g, public, seat, frame=frame) for seat in seats}


def _check_seat(g: SuperGame, seat: object) -> int | None:
    """``seat`` if the game has it (None: a spectator); ValueError for anything else."""
    if seat is None:
        return None
    if not (isinstance(seat, int) and 0 <= seat < g.n_players):
        raise ValueError(f"no seat {seat!r} in a {g.n_players}-player game")
    return seat


def seat_view(
    g: SuperGame, public: dict[str, Any], seat: int | None, *, frame: bool = False
) -> dict[str, Any]:
    """``public`` as ``seat`` sees it: its set-aside cards, its stack in order, its legal
    plays."""
    if seat is None:
        return public
    view = {**public, "seat": seat}
    view["hand"] = [KINDS[c] for c in sorted(g.hand[seat])]
    view["stack"] = [KINDS[c] for c in g.stack[seat]]
    if g.pending.seat == seat and not (frame and not g.is_over):
        view["legal"] = [str(a) for a in g.legal_actions()]
    if "result" in view:  # last, as it always was
        view["result"] = view.pop("result")
    return view


def public_view(g: SuperGame, *, frame: bool = False) -> dict[str, Any]:
    """What everyone sees (the view of ``seat=None``, a spectator)."""
    watching = frame and not g.is_over
    pend = g.pending
    cars = []
    for car in range(g.last + 1):
        cars.append({
            "car": car,
            "inside": [g.chars[s] for s in g.floors[2 * car]],
            "roof": [g.chars[s] for s in g.floors[2 * car + 1]],
        })
    bandits = []
    for s in range(g.n_players):
        space = g.space_of(s)
        bandits.append({
            "character": g.chars[s],
            "seat": s,
            "car": None if space is None else space >> 1,
            "roof": None if space is None else bool(space & 1),
            "order": None if space is None else g.floors[space].index(s),
            "facing": "locomotive" if g.facing[s] < 0 else "caboose",
            "stunned": g.stunned[s],
            "out": g.out[s],
            "out_round": g.out_round[s] or None,
            "falling": g.falling[s],
            "loot": [{"car": c, "value": g.loot_value(c)} for c in g.loot[s]],
        })
    players = [
        {
            "seat": s,
            "bandit": g.chars[s],
            "programmed": len(g.stack[s]) + len(g.revealed[s]),
            "to_reveal": len(g.stack[s]),
            "revealed": [KINDS[c] for c in g.revealed[s]],
            "set_aside": len(g.hand[s]) if len(g.stack[s]) + len(g.revealed[s]) >= 3 else None,
        }
        for s in range(g.n_players)
    ]
    view: dict[str, Any] = {
        "game": "super-express",
        "seat": None,
        "options": g.options.to_dict(),
        "round": g.round_no + 1,
        "first_player": g.first,
        "caboose": g.last,
        "cars": cars,
        "bandits": bandits,
        "players": players,
        "cards": list(g.options.card_kinds),
        "decision": "watch" if watching else pend.decision.value,
        "actor": None if watching else pend.seat,
        "actor_bandit": None if watching else pend.bandit,
    }
    if g.is_over:
        view["result"] = g.result()
    return view


def determinize(g: SuperGame, seat: int | None, rng: random.Random) -> SuperGame:
    """A full state the seat cannot tell from the real one: each other player's unrevealed
    cards dealt again between his stack (in a new order) and his set-aside cards."""
    d = g.clone()
    d.history = []
    d.legal = None
    if g.is_over:
        return d
    for s in range(g.n_players):
        if s == seat or d.out[s]:
            continue
        pool = sorted(d.stack[s] + d.hand[s])
        rng.shuffle(pool)
        n = len(d.stack[s])
        d.stack[s], d.hand[s] = pool[:n], pool[n:]
    return d


# ---------------------------------------------------------------------------- result


def score(g: SuperGame) -> dict[str, Any]:
    seats = range(g.n_players)
    loot = [len(g.loot[s]) for s in seats]
    best = [max((g.loot_value(c) for c in g.loot[s]), default=0) for s in seats]
    aboard = [g.space_of(s) is not None for s in seats]
    # A standing for search agents: still aboard first, then the round one fell in, the
    # Loot cards and the best of them (the winners' rule).
    totals = [
        (1000 if aboard[s] else 100 * g.out_round[s]) + 10 * loot[s] + best[s] for s in seats
    ]
    return {
        "loot": loot,
        "best_loot": best,
        "aboard": aboard,
        "out_round": [g.out_round[s] or None for s in seats],
        "totals": totals,
        "winners": list(g.winners),
    }


# ---------------------------------------------------------------------------- JSON


_INT_LISTS: Final = ("facing", "out_round")
_BOOL_LISTS: Final = ("stunned", "out", "falling")
_NESTED: Final = ("floors", "hand", "stack", "revealed", "loot")
_INTS: Final = ("seed", "rng", "last", "round_no", "first", "phase", "actor", "step")


def state_to_json(g: SuperGame) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "super-express", "format": 1,
                            "options": g.options.to_dict(), "chars": list(g.chars),
                            "history": list(g.history), "winners": list(g.winners)}
    for name in _INTS:
        data[name] = getattr(g, name)
    for name in _INT_LISTS + _BOOL_LISTS:
        data[name] = list(getattr(g, name))
    for name in _NESTED:
        data[name] = [list(x) for x in getattr(g, name)]
    return data


def state_from_json(data: object) -> SuperGame:
    """Inverse of state_to_json; RecordError on anything malformed or inconsistent."""
    from .game import SuperGame

    if not isinstance(data, dict) or data.get("game") != "super-express":
        raise RecordError("not a Colt Super Express state (its 'game' must be 'super-express')")
    g = SuperGame()
    g.chance = None
    try:
        g.options = SuperOptions.from_dict(data["options"])
        n = g.n_players = g.options.players
        g.chars = tuple(str(c) for c in data["chars"])
        for name in _INTS:
            value = data[name]
            if not isinstance(value, int) or isinstance(value, bool):
                raise RecordError(f"state field {name!r} must be an integer")
            setattr(g, name, value)
        for name in _INT_LISTS + _BOOL_LISTS:
            value = data[name]
            kind = bool if name in _BOOL_LISTS else int
            if not isinstance(value, list) or len(value) != n or not all(
                isinstance(v, kind) and (kind is bool or not isinstance(v, bool)) for v in value
            ):
                raise RecordError(f"state field {name!r} must hold {n} values")
            setattr(g, name, list(value))
        for name in _NESTED:
            value = data[name]
            if not isinstance(value, list) or not all(
                isinstance(x, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                            for v in x) for x in value
            ):
                raise RecordError(f"state field {name!r} must be a list of integer lists")
            setattr(g, name, [list(x) for x in value])
        g.history = [int(i) for i in data["history"]]
        g.winners = [int(i) for i in data["winners"]]
    except KeyError as missing:
        raise RecordError(f"state is missing the field {missing.args[0]!r}") from None
    except OptionsError as bad_options:
        raise RecordError(f"state options: {bad_options}") from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed state: {exc}") from None
    g.events = []
    g.quiet = False
    g.frames = None
    g.legal = None
    problems = check_invariants(g)
    if problems:
        raise RecordError("state is inconsistent: " + "; ".join(problems))
    return g


def check_invariants(g: SuperGame) -> list[str]:
    """What holds in every reachable state (used by the fuzz tests and when loading)."""
    n = g.n_players
    problems = []
    if len(g.chars) != n or len(set(g.chars)) != n:
        problems.append("characters do not match the players")
    if not 0 <= g.last <= n + 1:
        problems.append(f"the caboose is car {g.last}")
    if len(g.floors) != 2 * (g.last + 1):
        problems.append("the train's floors do not match its cars")
        return problems
    if len(g.hand) != n or len(g.stack) != n or len(g.revealed) != n or len(g.loot) != n:
        problems.append("per-player tables do not match the players")
        return problems
    placed = [s for f in g.floors for s in f]
    if any(not 0 <= s < n for s in placed) or len(placed) != len(set(placed)):
        problems.append("a figure is in two places or is no figure")
    for s in range(n):
        on = s in placed
        if g.out[s] and (on or g.falling[s]):
            problems.append(f"{g.chars[s]} is out but still in the game")
        if not g.out[s] and not on and not g.falling[s]:
            problems.append(f"{g.chars[s]} has vanished")
        if on and g.falling[s]:
            problems.append(f"{g.chars[s]} falls but stands on the train")
        if g.out[s] != bool(g.out_round[s]):
            problems.append(f"{g.chars[s]}'s round out does not match")
        if g.facing[s] not in (-1, 1):
            problems.append(f"{g.chars[s]} faces nowhere")
        if g.stunned[s] and not on:
            problems.append(f"{g.chars[s]} is stunned off the train")
        cards = sorted(g.hand[s] + g.stack[s] + g.revealed[s])
        every = sorted(KINDS.index(k) for k in g.options.card_kinds)
        if not g.out[s] and cards != every:
            problems.append(f"{g.chars[s]}'s cards are not conserved")
        if len(g.stack[s]) + len(g.revealed[s]) > 3:
            problems.append(f"{g.chars[s]} programmed more than 3 cards")
    taken = sorted(c for x in g.loot for c in x)
    if taken != sorted(set(taken)) or any(not g.last < c <= n + 1 for c in taken):
        problems.append("Loot cards are not cars that came off")
    if g.phase not in (0, 1):
        problems.append(f"phase {g.phase}")
    elif g.phase == 0 and (not 0 <= g.actor < n or g.out[g.actor]
                           or len(g.stack[g.actor]) >= 3):
        problems.append("the seat to act cannot program")
    if not 0 <= g.first < n or (g.phase == 0 and g.out[g.first]):
        problems.append("the first player is out")
    if any(not 0 <= i < len(SUPER_ACTIONS) for i in g.history):
        problems.append("the history names no action")
    return problems


# ---------------------------------------------------------------------------- records


def replay_record(record: object) -> SuperGame:
    from ..engine.errors import ColtError
    from .game import SUPER_RULES_VERSION, SuperGame

    if not isinstance(record, dict):
        raise RecordError("a record must be an object")
    if record.get("game") != "super-express":
        raise RecordError("not a Colt Super Express record (its 'game' must be 'super-express')")
    version = record.get("rules_version")
    if version != SUPER_RULES_VERSION:
        raise RecordError(f"record rules version {version!r} is not {SUPER_RULES_VERSION!r}")
    try:
        options = SuperOptions.from_dict(record["options"])
        seed = record["seed"]
        actions = record["actions"]
    except KeyError as missing:
        raise RecordError(f"record is missing {missing.args[0]!r}") from None
    except OptionsError as bad_options:
        raise RecordError(f"record options: {bad_options}") from None
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(actions, list):
        raise RecordError("a record's seed must be an integer and its actions a list")
    g = SuperGame.new(options, seed=seed)
    for i, text in enumerate(actions):
        try:
            g.apply(text)
        except ColtError as refused:
            raise RecordError(f"action {i} ({text!r}) does not replay: {refused}") from None
    return g
