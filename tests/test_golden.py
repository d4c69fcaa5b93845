"""Golden playthroughs: whole games written as text and compared with tests/golden/*.txt.

Each game (of any game of the package: ``coltexpress.games``) is seeded and played by a
seeded random policy over the legal ids; every step is written as its round, seat, bandit,
action notation and the public event sentences. Set UPDATE_GOLDEN=1 to rewrite the files
after an intended change of rules or wording.
"""

from __future__ import annotations

import difflib
import json
import os
import random
from pathlib import Path

import pytest

from coltexpress.games import new_game, options_for

GOLDEN = Path(__file__).parent / "golden"

GAMES: dict[str, tuple[str, str, int, int]] = {
    # name: (game, preset, players, seed)
    "standard-4p": ("colt-express", "standard", 4, 101),
    "expert-3p": ("colt-express", "expert", 3, 202),
    "two-player-2p": ("colt-express", "two-player", 2, 303),
    "accessible-5p": ("colt-express", "accessible", 5, 404),
    "marshal-prisoners-5p": ("colt-express", "marshal-prisoners", 5, 505),
    "horses-stagecoach-4p": ("colt-express", "horses-stagecoach", 4, 606),
    "both-expansions-5p": ("colt-express", "both-expansions", 5, 707),
    "super-express-4p": ("super-express", "standard", 4, 808),
    "super-express-reflex-horse-5p": ("super-express", "reflex-horse", 5, 909),
}


def render(game: str, preset: str, players: int, seed: int) -> str:
    options = options_for(game, preset, players=players)
    g = new_game(game, preset, players=players, seed=seed)
    rng = random.Random(seed)
    named = g.record().get("game")  # a record names its game, but Colt Express's
    lines = [f"# game {named}"] if named else []
    lines += [
        f"# {preset}, {players} players, seed {seed}; policy random.Random({seed})",
        f"# options {json.dumps(options.to_dict(), sort_keys=True)}",
        f"# characters {' '.join(g.chars)}",
    ]
    lines += [f"  {e.text()}" for e in g.events if e.seat is None]
    while not g.is_over:
        legal = list(g.legal_ids())
        pend = g.pending
        index = legal[rng.randrange(len(legal))]
        action = g.legal_actions()[legal.index(index)]
        round_no = g.view(None)["round"]
        who = f"seat {pend.seat}" + (f" {pend.bandit}" if pend.bandit else "")
        lines.append(f"r{round_no} {who} {pend.decision}: {action}")
        lines += [f"  {e.text()}" for e in g.apply_id(index) if e.seat is None]
    result = g.result()
    lines.append(f"# result {json.dumps(result, sort_keys=True)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_golden_playthrough(name: str) -> None:
    text = render(*GAMES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"{path} is missing; run with UPDATE_GOLDEN=1 to write it"
    expected = path.read_text()
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True), text.splitlines(keepends=True),
                fromfile=str(path), tofile="this run", n=2,
            )
        )
        pytest.fail(f"golden playthrough {name} changed (UPDATE_GOLDEN=1 to accept):\n"
                    + diff[:6000])


def test_golden_files_are_all_in_use() -> None:
    assert {p.stem for p in GOLDEN.glob("*.txt")} <= set(GAMES)
