"""The course of a game: placement, rounds, Schemin' turns, keeping cards, Stealin', events.

Every function takes the game state and changes it in place. ``apply_id`` dispatches the
pending decision to its step; the steps then run the game forward through everything that
needs nobody's decision until the next decision (or the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import ids, knowledge, resolve, rng
from .content import BULLET, MARSHAL, SHOOT, TurnType
from .event import Event

if TYPE_CHECKING:
    from .game import Game

# Decision codes (the order of game.Decision).
PLACE: Final = 0
PICK: Final = 1
PLAY: Final = 2
COVER: Final = 3
KEEP: Final = 4
RESOLVE_FIRST: Final = 5  # MOVE .. MARSHAL are 5 .. 10 (card kind + 5)
PICKPOCKET: Final = 11
OVER: Final = 12
# Marshal & Prisoners' decisions (game.Decision), then Horses & Stagecoach's: handled by the
# expansions' modules.
EXPANSION_FIRST: Final = 13
HS_FIRST: Final = 23
# The decision a card of each kind asks for as it resolves (after the base kinds: the
# expansions' cards and the Brilliant Idea's two ways out of the prison car).
PHASE_OF_KIND: Final = (5, 6, 7, 8, 9, 10, -1, -1, 5, 6, 15, 24, 16, 17)
KIND_OF_PHASE: Final = {5: 0, 6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 15: 10, 24: 11, 16: 12, 17: 13}

_STANDARD, _TUNNEL = TurnType.STANDARD, TurnType.TUNNEL
_SPEEDING, _SWITCHING = TurnType.SPEEDING, TurnType.SWITCHING


def shuffle(g: Game, items: list[int]) -> None:
    """Fisher-Yates with the game's own generator, or on the chance outcomes given
    (``Game.chance``: one draw of ``range(i + 1)`` for each i from the last down to 1)."""
    chance = g.chance
    if chance is None:
        g.rng = rng.shuffle(g.rng, items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = rng.given_outcome(chance, i + 1)
        items[i], items[j] = items[j], items[i]


def random_index(g: Game, n: int) -> int:
    """A draw of ``range(n)``: the game's generator's, or the next chance outcome given."""
    chance = g.chance
    if chance is not None:
        return rng.given_outcome(chance, n)
    g.rng, value = rng.below(g.rng, n)
    return value


# Public events before which a front end may show the game as it stands (see Game.frames).
FRAME_KINDS: Final = frozenset({"stealin", "reveal", "event", "round-end", "game-over"})


def emit(g: Game, kind: str, private_to: int | None = None, /, **data: object) -> None:
    """An event of ``kind`` with ``data``, told to one seat only if ``private_to`` names it.
    (The parameter's name is one no event's data uses: a compiled function cannot tell a
    positional-only parameter from a keyword of the same name.)"""
    events = g.events
    if events is not None:
        if g.frames is not None and kind in FRAME_KINDS:
            g.frames.append((len(events), g.clone()))
        events.append(Event(kind, data, private_to))


def _names_in_order(g: Game, cards: list[int]) -> list[str]:
    """Card names in the order hands are shown (views.card_order)."""
    order = sorted(cards, key=lambda c: (g.card_kind[c], g.card_bandit[c], c))
    return [g.card_name(c) for c in order]


def seat_has(g: Game, seat: int, power: str) -> bool:
    """Whether one of the seat's bandits has this power now."""
    return any(power in g.powers[b] for b in g.bandits_of[seat])


def hand_size(g: Game, seat: int) -> int:
    """The hand dealt at the start of a round: 6, 7 with Doc's power, +1 with the pick
    (Horses & Stagecoach: one fewer with the Minister)."""
    size = 6 + seat_has(g, seat, "extra-card") + g.pick_rule
    if g.hs is not None:
        from .hs.rules import fewer_cards

        size -= fewer_cards(g, seat)
    return size


def who(g: Game, seat: int) -> list[str]:
    """The bandits a seat plays (for narration)."""
    return [g.chars[b] for b in g.bandits_of[seat]]


# ---------------------------------------------------------------------------- start


def start(g: Game) -> None:
    """After setup: secret placement (2 bandits per player) or straight into round 1."""
    if g.options.two_bandits:
        g.phase, g.actor, g.cur = PLACE, g.first, -1
        return
    if g.hs is not None:
        from .hs.rules import start_attack

        start_attack(g)  # Horses & Stagecoach: the Horse Attack places the bandits
        return
    begin_round(g)


