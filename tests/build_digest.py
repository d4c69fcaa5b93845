"""Plays seeded random games of every preset of both games and prints, per preset, one
digest of everything the engine showed: every state, legal moves, events, every seat's and
the spectator's views, sampled worlds (``determinize``) and the result; then, per preset,
a game of the bots (search, heuristic, the easy level's slips) with every choice they made,
and a game's online updates (the words, events and patches the server's render worker sends
every seat and a spectator, ``server.render``).
test_builds runs it once on each build and compares.

    python tests/build_digest.py GAMES_PER_PRESET VIEWED_PER_PRESET [BOT_GAMES]
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


def bots_digest(game: str, preset: str, players: int, games: int) -> str:
    """Seeded games of a search bot (fixed iterations, no clock), the heuristic and the
    easy level, seats rotated: every choice and the result."""
    from coltexpress.games import game_of
    from coltexpress.tournament import make_agent, parse_agent

    kind = game_of(game)
    options = kind.options(preset, players=players)
    specs = [parse_agent("ismcts:iterations=40:rollout_depth=8"), parse_agent("heuristic"),
             parse_agent("heuristic:noise=0.35")]
    out = hashlib.sha256()
    for seed in range(games):
        g = kind.new(options, seed=seed)
        agents = [make_agent(specs[(seat + seed) % len(specs)], seed * 10 + seat)
                  for seat in range(g.n_players)]
        while not g.is_over:
            choice = agents[g.current_seat].act(g)
            out.update(_dump(choice))
            g.apply_id(choice)
        out.update(_dump(g.result()))
    return out.hexdigest()


def updates_digest(game: str, preset: str, players: int, games: int) -> str:
    """Seeded random games as the online server says them: every move's update for every
    seat and a spectator, whole and as patches, encoded as sent."""
    from coltexpress.server.kinds import table_game
    from coltexpress.server.render import Job, Renderer

    kind = table_game(game)
    options = kind.options(preset, {"players": players}).to_dict()
    seats: tuple[int | None, ...] = (*range(players), None)
    out = hashlib.sha256()
    for seed in range(games):
        renderer, mover = Renderer(), random.Random(seed)
        g = kind.new(options, seed)
        version = 0
        while not g.is_over:
            action = str(mover.choice(g.legal_actions()))
            record = (game, options, seed, []) if version == 0 else None
            job = Job("t", version, action, seats, {"version": version + 1}, record, seats)
            texts = renderer.run(job)
            assert texts is not None
            out.update(_dump(sorted(texts.items(), key=repr)))
            g.apply(action)
            version += 1
    return out.hexdigest()


def main() -> None:
    games, viewed = int(sys.argv[1]), int(sys.argv[2])
    bot_games = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    report = {"build": compiled.BUILD, "digests": {
        f"{game} {preset} {players}p": digest(game, preset, players, games, viewed)
        for game, preset, players in every_preset()
    }, "bots": {
        f"{game} {preset} {players}p": bots_digest(game, preset, players, bot_games)
        for game, preset, players in every_preset()
    } if bot_games else {}, "updates": {
        f"{game} {preset} {players}p": updates_digest(game, preset, players, bot_games)
        for game, preset, players in every_preset()
    } if bot_games else {}}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
