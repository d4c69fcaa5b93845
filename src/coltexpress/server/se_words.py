"""Colt Super Express at the online table: the words sent with each view (``captions``),
move labels, the card a moment of the Shootin' phase reveals, the round summary, the
lobby's presets, the replay's options and the rules panel (``table_game()``,
``server/kinds.py``).

Everything is built from a view (``SuperGame.view(seat)``), never from the game, so a seat
reads only what it may know. Card names and help come from ``superexpress/narrate.py``,
bandits' names from the display-name table (``engine/names.py``).

>>> label("program floor")
'Play Change Floor face down'
>>> where({"car": 2, "roof": True, "order": 0, "facing": "caboose", "stunned": True,
...        "out": False, "falling": False, "out_round": None}, 4, 2)
'on the roof of car 2, first of 2 from the locomotive side, facing the caboose, stunned'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..describe import and_list, choice_keys, plural
from ..engine import names
from ..superexpress.actions import KINDS, SUPER_ACTIONS, parse_super_action
from ..superexpress.narrate import CARD_HELP, card

if TYPE_CHECKING:
    from ..superexpress.game import SuperEvent, SuperGame
    from .kinds import TableGame

__all__ = ["captions", "end_lines", "label", "round_summary", "step_card", "table_game",
           "where"]

PROGRAMMED = 3  # cards each player programs in a round
_ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _nth(n: int) -> str:
    return _ORDINAL[n - 1] if 1 <= n <= len(_ORDINAL) else f"number {n}"


def _name(character: str) -> str:
    return _cap(names.bandit(character))


def _card_entry(kind: str) -> dict[str, str]:
    return {"card": kind, "name": card(kind), "help": CARD_HELP.get(kind, "")}


# ---------------------------------------------------------------------------- moves


def label(action: str, view: dict[str, Any] | None = None) -> str:
    """A move in words: the card programmed, and which of the seat's three it is."""
    kind = parse_super_action(action).kind
    text = f"Play {card(kind)} face down"
    if view is not None and view.get("actor") is not None:
        n = view["players"][view["actor"]]["programmed"] + 1
        text += f" (card {n} of {PROGRAMMED})"
    return text


def _choices(view: dict[str, Any]) -> list[dict[str, str]]:
    legal = view.get("legal") or []
    return [
        {
            "action": a,
            "key": k,
            "label": label(a, view),
            "hint": CARD_HELP.get(parse_super_action(a).kind, ""),
            "power": "",
        }
        for a, k in zip(legal, choice_keys(len(legal)), strict=True)
    ]


# ---------------------------------------------------------------------------- the train


def where(bandit: dict[str, Any], caboose: int, crowd: int) -> str:
    """Where a bandit is, to follow "is": the floor, the place among ``crowd`` figures on it
    counted from the locomotive side, the facing, stunned; falling; out of the game."""
    if bandit["out"]:
        return f"out of the game since round {bandit['out_round']}"
    if bandit["falling"]:
        return "off the train, falling: only a Horse card revealed next this round saves them"
    car, roof = bandit["car"], bool(bandit["roof"])
    text = names.place(car, roof, caboose)
    parts = [f"on {text}" if roof else text]
    if crowd > 1:
        parts.append(f"{_nth(bandit['order'] + 1)} of {crowd} from the locomotive side")
    parts.append(f"facing the {bandit['facing']}")
    if bandit["stunned"]:
        parts.append("stunned")
    return ", ".join(parts)


def _crowds(view: dict[str, Any]) -> dict[tuple[int, bool], int]:
    out = {}
    for c in view["cars"]:
        out[(c["car"], False)] = len(c["inside"])
        out[(c["car"], True)] = len(c["roof"])
    return out


def _figure(b: dict[str, Any]) -> str:
    extra = ", stunned" if b["stunned"] else ""
    return f"{_name(b['character'])} (facing the {b['facing']}{extra})"


