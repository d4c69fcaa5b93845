"""JSON for full states (server side) and compact game records that replay exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .actions import ACTIONS
from .content import round_specs
from .errors import ColtError, OptionsError, RecordError
from .options import Options

if TYPE_CHECKING:
    from .game import Game

STATE_FORMAT: Final = "coltexpress-state"
RECORD_FORMAT: Final = "coltexpress-record"

# Fields that derive from the options and the setup draw, stored so a state stands alone.
_INT_FIELDS: Final = (
    "seed", "n_players", "n_bandits", "last", "neutral_base", "rng", "marshal", "neutral",
    "round_no", "round_card", "first", "step", "resolve_i", "phase", "actor", "cur",
)
_BOOL_FIELDS: Final = ("cover_rule", "pick_rule", "expert", "accessible", "neutral_gone")
_INT_TUPLES: Final = (
    "char_idx", "seat_of", "who", "train", "card_kind", "card_bandit", "bullet_base",
    "loot_kind", "loot_value", "round_log",
)
_INT_LISTS: Final = (
    "pos", "cylinder", "received", "friendly", "pile", "round_deck", "turns_taken", "placed",
    "queue", "history", "box", "reserve", "loot_seen", "hand_bullets",
)
_NESTED: Final = (
    "floor_loot", "held", "deck", "hand", "discard", "kept", "dropped", "hand_known", "deck_from"
)


def state_to_json(g: Game) -> dict[str, Any]:
    from .game import RULES_VERSION

    data: dict[str, Any] = {
        "format": STATE_FORMAT,
        "rules_version": RULES_VERSION,
        "options": g.options.to_dict(),
        "chars": list(g.chars),
        "power": list(g.power),
        "bandits_of": [list(t) for t in g.bandits_of],
        "powers": [sorted(p) for p in g.powers],
        "loot_public": list(g.loot_public),
        "pile_down": list(g.pile_down),
        "schedule": [list(x) for x in g.schedule],
        "deck_known": [
            [[size, list(public), list(owner)] for size, public, owner in segments]
            for segments in g.deck_known
        ],
    }
    if g.mp is not None:
        data["mp"] = g.mp.to_json()
    if g.hs is not None:
        data["hs"] = g.hs.to_json()
    for name in _INT_FIELDS + _BOOL_FIELDS:
        data[name] = getattr(g, name)
    for name in _INT_TUPLES + _INT_LISTS:
        data[name] = list(getattr(g, name))
    for name in _NESTED:
        data[name] = [list(x) for x in getattr(g, name)]
    return data


def _ints(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RecordError(f"state field {name!r} must be a list of integers")
    return list(value)


def _segments(value: Any) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    if not isinstance(value, list):
        raise RecordError("state field 'deck_known' must be a list of segment lists")
    out = []
    for segment in value:
        if not isinstance(segment, list) or len(segment) != 3:
            raise RecordError("state field 'deck_known' holds a malformed segment")
        size = segment[0]
        if not isinstance(size, int) or isinstance(size, bool):
            raise RecordError("state field 'deck_known' holds a malformed segment")
        out.append((size, tuple(_ints(segment[1], "deck_known")),
                    tuple(_ints(segment[2], "deck_known"))))
    return out


def state_from_json(data: Any) -> Game:
    from .game import RULES_VERSION, Game
    from .invariants import check_invariants

    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise RecordError(f"not a {STATE_FORMAT} object")
    if data.get("rules_version") != RULES_VERSION:
        raise RecordError(
            f"state is for rules version {data.get('rules_version')!r}, "
            f"this engine plays {RULES_VERSION!r}"
        )
    g = Game()
    g.chance = None
    try:
        g.options = Options.from_dict(data["options"])
        g.round_specs = round_specs(marshal_prisoners=g.options.marshal_prisoners,
                                    horses_stagecoach=g.options.horses_stagecoach)
        for name in _INT_FIELDS:
            value = data[name]
            if not isinstance(value, int) or isinstance(value, bool):
                raise RecordError(f"state field {name!r} must be an integer")
            setattr(g, name, value)
        for name in _BOOL_FIELDS:
            if not isinstance(data[name], bool):
                raise RecordError(f"state field {name!r} must be true or false")
            setattr(g, name, data[name])
        for name in _INT_TUPLES:
            setattr(g, name, tuple(_ints(data[name], name)))
        for name in _INT_LISTS:
            setattr(g, name, _ints(data[name], name))
        for name in _NESTED:
            value = data[name]
            if not isinstance(value, list):
                raise RecordError(f"state field {name!r} must be a list of lists")
            setattr(g, name, [_ints(x, name) for x in value])
        g.chars = tuple(str(c) for c in data["chars"])
        g.power = tuple(None if p is None else str(p) for p in data["power"])
        g.bandits_of = tuple(tuple(_ints(t, "bandits_of")) for t in data["bandits_of"])
        g.powers = [frozenset(str(p) for p in ps) for ps in data["powers"]]
        g.loot_public = tuple(bool(v) for v in data["loot_public"])
        g.pile_down = [bool(v) for v in data["pile_down"]]
        g.schedule = tuple((int(a), int(b)) for a, b in data["schedule"])
        g.deck_known = [_segments(x) for x in data["deck_known"]]
        g.legal = None  # derived again on demand
        g.events = []
        g.quiet = False
        g.frames = None
        g.mp = None
        if g.options.marshal_prisoners:
            from .mp.state import MPState

            g.mp = MPState.from_json(data["mp"], g.n_bandits)
        g.hs = None
        if g.options.horses_stagecoach:
            from .hs.state import HSState

            g.hs = HSState.from_json(data["hs"], g.n_bandits, g.n_players, g.last,
                                     len(g.loot_kind))
    except KeyError as missing:
        raise RecordError(f"state is missing the field {missing.args[0]!r}") from None
    except OptionsError as bad_options:
        raise RecordError(f"state options: {bad_options}") from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ColtError):
            raise
        raise RecordError(f"malformed state: {exc}") from None
    from .game import DECISIONS, OVER

    if not 0 <= g.phase < len(DECISIONS):
        raise RecordError(f"state field 'phase' out of range: {g.phase}")
    if g.phase != OVER and not 0 <= g.actor < g.n_players:
        raise RecordError(f"state field 'actor' out of range: {g.actor}")
    if not -1 <= g.cur < g.n_bandits:
        raise RecordError(f"state field 'cur' out of range: {g.cur}")
    ranges = {  # fields the flow loops or indexes on: out of range, they hang or crash it
        "n_players": (g.n_players, g.options.players, g.options.players),
        "n_bandits": (g.n_bandits, g.options.figure_count, g.options.figure_count),
        "first": (g.first, 0, g.n_players - 1),
        "round_no": (g.round_no, 0, 5),
        "round_card": (g.round_card, -1, len(g.round_specs) - 1),
        "step": (g.step, 0, len(g.schedule)),
        "resolve_i": (g.resolve_i, 0, len(g.pile)),
    }
    for name, (value, low, high) in ranges.items():
        if not low <= value <= high:
            raise RecordError(f"state field {name!r} out of range: {value}")
    _check_shape(g)
    try:
        problems = check_invariants(g)
        if not problems:
            g.legal_ids()
    except (IndexError, KeyError, TypeError, ValueError) as wrong:
        raise RecordError(f"state is inconsistent: {wrong!r}") from None
    if problems:
        raise RecordError("state is inconsistent: " + "; ".join(problems))
    if g.phase != OVER and not g.legal_ids():
        raise RecordError("state is inconsistent: nobody can act, yet the game is not over")
    return g


def _check_shape(g: Game) -> None:
    """Table lengths and codes that the flow indexes without looking (a loaded state can
    hold anything): a bad one is a RecordError here rather than a crash later."""
    from .actions import MARSHAL_FIGURE
    from .content import CARD_KINDS, CHARACTERS, LOOT_KINDS, PURSE
    from .game import ATTACK, COVER, D_RIDE, FLEE, KEEP, OVER, PICK, PICKPOCKET, PLACE, PLAY, SIP
    from .ids import FIGURES

    HS_PHASES = (ATTACK, D_RIDE, SIP, FLEE)

    nb, np_ = g.n_bandits, g.n_players
    sizes = {
        "chars": (g.chars, nb), "char_idx": (g.char_idx, nb), "power": (g.power, nb),
        "seat_of": (g.seat_of, nb), "who": (g.who, nb), "bullet_base": (g.bullet_base, nb),
        "pos": (g.pos, nb), "cylinder": (g.cylinder, nb), "received": (g.received, nb),
        "friendly": (g.friendly, nb), "held": (g.held, nb), "bandits_of": (g.bandits_of, np_),
        "powers": (g.powers, nb),
        "deck": (g.deck, np_), "hand": (g.hand, np_), "discard": (g.discard, np_),
        "kept": (g.kept, np_), "turns_taken": (g.turns_taken, np_), "placed": (g.placed, np_),
        "train": (g.train, g.last), "card_bandit": (g.card_bandit, len(g.card_kind)),
        "loot_public": (g.loot_public, len(g.loot_kind)), "pile_down": (g.pile_down, len(g.pile)),
        "floor_loot": (g.floor_loot, 2 * (g.last + 1 + g.options.horses_stagecoach)),
        "deck_known": (g.deck_known, np_), "hand_known": (g.hand_known, np_),
        "dropped": (g.dropped, np_), "deck_from": (g.deck_from, np_),
        "hand_bullets": (g.hand_bullets, np_),
        "loot_seen": (g.loot_seen, len(g.loot_kind)),
    }
    for name, (table, size) in sizes.items():
        if len(table) != size:
            raise RecordError(f"state field {name!r} has {len(table)} entries, not {size}")
    bad = None
    figures = ((MARSHAL_FIGURE,) if g.options.marshal_prisoners else ()) + CHARACTERS
    if len(set(g.chars)) != nb or any(c not in figures for c in g.chars) or (
        g.options.marshal_prisoners and g.chars[0] != MARSHAL_FIGURE
    ):
        bad = "chars"
    elif g.char_idx != tuple(FIGURES.index(c) for c in g.chars):
        bad = "char_idx"
    elif g.seat_of != tuple(b // (nb // np_) for b in range(nb)) or g.bandits_of != tuple(
        tuple(b for b in range(nb) if g.seat_of[b] == s) for s in range(np_)
    ):
        bad = "seat_of"
    elif any(not 0 <= w <= len(CHARACTERS) for w in g.who) or (
        not g.options.two_bandits and any(g.who)
    ):
        bad = "who"
    elif any(not 0 <= c < len(g.card_kind) for c in g.pile):
        bad = "pile"
    elif any(not 0 <= k < len(CARD_KINDS) for k in g.card_kind):
        bad = "card_kind"
    elif any(not -1 <= b < nb for b in g.card_bandit):
        bad = "card_bandit"
    elif any(not 0 <= k < len(LOOT_KINDS) for k in g.loot_kind):
        bad = "loot_kind"
    elif any(not 0 <= i < len(g.round_specs) for i in (*g.round_deck, *g.round_log)):
        bad = "round_deck"
    elif any(not -1 <= b < nb for b in g.placed) or any(not 0 <= b < nb for b in g.queue):
        bad = "placed"
    elif g.round_card >= 0 and any(
        not 0 <= t < len(g.round_specs[g.round_card].turns_for(g.options.band))
        or not 0 <= s < np_
        for t, s in g.schedule
    ):
        bad = "schedule"
    if bad is not None:
        raise RecordError(f"state field {bad!r} does not match the game")
    # The pending decision must be one the flow can ask.
    phase, ok = g.phase, True
    if phase == OVER:
        ok = g.round_no == 5
    elif phase in (PLACE, PICK):
        ok = g.cur == -1 and g.options.two_bandits and g.round_card == -1 and (
            phase == PICK or g.round_no == 0
        ) and bool(g.round_deck)  # the round card is revealed after the pick
    elif phase in (PLAY, COVER):
        ok = g.cur == -1 and g.round_card >= 0 and g.step < len(g.schedule) and (
            g.schedule[g.step][1] == g.actor
        )
    elif phase == KEEP:
        ok = g.cur == -1 and g.expert and bool(g.hand[g.actor])
    elif phase == PICKPOCKET:
        ok = g.cur >= 0 and g.seat_of[g.cur] == g.actor
    elif g.hs is not None and phase in HS_PHASES:
        from .hs.rules import phase_ok as hs_phase_ok

        ok = hs_phase_ok(g)
    elif g.mp is not None:
        from .mp.state import phase_ok

        ok = phase_ok(g)
    else:  # resolving the card on top of the resolved part of the pile
        ok = (
            0 <= g.resolve_i < len(g.pile)
            and 0 <= g.pile[g.resolve_i] < len(g.card_kind)
            and g.card_kind[g.pile[g.resolve_i]] == phase - 5
            and g.card_bandit[g.pile[g.resolve_i]] == g.cur >= 0
            and g.seat_of[g.cur] == g.actor
        )
    if phase == PICKPOCKET and ok:
        space = g.pos[g.cur]
        ok = 0 <= space < len(g.floor_loot) and any(
            0 <= t < len(g.loot_kind) and g.loot_kind[t] == PURSE for t in g.floor_loot[space]
        )
    if phase not in (PLACE, PICK, OVER, ATTACK):
        ok = ok and g.round_card >= 0  # every other decision is taken during a round
    if not ok:
        raise RecordError(f"state field 'phase' ({phase}) does not match the rest of the state")


def make_record(g: Game) -> dict[str, Any]:
    from .game import RULES_VERSION

    return {
        "format": RECORD_FORMAT,
        "rules_version": RULES_VERSION,
        "options": g.options.to_dict(),
        "seed": g.seed,
        "actions": [str(ACTIONS[i]) for i in g.history],
    }


def replay_record(record: Any) -> Game:
    from .game import RULES_VERSION, Game

    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a {RECORD_FORMAT} object")
    if record.get("rules_version") != RULES_VERSION:
        raise RecordError(
            f"record is for rules version {record.get('rules_version')!r}, "
            f"this engine plays {RULES_VERSION!r}"
        )
    seed = record.get("seed")
    actions = record.get("actions")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("record field 'seed' must be an integer")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record field 'actions' must be a list of action texts")
    try:
        game = Game.new(Options.from_dict(record.get("options", {})), seed=seed)
    except OptionsError as bad_options:
        raise RecordError(f"record options: {bad_options}") from None
    for n, text in enumerate(actions, 1):
        try:
            game.apply(text)
        except ColtError as refused:
            raise RecordError(f"action {n} ({text!r}) does not replay: {refused}") from None
    return game
