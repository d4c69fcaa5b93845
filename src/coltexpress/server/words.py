"""The server's own words: player names given in the lobby (checked), who a seat is and
what happened to it in sentences, a table's clock; and Colt Express as a table game
(``table_game()``, ``server/kinds.py``), whose words (captions, labels, round summaries,
presets, rules panel) come from ``coltexpress.words.base``.

Every name still comes from the display-name table (``engine/names.py``).

>>> clean_name("  Anna   Lee ")
'Anna Lee'
>>> clean_name("") is None
True
>>> clean_name("Bob\\u202e")
Traceback (most recent call last):
...
ValueError: a name may not hold control or invisible characters
>>> seat_change_text(["tuco", "belle"], None, "bot")
'Tuco and Belle are now played by a bot.'
>>> seat_change_text(["belle"], "Anna", "human")
'Anna is back and plays Belle again.'
>>> duration(90), duration(45), duration(120)
('1 min 30 s', '45 s', '2 min')
>>> clock_out_text(["belle"], "Anna")
"Anna's time ran out: a bot made this move for Belle."
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from ..engine import names
from ..words import base

if TYPE_CHECKING:
    from ..engine.game import Game
    from .kinds import TableGame

__all__ = [
    "MAX_NAME",
    "bandit_names",
    "clean_name",
    "not_started_text",
    "player_label",
    "seat_change_text",
    "table_game",
    "table_notes",
]

MAX_NAME = 24  # characters: a name sits beside a bandit's on a phone
# Control, format (bidi overrides, zero-width), surrogate, private-use and unassigned
# characters, line and paragraph separators: nothing a player's name needs.
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_MARKS = {"Mn", "Me"}


def clean_name(value: Any) -> str | None:
    """A player's name as given in the lobby: plain text, at most MAX_NAME characters, single
    spaces; ``None`` for no name. Raises ValueError (with the reason) for anything else."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("a name must be a string")
    if len(value) > 4 * MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    text = unicodedata.normalize("NFC", value)
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in _REFUSED:
            raise ValueError("a name may not hold control or invisible characters")
        if category.startswith("Z") and ch != " ":
            raise ValueError("a name may hold plain spaces only")
        marks = marks + 1 if category in _MARKS else 0
        if marks > 2:
            raise ValueError("a name may not stack accents")
    text = " ".join(text.split(" ")).strip()
    text = " ".join(part for part in text.split(" ") if part)
    if not text:
        return None
    if unicodedata.category(text[0]) in _MARKS:
        raise ValueError("a name may not start with an accent")
    if len(text) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    return text


def bandit_names(bandits: list[str] | tuple[str, ...]) -> str:
    """``Belle`` or ``Tuco and Belle``."""
    return " and ".join(names.bandit(b) for b in bandits)


def seat_change_text(bandits: list[str], name: str | None, state: str) -> str:
    """A seat taken over by a bot or taken back, in words: bandits, never seat numbers."""
    who = bandit_names(bandits)
    if state == "bot":
        return f"{who} {'are' if len(bandits) > 1 else 'is'} now played by a bot."
    if name:
        return f"{name} is back and plays {who} again."
    return f"{who}'s player is back."


SEAT_TAKEN = (
    "This seat has been taken by its player; ask the host for a new link if it was yours."
)


def intruder_text(bandits: list[str]) -> str:
    """What a seat's player is told when someone else said hello with the seat's invite."""
    return (
        f"Someone opened the invite link of your seat ({bandit_names(bandits)}) and was "
        "turned away: the seat is yours. To play on another device of yours, use the "
        "link under \u201cYour other devices\u201d on this page."
    )


def released_text(bandits: list[str]) -> str:
    """What every viewer is told when the host released a person's seat."""
    who = bandit_names(bandits)
    return f"The host released {who}'s seat: a new link invites its next player."


def duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


def table_notes(clock: int | None, seed_chosen: bool, reserve: int | None = None) -> list[str]:
    """What everyone at a table (and in the lobby) is told about how it is played: its turn
    clock (and its reserve), and that its creator chose the deal."""
    notes = []
    if clock and reserve:
        notes.append(
            f"Turn clock: {duration(clock)} a decision, and {duration(reserve)} in reserve for "
            "each player over the game; when both run out, a bot makes that move. After a "
            "player's time has run out twice, the others may hand their seat to a bot until "
            "they come back."
        )
    elif clock:
        notes.append(
            f"Turn clock: {duration(clock)} a decision; when it runs out, a bot makes that "
            "move. After a player's time has run out twice, the others may hand their seat "
            "to a bot until they come back."
        )
    if seed_chosen:
        notes.append(
            "Practice table: its creator chose the deal, so whoever knows it can see every "
            "hidden card."
        )
    return notes