def train_sentences(view: dict[str, Any]) -> list[str]:
    """The train in sentences: its cars, each floor's figures in order, who is falling and
    who is out."""
    caboose = view["caboose"]
    by_name = {b["character"]: b for b in view["bandits"]}
    if caboose == 0:
        lines = ["Only the locomotive is left."]
    else:
        lines = [f"The train: the locomotive and {plural(caboose, 'car')}; "
                 f"{names.car(caboose, caboose)} comes off at the end of the round."]
    for c in view["cars"]:
        for roof in (True, False):
            figures = c["roof" if roof else "inside"]
            if not figures:
                continue
            place = names.place(c["car"], roof, caboose)
            head = f"On {place}" if roof else _cap(place)
            order = " from the locomotive side" if len(figures) > 1 else ""
            lines.append(f"{head}{order}: "
                         + ", then ".join(_figure(by_name[f]) for f in figures) + ".")
    falling = [_name(b["character"]) for b in view["bandits"] if b["falling"]]
    if falling:
        lines.append(f"Falling off the train: {and_list(falling)}; only a Horse card revealed "
                     "next this round saves them.")
    out = [f"{_name(b['character'])} (round {b['out_round']})"
           for b in view["bandits"] if b["out"]]
    if out:
        lines.append(f"Out of the game: {and_list(out)}.")
    return lines


def loot_summary(loot: list[dict[str, Any]]) -> str:
    """A bandit's Loot cards: ``no Loot card``, ``1 Loot card: car 5 (worth 5)``."""
    if not loot:
        return "no Loot card"
    cards = and_list([f"car {x['car']} (worth {x['value']})" for x in loot])
    return f"{plural(len(loot), 'Loot card')}: {cards}"


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


def _situation(view: dict[str, Any]) -> str:
    if "result" in view:
        return "The game is over."
    head = f"Round {view['round']}"
    if view["decision"] == "watch":
        return f"{head}, Shootin': the cards are revealed one at a time, in turn."
    actor = view["actor"]
    n = view["players"][actor]["programmed"] + 1
    if view.get("seat") == actor:
        return f"{head}: program your {_nth(n)} card (of {PROGRAMMED}), face down."
    return f"{head}: {_name(view['actor_bandit'])} programs a {_nth(n)} card (of {PROGRAMMED})."


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


# ---------------------------------------------------------------------------- the end


def end_lines(view: dict[str, Any]) -> list[str]:
    """The winner first (and why), then each player: on the train or out, Loot cards."""
    r = view["result"]
    seats = range(len(view["players"]))
    chars = [view["players"][s]["bandit"] for s in seats]
    winners = [_name(chars[s]) for s in r["winners"]]
    aboard = sum(r["aboard"])
    head = f"{winners[0]} wins" if len(winners) == 1 else f"{and_list(winners)} share the win"
    if aboard == 1:
        why = "the last bandit on the train"
    elif aboard > 1:
        why = "the most Loot cards among the bandits left in the locomotive"
    else:
        why = "nobody is left on the train: the most Loot cards among the last to leave it"
    if aboard:
        pool = [s for s in seats if r["aboard"][s]]
    else:
        last = max(r["out_round"][s] or 0 for s in seats)
        pool = [s for s in seats if r["out_round"][s] == last]
    most = max(r["loot"][s] for s in pool)
    level = [s for s in pool if r["loot"][s] == most]
    tied = len(pool) > 1 and len(level) > len(r["winners"])  # the best Loot card decided
    lines = [f"{head}: {why}" + (" (the best Loot card breaks the tie)." if tied else ".")]
    for s in seats:
        you = " (you)" if view.get("seat") == s else ""
        state = "still on the train" if r["aboard"][s] else f"out in round {r['out_round'][s]}"
        n = r["loot"][s]
        loot = "no Loot card" if not n else plural(n, "Loot card") + (
            f" (worth {r['best_loot'][s]})" if n == 1 else f" (the best worth {r['best_loot'][s]})")
        lines.append(f"{_name(chars[s])}{you}: {state}; {loot}.")
    return lines


