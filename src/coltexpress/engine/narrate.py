"""Plain sentences for events, for logs, terminals, browsers and screen readers.

Every name comes from the display-name table (names.py): bandits, cards, round cards and
events as printed, never an internal name or a token number. A private event is written to
its reader ("you").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import names

if TYPE_CHECKING:
    from .game import Event


def _name(value: Any) -> str:
    return names.bandit(value) if value else "the Marshal"


def _player(d: dict[str, Any]) -> str:
    text = names.player(d["who"])
    return text[0].upper() + text[1:]


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


def _round(d: dict[str, Any]) -> str:
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
    return text + f" {_player(d)} plays first."


# Stations whose rule holds during the round or at the end of the game, or matters before
# it comes (Marshal & Prisoners'; Horses & Stagecoach's).
_ROUND_LONG = frozenset({"deadly-fall", "guilty-conscience", "crime-doesnt-pay",
                         "sharing-the-loot", "mortal-bullet", "escape"})


def _no_effect(d: dict[str, Any]) -> str:
    who = _name(d["bandit"])
    card = names.card(str(d["card"]), owner=False)
    reason = d["reason"]
    if reason in ("disarmed", "wounded-knee", "shoulder-injury"):
        return f"{who} is hurt ({names.penalty(reason)}): the {card} has no effect."
    return {
        "out-of-bullets": f"{who} has no bullets left: the Shoot has no effect.",
        "no-loot": f"{who} finds nothing to rob.",
        "fallen": f"{who} is off the train: the {card} has no effect.",
        "in-the-cell": f"{who} is in the cell: the {card} has no effect.",
        "nothing-to-copy": f"{who}'s Brilliant Idea finds no bandit's card to copy: no effect.",
        "nothing-to-free": f"{who}'s Brilliant Idea finds nobody to free: no effect.",
        "rode-away": f"{who} rode away from the train: the {card} has no effect.",
        "teacher": f"{who} holds The Teacher hostage and may not punch: the Punch has no effect.",
        "zealot": f"{who} holds The Zealot hostage and may not ride: the Ride has no effect.",
    }.get(reason) or _no_choice(who, str(d["card"]))


def _no_choice(who: str, card: str) -> str:
    """A card with nothing it can do from where its bandit stands."""
    kind = card.partition("@")[0]
    if kind == "ride":
        return f"{who} has no horse nearby: the Ride has no effect."
    if kind in ("move", "floor", "move+", "floor+"):
        return f"{who} cannot go anywhere from here: the {names.card(kind)} has no effect."
    if kind == "idea":  # a Brilliant Idea's copy of a card with nothing to do
        return f"The copied card has no effect for {who}."
    return f"{who} has nobody to {_verb(card)}: no effect."


def _verb(card: str) -> str:
    kind = card.partition("@")[0]
    return {"shoot": "shoot", "punch": "punch", "capture": "capture"}.get(kind, "target")


def _floor(d: dict[str, Any]) -> str:
    to = d["to"]
    if to.get("coach"):
        car = "the stagecoach"
    else:
        car = names.car(to["car"], to.get("cars"), prison=bool(to.get("prison")))
    if to["roof"]:
        return f"{_name(d['bandit'])} climbs onto the roof of {car}."
    return f"{_name(d['bandit'])} climbs down into {car}."


def _escape(d: dict[str, Any]) -> str:
    bullet = ", takes a neutral bullet" if d["bullet"] else ""
    where = names.place(d["car"], True, d.get("cars"), prison=bool(d.get("prison")))
    return f"{_name(d['bandit'])} meets the Marshal{bullet} and escapes to {where}."


def _reason(reason: str) -> str:
    return {
        "angry-marshal": " from the Angry Marshal",
        "passengers-rebellion": " from the rebelling passengers",
        "shotgun": " from the Shotgun",
        "shotgun-passed": " for running past the Shotgun",
        "shotguns-rage": " from the Shotgun's rage",
        "ladys-poodle": " (The Lady's Poodle bites)",
    }.get(reason, "")


def _drop(d: dict[str, Any]) -> str:
    loot = names.loot(d["loot"])
    text = f"{_name(d['bandit'])} drops {loot}"
    if d["taken_by"]:
        return text + f", and {_name(d['taken_by'])} takes it."
    return text + "."


def _end(text: str) -> str:
    """A sentence ends with one stop (``Take It All!`` keeps its own)."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _event(d: dict[str, Any]) -> str:
    kind = "Train station" if d.get("station") else "Event"
    what = names.event_help(d["name"], marshal_player=bool(d.get("marshal_player")))
    what = what.partition(": ")[2]
    return f"{kind}: {_end(names.event(d['name']))} {what[:1].upper()}{what[1:]}"


