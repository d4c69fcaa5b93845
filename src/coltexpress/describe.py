"""Words for what a view shows, for every front end: choices with their keys, labels and a
line of rules help, the situation, the train and the players in sentences, the round summary,
the end of the game.

Everything reads a view dict (``Game.view(seat)``), never the game, and every name comes from
the display-name table (``engine/names.py``), so the terminal, the plain mode, the browser
(the server sends it these words) and the replays say the same things the same way.

>>> label("move forward 2")
'Move 2 cars toward the locomotive'
>>> label("punch doc purse back take")
'Punch Doc: Doc drops a purse and you keep it; push Doc toward the caboose'
>>> label("play shoot down")
'Play Shoot face down'
>>> choice_keys(13)[-3:]
['a', 'b', 'c']
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from .engine import names
from .engine.actions import (
    Attack,
    Capture,
    Draw,
    DrawIdea,
    Drink,
    Escape,
    Flee,
    Floor,
    Free,
    Give,
    Keep,
    MarshalMove,
    MarshalShot,
    Move,
    MoveCoach,
    MoveTrain,
    Pass,
    Pick,
    Place,
    Play,
    Punch,
    PunchShotgun,
    Ride,
    Rob,
    Shoot,
    Take,
    parse_action,
)

__all__ = [
    "CHOICE_KEYS",
    "captions",
    "did_you_mean",
    "refusal",
    "choice_keys",
    "keys_for",
    "choices",
    "end_lines",
    "figure_lines",
    "figure_name",
    "figure_where",
    "hand_sentence",
    "help_text",
    "hint",
    "hs_brief",
    "hs_lines",
    "label",
    "loot_summary",
    "money",
    "lookup",
    "mp_brief",
    "mp_end_lines",
    "mp_lines",
    "mp_score_rows",
    "result_lines",
    "player_lines",
    "round_summary",
    "score_rows",
    "situation",
    "space_sentences",
    "train_lines",
    "train_sentences",
    "where",
]

# Keys for the choices, in order: digits, then letters the front ends keep for nothing else
# (f final scores, h help, l log, p players, q quit, s save).
CHOICE_KEYS = "1234567890abcdegijkmnortuvwxyz"
_WAY = {
    "forward": "toward the locomotive",
    "back": "toward the caboose",
    "off": "off the train",
    "coach": "into the stagecoach",  # Horses & Stagecoach: a punch into it, or out of it
    "train": "out of the stagecoach",
}
_PLAYS = ("play", "cover")
_DOING = {
    "place": "choosing where the bandits start",
    "pick": "picking a card",
    "play": "playing a card or drawing",
    "cover": "choosing a cover card",
    "keep": "choosing cards to keep",
    "move": "moving",
    "floor": "changing floor",
    "shoot": "choosing whom to shoot",
    "rob": "robbing",
    "punch": "choosing whom to punch",
    "marshal": "moving the Marshal",
    "pickpocket": "deciding whether to take a purse",
    "extra": "choosing an extra card",
    "rainy-day": "choosing a card to keep for a rainy day",
    "capture": "choosing whom to capture",
    "escape": "leaving the cell",
    "free": "choosing whom to free",
    "give": "choosing the loot to give",
    "rob-again": "robbing a second time",
    "event-shoot": "deciding whether to shoot",
    "event-move": "deciding whether to move",
    "reflex": "choosing a card to play by reflex",
    "horse-attack": "choosing in secret: board this car or ride on",
    "ride": "riding a horse",
    "whiskey": "playing the card the whiskey allows",
    "flee": "running from the Shotgun",
}


def choice_keys(n: int) -> list[str]:
    """The keys of ``n`` choices (beyond the keys there are, none)."""
    return [CHOICE_KEYS[i] if i < len(CHOICE_KEYS) else "" for i in range(n)]


# A card keeps its key all game, whatever else the hand holds: a list of cards (the Schemin'
# turn, a card to keep, to pick, to cover with) is keyed by card, other lists by place.
_CARD_SLOT = {
    "move": 0, "floor": 1, "shoot": 2, "rob": 3, "punch": 4, "marshal": 5, "idea": 6,
    "ride": 7,
    # The Marshal's own cards (Marshal & Prisoners) take the places of the Rob, Punch and
    # Marshal cards, which the Marshal never holds.
    "move+": 3, "floor+": 4, "capture": 5,
}
_SLOT_KEYS = (
    "23456789",  # a card face up (of the player's only or first bandit)
    "abcdegij",  # ... face down (Ghost's first turn, the Brilliant Idea)
    "kmnort",  # a card of the player's second bandit (2 bandits per player)
    "uvwxyz",  # ... face down
)
_OTHER_KEYS = {"draw": "1", "pass": "1", "draw idea": "0", "drink normal": "w", "drink old": "o"}


def _card_key(action: str, mine: list[str]) -> str | None:
    """The fixed key of a choice that is a card (or draws or passes); None for others."""
    if action in _OTHER_KEYS:
        return _OTHER_KEYS[action]
    verb, _, rest = action.partition(" ")
    card, _, down = rest.partition(" ")
    kind, _, bandit = card.partition("@")
    slot = _CARD_SLOT.get(kind)
    if verb not in ("play", "pick", "keep") or down not in ("", "down") or slot is None:
        return None
    second = len(mine) > 1 and bandit == mine[1]
    keys = _SLOT_KEYS[2 * second + (down == "down")]
    return keys[slot] if slot < len(keys) else None


def keys_for(legal: list[str], view: dict[str, Any] | None = None) -> list[str]:
    """The keys of a list of choices: by card for a list of cards (``2`` plays a Move
    whatever the rest of the hand), else by place (``choice_keys``).

    >>> keys_for(["draw", "play move", "play punch"])
    ['1', '2', '6']
    >>> keys_for(["draw", "play move", "play move down", "play floor"])
    ['1', '2', 'a', '3']
    >>> keys_for(["move forward 1", "move back 1"])
    ['1', '2']
    """
    seat = None if view is None else view.get("seat")
    mine = [] if view is None or seat is None else list(view["players"][seat]["bandits"])
    fixed = [_card_key(a, mine) for a in legal]
    if not legal or None in fixed or len(set(fixed)) < len(fixed):
        return choice_keys(len(legal))
    return [k or "" for k in fixed]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card(kind: str, bandit: str | None) -> str:
    return names.card(kind if bandit is None else f"{kind}@{bandit}")


def _purse(view: dict[str, Any] | None, token: int) -> str:
    """A purse token by what the viewer knows of it: its value, or which face-down one."""
    for space in [] if view is None else view["spaces"]:
        ids = [t["id"] for t in space["loot"]]
        if token not in ids:
            continue
        t = space["loot"][ids.index(token)]
        if "value" in t:
            return f"the ${t['value']} purse"
        peers = sorted(x["id"] for x in space["loot"] if x["kind"] == "purse" and "value" not in x)
        if len(peers) > 1:
            return f"face-down purse {peers.index(token) + 1} of {len(peers)}"
        return "the face-down purse"
    return "a face-down purse"


def label(action: str, view: dict[str, Any] | None = None) -> str:
    """A short English label for an action in notation (richer with the viewer's view)."""
    a = parse_action(action)
    match a:
        case Draw():
            return _draw_label(view)
        case Pass():
            return _pass_label(view)
        case Play(kind=kind, bandit=bandit, hidden=hidden):
            return f"Play {_card(kind, bandit)}" + (" face down" if hidden else "")
        case Pick(kind="bullet") | Keep(kind="bullet"):
            return f"{'Pick' if isinstance(a, Pick) else 'Keep'} a bullet card"
        case Pick(kind=kind, bandit=bandit):
            return f"Pick {_card(kind, bandit)}"
        case Keep(kind=kind, bandit=bandit):
            return f"Keep {_card(kind, bandit)}"
        case Place(caboose=name):
            return f"Put {names.bandit(name)} in the caboose"
        case Move(direction=d, distance=n):
            text = f"Move {n} car{'s' if n > 1 else ''} {_WAY[d]}"
            dest = _destination(view, d, n)
            return text + (f": {dest}" if dest else "")
        case Floor(direction=None):
            return "Change floor in the same car"
        case Floor(direction=d):
            return f"Change floor diagonally, one car {_WAY[str(d)]}"
        case Shoot(target=t, off=True):
            return f"Shoot {names.bandit(t)} off the train"
        case Shoot(target=t):
            return _cap(f"Shoot {names.bandit(t)}")
        case MarshalShot(target=t, gun=gun, second=None):
            return f"Shoot {names.bandit(t)} with the {gun} gun{_penalty(view, gun)}"
        case MarshalShot(target=t, gun=gun, second=str(other)):
            right = "right" if gun == "left" else "left"
            return (
                f"Shoot {names.bandit(t)} with the {gun} gun{_penalty(view, gun)} and "
                f"{names.bandit(other)} with the {right} gun{_penalty(view, right)}"
            )
        case DrawIdea():
            return "Search your deck for your Brilliant Idea"
        case Capture(target=t):
            return f"Capture {names.bandit(t)}"
        case Escape(to=to):
            return "Leave the cell " + ("onto the roof" if to == "roof" else "for the corridor")
        case Free(target=t, prisoner=True):
            me = None if view is None else view.get("actor_bandit")
            gives = (
                "your own: a second loot token on each Rob" if me == t
                else f"{names.power_of(str(t))} while the prisoner stays"
            )
            return f"Free {names.sidekick(t)} ({gives})"
        case Free(target=t):
            return f"Free {names.bandit(t)} from the cell"
        case Give(token=token):
            return f"Give {_held(view, token)}"
        case Rob(loot="whiskey", token=None):
            return "Rob a whiskey flask (one at random; you look at it)"
        case Rob(loot=kind, token=None):
            return f"Rob {names.loot(kind)}" + (" (its value unseen)" if kind == "purse" else "")
        case Rob(token=int(token)):
            return f"Rob {_purse(view, token)}"
        case Punch(target="marshal", direction=d):
            return f"Punch the Marshal: take a Brawler card; push the Marshal {_WAY[d]}"
        case Punch(target=t, loot=loot, direction=d, take=take):
            name = names.bandit(t)
            if loot in (None, "nothing"):
                drops = f"{name} drops nothing"
            else:
                drops = f"{name} drops {names.loot(str(loot))}"
                drops += " and you keep it" if take else ""
            push = f"knock {name} off the train" if d == "off" else f"push {name} {_WAY[d]}"
            if d == "train" and _coach_car(view):
                push += f", onto {_coach_car(view)}"
            return f"Punch {name}: {drops}; {push}"
        case MarshalMove(direction=d):
            text = f"Move the Marshal one car {_WAY[d]}"
            if view is not None and view.get("marshal") is not None:
                car = view["marshal"] + (-1 if d == "forward" else 1)
                text += f": to {names.car(car, view['cars'], prison='mp' in view)}"
            return text
        case Take(token=None):
            return "Take a purse (its value unseen)"
        case Take(token=int(token)):
            return f"Take {_purse(view, token)}"
        case Attack(board=True):
            car = _attack_car(view)
            return f"Board the train here, inside {car}" if car else "Board the train here"
        case Attack():
            return "Ride on to the next car forward"
        case Drink(old=old):
            kind = "the old whiskey" if old else "your normal whiskey"
            what = "play 2 cards in a row" if old else "draw 3 cards, then play 1 card"
            return f"Drink half of {kind}: {what}"
        case Ride(to="coach"):
            beside = _coach_car(view)
            return "Ride to the stagecoach and get off inside it" + (
                f" (beside {beside})" if beside else "")
        case Ride(to="away"):
            return "Ride away from the train and escape"
        case Ride(to=to):
            return f"Ride to {_car_name(view, int(to))} and get off inside it"
        case MoveCoach():
            beside = _coach_car(view)
            return "Move onto the roof of the stagecoach" + (
                f" (beside {beside})" if beside else "")
        case MoveTrain(direction=None):
            beside = _coach_car(view)
            return "Move onto the train" + (f": to the roof of {beside}" if beside else "")
        case MoveTrain(direction=d, distance=n):
            text = f"Move onto the train and {n} car{'s' if n > 1 else ''} {_WAY[str(d)]}"
            hs = None if view is None else view.get("hs")
            if hs is not None:
                car = hs["coach"] + (-n if d == "forward" else n)
                text += f": to the roof of {_car_name(view, car)}"
            return text
        case PunchShotgun():
            return "Punch the Shotgun off the stagecoach's roof"
        case Flee(direction=d):
            text = f"Run {_WAY[d]}"
            hs = None if view is None else view.get("hs")
            if hs is not None and hs["shotgun"] is not None:
                car = hs["shotgun"] + (-1 if d == "forward" else 1)
                text += f": to the roof of {_car_name(view, car)}"
            return text
    return action  # pragma: no cover - every action kind is listed above


def _car_name(view: dict[str, Any] | None, car: int) -> str:
    if view is None:
        return names.car(car)
    return names.car(car, view["cars"], prison="mp" in view)


def _coach_car(view: dict[str, Any] | None) -> str:
    """Horses & Stagecoach: the car the stagecoach stands beside, or ""."""
    hs = None if view is None else view.get("hs")
    return "" if hs is None else _car_name(view, hs["coach"])


def _attack_car(view: dict[str, Any] | None) -> str:
    """The car the Horse Attack has reached, or ""."""
    hs = None if view is None else view.get("hs")
    if hs is None or hs["attack_car"] is None:
        return ""
    return _car_name(view, hs["attack_car"])


def _in_cell(view: dict[str, Any] | None) -> bool:
    """Marshal & Prisoners: whether the viewer's bandit is in the prison car's cell."""
    if view is None or not view.get("mp") or view.get("seat") is None:
        return False
    mine = view["players"][view["seat"]]["bandits"]
    return any(b in view["mp"]["in_cell"] for b in mine)


def _penalty(view: dict[str, Any] | None, gun: str) -> str:
    """The penalty on top of one of the Marshal's cylinder piles, as the table sees it."""
    mp = None if view is None else view.get("mp")
    if not mp:
        return ""
    top = mp["guns"][0 if gun == "left" else 1]["top"]
    return f" ({names.penalty(top)})" if top else ""


def _held(view: dict[str, Any] | None, token: int) -> str:
    """A loot token the viewer's bandit holds, by what the viewer knows of it."""
    for bandit in [] if view is None else view["bandits"]:
        for t in bandit["loot"]:
            if t["id"] == token:
                kind = names.loot(t["kind"])
                return f"{kind} (${t['value']})" if "value" in t else kind
    return "a loot token"


def _draw_label(view: dict[str, Any] | None) -> str:
    if view is None or view.get("seat") is None:
        return "Draw 3 cards"
    deck = view["players"][view["seat"]]["deck_size"]
    if deck == 0:
        return "Draw 3 cards (your discard pile becomes your deck)"
    if deck < 3:
        return f"Draw {deck} card{'s' if deck > 1 else ''} (all your deck)"
    return "Draw 3 cards"


def _pass_label(view: dict[str, Any] | None) -> str:
    decision = None if view is None else view.get("decision")
    return {
        "cover": "No cover card",
        "keep": "Keep no more cards (discard the rest)",
        "pickpocket": "Take no purse",
        "play": "Pass (nothing to play, nothing to draw)",
        "extra": "Play no extra card",
        "rainy-day": "Keep no card",
        "rob-again": "Take no second loot",
        "event-shoot": "Do not shoot",
        "event-move": "Do not move",
        "reflex": "Play no card",
    }.get(str(decision), "Pass")


def _destination(view: dict[str, Any] | None, direction: str, n: int) -> str:
    if view is None or not view.get("actor_bandit"):
        return ""
    me = next((b for b in view["bandits"] if b["character"] == view["actor_bandit"]), None)
    if me is None or me["car"] is None:
        return ""
    car = me["car"] + (-n if direction == "forward" else n)
    return names.place(car, bool(me["roof"]), view["cars"], prison="mp" in view)


def hint(action: str, view: dict[str, Any] | None = None) -> str:
    """One line of rules help for a choice: what it does, and the power behind it."""
    a = parse_action(action)
    match a:
        case Draw():
            n = _draw_label(view).split(" ")[1]
            card = "card" if n == "1" else "cards"
            return f"Take {n} {card} from the top of your deck into your hand; you play no card."
        case Pass():
            return {
                "cover": "Your turn ends without a cover card.",
                "keep": "The cards you did not keep go to your discard pile.",
                "pickpocket": "You leave the purses where they are.",
                "play": "You have no card you may play and none to draw: the turn passes.",
                "extra": "Your turn ends with the card you played.",
                "rainy-day": "Your unplayed cards all go back on your deck.",
                "rob-again": "You leave the rest of the loot here.",
                "event-shoot": "The Marshal holds fire.",
                "event-move": "The Marshal stays in the same space.",
                "reflex": "Your cards go back on top of your deck.",
            }.get(str(None if view is None else view.get("decision")), "Decline.")
        case Play(kind=kind, hidden=True):
            return (
                f"{names.power('stealth')}: the card goes face down; the others see only "
                f"that it is yours. {names.card_help(kind)}"
            )
        case Play(kind=kind):
            if _in_cell(view) and kind != "idea":
                return "You are in the cell: only a Brilliant Idea has an effect there. " + (
                    names.card_help(kind))
            return names.card_help(kind)
        case Pick():
            return "This card goes to your hand before your deck is shuffled and you draw."
        case Keep():
            return "It stays in your hand for the next round; the rest is discarded."
        case Place(caboose=name):
            return (
                f"{names.bandit(name)} starts in the caboose, your other bandit in the next car; "
                "the others choose in secret too."
            )
        case Move():
            return names.card_help("move")
        case Floor(direction=None):
            return names.card_help("floor")
        case Floor():
            return names.power_help("diagonal")
        case Shoot(target=t, off=True):
            return names.event_help("deadly-fall")
        case Shoot(target=t):
            return _shoot_hint(view, str(t))
        case MarshalShot(gun=gun, second=None):
            top = _penalty(view, gun).strip(" ()")
            text = "The bandit takes one of your Bullet cards, with its penalty."
            return text + (f" {_penalty_help(view, gun)}" if top else "")
        case MarshalShot():
            return (
                "Two bandits in your line of fire take a Bullet card each, one from each of "
                "your cylinder piles, with its penalty."
            )
        case DrawIdea():
            return (
                "Instead of drawing 3 cards: take your Brilliant Idea from your deck (or "
                "discard pile) into your hand, then shuffle your deck."
            )
        case Capture():
            return names.card_help("capture")
        case Escape(to="roof"):
            return "Your Brilliant Idea gets you out of the cell, onto the prison car's roof."
        case Escape():
            return "Your Brilliant Idea gets you out of the cell, into the prison car's corridor."
        case Free(prisoner=True):
            return (
                "The prisoner becomes your trusty sidekick: another bandit's power, or a "
                "second loot token when you rob if the sidekick is your own; $200 at the end."
            )
        case Free():
            return (
                "The bandit comes out of the cell to your space and gives you one loot "
                "token of that bandit's choice."
            )
        case Give():
            return "Your rescuer gets this token."
        case Rob(token=None, loot="purse"):
            return "You take one of the purses here without seeing its value."
        case Rob():
            return "You take this loot; only you see a purse's value."
        case Punch(target="marshal"):
            return (
                "You take the top Brawler card ($800, $500, then $300 at the end) and push "
                "the Marshal to an adjacent car."
            )
        case Punch(direction="off"):
            return names.event_help("deadly-fall")
        case Punch(direction="coach"):
            return (
                "The punched bandit drops the loot you choose and is pushed into the "
                "stagecoach, on the same floor; whoever enters it without a hostage takes one."
            )
        case Punch(direction="train"):
            return (
                "The punched figure drops the loot you choose and is pushed out of the "
                "stagecoach onto the car beside it, on the same floor."
            )
        case Punch(take=True):
            return names.power_help("pickpocket")
        case Punch():
            return (
                "The punched bandit drops the loot you choose (a purse unseen) and is pushed "
                "to the same floor of the next car."
            )
        case MarshalMove():
            return names.card_help("marshal")
        case Take():
            return names.event_help("pickpocketing")
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
    return ""  # pragma: no cover


def _penalty_help(view: dict[str, Any] | None, gun: str) -> str:
    mp = None if view is None else view.get("mp")
    top = mp["guns"][0 if gun == "left" else 1]["top"] if mp else None
    return names.penalty_help(top) if top else ""


def _shoot_hint(view: dict[str, Any] | None, target: str) -> str:
    text = f"{names.bandit(target)} takes one of your bullet cards, a dead card in hand."
    if view is None or not view.get("actor_bandit"):
        return text
    by = {b["character"]: b for b in view["bandits"]}
    me, them = by.get(view["actor_bandit"]), by.get(target)
    if me is None or them is None or me["car"] is None or them["car"] is None:
        return text
    power = me["power"]
    if power == "through-floor" and me["car"] == them["car"] and me["roof"] != them["roof"]:
        return f"{names.power_help(power)} {text}"
    if power == "lone-gunman" and not me["roof"] and abs(me["car"] - them["car"]) > 1:
        return f"{names.power_help(power)} {text}"  # beyond an ordinary Shoot's reach
    if power == "knockback":
        return f"{text} {names.power_help(power)}"
    return text


def did_you_mean(text: str, legal: list[str]) -> str:
    """For a typed action that is not legal: the closest legal one, as a suggestion."""
    import difflib

    close = difflib.get_close_matches(" ".join(text.lower().split()), legal, n=1, cutoff=0.5)
    return f" Did you mean '{close[0]}'?" if close else ""


def refusal(text: str, error: Exception, legal: list[str]) -> str:
    """Why a typed action was refused, in a player's words, with the closest legal one."""
    from .engine.errors import NotationError

    typed = " ".join(text.split())
    why = "is not an action" if isinstance(error, NotationError) else "is not possible now"
    hint = did_you_mean(text, legal)
    if not hint and legal:
        hint = f" Choose from the list, or type an action such as '{legal[0]}'."
    return f"'{typed}' {why}.{hint}"


def choices(view: dict[str, Any]) -> list[dict[str, str]]:
    """The viewer's legal actions in order, each with its key, label and help."""
    legal = view.get("legal") or []
    return [
        {"action": a, "key": k, "label": label(a, view), "hint": hint(a, view)}
        for a, k in zip(legal, keys_for(legal, view), strict=True)
    ]


# ---------------------------------------------------------------------------- the board


def where(bandit: dict[str, Any], cars: int, *, prison: bool = False) -> str:
    """Where a bandit is, to follow "is": ``on the roof of car 2``, ``inside the caboose``
    (``prison``: the caboose is the prison car)."""
    if bandit.get("coach"):  # Horses & Stagecoach
        return "on the roof of the stagecoach" if bandit["roof"] else "inside the stagecoach"
    if bandit["car"] is None:
        return "not on the train yet"
    place = names.place(bandit["car"], bool(bandit["roof"]), cars, prison=prison)
    return f"on {place}" if bandit["roof"] else place


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def sentence(text: str) -> str:
    """A sentence ends with one full stop (``Take It All!`` keeps its own)."""
    return text if text.endswith((".", "!", "?")) else text + "."


LOOT_ORDER = ("purse", "jewel", "strongbox", "mailbag", "whiskey")


def _flask(old: bool | None, half: bool) -> str:
    """A whiskey flask as the viewer knows it: ``old``, ``normal, half drunk``, ``?``."""
    kind = "?" if old is None else "old" if old else "normal"
    return kind + (", half drunk" if half else "")


def loot_summary(loot: list[dict[str, Any]], *, values: bool = True) -> str:
    """'2 purses ($250, ?), 1 jewel': values only where the view gives them (a whiskey
    flask's kind, Horses & Stagecoach, likewise). A server says it of every bandit to every
    viewer at every step: the sentences are kept by what they are made of."""
    if not loot:
        return "no loot"
    return _loot_summary(
        tuple((t["kind"], t.get("value"), t.get("old"), bool(t.get("half"))) for t in loot),
        values,
    )


@functools.lru_cache(maxsize=4096)
def _loot_summary(
    loot: tuple[tuple[str, int | None, bool | None, bool], ...], values: bool
) -> str:
    """``loot_summary`` of tokens as (kind, value, old, half drunk), None where unknown."""
    parts = []
    for kind in LOOT_ORDER:
        tokens = [t for t in loot if t[0] == kind]
        if not tokens:
            continue
        text = names.loot(kind, len(tokens)).removeprefix("a ")
        text = f"1 {text}" if len(tokens) == 1 else text
        if kind == "whiskey":
            flasks = [_flask(old, half) for _, _, old, half in tokens]
            if values and any(f != "?" for f in flasks):
                text += " (" + "; ".join(flasks) + ")"
        elif values and any(value is not None for _, value, _, _ in tokens):
            shown = ("?" if value is None else f"${value:,}" for _, value, _, _ in tokens)
            text += " (" + ", ".join(shown) + ")"
        parts.append(text)
    return ", ".join(parts)


def space_sentences(view: dict[str, Any]) -> list[str]:
    """Who and what is in each space, locomotive first (the Marshal inside his car in the
    base game; with Marshal & Prisoners, the bandits in the cell are in no space; with Horses
    & Stagecoach, the stagecoach's two spaces come last, and the Shotgun is named where he
    stands)."""
    cars = view["cars"]
    cell = view["mp"]["in_cell"] if view.get("mp") else ()
    hs = view.get("hs")
    lines = []
    for space in view["spaces"]:
        car, roof, coach = space["car"], space["roof"], space.get("coach", False)
        who = [
            names.bandit(b["character"])
            for b in view["bandits"]
            if b["car"] == car and b["roof"] == roof and b.get("coach", False) == coach
            and (b["car"] is not None or coach) and b["character"] not in cell
        ]
        if not roof and view["marshal"] == car and not coach:
            who.append("the Marshal")
        if hs is not None and roof and (
            (coach and hs["shotgun"] is None) or (not coach and hs["shotgun"] == car)
        ):
            who.append("the Shotgun")
        things = []
        if who:
            things.append(", ".join(who))
        if space["loot"]:
            things.append(loot_summary(space["loot"], values=False))
        if things:
            if coach:
                place = "On the roof of the stagecoach" if roof else "Inside the stagecoach"
            else:
                place = _cap(names.place(car, roof, cars, prison="mp" in view))
            lines.append(f"{place}: {'; '.join(things)}.")
    return lines


_TRAIN_MEMO: dict[bytes, list[str]] = {}  # the sentences of trains lately described
_TRAIN_MEMO_SIZE = 4096
_encode_key = msgspec.json.Encoder().encode


def train_sentences(view: dict[str, Any]) -> list[str]:
    """The train in sentences, locomotive first: who and what is where (with Horses &
    Stagecoach, where the stagecoach and the horses stand).

    A server describes the same train to every viewer of a table, moment by moment: the
    sentences are kept by what they are made of (the spaces, where each figure stands, the
    expansions' figures), so each is written once."""
    mp = view.get("mp")
    key = _encode_key((
        view["cars"], view["marshal"], view["spaces"], mp is not None,
        mp["in_cell"] if mp else None, view.get("hs"),
        [(b["character"], b["car"], b["roof"], b.get("coach", False))
         for b in view["bandits"]],
    ))
    lines = _TRAIN_MEMO.get(key)
    if lines is None:
        if len(_TRAIN_MEMO) >= _TRAIN_MEMO_SIZE:
            _TRAIN_MEMO.clear()
        lines = _TRAIN_MEMO[key] = _train_lines(view)
    return list(lines)


def _train_lines(view: dict[str, Any]) -> list[str]:
    cars = view["cars"]
    lines = space_sentences(view)
    lines.append(f"The train: the locomotive and {cars} cars; car {cars} is the caboose.")
    return lines + hs_train_lines(view)


def _you(view: dict[str, Any], seat: int) -> bool:
    return view.get("seat") == seat


def player_name(view: dict[str, Any], seat: int) -> str:
    """A seat as players call it: "you" for the viewer, else its bandits."""
    if _you(view, seat):
        return "you"
    return names.player(view["players"][seat]["bandits"])


def player_lines(view: dict[str, Any]) -> list[str]:
    """Each bandit as the viewer sees it: where, loot, bullets, cards in hand."""
    lines = []
    for p in view["players"]:
        mine = _you(view, p["seat"])
        for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
            who = names.bandit(b["character"]) + (" (you)" if mine else "")
            lines.append(
                f"{who}: {figure_where(view, b)}; {loot_summary(b['loot'])}"
                f"{_hostage_held(view, b['character'])}; "
                f"{plural(b['bullets_left'], 'bullet')} left, "
                f"{plural(b['bullets_received'], 'bullet card')} received; "
                f"{plural(p['hand_size'], 'card')} in hand."
            )
    return lines


def _hostage_held(view: dict[str, Any], character: str) -> str:
    """Horses & Stagecoach: ``; holds The Banker hostage``, or ""."""
    hs = view.get("hs")
    if hs is None or character not in hs["hostages"]:
        return ""
    return f"; holds {names.hostage(hs['hostages'][character])} hostage"


def hand_sentence(view: dict[str, Any]) -> str:
    hand = view.get("hand")
    if hand is None:
        return "A spectator has no hand."
    text = "Your hand: " + (", ".join(names.card(c) for c in hand) or "empty") + "."
    if not hand and "result" in view:
        return "The game is over."
    if not hand and view.get("round_card") is None:  # the first round has not begun
        return "No cards yet: your hand is dealt when the first round begins."
    if not hand and view["decision"] not in ("play", "cover", "keep", "pick", "place"):
        text = "Your hand is empty: your unplayed cards are back on your deck for now."
    if view.get("kept"):
        text += " Kept for next round: " + ", ".join(names.card(c) for c in view["kept"]) + "."
    return text


def situation(view: dict[str, Any], *, header: bool = True) -> str:
    """Round and turn (``header``), then who must decide what, "you" for the viewer."""
    if "result" in view:
        return "The game is over."
    parts = []
    card = view["round_card"]
    if header and card is not None:
        title = f"Round {view['round']} of {view['rounds']}: {names.round_card(card['name'])}"
        if view["turn"] is not None and view["decision"] in _PLAYS:
            t = card["turns"][view["turn"]]
            title += f", turn {view['turn'] + 1} of {len(card['turns'])} ({names.turn(t)})"
        parts.append(title + ".")
    if view["decision"] == "watch":
        parts.append("Stealin': the cards resolve one by one.")
        return " ".join(parts)
    actor = view["actor"]
    who = player_name(view, actor)
    bandit = view.get("actor_bandit")
    for_whom = ""
    if bandit and len(view["players"][actor]["bandits"]) > 1:
        for_whom = f" for {names.bandit(bandit)}"
    decision = names.decision_help(view["decision"]) if _you(view, actor) else ""
    if view["decision"] == "play":
        decision = _play_help(view)
    if _you(view, actor):
        text = f"Your turn{for_whom}. {decision}"
        me = next((b for b in view["bandits"] if b["character"] == bandit), None)
        if me is not None and view["decision"] in (
            "move", "floor", "shoot", "punch", "rob", "ride"
        ):
            text += f" {_cap(names.bandit(bandit))} is {figure_where(view, me)}."
        text += _hs_situation(view)
        parts.append(text)
    else:
        doing = _DOING.get(view["decision"], "to decide")
        parts.append(f"{_cap(who)} is {doing}{for_whom}.")
    return " ".join(parts)


def _hs_situation(view: dict[str, Any]) -> str:
    """Horses & Stagecoach: what the viewer's decision depends on (the car the Horse Attack
    reached, the cards the whiskey still allows, a Turmoil turn's secret)."""
    hs = view.get("hs")
    if hs is None:
        return ""
    decision = view["decision"]
    if decision == "horse-attack" and hs["attack_car"] is not None:
        return f" The riders have reached {_attack_car(view)}."
    if decision == "whiskey" and hs["sips"] > 1:
        return f" You may play {hs['sips']} cards in a row."
    card = view["round_card"]
    turn = view["turn"]
    if decision == "play" and card is not None and turn is not None and (
        card["turns"][turn] == "Tu"
    ):
        return " Turmoil: your choice stays secret until everyone has chosen."
    return ""


def _play_help(view: dict[str, Any]) -> str:
    """What a Schemin' turn offers now: a card, drawing (as many as are left), a drink of
    whiskey (Horses & Stagecoach), or nothing."""
    legal = view.get("legal") or []
    plays = any(a.startswith("play ") for a in legal)
    drink = any(a.startswith("drink ") for a in legal)
    draw = _draw_label(view).lower().partition(" (")[0] if "draw" in legal else ""
    if drink:
        if plays and draw:
            return f"Play a card (it resolves later, in order), drink whiskey, or {draw}."
        if plays:
            return "Play a card (it resolves later, in order) or drink whiskey; your deck is empty."
        if draw:
            return f"You have no card to play: drink whiskey or {draw}."
        return "You have no card to play and your deck is empty: drink whiskey."
    if draw:
        if plays:
            return f"Play a card (it resolves later, in order) or {draw}."
        return f"You have no card to play: {draw}."
    if plays:
        return "Play a card (it resolves later, in order); your deck is empty."
    return "You have nothing to play and nothing to draw: pass."


# ---------------------------------------------------------------------------- summaries


def _loot_moves(events: list[Any] | None) -> dict[str, dict[str, list[str]]]:
    """From a round's events: the loot each bandit took and lost (by kind)."""
    moves: dict[str, dict[str, list[str]]] = {}

    def add(bandit: str, way: str, kind: str) -> None:
        moves.setdefault(bandit, {"took": [], "lost": []})[way].append(kind)

    for e in events or []:
        if e.seat is not None:
            continue
        if e.kind == "rob":
            add(e.data["bandit"], "took", e.data["loot"])
        elif e.kind == "ransom":
            add(e.data["bandit"], "took", "purse")
        elif e.kind == "drop":
            add(e.data["bandit"], "lost", e.data["loot"])
            if e.data.get("taken_by"):
                add(e.data["taken_by"], "took", e.data["loot"])
        elif e.kind == "give":  # Marshal & Prisoners: a bandit freed from the cell pays
            add(e.data["bandit"], "lost", e.data["loot"])
            add(e.data["to"], "took", e.data["loot"])
        elif e.kind == "mailbag-taken":
            add(e.data["bandit"], "lost", "mailbag")
        elif e.kind == "marshal-whiskey":  # both expansions: the Marshal's flask
            add("marshal", "took", "whiskey")
    return moves


def _mp_move(kind: str, d: dict[str, Any]) -> tuple[str, str] | None:
    """One Marshal & Prisoners event as (figure, what happened to it), or None."""
    if kind == "capture":
        return d["bandit"], "captured by the Marshal"
    if kind == "leave-cell":
        return d["bandit"], "got out of the cell"
    if kind == "free-bandit":
        return d["freed"], f"freed by {names.bandit(d['bandit'])}"
    if kind == "free-prisoner":
        return d["bandit"], f"freed {names.sidekick(d['sidekick'])}"
    if kind == "prisoner-taken":
        return d["bandit"], "lost a prisoner to the Marshal"
    if kind == "brawler":
        return d["bandit"], f"won the {names.brawler(d['value'])}"
    if kind == "fall":
        return d["bandit"], "was knocked off the train"
    return None


def _hs_moves(kind: str, d: dict[str, Any]) -> list[tuple[str, str]]:
    """One Horses & Stagecoach event as (figure, what happened to it) pairs."""
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


def _mp_moves(events: list[Any] | None) -> dict[str, list[str]]:
    """What else happened to each figure in a round: Marshal & Prisoners (captured, freed, a
    prisoner won or lost, a Brawler card, off the train); Horses & Stagecoach (a hostage
    taken, a ride, the Shotgun, whiskey, the stations)."""
    out: dict[str, list[str]] = {}
    for e in events or []:
        if e.seat is not None:
            continue
        said = _mp_move(e.kind, e.data)
        pairs = [said] if said is not None else _hs_moves(e.kind, e.data)
        for figure, what in pairs:
            out.setdefault(figure, []).append(what)
    return out


def _counted(items: list[str]) -> list[str]:
    """The same thing said once, with how often: ``rode a horse twice``."""
    counts = {item: items.count(item) for item in dict.fromkeys(items)}
    return [
        item if n == 1 else f"{item} {'twice' if n == 2 else f'{n} times'}"
        for item, n in counts.items()
    ]


def _kinds(kinds: list[str]) -> str:
    counts = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
    return and_list([names.loot(k, n).replace("a ", "1 ", 1) for k, n in counts.items()])


def round_summary(
    before: dict[str, Any], after: dict[str, Any], events: list[Any] | None = None
) -> list[str]:
    """What each bandit took and lost, the bullet cards taken and fired, between two views
    (a round's Stealin' and event); with the round's events, loot taken and lost both show."""
    lines = []
    old = {b["character"]: b for b in before["bandits"]}
    moves = _loot_moves(events)
    more = _mp_moves(events)
    for b in after["bandits"]:
        was = old.get(b["character"])
        if was is None:
            continue
        parts = []
        if events is not None:
            mine = moves.get(b["character"], {"took": [], "lost": []})
            if mine["took"]:
                parts.append(f"took {_kinds(mine['took'])}")
            if mine["lost"]:
                parts.append(f"lost {_kinds(mine['lost'])}")
        else:
            gained: list[str] = []
            lost: list[str] = []
            for kind in LOOT_ORDER:
                delta = sum(t["kind"] == kind for t in b["loot"]) - sum(
                    t["kind"] == kind for t in was["loot"]
                )
                (gained if delta > 0 else lost).extend([kind] * abs(delta))
            if gained:
                parts.append(f"gained {_kinds(gained)}")
            if lost:
                parts.append(f"lost {_kinds(lost)}")
        hit = b["bullets_received"] - was["bullets_received"]
        if hit:
            parts.append(f"took {hit} bullet card{'s' if hit > 1 else ''}")
        shot = was["bullets_left"] - b["bullets_left"]
        if shot:
            parts.append(f"fired {shot}")
        parts += _counted(more.get(b["character"], []))
        you = " (you)" if after.get("seat") == b["seat"] else ""
        lines.append(
            f"{_cap(names.bandit(b['character']))}{you}: " + (", ".join(parts) or "nothing changed")
        )
    return lines


def score_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per seat: bandits, loot, bullets fired, Gunslinger, total, received, winner."""
    result = view["result"]
    rows = []
    for p in view["players"]:
        s = p["seat"]
        rows.append(
            {
                "seat": s,
                "bandits": " and ".join(names.bandit(b) for b in p["bandits"]),
                "you": _you(view, s),
                "loot": result["loot"][s],
                "shots": result["shots"][s],
                "gunslinger": 1000 if s in result["gunslingers"] else 0,
                "total": result["totals"][s],
                "received": result["received"][s],
                "winner": s in result["winners"],
            }
        )
        if "ransoms" in result:  # Horses & Stagecoach
            rows[-1]["ransom"] = result["ransoms"][s]
            rows[-1]["stations"] = result["stations"][s]
            rows[-1]["hostages"] = [names.hostage(h) for h in result["hostages"][s]]
            rows[-1]["hostage_keys"] = list(result["hostages"][s])
            rows[-1]["cannot_win"] = result.get("cannot_win", {}).get(str(s), "")
    return rows


def money(value: int) -> str:
    """``$1,250``, ``-$450``."""
    return f"-${-value:,}" if value < 0 else f"${value:,}"


def _ransom_rule(hostage: str) -> str:
    """What a conditional ransom counts: `` ($500 per jewel)``, or ""."""
    from .engine.hs.content import hs_content

    card = next((h for h in hs_content().hostages if h.name == hostage), None)
    if card is None or (card.per is None and card.needs is None):
        return ""
    if card.needs:
        return f" (if holding a {card.needs})"
    what = {"bandit-bullet": "bullet card from a bandit"}.get(str(card.per), str(card.per))
    return f" (${card.ransom:,} per {what})"


def _hs_parts(r: dict[str, Any]) -> list[str]:
    """Horses & Stagecoach's parts of a seat's money: the hostage's ransom, the stations'."""
    parts = []
    keys = r.get("hostage_keys", [])
    if keys:
        rule = _ransom_rule(keys[0]) if len(keys) == 1 else ""
        who = and_list([names.hostage(k) for k in keys])
        parts.append(f"ransom for {who}{rule} ${r['ransom']:,}")
    if r.get("stations"):
        parts.append(f"stations {money(r['stations'])}")
    return parts


def end_lines(view: dict[str, Any]) -> list[str]:
    """The end of the game explained: the winner first, the Gunslinger with the bullets each
    player fired, the tie-break only when there was one (Marshal & Prisoners: the goals and
    the bandits' seven ways to wealth, ``mp_end_lines``)."""
    if view.get("mp"):
        return mp_end_lines(view)
    rows = score_rows(view)
    winners = [r for r in rows if r["winner"]]
    eligible = [r for r in rows if not r.get("cannot_win")]
    best = max((r["total"] for r in eligible), default=0)

    def who(r: dict[str, Any]) -> str:
        return "You" if r["you"] else r["bandits"]

    def player(r: dict[str, Any]) -> str:
        """Who wins: ``You``, ``Doc``, ``The player of Django and Belle``."""
        if r["you"] or " and " not in r["bandits"]:
            return who(r)
        return f"The player of {r['bandits']}"

    lines = []
    if not winners:
        lines.append("Every bandit was caught at the Escape station: nobody wins.")
    elif len(winners) == 1:
        w = winners[0]
        lines.append(f"{player(w)} {'win' if w['you'] else 'wins'} with ${w['total']:,}!")
    else:
        lines.append(and_list([who(w) for w in winners]) + f" share the victory: ${best:,}.")
    fired = ", ".join(f"{who(r)} {r['shots']}" for r in rows)
    guns = [r for r in rows if r["gunslinger"]]
    if guns and len(guns) < len(rows):
        lines.append(
            "Gunslinger ($1,000): " + and_list([who(r) for r in guns])
            + f", most bullets fired ({fired})."
        )
    elif guns:
        lines.append(f"Gunslinger: everyone fired as much ({fired}), so everyone gets $1,000.")
    tied = [r for r in eligible if r["total"] == best]
    if len(tied) > 1:
        received = ", ".join(f"{who(r)} {r['received']}" for r in tied)
        lines.append(
            f"Tied at ${best:,}: the fewest bullet cards received wins ({received})"
            + (", and a further tie shares the victory." if len(winners) > 1 else ".")
        )
    for r in rows:
        extra = " + Gunslinger $1,000" if r["gunslinger"] else ""
        extra += "".join(f" + {part}" for part in _hs_parts(r))
        text = f"{who(r)}: loot ${r['loot']:,}{extra} = {money(r['total'])}"
        if r.get("cannot_win"):
            verb = "were" if r["you"] else "was"
            text += f"; {verb} caught at the Escape station and cannot win"
        lines.append(text + ".")
    for b in view["bandits"]:
        lines.append(f"{names.bandit(b['character'])} ends with {loot_summary(b['loot'])}.")
    return lines


# ---------------------------------------------------------------------------- help


# What only Marshal & Prisoners has (left out of a base game's help), and what it leaves out.
_MP_ONLY = {
    "cards": {"idea", "move+", "floor+", "capture"},
    "turns": {"J"},
    "events": {"safekeeping", "rumors", "reflex-action", "guilty-conscience", "deadly-fall",
               "crime-doesnt-pay"},
}
_NOT_MP = {"cards": {"marshal"}}
# What only Horses & Stagecoach has.
_HS_ONLY = {
    "cards": {"ride"},
    "turns": {"Tu"},
    "events": {"shotguns-rage", "shot-of-whiskey", "panting-horses", "higher-speed",
               "sharing-the-loot", "mortal-bullet", "escape"},
}
_SECTION_TITLES = {
    "marshal_prisoners": "Marshal & Prisoners",
    "horses_stagecoach": "Horses & Stagecoach",
}


def help_topics(
    marshal_prisoners: bool | None = None, horses_stagecoach: bool | None = None
) -> dict[str, dict[str, str]]:
    """Every card, turn type, power, event and variant with its one-line help; for a game of
    Marshal & Prisoners (``True``) as that expansion plays them, with its own topics; for a
    game without it (``False``) without them; ``None``: everything there is. Likewise
    ``horses_stagecoach`` for Horses & Stagecoach (its hostages, stagecoach, Shotgun,
    horses, Horse Attack, whiskey), which follows ``marshal_prisoners`` when left out: in
    only when everything there is is asked for."""
    if horses_stagecoach is None and marshal_prisoners is not None:
        horses_stagecoach = False
    table = names.names()
    sections = ["cards", "turns", "powers", "events"]
    if marshal_prisoners is not False:
        sections += ["penalties", "goals", "marshal_prisoners"]
    if horses_stagecoach is not False:
        sections += ["hostages", "horses_stagecoach"]
    out: dict[str, dict[str, str]] = {}
    for section in [*sections, "variants"]:
        entries = {}
        for key, entry in table[section].items():
            if marshal_prisoners is False and key in _MP_ONLY.get(section, ()):
                continue
            if horses_stagecoach is False and key in _HS_ONLY.get(section, ()):
                continue
            if marshal_prisoners and key in _NOT_MP.get(section, ()):
                continue
            text = str(entry.get("help_mp", entry["help"]) if marshal_prisoners else entry["help"])
            if section == "goals":  # named by the card: "Arrest Warrant", "Dodge Bullets!"
                title = "Arrest Warrant" if key == "warrant" else names.goal(key)
                text = f"{title}: " + text.replace("{bandit}", "that bandit")
            entries[key] = text
        out[_SECTION_TITLES.get(section, section)] = entries
    return out


def _title(text: str) -> str:
    return text.split(":", maxsplit=1)[0]


def lookup(
    topic: str, marshal_prisoners: bool | None = None, horses_stagecoach: bool | None = None
) -> str:
    """The help for one card, character, turn type, event or variant (case-insensitive):
    by its name as printed (``Change Floor``, ``Belle``, ``Tunnel``, ``Braking``, ``The
    Banker`` or ``Banker``)."""
    key = " ".join(topic.strip().lower().split())
    topics = help_topics(marshal_prisoners, horses_stagecoach)
    for section in topics.values():
        for name, text in section.items():
            title = _title(text).lower()
            titles = (title, title.removeprefix("the "), title.removeprefix("a "))
            if key in (name.lower(), *titles) or (key and title.startswith(key + " (")):
                return text
    listed = ", ".join(_title(text) for section in topics.values() for text in section.values())
    raise KeyError(f"No help on {topic.strip()!r}. Topics: {listed}.")


def help_text(
    marshal_prisoners: bool | None = None, horses_stagecoach: bool | None = None
) -> str:
    """Every topic, as plain text with one heading per section."""
    out = [str(names.names()["overview"])]
    for section, entries in help_topics(marshal_prisoners, horses_stagecoach).items():
        out.append("")
        out.append(section[:1].upper() + section[1:] + ":")
        out.extend("  " + text for text in entries.values())
    return "\n".join(out)


# ---------------------------------------------------------------------------- for a browser


def captions(view: dict[str, Any]) -> dict[str, Any]:
    """The words a browser shows with a view (the server sends them beside it)."""
    cars = view["cars"]
    listed = choices(view)
    legal_keys = {c["action"]: c["key"] for c in listed}
    out: dict[str, Any] = {
        "situation": situation(view),
        "choices": listed,
        "train": train_sentences(view),
        "bandits": [
            {
                "character": b["character"],
                "name": names.bandit(b["character"]),
                "where": where(b, cars, prison="mp" in view),
                "loot": loot_summary(b["loot"]),
            }
            for b in view["bandits"]
        ],
        "pile": [
            {
                "owner": names.bandit(e["bandit"]),
                "card": "face down" if e["card"] is None else names.card(e["card"], owner=False),
                "help": "" if e["card"] is None else names.card_help(e["card"]),
            }
            for e in view["pile"]
        ],
    }
    if view.get("hand") is not None:
        out["hand"] = [
            {
                "card": c,
                "name": names.card(c),
                "help": names.card_help(c),
                "key": legal_keys.get(f"play {c}", ""),
                "action": f"play {c}" if f"play {c}" in legal_keys else "",
            }
            for c in view["hand"]
        ]
    card = view["round_card"]
    if card is not None:
        out["round"] = {
            "title": f"Round {view['round']} of {view['rounds']}: {names.round_card(card['name'])}",
            "turns": [{"code": t, "name": names.turn(t), "help": names.turn_help(t)}
                      for t in card["turns"]],
            "event": names.event(card["event"]) if card["event"] else "No event",
            "event_help": names.event_help(card["event"]) if card["event"] else "",
        }
    if view.get("hs"):
        out["hs"] = hs_lines(view)
    if "result" in view:
        out["end"] = end_lines(view)
    return out


# ---------------------------------------------------------------------------- Marshal & Prisoners


def _mp_goals_needed() -> int:
    from .engine.mp.content import mp_content

    return int(mp_content().goals_needed)


def figure_name(name: str) -> str:
    """A figure's name to begin a sentence: ``Tuco``, ``The Marshal``."""
    return _cap(names.bandit(name))


def figure_where(view: dict[str, Any], bandit: dict[str, Any]) -> str:
    """Where a figure is, to follow "is"; with Marshal & Prisoners, the prison car's cell
    and off the train too: ``in the cell of the prison car``, ``off the train``."""
    mp = view.get("mp")
    if mp:
        if bandit["character"] in mp["off_train"]:
            return "off the train"
        if bandit["character"] in mp["in_cell"]:
            return "in the cell of the prison car"
    hs = view.get("hs")
    if hs is not None:
        if bandit["character"] in hs["riding"]:
            return "on horseback beside the train (the Horse Attack)"
        if bandit["character"] in hs["away"]:
            return "gone: rode away from the train"
        if bandit.get("coach"):
            return where(bandit, view["cars"]) + f" (beside {_coach_car(view)})"
    return where(bandit, view["cars"], prison="mp" in view)


def figure_lines(view: dict[str, Any]) -> list[str]:
    """Each figure as the viewer sees it (``player_lines``), the Marshal's figure and the
    cell included; every line begins with a capital."""
    if not view.get("mp"):
        return player_lines(view)
    lines = []
    for p in view["players"]:
        mine = _you(view, p["seat"])
        for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
            who = figure_name(b["character"]) + (" (you)" if mine else "")
            if b["character"] == "marshal":
                guns = view["mp"]["guns"]
                bullets = plural(sum(g["bullets"] for g in guns), "Bullet card")
                flasks = f"; {loot_summary(b['loot'])}" if b["loot"] else ""  # whiskey
                lines.append(
                    f"{who}: {figure_where(view, b)}{flasks}; {bullets} left in the two "
                    f"cylinder piles; {plural(p['hand_size'], 'card')} in hand."
                )
                continue
            lines.append(
                f"{who}: {figure_where(view, b)}; {loot_summary(b['loot'])}"
                f"{_hostage_held(view, b['character'])}; "
                f"{plural(b['bullets_left'], 'bullet')} left, "
                f"{plural(b['bullets_received'], 'bullet card')} received; "
                f"{plural(p['hand_size'], 'card')} in hand."
            )
    return lines


def train_lines(view: dict[str, Any]) -> list[str]:
    """The train in sentences (``train_sentences``); with Marshal & Prisoners the caboose is
    the prison car, with who is in its cell, and who is off the train."""
    mp = view.get("mp")
    if not mp:
        return train_sentences(view)
    cars = view["cars"]
    lines = space_sentences(view)
    lines.append(
        f"The train: the locomotive and {cars} cars; car {cars}, the caboose, is the prison car."
    )
    lines.append(_cell_sentence(mp))
    if mp["off_train"]:
        lines.append(
            "Off the train: " + and_list([names.bandit(b) for b in mp["off_train"]]) + "."
        )
    return lines + hs_train_lines(view)


def _cell_sentence(mp: dict[str, Any]) -> str:
    if not mp["in_cell"]:
        return "The cell of the prison car is empty."
    who = and_list([names.bandit(b) for b in mp["in_cell"]])
    return f"In the cell of the prison car: {who}."


def mp_lines(view: dict[str, Any], *, goal_help: bool = True) -> list[str]:
    """Marshal & Prisoners in sentences: Wanted Posters, prisoners, Brawler cards, the
    Marshal's cylinder piles, penalties, Achievement zone and goals (the viewer's own goals
    when the viewer plays the Marshal, ``goal_help`` with what each asks). The cell and who
    is off the train are told with the train (``train_lines``)."""
    mp = view.get("mp")
    if not mp:
        return []
    lines = []
    wanted = [names.bandit(b) for b, s in mp["posters"].items() if s == "wanted"]
    captured = [names.bandit(b) for b, s in mp["posters"].items() if s == "captured"]
    text = "Wanted Posters: " + (and_list(wanted) + " still wanted" if wanted else "none left")
    if captured:
        text += "; captured by the Marshal: " + and_list(captured)
    lines.append(text + ".")
    waiting = [names.sidekick(p) for p in mp["prisoners_waiting"]]
    lines.append(
        "Prisoners waiting behind the prison car: "
        + (and_list(waiting) if waiting else "none") + "."
    )
    held = [
        f"{names.bandit(b)} holds {names.sidekick(p)}" for b, p in mp["prisoners"].items()
    ]
    if held:
        lines.append("Prisoners freed: " + and_list(held) + ".")
    left = [f"{names.brawler(v)} (${v:,})" for v in mp["brawlers_left"]]
    text = "Brawler cards left: " + (and_list(left) if left else "none")
    won = [
        f"{names.bandit(b)} won " + and_list([f"{names.brawler(v)} (${v:,})" for v in values])
        for b, values in mp["brawlers_won"].items()
    ]
    if won:
        text += "; " + "; ".join(won)
    lines.append(text + ".")
    lines.append("The Marshal's cylinder piles: " + _guns(mp) + ".")
    fronts = [
        f"{names.bandit(b)}: " + ", ".join(names.penalty(k) for k in keys)
        for b, keys in mp["penalties"].items()
        if keys
    ]
    lines.append("Penalties in front of bandits: " + ("; ".join(fronts) or "none") + ".")
    taken = [names.sidekick(p) for p in mp["taken_prisoners"]]
    bags = len(mp["taken_mailbags"])
    zone = []
    zone.append(plural(len(taken), "prisoner") + (f" ({and_list(taken)})" if taken else ""))
    zone.append(names.loot("mailbag", bags).replace("a ", "1 ", 1) if bags else "no mailbag")
    lines.append("The Marshal's Achievement zone: " + ", ".join(zone) + ".")
    lines.append(_goals_sentence(mp))
    if mp.get("my_goals") is not None and "result" not in view:
        mine = view.get("seat") == mp["marshal_seat"]
        head = "Your current goals" if mine else "The Marshal's current goals"
        goals = mp["my_goals"]
        if not goals:
            lines.append(f"{head}: none.")
        elif goal_help:
            lines.append(f"{head}:")
            lines += [f"  {names.goal(g)}: {names.goal_help(g)}" for g in goals]
        else:
            lines.append(f"{head}: " + and_list([names.goal(g) for g in goals]) + ".")
    return lines


def _guns(mp: dict[str, Any]) -> str:
    parts = []
    for side, gun in zip(("left", "right"), mp["guns"], strict=True):
        if gun["bullets"]:
            top = f", {names.penalty(gun['top'])} on top" if gun["top"] else ""
            parts.append(f"{side} gun {plural(gun['bullets'], 'Bullet card')}{top}")
        else:
            parts.append(f"{side} gun empty")
    return "; ".join(parts)


def _goals_sentence(mp: dict[str, Any]) -> str:
    text = (
        f"The Marshal's goals: {mp['goals_upcoming']} upcoming (face down), "
        f"{mp['goals_current']} current"
    )
    if mp["goals_revealed"]:
        text += ", revealed: " + and_list([names.goal(g) for g in mp["goals_revealed"]])
    return text + f"; the Marshal needs {_mp_goals_needed()} completed to win."


def mp_brief(view: dict[str, Any]) -> str:
    """Marshal & Prisoners in one short line, for a small screen (``mp_lines`` says all)."""
    mp = view.get("mp")
    if not mp:
        return ""
    short = {b: names.bandit(b)[:3] for b in mp["posters"]}
    parts = []
    if mp.get("my_goals") and view.get("seat") == mp["marshal_seat"]:
        parts.append("Goals: " + ", ".join(names.goal(g) for g in mp["my_goals"]))
    if mp["off_train"]:
        parts.append("Off train: " + " ".join(names.bandit(b)[:3] for b in mp["off_train"]))
    wanted = [short[b] for b, s in mp["posters"].items() if s == "wanted"]
    parts.append("Wanted: " + (" ".join(wanted) or "none"))
    parts.append(f"Prisoners {len(mp['prisoners_waiting'])}")
    parts.append(f"Brawlers {len(mp['brawlers_left'])}")
    guns = "/".join(str(g["bullets"]) for g in mp["guns"])
    parts.append(f"Guns {guns}")
    return " · ".join(parts)


def mp_score_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """``score_rows`` with Marshal & Prisoners' prizes: Wanted Poster, prisoner, Brawler
    cards; ``marshal`` marks the Marshal's seat, ``cannot_win`` why a seat may not win."""
    result = view["result"]
    rows = score_rows(view)
    for row in rows:
        s = row["seat"]
        row["posters"] = result["posters"][s]
        row["prisoners"] = result["prisoners"][s]
        row["brawlers"] = result["brawlers"][s]
        row["marshal"] = s == result["marshal"]
        row["cannot_win"] = result["cannot_win"].get(str(s), "")
        row["bandits"] = _cap(row["bandits"])
    return rows


_CANNOT = {
    "fallen": "fell off the train",
    "in-the-cell": "is in the cell",
    "caught": "was caught at the Escape station",
}


def mp_end_lines(view: dict[str, Any]) -> list[str]:
    """The end of a game of Marshal & Prisoners explained: who wins, the Marshal's goals
    done and not done, each bandit's money (loot, Gunslinger, Wanted Poster, prisoner,
    Brawler cards), and who could not win."""
    result = view["result"]
    rows = mp_score_rows(view)
    by_seat = {r["seat"]: r for r in rows}
    needed = _mp_goals_needed()
    done = result["goals_done"]

    def who(r: dict[str, Any]) -> str:
        return "You" if r["you"] else r["bandits"]

    marshal = by_seat[result["marshal"]]
    winners = [by_seat[s] for s in result["winners"]]
    lines = []
    if result["marshal_wins"]:
        text = f"{who(marshal)} {'win' if marshal['you'] else 'wins'}: "
        text += f"{done} of the Marshal's goals completed ({needed} needed)"
        partner = [r for r in winners if not r["marshal"]]
        if partner:
            text += f", with {who(partner[0])}, the poorest bandit"
        lines.append(text + "!")
    else:
        why = (
            "fell off the train"
            if marshal["cannot_win"] == "fallen"
            else f"completed {done} of the goals, and needed {needed}"
        )
        head = f"The Marshal {why}. "
        if not winners:
            lines.append(head + "No bandit can win.")
        elif len(winners) == 1:
            w = winners[0]
            lines.append(
                head + f"{who(w)} {'win' if w['you'] else 'wins'} with ${w['total']:,}!"
            )
        else:
            lines.append(
                head + and_list([who(w) for w in winners])
                + f" share the victory: ${winners[0]['total']:,}."
            )
    lines.append(f"The Marshal's goals ({done} completed, {needed} needed):")
    for g in result["goals"]:
        mark = "done" if g["done"] else "not done"
        lines.append(f"  {names.goal(g['goal'])}: {mark}. {names.goal_help(g['goal'])}")
    for r in rows:
        if r["marshal"]:
            continue
        parts = [f"loot ${r['loot']:,}"]
        if r["gunslinger"]:
            parts.append("Gunslinger $1,000")
        if r["posters"]:
            parts.append(f"Wanted Poster ${r['posters']:,}")
        else:
            parts.append("Wanted Poster captured")
        if r["prisoners"]:
            parts.append(f"prisoner ${r['prisoners']:,}")
        if r["brawlers"]:
            parts.append(f"Brawler cards ${r['brawlers']:,}")
        parts += _hs_parts(r)
        text = f"{who(r)}: " + " + ".join(parts) + f" = {money(r['total'])}"
        if r["cannot_win"]:
            verb = _CANNOT.get(r["cannot_win"], "cannot win")
            if r["you"]:
                verb = verb.replace("is in", "are in").replace("was caught", "were caught")
            text += f"; {verb} and cannot win"
        lines.append(text + ".")
    fired = ", ".join(f"{who(r)} {r['shots']}" for r in rows if not r["marshal"])
    lines.append(f"Bullets fired: {fired}.")
    for b in view["bandits"]:
        if b["character"] != "marshal":
            lines.append(f"{names.bandit(b['character'])} ends with {loot_summary(b['loot'])}.")
    return lines


# ---------------------------------------------------------------------------- Horses & Stagecoach


def hs_train_lines(view: dict[str, Any]) -> list[str]:
    """Horses & Stagecoach beside the train, in sentences: where the stagecoach, the
    Shotgun and the horses stand; the riders of the Horse Attack; who rode away or was
    caught. Nothing for a game without the expansion."""
    hs = view.get("hs")
    if hs is None:
        return []
    lines = []
    beside = _coach_car(view)
    text = f"The stagecoach stands beside {beside}"
    if hs["coach"] < view["cars"]:
        text += " (it drops back 1 car at the end of each round)"
    if hs["shotgun"] is None:
        text += "; on its roof the Shotgun guards the strongbox"
    else:
        text += f"; the Shotgun stands on the roof of {_car_name(view, hs['shotgun'])}"
    lines.append(text + ".")
    counts = {c: hs["horses"].count(c) for c in dict.fromkeys(hs["horses"])}
    horses = [f"{n} beside {_car_name(view, c)}" for c, n in counts.items()]
    if horses:
        lines.append("Horses: " + and_list(horses) + ".")
    elif hs["attack_car"] is None:
        lines.append("No horse is left beside the train.")
    if hs["riding"]:
        riders = and_list([names.bandit(b) for b in hs["riding"]])
        lines.append(
            f"The Horse Attack has reached {_attack_car(view)}; on horseback: {riders}."
        )
    if hs["away"]:
        lines.append(
            "Rode away from the train: " + and_list([names.bandit(b) for b in hs["away"]]) + "."
        )
    if hs["caught"]:
        lines.append(
            "Caught at the Escape station (cannot win): "
            + and_list([names.bandit(b) for b in hs["caught"]]) + "."
        )
    return lines


def hs_lines(view: dict[str, Any], *, hostage_help: bool = True) -> list[str]:
    """Horses & Stagecoach in sentences, beside what ``hs_train_lines`` says: the hostages
    left and held (``hostage_help``: with each one's ransom and drawback), the secret
    choices made (Turmoil, the Horse Attack), the whiskey drunk, the money the stations
    gave or took, the bullets received this round when Mortal Bullet counts them."""
    hs = view.get("hs")
    if hs is None:
        return []
    lines = []
    left = hs["hostages_left"]
    text = "Hostages: " + (
        f"{plural(left, 'hostage card')} face down beside the locomotive" if left
        else "none left beside the locomotive"
    )
    lines.append(text + ".")
    for b, h in hs["hostages"].items():
        if hostage_help:
            rule = names.hostage_help(h).partition(": ")[2]
            rule = rule.replace("its holder's", f"{names.bandit(b)}'s")
            rule = rule.replace("its holder", names.bandit(b))
            lines.append(f"  {names.bandit(b)} holds {names.hostage(h)}: {rule}")
        else:
            lines.append(f"  {names.bandit(b)} holds {names.hostage(h)}.")
    chosen = hs["turmoil_chosen"]
    if chosen:
        who = and_list([player_name(view, s) for s in chosen])
        lines.append(f"Turmoil: {_cap(who)} {'have' if len(chosen) > 1 or who == 'you' else 'has'}"
                     " chosen in secret.")
    if hs.get("my_turmoil"):
        lines.append(f"Your secret choice: {label(hs['my_turmoil'], view)}.")
    if hs["attack_chosen"]:
        who = and_list([names.bandit(b) for b in hs["attack_chosen"]])
        lines.append(f"The Horse Attack: {who} chose in secret.")
    if hs.get("my_attack"):
        lines.append(
            "Your secret choice: "
            + ("to board this car." if hs["my_attack"] == "board" else "to ride on.")
        )
    money = [f"{names.bandit(b)} {_signed(v)}" for b, v in hs["bonus"].items()]
    if money:
        lines.append("Money from the train stations: " + and_list(money) + ".")
    card = view.get("round_card")
    if card is not None and card.get("event") == "mortal-bullet":
        hit = [f"{names.bandit(b)} {n}" for b, n in hs["received_this_round"].items()
               if n and b != "marshal"]
        lines.append(
            "Bullet cards received this round (Mortal Bullet: $150 each): "
            + (and_list(hit) if hit else "none") + "."
        )
    return lines


def _signed(value: int) -> str:
    return f"-${-value:,}" if value < 0 else f"+${value:,}"


def hs_brief(view: dict[str, Any]) -> str:
    """Horses & Stagecoach in one short line, for a small screen (``hs_lines`` says all)."""
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


def result_lines(view: dict[str, Any]) -> list[str]:
    """The end of any game explained: ``mp_end_lines`` for Marshal & Prisoners, else
    ``end_lines``."""
    return mp_end_lines(view) if view.get("mp") else end_lines(view)