# ---------------------------------------------------------------------------- captions


def captions(view: dict[str, Any]) -> dict[str, Any]:
    """The words a browser shows with a view (the server sends them beside it)."""
    crowd = _crowds(view)
    choices = _choices(view)
    keys = {c["action"]: c["key"] for c in choices}
    out: dict[str, Any] = {
        "situation": _situation(view),
        "choices": choices,
        "train": train_sentences(view),
        "bandits": [
            {
                "character": b["character"],
                "name": names.bandit(b["character"]),
                "where": where(b, view["caboose"],
                               crowd.get((b["car"], bool(b["roof"])), 0)),
                "loot": loot_summary(b["loot"]),
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
        out["end"] = end_lines(view)
    return out


def step_card(events: list[SuperEvent], before: SuperGame | None) -> dict[str, Any] | None:
    """The card a moment of the Shootin' phase turns over (public: it is revealed)."""
    if not events or events[0].kind != "reveal":
        return None
    d = events[0].data
    return {"seat": int(d["seat"]), "owner": _name(str(d["bandit"])), **_card_entry(str(d["card"]))}


def round_summary(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """One line per bandit still in at the start of the round: where the round left them,
    and the Loot card taken."""
    crowd = _crowds(after)
    old = {b["character"]: b for b in before["bandits"]}
    lines = []
    for b in after["bandits"]:
        was = old.get(b["character"])
        if was is None or was["out"]:
            continue
        you = " (you)" if after.get("seat") == b["seat"] else ""
        now = where(b, after["caboose"], crowd.get((b["car"], bool(b["roof"])), 0))
        line = f"{_name(b['character'])}{you}: {now}"
        new = b["loot"][len(was["loot"]):]
        if new:
            line += "; took " + and_list(
                [f"the Loot card of car {x['car']} (worth {x['value']})" for x in new])
        lines.append(line + ".")
    return lines


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


_TURNS = {
    "schemin": ("Schemin'", "each player still in takes back their Action cards and "
                "programs 3 of them face down, one on top of the other; the fourth is set "
                "aside (with an extension, the others too)."),
    "shootin": ("Shootin'", "from the first player, in turn, each reveals the top card of "
                "their stack and carries it out, one card at a time, until every card is "
                "revealed."),
    "wake": ("Waking up", "a stunned bandit's next card only stands the bandit up again "
             "(a Reflex card also fires)."),
    "caboose": ("End of a round", "the caboose comes off with anyone on it; the bandit "
                "farthest from the locomotive takes it as a Loot card; the next player is "
                "the first player."),
    "end": ("End of the game", "the last bandit on the train wins at once; when only the "
            "locomotive is left with several bandits in it, the most Loot cards win, then "
            "the best Loot card."),
}


def rules() -> dict[str, Any]:
    """The rules panel: how a round goes, then every Action card."""
    cards = {k: {"name": card(k), "help": CARD_HELP[k]} for k in KINDS}
    turns = {k: {"name": n, "help": h} for k, (n, h) in _TURNS.items()}
    return {
        "names": {
            "overview": "Colt Super Express: the last bandit on the train wins. The train "
                        "loses its caboose at the end of every round, and a bandit knocked "
                        "or walking off it is out of the game.",
            "turns": turns,
            "cards": cards,
        },
        "topics": {
            "turns": {k: f"{n}: {h}" for k, (n, h) in _TURNS.items()},
            "cards": {k: f"{card(k)}: {CARD_HELP[k]}" for k in KINDS},
        },
        "sections": [["turns", "How a round goes"], ["cards", "Action cards"]],
    }


# Until the bots know this game well: the easy bot plays at random, the others search
# (ISMCTS played out to the end of the game: it needs no heuristic of the game).
LEVELS = {
    "easy": "random",
    "medium": "ismcts:iterations=150",
    "hard": "ismcts:iterations=1000:seconds=1.8",
}


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