def _place(g: Game, index: int) -> None:
    seat = g.actor
    bandit = next(b for b in g.bandits_of[seat] if ids.PLACE[g.char_idx[b]] == index)
    g.placed[seat] = bandit
    if g.events is not None:
        emit(g, "placed", seat, bandit=g.chars[bandit])
    nxt = (seat + 1) % g.n_players
    if nxt != g.first:
        g.actor = nxt
        return
    # Everyone has chosen: the figures are revealed together.
    for s in range(g.n_players):
        caboose = g.placed[s]
        for b in g.bandits_of[s]:
            g.pos[b] = 2 * g.last if b == caboose else 2 * (g.last - 1)
        if g.events is not None:
            emit(g, "reveal-placement", None, seat=s, who=who(g, s), caboose=g.chars[caboose],
                 next_car=g.chars[next(b for b in g.bandits_of[s] if b != caboose)])
    begin_round(g)


# ---------------------------------------------------------------------------- rounds


def begin_round(g: Game) -> None:
    """Deal hands (after the pick with 2 bandits per player), then reveal the round card
    (rules 002 and 003 deal before the reveal; D-reveal-order)."""
    g.turns_taken = [0] * g.n_players
    if g.hs is not None:
        from .hs.rules import round_begins

        round_begins(g)  # the Lady's Poodle's bullet; bullets so far (Mortal Bullet)
    if g.pick_rule:
        _ask_pick(g, g.first)
        return
    _deal(g)


def _reveal_round_card(g: Game) -> None:
    g.round_card = g.round_deck.pop()
    g.round_log = (*g.round_log, g.round_card)
    spec = g.round_specs[g.round_card]
    turns = spec.turns_for(g.options.band)
    event = spec.event if g.options.events else None
    if g.events is not None:
        emit(g, "round", None, round=g.round_no + 1, card=spec.name, event=event,
             rainy=spec.rainy and not g.expert,
             turns=[t.value for t in turns], first=g.first, who=who(g, g.first),
             station=spec.station)
    schedule: list[tuple[int, int]] = []
    n = g.n_players
    for t, kind in enumerate(turns):
        step = -1 if kind is _SWITCHING else 1
        for i in range(n):
            seat = (g.first + step * i) % n
            schedule.append((t, seat))
            if kind is _SPEEDING:
                schedule.append((t, seat))
    g.schedule = tuple(schedule)
    g.step = 0
    ask_turn(g)


def _ask_pick(g: Game, seat: int) -> None:
    """Ask each player in turn for the card he takes from his deck before the shuffle."""
    while True:
        if g.deck[seat] or _rebuild_deck(g, seat):
            g.phase, g.actor, g.cur = PICK, seat, -1
            return
        seat = (seat + 1) % g.n_players
        if seat == g.first:
            _deal(g)
            return


def _pick(g: Game, index: int) -> None:
    seat = g.actor
    deck = g.deck[seat]
    # Of alike cards (a bullet card: which one), the first in the order hands are shown.
    card = min(
        (c for c in deck if _card_id(g, ids.PICK, c) == index),
        key=lambda c: (g.card_kind[c], g.card_bandit[c], c),
    )
    deck.remove(card)
    g.hand[seat].append(card)
    knowledge.forget_deck(g, seat)  # a card taken unseen from anywhere; then shuffled
    if g.hand_bullets[seat] >= 0:
        g.hand_bullets[seat] += 1
    if g.events is not None:
        emit(g, "picked", seat, card=g.card_name(card))
    nxt = (seat + 1) % g.n_players
    if nxt == g.first:
        _deal(g)
    else:
        _ask_pick(g, nxt)


def _card_id(g: Game, table: list[list[int]], card: int) -> int:
    kind = g.card_kind[card]
    return table[kind][0 if kind == BULLET else g.who[g.card_bandit[card]]]


