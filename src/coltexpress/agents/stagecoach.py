"""How the heuristic weighs Horses & Stagecoach: the stagecoach's spaces and its strongbox,
hostages and their ransoms, whiskey, horses, the round's event or station; and its choice in
the Horse Attack.

Every function reads one (sampled) world, like the rest of the heuristic: what the seat
cannot know there (the face-down hostage cards, the kinds of flasks it never looked at) was
drawn from its information set by ``Game.determinize``.
"""

from __future__ import annotations

import random

from ..engine.content import BULLET, JEWEL, MOVE, PURSE, RIDE, STRONGBOX, WHISKEY
from ..engine.game import COVER, EXTRA, PLAY, SIP, Game
from ..engine.hs.content import hs_content
from ..engine.hs.scoring import bandit_bullets, ransom

__all__ = [
    "attack_boards",
    "distance",
    "escaping",
    "flask_value",
    "hostage_value",
    "hs_strength",
    "reach_value",
    "with_draw",
]

_GUARDED = 0.5  # the Shotgun's strongbox: a punch before the rob
_CAUGHT = 5000.0  # caught at the Escape station: cannot win
_ON_TRAIN_AT_ESCAPE = 3000.0
_IN_COACH_AT_ESCAPE = 150.0  # inside (twice that on the roof): may be punched out
_SHOTGUN_SPACE = 70.0  # a neutral bullet and a run to the next roof
_RAGE = 45.0  # Shotgun's Rage: a neutral bullet at the end of the round
_MORTAL = 150.0  # Mortal Bullet: $150 per bullet card received this round
_SHARING = 0.7  # how surely the strongbox holders' neighbours stay until the end
_HORSE_NEAR = 15.0  # a horse beside one's car: a Ride is possible
_HALF = 32.0  # one drink of whiskey (an extra card, or 3 cards drawn and one played), early
_HALF_OLD = 45.0
# What a hostage's drawback costs for each round still to play.
_DRAWBACK = {
    "ladys-poodle": 75.0,  # a neutral bullet each round
    "minister": 45.0,  # one card fewer
    "teacher": 35.0,  # no Punch (nor the Shotgun's)
    "zealot": 30.0,  # no Ride
    "old-lady": 30.0,  # roof moves of one car
    "photographer": 8.0,  # never face down
    "banker": 0.0,
    "poker-player": 0.0,  # the power lost, weighed below
}
_POWER = 35.0  # a character's power for a round (the Poker Player takes it)
_SCHEMIN = frozenset({PLAY, COVER, EXTRA, SIP})  # a drink's cards included


def _rounds_after(g: Game) -> int:
    """Rounds still to begin after this one."""
    return max(0, 4 - g.round_no)


def _event(g: Game) -> str | None:
    spec = g.round_card_spec
    return spec.event if spec is not None and g.options.events else None


def _is_marshal(g: Game, b: int) -> bool:
    return g.mp is not None and b == g.mp.marshal


def _place(g: Game, space: int) -> tuple[int, int, int]:
    """(car, roof, in the stagecoach) of a space; the stagecoach stands beside its car."""
    assert g.hs is not None
    if space >= 2 * (g.last + 1):
        return g.hs.coach, space & 1, 1
    return space >> 1, space & 1, 0


def distance(g: Game, a: int, b: int, *, horse: bool = False) -> int:
    """About how many action cards lead from space ``a`` to space ``b``: a car or a floor
    change each count one, stepping across to the stagecoach one more (its inside is reached
    by its roof); ``horse``: a horse stands beside ``a``'s car, so a Ride reaches any inside
    space within 3 cars in one card."""
    ca, ra, ka = _place(g, a)
    cb, rb, kb = _place(g, b)
    d = abs(ca - cb) + (ra != rb) + (ka != kb)
    if ka != kb and not ra and not rb:
        d += 2  # up to the roofs and down again
    if horse and not rb and abs(ca - cb) <= 3:
        d = min(d, 1)
    return d


def flask_value(g: Game, t: int) -> float:
    """The drinks left in a whiskey flask, worth less as the game runs out."""
    assert g.hs is not None
    hs = g.hs
    if t in hs.empty or g.round_no >= 5:
        return 0.0
    drinks = 1 if t in hs.half else 2
    late = (5 - g.round_no) / 5
    return drinks * (_HALF_OLD if t in hs.old else _HALF) * (0.4 + 0.6 * late)


