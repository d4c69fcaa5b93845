"""Display names: the one table of what a player reads (``data/names.json``).

The narration, the terminal, the plain mode, the browser (which loads the same file) and the
replays name bandits, cards, turns, round cards, events and loot from here, so no internal
name (a slug, a token id) reaches a player.

>>> card("bullet@belle:6"), card("shoot@tuco"), card("floor"), card("bullet")
('Bullet 6 (Belle)', 'Shoot (Tuco)', 'Change Floor', 'Neutral bullet')
>>> round_card("passengers-rebellion"), event("hostage-conductor")
("Passengers' Rebellion", '$250 Hostage Conductor')
>>> place(3, True, cars=3), player(["tuco", "belle"])
('the roof of the caboose', 'the player of Tuco and Belle')
>>> location({"coach": True, "beside": 2, "roof": False, "cars": 4}), hostage("ladys-poodle")
('inside the stagecoach', "The Lady's Poodle")
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Any

__all__ = [
    "bandit",
    "brawler",
    "car",
    "card",
    "card_help",
    "decision_help",
    "event",
    "event_help",
    "goal",
    "goal_help",
    "hostage",
    "hostage_help",
    "location",
    "loot",
    "names",
    "penalty",
    "penalty_help",
    "place",
    "player",
    "power",
    "power_help",
    "power_of",
    "round_card",
    "sidekick",
    "turn",
    "turn_help",
    "whiskey",
]


# The names a view's words ask for over and over (every bandit, every card of the pile, for
# each viewer at each step of a move) are kept: the table never changes. Bounded, since a
# card's text may come from outside.
_memo = lru_cache(maxsize=4096)


@cache
def names() -> dict[str, Any]:
    """The whole table (loaded once)."""
    text = resources.files("coltexpress").joinpath("data/names.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@_memo
def bandit(name: str | None) -> str:
    """A bandit's name as printed; ``None`` is the Marshal."""
    if not name:
        return "the Marshal"
    return str(names()["bandits"].get(name, name.capitalize()))


def player(bandits: list[str] | tuple[str, ...]) -> str:
    """A player by the bandits he plays: ``Django``, or ``the player of Tuco and Belle``."""
    if len(bandits) == 1:
        return bandit(bandits[0])
    return "the player of " + " and ".join(bandit(b) for b in bandits)


@_memo
def card(text: str, *, owner: bool = True) -> str:
    """A card as the table sees it (``move``, ``shoot@tuco``, ``bullet@belle:6``,
    ``bullet``); ``owner=False`` leaves out whose card it is."""
    kind, _, who = text.partition("@")
    who, _, number = who.partition(":")
    if kind == "bullet":
        if not who:
            return "Neutral bullet"
        number, _, hurt = number.partition(":")  # the Marshal's: number, then penalty
        label = f"{penalty(hurt)} bullet {number}" if hurt else f"Bullet {number}"
        return f"{label} ({bandit(who)})" if owner else label
    entry = names()["cards"].get(kind)
    label = str(entry["name"]) if entry else kind
    return f"{label} ({bandit(who)})" if who and owner else label


def penalty(key: str) -> str:
    """A Marshal's Bullet card penalty as printed (``Disarmed``)."""
    entry = names()["penalties"].get(key)
    return str(entry["name"]) if entry else key


def penalty_help(key: str) -> str:
    entry = names()["penalties"].get(key)
    return str(entry["help"]) if entry else ""


def goal(key: str) -> str:
    """One of the Marshal's goals: a Special Target, or ``warrant@<bandit>``."""
    kind, _, who = key.partition("@")
    entry = names()["goals"].get(kind)
    return str(entry["name"]).format(bandit=bandit(who)) if entry else key


def goal_help(key: str) -> str:
    kind, _, who = key.partition("@")
    entry = names()["goals"].get(kind)
    return str(entry["help"]).format(bandit=bandit(who)) if entry else ""


def brawler(value: int) -> str:
    """A Brawler card by its prize (``Gold Punch``)."""
    return str(names()["brawlers"].get(str(value), f"Brawler card ${value}"))


