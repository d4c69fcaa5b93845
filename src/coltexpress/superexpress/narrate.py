"""Colt Super Express's events as plain sentences (no internal names), written for a reader
whose own bandit is "you" (``engine.narrate.Reader``), or for the spectator."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.names import car, place
from ..engine.narrate import SPECTATOR, Reader

if TYPE_CHECKING:
    from .game import SuperEvent

CARDS = {
    "flip": "Flip", "floor": "Change Floor", "move": "Move", "fire": "Fire",
    "reflex": "Reflex", "horse": "Horse",
}
CARD_HELP = {
    "flip": "Turn around: the gun points the other way.",
    "floor": "Climb onto the roof or go inside, back against the card's edge.",
    "move": "To the next car the gun points to, same floor; off the end, out of the game.",
    "fire": "Shoot the first standing bandit in front, same floor: that bandit is knocked to "
            "the next car and stunned (out of the train: out of the game).",
    "reflex": "Stunned: get up and fire. Standing: lie down.",
    "horse": "Inside the locomotive, facing forward, at its front; it also saves a bandit "
             "who has just been thrown off, this round.",
}


def card(kind: str) -> str:
    return CARDS.get(kind, kind)


def _where(d: dict[str, Any]) -> str:
    return place(d["car"], d["roof"], d["cars"])


def _into(d: dict[str, Any]) -> str:
    """``into car 2``, ``onto the roof of the caboose``: where a figure arrives."""
    if d["roof"]:
        return "onto " + _where(d)
    return "into " + car(d["car"], d["cars"])


def _wake(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    if d.get("card") == "reflex":
        return f"{y.subject(b, 'gets')} up, firing."
    return f"{y.subject(b, 'was')} stunned: the card only gets {y.name(b)} up."


def _floor(d: dict[str, Any], y: Reader) -> str:
    who = y.subject(d["bandit"], "climbs")
    if d["roof"]:
        return f"{who} onto {_where(d)}."
    return f"{who} down into {car(d['car'], d['cars'])}."


def _n(count: int) -> str:
    return ("first", "second", "third")[count - 1] if 1 <= count <= 3 else str(count)


def _over(d: dict[str, Any], y: Reader) -> str:
    if not d["bandits"]:
        return "The game is over: nobody is left on the train."
    if len(d["bandits"]) == 1:
        return f"The game is over: {y.subject(d['bandits'][0], 'wins')}."
    return f"The game is over: {y.names(d['bandits'])} share the win."


_OUT = {"fell": "falls from the train: out of the game.",
        "caboose": "goes with the caboose: out of the game."}


def _eliminated(d: dict[str, Any], y: Reader) -> str:
    what = _OUT.get(d["reason"], "is out of the game.")
    verb, _, rest = what.partition(" ")
    return f"{y.subject(d['bandit'], verb)} {rest}"


_TEXT: dict[str, Callable[[dict[str, Any], Reader], str]] = {
    "round": lambda d, y: f"Round {d['round']}: {y.subject(d['bandit'], 'plays')} first. "
                          f"The train has {d['cars']} car{'s' if d['cars'] != 1 else ''} "
                          f"behind the locomotive.",
    "program": lambda d, y: (
        f"{y.subject(d['bandit'], 'programs')} a {_n(d['count'])} card, face down."
    ),
    "program-private": lambda d, y: (
        f"You program {card(d['card'])} as your {_n(d['count'])} card."
    ),
    "shootin": lambda d, y: "Shootin'! In turn, each player reveals the top card of their stack.",
    "reveal": lambda d, y: f"{y.subject(d['bandit'], 'reveals')} {card(d['card'])}.",
    "wake": _wake,
    "flip": lambda d, y: (
        f"{y.subject(d['bandit'], 'turns')} around and now {y.verb(d['bandit'], 'faces')} "
        f"the {d['facing']}."
    ),
    "floor": _floor,
    "move": lambda d, y: f"{y.subject(d['bandit'], 'moves')} {_into(d)}.",
    "move-off": lambda d, y: f"{y.subject(d['bandit'], 'walks')} off the end of the train!",
    "miss": lambda d, y: (
        f"{y.subject(d['bandit'], 'fires')}, but nobody standing is in sight."
    ),
    "fire": lambda d, y: f"{y.subject(d['bandit'], 'shoots')} {y.name(d['target'])}.",
    "shot-off": lambda d, y: (
        f"{y.subject(d['bandit'], 'is knocked')} off the end of the train!"
    ),
    "stunned": lambda d, y: f"{y.subject(d['bandit'], 'is knocked')} {_into(d)}, stunned.",
    "lie-down": lambda d, y: (
        f"{y.subject(d['bandit'], 'shoots')} a foot and {y.verb(d['bandit'], 'lies')} down, "
        "stunned."
    ),
    "horse": lambda d, y: (
        f"{y.subject(d['bandit'], 'rides')} a horse to the front of the locomotive."
    ),
    "falling": lambda d, y: (
        f"{y.subject(d['bandit'], 'is')} off the train, unless a Horse card comes next this "
        "round."
    ),
    "saved": lambda d, y: f"{y.subject(d['bandit'], 'is saved')} at the last minute.",
    "eliminated": _eliminated,
    "round-end": lambda d, y: f"End of round {d['round']}.",
    "caboose-off": lambda d, y: "The caboose comes off"
    + (f" with {y.names(d['bandits'])} on it." if d["bandits"] else "."),
    "loot-card": lambda d, y: (
        f"{_cap(y.name(d['bandit']))}, farthest back, {y.verb(d['bandit'], 'takes')} the car "
        f"as a Loot card (worth {d['value']})."
    ),
    "game-over": _over,
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(event: SuperEvent, reader: Reader = SPECTATOR) -> str:
    """One sentence for an event, written for ``reader`` (by default the spectator)."""
    text = _TEXT.get(event.kind)
    if text is None:
        return event.kind.replace("-", " ").capitalize() + "."
    return _cap(text(event.data, reader))
