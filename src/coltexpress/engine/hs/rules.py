"""Horses & Stagecoach's rules: the stagecoach's two spaces, the Shotgun, horses and the
Ride card, the Horse Attack, whiskey, hostages and Turmoil turns.

Every function takes the game (``g.hs`` is its Horses & Stagecoach state). The base
resolution functions call the few ``*`` hooks here where a rule of the expansion changes
theirs; the expansion's own card (Ride) and decisions are filled in below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from .. import flow, ids, knowledge, resolve
from ..actions import Move, MoveTrain, Ride
from ..content import BULLET, IDEA, PUNCH, RIDE, WHISKEY, TurnType
from .content import hs_content

if TYPE_CHECKING:
    from ..game import Game
    from .state import HSState

# Decision codes (the order of game.Decision).
PLAY: Final = 2
ATTACK: Final = 23
D_RIDE: Final = 24
SIP: Final = 25
FLEE: Final = 26
_emit = flow.emit
_DELTA: Final = ids.DIR_DELTA


def _hs(g: Game) -> HSState:
    assert g.hs is not None  # only called in a game of the expansion
    return g.hs


def coach_in(g: Game) -> int:
    """The stagecoach's inside (its roof is the next space)."""
    return 2 * (g.last + 1)


def in_coach(g: Game, space: int) -> bool:
    return space >= 2 * (g.last + 1)


def is_marshal(g: Game, b: int) -> bool:
    """The Marshal player's figure (Marshal & Prisoners)."""
    return g.mp is not None and b == g.mp.marshal


def hostage_name(g: Game, b: int) -> str | None:
    h = _hs(g).hostage[b]
    return None if h < 0 else hs_content().hostages[h].name


def car_of(g: Game, space: int) -> int:
    """The train car a space is at: the stagecoach counts as beside its car."""
    return _hs(g).coach if in_coach(g, space) else space >> 1


def on_train(g: Game, b: int) -> bool:
    p = g.pos[b]
    return 0 <= p < coach_in(g)


def where(g: Game, space: int) -> dict[str, object]:
    """A space for events: the stagecoach's, or a car's."""
    if in_coach(g, space):
        return {"coach": True, "beside": _hs(g).coach, "roof": bool(space & 1), "cars": g.last,
                "prison": g.mp is not None}
    return {"car": space >> 1, "roof": bool(space & 1), "cars": g.last, "prison": g.mp is not None}


# ---------------------------------------------------------------------------- entering


def entered(g: Game, b: int, space: int) -> None:
    """A bandit entering the stagecoach must take a hostage if he has none (the Marshal
    never does): the top card of the face-down hostages beside the locomotive."""
    hs = _hs(g)
    if space != coach_in(g) or is_marshal(g, b) or hs.hostage[b] >= 0 or not hs.hostages:
        return
    h = hs.hostages.pop()
    hs.hostage[b] = h
    name = hs_content().hostages[h].name
    _emit(g, "hostage", None, bandit=g.chars[b], hostage=name)
    if name == "poker-player":
        update_powers(g, b)


def update_powers(g: Game, b: int) -> None:
    """The Poker Player takes the bandit's own power for the rest of the game (a
    sidekick's power, Marshal & Prisoners, stays)."""
    if g.mp is not None:
        from ..mp.rules import update_powers as mp_update

        mp_update(g, b)
    if hostage_name(g, b) == "poker-player" and g.power[b] is not None:
        g.powers[b] = g.powers[b] - {g.power[b]}


def lost_own_power(g: Game, b: int) -> bool:
    return hostage_name(g, b) == "poker-player"


# ---------------------------------------------------------------------------- Move


def move_options(g: Game, b: int) -> list[int]:
    """Inside: one car along the train (the stagecoach's inside is reached by its roof, a
    Ride or a punch: D-hs-coach-inside). On a roof: 1-3 steps, the step between the train
    and the stagecoach's roof counting as one; 1 with the Old Lady."""
    hs = _hs(g)
    space = g.pos[b]
    car, roof = space >> 1, space & 1
    reach = (1 if hostage_name(g, b) == "old-lady" else 3) if roof else 1
    if in_coach(g, space):
        if not roof:
            return []
        out = [ids.MOVE_TRAIN[0][0]]
        for d in (0, 1):
            for n in range(1, reach):
                if 0 <= hs.coach + _DELTA[d] * n <= g.last:
                    out.append(ids.MOVE_TRAIN[d][n])
        return out
    out = []
    for d in (0, 1):
        for n in range(1, reach + 1):
            if 0 <= car + _DELTA[d] * n <= g.last:
                out.append(ids.MOVE[d][n])
    if roof and abs(car - hs.coach) + 1 <= reach:
        out.append(ids.MOVE_COACH)
    return out


