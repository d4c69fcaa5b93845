"""The words of Horses & Stagecoach: its choices (the Horse Attack, rides, whiskey, the
stagecoach's roof, the Shotgun), the stagecoach, the Shotgun and the horses beside the
train, hostages and their ransoms, Turmoil turns, the stations' money, the round summary's
rides and drinks, the expansion's events in sentences, its rules help, and the browser's
panel. It plugs into the base game's words through ``common.register`` (see
``coltexpress.words``).

These words are built from the view, never from the game: a seat's own secret choice (a
Turmoil turn, the Horse Attack) and a flask's kind are named only where that seat's view
holds them.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine import names
from ..engine.actions import (
    Attack,
    Drink,
    Flee,
    MoveCoach,
    MoveTrain,
    Punch,
    PunchShotgun,
    Ride,
    Rob,
)
from . import base, marshal_prisoners
from .base import a_card, car_name, event_car, loot_summary
from .common import (
    Expansion,
    Reader,
    Template,
    and_list,
    cap,
    dollars,
    money,
    plural,
    register,
)

__all__ = [
    "EVENTS",
    "EXPANSION",
    "attack_car",
    "brief",
    "coach_car",
    "browser",
    "browser_where",
    "hostage",
    "lines",
    "panel",
    "round_caption",
    "train_lines",
]


def coach_car(view: dict[str, Any] | None) -> str:
    """The car the stagecoach stands beside, or ""."""
    hs = None if view is None else view.get("hs")
    return "" if hs is None else car_name(view, hs["coach"])


def attack_car(view: dict[str, Any] | None) -> str:
    """The car the Horse Attack has reached, or ""."""
    hs = None if view is None else view.get("hs")
    if hs is None or hs["attack_car"] is None:
        return ""
    return car_name(view, hs["attack_car"])


# ---------------------------------------------------------------------------- choices


def label(a: Any, view: dict[str, Any] | None) -> str | None:
    """The label of a choice of the expansion's, or None."""
    match a:
        case Punch(target=t, direction="train") if t != "marshal":  # out of the stagecoach
            beside = coach_car(view)
            return base.punch_label(a) + (f", onto {beside}" if beside else "")
        case Rob(loot="whiskey", token=None):
            return "Rob a whiskey flask (one at random; you look at it)"
        case Attack(board=True):
            inside = attack_car(view)
            return f"Board the train here, inside {inside}" if inside else "Board the train here"
        case Attack():
            return "Ride on to the next car forward"
        case Drink(old=old):
            kind = "the old whiskey" if old else "your normal whiskey"
            what = "play 2 cards in a row" if old else "draw 3 cards, then play 1 card"
            return f"Drink half of {kind}: {what}"
        case Ride(to="coach"):
            beside = coach_car(view)
            return "Ride to the stagecoach and get off inside it" + (
                f" (beside {beside})" if beside else "")
        case Ride(to="away"):
            return "Ride away from the train and escape"
        case Ride(to=to):
            return f"Ride to {car_name(view, int(to))} and get off inside it"
        case MoveCoach():
            beside = coach_car(view)
            return "Move onto the roof of the stagecoach" + (
                f" (beside {beside})" if beside else "")
        case MoveTrain(direction=None):
            beside = coach_car(view)
            return "Move onto the train" + (f": to the roof of {beside}" if beside else "")
        case MoveTrain(direction=d, distance=n):
            text = f"Move onto the train and {n} car{'s' if n > 1 else ''} {base.WAY[str(d)]}"
            hs = None if view is None else view.get("hs")
            if hs is not None:
                car = hs["coach"] + (-n if d == "forward" else n)
                text += f": to the roof of {car_name(view, car)}"
            return text
        case PunchShotgun():
            return "Punch the Shotgun off the stagecoach's roof"
        case Flee(direction=d):
            text = f"Run {base.WAY[d]}"
            hs = None if view is None else view.get("hs")
            if hs is not None and hs["shotgun"] is not None:
                car = hs["shotgun"] + (-1 if d == "forward" else 1)
                text += f": to the roof of {car_name(view, car)}"
            return text
    return None


