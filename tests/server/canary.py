"""The leak canary: nothing a seat or spectator receives holds what it may not see.

Every message is checked against the server-side full state (``Game.to_json``) at the
message's version: forbidden strings (tokens, the seed, the generator state, the values of
purses the viewer may not see) are scanned for in the raw text; hands, face-down cards and
events are checked against the state.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from coltexpress import Game

FORBIDDEN_KEYS = {
    "deck",
    "rng",
    "seed",
    "history",
    "loot_value",
    "card_kind",
    "tokens",
    "host_hash",
}


class Timeline:
    """The game at every version, rebuilt from the record."""

    def __init__(self, record: dict[str, Any]) -> None:
        game = Game.replay({**record, "actions": []})
        self.games = [game.clone()]
        self.events: list[list[Any]] = [[]]
        for action in record["actions"]:
            self.events.append(game.apply(action))
            self.games.append(game.clone())
        self.seed = record["seed"]


def _keys(node: Any) -> Any:
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _keys(value)
    elif isinstance(node, list):
        for item in node:
            yield from _keys(item)


def check_message(raw: str, seat: int | None, timeline: Timeline, secrets: list[str]) -> int:
    """Raise AssertionError naming the leak; returns the number of checks made."""
    checks = 0
    for secret in [*secrets, str(timeline.seed)]:
        assert secret not in raw, f"secret {secret[:8]}... sent to seat {seat}"
        checks += 1
    message = json.loads(raw)
    if message["type"] not in ("welcome", "update"):
        return checks
    version = message["version"]
    game = timeline.games[version]
    state = game.to_json()
    assert str(state["rng"]) not in raw, "the generator state was sent"
    for key, _ in _keys(message):
        assert key not in FORBIDDEN_KEYS, f"key {key!r} sent to seat {seat}"
    # A seat may see the purses it holds or once held (D-memory); everyone sees them all at
    # the end of the game.
    seen_bit = 0 if seat is None else 1 << seat
    for token, value in enumerate(state["loot_value"]):
        if (
            state["loot_kind"][token] == 0
            and not state["loot_public"][token]
            and not state["loot_seen"][token] & seen_bit
            and not game.is_over
        ):
            pattern = rf'"id":\s*{token},\s*"kind":\s*"purse",\s*"value":'
            assert not re.search(pattern, raw), f"purse {token} (${value}) shown to seat {seat}"
            checks += 1
    view = message["view"]
    assert view["seat"] == seat
    for key, value in _keys(message):
        if key == "hand":
            assert seat is not None, "a hand sent to a spectator"
            mine = Counter(game.card_name(c) for c in game.hand[seat])
            assert Counter(value) == mine, f"seat {seat} got a hand that is not its own"
            checks += 1
    # The card being resolved was revealed in public (D-known-cards).
    resolving = game.pending.decision.value in ("move", "floor", "shoot", "rob", "punch",
                                                "marshal")
    revealed = game.resolve_i + 1 if resolving else game.resolve_i
    for i, entry in enumerate(view["pile"]):
        hidden = game.pile_down[i] and i >= revealed and entry["seat"] != seat
        if hidden:
            assert entry["card"] is None, f"face-down card {i} shown to seat {seat}"
        checks += 1
    for player in view["players"]:
        s = player["seat"]
        known = [
            sorted(game.card_name(c) for c in (owner if s == seat else public))
            for _size, public, owner in reversed(game.deck_known[s])
        ]
        got = [segment["cards"] for segment in player["deck_top"]]
        assert got == known, f"seat {seat} was told {got} of the top of seat {s}'s deck"
        checks += 1
    if message["type"] == "update":
        allowed = [e.text() for e in timeline.events[version] if e.seat in (None, seat)]
        got = [e["text"] for e in message["events"]]
        assert got == allowed, f"seat {seat} got events {got}, may see {allowed}"
        checks += 1
    return checks