def sidekick(name: str) -> str:
    """A prisoner: ``Tuco's trusty sidekick``."""
    return str(names()["sidekick"]).format(bandit=bandit(name))


@_memo
def card_help(kind: str) -> str:
    entry = names()["cards"].get(kind.partition("@")[0])
    return str(entry["help"]) if entry else ""


@_memo
def turn(code: str) -> str:
    entry = names()["turns"].get(code)
    return str(entry["name"]) if entry else code


@_memo
def turn_help(code: str) -> str:
    entry = names()["turns"].get(code)
    return str(entry["help"]) if entry else ""


def round_card(slug: str) -> str:
    return str(names()["round_cards"].get(slug, slug))


def event(slug: str) -> str:
    entry = names()["events"].get(slug)
    return str(entry["name"]) if entry else slug


def event_help(slug: str, *, marshal_player: bool = False) -> str:
    """What an event does; ``marshal_player``: as Marshal & Prisoners changes it."""
    entry = names()["events"].get(slug)
    if not entry:
        return ""
    return str(entry.get("help_mp", entry["help"]) if marshal_player else entry["help"])


def power(key: str) -> str:
    entry = names()["powers"].get(key)
    return str(entry["name"]) if entry else key


def power_of(character: str) -> str:
    """The name of a character's power (``Belle's power``), by character."""
    return f"{bandit(character)}'s power"


def power_help(key: str) -> str:
    entry = names()["powers"].get(key)
    return str(entry["help"]) if entry else ""


def decision_help(decision: str) -> str:
    return str(names()["decisions"].get(decision, ""))


def loot(kind: str, count: int = 1) -> str:
    """``a purse``, ``2 jewels``: a count of loot in words."""
    entry = names()["loot"].get(kind, {"name": kind, "plural": kind + "s"})
    if count == 1:
        return f"a {entry['name']}"
    return f"{count} {entry['plural']}"


def car(index: int, cars: int | None = None, *, prison: bool = False) -> str:
    """``the locomotive``, ``car 2``, ``the caboose`` (when the number of cars is known;
    ``prison``: with Marshal & Prisoners the caboose is ``the prison car``)."""
    if index == 0:
        return "the locomotive"
    if cars is not None and index == cars:
        return "the prison car" if prison else "the caboose"
    return f"car {index}"


def place(index: int, roof: bool, cars: int | None = None, *, prison: bool = False) -> str:
    """``the roof of car 2`` or ``inside car 2``."""
    where = car(index, cars, prison=prison)
    return f"the roof of {where}" if roof else f"inside {where}"


def location(where: dict[str, Any], *, beside: bool = False) -> str:
    """A space as an event gives it (``{"car", "roof", "cars", "prison"}``, or Horses &
    Stagecoach's ``{"coach": True, "beside", "roof"}``): ``the roof of car 2``, ``inside the
    caboose``, ``the roof of the stagecoach``, ``inside the stagecoach``; ``beside``: with
    the car the stagecoach stands beside, ``inside the stagecoach (beside car 2)``."""
    if where.get("coach"):
        text = "the roof of the stagecoach" if where["roof"] else "inside the stagecoach"
        if beside and where.get("beside") is not None:
            near = car(where["beside"], where.get("cars"), prison=bool(where.get("prison")))
            text += f" (beside {near})"
        return text
    return place(where["car"], bool(where["roof"]), where.get("cars"),
                 prison=bool(where.get("prison")))


def hostage(key: str) -> str:
    """A hostage card as printed (``The Banker``)."""
    entry = names()["hostages"].get(key)
    return str(entry["name"]) if entry else key


def hostage_help(key: str) -> str:
    """A hostage's ransom and drawback."""
    entry = names()["hostages"].get(key)
    return str(entry["help"]) if entry else ""


def whiskey(old: bool) -> str:
    """``normal whiskey`` or ``old whiskey``, and what a drink of it does."""
    entry = names()["whiskey"]["old" if old else "normal"]
    return f"{entry['name']} ({entry['help']})"
