"""Colt Super Express as a table game (``table_game()``, ``server/kinds.py``): its words
(the captions sent with each view, move labels, the card a moment of the Shootin' phase
reveals, the round summary, the lobby's presets, the replay's options and the rules panel)
are those of ``coltexpress.words.super_express``, the words every front end of the game
shares (the terminal says the same); its bots' levels.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..superexpress.actions import SUPER_ACTIONS
from ..tournament import LEVELS as TOURNAMENT_LEVELS
from ..words import super_express as words

if TYPE_CHECKING:
    from .kinds import TableGame

__all__ = ["LEVELS", "table_game"]

# The bots' levels: the same agents as for Colt Express, which play this game through its
# own heuristic and evaluation (``agents/kits.py``).
LEVELS = TOURNAMENT_LEVELS


@functools.cache
def table_game() -> TableGame:
    """Colt Super Express as a table game (``server/kinds.py``)."""
    from ..games import game_of
    from ..superexpress.options import SuperOptions
    from .kinds import TableGame

    return TableGame(
        kind=game_of("super-express"),
        levels=LEVELS,
        captions=words.browser_captions,
        step_card=words.step_card,
        label=words.label,
        round_summary=words.public_round_summary,
        seat_bandits=lambda game, seat: [game.chars[seat]],
        mover=lambda game: [] if game.pending.bandit is None else [game.pending.bandit],
        action_text=lambda i: str(SUPER_ACTIONS[i]),
        options_from_dict=SuperOptions.from_dict,
        presets=tuple({**p, **words.PRESET_ABOUT[p["preset"]]} for p in words.PRESETS),
        options_summary=words.options_summary,
        rules=words.rules,
    )