def _deal(g: Game) -> None:
    """Each player draws up to his hand size (6, Doc 7, +1 with the 2-bandit pick)."""
    if g.mp is not None:
        g.mp.before_deal(g)  # cards kept for a rainy day join the hand
    for s in range(g.n_players):
        if g.pick_rule or (g.accessible and not g.expert):
            # The 2-bandit rules shuffle after the pick; rules 002 shuffle at the start of
            # the round. Rules 000 otherwise shuffled at the end of the last round.
            shuffle(g, g.deck[s])
            knowledge.forget_deck(g, s)
            if not g.expert:
                g.deck_from[s] = []  # every card of the player is in the deck again
        draw(g, s, hand_size(g, s) - len(g.hand[s]))
        if g.expert and g.accessible:
            bullets = [c for c in g.hand[s] if g.card_kind[c] == BULLET]
            g.hand_bullets[s] = 0  # everyone sees the hand is rid of its bullets
            if bullets:
                g.hand[s] = [c for c in g.hand[s] if g.card_kind[c] != BULLET]
                g.discard[s].extend(bullets)
                knowledge.leave_hand(g, s, bullets)
                if g.events is not None:
                    emit(g, "discard-bullets", None, seat=s, who=who(g, s), count=len(bullets),
                         cards=[g.card_name(c) for c in bullets])
        if g.events is not None:  # the whole hand: with a card kept from the last round
            emit(g, "hand", s, cards=_names_in_order(g, g.hand[s]))
    if g.mp is not None:
        g.mp.round_start(g)  # the Marshal's next goal, after the hands, before the round card
    _reveal_round_card(g)


def draw(g: Game, seat: int, count: int) -> list[int]:
    """Draw up to ``count`` cards from the top of a deck (Expert: reshuffle the discard);
    with fewer left, as many as there are (D-draw-short)."""
    deck = g.deck[seat]
    got: list[int] = []
    for _ in range(count):
        if not deck and not _rebuild_deck(g, seat):
            break
        got.append(knowledge.draw_top(g, seat))
    return got


def can_draw(g: Game, seat: int) -> bool:
    """Whether a draw would bring at least one card (D-draw-short)."""
    return bool(g.deck[seat]) or (g.expert and bool(g.discard[seat]))


def _rebuild_deck(g: Game, seat: int) -> bool:
    """Expert Variant: an empty deck is rebuilt from the shuffled discard pile."""
    if not (g.expert and g.discard[seat]):
        return False
    deck = g.deck[seat]
    deck.extend(g.discard[seat])
    g.discard[seat] = []
    shuffle(g, deck)  # the face-up discard order must not become the deck's
    knowledge.forget_deck(g, seat)
    g.deck_from[seat] = list(deck)  # the table saw the discard pile it was made from
    if g.events is not None:
        emit(g, "reshuffle", None, seat=seat, who=who(g, seat))
    return True


# ---------------------------------------------------------------------------- schemin'


def ask_turn(g: Game) -> None:
    if g.step >= len(g.schedule):
        _end_schemin(g)
        return
    g.phase, g.actor, g.cur = PLAY, g.schedule[g.step][1], -1


def current_turn_type(g: Game) -> TurnType:
    spec = g.round_specs[g.round_card]
    return spec.turns_for(g.options.band)[g.schedule[g.step][0]]


def _play_ids(g: Game, seat: int) -> list[int]:
    tunnel = current_turn_type(g) is _TUNNEL
    ghost = not tunnel and seat_has(g, seat, "stealth") and (
        # Rules 002: a speeding-up turn is one turn of two plays; rules 000: two turns.
        g.schedule[g.step][0] == 0 if g.accessible else g.turns_taken[seat] == 0
    )
    out = [ids.DRAW] if can_draw(g, seat) else []
    kinds, who = g.card_kind, g.who
    bandit_of = g.card_bandit
    for card in g.hand[seat]:
        kind = kinds[card]
        if kind == BULLET:
            continue
        entry = ids.PLAY[kind][who[bandit_of[card]]]
        if entry[0] not in out:
            out.append(entry[0])
            if ghost:
                out.append(entry[1])
    # Ids in their fixed order (draw; Move, Change Floor, ... each face-down variant after its
    # card), so a card keeps its place in the list whatever the hidden order of the hand.
    if g.mp is not None:  # Marshal & Prisoners: Jarring turns, the Brilliant Idea search
        out = g.mp.play_ids(g, seat, out)
    if g.hs is not None:  # Horses & Stagecoach: hostages' drawbacks, whiskey
        from .hs.rules import play_ids

        out = play_ids(g, seat, out)
    return sorted(out) or [ids.PASS]  # nothing to play and nothing to draw (D-draw-short)


def _cover_ids(g: Game, seat: int) -> list[int]:
    shooter = g.card_bandit[g.pile[-1]]
    out = [ids.PASS]
    for card in g.hand[seat]:
        kind = g.card_kind[card]
        b = g.card_bandit[card]
        if kind in (BULLET, MARSHAL) or b == shooter:
            continue
        index = ids.PLAY[kind][g.who[b]][0]
        if index not in out:
            out.append(index)
    return sorted(out)


