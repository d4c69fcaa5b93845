"""Scenario builders for rule tests: explicit states with rigged positions, decks and purses.

The helpers reach into the engine's state on purpose (tests are white-box); every scenario
is still played through the public ``apply``.
"""

from __future__ import annotations

import random
from typing import Any

from coltexpress import Game, Options
from coltexpress.engine import flow
from coltexpress.engine.content import BULLET, CARD_KINDS, LOOT_KINDS, content
from coltexpress.engine.invariants import check_invariants

KIND = {k.value: i for i, k in enumerate(CARD_KINDS)}
LOOT = {k.value: i for i, k in enumerate(LOOT_KINDS)}


def new_game(
    preset: str = "standard", *, players: int = 3, seed: int = 0, **options: Any
) -> Game:
    """A fresh game; ``characters`` defaults to the first N base characters in seat order."""
    if "characters" not in options:
        two = ("two-player", "two-bandits", "accessible-two-player")
        per = 2 if options.get("two_bandits") or preset in two else 1
        pool = ["belle", "cheyenne", "django", "doc", "ghost", "tuco", "mei"]
        if per == 2:
            pool = ["tuco", "belle", "cheyenne", "doc", "django", "ghost"]
        options["characters"] = tuple(pool[: players * per])
    return Game.new(Options.preset(preset, players=players, **options), seed=seed)


def bandit(g: Game, name: str) -> int:
    return g.chars.index(name)


def put(g: Game, **where: tuple[int, bool]) -> None:
    """Place bandits: ``put(g, belle=(2, False), doc=(0, True))`` (car, on_roof)."""
    for name, (car, roof) in where.items():
        g.pos[bandit(g, name)] = 2 * car + int(roof)
    g.legal = None


def where(g: Game, name: str) -> tuple[int, bool]:
    return g.space_of(name)


def clear_loot(g: Game) -> None:
    """Move every token on the train floors and with bandits into the box."""
    for tokens in g.floor_loot:
        g.box.extend(tokens)
        tokens.clear()
    for tokens in g.held:
        g.box.extend(tokens)
        tokens.clear()


def add_loot(g: Game, car: int, roof: bool, kind: str, value: int | None = None) -> int:
    """Take a token of that kind from the box (setting its value) onto a floor space."""
    token = _box_token(g, kind, value)
    g.floor_loot[2 * car + int(roof)].append(token)
    return token


def give_loot(g: Game, name: str, kind: str, value: int | None = None) -> int:
    """Take a token of that kind from the box (setting its value) to a bandit."""
    token = _box_token(g, kind, value)
    b = bandit(g, name)
    g.held[b].append(token)
    g.loot_seen[token] |= 1 << g.seat_of[b]  # he looked at it as he took it
    return token


def _box_token(g: Game, kind: str, value: int | None) -> int:
    code = LOOT[kind]
    for t in g.box:
        if g.loot_kind[t] == code:
            g.box.remove(t)
            break
    else:
        for tokens in [*g.floor_loot, *g.held]:
            for t in tokens:
                if g.loot_kind[t] == code:
                    tokens.remove(t)
                    break
            else:
                continue
            break
        else:
            t = len(g.loot_kind)
            g.loot_kind = (*g.loot_kind, code)
            g.loot_value = (*g.loot_value, 0)
            g.loot_public = (*g.loot_public, False)
            g.loot_seen.append(0)
    if value is not None:
        values = list(g.loot_value)
        values[t] = value
        g.loot_value = tuple(values)
    return t


def loot_kinds(g: Game, name: str) -> list[str]:
    return sorted(LOOT_KINDS[g.loot_kind[t]].value for t in g.held[bandit(g, name)])


def floor_kinds(g: Game, car: int, roof: bool) -> list[str]:
    return sorted(LOOT_KINDS[g.loot_kind[t]].value for t in g.floor_loot[2 * car + int(roof)])