def hint(a: Any, view: dict[str, Any] | None) -> str | None:
    """The help of a choice of the expansion's, or None."""
    match a:
        case Punch(target=t, direction="coach") if t != "marshal":
            return (
                "The punched bandit drops the loot you choose and is pushed into the "
                "stagecoach, on the same floor; whoever enters it without a hostage takes one."
            )
        case Punch(target=t, direction="train") if t != "marshal":
            return (
                "The punched figure drops the loot you choose and is pushed out of the "
                "stagecoach onto the car beside it, on the same floor."
            )
        case Attack(board=True):
            return (
                "Your bandit starts the game inside this car and the horse stays beside it. "
                "The others choose in secret too; the choices are revealed together."
            )
        case Attack():
            return (
                "You ride on to the next car forward and choose again; nobody boards the "
                "locomotive, so at the car next to it everyone still riding boards."
            )
        case Drink(old=old):
            return (
                f"Instead of playing or drawing: {names.whiskey(old)}. A flask holds two "
                "drinks; everyone sees which whiskey it was."
            )
        case Ride(to="away"):
            return names.event_help("escape")
        case Ride(to="coach"):
            return (
                "The horse stays beside the stagecoach. Whoever enters the stagecoach without "
                "a hostage must take one."
            )
        case Ride():
            return "You get off inside that car; the horse stays beside it."
        case MoveCoach() | MoveTrain():
            return (
                "The step between the roof of a car and the roof of the stagecoach beside it "
                "counts as 1 car of your Move."
            )
        case PunchShotgun():
            return str(names.names()["horses_stagecoach"]["shotgun"]["help"])
        case Flee():
            return (
                "A bandit who ends an action in the Shotgun's space takes a neutral bullet "
                "and runs to the roof of an adjacent car."
            )
    return None


def situation(view: dict[str, Any]) -> str:
    """What the viewer's decision depends on (the car the Horse Attack reached, the cards
    the whiskey still allows, a Turmoil turn's secret)."""
    hs = view["hs"]
    decision = view["decision"]
    if decision == "horse-attack" and hs["attack_car"] is not None:
        return f" The riders have reached {attack_car(view)}."
    if decision == "whiskey" and hs["sips"] > 1:
        return f" You may play {hs['sips']} cards in a row."
    card = view["round_card"]
    turn = view["turn"]
    if decision == "play" and card is not None and turn is not None and (
        card["turns"][turn] == "Tu"
    ):
        return " Turmoil: your choice stays secret until everyone has chosen."
    return ""


# ---------------------------------------------------------------------------- the board


def where(view: dict[str, Any], bandit: dict[str, Any]) -> str | None:
    """On horseback, gone, or in or on the stagecoach, to follow "is"; None elsewhere."""
    hs = view["hs"]
    if bandit["character"] in hs["riding"]:
        return "on horseback beside the train (the Horse Attack)"
    if bandit["character"] in hs["away"]:
        return "gone: rode away from the train"
    if bandit.get("coach"):
        return base.where(bandit, view["cars"]) + f" (beside {coach_car(view)})"
    return None


def in_spaces(view: dict[str, Any]) -> dict[tuple[bool, bool, int | None], list[str]]:
    """The Shotgun, where he stands: on the stagecoach's roof, or on a car's."""
    car = view["hs"]["shotgun"]
    return {(car is None, True, car): ["the Shotgun"]}


def holds(view: dict[str, Any], character: str) -> str:
    """``; holds The Banker hostage``, or ""."""
    hs = view["hs"]
    if character not in hs["hostages"]:
        return ""
    return f"; holds {names.hostage(hs['hostages'][character])} hostage"