def _play(g: Game, index: int) -> None:
    seat = g.actor
    if g.hs is not None:
        from .hs.rules import play

        if play(g, index):
            return  # a drink, a Turmoil turn's secret choice, the Photographer's tunnel
    if index in (ids.DRAW, ids.PASS, ids.DRAW_IDEA):
        if index == ids.DRAW_IDEA and g.mp is not None:
            g.mp.draw_idea(g, seat)
        elif index == ids.PASS:
            if g.events is not None:
                emit(g, "no-turn", None, seat=seat, who=who(g, seat))
        else:
            got = draw(g, seat, 3)
            if g.events is not None:
                emit(g, "draw", None, seat=seat, who=who(g, seat), count=len(got))
                emit(g, "drawn", seat, cards=_names_in_order(g, got))
        g.turns_taken[seat] += 1
        g.step += 1
        ask_turn(g)
        return
    action = ids.ACTIONS[index]
    turn = current_turn_type(g)
    card = take_from_hand(g, seat, index)
    down = turn is _TUNNEL or bool(getattr(action, "hidden", False))
    to_pile(g, seat, card, down, cover=False, stealth=down and turn is not _TUNNEL)
    g.turns_taken[seat] += 1
    if g.mp is not None and g.mp.after_play(g, seat, card, turn):
        return  # the Marshal's "+" card: he may play another card
    if (
        g.cover_rule
        and g.phase == PLAY
        and turn is _STANDARD
        and not down
        and g.card_kind[card] == SHOOT
        and g.hand[seat]  # asked even with nothing to cover with: the hand stays secret
    ):
        g.phase, g.cur = COVER, -1
        return
    g.step += 1
    ask_turn(g)


def _cover(g: Game, index: int) -> None:
    seat = g.actor
    if index != ids.PASS:
        card = take_from_hand(g, seat, index)
        to_pile(g, seat, card, False, cover=True)
    elif g.events is not None:
        emit(g, "no-cover", None, seat=seat, who=who(g, seat))
    g.step += 1
    ask_turn(g)


def take_from_hand(g: Game, seat: int, index: int) -> int:
    """Remove the card a Play action names (its face-down variant is the id after)."""
    face_up = index - bool(getattr(ids.ACTIONS[index], "hidden", False))
    hand = g.hand[seat]
    for i, card in enumerate(hand):
        kind = g.card_kind[card]
        if kind != BULLET and ids.PLAY[kind][g.who[g.card_bandit[card]]][0] == face_up:
            return hand.pop(i)
    raise AssertionError("legal play without its card")  # pragma: no cover


def to_pile(
    g: Game, seat: int, card: int, down: bool, *, cover: bool, stealth: bool = False
) -> None:
    g.pile.append(card)
    g.pile_down.append(down)
    if g.hand_known[seat]:
        if down:
            knowledge.leave_hand_unseen(g, seat, g.card_bandit[card])
        else:
            knowledge.leave_hand(g, seat, [card])
    if g.events is None:
        return
    name = g.chars[g.card_bandit[card]]
    if down:
        emit(g, "play", None, seat=seat, bandit=name, card=None, down=True, cover=cover,
             stealth=stealth)
        emit(g, "play-private", seat, bandit=name, card=g.card_name(card))
    else:
        emit(g, "play", None, seat=seat, bandit=name, card=g.card_name(card), down=False,
             cover=cover)


def _end_schemin(g: Game) -> None:
    if g.mp is not None and g.mp.rainy_day(g):
        return  # Schemin' for a Rainy Day: each player may keep a card
    finish_schemin(g)


def finish_schemin(g: Game) -> None:
    """Expert: the players keep cards; otherwise the unplayed hands go back on the decks
    (Reflex Action: they stay in hand)."""
    if g.expert:
        g.kept = [[] for _ in range(g.n_players)]
        g.dropped = [[] for _ in range(g.n_players)]
        _ask_keep(g, g.first, first=True)
        return
    if g.mp is None or not g.mp.keeps_hands(g):
        for s in range(g.n_players):
            knowledge.push_hand(g, s)  # unplayed cards go back on top of the deck
    _start_stealin(g)


def keep_card(g: Game, seat: int) -> int:
    """The card of the hand the keeping player decides on next: the first in the order
    hands are shown, so one decision per card, as many as the hand has (D-keep-at-once)."""
    hand = g.hand[seat]
    return min(hand, key=lambda c: (g.card_kind[c], g.card_bandit[c], c))