def do_move(g: Game, b: int, index: int) -> None:
    """A Move; a bandit passing the Shotgun on the roofs takes a neutral bullet."""
    hs = _hs(g)
    action = ids.ACTIONS[index]
    old = g.pos[b]
    car = old >> 1
    passed: list[int]
    if isinstance(action, Move):
        step = _DELTA[ids.DIR_INDEX[action.direction]]
        new = old + 2 * step * action.distance
        passed = [car + step * i for i in range(1, action.distance)]
    elif isinstance(action, MoveTrain):
        step = 0 if action.direction is None else _DELTA[ids.DIR_INDEX[action.direction]]
        dest = hs.coach + step * action.distance
        new = 2 * dest + 1
        passed = [hs.coach + step * i for i in range(action.distance)]
    else:  # onto the stagecoach's roof
        new = coach_in(g) + 1
        step = 1 if hs.coach > car else -1
        passed = [car + step * i for i in range(1, abs(hs.coach - car) + 1)]
    _emit(g, "move", None, bandit=g.chars[b], frm=resolve._where(g, old),
          to=resolve._where(g, new))
    if old & 1 and hs.shotgun >= 0 and hs.shotgun in passed and not is_marshal(g, b):
        resolve.give_neutral(g, [b], reason="shotgun-passed")
    resolve.enter(g, b, new)


# ---------------------------------------------------------------------------- Shoot


def line_of_fire(g: Game, b: int) -> list[int]:
    """Everyone a Shoot could reach: along the train as in the base game; between the
    stagecoach and the car beside it inside; between the stagecoach's roof and any train
    roof; the active Shotgun blocking the train's roofs beyond him (D-hs-shotgun-sight)."""
    hs = _hs(g)
    pos = g.pos
    space = pos[b]
    car, roof = space >> 1, space & 1
    cin = coach_in(g)
    powers = g.powers[b]
    targets: list[int] = []
    if "lone-gunman" in powers and resolve._alone_for_django(g, b):
        targets = [t for t, p in enumerate(pos) if p >= 0 and p & 1 == roof and p != space]
    elif space == cin + 1:
        targets = [t for t, p in enumerate(pos) if 0 <= p < cin and p & 1]
    elif space == cin:
        targets = [t for t, p in enumerate(pos) if p == 2 * hs.coach]
    elif roof:
        for step in (-1, 1):
            c = car + step
            while 0 <= c <= g.last:
                here = [t for t, p in enumerate(pos) if p == 2 * c + 1]
                if here:
                    targets += here
                    break
                if c == hs.shotgun:
                    break
                c += step
        targets += [t for t, p in enumerate(pos) if p == cin + 1]
    else:
        targets = [t for t, p in enumerate(pos) if p in (space - 2, space + 2) and p < cin]
        if car == hs.coach:
            targets += [t for t, p in enumerate(pos) if p == cin]
    if "through-floor" in powers:  # Tuco
        targets += [t for t, p in enumerate(pos) if p == space ^ 1 and p >= 0]
    return targets


def knockback_origin(g: Game, b: int, target: int) -> int | None:
    """Django's shot knocks a bandit on the train away from the shooter's car, the
    stagecoach's car when he shoots from the stagecoach; nobody is knocked out of the
    stagecoach (D-hs-django)."""
    if not on_train(g, target):
        return None
    return car_of(g, g.pos[b])


# ---------------------------------------------------------------------------- Rob


def robbable(g: Game, space: int, loot: list[int]) -> list[int]:
    """The Shotgun's strongbox is out of reach while he guards it (any other loot on the
    stagecoach's roof is not)."""
    hs = _hs(g)
    if hs.shotgun < 0 and hs.guarded in loot:
        return [t for t in loot if t != hs.guarded]
    return loot


def after_rob(g: Game, b: int, token: int) -> None:
    """Whoever takes a whiskey flask may look at it."""
    if g.loot_kind[token] == WHISKEY:
        _emit(g, "whiskey-seen", g.seat_of[b], bandit=g.chars[b], old=token in _hs(g).old)


# ---------------------------------------------------------------------------- Punch


