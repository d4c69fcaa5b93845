"""The games a table can play, as the server sees them: each game's engine (from
``coltexpress.games``), its bot levels and its words (captions, labels, the card a step
reveals, the round summary, the lobby's presets, the rules panel).

The server's other modules know no game: they ask ``table_game(row.game)``. A game is one
module whose ``table_game()`` gives its ``TableGame`` (Colt Express: ``server/words.py``
with ``words/base.py``; Colt Super Express: ``server/se_words.py`` with
``words/super_express.py``), and one entry in ``_LOADERS``.

>>> table_game("super-express").title
'Colt Super Express'
>>> [g.name for g in table_games()]
['colt-express', 'super-express']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.errors import OptionsError
from ..games import DEFAULT_GAME, GAMES, GameKind, game_of

__all__ = ["DEFAULT_GAME", "TableGame", "lobby_entry", "player_counts", "table_game", "table_games"]


@dataclass(frozen=True)
class TableGame:
    """What the server needs of one game beyond the engine contract.

    - ``captions(view, like=())``: the words sent with a view (``like``: views with their
      words, of which equal parts may be reused: ``words.base.captions``).
    - ``step_card(events, before)``: the card a moment of a move turns over (``before``: the
      game before the move, for its first moment; else None), or None.
    - ``label(action, view)``: a move in words.
    - ``round_summary(start, view, events, closing)``: one line per bandit at the end of a
      round, from the view as the round was dealt to the view at its end (``events``: the
      move's events before the end of the round; ``closing``: those of its end; each as the
      viewer may see them), or None.
    - ``seat_bandits(game, seat)``: the characters a seat plays; ``mover(game)``: the
      characters deciding now; ``action_text(id)``: an action id's notation.
    - ``options_from_dict``: stored options back; ``presets``: ``[{"preset", "text", "name",
      "about", "first_seat"?, "players"?}]`` for the lobby (``name``: short, for the select
      and the tables' lines; ``about``: the rules in a sentence; ``players``: the only
      counts the lobby offers, where the preset's words name its count);
      ``options_summary(options)``: ``[[what, words]]`` for the replay page.
    - ``rules(options)``: the rules panel of a table with those options (a stored options
      dict; None: everything the game has) (``{"names": {"overview", <section>: {key:
      {"name"}}}, "topics": {<section>: {key: "Name: help"}}, "sections": [[key, title]]}``).
    - ``levels``: bot level -> agent spec (``tournament.parse_agent``).
    """

    kind: GameKind
    levels: Mapping[str, str]
    captions: Callable[..., dict[str, Any]]
    step_card: Callable[[list[Any], Any], dict[str, Any] | None]
    label: Callable[[str, dict[str, Any] | None], str]
    round_summary: Callable[[dict[str, Any], dict[str, Any], list[Any], list[Any]],
                            list[str] | None]
    seat_bandits: Callable[[Any, int], list[str]]
    mover: Callable[[Any], list[str]]
    action_text: Callable[[int], str]
    options_from_dict: Callable[[dict[str, Any]], Any]
    presets: tuple[dict[str, Any], ...]
    options_summary: Callable[[dict[str, Any]], list[list[str]]]
    rules: Callable[[dict[str, Any] | None], dict[str, Any]]

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def title(self) -> str:
        return self.kind.title

    def new(self, options: dict[str, Any], seed: int) -> Any:
        """The game as a table stores it: its options (a dict) and its seed."""
        return self.kind.new(self.options_from_dict(options), seed=seed)

    def options(self, preset: str, overrides: dict[str, Any]) -> Any:
        """The options of a preset with overrides; OptionsError (or TypeError) if bad."""
        return self.kind.options(preset, **overrides)


def _colt() -> TableGame:
    from . import words

    return words.table_game()


def _super() -> TableGame:
    from . import se_words

    return se_words.table_game()


_LOADERS: dict[str, Callable[[], TableGame]] = {"colt-express": _colt, "super-express": _super}


def table_game(name: str) -> TableGame:
    """The game of that name (``coltexpress.games``); OptionsError naming the games."""
    if name not in _LOADERS:
        game_of(name)  # raises with the list of games
        raise OptionsError(f"the server does not offer {name!r} yet")
    return _LOADERS[name]()


def table_games() -> list[TableGame]:
    return [table_game(name) for name in GAMES if name in _LOADERS]


def player_counts(game: TableGame, preset: dict[str, Any]) -> list[int]:
    """The player counts a preset of the lobby can be played with: those of the game's range
    the engine's own options accept for it (``OptionsError`` says which it refuses), and of
    those the preset's own ``players`` where it names its count ("2 players")."""
    low, high = game.kind.players
    counts = []
    for n in range(low, high + 1):
        try:
            game.options(preset["preset"], {"players": n})
        except (OptionsError, ValueError):
            continue
        counts.append(n)
    only = preset.get("players")
    return [n for n in counts if only is None or n in only]


def _preset_entry(game: TableGame, preset: dict[str, Any]) -> dict[str, Any]:
    """A preset as the lobby offers it: its words, its player counts and the count it is
    set up for."""
    counts = player_counts(game, preset)
    default = game.options(preset["preset"], {}).players
    return {
        **{k: v for k, v in preset.items() if k != "players"},
        "players": counts,
        "default_players": default if default in counts else counts[0],
    }


@functools.cache
def _lobby_presets(name: str) -> tuple[dict[str, Any], ...]:
    """The lobby's presets of a game, worked out once (each count is an options check)."""
    game = table_game(name)
    return tuple(_preset_entry(game, p) for p in game.presets)


def lobby_entry(game: TableGame) -> dict[str, Any]:
    """A game as the lobby offers it (``GET /api/games``): every preset with the player
    counts its rules allow, so the lobby offers nothing the server would refuse.

    >>> entry = lobby_entry(table_game("colt-express"))
    >>> {p["preset"]: p["players"] for p in entry["presets"]}["horses-stagecoach"]
    [3, 4, 5, 6, 7]
    """
    low, high = game.kind.players
    return {
        "game": game.name,
        "title": game.title,
        "players": [low, high],
        "presets": [dict(p) for p in _lobby_presets(game.name)],
        "default_preset": game.kind.default_preset,
        "levels": list(game.levels),
    }
