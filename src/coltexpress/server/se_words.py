"""Colt Super Express at the online table: the words sent with each view (``captions``),
move labels, the card a moment of the Shootin' phase reveals, the round summary, the
lobby's presets, the replay's options and the rules panel (``table_game()``,
``server/kinds.py``).

The sentences are those of ``superexpress/describe.py``, the words every front end of the
game shares (the terminal says the same); this module arranges them for the browser's
panels. Everything is built from a view (``SuperGame.view(seat)``), never from the game, so
a seat reads only what it may know.

>>> label("program floor")
'Program Change Floor'
>>> where({"car": 2, "roof": True, "order": 0, "facing": "caboose", "stunned": True,
...        "out": False, "falling": False, "out_round": None},
...       {"caboose": 4, "cars": [{}, {}, {"roof": ["doc", "belle"], "inside": []}]})
"on the roof of car 2 (first of 2 from the locomotive's side), facing the caboose, stunned"
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..describe import and_list, plural
from ..engine import names
from ..superexpress import describe as words
from ..superexpress.actions import SUPER_ACTIONS
from ..superexpress.narrate import CARD_HELP, card
from ..tournament import LEVELS as TOURNAMENT_LEVELS

if TYPE_CHECKING:
    from ..superexpress.game import SuperEvent, SuperGame
    from .kinds import TableGame

__all__ = ["captions", "label", "round_summary", "step_card", "table_game", "where"]

PROGRAMMED = words.PROGRAMMED  # cards each player programs in a round
label = words.label


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _name(character: str) -> str:
    return _cap(names.bandit(character))


def _card_entry(kind: str) -> dict[str, str]:
    return {"card": kind, "name": card(kind), "help": CARD_HELP.get(kind, "")}


def where(b: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a bandit is, to follow "is": the floor, the place in its line, the facing."""
    if b["out"] or b["falling"] or b["car"] is None:
        return words.where(view, b)
    return f"{words.where(view, b)} ({words.place_in_order(view, b)}), {words.stance(b)}"


# ---------------------------------------------------------------------------- the players


def _player(view: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    bandit = view["bandits"][p["seat"]]
    if bandit["out"]:
        state = "Out of the game"
    elif p["programmed"] < PROGRAMMED:
        state = f"{p['programmed']} of {PROGRAMMED} cards programmed"
    elif p["to_reveal"]:
        state = f"{PROGRAMMED} cards programmed, {p['to_reveal']} still face down"
    else:
        state = f"All {PROGRAMMED} cards revealed"
    return {
        "seat": p["seat"],
        "name": _name(p["bandit"]),
        "state": state,
        "revealed": [_card_entry(k) for k in p["revealed"]],
        "face_down": p["to_reveal"],
    }


def _round(view: dict[str, Any]) -> dict[str, Any]:
    caboose = view["caboose"]
    first = _name(view["players"][view["first_player"]]["bandit"])
    return {
        "title": f"Round {view['round']}",
        "lines": [
            f"First player: {first}.",
            f"The train: the locomotive and {plural(caboose, 'car')}; at the end of the round "
            f"{names.car(caboose, caboose)} comes off, with anyone on it.",
            f"Each player programs {PROGRAMMED} cards face down, then from the first player "
            "each reveals one card at a time, in turn.",
        ],
    }


# ---------------------------------------------------------------------------- captions


def captions(view: dict[str, Any]) -> dict[str, Any]:
    """The words a browser shows with a view (the server sends them beside it)."""
    choices = [{**c, "power": ""} for c in words.choices(view)]
    keys = {c["action"]: c["key"] for c in choices}
    out: dict[str, Any] = {
        "situation": words.situation(view),
        "choices": choices,
        "train": words.train_lines(view),
        "bandits": [
            {
                "character": b["character"],
                "name": names.bandit(b["character"]),
                "where": where(b, view),
                "loot": words.loot_words(b),
            }
            for b in view["bandits"]
        ],
        "players": [_player(view, p) for p in view["players"]],
        "cards": [_card_entry(k) for k in view["cards"]],
        "round": _round(view),
    }
    if view.get("hand") is not None:
        out["hand"] = [
            {**_card_entry(k), "key": keys.get(f"program {k}", ""),
             "action": f"program {k}" if f"program {k}" in keys else ""}
            for k in view["hand"]
        ]
        out["stack"] = [_card_entry(k) for k in view.get("stack", [])]
    if "result" in view:
        out["end"] = words.result_lines(view)
    return out


def step_card(events: list[SuperEvent], before: SuperGame | None) -> dict[str, Any] | None:
    """The card a moment of the Shootin' phase turns over (public: it is revealed)."""
    if not events or events[0].kind != "reveal":
        return None
    d = events[0].data
    return {"seat": int(d["seat"]), "owner": _name(str(d["bandit"])), **_card_entry(str(d["card"]))}


def round_summary(
    before: dict[str, Any], after: dict[str, Any], events: list[Any], closing: list[Any]
) -> list[str]:
    """What each bandit did in the round: from the view as the round was dealt to the view
    at its end, with the Shootin' phase's events (``events``) and those that close the
    round (``closing``), public ones only."""
    return words.round_summary(
        before, after, [e for e in events if e.seat is None], [e for e in closing if e.seat is None]
    )


# ---------------------------------------------------------------------------- the table game

PRESETS: tuple[dict[str, Any], ...] = (
    {"preset": "standard", "text": "Standard: Flip, Change Floor, Move and Fire"},
    {"preset": "reflex", "text": "With the Reflex extension"},
    {"preset": "horse", "text": "With the Horse extension"},
    {"preset": "reflex-horse", "text": "With both extensions: Reflex and Horse"},
)


def options_summary(options: dict[str, Any]) -> list[list[str]]:
    ext = [x for x, on in (("Reflex", options.get("reflex")), ("Horse", options.get("horse")))
           if on]
    return [
        ["Extensions", and_list(ext) or "none"],
        ["Stunned bandits", "stop a bullet" if options.get("stunned_blocks")
         else "let a bullet fly by"],
        ["Loot cards", "all worth the same" if options.get("loot_values") == "equal"
         else "worth their car's number from the locomotive"],
    ]


_EVERY_CARD = {"reflex": True, "horse": True}  # the rules panel names every card


def rules(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rules panel: the game in brief, then the cards of a table with these options
    (``superexpress/describe.py``; None: every card).

    >>> sorted(rules({"reflex": False, "horse": True})["topics"]["cards"])
    ['fire', 'flip', 'floor', 'horse', 'move', 'wake']
    """
    topics = words.help_topics(_EVERY_CARD if options is None else options)
    sections = [["the game", "How the game goes"], ["cards", "The cards"]]
    table: dict[str, Any] = {"overview": words.overview()}
    for key, entries in topics.items():
        table[key] = {k: {"name": text.split(": ", 1)[0]} for k, text in entries.items()}
    return {"names": table, "topics": topics, "sections": sections}


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
        captions=captions,
        step_card=step_card,
        label=label,
        round_summary=round_summary,
        seat_bandits=lambda game, seat: [game.chars[seat]],
        mover=lambda game: [] if game.pending.bandit is None else [game.pending.bandit],
        action_text=lambda i: str(SUPER_ACTIONS[i]),
        options_from_dict=SuperOptions.from_dict,
        presets=PRESETS,
        options_summary=options_summary,
        rules=rules,
    )