def player_label(bandits: list[str], name: str | None) -> str:
    """A player as the table page names them: ``Belle (Anna)``, or ``Belle``."""
    who = bandit_names(bandits)
    return f"{who} ({name})" if name else who


def not_started_text(host: str | None, *, hosting: bool) -> str:
    """What a table says before its host starts the game, in place of who decides: who will
    start it (``host``: the host's player label, None when the host only watches), and that
    everyone waits until then; nobody's turn has begun.

    >>> not_started_text("Belle (Anna)", hosting=False)
    'The game has not started yet: Belle (Anna), the host, will start it. Until then you wait.'
    >>> not_started_text(None, hosting=True)
    'The game has not started yet: you are the host; start it when you are ready.'
    """
    if hosting:
        return "The game has not started yet: you are the host; start it when you are ready."
    who = f"{host}, the host," if host else "the host"
    return f"The game has not started yet: {who} will start it. Until then you wait."


def handed_text(bandits: list[str], name: str | None, by: str) -> str:
    """Every viewer's sentence when players handed an idle player's seat to a bot."""
    who = bandit_names(bandits)
    player = name or f"{who}'s player"
    return f"{by} handed {who} to a bot until {player} comes back."


def clock_out_text(bandits: list[str], name: str | None) -> str:
    """The sentence every viewer gets when a seat's turn clock ran out."""
    who = f"{name}'s" if name else f"{bandit_names(bandits)}'s"
    return f"{who} time ran out: a bot made this move for {bandit_names(bandits)}."


def seat_bandits(game: Game, seat: int) -> list[str]:
    return [game.chars[b] for b in game.bandits_of[seat]]


def mover(game: Game) -> list[str]:
    """The bandit deciding, or (when the decision is the player's) the seat's bandits."""
    pending = game.pending
    if pending.seat is None:
        return []
    return [pending.bandit] if pending.bandit else seat_bandits(game, pending.seat)


def marshal_deck(options: dict[str, Any]) -> str:
    """The Marshal's deck in words, as the engine deals it for a table with these options
    (a stored options dict): ``Move x2, Change Floor, ..., Ride``.

    >>> from coltexpress.engine.options import Options
    >>> marshal_deck(Options.preset("both-expansions").to_dict()).endswith("Capture x2, Ride")
    True
    """
    from ..engine.actions import MARSHAL_FIGURE
    from ..engine.content import BULLET
    from ..engine.game import Game
    from ..engine.ids import KIND_NAMES
    from ..engine.options import Options

    game = Game.new(Options.from_dict(options), seed=1)
    marshal = game.chars.index(MARSHAL_FIGURE)
    counts: dict[str, int] = {}
    for kind, bandit in zip(game.card_kind, game.card_bandit, strict=True):
        if bandit == marshal and kind != BULLET:
            counts[KIND_NAMES[kind]] = counts.get(KIND_NAMES[kind], 0) + 1
    return ", ".join(names.card(k) + (f" x{n}" if n > 1 else "") for k, n in counts.items())


_DECK = re.compile(r"The Marshal's deck: [^;.]*")


def rules(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rules panel (``base.rules``), the Marshal's deck in it as the engine deals it for
    the table's options (the help's own list is that of Marshal & Prisoners alone)."""
    panel = base.rules(options)
    if options is None or not options.get("marshal_prisoners"):
        return panel
    topics = panel["topics"]["Marshal & Prisoners"]
    told = f"The Marshal's deck: {marshal_deck(options)}"
    text = topics["marshal"]
    topics["marshal"] = _DECK.sub(told, text) if _DECK.search(text) else f"{text} {told}."
    return panel


@functools.cache
def table_game() -> TableGame:
    """Colt Express as a table game (``server/kinds.py``)."""
    from ..engine.ids import ACTIONS
    from ..engine.options import Options
    from ..games import game_of
    from ..tournament import LEVELS
    from .kinds import TableGame

    return TableGame(
        kind=game_of("colt-express"),
        levels=LEVELS,
        captions=base.browser_captions,
        step_card=base.pile_card,
        label=base.label,
        round_summary=lambda start, view, _events, _closing: base.round_summary(start, view),
        seat_bandits=seat_bandits,
        mover=mover,
        action_text=lambda i: str(ACTIONS[i]),
        options_from_dict=Options.from_dict,
        presets=tuple({**p, **base.PRESET_ABOUT[p["preset"]]} for p in base.PRESETS),
        options_summary=base.options_summary,
        rules=rules,
    )