def train_lines(view: dict[str, Any]) -> list[str]:
    """Horses & Stagecoach beside the train, in sentences: where the stagecoach, the
    Shotgun and the horses stand; the riders of the Horse Attack; who rode away or was
    caught. Nothing for a game without the expansion."""
    hs = view.get("hs")
    if hs is None:
        return []
    out = []
    beside = coach_car(view)
    text = f"The stagecoach stands beside {beside}"
    if hs["coach"] < view["cars"]:
        text += " (it drops back 1 car at the end of each round)"
    if hs["shotgun"] is None:
        text += "; on its roof the Shotgun guards the strongbox"
    else:
        text += f"; the Shotgun stands on the roof of {car_name(view, hs['shotgun'])}"
    out.append(text + ".")
    counts = {c: hs["horses"].count(c) for c in dict.fromkeys(hs["horses"])}
    horses = [f"{n} beside {car_name(view, c)}" for c, n in counts.items()]
    if horses:
        out.append("Horses: " + and_list(horses) + ".")
    elif hs["attack_car"] is None:
        out.append("No horse is left beside the train.")
    if hs["riding"]:
        riders = and_list([names.bandit(b) for b in hs["riding"]])
        out.append(
            f"The Horse Attack has reached {attack_car(view)}; on horseback: {riders}."
        )
    if hs["away"]:
        out.append(
            "Rode away from the train: " + and_list([names.bandit(b) for b in hs["away"]]) + "."
        )
    if hs["caught"]:
        out.append(
            "Caught at the Escape station (cannot win): "
            + and_list([names.bandit(b) for b in hs["caught"]]) + "."
        )
    return out


def lines(view: dict[str, Any], *, hostage_help: bool = True) -> list[str]:
    """Horses & Stagecoach in sentences, beside what ``train_lines`` says: the hostages
    left and held (``hostage_help``: with each one's ransom and drawback), the secret
    choices made (Turmoil, the Horse Attack), the whiskey drunk, the money the stations
    gave or took, the bullets received this round when Mortal Bullet counts them."""
    hs = view.get("hs")
    if hs is None:
        return []
    out = []
    left = hs["hostages_left"]
    text = "Hostages: " + (
        f"{plural(left, 'hostage card')} face down beside the locomotive" if left
        else "none left beside the locomotive"
    )
    out.append(text + ".")
    for b, h in hs["hostages"].items():
        if hostage_help:
            rule = names.hostage_help(h).partition(": ")[2]
            rule = rule.replace("its holder's", f"{names.bandit(b)}'s")
            rule = rule.replace("its holder", names.bandit(b))
            out.append(f"  {names.bandit(b)} holds {names.hostage(h)}: {rule}")
        else:
            out.append(f"  {names.bandit(b)} holds {names.hostage(h)}.")
    chosen = hs["turmoil_chosen"]
    if chosen:
        who = and_list([base.player_name(view, s) for s in chosen])
        out.append(f"Turmoil: {cap(who)} {'have' if len(chosen) > 1 or who == 'you' else 'has'}"
                   " chosen in secret.")
    if hs.get("my_turmoil"):
        out.append(f"Your secret choice: {base.label(hs['my_turmoil'], view)}.")
    if hs["attack_chosen"]:
        who = and_list([names.bandit(b) for b in hs["attack_chosen"]])
        out.append(f"The Horse Attack: {who} chose in secret.")
    if hs.get("my_attack"):
        out.append(
            "Your secret choice: "
            + ("to board this car." if hs["my_attack"] == "board" else "to ride on.")
        )
    bonus = [f"{names.bandit(b)} {_signed(v)}" for b, v in hs["bonus"].items()]
    if bonus:
        out.append("Money from the train stations: " + and_list(bonus) + ".")
    card = view.get("round_card")
    if card is not None and card.get("event") == "mortal-bullet":
        hit = [f"{names.bandit(b)} {n}" for b, n in hs["received_this_round"].items()
               if n and b != "marshal"]
        out.append(
            "Bullet cards received this round (Mortal Bullet: $150 each): "
            + (and_list(hit) if hit else "none") + "."
        )
    return out


def _signed(value: int) -> str:
    return f"-${-value:,}" if value < 0 else f"+${value:,}"