def _keep_ids(g: Game, seat: int) -> list[int]:
    card = keep_card(g, seat)
    if g.accessible and g.card_kind[card] == BULLET:
        return [ids.PASS]  # rules 002: bullet cards are always discarded
    return [ids.PASS, _card_id(g, ids.KEEP, card)]


def _ask_keep(g: Game, seat: int, *, first: bool = False) -> None:
    """Ask each player in turn, card by card, which cards he keeps; the choices stay hidden
    until all have chosen, as if made at once (D-keep-at-once). A player is asked about every
    card of his hand (a bullet card in rules 002 only to discard it), so the number of
    decisions says nothing but the size of his hand."""
    while first or seat != g.first:
        first = False
        if g.hand[seat]:
            g.phase, g.actor, g.cur = KEEP, seat, -1
            return
        seat = (seat + 1) % g.n_players
    for i in range(g.n_players):
        _discard_unkept(g, (g.first + i) % g.n_players)
    _start_stealin(g)


def _keep(g: Game, index: int) -> None:
    seat = g.actor
    card = keep_card(g, seat)
    g.hand[seat].remove(card)
    (g.dropped if index == ids.PASS else g.kept)[seat].append(card)
    if not g.hand[seat]:
        _ask_keep(g, (seat + 1) % g.n_players)


def _discard_unkept(g: Game, seat: int) -> None:
    discarded = g.dropped[seat]
    g.discard[seat].extend(discarded)
    g.hand[seat] = g.kept[seat]
    g.kept[seat] = []
    g.dropped[seat] = []
    knowledge.leave_hand(g, seat, discarded)
    if g.events is not None:
        emit(g, "keep", None, seat=seat, who=who(g, seat), kept=len(g.hand[seat]),
             discarded=[g.card_name(c) for c in discarded])


# ---------------------------------------------------------------------------- stealin'


def _start_stealin(g: Game) -> None:
    if g.events is not None:
        emit(g, "stealin", None, cards=len(g.pile))
    g.resolve_i = 0
    resolve_pile(g)


def resolve_pile(g: Game) -> None:
    """Resolve cards until one needs a decision or the pile is done."""
    while g.resolve_i < len(g.pile):
        card = g.pile[g.resolve_i]
        bandit = g.card_bandit[card]
        kind = g.card_kind[card]
        if g.events is not None:
            emit(g, "reveal", None, seat=g.seat_of[bandit], bandit=g.chars[bandit],
                 card=g.card_name(card), index=g.resolve_i)
        reason = None
        if g.mp is not None:  # the cell, a penalty, a fall; what a Brilliant Idea does
            kind, reason = g.mp.resolving_kind(g, card, bandit)
        if g.hs is not None and reason is None:  # rode away; a hostage's drawback
            from .hs.rules import blocked_reason

            reason = blocked_reason(g, kind, bandit)
        options = [] if reason else resolve.options(g, kind, bandit)
        if len(options) > 1:
            g.phase, g.actor, g.cur = PHASE_OF_KIND[kind], g.seat_of[bandit], bandit
            g.legal = tuple(options)
            return
        if options:
            if resolve.perform(g, kind, bandit, options[0]):
                return  # the card waits for a further decision
            if g.hs is not None and _shotgun(g, bandit):
                return  # the bandit runs from the Shotgun: which way
        else:
            name = g.card_name(card)
            # A Brilliant Idea says which card it copied (its words give the reason).
            idea = name.partition("@")[0] == "idea" and 0 <= kind < len(ids.KIND_NAMES)
            copied = {"copied": ids.KIND_NAMES[kind]} if idea else {}
            if g.events is not None:
                emit(g, "no-effect", None, bandit=g.chars[bandit], card=name,
                     reason=reason or resolve.no_effect_reason(g, kind, bandit), **copied)
        finish_card(g)
    if g.mp is not None and g.mp.pile_done(g):
        return  # a Reflex Action card resolved: the event goes on
    _end_stealin(g)


def finish_card(g: Game) -> None:
    card = g.pile[g.resolve_i]
    seat = g.seat_of[g.card_bandit[card]]
    if g.expert:
        g.discard[seat].append(card)
    elif g.accessible:
        knowledge.push_public(g, seat, card)  # rules 002: each card goes back once performed
    g.resolve_i += 1


def _resolve(g: Game, index: int) -> None:
    if resolve.perform(g, KIND_OF_PHASE[g.phase], g.cur, index):
        return  # the card waits for a further decision
    card_done(g)


