"""The browser's words for Horses & Stagecoach: the expansion's panel (the stagecoach and
the Shotgun, horses, hostages, whiskey, the Horse Attack, Turmoil turns, who rode away or
was caught, the stations' money), each figure's place and hostage, the train in sentences,
the Horse Attack before the first round, and the end of the game.

Labels, help, places, loot and the end come from ``describe.py``; every name from the
display-name table (``engine/names.py``). These words are built from the view, never from
the game: a seat's own secret choice (a Turmoil turn, the Horse Attack) and a flask's kind
are named only where that seat's view holds them.
"""

from __future__ import annotations

from typing import Any

from .. import describe
from ..describe import and_list, plural
from ..engine import names
from . import mp_words

__all__ = ["apply", "panel", "round_caption", "where"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _car(view: dict[str, Any], car: int) -> str:
    return names.car(car, view["cars"], prison="mp" in view)


def _figures(chars: list[str]) -> list[str]:
    return [_cap(names.bandit(c)) for c in chars]


def where(bandit: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a figure is, to follow "is": in or on the stagecoach, on horseback during the
    Horse Attack, gone (rode away), in the cell or off the train, or in a car."""
    if view.get("mp"):
        return mp_words.mp_where(bandit, view)
    return describe.figure_where(view, bandit)


def hostage(slug: str) -> dict[str, str]:
    """A hostage card: its name and what it does (ransom and drawback)."""
    text = names.hostage_help(slug)
    return {"name": names.hostage(slug), "help": _cap(text.partition(": ")[2] or text)}


def round_caption(view: dict[str, Any]) -> dict[str, Any] | None:
    """The words for the round panel before the first round: the Horse Attack."""
    hs = view["hs"]
    if view["round_card"] is not None or "result" in view or hs["attack_car"] is None:
        return None
    entry = names.names()["horses_stagecoach"]["horse-attack"]
    text = str(entry.get("help_mp", entry["help"]) if view.get("mp") else entry["help"])
    return {
        "title": f"Before round 1: the {entry['name']}",
        "turns": [],
        "event": f"The riders have reached {_car(view, hs['attack_car'])}",
        "event_help": _cap(text.partition(": ")[2] or text),
    }


def _coach(view: dict[str, Any]) -> list[str]:
    hs = view["hs"]
    inside = [b["character"] for b in view["bandits"] if b.get("coach") and not b["roof"]]
    on_roof = [b["character"] for b in view["bandits"] if b.get("coach") and b["roof"]]
    if hs["shotgun"] is None:
        on_roof.append("shotgun")
    loot = [t for s in view["spaces"] if s.get("coach") for t in s["loot"]]
    moves = "; it drops back 1 car at the end of each round" if hs["coach"] < view["cars"] else ""
    roof = [
        "the Shotgun, guarding the strongbox" if c == "shotgun" else _cap(names.bandit(c))
        for c in on_roof
    ]
    return [
        f"Beside {_car(view, hs['coach'])}{moves}.",
        f"Inside: {and_list(_figures(inside)) or 'nobody'}.",
        f"On the roof: {and_list(roof) or 'nobody'}.",
        f"Loot: {describe.loot_summary(loot, values=False)}.",
    ]


def _horses(view: dict[str, Any]) -> str:
    hs = view["hs"]
    counts = {c: hs["horses"].count(c) for c in sorted(set(hs["horses"]))}
    parts = [f"{n} beside {_car(view, c)}" for c, n in counts.items()]
    text = f"Horses: {and_list(parts)}" if parts else "No horse beside the train"
    if hs["horses_out"]:
        text += f"; {plural(hs['horses_out'], 'horse')} gone from the game"
    return text + "."


def _whiskey(view: dict[str, Any]) -> str:
    on_train = [t for s in view["spaces"] for t in s["loot"] if t["kind"] == "whiskey"]
    held = [t for b in view["bandits"] for t in b["loot"] if t["kind"] == "whiskey"]
    half = sum(1 for t in on_train + held if t.get("half"))
    text = (
        f"{plural(len(on_train), 'flask')} in the train and the stagecoach, "
        f"{plural(len(held), 'flask')} held"
    )
    return text + (f"; {half} half drunk." if half else ".")


def _attack(view: dict[str, Any]) -> dict[str, Any] | None:
    hs = view["hs"]
    if not hs["riding"] and hs["attack_car"] is None:
        return None
    chosen = set(hs["attack_chosen"])
    car = hs["attack_car"]
    out: dict[str, Any] = {
        "where": (
            f"The riders have reached {_car(view, car)}."
            if car is not None
            else "The riders ride beside the train."
        ),
        "riders": [
            {
                "bandit": _cap(names.bandit(c)),
                "chosen": c in chosen,
                "state": "has chosen" if c in chosen else "to choose",
            }
            for c in hs["riding"]
        ],
    }
    if hs.get("my_attack"):
        what = "board this car" if hs["my_attack"] == "board" else "ride on"
        out["mine"] = f"Your secret choice: {what}."
    return out


def _turmoil_turn(view: dict[str, Any]) -> bool:
    card, turn = view["round_card"], view["turn"]
    return card is not None and turn is not None and card["turns"][turn] == "Tu"


def _turmoil(view: dict[str, Any]) -> dict[str, Any] | None:
    hs = view["hs"]
    if not hs["turmoil_chosen"] and not (_turmoil_turn(view) and view["decision"] == "play"):
        return None
    chosen = set(hs["turmoil_chosen"])
    seats = [p["seat"] for p in view["players"]]

    def who(seat: int) -> str:
        return _cap(describe.player_name(view, seat))

    out: dict[str, Any] = {
        "chosen": [who(s) for s in seats if s in chosen],
        "waiting": [who(s) for s in seats if s not in chosen],
    }
    if hs.get("my_turmoil"):
        out["mine"] = f"Your secret choice: {describe.label(hs['my_turmoil'], view)}."
    return out


def panel(view: dict[str, Any]) -> dict[str, Any]:
    """The words for the expansion's panel."""
    hs = view["hs"]
    if hs["shotgun"] is None:
        shotgun = (
            "Guards the strongbox on the stagecoach's roof; a Punch there knocks the "
            "Shotgun onto the train and frees the strongbox."
        )
    else:
        shotgun = (
            f"On the roof of {_car(view, hs['shotgun'])}: a bandit ending an action there "
            "takes a neutral bullet and runs to an adjacent roof; passing costs a neutral "
            "bullet too."
        )
    out: dict[str, Any] = {
        "coach": _coach(view),
        "shotgun": shotgun,
        "horses": _horses(view),
        "hostages": [
            {"bandit": _cap(names.bandit(c)), **hostage(h)} for c, h in hs["hostages"].items()
        ],
        "hostages_left": (
            f"{plural(hs['hostages_left'], 'hostage card')} left face down beside the locomotive."
        ),
        "whiskey": _whiskey(view),
        "away": _figures(hs["away"]),
        "caught": _figures(hs["caught"]),
        "bonus": [
            f"{_cap(names.bandit(c))} {'-' if v < 0 else '+'}${abs(v):,}"
            for c, v in hs["bonus"].items()
        ],
        "attack": _attack(view),
        "turmoil": _turmoil(view),
    }
    if hs["sips"] and view["decision"] == "whiskey":
        out["sips"] = f"Whiskey: {plural(hs['sips'], 'card')} still to play."
    return out


def apply(view: dict[str, Any], out: dict[str, Any]) -> None:
    """Add the expansion's words to the captions of a view (``words.captions``): places,
    loot and hostages of the figures, the train, the Horse Attack's round panel, the
    expansion's panel (``hs``) and the end of the game."""
    hostages = view["hs"]["hostages"]
    for entry, bandit in zip(out["bandits"], view["bandits"], strict=True):
        entry["where"] = where(bandit, view)
        entry["loot"] = describe.loot_summary(bandit["loot"])
        if bandit["character"] in hostages:
            h = hostage(hostages[bandit["character"]])
            entry["hostage"] = f"{h['name']}. {h['help']}"
    out["train"] = describe.train_lines(view)
    attack = round_caption(view)
    if attack is not None:
        out["round"] = attack
    out["hs"] = panel(view)
    if "result" in view:
        out["end"] = describe.result_lines(view)