def brief(view: dict[str, Any]) -> str:
    """Horses & Stagecoach in one short line, for a small screen (``lines`` says all)."""
    hs = view.get("hs")
    if hs is None:
        return ""
    parts = []
    if hs["riding"]:
        parts.append("Riding: " + " ".join(names.bandit(b)[:3] for b in hs["riding"]))
    if hs["away"]:
        parts.append("Rode away: " + " ".join(names.bandit(b)[:3] for b in hs["away"]))
    if hs["caught"]:
        parts.append("Caught: " + " ".join(names.bandit(b)[:3] for b in hs["caught"]))
    held = [f"{names.bandit(b)[:3]} {names.hostage(h).removeprefix('The ')}"
            for b, h in hs["hostages"].items()]
    parts.append(f"Hostages {hs['hostages_left']} left" + (": " + ", ".join(held) if held else ""))
    chosen = hs["turmoil_chosen"]
    if chosen:
        who = " ".join(
            "you" if s == view.get("seat")
            else names.bandit(view["players"][s]["bandits"][0]).removeprefix("the ")[:3]
            for s in chosen
        )
        parts.append(f"Turmoil: {len(chosen)}/{len(view['players'])} chosen ({who})")
    return " · ".join(parts)


# ---------------------------------------------------------------------------- summaries


def loot_moves(kind: str, d: dict[str, Any]) -> list[tuple[str, str, str]]:
    if kind == "marshal-whiskey":  # with both expansions: the Marshal's flask
        return [("marshal", "took", "whiskey")]
    return []


def moves(kind: str, d: dict[str, Any]) -> list[tuple[str, str]]:
    """One event as (figure, what happened to it) pairs: a hostage taken, a ride, the
    Shotgun, whiskey, the stations."""
    if kind == "hostage":
        return [(d["bandit"], f"took {names.hostage(d['hostage'])} hostage")]
    if kind == "ride":
        return [(d["bandit"], "rode a horse")]
    if kind == "ride-away":
        return [(d["bandit"], "rode away from the train")]
    if kind == "shotgun-punched":
        return [(d["bandit"], "punched the Shotgun")]
    if kind == "flee":
        return [(d["bandit"], "ran from the Shotgun")]
    if kind == "drink":
        return [(d["bandit"], f"drank {'old' if d['old'] else 'normal'} whiskey")]
    if kind == "caught":
        return [(d["bandit"], "was caught at the Escape station")]
    if kind == "mortal-bullet":
        return [(d["bandit"], f"lost ${d['loss']:,} (Mortal Bullet)")]
    if kind == "shared":
        owner = names.bandit(d["bandit"])
        out = [(d["bandit"], f"shared a strongbox (${d['share']:,} each)")]
        return out + [(o, f"got ${d['share']:,} of {owner}'s strongbox") for o in d["others"]]
    return []


def score_row(result: dict[str, Any], s: int, row: dict[str, Any]) -> None:
    """Ransoms, stations, hostages held, and who was caught."""
    if "ransoms" not in result:
        return
    row["ransom"] = result["ransoms"][s]
    row["stations"] = result["stations"][s]
    row["hostages"] = [names.hostage(h) for h in result["hostages"][s]]
    row["hostage_keys"] = list(result["hostages"][s])
    row["cannot_win"] = result.get("cannot_win", {}).get(str(s), "")


def _ransom_rule(hostage: str) -> str:
    """What a conditional ransom counts: `` ($500 per jewel)``, or ""."""
    from ..engine.hs.content import hs_content

    card = next((h for h in hs_content().hostages if h.name == hostage), None)
    if card is None or (card.per is None and card.needs is None):
        return ""
    if card.needs:
        return f" (if holding a {card.needs})"
    what = {"bandit-bullet": "bullet card from a bandit"}.get(str(card.per), str(card.per))
    return f" (${card.ransom:,} per {what})"


def money_parts(r: dict[str, Any]) -> list[str]:
    """The parts of a seat's money: the hostage's ransom, the stations'."""
    parts = []
    keys = r.get("hostage_keys", [])
    if keys:
        rule = _ransom_rule(keys[0]) if len(keys) == 1 else ""
        who = and_list([names.hostage(k) for k in keys])
        parts.append(f"ransom for {who}{rule} ${r['ransom']:,}")
    if r.get("stations"):
        parts.append(f"stations {money(r['stations'])}")
    return parts


def captions(view: dict[str, Any], out: dict[str, Any]) -> None:
    out["hs"] = lines(view)