def push_dirs(g: Game, space: int) -> tuple[int, ...]:
    """Where a punch may push: along the train, into the stagecoach from the car beside it
    (same level), out of it onto that car."""
    if in_coach(g, space):
        return (ids.PUSH_TRAIN,)
    car = space >> 1
    dirs = tuple(d for d in (0, 1) if 0 <= car + _DELTA[d] <= g.last)
    if car == _hs(g).coach:
        dirs = (*dirs, ids.PUSH_COACH)
    return dirs


def shotgun_punch(g: Game, b: int) -> list[int]:
    """The Shotgun can be punched on the stagecoach's roof while he guards the strongbox."""
    if g.pos[b] == coach_in(g) + 1 and _hs(g).shotgun < 0:
        return [ids.PUNCH_SHOTGUN]
    return []


def punch_shotgun(g: Game, b: int) -> None:
    """Knocked to the roof of the car beside the stagecoach; the strongbox is free."""
    hs = _hs(g)
    hs.shotgun = hs.coach
    _emit(g, "shotgun-punched", None, bandit=g.chars[b], car=hs.coach, cars=g.last,
          prison=g.mp is not None)


def push_side(g: Game, target: int, side: str, space: int) -> None:
    """A punch into the stagecoach, or out of it onto the car beside it (same level)."""
    roof = space & 1
    new = coach_in(g) + roof if side == "coach" else 2 * _hs(g).coach + roof
    _emit(g, "pushed", None, bandit=g.chars[target], to=where(g, new))
    resolve.enter(g, target, new)


# ---------------------------------------------------------------------------- Ride


def ride_options(g: Game, b: int) -> list[int]:
    """With a horse beside his car (or beside the stagecoach's car), the rider goes 0-3 cars
    forward or back and gets off inside a car or the stagecoach; at the Escape station he
    may ride away from the train."""
    hs = _hs(g)
    car = car_of(g, g.pos[b])
    if car not in hs.horses:
        return []
    out = [ids.RIDE_TO[c] for c in range(max(0, car - 3), min(g.last, car + 3) + 1)]
    if abs(hs.coach - car) <= 3:
        out.append(ids.RIDE_COACH)
    spec = g.round_card_spec
    if (g.options.events and spec is not None and spec.event == "escape"
            and not is_marshal(g, b)):
        out.append(ids.RIDE_AWAY)
    return out


def do_ride(g: Game, b: int, index: int) -> None:
    hs = _hs(g)
    car = car_of(g, g.pos[b])
    hs.horses.remove(car)
    to = cast(Ride, ids.ACTIONS[index]).to
    if to == "away":
        hs.away[b] = True
        hs.horses_out += 1
        g.pos[b] = -1
        _emit(g, "ride-away", None, bandit=g.chars[b])
        return
    new = coach_in(g) if to == "coach" else 2 * int(to)
    hs.horses.append(car_of(g, new))
    hs.horses.sort()
    _emit(g, "ride", None, bandit=g.chars[b], frm=resolve._where(g, g.pos[b]),
          to=resolve._where(g, new))
    resolve.enter(g, b, new)


# ---------------------------------------------------------------------------- the Shotgun


def after_card(g: Game, b: int) -> bool:
    """A bandit whose action ends in the Shotgun's space takes a neutral bullet and runs to
    the roof of an adjacent car (his choice when there are two: a decision, True)."""
    hs = _hs(g)
    if hs.shotgun < 0 or g.pos[b] != 2 * hs.shotgun + 1 or is_marshal(g, b):
        return False
    resolve.give_neutral(g, [b], reason="shotgun")
    dirs = flee_options(g)
    if len(dirs) == 1:
        flee(g, b, dirs[0])
        return False
    g.phase, g.actor, g.cur = FLEE, g.seat_of[b], b
    g.legal = None
    return True


def flee_options(g: Game) -> list[int]:
    s = _hs(g).shotgun
    return [ids.FLEE[d] for d in (0, 1) if 0 <= s + _DELTA[d] <= g.last]


def flee(g: Game, b: int, index: int) -> None:
    new = 2 * (_hs(g).shotgun + _DELTA[ids.FLEE.index(index)]) + 1
    _emit(g, "flee", None, bandit=g.chars[b], to=resolve._where(g, new))
    resolve.enter(g, b, new)


# ---------------------------------------------------------------------------- Schemin'


def hostage_bans(g: Game, seat: int) -> set[int]:
    """The plays a hostage's drawback forbids (the Teacher: Punch; the Zealot: Ride; the
    Photographer: anything face down)."""
    name = hostage_name(g, g.bandits_of[seat][0])
    if name == "teacher":
        return set(ids.PLAY[PUNCH][0])
    if name == "zealot":
        return set(ids.PLAY[RIDE][0])
    if name == "photographer":
        return {row[1] for kind in ids.PLAY for row in kind if row[1] >= 0}
    return set()