def hostage_value(g: Game, b: int, h: int) -> float:
    """The ransom a hostage promises this bandit, less its drawback for the rounds left
    (at the end of the game: the ransom as scored)."""
    card = hs_content().hostages[h]
    if g.round_no >= 5:
        held_by = g.hs.hostage[b] if g.hs is not None else -1
        if held_by == h:
            return float(ransom(g, b))
    kinds = [g.loot_kind[t] for t in g.held[b]]
    left = _rounds_after(g)
    if card.needs == "strongbox":
        value = card.ransom * (1.0 if STRONGBOX in kinds else 0.3)
    elif card.per == "jewel":
        value = card.ransom * (kinds.count(JEWEL) + 0.15 * left)
    elif card.per == "purse":
        value = card.ransom * (kinds.count(PURSE) + 0.3 * left)
    elif card.per == "bandit-bullet":
        value = card.ransom * (bandit_bullets(g, b) + 0.5 * left)
    else:
        value = float(card.ransom)
    cost = _DRAWBACK.get(card.name, 0.0) * (left + 1)
    if card.name == "poker-player" and g.power[b] is not None:
        cost += _POWER * (left + 1)
    return value - cost


def _pool_value(g: Game, b: int) -> float:
    """What entering the stagecoach without a hostage brings: the mean over the cards
    nobody holds (which lie face down beside the locomotive is hidden)."""
    assert g.hs is not None
    hs = g.hs
    pool = hs.hostages + hs.hostages_out
    if not hs.hostages or not pool:
        return 0.0
    return sum(hostage_value(g, b, h) for h in pool) / len(pool)


def reach_value(g: Game, b: int, reach: tuple[float, ...], marshal_space: int) -> float:
    """The best prize within reach of a bandit: loot on a floor (the Shotgun's strongbox at
    half while he guards it, not at all for the Teacher's bandit), a whiskey flask's drinks,
    a hostage in the stagecoach."""
    assert g.hs is not None
    hs = g.hs
    here = g.pos[b]
    coach = 2 * (g.last + 1)
    car = hs.coach if here >= coach else here >> 1
    horse = car in hs.horses
    teacher = hs.hostage[b] >= 0 and hs_content().hostages[hs.hostage[b]].name == "teacher"
    best = 0.0
    for space, tokens in enumerate(g.floor_loot):
        if not tokens:
            continue
        d = distance(g, here, space, horse=horse)
        if d >= len(reach):
            continue
        value = 0.0
        for t in tokens:
            kind = g.loot_kind[t]
            if kind == WHISKEY:
                value += flask_value(g, t)
            elif t == hs.guarded and hs.shotgun < 0:
                value += 0.0 if teacher else _GUARDED * g.loot_value[t]
            else:
                value += g.loot_value[t]
        guard = 0.3 if space == marshal_space else 1.0
        best = max(best, reach[d] * guard * value)
    if hs.hostage[b] < 0 and hs.hostages and not _is_marshal(g, b):
        d = distance(g, here, coach, horse=horse)
        if d < len(reach):
            best = max(best, reach[d] * _pool_value(g, b))
    return best


def _cards_to_come(g: Game, b: int) -> tuple[list[int], int]:
    """Kinds of the cards the bandit may still play or resolve this round, and how many:
    in Schemin' the hand, for the seat's turns after this one (the card being weighed now is
    played on this one); in Stealin' his cards still on the pile."""
    seat = g.seat_of[b]
    if g.phase in _SCHEMIN:
        turns = sum(1 for _t, s in g.schedule[g.step + 1:] if s == seat)
        kinds = [g.card_kind[c] for c in g.hand[seat] if g.card_kind[c] != BULLET]
        return (kinds, turns) if turns else ([], 0)
    kinds = [g.card_kind[c] for c in g.pile[g.resolve_i + 1:] if g.card_bandit[c] == b]
    return kinds, len(kinds)


def _escape_risk(g: Game, b: int) -> float:
    """How likely a bandit on the train at the Escape station is to stay there: unlikely
    with a Ride card to come and a horse beside his car, or on a roof a Move from the
    stagecoach's roof; certain with nothing to come."""
    assert g.hs is not None
    hs = g.hs
    here = g.pos[b]
    car, roof = here >> 1, here & 1
    kinds, count = _cards_to_come(g, b)
    name = hostage_name(g, b)
    ride = RIDE in kinds and name != "zealot"
    if ride and car in hs.horses:
        return 0.25
    if ride and count >= 2 and any(abs(h - car) == 1 for h in hs.horses) and MOVE in kinds:
        return 0.55  # a Move to the horse's car first
    reach = 1 if name == "old-lady" else 3
    if MOVE in kinds and roof and abs(car - hs.coach) + 1 <= reach:
        return 0.35
    if count >= 2 and MOVE in kinds and abs(car - hs.coach) <= 2:
        return 0.7
    return 1.0