# What only Horses & Stagecoach has (left out of other games' help).
_ONLY = {
    "cards": frozenset({"ride"}),
    "turns": frozenset({"Tu"}),
    "events": frozenset({"shotguns-rage", "shot-of-whiskey", "panting-horses", "higher-speed",
                         "sharing-the-loot", "mortal-bullet", "escape"}),
}


# ---------------------------------------------------------------------------- events


def _attack(d: dict[str, Any], y: Reader) -> str:
    return (
        "The Horse Attack! Every bandit rides up to the train on horseback. Car by car, "
        f"from {event_car(d)} forward, the riders choose in secret to board that car or ride on; "
        "nobody boards the locomotive."
    )


def _board(d: dict[str, Any], y: Reader) -> str:
    car = event_car(d)
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
        return f"Your secret choice: to play {a_card(card, owner=True)}{face}."
    return "Your secret choice: " + {
        "draw": "to draw 3 cards.",
        "pass": "to pass.",
    }.get(action, "to search your deck for your Brilliant Idea.")


def _horses_gone(d: dict[str, Any], y: Reader) -> str:
    cars = [names.car(c, d.get("cars"), prison=bool(d.get("prison"))) for c in d["at"]]
    if len(cars) == 1:
        return f"The horse beside {cars[0]} is out of breath and leaves the game."
    return f"The horses beside {and_list(cars)} are out of breath and leave the game."


def _shared(d: dict[str, Any], y: Reader) -> str:
    return (
        f"{y.subject(d['bandit'], 'shares')} a strongbox with {y.names(d['others'])}: "
        f"{dollars(d['share'])} each."
    )


