"""Plays seeded random games of every preset of both games and prints, per preset, one
digest of everything the engine showed: every state, legal moves, events, every seat's and
the spectator's views, sampled worlds (``determinize``) and the result. test_builds runs it
once on each build of the engines and compares.

    python tests/build_digest.py GAMES_PER_PRESET VIEWED_PER_PRESET
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from coltexpress import compiled
from coltexpress.sim import every_preset


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def digest(game: str, preset: str, players: int, games: int, viewed: int) -> str:
    from coltexpress.games import game_of

    kind = game_of(game)
    options = kind.options(preset, players=players)
    out = hashlib.sha256()
    for seed in range(games):
        g = kind.new(options, seed=seed)
        mover = random.Random(seed)
        worlds = random.Random(seed + 1)
        out.update(_dump(g.to_json()))
        step = 0
        while not g.is_over:
            legal = g.legal_ids()
            out.update(_dump(legal))
            events = g.apply_id(legal[mover.randrange(len(legal))])
            out.update(_dump([e.to_dict() for e in events]))
            out.update(_dump(g.to_json()))
            if seed < viewed:
                seats = (None, *range(g.n_players))
                out.update(_dump([g.view(s) for s in seats]))
                if step % 9 == 0 and not g.is_over:
                    sampled = g.determinize(g.current_seat, worlds)
                    out.update(_dump(sampled.to_json()))
            step += 1
        out.update(_dump(g.result()))
    return out.hexdigest()


def main() -> None:
    games, viewed = int(sys.argv[1]), int(sys.argv[2])
    report = {"build": compiled.BUILD, "digests": {
        f"{game} {preset} {players}p": digest(game, preset, players, games, viewed)
        for game, preset, players in every_preset()
    }}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
