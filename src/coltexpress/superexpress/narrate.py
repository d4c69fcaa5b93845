"""Colt Super Express's events as plain sentences (no internal names)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.names import bandit, car, place

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


def _wake(d: dict[str, Any]) -> str:
    who = bandit(d["bandit"])
    if d.get("card") == "reflex":
        return f"{who} gets up, firing."
    return f"{who} was stunned: the card only gets {who} up."


def _floor(d: dict[str, Any]) -> str:
    who = bandit(d["bandit"])
    if d["roof"]:
        return f"{who} climbs onto {_where(d)}."
    return f"{who} climbs down into {car(d['car'], d['cars'])}."


def _n(count: int) -> str:
    return ("first", "second", "third")[count - 1] if 1 <= count <= 3 else str(count)


def _over(d: dict[str, Any]) -> str:
    names = [bandit(b) for b in d["bandits"]]
    if not names:
        return "The game is over: nobody is left on the train."
    if len(names) == 1:
        return f"The game is over: {names[0]} wins."
    return "The game is over: " + " and ".join(names) + " share the win."


_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "round": lambda d: f"Round {d['round']}: {bandit(d['bandit'])} plays first. "
                       f"The train has {d['cars']} car{'s' if d['cars'] != 1 else ''} "
                       f"behind the locomotive.",
    "program": lambda d: f"{bandit(d['bandit'])} programs a {_n(d['count'])} card, face down.",
    "program-private": lambda d: f"You program {card(d['card'])} as your {_n(d['count'])} card.",
    "shootin": lambda d: "Shootin'! In turn, each player reveals the top card of their stack.",
    "reveal": lambda d: f"{bandit(d['bandit'])} reveals {card(d['card'])}.",
    "wake": _wake,
    "flip": lambda d: f"{bandit(d['bandit'])} turns around and now faces the {d['facing']}.",
    "floor": _floor,
    "move": lambda d: f"{bandit(d['bandit'])} moves {_into(d)}.",
    "move-off": lambda d: f"{bandit(d['bandit'])} walks off the end of the train!",
    "miss": lambda d: f"{bandit(d['bandit'])} fires, but nobody standing is in sight.",
    "fire": lambda d: f"{bandit(d['bandit'])} shoots {bandit(d['target'])}.",
    "shot-off": lambda d: f"{bandit(d['bandit'])} is knocked off the end of the train!",
    "stunned": lambda d: f"{bandit(d['bandit'])} is knocked {_into(d)}, stunned.",
    "lie-down": lambda d: f"{bandit(d['bandit'])} shoots a foot and lies down, stunned.",
    "horse": lambda d: f"{bandit(d['bandit'])} rides a horse to the front of the locomotive.",
    "falling": lambda d: f"{bandit(d['bandit'])} is off the train, unless a Horse card comes "
                         f"next this round.",
    "saved": lambda d: f"{bandit(d['bandit'])} is saved at the last minute.",
    "eliminated": lambda d: f"{bandit(d['bandit'])} "
    + {"fell": "falls from the train: out of the game.",
       "caboose": "goes with the caboose: out of the game."}.get(d["reason"],
                                                                  "is out of the game."),
    "round-end": lambda d: f"End of round {d['round']}.",
    "caboose-off": lambda d: "The caboose comes off"
    + (" with " + " and ".join(bandit(b) for b in d["bandits"]) + " on it." if d["bandits"]
       else "."),
    "loot-card": lambda d: f"{bandit(d['bandit'])}, farthest back, takes the car as a Loot "
                           f"card (worth {d['value']}).",
    "game-over": _over,
}


def describe(event: SuperEvent) -> str:
    text = _TEXT.get(event.kind)
    if text is None:
        return event.kind.replace("-", " ").capitalize() + "."
    return text(event.data)