def _mortal(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    return (
        f"{y.subject(b, 'received')} {plural(d['bullets'], 'bullet card')} this round and "
        f"{y.verb(b, 'loses')} {dollars(d['loss'])}."
    )


EVENTS: dict[str, Template] = {
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
        f"roof of {event_car(d)}: the strongbox on the stagecoach is no longer guarded."
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
    "coach-moves": lambda d, y: (
        f"The stagecoach drops back: it now stands beside {event_car(d)}."
    ),
    "shotgun-moves": lambda d, y: f"The Shotgun follows it, onto the roof of {event_car(d)}.",
    "horses-gone": _horses_gone,
    "whiskey-for-the-marshal": _whiskey_marshal,
    "marshal-whiskey": lambda d, y: (
        f"{y.subject(None, 'takes')} a whiskey flask and {y.verb(None, 'keeps')} it."
    ),
    "higher-speed": lambda d, y: (
        "The horses and the stagecoach drop back 1 car (the Shotgun too, if on the train): "
        f"the stagecoach now stands beside {event_car(d, 'coach')}."
    ),
    "shared": _shared,
    "mortal-bullet": _mortal,
    "caught": lambda d, y: (
        f"{y.subject(d['bandit'], 'is')} still on the train and {y.verb(d['bandit'], 'is')} "
        f"caught: {y.subject(d['bandit'], 'cannot win')}."
    ),
}


# ---------------------------------------------------------------------------- the browser


def _figures(chars: list[str]) -> list[str]:
    return [cap(names.bandit(c)) for c in chars]


def browser_where(bandit: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a figure is, to follow "is": in or on the stagecoach, on horseback during the
    Horse Attack, gone (rode away), in the cell or off the train, or in a car."""
    if view.get("mp"):  # both expansions: the cell too
        return marshal_prisoners.browser_where(bandit, view)
    return base.figure_where(view, bandit)


def hostage(slug: str) -> dict[str, str]:
    """A hostage card: its name and what it does (ransom and drawback)."""
    text = names.hostage_help(slug)
    return {"name": names.hostage(slug), "help": cap(text.partition(": ")[2] or text)}


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
        "event": f"The riders have reached {car_name(view, hs['attack_car'])}",
        "event_help": cap(text.partition(": ")[2] or text),
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
        "the Shotgun, guarding the strongbox" if c == "shotgun" else names.bandit(c)
        for c in on_roof
    ]
    return [
        f"Beside {car_name(view, hs['coach'])}{moves}.",
        f"Inside: {and_list(_figures(inside)) or 'nobody'}.",
        f"On the roof: {and_list(roof) or 'nobody'}.",
        f"Loot: {loot_summary(loot, values=False)}.",
    ]


def _horses(view: dict[str, Any]) -> str:
    hs = view["hs"]
    counts = {c: hs["horses"].count(c) for c in sorted(set(hs["horses"]))}
    parts = [f"{n} beside {car_name(view, c)}" for c, n in counts.items()]
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


def _attack_panel(view: dict[str, Any]) -> dict[str, Any] | None:
    hs = view["hs"]
    if not hs["riding"] and hs["attack_car"] is None:
        return None
    chosen = set(hs["attack_chosen"])
    car = hs["attack_car"]
    out: dict[str, Any] = {
        "where": (
            f"The riders have reached {car_name(view, car)}."
            if car is not None
            else "The riders ride beside the train."
        ),
        "riders": [
            {
                "bandit": cap(names.bandit(c)),
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
        return cap(base.player_name(view, seat))

    out: dict[str, Any] = {
        "chosen": [who(s) for s in seats if s in chosen],
        "waiting": [who(s) for s in seats if s not in chosen],
    }
    if hs.get("my_turmoil"):
        out["mine"] = f"Your secret choice: {base.label(hs['my_turmoil'], view)}."
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
            f"On the roof of {car_name(view, hs['shotgun'])}: a bandit ending an action there "
            "takes a neutral bullet and runs to an adjacent roof; passing costs a neutral "
            "bullet too."
        )
    out: dict[str, Any] = {
        "coach": _coach(view),
        "shotgun": shotgun,
        "horses": _horses(view),
        "hostages": [
            {"bandit": cap(names.bandit(c)), **hostage(h)} for c, h in hs["hostages"].items()
        ],
        "hostages_left": (
            f"{plural(hs['hostages_left'], 'hostage card')} left face down beside the locomotive."
        ),
        "whiskey": _whiskey(view),
        "away": _figures(hs["away"]),
        "caught": _figures(hs["caught"]),
        "bonus": [
            f"{cap(names.bandit(c))} {'-' if v < 0 else '+'}${abs(v):,}"
            for c, v in hs["bonus"].items()
        ],
        "attack": _attack_panel(view),
        "turmoil": _turmoil(view),
    }
    if hs["sips"] and view["decision"] == "whiskey":
        out["sips"] = f"Whiskey: {plural(hs['sips'], 'card')} still to play."
    return out


def browser(view: dict[str, Any], out: dict[str, Any]) -> None:
    """Add the expansion's words to the captions of a view (``base.browser_captions``): places,
    loot and hostages of the figures, the train, the Horse Attack's round panel, the
    expansion's panel (``hs``) and the end of the game."""
    hostages = view["hs"]["hostages"]
    for entry, bandit in zip(out["bandits"], view["bandits"], strict=True):
        entry["where"] = browser_where(bandit, view)
        entry["loot"] = loot_summary(bandit["loot"])
        if bandit["character"] in hostages:
            h = hostage(hostages[bandit["character"]])
            entry["hostage"] = f"{h['name']}. {h['help']}"
    out["train"] = base.train_lines(view)
    attack = round_caption(view)
    if attack is not None:
        out["round"] = attack
    out["hs"] = panel(view)
    if "result" in view:
        out["end"] = base.result_lines(view)


EXPANSION = register(Expansion(
    key="hs",
    option="horses_stagecoach",
    title="Horses & Stagecoach",
    order=2,
    events=EVENTS,
    doing={
        "horse-attack": "choosing in secret: board this car or ride on",
        "ride": "riding a horse",
        "whiskey": "playing the card the whiskey allows",
        "flee": "running from the Shotgun",
    },
    actions=(Rob, Attack, Drink, Ride, MoveCoach, MoveTrain, PunchShotgun, Flee, Punch),
    label=label,
    hint=hint,
    situation=situation,
    where=where,
    in_spaces=in_spaces,
    holds=holds,
    beside_train=train_lines,
    train_key=lambda view: view["hs"],
    loot_moves=loot_moves,
    moves=moves,
    score_row=score_row,
    money_parts=money_parts,
    captions=captions,
    browser=browser,
    help_sections=("hostages", "horses_stagecoach"),
    help_only=_ONLY,
))
