"""What a seat may know: the one function every front end uses to see the game.

A view is built by listing what may be shown, never by copying the state and deleting
secrets. A seat sees its own hand and the values of the purses its bandits hold; everyone
sees positions, loot by kind, face-up cards, the owners of face-down cards, deck and hand
sizes, discard piles, bullets. ``seat=None`` is a spectator: public information only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import ids
from .actions import ACTIONS

if TYPE_CHECKING:
    from .game import Game


def _token(g: Game, t: int, visible: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": t, "kind": ids.LOOT_NAMES[g.loot_kind[t]]}
    if visible or g.loot_public[t]:
        entry["value"] = g.loot_value[t]
    return entry


def build_view(g: Game, seat: int | None) -> dict[str, Any]:
    from .game import OVER, PLACE

    if seat is not None and not (isinstance(seat, int) and 0 <= seat < g.n_players):
        raise ValueError(f"no seat {seat!r} in a {g.n_players}-player game")
    pend = g.pending
    placing = g.phase == PLACE
    spec = g.round_card_spec
    bandits = []
    for b, name in enumerate(g.chars):
        mine = seat is not None and g.seat_of[b] == seat
        p = g.pos[b]
        bandits.append(
            {
                "character": name,
                "seat": g.seat_of[b],
                "car": None if p < 0 else p >> 1,
                "roof": None if p < 0 else bool(p & 1),
                "loot": [_token(g, t, mine) for t in g.held[b]],
                "bullets_left": g.cylinder[b],
                "bullets_received": g.received[b],
                "power": g.power[b],
            }
        )
    spaces = []
    for space, tokens in enumerate(g.floor_loot):
        spaces.append(
            {
                "car": space >> 1,
                "roof": bool(space & 1),
                "loot": [_token(g, t, False) for t in tokens],
            }
        )
    pile = []
    for i, card in enumerate(g.pile):
        b = g.card_bandit[card]
        owner = g.seat_of[b]
        shown = not g.pile_down[i] or i < g.resolve_i or owner == seat
        pile.append(
            {
                "seat": owner,
                "bandit": g.chars[b],
                "card": g.card_name(card) if shown else None,
                "down": g.pile_down[i],
                "resolved": i < g.resolve_i,
            }
        )
    players = []
    for s in range(g.n_players):
        players.append(
            {
                "seat": s,
                "bandits": [g.chars[b] for b in g.bandits_of[s]],
                "hand_size": len(g.hand[s]) + len(g.kept[s]),
                "deck_size": len(g.deck[s]),
                "discard": [g.card_name(c) for c in g.discard[s]],
                "placed": g.placed[s] >= 0 if placing else None,
            }
        )
    view: dict[str, Any] = {
        "seat": seat,
        "options": g.options.to_dict(),
        "round": min(g.round_no + 1, 5),
        "rounds": 5,
        "round_deck_size": len(g.round_deck),
        "round_card": None
        if spec is None
        else {
            "name": spec.name,
            "event": spec.event,
            "turns": [t.value for t in spec.turns_for(g.options.band)],
            "station": spec.station,
        },
        "turn": g.schedule[g.step][0] if g.phase in (2, 3) and spec is not None else None,
        "first_player": g.first,
        "decision": pend.decision.value,
        "actor": pend.seat,
        "actor_bandit": pend.bandit,
        "cars": g.last,
        "marshal": g.marshal,
        "neutral_bullets": 0 if g.neutral_gone else g.neutral,
        "spaces": spaces,
        "bandits": bandits,
        "players": players,
        "pile": pile,
        "resolving": g.resolve_i if g.pile and g.phase >= 5 and g.phase != OVER else None,
    }
    if seat is not None:
        view["hand"] = sorted(g.card_name(c) for c in g.hand[seat])
        view["kept"] = sorted(g.card_name(c) for c in g.kept[seat])
        if placing and g.placed[seat] >= 0:
            view["my_placement"] = g.chars[g.placed[seat]]
        if pend.seat == seat:
            view["legal"] = [str(ACTIONS[i]) for i in g.legal_ids()]
    if g.phase == OVER:
        view["result"] = g.result()
    return view
