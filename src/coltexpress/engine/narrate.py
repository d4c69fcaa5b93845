"""Plain sentences for events, for logs, terminals and screen readers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Event


def _name(value: Any) -> str:
    return str(value).capitalize() if value else "The Marshal"


def _place(where: Any) -> str:
    car = where["car"]
    spot = "the locomotive" if car == 0 else f"car {car}"
    return f"the roof of {spot}" if where["roof"] else f"inside {spot}"


def _car(car: int) -> str:
    return "the locomotive" if car == 0 else f"car {car}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _card(card: Any) -> str:
    if card is None:
        return "a face-down card"
    kind, _, who = str(card).partition("@")  # "shoot@tuco": a card of one of two bandits
    return f"{_name(who)}'s {kind} card" if who else f"a {kind} card"


_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "round": lambda d: (
        f"Round {d['round']}: {d['card']} ({' '.join(d['turns'])})"
        + (f", event {d['event']}" if d["event"] else "")
        + f"; seat {d['first']} plays first."
    ),
    "placed": lambda d: f"You put {_name(d['bandit'])} in the caboose.",
    "reveal-placement": lambda d: (
        f"Seat {d['seat']}: {_name(d['caboose'])} in the caboose, "
        f"{_name(d['next_car'])} in the next car."
    ),
    "picked": lambda d: f"You pick {_card(d['card'])}.",
    "hand": lambda d: f"Your hand: {', '.join(d['cards']) or 'nothing'}.",
    "draw": lambda d: f"Seat {d['seat']} draws {_count(d['count'], 'card')}.",
    "drawn": lambda d: f"You draw {', '.join(d['cards']) or 'nothing'}.",
    "play": lambda d: (
        f"{_name(d['bandit'])} plays {_card(d['card'])}"
        + (" under cover" if d["cover"] else "")
        + "."
    ),
    "play-private": lambda d: f"Your face-down card is {_card(d['card'])}.",
    "no-cover": lambda d: f"Seat {d['seat']} plays no cover card.",
    "keep": lambda d: (
        f"Seat {d['seat']} keeps {_count(d['kept'], 'card')} and discards "
        f"{_count(len(d['discarded']), 'card')}."
    ),
    "discard-bullets": lambda d: (
        f"Seat {d['seat']} discards {_count(d['count'], 'bullet card')}."
    ),
    "reshuffle": lambda d: f"Seat {d['seat']} shuffles the discard pile into a new deck.",
    "stealin": lambda d: f"Stealin'! {d['cards']} cards to resolve.",
    "reveal": lambda d: f"{_name(d['bandit'])}: {_card(d['card'])}.",
    "no-effect": lambda d: {
        "out-of-bullets": f"{_name(d['bandit'])} has no bullets left.",
        "no-loot": f"{_name(d['bandit'])} finds nothing to rob.",
    }.get(d["reason"], f"{_name(d['bandit'])} has no target."),
    "move": lambda d: f"{_name(d['bandit'])} moves to {_place(d['to'])}.",
    "floor": lambda d: f"{_name(d['bandit'])} climbs to {_place(d['to'])}.",
    "escape": lambda d: (
        f"{_name(d['bandit'])} meets the Marshal"
        + (", takes a neutral bullet" if d["bullet"] else "")
        + f" and escapes to the roof of {_car(d['car'])}."
    ),
    "neutral-bullet": lambda d: f"{_name(d['bandit'])} takes a neutral bullet.",
    "no-neutral-bullets": lambda d: "Not enough neutral bullets: nobody takes one.",
    "neutral-deck-removed": lambda d: "The neutral bullet deck is removed from the game.",
    "shoot": lambda d: (
        f"{_name(d['bandit'])} shoots {_name(d['target'])}, who takes "
        f"{_name(d['bandit'])}'s bullet card {d['number']}."
    ),
    "no-turn": lambda d: f"Seat {d['seat']} has no card to play and none to draw.",
    "knocked-back": lambda d: f"{_name(d['bandit'])} is knocked back to {_place(d['to'])}.",
    "rob": lambda d: f"{_name(d['bandit'])} robs a {d['loot']}.",
    "rob-value": lambda d: f"The token {d['token']} is worth ${d['value']}.",
    "punch": lambda d: f"{_name(d['bandit'])} punches {_name(d['target'])}.",
    "drop": lambda d: (
        f"{_name(d['bandit'])} loses a {d['loot']}"
        + (f", taken by {_name(d['taken_by'])}." if d["taken_by"] else ".")
    ),
    "pushed": lambda d: f"{_name(d['bandit'])} is pushed to {_place(d['to'])}.",
    "not-pushed": lambda d: f"{_name(d['bandit'])} cannot leave the train and stays.",
    "marshal": lambda d: f"The Marshal moves to {_car(d['to'])}.",
    "event": lambda d: f"Event: {d['name']}.",
    "swept": lambda d: f"{_name(d['bandit'])} ends up on the roof of {_car(d['car'])}.",
    "strongbox": lambda d: f"A strongbox appears in {_car(d['car'])}.",
    "no-pickpocket": lambda d: f"{_name(d['bandit'])} takes no purse.",
    "ransom": lambda d: f"{_name(d['bandit'])} takes a ${d['value']} ransom from the conductor.",
    "game-over": lambda d: (
        "Game over. Winner"
        + ("s" if len(d["winners"]) > 1 else "")
        + ": seat "
        + ", ".join(str(s) for s in d["winners"])
        + f"; totals {d['totals']}."
    ),
}


def describe(event: Event) -> str:
    """One sentence for an event."""
    render = _TEXT.get(event.kind)
    return render(event.data) if render else f"{event.kind}: {event.data}"