def _game_over(d: dict[str, Any]) -> str:
    if "marshal_wins" in d:
        return _game_over_mp(d)
    if not d["winners"]:  # Horses & Stagecoach: the Escape station caught everyone
        return "Game over. Every bandit was caught at the Escape station: nobody wins."
    return "Game over. " + _richest(d)


def _richest(d: dict[str, Any]) -> str:
    winners = d["winners"]
    who = [names.player(d["players"][s]) for s in winners]
    money = _money(d["totals"][winners[0]])
    if len(winners) == 1:
        return f"{who[0][0].upper()}{who[0][1:]} wins with {money}."
    together = ", ".join(who[:-1]) + " and " + who[-1]
    return f"{together[0].upper()}{together[1:]} share the victory, {money} each."


def _game_over_mp(d: dict[str, Any]) -> str:
    """Marshal & Prisoners: the Marshal's goals first; only if he fails, the richest bandit."""
    done = d["goals_done"]
    winners = d["winners"]
    if d["marshal_wins"]:
        text = f"Game over. The Marshal completed {done} of 5 goals and wins"
        partner = [s for s in winners if s != d["marshal"]]
        if partner:
            text += f", with {names.player(d['players'][partner[0]])}, the poorest bandit"
        return text + "."
    text = f"Game over. The Marshal completed {done} of 5 goals: not enough. "
    if d.get("cannot_win", {}).get(str(d["marshal"])) == "fallen":
        text = "Game over. The Marshal fell off the train and cannot win. "
    if not winners:
        return text + "No bandit can win."
    return text + _richest(d)


def _goal(d: dict[str, Any]) -> str:
    return f"The Marshal turns over the next goal card ({d['count']} of 5 so far)."


def _gun(gun: str) -> str:
    return {"left": "left", "right": "right"}.get(gun, gun)


# ---------------------------------------------------------------------------- Horses & Stagecoach


def _attack(d: dict[str, Any]) -> str:
    return (
        "The Horse Attack! Every bandit rides up to the train on horseback. Car by car, "
        f"from {_car(d)} forward, the riders choose in secret to board that car or ride on; "
        "nobody boards the locomotive."
    )


def _board(d: dict[str, Any]) -> str:
    car = _car(d)
    boarded, rode_on = d["boarded"], d["rode_on"]
    on = f"{_bandits(rode_on)} ride{'s' * (len(rode_on) == 1)} on"
    if not boarded:
        return f"At {car}: nobody boards; {on}."
    one = len(boarded) == 1
    text = (
        f"At {car}: {_bandits(boarded)} board{'s' * one} the train, inside {car}, leaving "
        f"{'the horse' if one else 'their horses'} beside it"
    )
    return text + (f"; {on}." if rode_on else ".")


def _hostage(d: dict[str, Any]) -> str:
    who = _name(d["bandit"])
    rule = names.hostage_help(d["hostage"]).partition(": ")[2]
    rule = rule.replace("its holder's", f"{who}'s").replace("its holder", who)
    return (
        f"{who} enters the stagecoach and takes a hostage: {names.hostage(d['hostage'])} "
        f"({rule.rstrip('.')})."
    )


def _ride(d: dict[str, Any]) -> str:
    return (
        f"{_name(d['bandit'])} rides a horse from {names.location(d['frm'])} and gets off "
        f"{names.location(d['to'], beside=True)}."
    )