def play_ids(g: Game, seat: int, out: list[int]) -> list[int]:
    """The hostages' drawbacks, and a drink of whiskey on Normal turns."""
    b = g.bandits_of[seat][0]
    banned = hostage_bans(g, seat)
    out = [i for i in out if i not in banned]
    if flow.current_turn_type(g) is TurnType.STANDARD:
        out += drink_ids(g, b)
    return out


def drink_ids(g: Game, b: int) -> list[int]:
    hs = _hs(g)
    flasks = [t for t in g.held[b] if g.loot_kind[t] == WHISKEY]
    out = []
    if any(t not in hs.old for t in flasks):
        out.append(ids.DRINK[0])
    if any(t in hs.old for t in flasks):
        out.append(ids.DRINK[1])
    return out


def play(g: Game, index: int) -> bool:
    """The expansion's Schemin' plays: a drink, a secret choice on a Turmoil turn, a card
    the Photographer's bandit plays face up in a tunnel. True when handled here."""
    seat = g.actor
    turn = flow.current_turn_type(g)
    if index in ids.DRINK:
        drink(g, seat, old=index == ids.DRINK[1])
        return True
    if turn is TurnType.TURMOIL:
        _turmoil_choice(g, seat, index)
        return True
    if (turn is TurnType.TUNNEL and index not in (ids.DRAW, ids.PASS, ids.DRAW_IDEA)
            and hostage_name(g, g.bandits_of[seat][0]) == "photographer"):
        card = flow.take_from_hand(g, seat, index)
        flow.to_pile(g, seat, card, False, cover=False)
        _next_turn(g, seat)
        return True
    return False


def _next_turn(g: Game, seat: int) -> None:
    g.turns_taken[seat] += 1
    g.step += 1
    flow.ask_turn(g)


# -- whiskey ---------------------------------------------------------------------------


def drink(g: Game, seat: int, *, old: bool) -> None:
    """Half a flask (a half-drunk one first): normal, draw 3 cards then play 1; old, play 2
    cards in a row. Its kind is shown to all."""
    hs = _hs(g)
    b = g.bandits_of[seat][0]
    flasks = [t for t in g.held[b] if g.loot_kind[t] == WHISKEY and (t in hs.old) == old]
    flasks.sort(key=lambda t: t not in hs.half)
    token = flasks[0]
    reveal_flask(g, token)
    if token in hs.half:
        hs.half.remove(token)
        g.held[b].remove(token)
        hs.empty.append(token)
        emptied = True
    else:
        hs.half.append(token)
        emptied = False
    _emit(g, "drink", None, seat=seat, bandit=g.chars[b], old=old, token=token, empty=emptied)
    if not old:
        got = flow.draw(g, seat, 3)
        if g.events is not None:
            _emit(g, "draw", None, seat=seat, who=flow.who(g, seat), count=len(got))
            _emit(g, "drawn", seat, cards=flow._names_in_order(g, got))
    hs.sips = 2 if old else 1
    hs.sip_old = old
    _ask_sip(g, seat)


def reveal_flask(g: Game, token: int) -> None:
    """A flask's kind shown to everyone, spectators too."""
    public = list(g.loot_public)
    public[token] = True
    g.loot_public = tuple(public)


def _sip_ids(g: Game, seat: int) -> list[int]:
    out = set()
    for card in g.hand[seat]:
        kind = g.card_kind[card]
        if kind != BULLET:
            out.add(ids.PLAY[kind][g.who[g.card_bandit[card]]][0])
    return sorted(out - hostage_bans(g, seat))


def _ask_sip(g: Game, seat: int) -> None:
    hs = _hs(g)
    if hs.sips > 0 and _sip_ids(g, seat):
        g.phase, g.actor, g.cur = SIP, seat, -1
        g.legal = None
        return
    hs.sips = 0
    g.phase = PLAY
    _next_turn(g, seat)


def _sip(g: Game, index: int) -> None:
    hs = _hs(g)
    seat = g.actor
    card = flow.take_from_hand(g, seat, index)
    flow.to_pile(g, seat, card, False, cover=False)
    hs.sips -= 1
    if not hs.sip_old and g.mp is not None:
        from ..mp.rules import after_play

        if after_play(g, seat, card, TurnType.STANDARD):
            hs.sips = 0
            return  # the Marshal's "+" card after a normal flask: he may play another
    _ask_sip(g, seat)


