"""Colt Super Express as a table game (``table_game()``, ``server/kinds.py``): its words
(the captions sent with each view, move labels, the card a moment of the Shootin' phase
reveals, the round summary, the lobby's presets, the replay's options and the rules panel)
are those of ``coltexpress.words.super_express``, the words every front end of the game
shares (the terminal says the same); its bots' levels.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..engine import names
from ..superexpress.actions import SUPER_ACTIONS
from ..tournament import LEVELS as TOURNAMENT_LEVELS
from ..words import super_express as words
from ..words.common import and_list, plural

if TYPE_CHECKING:
    from .kinds import TableGame

__all__ = ["LEVELS", "table_game"]

# The bots' levels: the same agents as for Colt Express, which play this game through its
# own heuristic and evaluation (``agents/kits.py``).
LEVELS = TOURNAMENT_LEVELS


def over_round(view: dict[str, Any]) -> dict[str, Any]:
    """The round panel once the game is over: that it is over, in which round, and who
    stayed on the train (nobody: who left it last)."""
    result = view["result"]
    bandits = view["bandits"]
    aboard = [names.bandit(b["character"]) for b in bandits if result["aboard"][b["seat"]]]
    if aboard:
        stayed = f"Still on the train at the end: {and_list(aboard)}."
    else:
        last = max(result["out_round"])
        gone = [names.bandit(b["character"]) for b in bandits
                if result["out_round"][b["seat"]] == last]
        stayed = f"Nobody stayed on the train; the last to leave it: {and_list(gone)}."
    return {
        "title": "The game is over",
        "lines": [f"It ended in round {view['round']}.", stayed],
    }


def pile_note(view: dict[str, Any]) -> str:
    """Why the Shootin' phase has fewer cards than were programmed: the cards still face
    down of a bandit who went out this round left the pile with the bandit ("" if none).

    The banner counts the cards of the phase ("Card 8 of 11"); this says why the count
    dropped."""
    gone = []
    for p in view["players"]:
        bandit = view["bandits"][p["seat"]]
        left = words.PROGRAMMED - p["programmed"]
        if bandit["out"] and bandit["out_round"] == view["round"] and left > 0:
            who = names.bandit(bandit["character"])
            gone.append(f"{who}'s {plural(left, 'face-down card')} left the pile when {who} "
                        "went out")
    return f"({'; '.join(gone)}.)" if gone else ""


def captions(view: dict[str, Any], like: Any = ()) -> dict[str, Any]:
    """The words sent with a view (``words.browser_captions``); once the game is over, the
    round panel says so instead of how the round goes on; ``pile_note``: why the phase's
    card count dropped. (``like``: as Colt Express's captions take it; unused here.)"""
    out = words.browser_captions(view)
    if "result" in view:
        out["round"] = over_round(view)
    note = pile_note(view)
    if note:
        out["pile_note"] = note
    return out


@functools.cache
def table_game() -> TableGame:
    """Colt Super Express as a table game (``server/kinds.py``)."""
    from ..games import game_of
    from ..superexpress.options import SuperOptions
    from .kinds import TableGame

    return TableGame(
        kind=game_of("super-express"),
        levels=LEVELS,
        captions=captions,
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
