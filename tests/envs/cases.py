"""Every preset of both games at its fewest, a middle and its most players: the option sets
the research interfaces are tested over."""

from __future__ import annotations

from coltexpress.engine.errors import OptionsError
from coltexpress.games import GAMES, game_of, new_game


def _counts(game: str, preset: str) -> list[int]:
    kind = game_of(game)
    ok = []
    for n in range(kind.players[0], kind.players[1] + 1):
        try:
            new_game(game, preset, players=n)
        except OptionsError:
            continue
        ok.append(n)
    return ok


def cases() -> list[tuple[str, str, int]]:
    out = []
    for game in GAMES:
        for preset in game_of(game).presets:
            counts = _counts(game, preset)
            middle = counts[len(counts) // 2]
            out += [(game, preset, n) for n in sorted({counts[0], middle, counts[-1]})]
    return out


CASES = cases()
IDS = [f"{g}-{p}-{n}" for g, p, n in CASES]
