"""Plain sentences for events, for logs, terminals, browsers and screen readers.

Every name comes from the display-name table (names.py): bandits, cards, round cards and
events as printed, never an internal name or a token number. A private event is written to
its reader ("you"); so is a public one, to the player whose figure it is about, when the
sentence is written for that player (a ``Reader``): "You rob a purse", "Belle shoots you".

>>> from coltexpress.engine.event import Event
>>> rob = Event("rob", {"bandit": "django", "loot": "purse", "token": 3})
>>> describe(rob), describe(rob, Reader(1, ("django",))), describe(rob, Reader(0, ("belle",)))
('Django robs a purse.', 'You rob a purse.', 'Django robs a purse.')
>>> describe(rob, Reader(1, ("django", "tuco")))  # two bandits: which one is said
'Your Django robs a purse.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import names

if TYPE_CHECKING:
    from .game import Event

__all__ = ["SPECTATOR", "Reader", "describe", "verb_for_you"]

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}


def verb_for_you(verb: str) -> str:
    """The verb (its first word) said of "you": ``robs`` → ``rob``, ``is pushed`` → ``are
    pushed``, ``punches`` → ``punch``; ``cannot``, ``may`` and past tenses stay.

    >>> [verb_for_you(v) for v in ("robs", "is knocked", "punches", "lies down", "cannot")]
    ['rob', 'are knocked', 'punch', 'lie down', 'cannot']
    """
    first, sep, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith(("ches", "shes", "sses", "xes", "zes")):
        first = first[:-2]
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return first + sep + rest


@dataclass(frozen=True, slots=True)
class Reader:
    """Who a sentence is written for: a seat and the figures it plays (``marshal`` for the
    Marshal's player). Its own figure is "you" (with two bandits, "your Django"). The
    spectator (``SPECTATOR``) reads every name."""

    seat: int | None = None
    figures: tuple[str, ...] = ()

    def concerns(self, d: dict[str, Any]) -> bool:
        """Whether an event (its data) may read differently for this reader than for the
        spectator: it names one of the reader's figures or its seat, or the reader plays
        the Marshal (named without a key). A cheap test, for whoever says an event to many
        readers; it never misses an event that does read differently."""
        if not self.figures:
            return False
        if "marshal" in self.figures or "winners" in d or d.get("seat") == self.seat:
            return True
        for value in d.values():
            if isinstance(value, str):
                if value in self.figures:
                    return True
            elif isinstance(value, list) and any(v in self.figures for v in value):
                return True
        return False

    def mine(self, figure: str | None) -> bool:
        return (figure or "marshal") in self.figures

    @property
    def alone(self) -> bool:
        """One figure: it is "you"."""
        return len(self.figures) == 1

    def name(self, figure: str | None) -> str:
        """The figure as an object: ``Django``, ``you``, ``your Django``."""
        if not self.mine(figure):
            return _name(figure)
        return "you" if self.alone else "your " + _name(figure)

    def subject(self, figure: str | None, verb: str) -> str:
        """The figure doing something: ``Django robs``, ``you rob``, ``your Django robs``."""
        return f"{self.name(figure)} {self.verb(figure, verb)}"

    def verb(self, figure: str | None, verb: str) -> str:
        """A verb of the figure's (a second one in the sentence): ``takes`` or ``take``."""
        return verb_for_you(verb) if self.mine(figure) and self.alone else verb

    def poss(self, figure: str | None) -> str:
        """Whose: ``Django's``, ``your``, ``your Django's``."""
        if not self.mine(figure):
            return _name(figure) + "'s"
        return "your" if self.alone else f"your {_name(figure)}'s"

    def names(self, figures: list[str]) -> str:
        """Several figures as an object: ``you and Belle``."""
        return _and([self.name(f) for f in figures])

    def subjects(self, figures: list[str], verb: str) -> str:
        """Several figures doing something: ``you and Belle board``."""
        if len(figures) == 1:
            return self.subject(figures[0], verb)
        return f"{self.names(figures)} {verb_for_you(verb)}"

    def player(self, d: dict[str, Any], verb: str) -> str:
        """The player of an event (``who``: his bandits; ``seat``) doing something."""
        if self.seat is not None and d.get("seat") == self.seat:
            return "you " + verb_for_you(verb)
        return f"{names.player(d['who'])} {verb}"

    def player_verb(self, d: dict[str, Any], verb: str) -> str:
        """A second verb of the event's player."""
        if self.seat is not None and d.get("seat") == self.seat:
            return verb_for_you(verb)
        return verb


SPECTATOR = Reader()


def _name(value: Any) -> str:
    return names.bandit(value) if value else "the Marshal"


def _to(where: dict[str, Any], *, beside: bool = False) -> str:
    """``to the roof of car 2`` or ``into car 2`` (Horses & Stagecoach: ``into the
    stagecoach``; ``beside``: ``(beside car 2)``)."""
    if where.get("coach"):
        car = "the stagecoach"
        if beside and where.get("beside") is not None:
            near = names.car(where["beside"], where.get("cars"), prison=bool(where.get("prison")))
            car += f" (beside {near})"
    else:
        car = names.car(where["car"], where.get("cars"), prison=bool(where.get("prison")))
    return f"to the roof of {car}" if where["roof"] else f"into {car}"


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _bandits(chars: list[str]) -> str:
    return _and([_name(c) for c in chars])


def _car(d: dict[str, Any], key: str = "car") -> str:
    return names.car(d[key], d.get("cars"), prison=bool(d.get("prison")))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _cards(cards: list[str]) -> str:
    return ", ".join(names.card(c) for c in cards) or "nothing"


def _a_card(card: Any, *, owner: bool = True) -> str:
    if card is None:
        return "a card face down"
    label = names.card(str(card), owner=owner)
    if str(card).startswith("bullet"):
        return label
    return f"{'an' if label[0] in 'AEIOU' else 'a'} {label} card"


def _money(n: int) -> str:
    return f"${n:,}"


def _round(d: dict[str, Any], y: Reader) -> str:
    turns = ", ".join(names.turn(t) for t in d["turns"])
    card = names.round_card(d["card"])
    kind = "Train station" if d.get("station") else "Round card"
    text = f"Round {d['round']} of 5. {kind}: {card} (turns: {turns})."
    if d["event"] in _ROUND_LONG:  # a station whose rule holds now, or at the very end
        text += f" {names.event_help(d['event'])}"
    elif d["event"]:
        text += f" At the end of the round: {_end(names.event(d['event']))}"
    else:
        text += " No event at the end of the round."
    if d.get("rainy"):
        text += (" Schemin' for a Rainy Day: at the end of the Schemin' phase each player "
                 "may keep one card for the next round.")
    return text + f" {_cap(y.player(d, 'plays'))} first."


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# Stations whose rule holds during the round or at the end of the game, or matters before
# it comes (Marshal & Prisoners'; Horses & Stagecoach's).
_ROUND_LONG = frozenset({"deadly-fall", "guilty-conscience", "crime-doesnt-pay",
                         "sharing-the-loot", "mortal-bullet", "escape"})


def _no_effect(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    card = names.card(str(d["card"]), owner=False)
    reason = d["reason"]
    if reason in ("disarmed", "wounded-knee", "shoulder-injury"):
        return f"{y.subject(b, 'is hurt')} ({names.penalty(reason)}): the {card} has no effect."
    return {
        "out-of-bullets": f"{y.subject(b, 'has')} no bullets left: the Shoot has no effect.",
        "no-loot": f"{y.subject(b, 'finds')} nothing to rob.",
        "fallen": f"{y.subject(b, 'is')} off the train: the {card} has no effect.",
        "in-the-cell": f"{y.subject(b, 'is')} in the cell: the {card} has no effect.",
        "nothing-to-copy": f"{y.poss(b)} Brilliant Idea finds no bandit's card to copy: "
                           "no effect.",
        "nothing-to-free": f"{y.poss(b)} Brilliant Idea finds nobody to free: no effect.",
        "rode-away": f"{y.subject(b, 'rode')} away from the train: the {card} has no effect.",
        "teacher": f"{y.subject(b, 'holds')} The Teacher hostage and may not punch: the Punch "
                   "has no effect.",
        "zealot": f"{y.subject(b, 'holds')} The Zealot hostage and may not ride: the Ride has "
                  "no effect.",
    }.get(reason) or _no_choice(b, str(d["card"]), y)


def _no_choice(b: str, card: str, y: Reader) -> str:
    """A card with nothing it can do from where its bandit stands."""
    kind = card.partition("@")[0]
    if kind == "ride":
        return f"{y.subject(b, 'has')} no horse nearby: the Ride has no effect."
    if kind in ("move", "floor", "move+", "floor+"):
        return (f"{y.subject(b, 'cannot go')} anywhere from here: the {names.card(kind)} has "
                "no effect.")
    if kind == "idea":  # a Brilliant Idea's copy of a card with nothing to do
        return f"The copied card has no effect for {y.name(b)}."
    return f"{y.subject(b, 'has')} nobody to {_verb(card)}: no effect."


def _verb(card: str) -> str:
    kind = card.partition("@")[0]
    return {"shoot": "shoot", "punch": "punch", "capture": "capture"}.get(kind, "target")


def _floor(d: dict[str, Any], y: Reader) -> str:
    to = d["to"]
    if to.get("coach"):
        car = "the stagecoach"
    else:
        car = names.car(to["car"], to.get("cars"), prison=bool(to.get("prison")))
    if to["roof"]:
        return f"{y.subject(d['bandit'], 'climbs')} onto the roof of {car}."
    return f"{y.subject(d['bandit'], 'climbs')} down into {car}."


def _escape(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    bullet = f", {y.verb(b, 'takes')} a neutral bullet" if d["bullet"] else ""
    where = names.place(d["car"], True, d.get("cars"), prison=bool(d.get("prison")))
    return (f"{y.subject(b, 'meets')} {y.name(None)}{bullet} and {y.verb(b, 'escapes')} to "
            f"{where}.")


def _reason(reason: str) -> str:
    return {
        "angry-marshal": " from the Angry Marshal",
        "passengers-rebellion": " from the rebelling passengers",
        "shotgun": " from the Shotgun",
        "shotgun-passed": " for running past the Shotgun",
        "shotguns-rage": " from the Shotgun's rage",
        "ladys-poodle": " (The Lady's Poodle bites)",
    }.get(reason, "")


def _drop(d: dict[str, Any], y: Reader) -> str:
    text = f"{y.subject(d['bandit'], 'drops')} {names.loot(d['loot'])}"
    if d["taken_by"]:
        return text + f", and {y.subject(d['taken_by'], 'takes')} it."
    return text + "."


def _shot(shooter: str | None, d: dict[str, Any], y: Reader) -> str:
    """``Belle shoots Doc, who takes Belle's bullet card 3`` (the Marshal's: with its gun
    and penalty); said to the target: ``Belle shoots you: you take ...``."""
    target = d["target"]
    took = f"{y.poss(shooter)} bullet card {d['number']}"
    if y.mine(target) and y.alone:
        return f"{y.subject(shooter, 'shoots')} you, and you take {took}"
    return f"{y.subject(shooter, 'shoots')} {y.name(target)}, who takes {took}"


def _end(text: str) -> str:
    """A sentence ends with one stop (``Take It All!`` keeps its own)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _event(d: dict[str, Any], y: Reader) -> str:
    kind = "Train station" if d.get("station") else "Event"
    what = names.event_help(d["name"], marshal_player=bool(d.get("marshal_player")))
    what = what.partition(": ")[2]
    return f"{kind}: {_end(names.event(d['name']))} {what[:1].upper()}{what[1:]}"


def _game_over(d: dict[str, Any], y: Reader) -> str:
    if "marshal_wins" in d:
        return _game_over_mp(d, y)
    if not d["winners"]:  # Horses & Stagecoach: the Escape station caught everyone
        return "Game over. Every bandit was caught at the Escape station: nobody wins."
    return "Game over. " + _richest(d, y)


def _richest(d: dict[str, Any], y: Reader) -> str:
    winners = d["winners"]
    who = ["you" if s == y.seat else names.player(d["players"][s]) for s in winners]
    money = _money(d["totals"][winners[0]])
    if len(winners) == 1:
        verb = "win" if winners[0] == y.seat else "wins"
        return f"{_cap(who[0])} {verb} with {money}."
    together = ", ".join(who[:-1]) + " and " + who[-1]
    return f"{_cap(together)} share the victory, {money} each."


def _game_over_mp(d: dict[str, Any], y: Reader) -> str:
    """Marshal & Prisoners: the Marshal's goals first; only if he fails, the richest bandit."""
    done = d["goals_done"]
    winners = d["winners"]
    marshal = _cap(y.name(None))
    if d["marshal_wins"]:
        text = f"Game over. {marshal} completed {done} of 5 goals and {y.verb(None, 'wins')}"
        partner = [s for s in winners if s != d["marshal"]]
        if partner:
            poorest = "you" if partner[0] == y.seat else names.player(d["players"][partner[0]])
            text += f", with {poorest}, the poorest bandit"
        return text + "."
    text = f"Game over. {marshal} completed {done} of 5 goals: not enough. "
    if d.get("cannot_win", {}).get(str(d["marshal"])) == "fallen":
        text = f"Game over. {marshal} fell off the train and cannot win. "
    if not winners:
        return text + "No bandit can win."
    return text + _richest(d, y)


def _goal(d: dict[str, Any], y: Reader) -> str:
    return f"{y.subject(None, 'turns')} over the next goal card ({d['count']} of 5 so far)."


def _gun(gun: str) -> str:
    return {"left": "left", "right": "right"}.get(gun, gun)


# ---------------------------------------------------------------------------- Horses & Stagecoach


def _attack(d: dict[str, Any], y: Reader) -> str:
    return (
        "The Horse Attack! Every bandit rides up to the train on horseback. Car by car, "
        f"from {_car(d)} forward, the riders choose in secret to board that car or ride on; "
        "nobody boards the locomotive."
    )


def _board(d: dict[str, Any], y: Reader) -> str:
    car = _car(d)
    boarded, rode_on = d["boarded"], d["rode_on"]
    on = f"{y.subjects(rode_on, 'rides')} on"
    if not boarded:
        return f"At {car}: nobody boards; {on}."
    one = len(boarded) == 1
    text = (
        f"At {car}: {y.subjects(boarded, 'boards')} the train, inside {car}, leaving "
        f"{'the horse' if one else 'their horses'} beside it"
    )
    return text + (f"; {on}." if rode_on else ".")


_HOLDER = re.compile(r"its holder's|its holder (never |only )?(\w+)")


def _hostage(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    rule = names.hostage_help(d["hostage"]).partition(": ")[2]

    def holder(m: re.Match[str]) -> str:
        if m.group(0) == "its holder's":
            return y.poss(b)
        return f"{y.name(b)} {m.group(1) or ''}{y.verb(b, m.group(2))}"

    rule = _HOLDER.sub(holder, rule)
    return (
        f"{y.subject(b, 'enters')} the stagecoach and {y.verb(b, 'takes')} a hostage: "
        f"{names.hostage(d['hostage'])} ({rule.rstrip('.')})."
    )


def _ride(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    return (
        f"{y.subject(b, 'rides')} a horse from {names.location(d['frm'])} and "
        f"{y.verb(b, 'gets')} off {names.location(d['to'], beside=True)}."
    )


def _drink(d: dict[str, Any], y: Reader) -> str:
    who = y.subject(d["bandit"], "drinks")
    whiskey = names.whiskey(bool(d["old"]))
    if d["empty"]:
        return f"{who} the last half of a flask of {whiskey}; the flask is empty."
    return f"{who} half a flask of {whiskey}."


def _whiskey_marshal(d: dict[str, Any], y: Reader) -> str:
    kind = "old" if d["old"] else "normal"
    where = names.car(d["frm"], d.get("cars"), prison=bool(d.get("prison")))
    text = f"{y.subject(None, 'drinks')} the flask of {kind} whiskey found inside {where}"
    if d["to"] == d["frm"]:
        return text + "."
    if d["old"]:
        return text + f" and {y.verb(None, 'heads')} all the way to the caboose."
    return text + f" and {y.verb(None, 'moves')} 1 car toward the caboose."


def _turmoil_choice(d: dict[str, Any], y: Reader) -> str:
    action = str(d["action"])
    verb, _, rest = action.partition(" ")
    if verb == "play":
        card, _, down = rest.partition(" ")
        face = " face down" if down else ""
        return f"Your secret choice: to play {_a_card(card, owner=True)}{face}."
    return "Your secret choice: " + {
        "draw": "to draw 3 cards.",
        "pass": "to pass.",
    }.get(action, "to search your deck for your Brilliant Idea.")


def _horses_gone(d: dict[str, Any], y: Reader) -> str:
    cars = [names.car(c, d.get("cars"), prison=bool(d.get("prison"))) for c in d["at"]]
    if len(cars) == 1:
        return f"The horse beside {cars[0]} is out of breath and leaves the game."
    return f"The horses beside {_and(cars)} are out of breath and leave the game."


def _shared(d: dict[str, Any], y: Reader) -> str:
    return (
        f"{y.subject(d['bandit'], 'shares')} a strongbox with {y.names(d['others'])}: "
        f"{_money(d['share'])} each."
    )


def _mortal(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    return (
        f"{y.subject(b, 'received')} {_count(d['bullets'], 'bullet card')} this round and "
        f"{y.verb(b, 'loses')} {_money(d['loss'])}."
    )


def _penalty_ends(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    many = d.get("count", 1) > 1
    return (
        f"{y.poss(None)} {'bullets' if many else 'bullet'} in front of {y.name(b)} "
        f"{'are' if many else 'is'} shuffled into {y.poss(b)} deck."
    )


def _free_prisoner(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    if d["sidekick"] == b:
        return (f"{y.subject(b, 'frees')} {y.poss(b)} own trusty sidekick (two loot tokens "
                "for each Rob).")
    return (f"{y.subject(b, 'frees')} {names.sidekick(d['sidekick'])} "
            f"({names.power_of(d['sidekick'])} while the prisoner stays).")


def _play(d: dict[str, Any], y: Reader) -> str:
    return (
        f"{y.subject(d['bandit'], 'plays')} {_a_card(d['card'], owner=False)}"
        + (" to cover the shot" if d["cover"] else "")
        + (f" ({names.power('stealth')})" if d.get("stealth") else "")
        + "."
    )


_TEXT: dict[str, Callable[[dict[str, Any], Reader], str]] = {
    "round": _round,
    "placed": lambda d, y: f"You put {y.name(d['bandit'])} in the caboose.",
    "reveal-placement": lambda d, y: (
        f"{y.subject(d['caboose'], 'starts')} in the caboose, {y.name(d['next_car'])} in the "
        "car next to it."
    ),
    "picked": lambda d, y: f"You pick {_a_card(d['card'])} before shuffling your deck.",
    "hand": lambda d, y: f"Your hand: {_cards(d['cards'])}.",
    "draw": lambda d, y: f"{y.player(d, 'draws')} {_count(d['count'], 'card')}.",
    "drawn": lambda d, y: f"You draw {_cards(d['cards'])}.",
    "play": _play,
    "play-private": lambda d, y: f"Your face-down card is {_a_card(d['card'], owner=False)}.",
    "no-cover": lambda d, y: f"{y.player(d, 'plays')} no cover card.",
    "no-turn": lambda d, y: (
        f"{y.player(d, 'has')} no card to play and none to draw: the turn passes."
    ),
    "keep": lambda d, y: (
        f"{y.player(d, 'keeps')} {_count(d['kept'], 'card')} and "
        f"{y.player_verb(d, 'discards')} {_cards(d['discarded'])}."
    ),
    "discard-bullets": lambda d, y: (
        f"{y.player(d, 'discards')} {_count(d['count'], 'bullet card')}: "
        f"{_cards(d['cards'])}."
    ),
    "reshuffle": lambda d, y: f"{y.player(d, 'shuffles')} the discard pile into a new deck.",
    "stealin": lambda d, y: (
        f"Stealin'! The pile is turned over: {_count(d['cards'], 'card')} to resolve, in the "
        "order they were played."
    ),
    "reveal": lambda d, y: (
        f"{y.poss(d['bandit'])} card: {names.card(str(d['card']), owner=False)}."
    ),
    "no-effect": _no_effect,
    "move": lambda d, y: f"{y.subject(d['bandit'], 'moves')} {_to(d['to'], beside=True)}.",
    "floor": _floor,
    "escape": _escape,
    "neutral-bullet": lambda d, y: (
        f"{y.subject(d['bandit'], 'takes')} a neutral bullet{_reason(d['reason'])}."
    ),
    "no-neutral-bullets": lambda d, y: (
        "Not enough neutral bullets for everyone: nobody takes one."
    ),
    "neutral-deck-removed": lambda d, y: "The neutral bullet deck is removed from the game.",
    "shoot": lambda d, y: _shot(d["bandit"], d, y) + ".",
    "knocked-back": lambda d, y: f"{y.subject(d['bandit'], 'is knocked')} back {_to(d['to'])}.",
    "rob": lambda d, y: f"{y.subject(d['bandit'], 'robs')} {names.loot(d['loot'])}.",
    "rob-value": lambda d, y: (
        "The whiskey flask you took is worth nothing at the end: drink it on a standard turn."
        if d.get("loot") == "whiskey"
        else f"The {names.loot(d.get('loot', 'purse'))[2:]} you took is worth "
        f"{_money(d['value'])}."
    ),
    "punch": lambda d, y: f"{y.subject(d['bandit'], 'punches')} {y.name(d['target'])}.",
    "drop": _drop,
    "pushed": lambda d, y: f"{y.subject(d['bandit'], 'is pushed')} {_to(d['to'])}.",
    "not-pushed": lambda d, y: (
        f"{y.subject(d['bandit'], 'cannot leave')} the train and {y.verb(d['bandit'], 'stays')}."
    ),
    "marshal": lambda d, y: f"{y.subject(None, 'moves')} to {_car(d, 'to')}.",
    "event": _event,
    "swept": lambda d, y: (
        f"{y.subject(d['bandit'], 'ends')} up on "
        f"{names.place(d['car'], True, d.get('cars'), prison=bool(d.get('prison')))}."
    ),
    "strongbox": lambda d, y: (
        f"{'A' if d.get('prison') else 'The second'} strongbox appears "
        f"{'on the roof of' if d.get('roof') else 'inside'} {_car(d)}."
    ),
    "no-pickpocket": lambda d, y: f"{y.subject(d['bandit'], 'takes')} no purse.",
    "ransom": lambda d, y: (
        f"{y.subject(d['bandit'], 'takes')} a {_money(d['value'])} ransom from the conductor."
    ),
    "round-end": lambda d, y: f"End of round {d['round']}.",
    "no-one": lambda d, y: "Nobody is affected.",
    # Marshal & Prisoners
    "goal": _goal,
    "goal-seen": lambda d, y: f"Your new goal: {_end(names.goal(d['goal']))}",
    "rumor": lambda d, y: (
        f"Rumor has it that one of the Marshal's goals is {_end(names.goal(d['goal']))}"
    ),
    "draw-idea": lambda d, y: (
        f"{y.player(d, 'searches')} the deck for the Brilliant Idea, "
        f"{y.player_verb(d, 'takes')} it and {y.player_verb(d, 'shuffles')} the deck."
    ),
    "no-extra": lambda d, y: f"{y.player(d, 'plays')} no extra card.",
    "rainy-day": lambda d, y: (
        f"{y.player(d, 'keeps')} a card for a rainy day." if d["kept"]
        else f"{y.player(d, 'keeps')} no card for the next round."
    ),
    "copy": lambda d, y: (
        f"{y.poss(d['bandit'])} Brilliant Idea copies {y.poss(d['whose'])} "
        f"{names.card(str(d['card']), owner=False)}."
    ),
    "capture": lambda d, y: (
        f"{y.subject(None, 'captures')} {y.name(d['bandit'])}: into the cell of the prison car"
        + (f", and the Wanted Poster goes to {y.name(None)}." if d["first"] else ".")
    ),
    "leave-cell": lambda d, y: (
        f"{y.subject(d['bandit'], 'gets')} out of the cell "
        + ("onto the roof of the prison car." if d["to"] == "roof" else "into the corridor.")
    ),
    "free-prisoner": _free_prisoner,
    "free-bandit": lambda d, y: (
        f"{y.subject(d['bandit'], 'frees')} {y.name(d['freed'])} from the cell."
    ),
    "give": lambda d, y: (
        f"{y.subject(d['bandit'], 'gives')} {names.loot(d['loot'])} to {y.name(d['to'])}."
    ),
    "marshal-shoot": lambda d, y: (
        f"{_shot(None, d, y)} ({_gun(d['gun'])} gun): {_end(names.penalty(d['penalty']))}"
    ),
    "prisoner-taken": lambda d, y: (
        f"{y.subject(None, 'takes')} {names.sidekick(d['sidekick'])} away from "
        f"{y.name(d['bandit'])}."
    ),
    "mailbag-taken": lambda d, y: (
        f"{y.subject(None, 'takes')} a mailbag from {y.name(d['bandit'])}."
    ),
    "brawler": lambda d, y: (
        f"{y.subject(d['bandit'], 'wins')} {y.poss(None)} {names.brawler(d['value'])} "
        f"({_money(d['value'])})."
    ),
    "fall": lambda d, y: f"{y.subject(d['bandit'], 'is knocked')} off the train!",
    "penalty-ends": _penalty_ends,
    "prisoners-kept": lambda d, y: (
        f"The prisoners left behind the prison car go to {y.name(None)}: "
        + ", ".join(names.sidekick(b) for b in d["sidekicks"]) + "."
    ),
    "mailbags-kept": lambda d, y: (
        f"{_count(d['count'], 'mailbag')} left on the train "
        f"{'goes' if d['count'] == 1 else 'go'} to {y.name(None)}."
    ),
    "no-angry": lambda d, y: f"{y.subject(None, 'does not')} {d['action']}.",
    "no-reflex": lambda d, y: f"{y.player(d, 'plays')} no card.",
    "safekeeping": lambda d, y: (
        f"The loot inside {_car(d)} goes up to its roof ({_count(d['count'], 'token')})."
    ),
    "in-force": lambda d, y: (
        f"{_end(names.event(d['name']))} Its rule holds to the end of the game."
        if d["name"] else "The train station's rule holds."
    ),
    "game-over": _game_over,
    # Horses & Stagecoach
    "horse-attack": _attack,
    "attack-chosen": lambda d, y: f"{y.subject(d['bandit'], 'makes')} a secret choice.",
    "attack-private": lambda d, y: (
        f"Your secret choice: {y.subject(d['bandit'], 'boards')} this car."
        if d["board"] else
        f"Your secret choice: {y.subject(d['bandit'], 'rides')} on to the next car."
    ),
    "board": _board,
    "hostage": _hostage,
    "ride": _ride,
    "ride-away": lambda d, y: (
        f"{y.subject(d['bandit'], 'rides')} away from the train and "
        f"{y.verb(d['bandit'], 'escapes')}; {y.poss(d['bandit'])} cards left in the pile have "
        "no effect."
    ),
    "shotgun-punched": lambda d, y: (
        f"{y.subject(d['bandit'], 'punches')} the Shotgun off the stagecoach's roof onto the "
        f"roof of {_car(d)}: the strongbox on the stagecoach is no longer guarded."
    ),
    "flee": lambda d, y: (
        f"{y.subject(d['bandit'], 'runs')} from the Shotgun to {names.location(d['to'])}."
    ),
    "drink": _drink,
    "whiskey-seen": lambda d, y: f"You look at the flask: {names.whiskey(bool(d['old']))}.",
    "turmoil-chosen": lambda d, y: f"{y.player(d, 'makes')} a secret choice.",
    "turmoil-private": _turmoil_choice,
    "turmoil-reveal": lambda d, y: (
        "Turmoil: the secret choices are revealed and go onto the pile in turn order."
    ),
    "coach-moves": lambda d, y: f"The stagecoach drops back: it now stands beside {_car(d)}.",
    "shotgun-moves": lambda d, y: f"The Shotgun follows it, onto the roof of {_car(d)}.",
    "horses-gone": _horses_gone,
    "whiskey-for-the-marshal": _whiskey_marshal,
    "marshal-whiskey": lambda d, y: (
        f"{y.subject(None, 'takes')} a whiskey flask and {y.verb(None, 'keeps')} it."
    ),
    "higher-speed": lambda d, y: (
        "The horses and the stagecoach drop back 1 car (the Shotgun too, if on the train): "
        f"the stagecoach now stands beside {_car(d, 'coach')}."
    ),
    "shared": _shared,
    "mortal-bullet": _mortal,
    "caught": lambda d, y: (
        f"{y.subject(d['bandit'], 'is')} still on the train and {y.verb(d['bandit'], 'is')} "
        f"caught: {y.subject(d['bandit'], 'cannot win')}."
    ),
}


def describe(event: Event, reader: Reader = SPECTATOR) -> str:
    """One sentence (or two) for an event, written for ``reader`` (its own figures are
    "you"; by default the spectator's, every figure by name)."""
    render = _TEXT.get(event.kind)
    text = render(event.data, reader) if render else f"Something happened ({event.kind})."
    return text[:1].upper() + text[1:]