def card_done(g: Game) -> None:
    """The card resolving is done (after its last decision): on to the next."""
    if g.hs is not None and _shotgun(g, g.card_bandit[g.pile[g.resolve_i]]):
        return  # the bandit runs from the Shotgun: which way
    finish_card(g)
    resolve_pile(g)


def _shotgun(g: Game, bandit: int) -> bool:
    """Horses & Stagecoach: a bandit ending his action in the Shotgun's space."""
    from .hs.rules import after_card

    return after_card(g, bandit)


def _end_stealin(g: Game) -> None:
    if not g.expert and not g.accessible:
        # Rules 000: the cards go back to their owners, who shuffle all their cards.
        for card in g.pile:
            g.deck[g.seat_of[g.card_bandit[card]]].append(card)
        for s in range(g.n_players):
            shuffle(g, g.deck[s])
            knowledge.forget_deck(g, s)
            g.deck_from[s] = []
    g.pile = []
    g.pile_down = []
    g.resolve_i = 0
    spec = g.round_specs[g.round_card]
    if g.options.events and spec.event is not None:
        from .round_events import run_event

        if g.events is not None:
            emit(g, "event", None, name=spec.event, station=spec.station,
                 marshal_player=g.mp is not None)
        told = len(g.events) if g.events is not None else 0
        if run_event(g, spec.event):
            return  # waits for decisions (Pickpocketing)
        if g.events is not None and len(g.events) == told:
            emit(g, "no-one", None)
    end_round(g)


def end_round(g: Game) -> None:
    if g.mp is not None:
        g.mp.round_over(g)  # the penalties of the Marshal's bullets end
    if g.events is not None:
        emit(g, "round-end", None, round=g.round_no + 1)
    g.round_no += 1
    g.round_card = -1
    if g.round_no >= 5 or not g.round_deck:
        g.phase, g.actor, g.cur = OVER, -1, -1
        g.legal = ()
        if g.mp is not None:
            g.mp.end_game(g)  # unfreed prisoners and mailbags left go to the Marshal
        from .scoring import score

        if g.events is not None:
            emit(g, "game-over", None, **score(g), players=[who(g, s) for s in range(g.n_players)])
        return
    if g.hs is not None:
        from .hs.rules import clean_up

        clean_up(g)  # the stagecoach moves back, the Shotgun beside it
    g.first = (g.first + 1) % g.n_players
    begin_round(g)


# ---------------------------------------------------------------------------- dispatch


def legal_ids(g: Game) -> tuple[int, ...]:
    phase = g.phase
    if phase == PLAY:
        return tuple(_play_ids(g, g.actor))
    if phase == COVER:
        return tuple(_cover_ids(g, g.actor))
    if phase == KEEP:
        return tuple(_keep_ids(g, g.actor))
    if phase == PICK:
        seen: list[int] = []
        for card in g.deck[g.actor]:
            index = _card_id(g, ids.PICK, card)
            if index not in seen:
                seen.append(index)
        return tuple(sorted(seen))
    if phase == PLACE:
        return tuple(ids.PLACE[g.char_idx[b]] for b in g.bandits_of[g.actor])
    if phase == PICKPOCKET:
        from .round_events import pickpocket_options

        return pickpocket_options(g)
    if phase == OVER:
        return ()
    if phase in KIND_OF_PHASE:
        return tuple(resolve.options(g, KIND_OF_PHASE[phase], g.cur))
    if phase >= HS_FIRST:
        from .hs.rules import legal_ids as hs_legal

        return tuple(hs_legal(g))
    assert g.mp is not None  # only the expansions ask for the other decisions
    return tuple(g.mp.legal_ids(g))


def apply_id(g: Game, index: int) -> None:
    phase = g.phase
    if phase == PLAY:
        _play(g, index)
    elif phase in KIND_OF_PHASE:
        _resolve(g, index)
    elif phase >= HS_FIRST:
        from .hs.rules import apply_id as hs_apply

        hs_apply(g, index)
    elif phase >= EXPANSION_FIRST and g.mp is not None:
        g.mp.apply_id(g, index)
    elif phase == COVER:
        _cover(g, index)
    elif phase == KEEP:
        _keep(g, index)
    elif phase == PICK:
        _pick(g, index)
    elif phase == PLACE:
        _place(g, index)
    elif phase == PICKPOCKET:
        from .round_events import pickpocket_step

        pickpocket_step(g, index)
