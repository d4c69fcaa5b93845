"""Marshal & Prisoners' rules: the Marshal player's cards, the prison car, the Brilliant Idea,
prisoners, the Marshal's bullets and their penalties, and the expansion's decisions.

Every function takes the game (``g.mp`` is its Marshal & Prisoners state). Legality is
written once, in the ``*_options`` functions, and used by ``legal_ids`` and by the base
resolution loop (``resolve.OPTIONS`` and ``resolve.PERFORM`` are filled in below).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from .. import flow, ids, knowledge, resolve
from ..actions import GUNS, MARSHAL_FIGURE, Capture, Escape, Free, MarshalShot
from ..content import (
    BULLET,
    CAPTURE,
    FLOOR_PLUS,
    IDEA,
    MAILBAG,
    MOVE_PLUS,
    PUNCH,
    SHOOT,
    TurnType,
    content,
)
from .content import mp_content

# What the expansion is in the middle of, beyond the pending decision.
IDLE: int = 0
REFLEX_STAGE: int = 1

if TYPE_CHECKING:
    from ..game import Game
    from .state import MPState

# Decision codes (the order of game.Decision).
PLAY: Final = 2
COVER: Final = 3
D_MOVE: Final = 5
D_FLOOR: Final = 6
D_SHOOT: Final = 7
D_ROB: Final = 8
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
ESCAPE_KIND, FREE_KIND = resolve.ESCAPE_KIND, resolve.FREE_KIND
_emit = flow.emit


def _mp(g: Game) -> MPState:
    assert g.mp is not None  # only called in a game of the expansion
    return g.mp


def bandits(g: Game) -> list[int]:
    """The bandits still on the train (the Marshal's figure is none)."""
    mp = _mp(g)
    return [b for b in range(g.n_bandits) if b != mp.marshal and not mp.fallen[b]]


def bandits_all(g: Game) -> list[int]:
    """Every bandit of the game, on the train or not."""
    return [b for b in range(g.n_bandits) if b != _mp(g).marshal]


def deadly_fall(g: Game) -> bool:
    """Whether this round is the Deadly Fall station's (punches may knock off the roof)."""
    spec = g.round_card_spec
    return g.options.events and spec is not None and spec.event == "deadly-fall"


def _char(g: Game, b: int) -> int:
    return g.char_idx[b]


# ---------------------------------------------------------------------------- prisoners


def sidekick_of(prisoner: int) -> str:
    return mp_content().sidekicks[prisoner]


def own_sidekick(g: Game, b: int) -> bool:
    p = _mp(g).prisoner[b]
    return p >= 0 and sidekick_of(p) == g.chars[b]


def update_powers(g: Game, b: int) -> None:
    """A bandit's powers: his own (not with Horses & Stagecoach's Poker Player as his
    hostage), and the power of another bandit's sidekick he holds."""
    own = g.power[b]
    if g.hs is not None and g.hs.hostage[b] >= 0:
        from ..hs.rules import lost_own_power

        own = None if lost_own_power(g, b) else own
    powers = set() if own is None else {own}
    p = _mp(g).prisoner[b]
    if p >= 0 and g.options.powers and sidekick_of(p) != g.chars[b]:
        powers.add(content().powers[g.options.edition.value][sidekick_of(p)])
    g.powers[b] = frozenset(powers)


# ---------------------------------------------------------------------------- Schemin'


def idea_card(g: Game, b: int) -> int:
    """The card id of a bandit's Brilliant Idea."""
    mp = _mp(g)
    if mp.idea_ids is None:  # worked out once per game (the card tables never change)
        ideas = [-1] * g.n_bandits
        for c, k in enumerate(g.card_kind):
            if k == IDEA:
                ideas[g.card_bandit[c]] = c
        mp.idea_ids = tuple(ideas)
    return mp.idea_ids[b]


def can_search_idea(g: Game, seat: int) -> bool:
    """The other draw: the Brilliant Idea is in the deck (or, Expert, the discard pile)."""
    mp = _mp(g)
    b = g.bandits_of[seat][0]
    if b == mp.marshal:
        return False
    card = idea_card(g, b)
    return card in g.deck[seat] or (g.expert and card in g.discard[seat])


def play_ids(g: Game, seat: int, out: list[int]) -> list[int]:
    """A Schemin' turn: no Shoot or Punch card on a Jarring turn; the Brilliant Idea search
    as the other draw."""
    if flow.current_turn_type(g) is TurnType.JARRING:
        banned = {i for k in (SHOOT, PUNCH) for i in ids.PLAY[k][0]}
        out = [i for i in out if i not in banned]
    if can_search_idea(g, seat):
        out = [*out, ids.DRAW_IDEA]
    return out


def draw_idea(g: Game, seat: int) -> None:
    """Search the deck (or the Expert discard pile) for the Brilliant Idea, take it into the
    hand in view of everyone, then shuffle the deck."""
    b = g.bandits_of[seat][0]
    card = idea_card(g, b)
    zone = g.deck[seat] if card in g.deck[seat] else g.discard[seat]
    zone.remove(card)
    g.hand[seat].append(card)
    flow.shuffle(g, g.deck[seat])
    knowledge.forget_deck(g, seat)
    g.hand_known[seat].append(card)
    _emit(g, "draw-idea", None, seat=seat, who=flow.who(g, seat))


def after_play(g: Game, seat: int, card: int, turn: TurnType) -> bool:
    """A Move + or Change Floor + on a standard turn: the Marshal may play another card."""
    if (
        g.card_kind[card] in (MOVE_PLUS, FLOOR_PLUS)
        and turn is TurnType.STANDARD
        and any(g.card_kind[c] != BULLET for c in g.hand[seat])
    ):
        g.phase, g.cur = EXTRA, -1
        return True
    return False


def _extra_ids(g: Game, seat: int) -> list[int]:
    out = {ids.PASS}
    for card in g.hand[seat]:
        kind = g.card_kind[card]
        if kind != BULLET:
            out.add(ids.PLAY[kind][g.who[g.card_bandit[card]]][0])
    if g.hs is not None:  # Horses & Stagecoach: a hostage's drawback
        from ..hs.rules import hostage_bans

        out -= hostage_bans(g, seat)
    return sorted(out)


def _extra(g: Game, index: int) -> None:
    seat = g.actor
    if index != ids.PASS:
        card = flow.take_from_hand(g, seat, index)
        flow.to_pile(g, seat, card, False, cover=False)
        if after_play(g, seat, card, TurnType.STANDARD):
            return  # another "+" card: one more
    else:
        _emit(g, "no-extra", None, seat=seat, who=flow.who(g, seat))
    g.step += 1
    flow.ask_turn(g)


# -- Schemin' for a Rainy Day, Reflex Action ----------------------------------------------


def rainy_day(g: Game) -> bool:
    """At the end of a Rainy Day round's Schemin' phase each player may keep one card for the
    next round (not with the Expert Variant); True while the players are asked."""
    spec = g.round_card_spec
    if g.expert or spec is None or not spec.rainy:
        return False
    _mp(g).queue = [s for i in range(g.n_players) if g.hand[s := (g.first + i) % g.n_players]]
    return _ask_rainy(g)


def _ask_rainy(g: Game) -> bool:
    mp = _mp(g)
    if not mp.queue:
        return False
    g.phase, g.actor, g.cur = RAINY, mp.queue.pop(0), -1
    return True


def _rainy_ids(g: Game, seat: int) -> list[int]:
    out = {ids.PASS}
    for card in g.hand[seat]:
        out.add(ids.KEEP[g.card_kind[card]][0])
    return sorted(out)


def _rainy(g: Game, index: int) -> None:
    seat = g.actor
    if index != ids.PASS:
        card = next(c for c in g.hand[seat] if ids.KEEP[g.card_kind[c]][0] == index)
        g.hand[seat].remove(card)
        g.kept[seat].append(card)
        # Nobody else sees which card stays: a card known to be in the hand may be the
        # kept one or go back on the deck (D-mp-rainy-day).
        g.hand_known[seat] = []
        _emit(g, "rainy-day", None, seat=seat, who=flow.who(g, seat), kept=True)
    else:
        _emit(g, "rainy-day", None, seat=seat, who=flow.who(g, seat), kept=False)
    if not _ask_rainy(g):
        flow.finish_schemin(g)


def keeps_hands(g: Game) -> bool:
    """Reflex Action: the unplayed cards stay in hand through the Stealin' phase."""
    spec = g.round_card_spec
    return g.options.events and spec is not None and spec.event == "reflex-action"


def reflex_action(g: Game) -> bool:
    """After the Stealin' phase, from the First Player, each player may play and resolve a
    card of his hand; then every hand goes on top of its deck. True while it goes on."""
    mp = _mp(g)
    mp.queue = [(g.first + i) % g.n_players for i in range(g.n_players)]
    return _next_reflex(g)


def _next_reflex(g: Game) -> bool:
    mp = _mp(g)
    while mp.queue:
        seat = mp.queue.pop(0)
        if g.hand[seat] and not all(g.card_kind[c] == BULLET for c in g.hand[seat]):
            g.phase, g.actor, g.cur = REFLEX, seat, -1
            g.legal = None
            return True
    mp.stage = IDLE
    if not g.expert:  # the Expert Variant's kept cards stay for the next round
        for s in range(g.n_players):
            knowledge.push_hand(g, s)
    return False


def _reflex(g: Game, index: int) -> None:
    mp = _mp(g)
    seat = g.actor
    if index == ids.PASS:
        _emit(g, "no-reflex", None, seat=seat, who=flow.who(g, seat))
    else:
        card = flow.take_from_hand(g, seat, index)
        g.pile, g.pile_down, g.resolve_i = [], [], 0
        flow.to_pile(g, seat, card, False, cover=False)
        mp.stage = REFLEX_STAGE
        flow.resolve_pile(g)
        return
    if not _next_reflex(g):
        flow.end_round(g)


def pile_done(g: Game) -> bool:
    """A Reflex Action card has resolved: it goes back to its owner, the next player."""
    mp = _mp(g)
    if mp.stage != REFLEX_STAGE:
        return False
    for card in g.pile:
        if not g.expert and not g.accessible:  # (rules 002 gave it back as it resolved)
            knowledge.push_public(g, g.seat_of[g.card_bandit[card]], card)
    g.pile, g.pile_down, g.resolve_i = [], [], 0
    if not _next_reflex(g):
        flow.end_round(g)
    return True


# ---------------------------------------------------------------------------- resolving


def blocked(g: Game, b: int) -> dict[int, str]:
    """Card kinds a bandit's extended penalties stop this round, with the penalty."""
    data = mp_content()
    out = {}
    for card in _mp(g).front[b]:
        penalty = marshal_bullet_penalty(g, card)
        if penalty in data.blocks:
            out[data.blocks[penalty]] = penalty
    return out


def resolving_kind(g: Game, card: int, bandit: int) -> tuple[int, str | None]:
    """What a card does as it resolves: the kind it resolves as (a Brilliant Idea copies, or
    opens the cell, or frees), or why it has no effect (off the train, in the cell, a
    penalty, nothing to copy or free)."""
    mp = _mp(g)
    kind = g.card_kind[card]
    if mp.fallen[bandit]:
        return kind, "fallen"
    if kind == IDEA:
        if mp.jailed[bandit]:
            return ESCAPE_KIND, None
        if g.pos[bandit] >> 1 == g.last:  # on the prison car: its roof or corridor
            return FREE_KIND, None if free_options(g, bandit) else "nothing-to-free"
        copied = _copied(g)
        if copied < 0:
            return kind, "nothing-to-copy"
        _emit(g, "copy", None, bandit=g.chars[bandit],
              card=g.card_name(g.pile[copied]), whose=g.chars[g.card_bandit[g.pile[copied]]])
        return g.card_kind[g.pile[copied]], None
    if mp.jailed[bandit]:
        return kind, "in-the-cell"
    if kind in (MOVE_PLUS, FLOOR_PLUS):
        kind = kind - MOVE_PLUS  # the Marshal's "+" cards resolve as Move and Change Floor
    penalty = blocked(g, bandit).get(kind)
    if penalty is not None:
        return kind, penalty
    return kind, None


def _copied(g: Game) -> int:
    """The pile index of the last card resolved before this one that a bandit played and
    that is no Brilliant Idea (the Marshal's cards are skipped), or -1."""
    mp = _mp(g)
    for i in range(g.resolve_i - 1, -1, -1):
        card = g.pile[i]
        if g.card_bandit[card] != mp.marshal and g.card_kind[card] not in (IDEA, BULLET):
            return i
    return -1


# -- Capture ------------------------------------------------------------------------------


def capture_options(g: Game, m: int) -> list[int]:
    mp = _mp(g)
    space = g.pos[m]
    return [
        ids.CAPTURE[_char(g, b)]
        for b in bandits(g)
        if g.pos[b] == space and not mp.jailed[b]
    ]


def do_capture(g: Game, m: int, index: int) -> None:
    mp = _mp(g)
    target = g.chars.index(cast(Capture, ids.ACTIONS[index]).target)
    mp.jailed[target] = True
    g.pos[target] = 2 * g.last  # the cell is inside the prison car
    first = not mp.captured[target]
    mp.captured[target] = True
    _emit(g, "capture", None, bandit=g.chars[target], first=first)


# -- the Brilliant Idea on the prison car ---------------------------------------------------


def escape_options(g: Game, b: int) -> list[int]:
    return list(ids.ESCAPE)


def do_escape(g: Game, b: int, index: int) -> None:
    """Out of the cell, to the corridor or the roof of the prison car (Mei too: straight)."""
    mp = _mp(g)
    to = cast(Escape, ids.ACTIONS[index]).to
    mp.jailed[b] = False
    g.pos[b] = 2 * g.last + (to == "roof")
    _emit(g, "leave-cell", None, bandit=g.chars[b], to=to)


def free_options(g: Game, b: int) -> list[int]:
    mp = _mp(g)
    out = []
    if mp.prisoner[b] < 0:
        out += [ids.FREE_PRISONER[ids.CHAR_INDEX[sidekick_of(p)]] for p in mp.prisoners_left]
    out += [ids.FREE_BANDIT[_char(g, t)] for t in bandits(g) if mp.jailed[t] and t != b]
    return sorted(out)


def do_free(g: Game, b: int, index: int) -> bool:
    """Free a prisoner (he becomes the bandit's) or a bandit (he comes to this space and
    gives a loot token of his choice). True while the freed bandit chooses."""
    mp = _mp(g)
    action = cast(Free, ids.ACTIONS[index])
    if action.prisoner:
        p = mp_content().sidekicks.index(action.target)
        mp.prisoners_left.remove(p)
        mp.prisoner[b] = p
        update_powers(g, b)
        _emit(g, "free-prisoner", None, bandit=g.chars[b], sidekick=action.target)
        return False
    freed = g.chars.index(action.target)
    mp.jailed[freed] = False
    g.pos[freed] = g.pos[b]
    _emit(g, "free-bandit", None, bandit=g.chars[b], freed=action.target)
    if not g.held[freed]:
        return False
    mp.helper = b
    if len(g.held[freed]) == 1:
        _give(g, freed, g.held[freed][0])
        return False
    g.phase, g.actor, g.cur = GIVE, g.seat_of[freed], freed
    g.legal = None
    return True


def _give(g: Game, freed: int, token: int) -> None:
    mp = _mp(g)
    to = mp.helper
    g.held[freed].remove(token)
    g.held[to].append(token)
    g.loot_seen[token] |= 1 << g.seat_of[to]
    kind = ids.LOOT_NAMES[g.loot_kind[token]]
    _emit(g, "give", None, bandit=g.chars[freed], to=g.chars[to], loot=kind)
    _emit(g, "rob-value", g.seat_of[to], bandit=g.chars[to], token=token,
          value=g.loot_value[token], loot=kind)
    mp.helper = -1


def _give_ids(g: Game) -> list[int]:
    return sorted(ids.GIVE[t] for t in g.held[g.cur])


# -- Rob with one's own sidekick ------------------------------------------------------------


def after_rob(g: Game, b: int) -> bool:
    """One's own trusty sidekick: a second loot token if there is one (or pass)."""
    if g.phase == ROB_AGAIN or not own_sidekick(g, b) or not g.floor_loot[g.pos[b]]:
        return False
    g.phase, g.actor, g.cur = ROB_AGAIN, g.seat_of[b], b
    g.legal = None
    return True


# -- the Marshal's Shoot --------------------------------------------------------------------


def marshal_bullet(g: Game, gun: int) -> int:
    """The card on top of one of the Marshal's cylinder piles."""
    mp = _mp(g)
    return g.bullet_base[mp.marshal] + 6 * gun + mp.guns[gun] - 1


def marshal_bullet_penalty(g: Game, card: int) -> str:
    k = card - g.bullet_base[_mp(g).marshal]
    return mp_content().penalty(k // 6, k % 6 + 1)


def marshal_bullet_name(g: Game, card: int) -> str:
    """``bullet@marshal:6:disarmed``: the printed number of bullets, then the penalty."""
    k = card - g.bullet_base[_mp(g).marshal]
    return f"bullet@{MARSHAL_FIGURE}:{k % 6 + 1}:{marshal_bullet_penalty(g, card)}"


def marshal_shot_options(g: Game, m: int) -> list[int]:
    """One bandit in his line of fire, with a bullet from the gun of his choice; or two,
    one bullet from each gun. Belle escapes a single shot whenever another bandit could be
    shot, and a double shot when 3 or more bandits are in his line of fire."""
    mp = _mp(g)
    raw = [
        t for t in resolve.line_of_fire(g, m)
        if t != m and not mp.jailed[t] and not mp.fallen[t]
    ]
    guns = [i for i in (0, 1) if mp.guns[i]]
    if not raw or not guns:
        return []
    out = []
    for t in resolve._shield(g, raw):
        out += [ids.MARSHAL_SHOT[_char(g, t)][gun][0] for gun in guns]
    if len(guns) == 2 and len(raw) >= 2:
        pairs = raw if len(raw) == 2 else resolve._shield(g, raw)
        for a in pairs:
            for c in pairs:
                if a != c:
                    # (a left, c right) is (c right, a left): one id, the left gun first
                    out.append(ids.MARSHAL_SHOT[_char(g, a)][0][1 + _char(g, c)])
    return sorted(out)


def knock_off_shots(g: Game, b: int) -> list[int]:
    """Deadly Fall: Django's shot may knock a bandit off the roof of the locomotive or of
    the caboose, where his knock-back would take him off the train."""
    if "knockback" not in g.powers[b] or not deadly_fall(g):
        return []
    out = []
    for t in resolve.shoot_targets(g, b):
        car = resolve.knockback_origin(g, b, t)
        if car is None:
            continue  # (Horses & Stagecoach: nobody is knocked out of the stagecoach)
        tcar, roof = g.pos[t] >> 1, g.pos[t] & 1
        away = 1 if tcar > car else -1 if tcar < car else 0
        if roof and away and not 0 <= tcar + away <= g.last:
            out.append(ids.SHOOT_OFF[_char(g, t)])
    return out


def marshal_shoots(g: Game, m: int, action: MarshalShot) -> None:
    """The Marshal's Shoot: a bullet from the chosen gun, and from the other gun for a
    second bandit."""
    gun = GUNS.index(action.gun)
    _marshal_hits(g, m, g.chars.index(action.target), gun)
    if action.second is not None:
        _marshal_hits(g, m, g.chars.index(action.second), 1 - gun)


def _marshal_hits(g: Game, m: int, target: int, gun: int) -> None:
    from ..flow import random_index

    mp = _mp(g)
    card = marshal_bullet(g, gun)
    penalty = marshal_bullet_penalty(g, card)
    mp.guns[gun] -= 1
    g.cylinder[m] -= 1
    g.received[target] += 1
    seat = g.seat_of[target]
    if penalty in mp_content().extended:
        mp.front[target].append(card)  # in front of him until the end of the round
    else:
        knowledge.push_public(g, seat, card)
    _emit(g, "marshal-shoot", None, target=g.chars[target], gun=GUNS[gun], penalty=penalty,
          number=mp.guns[gun] + 1)
    if penalty == "got-im" and mp.prisoner[target] >= 0:
        mp.taken_prisoners.append(mp.prisoner[target])
        _emit(g, "prisoner-taken", None, bandit=g.chars[target],
              sidekick=sidekick_of(mp.prisoner[target]))
        mp.prisoner[target] = -1
        update_powers(g, target)
    elif penalty == "drop-that-bag":
        bags = [t for t in g.held[target] if g.loot_kind[t] == MAILBAG]
        if bags:
            token = bags[random_index(g, len(bags))]
            g.held[target].remove(token)
            mp.taken_mailbags.append(token)
            _emit(g, "mailbag-taken", None, bandit=g.chars[target])


# -- punching the Marshal, knocking off the train ------------------------------------------


def take_brawler(g: Game, b: int) -> None:
    """A bandit who punches the Marshal takes the top Brawler card (if one is left)."""
    mp = _mp(g)
    if mp.brawlers:
        value = mp.brawlers.pop(0)
        mp.brawler_won[b].append(value)
        _emit(g, "brawler", None, bandit=g.chars[b], value=value)


def knock_off(g: Game, target: int) -> None:
    """Deadly Fall: off the train; none of his cards resolve any more; he cannot win."""
    mp = _mp(g)
    mp.fallen[target] = True
    g.pos[target] = -1
    _emit(g, "fall", None, bandit=g.chars[target])


# ---------------------------------------------------------------------------- decisions


def legal_ids(g: Game) -> list[int]:
    phase = g.phase
    if phase == EXTRA:
        return _extra_ids(g, g.actor)
    if phase == RAINY:
        return _rainy_ids(g, g.actor)
    if phase == GIVE:
        return _give_ids(g)
    if phase == ROB_AGAIN:
        return [ids.PASS, *resolve.rob_options(g, g.cur)]
    if phase == EVENT_SHOOT:
        return [ids.PASS, *marshal_shot_options(g, g.cur)]
    if phase == EVENT_MOVE:
        return [ids.PASS, *resolve.move_options(g, g.cur)]
    if phase == REFLEX:
        return _extra_ids(g, g.actor)  # any card of the hand, or pass
    raise AssertionError(f"no Marshal & Prisoners decision {phase}")  # pragma: no cover


def apply_id(g: Game, index: int) -> None:
    phase = g.phase
    if phase == EXTRA:
        _extra(g, index)
    elif phase == RAINY:
        _rainy(g, index)
    elif phase == GIVE:
        _give(g, g.cur, ids.GIVE.index(index))
        flow.card_done(g)
    elif phase == ROB_AGAIN:
        if index != ids.PASS:
            resolve.do_rob(g, g.cur, index)
        flow.card_done(g)
    elif phase in (EVENT_SHOOT, EVENT_MOVE):
        from .events import angry_marshal_step

        angry_marshal_step(g, index)
    elif phase == REFLEX:
        _reflex(g, index)


# ---------------------------------------------------------------------------- rounds


def before_deal(g: Game) -> None:
    """A card kept for a rainy day is in the hand again and counts toward its size."""
    if g.expert:
        return  # the Expert Variant's kept cards are its own (no rainy day there)
    for s in range(g.n_players):
        if g.kept[s]:
            g.hand[s] += g.kept[s]
            g.kept[s] = []


def round_start(g: Game) -> None:
    """After the deal, before the round card: the Marshal turns his next goal over (for
    himself)."""
    mp = _mp(g)
    if mp.upcoming:
        goal = mp.upcoming.pop()
        mp.current.append(goal)
        _emit(g, "goal", None, count=len(mp.current))
        _emit(g, "goal-seen", g.seat_of[mp.marshal], goal=goal_text(g, goal))


def goal_text(g: Game, goal: int) -> str:
    from .content import goal_name

    return goal_name(goal, ids.FIGURES)


def round_over(g: Game) -> None:
    """At the end of the round, the Marshal's bullets in front of a bandit are shuffled into
    his deck (their penalties end)."""
    mp = _mp(g)
    for b, cards in enumerate(mp.front):
        if not cards:
            continue
        seat = g.seat_of[b]
        g.deck[seat].extend(cards)
        mp.front[b] = []
        flow.shuffle(g, g.deck[seat])
        knowledge.forget_deck(g, seat)
        if g.deck_from[seat]:
            g.deck_from[seat] += cards
        _emit(g, "penalty-ends", None, bandit=g.chars[b], count=len(cards))


def end_game(g: Game) -> None:
    """The prisoners still behind the prison car and the mailbags left on the train go to
    the Marshal's Achievement zone."""
    mp = _mp(g)
    if mp.prisoners_left:
        _emit(g, "prisoners-kept", None, sidekicks=[sidekick_of(p) for p in mp.prisoners_left])
    mp.taken_prisoners += mp.prisoners_left
    mp.prisoners_left = []
    bags = 0
    for tokens in g.floor_loot:
        for t in [t for t in tokens if g.loot_kind[t] == MAILBAG]:
            tokens.remove(t)
            mp.taken_mailbags.append(t)
            bags += 1
    if bags:
        _emit(g, "mailbags-kept", None, count=bags)


# ---------------------------------------------------------------------------- registry

resolve.OPTIONS[CAPTURE] = capture_options
resolve.PERFORM[CAPTURE] = do_capture
resolve.OPTIONS[ESCAPE_KIND] = escape_options
resolve.PERFORM[ESCAPE_KIND] = do_escape
resolve.OPTIONS[FREE_KIND] = free_options
resolve.PERFORM[FREE_KIND] = do_free

__all__ = [
    "apply_id",
    "deadly_fall",
    "legal_ids",
    "pile_done",
    "resolving_kind",
]