# -- Turmoil -----------------------------------------------------------------------------


def _turmoil_choice(g: Game, seat: int, index: int) -> None:
    """Each player chooses in secret; when all have, the choices are revealed and carried
    out in turn order (D-hs-turmoil)."""
    hs = _hs(g)
    hs.turmoil[seat] = index
    _emit(g, "turmoil-chosen", None, seat=seat, who=flow.who(g, seat))
    _emit(g, "turmoil-private", seat, action=str(ids.ACTIONS[index]))
    turn = g.schedule[g.step][0]
    g.turns_taken[seat] += 1
    g.step += 1
    if g.step < len(g.schedule) and g.schedule[g.step][0] == turn:
        flow.ask_turn(g)
        return
    _emit(g, "turmoil-reveal", None)
    for t, s in g.schedule:
        if t != turn or hs.turmoil[s] < 0:
            continue
        chosen, hs.turmoil[s] = hs.turmoil[s], -1
        if chosen in (ids.DRAW, ids.DRAW_IDEA, ids.PASS):
            if chosen == ids.DRAW_IDEA and g.mp is not None:
                g.mp.draw_idea(g, s)
            elif chosen == ids.PASS:
                _emit(g, "no-turn", None, seat=s, who=flow.who(g, s))
            else:
                got = flow.draw(g, s, 3)
                if g.events is not None:
                    _emit(g, "draw", None, seat=s, who=flow.who(g, s), count=len(got))
                    _emit(g, "drawn", s, cards=flow._names_in_order(g, got))
            continue
        hidden = bool(getattr(ids.ACTIONS[chosen], "hidden", False))
        card = flow.take_from_hand(g, s, chosen)
        flow.to_pile(g, s, card, hidden, cover=False, stealth=hidden)
    flow.ask_turn(g)


# ---------------------------------------------------------------------------- the Horse Attack


def start_attack(g: Game) -> None:
    """Every bandit rides beside the train; car by car from the rear (with Marshal &
    Prisoners, from the car in front of the prison car: D-hs-mp-attack) the riders choose in
    secret to board it or ride on; nobody starts in the locomotive."""
    hs = _hs(g)
    for b in range(g.n_bandits):
        if not is_marshal(g, b):
            hs.riding[b] = True
            g.pos[b] = -1
    hs.attack_car = g.last - (g.mp is not None)
    _emit(g, "horse-attack", None, car=hs.attack_car, cars=g.last, prison=g.mp is not None)
    _ask_attack(g)


def _riders(g: Game) -> list[int]:
    hs = _hs(g)
    order = [(g.first + i) % g.n_players for i in range(g.n_players)]
    return [b for s in order for b in g.bandits_of[s] if hs.riding[b]]


def _ask_attack(g: Game) -> None:
    hs = _hs(g)
    riders = _riders(g)
    if hs.attack_car <= 1:  # the car next to the locomotive: the riders left board it
        for b in riders:
            hs.attack[b] = 1
        _reveal_attack(g)
        return
    for b in riders:
        if hs.attack[b] < 0:
            g.phase, g.actor, g.cur = ATTACK, g.seat_of[b], b
            g.legal = None
            return
    _reveal_attack(g)


def _attack(g: Game, index: int) -> None:
    b = g.cur
    _hs(g).attack[b] = 1 if index == ids.BOARD else 0
    _emit(g, "attack-chosen", None, seat=g.seat_of[b], bandit=g.chars[b])
    _emit(g, "attack-private", g.seat_of[b], bandit=g.chars[b], board=index == ids.BOARD)
    _ask_attack(g)


def _reveal_attack(g: Game) -> None:
    hs = _hs(g)
    car = hs.attack_car
    board = [b for b in _riders(g) if hs.attack[b] == 1]
    ride_on = [b for b in _riders(g) if hs.attack[b] == 0]
    for b in board:
        hs.riding[b] = False
        g.pos[b] = 2 * car
        hs.horses.append(car)
    hs.horses.sort()
    hs.attack = [-1] * g.n_bandits
    _emit(g, "board", None, car=car, cars=g.last, prison=g.mp is not None,
          boarded=[g.chars[b] for b in board], rode_on=[g.chars[b] for b in ride_on])
    if any(hs.riding):
        hs.attack_car = car - 1
        _ask_attack(g)
        return
    hs.attack_car = -1
    flow.begin_round(g)