def loot_value(g: Game, name: str) -> int:
    return sum(g.loot_value[t] for t in g.held[bandit(g, name)])


def _take_card(g: Game, seat: int, name: str, kind: str, *, from_hand: bool = True) -> int:
    """Remove a card of that bandit and kind from the seat's hand, deck or discard."""
    b = bandit(g, name)
    code = KIND[kind]
    zones = (g.hand[seat], g.deck[seat], g.discard[seat]) if from_hand else (
        g.deck[seat], g.discard[seat])
    for zone in zones:
        for i, c in enumerate(zone):
            if g.card_kind[c] == code and (code == BULLET or g.card_bandit[c] == b):
                return zone.pop(i)
    raise LookupError(f"seat {seat} has no {kind} card of {name}")


def set_round(g: Game, card: str) -> None:
    """Replace the current round card (the game must be at the first Schemin' turn)."""
    specs = g.round_specs
    index = next(i for i, s in enumerate(specs) if s.name == card)
    g.round_deck = [i for i in g.round_deck if i != index]
    g.round_log = (*g.round_log[:-1], index)
    g.round_card = index
    turns = specs[index].turns_for(g.options.band)
    schedule = []
    n = g.n_players
    for t, kind in enumerate(turns):
        step = -1 if kind.value == "Sw" else 1
        for i in range(n):
            seat = (g.first + step * i) % n
            schedule.append((t, seat))
            if kind.value == "Sp":
                schedule.append((t, seat))
    g.schedule = tuple(schedule)
    g.step = 0
    g.actor = g.schedule[0][1]
    g.legal = None


def set_hand(g: Game, seat: int, cards: list[str]) -> None:
    """Give a seat exactly these cards in hand (``"move"`` or ``"move@tuco"``)."""
    g.deck[seat].extend(g.hand[seat])
    g.hand[seat] = []
    for text in cards:
        kind, _, who = text.partition("@")
        name = who or g.chars[g.bandits_of[seat][0]]
        g.hand[seat].append(_take_card(g, seat, name, kind, from_hand=False))
    g.legal = None


def stealin(g: Game, cards: list[tuple[str, str]], *, down: tuple[int, ...] = ()) -> list[Any]:
    """Skip to the Stealin' phase with exactly this pile: ``[("belle", "shoot"), ...]``.

    The game must be in a Schemin' turn. Hands go back to the decks as usual; returns the
    events of the resolution up to the first decision.
    """
    for s in range(g.n_players):
        g.deck[s].extend(g.hand[s])
        g.hand[s] = []
    g.pile, g.pile_down = [], []
    for i, (name, kind) in enumerate(cards):
        seat = g.seat_of[bandit(g, name)]
        g.pile.append(_take_card(g, seat, name, kind))
        g.pile_down.append(i in down)
    g.step = len(g.schedule)
    g.events = []
    g.legal = None
    flow.ask_turn(g)
    return g.events


def to_first_turn(g: Game) -> Game:
    """Play the placement and the picks (first legal choice) up to the first Schemin' turn."""
    while g.pending.decision in ("place", "pick"):
        g.apply(g.legal_actions()[0])
    if g.pending.decision != "play":
        raise AssertionError(f"not at a Schemin' turn: {g.pending}")
    return g


def draw_or_play(g: Game) -> list[Any]:
    """A Schemin' turn that changes as little as it can: draw 3 cards, or once the deck is
    empty (drawing is then not a turn; D-draw-short) play the first card offered."""
    return g.apply("draw" if g.is_legal("draw") else g.legal_actions()[0])


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def play_out(g: Game, seed: int = 0) -> Game:
    """Finish a game with random legal moves, checking invariants on the way."""
    rng = random.Random(seed)
    while not g.is_over:
        ids = g.legal_ids()
        g.apply_id(ids[rng.randrange(len(ids))])
        problems = check_invariants(g)
        assert not problems, problems
    return g


def cylinder_full() -> int:
    return content().cylinder