def _drink(d: dict[str, Any]) -> str:
    who = _name(d["bandit"])
    whiskey = names.whiskey(bool(d["old"]))
    if d["empty"]:
        return f"{who} drinks the last half of a flask of {whiskey}; the flask is empty."
    return f"{who} drinks half a flask of {whiskey}."


def _whiskey_marshal(d: dict[str, Any]) -> str:
    kind = "old" if d["old"] else "normal"
    where = names.car(d["frm"], d.get("cars"), prison=bool(d.get("prison")))
    text = f"The Marshal drinks the flask of {kind} whiskey found inside {where}"
    if d["to"] == d["frm"]:
        return text + "."
    if d["old"]:
        return text + " and heads all the way to the caboose."
    return text + " and moves 1 car toward the caboose."


def _turmoil_choice(d: dict[str, Any]) -> str:
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


def _horses_gone(d: dict[str, Any]) -> str:
    cars = [names.car(c, d.get("cars"), prison=bool(d.get("prison"))) for c in d["at"]]
    if len(cars) == 1:
        return f"The horse beside {cars[0]} is out of breath and leaves the game."
    return f"The horses beside {_and(cars)} are out of breath and leave the game."


def _shared(d: dict[str, Any]) -> str:
    return (
        f"{_name(d['bandit'])} shares a strongbox with {_bandits(d['others'])}: "
        f"{_money(d['share'])} each."
    )


def _mortal(d: dict[str, Any]) -> str:
    return (
        f"{_name(d['bandit'])} received {_count(d['bullets'], 'bullet card')} this round and "
        f"loses {_money(d['loss'])}."
    )