# ---------------------------------------------------------------------------- resolving


def blocked_reason(g: Game, kind: int, b: int) -> str | None:
    """Why a card of a bandit does nothing: he rode away; his hostage forbids it."""
    hs = _hs(g)
    if hs.away[b]:
        return "rode-away"
    name = hostage_name(g, b)
    if kind == PUNCH and name == "teacher":
        return "teacher"
    if kind == RIDE and name == "zealot":
        return "zealot"
    return None


# ---------------------------------------------------------------------------- rounds


def fewer_cards(g: Game, seat: int) -> int:
    """The Minister: one card fewer at the beginning of each round."""
    return sum(hostage_name(g, b) == "minister" for b in g.bandits_of[seat])


def round_begins(g: Game) -> None:
    """Before the hands: the Lady's Poodle gives a neutral bullet; the bullets each bandit
    has received so far are noted (Mortal Bullet)."""
    hs = _hs(g)
    hs.received_start = g.received[:]
    for b in range(g.n_bandits):
        if hostage_name(g, b) != "ladys-poodle" or hs.away[b]:
            continue
        if resolve.give_neutral(g, [b], reason="ladys-poodle"):
            # Shuffled into the deck as the round's shuffle would (D-hs-poodle).
            seat = g.seat_of[b]
            card = g.neutral_base + g.neutral
            flow.shuffle(g, g.deck[seat])
            knowledge.forget_deck(g, seat)
            if g.deck_from[seat]:
                g.deck_from[seat].append(card)


def clean_up(g: Game) -> None:
    """Clean-up: the stagecoach moves one car back (it stops beside the caboose:
    D-hs-coach-caboose), the Shotgun kept beside it once he is on the train."""
    hs = _hs(g)
    if hs.coach < g.last:
        hs.coach += 1
        _emit(g, "coach-moves", None, car=hs.coach, cars=g.last, prison=g.mp is not None)
    if hs.shotgun >= 0 and hs.shotgun != hs.coach:
        hs.shotgun = hs.coach
        _emit(g, "shotgun-moves", None, car=hs.coach, cars=g.last, prison=g.mp is not None)


# ---------------------------------------------------------------------------- decisions


def legal_ids(g: Game) -> list[int]:
    phase = g.phase
    if phase == ATTACK:
        return [ids.BOARD, ids.RIDE_ON]
    if phase == SIP:
        return _sip_ids(g, g.actor)
    if phase == FLEE:
        return flee_options(g)
    assert phase == D_RIDE
    return ride_options(g, g.cur)


def apply_id(g: Game, index: int) -> None:
    phase = g.phase
    if phase == ATTACK:
        _attack(g, index)
    elif phase == SIP:
        _sip(g, index)
    elif phase == FLEE:
        flee(g, g.cur, index)
        flow.finish_card(g)
        flow.resolve_pile(g)
    else:
        flow._resolve(g, index)


def phase_ok(g: Game) -> bool:
    """Whether a loaded game's pending decision is one the expansion's flow can ask."""
    hs = _hs(g)
    phase = g.phase
    if phase == ATTACK:
        return (g.round_card == -1 and hs.attack_car > 1 and 0 <= g.cur < g.n_bandits
                and hs.riding[g.cur] and g.seat_of[g.cur] == g.actor)
    if phase == SIP:
        return g.cur == -1 and hs.sips > 0 and g.round_card >= 0 and g.step < len(g.schedule)
    if phase == FLEE:
        return (hs.shotgun >= 0 and 0 <= g.cur < g.n_bandits and g.seat_of[g.cur] == g.actor
                and 0 <= g.resolve_i < len(g.pile))
    return (0 <= g.resolve_i < len(g.pile) and 0 <= g.pile[g.resolve_i] < len(g.card_kind)
            and g.card_kind[g.pile[g.resolve_i]] in (RIDE, IDEA)  # (a Brilliant Idea copies)
            and g.card_bandit[g.pile[g.resolve_i]] == g.cur >= 0
            and g.seat_of[g.cur] == g.actor)


def punch_loot(g: Game, v: int) -> set[int]:
    """The loot kinds a punched figure may drop (the Marshal never drops his flask)."""
    if is_marshal(g, v):
        return set()
    return {g.loot_kind[t] for t in g.held[v]}


# ---------------------------------------------------------------------------- registry

resolve.OPTIONS[RIDE] = ride_options
resolve.PERFORM[RIDE] = do_ride

__all__ = ["apply_id", "legal_ids", "phase_ok"]