def escaping(g: Game) -> bool:
    """Whether this round ends at the Escape station."""
    return _event(g) == "escape"


def with_draw(g: Game, seat: int) -> Game:
    """A copy of the world after the seat draws 3 cards (the sampled deck's top three)."""
    trial = g.clone()
    deck, hand = trial.deck[seat], trial.hand[seat]
    for _ in range(min(3, len(deck))):
        hand.append(deck.pop())
    return trial


def hostage_name(g: Game, b: int) -> str | None:
    assert g.hs is not None
    h = g.hs.hostage[b]
    return None if h < 0 else hs_content().hostages[h].name


def hs_strength(g: Game, seat: int) -> float:
    """What Horses & Stagecoach adds to a seat's strength (besides the loot and the reach):
    hostages, whiskey, the stations' money, the Shotgun's space, the round's event."""
    hs = g.hs
    assert hs is not None
    coach = 2 * (g.last + 1)
    event = _event(g)
    value = 0.0
    for b in g.bandits_of[seat]:
        if _is_marshal(g, b):
            continue
        value += hs.bonus[b]
        if hs.caught[b]:
            value -= _CAUGHT
        if hs.hostage[b] >= 0:
            value += hostage_value(g, b, hs.hostage[b])
        value += sum(flask_value(g, t) for t in g.held[b] if g.loot_kind[t] == WHISKEY)
        here = g.pos[b]
        if here < 0 or g.round_no >= 5:
            continue
        car = hs.coach if here >= coach else here >> 1
        if hs.shotgun >= 0 and here == 2 * hs.shotgun + 1:
            value -= _SHOTGUN_SPACE
        if car in hs.horses:
            value += _HORSE_NEAR
        if event == "escape":
            if here < coach and not hs.caught[b]:
                value -= _ON_TRAIN_AT_ESCAPE * _escape_risk(g, b)
            elif here >= coach:  # a punch may still put him off it
                value -= _IN_COACH_AT_ESCAPE * (2 if here & 1 else 1)
        elif event == "mortal-bullet":
            value -= _MORTAL * (g.received[b] - hs.received_start[b])
        elif event == "shotguns-rage" and (here >= coach or car == hs.coach):
            value -= _RAGE
        elif event == "sharing-the-loot":
            value += _SHARING * _sharing(g, b)
    return value


def _sharing(g: Game, b: int) -> float:
    """Sharing the Loot as the bandits stand now: what this bandit gives or gets."""
    here = g.pos[b]
    others = [o for o in range(g.n_bandits) if o != b and g.pos[o] == here
              and not _is_marshal(g, o)]
    if not others:
        return 0.0
    n = len(others) + 1
    out = 0.0
    for t in g.held[b]:
        if g.loot_kind[t] == STRONGBOX:
            out -= g.loot_value[t] - g.loot_value[t] // n
    for o in others:
        mates = sum(1 for x in range(g.n_bandits) if g.pos[x] == here and not _is_marshal(g, x))
        for t in g.held[o]:
            if g.loot_kind[t] == STRONGBOX:
                out += g.loot_value[t] // mates
    return out


# ---------------------------------------------------------------------------- the Horse Attack


def _car_value(g: Game, car: int) -> float:
    """What boarding a car promises: its loot (inside in full, the roof's at half), its
    whiskey, nearness to the stagecoach's hostages and strongbox."""
    assert g.hs is not None
    value = 0.0
    for space, weight in ((2 * car, 1.0), (2 * car + 1, 0.5)):
        for t in g.floor_loot[space]:
            if g.loot_kind[t] == WHISKEY:
                value += weight * flask_value(g, t)
            else:
                value += weight * g.loot_value[t]
    value += 120.0 / (1 + abs(car - g.hs.coach))
    return value


def attack_boards(g: Game, b: int, rng: random.Random) -> bool:
    """The Horse Attack: board the car reached when its loot, shared with the bandits
    already in it and those likely to follow, beats the best car further on."""
    hs = g.hs
    assert hs is not None
    here = hs.attack_car
    others = sum(1 for o in range(g.n_bandits) if hs.riding[o] and o != b)
    ahead = list(range(1, here))
    if not ahead:
        return True
    crowd = others / (len(ahead) + 1)  # the other riders spread over the cars left

    def share(car: int) -> float:
        inside = sum(1 for o in range(g.n_bandits) if g.pos[o] == 2 * car)
        return _car_value(g, car) / (1 + inside + crowd)

    board = share(here) * rng.uniform(0.85, 1.15)
    return board >= max(share(car) for car in ahead)