_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "round": _round,
    "placed": lambda d: f"You put {_name(d['bandit'])} in the caboose.",
    "reveal-placement": lambda d: (
        f"{_name(d['caboose'])} starts in the caboose, {_name(d['next_car'])} in the car "
        "next to it."
    ),
    "picked": lambda d: f"You pick {_a_card(d['card'])} before shuffling your deck.",
    "hand": lambda d: f"Your hand: {_cards(d['cards'])}.",
    "draw": lambda d: f"{_player(d)} draws {_count(d['count'], 'card')}.",
    "drawn": lambda d: f"You draw {_cards(d['cards'])}.",
    "play": lambda d: (
        f"{_name(d['bandit'])} plays {_a_card(d['card'], owner=False)}"
        + (" to cover the shot" if d["cover"] else "")
        + (f" ({names.power('stealth')})" if d.get("stealth") else "")
        + "."
    ),
    "play-private": lambda d: f"Your face-down card is {_a_card(d['card'], owner=False)}.",
    "no-cover": lambda d: f"{_player(d)} plays no cover card.",
    "no-turn": lambda d: f"{_player(d)} has no card to play and none to draw: the turn passes.",
    "keep": lambda d: (
        f"{_player(d)} keeps {_count(d['kept'], 'card')} and discards "
        f"{_cards(d['discarded'])}."
    ),
    "discard-bullets": lambda d: (
        f"{_player(d)} discards {_count(d['count'], 'bullet card')}: {_cards(d['cards'])}."
    ),
    "reshuffle": lambda d: f"{_player(d)} shuffles the discard pile into a new deck.",
    "stealin": lambda d: (
        f"Stealin'! The pile is turned over: {_count(d['cards'], 'card')} to resolve, in the "
        "order they were played."
    ),
    "reveal": lambda d: f"{_name(d['bandit'])}'s card: {names.card(str(d['card']), owner=False)}.",
    "no-effect": _no_effect,
    "move": lambda d: f"{_name(d['bandit'])} moves {_to(d['to'], beside=True)}.",
    "floor": _floor,
    "escape": _escape,
    "neutral-bullet": lambda d: (
        f"{_name(d['bandit'])} takes a neutral bullet{_reason(d['reason'])}."
    ),
    "no-neutral-bullets": lambda d: "Not enough neutral bullets for everyone: nobody takes one.",
    "neutral-deck-removed": lambda d: "The neutral bullet deck is removed from the game.",
    "shoot": lambda d: (
        f"{_name(d['bandit'])} shoots {_name(d['target'])}, who takes "
        f"{_name(d['bandit'])}'s bullet card {d['number']}."
    ),
    "knocked-back": lambda d: f"{_name(d['bandit'])} is knocked back {_to(d['to'])}.",
    "rob": lambda d: f"{_name(d['bandit'])} robs {names.loot(d['loot'])}.",
    "rob-value": lambda d: (
        "The whiskey flask you took is worth nothing at the end: drink it on a standard turn."
        if d.get("loot") == "whiskey"
        else f"The {names.loot(d.get('loot', 'purse'))[2:]} you took is worth "
        f"{_money(d['value'])}."
    ),
    "punch": lambda d: f"{_name(d['bandit'])} punches {_name(d['target'])}.",
    "drop": _drop,
    "pushed": lambda d: f"{_name(d['bandit'])} is pushed {_to(d['to'])}.",
    "not-pushed": lambda d: f"{_name(d['bandit'])} cannot leave the train and stays.",
    "marshal": lambda d: f"The Marshal moves to {_car(d, 'to')}.",
    "event": _event,
    "swept": lambda d: (
        f"{_name(d['bandit'])} ends up on "
        f"{names.place(d['car'], True, d.get('cars'), prison=bool(d.get('prison')))}."
    ),
    "strongbox": lambda d: (
        f"{'A' if d.get('prison') else 'The second'} strongbox appears "
        f"{'on the roof of' if d.get('roof') else 'inside'} {_car(d)}."
    ),
    "no-pickpocket": lambda d: f"{_name(d['bandit'])} takes no purse.",
    "ransom": lambda d: (
        f"{_name(d['bandit'])} takes a {_money(d['value'])} ransom from the conductor."
    ),
    "round-end": lambda d: f"End of round {d['round']}.",
    "no-one": lambda d: "Nobody is affected.",
    # Marshal & Prisoners
    "goal": _goal,
    "goal-seen": lambda d: f"Your new goal: {names.goal(d['goal'])}.",
    "rumor": lambda d: f"Rumor has it that one of the Marshal's goals is {names.goal(d['goal'])}.",
    "draw-idea": lambda d: (
        f"{_player(d)} searches the deck for the Brilliant Idea, takes it and shuffles the deck."
    ),
    "no-extra": lambda d: f"{_player(d)} plays no extra card.",
    "rainy-day": lambda d: (
        f"{_player(d)} keeps a card for a rainy day." if d["kept"]
        else f"{_player(d)} keeps no card for the next round."
    ),
    "copy": lambda d: (
        f"{_name(d['bandit'])}'s Brilliant Idea copies {_name(d['whose'])}'s "
        f"{names.card(str(d['card']), owner=False)}."
    ),
    "capture": lambda d: (
        f"The Marshal captures {_name(d['bandit'])}: into the cell of the prison car"
        + (", and the Wanted Poster goes to the Marshal." if d["first"] else ".")
    ),
    "leave-cell": lambda d: (
        f"{_name(d['bandit'])} gets out of the cell "
        + ("onto the roof of the prison car." if d["to"] == "roof" else "into the corridor.")
    ),
    "free-prisoner": lambda d: (
        f"{_name(d['bandit'])} frees {_name(d['bandit'])}'s own trusty sidekick (two loot "
        "tokens for each Rob)."
        if d["sidekick"] == d["bandit"]
        else f"{_name(d['bandit'])} frees {names.sidekick(d['sidekick'])} "
        f"({names.power_of(d['sidekick'])} while the prisoner stays)."
    ),
    "free-bandit": lambda d: f"{_name(d['bandit'])} frees {_name(d['freed'])} from the cell.",
    "give": lambda d: (
        f"{_name(d['bandit'])} gives {names.loot(d['loot'])} to {_name(d['to'])}."
    ),
    "marshal-shoot": lambda d: (
        f"The Marshal shoots {_name(d['target'])}, who takes the Marshal's bullet card "
        f"{d['number']} ({_gun(d['gun'])} gun): {_end(names.penalty(d['penalty']))}"
    ),
    "prisoner-taken": lambda d: (
        f"The Marshal takes {names.sidekick(d['sidekick'])} away from {_name(d['bandit'])}."
    ),
    "mailbag-taken": lambda d: f"The Marshal takes a mailbag from {_name(d['bandit'])}.",
    "brawler": lambda d: (
        f"{_name(d['bandit'])} wins the Marshal's {names.brawler(d['value'])} "
        f"({_money(d['value'])})."
    ),
    "fall": lambda d: f"{_name(d['bandit'])} is knocked off the train!",
    "penalty-ends": lambda d: (
        f"The Marshal's {'bullets' if d.get('count', 1) > 1 else 'bullet'} in front of "
        f"{_name(d['bandit'])} {'are' if d.get('count', 1) > 1 else 'is'} shuffled into "
        f"{_name(d['bandit'])}'s deck."
    ),
    "prisoners-kept": lambda d: (
        "The prisoners left behind the prison car go to the Marshal: "
        + ", ".join(names.sidekick(b) for b in d["sidekicks"]) + "."
    ),
    "mailbags-kept": lambda d: (
        f"{_count(d['count'], 'mailbag')} left on the train "
        f"{'goes' if d['count'] == 1 else 'go'} to the Marshal."
    ),
    "no-angry": lambda d: f"The Marshal does not {d['action']}.",
    "no-reflex": lambda d: f"{_player(d)} plays no card.",
    "safekeeping": lambda d: (
        f"The loot inside {_car(d)} goes up to its roof ({_count(d['count'], 'token')})."
    ),
    "in-force": lambda d: (
        f"{_end(names.event(d['name']))} Its rule holds to the end of the game."
        if d["name"] else "The train station's rule holds."
    ),
    "game-over": _game_over,
    # Horses & Stagecoach
    "horse-attack": _attack,
    "attack-chosen": lambda d: f"{_name(d['bandit'])} makes a secret choice.",
    "attack-private": lambda d: (
        f"Your secret choice: {_name(d['bandit'])} "
        + ("boards this car." if d["board"] else "rides on to the next car.")
    ),
    "board": _board,
    "hostage": _hostage,
    "ride": _ride,
    "ride-away": lambda d: (
        f"{_name(d['bandit'])} rides away from the train and escapes; "
        f"{_name(d['bandit'])}'s cards left in the pile have no effect."
    ),
    "shotgun-punched": lambda d: (
        f"{_name(d['bandit'])} punches the Shotgun off the stagecoach's roof onto the roof "
        f"of {_car(d)}: the strongbox on the stagecoach is no longer guarded."
    ),
    "flee": lambda d: (
        f"{_name(d['bandit'])} runs from the Shotgun to {names.location(d['to'])}."
    ),
    "drink": _drink,
    "whiskey-seen": lambda d: (
        f"You look at the flask: {names.whiskey(bool(d['old']))}."
    ),
    "turmoil-chosen": lambda d: f"{_player(d)} makes a secret choice.",
    "turmoil-private": _turmoil_choice,
    "turmoil-reveal": lambda d: (
        "Turmoil: the secret choices are revealed and go onto the pile in turn order."
    ),
    "coach-moves": lambda d: f"The stagecoach drops back: it now stands beside {_car(d)}.",
    "shotgun-moves": lambda d: (
        f"The Shotgun follows it, onto the roof of {_car(d)}."
    ),
    "horses-gone": _horses_gone,
    "whiskey-for-the-marshal": _whiskey_marshal,
    "marshal-whiskey": lambda d: "The Marshal takes a whiskey flask and keeps it.",
    "higher-speed": lambda d: (
        "The horses and the stagecoach drop back 1 car (the Shotgun too, if on the train): "
        f"the stagecoach now stands beside {_car(d, 'coach')}."
    ),
    "shared": _shared,
    "mortal-bullet": _mortal,
    "caught": lambda d: (
        f"{_name(d['bandit'])} is still on the train and is caught: "
        f"{_name(d['bandit'])} cannot win."
    ),
}


def describe(event: Event) -> str:
    """One sentence (or two) for an event."""
    render = _TEXT.get(event.kind)
    text = render(event.data) if render else f"Something happened ({event.kind})."
    return text[:1].upper() + text[1:]
