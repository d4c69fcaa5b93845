"""The words of the base game of Colt Express (its variants and editions included): choices
with their keys, labels and a line of rules help, the situation, the train and the players in
sentences, the round summary, the end of the game, the rules help, the events in sentences,
and what the browser shows with a view (its captions, the pile card a step resolves, the
presets and the rules panel). The expansions add theirs through ``common.register`` (see
``coltexpress.words``): every function here asks the expansions a view has.

Everything reads a view dict (``Game.view(seat)``), never the game, and every name comes from
the display-name table (``engine/names.py``), so the terminal, the plain mode, the browser
(the server sends it these words) and the replays say the same things the same way.

>>> label("move forward 2")
'Move 2 cars toward the locomotive'
>>> label("punch doc purse back take")
'Punch Doc: Doc drops a purse and you keep it; push Doc toward the caboose'
>>> label("play shoot down")
'Play Shoot face down'
>>> from coltexpress.engine.event import Event
>>> rob = Event("rob", {"bandit": "django", "loot": "purse", "token": 3})
>>> describe(rob), describe(rob, Reader(1, ("django",))), describe(rob, Reader(0, ("belle",)))
('Django robs a purse.', 'You rob a purse.', 'Django robs a purse.')
>>> describe(rob, Reader(1, ("django", "tuco")))  # two bandits: which one is said
'Your Django robs a purse.'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from ..engine import names
from ..engine.actions import (
    Draw,
    Floor,
    Keep,
    MarshalMove,
    Move,
    Pass,
    Pick,
    Place,
    Play,
    Punch,
    Rob,
    Shoot,
    Take,
    parse_action,
)
from .common import (
    DOING,
    EVENT_TEXT,
    EXPANSIONS,
    PASS_HINTS,
    PASS_LABELS,
    SPECTATOR,
    WORDED_BY,
    Reader,
    Template,
    and_list,
    cap,
    choice_keys,
    dollars,
    expansions_of,
    has_prison,
    money,
    plural,
    sentence,
)

if TYPE_CHECKING:
    from ..engine.event import Event
    from ..engine.game import Game

__all__ = [
    "EVENTS",
    "PRESETS",
    "PRESET_ABOUT",
    "RULES_SECTIONS",
    "WAY",
    "a_card",
    "beside_train",
    "browser_captions",
    "captions",
    "car_name",
    "choice_power",
    "choices",
    "punch_label",
    "describe",
    "did_you_mean",
    "end_lines",
    "event_car",
    "figure_lines",
    "figure_name",
    "figure_where",
    "hand_sentence",
    "help_text",
    "help_topics",
    "hint",
    "keys_for",
    "label",
    "lookup",
    "loot_summary",
    "money_parts",
    "options_summary",
    "pile_card",
    "player_lines",
    "player_name",
    "refusal",
    "result_lines",
    "richest",
    "round_summary",
    "rules",
    "score_rows",
    "shot",
    "situation",
    "space_sentences",
    "train_lines",
    "train_sentences",
    "where",
]

WAY = {
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
}
DOING.update(_DOING)  # the expansions' decisions join these as they are registered


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
    for expansion in WORDED_BY.get(type(a), ()):  # a choice of an expansion's: its words
        text = expansion.label(a, view)
        if text is not None:
            return text
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
            text = f"Move {n} car{'s' if n > 1 else ''} {WAY[d]}"
            dest = _destination(view, d, n)
            return text + (f": {dest}" if dest else "")
        case Floor(direction=None):
            return "Change floor in the same car"
        case Floor(direction=d):
            return f"Change floor diagonally, one car {WAY[str(d)]}"
        case Shoot(target=t, off=True):
            return f"Shoot {names.bandit(t)} off the train"
        case Shoot(target=t):
            return cap(f"Shoot {names.bandit(t)}")
        case Rob(loot=kind, token=None):
            return f"Rob {names.loot(kind)}" + (" (its value unseen)" if kind == "purse" else "")
        case Rob(token=int(token)):
            return f"Rob {_purse(view, token)}"
        case Punch():
            return punch_label(a)
        case MarshalMove(direction=d):
            text = f"Move the Marshal one car {WAY[d]}"
            if view is not None and view.get("marshal") is not None:
                car = view["marshal"] + (-1 if d == "forward" else 1)
                text += f": to {names.car(car, view['cars'], prison=has_prison(view))}"
            return text
        case Take(token=None):
            return "Take a purse (its value unseen)"
        case Take(token=int(token)):
            return f"Take {_purse(view, token)}"
    return action  # pragma: no cover - every action kind is listed above


def punch_label(a: Punch) -> str:
    """``Punch Doc: Doc drops a purse and you keep it; push Doc toward the caboose``."""
    name = names.bandit(a.target)
    if a.loot in (None, "nothing"):
        drops = f"{name} drops nothing"
    else:
        drops = f"{name} drops {names.loot(str(a.loot))}"
        drops += " and you keep it" if a.take else ""
    d = a.direction
    push = f"knock {name} off the train" if d == "off" else f"push {name} {WAY[d]}"
    return f"Punch {name}: {drops}; {push}"


def car_name(view: dict[str, Any] | None, car: int) -> str:
    if view is None:
        return names.car(car)
    return names.car(car, view["cars"], prison=has_prison(view))


PASS_LABELS.update({
    "cover": "No cover card",
    "keep": "Keep no more cards (discard the rest)",
    "pickpocket": "Take no purse",
    "play": "Pass (nothing to play, nothing to draw)",
})
PASS_HINTS.update({
    "cover": "Your turn ends without a cover card.",
    "keep": "The cards you did not keep go to your discard pile.",
    "pickpocket": "You leave the purses where they are.",
    "play": "You have no card you may play and none to draw: the turn passes.",
})


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
    return PASS_LABELS.get(str(decision), "Pass")


def _destination(view: dict[str, Any] | None, direction: str, n: int) -> str:
    if view is None or not view.get("actor_bandit"):
        return ""
    me = next((b for b in view["bandits"] if b["character"] == view["actor_bandit"]), None)
    if me is None or me["car"] is None:
        return ""
    car = me["car"] + (-n if direction == "forward" else n)
    return names.place(car, bool(me["roof"]), view["cars"], prison=has_prison(view))


def hint(action: str, view: dict[str, Any] | None = None) -> str:
    """One line of rules help for a choice: what it does, and the power behind it."""
    a = parse_action(action)
    for expansion in WORDED_BY.get(type(a), ()):  # a choice of an expansion's: its words
        text = expansion.hint(a, view)
        if text is not None:
            return text
    match a:
        case Draw():
            n = _draw_label(view).split(" ")[1]
            card = "card" if n == "1" else "cards"
            return f"Take {n} {card} from the top of your deck into your hand; you play no card."
        case Pass():
            decision = str(None if view is None else view.get("decision"))
            return PASS_HINTS.get(decision, "Decline.")
        case Play(kind=kind, hidden=True):
            return (
                f"{names.power('stealth')}: the card goes face down; the others see only "
                f"that it is yours. {names.card_help(kind)}"
            )
        case Play(kind=kind):
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
        case Rob(token=None, loot="purse"):
            return "You take one of the purses here without seeing its value."
        case Rob():
            return "You take this loot; only you see a purse's value."
        case Punch(direction="off"):
            return names.event_help("deadly-fall")
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
    return ""  # pragma: no cover


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
    from ..engine.errors import NotationError

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
    base game; the expansions' figures where they stand, ``Expansion.in_space``: with
    Marshal & Prisoners, the bandits in the cell are in no space; with Horses & Stagecoach,
    the stagecoach's two spaces come last, and the Shotgun is named where he stands)."""
    cars = view["cars"]
    expansions = expansions_of(view)
    cell = {c for e in expansions for c in e.nowhere(view)}
    placed: dict[tuple[bool, bool, int | None], list[str]] = {}
    for e in expansions:
        for where_, figures in e.in_spaces(view).items():
            placed.setdefault(where_, []).extend(figures)
    prison = has_prison(view)
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
        if placed:
            who += placed.get((coach, roof, None if coach else car), ())
        things = []
        if who:
            things.append(", ".join(who))
        if space["loot"]:
            things.append(loot_summary(space["loot"], values=False))
        if things:
            if coach:
                place = "On the roof of the stagecoach" if roof else "Inside the stagecoach"
            else:
                place = cap(names.place(car, roof, cars, prison=prison))
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
    key = _encode_key((
        view["cars"], view["marshal"], view["spaces"],
        [(e.key, e.train_key(view)) for e in expansions_of(view)],
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
    return lines + beside_train(view)


def beside_train(view: dict[str, Any]) -> list[str]:
    """What the expansions a view has say after the train (the stagecoach, the horses)."""
    return [line for e in expansions_of(view) for line in e.beside_train(view)]


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
            lines.append(bandit_line(view, p, b, who))
    return lines


def bandit_line(
    view: dict[str, Any], player: dict[str, Any], b: dict[str, Any], who: str
) -> str:
    """One bandit's line of ``player_lines`` (``who``: how it is named)."""
    holds = "".join(e.holds(view, b["character"]) for e in expansions_of(view))
    return (
        f"{who}: {figure_where(view, b)}; {loot_summary(b['loot'])}{holds}; "
        f"{plural(b['bullets_left'], 'bullet')} left, "
        f"{plural(b['bullets_received'], 'bullet card')} received; "
        f"{plural(player['hand_size'], 'card')} in hand."
    )


def hand_sentence(view: dict[str, Any]) -> str:
    hand = view.get("hand")
    if hand is None:
        return "A spectator has no hand."
    text = "Your hand: " + (", ".join(names.card(c) for c in hand) or "empty") + "."
    if not hand and "result" in view:  # (the situation says the game is over)
        return "Your hand: empty."
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
        parts.append(sentence(title))
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
    elif decision:
        decision = _resolving(view, decision)
    if _you(view, actor):
        note = turn_note(view)
        text = f"Your turn{for_whom}. {note + ' ' if note else ''}{decision}"
        me = next((b for b in view["bandits"] if b["character"] == bandit), None)
        if me is not None and view["decision"] in (
            "move", "floor", "shoot", "punch", "rob", "ride"
        ):
            if len(view["players"][actor]["bandits"]) == 1:
                text += f" You ({names.bandit(bandit)}) are {figure_where(view, me)}."
            else:
                text += f" Your {names.bandit(bandit)} is {figure_where(view, me)}."
        text += "".join(e.situation(view) for e in expansions_of(view))
        parts.append(text)
    else:
        doing = DOING.get(view["decision"], "to decide")
        parts.append(f"{cap(who)} is {doing}{for_whom}.")
    return " ".join(parts)


def _resolving(view: dict[str, Any], text: str) -> str:
    """A decision's help naming the card that resolves as played: ``Your Move + card
    resolves``, ``Your Brilliant Idea resolves as Move`` (not ``Your Move card``)."""
    i, pile = view.get("resolving"), view.get("pile") or []
    if i is None or not 0 <= i < len(pile) or pile[i].get("card") is None:
        return text
    kind = str(pile[i]["card"]).partition("@")[0]
    decided = view["decision"]
    said = f"Your {names.card(decided)} card resolves"
    if kind == decided or not text.startswith(said):
        return text
    if kind == "idea":
        return f"Your Brilliant Idea resolves as {names.card(decided)}" + text[len(said):]
    return f"Your {names.card(kind, owner=False)} card resolves" + text[len(said):]


_TURN_NOTES = {
    "T": "Tunnel turn: your card goes face down (it is shown when it resolves).",
    "J": "Jarring turn: Shoot and Punch cards cannot be played.",
    "Sw": "Switching turn: the turns go the other way round the table.",
}


def turn_note(view: dict[str, Any]) -> str:
    """What the kind of the current turn means for the viewer who plays now (a tunnel, a
    speeding-up turn's first or second play, a jarring turn, ...); "" for a standard turn
    or when the viewer is not playing a card."""
    card = view.get("round_card")
    if card is None or view.get("turn") is None or view["decision"] not in _PLAYS:
        return ""
    if not _you(view, view["actor"]):
        return ""
    code = card["turns"][view["turn"]]
    if code == "Sp":
        which = "second" if view.get("turn_play") else "first"
        return f"Speeding-up turn: you play twice in a row; this is your {which} play."
    return _TURN_NOTES.get(code, "")  # (Turmoil: Horses & Stagecoach's words say it)


def turn_tag(view: dict[str, Any]) -> str:
    """The kind of the current turn in a few words, beside the choices ("" if standard)."""
    card = view.get("round_card")
    if card is None or view.get("turn") is None or view["decision"] not in _PLAYS:
        return ""
    if not _you(view, view["actor"]):
        return ""
    code = card["turns"][view["turn"]]
    if code == "Sp":
        return f"Speeding-up: {'second' if view.get('turn_play') else 'first'} of 2 plays"
    short = {"T": "Tunnel: face down", "J": "Jarring: no Shoot, no Punch",
             "Sw": "Switching", "Tu": "Turmoil: in secret"}
    return short.get(code, "")


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
        else:  # the expansions' events: loot given, taken by the Marshal
            for expansion in EXPANSIONS.values():
                for figure, way, kind in expansion.loot_moves(e.kind, e.data):
                    add(figure, way, kind)
    return moves


def _other_moves(events: list[Any] | None) -> dict[str, list[str]]:
    """What else happened to each figure in a round, as the expansions tell it (captured,
    freed, a hostage taken, a ride, ...)."""
    out: dict[str, list[str]] = {}
    for e in events or []:
        if e.seat is not None:
            continue
        for expansion in EXPANSIONS.values():
            for figure, what in expansion.moves(e.kind, e.data):
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
    more = _other_moves(events)
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
        fired = was["bullets_left"] - b["bullets_left"]
        if fired:
            parts.append(f"fired {fired}")
        parts += _counted(more.get(b["character"], []))
        you = " (you)" if after.get("seat") == b["seat"] else ""
        lines.append(
            f"{cap(names.bandit(b['character']))}{you}: " + (", ".join(parts) or "nothing changed")
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
        for expansion in EXPANSIONS.values():
            expansion.score_row(result, s, rows[-1])
    return rows


def money_parts(row: dict[str, Any]) -> list[str]:
    """The parts of a seat's money (a row of ``score_rows``) the expansions add."""
    return [part for e in EXPANSIONS.values() for part in e.money_parts(row)]


def end_lines(view: dict[str, Any]) -> list[str]:
    """The end of the game explained: the winner first, the Gunslinger with the bullets each
    player fired, the tie-break only when there was one (Marshal & Prisoners: the goals and
    the bandits' seven ways to wealth, ``marshal_prisoners.end_lines``)."""
    for expansion in expansions_of(view):  # an expansion's own end (the Marshal's goals)
        told = expansion.end_lines(view)
        if told is not None:
            return told
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
    fired = ", ".join(f"{'you' if r['you'] else who(r)} {r['shots']}" for r in rows)
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
        received = ", ".join(f"{'you' if r['you'] else who(r)} {r['received']}" for r in tied)
        lines.append(
            f"Tied at ${best:,}: the fewest bullet cards received wins ({received})"
            + (", and a further tie shares the victory." if len(winners) > 1 else ".")
        )
    for r in rows:
        extra = " + Gunslinger $1,000" if r["gunslinger"] else ""
        extra += "".join(f" + {part}" for part in money_parts(r))
        text = f"{who(r)}: loot ${r['loot']:,}{extra} = {money(r['total'])}"
        if r.get("cannot_win"):
            verb = "were" if r["you"] else "was"
            text += f"; {verb} caught at the Escape station and cannot win"
        lines.append(text + ".")
    for b in view["bandits"]:
        lines.append(f"{ends_with(view, b)} {loot_summary(b['loot'])}.")
    return lines


def ends_with(view: dict[str, Any], b: dict[str, Any]) -> str:
    """``Doc ends with``; the viewer's own bandit ``You (Doc) end with`` (``Your Doc ends with``
    for a player of two bandits)."""
    if not _you(view, b["seat"]):
        return f"{cap(names.bandit(b['character']))} ends with"
    if len(view["players"][b["seat"]]["bandits"]) == 1:
        return f"You ({names.bandit(b['character'])}) end with"
    return f"Your {names.bandit(b['character'])} ends with"


# ---------------------------------------------------------------------------- help


def help_topics(
    marshal_prisoners: bool | None = None, horses_stagecoach: bool | None = None
) -> dict[str, dict[str, str]]:
    """Every card, turn type, power, event and variant with its one-line help; for a game of
    Marshal & Prisoners (``True``) as that expansion plays them, with its own topics; for a
    game without it (``False``) without them; ``None``: everything there is. Likewise
    ``horses_stagecoach`` for Horses & Stagecoach (its hostages, stagecoach, Shotgun,
    horses, Horse Attack, whiskey), which follows ``marshal_prisoners`` when left out: in
    only when everything there is is asked for. Each expansion's topics and sections are
    its own (``Expansion.help_*``)."""
    if horses_stagecoach is None and marshal_prisoners is not None:
        horses_stagecoach = False
    played = {"marshal_prisoners": marshal_prisoners, "horses_stagecoach": horses_stagecoach}
    flags = [(e, played.get(e.option)) for e in EXPANSIONS.values()]
    titles = {e.option: e.title for e in EXPANSIONS.values()}
    table = names.names()
    sections = ["cards", "turns", "powers", "events"]
    for expansion, flag in flags:
        if flag is not False:
            sections += expansion.help_sections
    out: dict[str, dict[str, str]] = {}
    for section in [*sections, "variants"]:
        entries = {}
        for key, entry in table[section].items():
            if any(
                key in (e.help_only if flag is False else e.help_not if flag else {}).get(
                    section, ())
                for e, flag in flags
            ):
                continue
            text = next(
                (told for e, flag in flags
                 if (told := e.help_entry(section, key, entry, flag)) is not None),
                None,
            )
            entries[key] = str(entry["help"]) if text is None else text
        out[titles.get(section, section)] = entries
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
            if key == name.lower() or key in titles or (key and title.startswith(key + " (")):
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


Like = Sequence[tuple[dict[str, Any], dict[str, Any]]]  # views and their captions


def captions(view: dict[str, Any], like: Like = ()) -> dict[str, Any]:
    """The words a browser shows with a view (the server sends them beside it).

    ``like``: views whose captions were made already (a server's: the viewer's moment
    before, the spectator's of the same moment). A part of the words that depends only on
    parts of the view equal to one of theirs is theirs, the same object, not written again
    (the base game's: an expansion rewrites some of them)."""
    cars = view["cars"]
    prison = has_prison(view)
    listed = choices(view)
    legal_keys = {c["action"]: c["key"] for c in listed}
    same = like if like and not expansions_of(view) else ()
    bandits = _same(same, view, ("bandits", "cars"), "bandits")
    if bandits is None:
        bandits = [
            {
                "character": b["character"],
                "name": names.bandit(b["character"]),
                "where": where(b, cars, prison=prison),
                "loot": loot_summary(b["loot"]),
            }
            for b in view["bandits"]
        ]
    pile = _same(same, view, ("pile",), "pile")
    if pile is None:
        pile = [
            {
                "owner": names.bandit(e["bandit"]),
                "card": "face down" if e["card"] is None else names.card(e["card"], owner=False),
                "help": "" if e["card"] is None else names.card_help(e["card"]),
            }
            for e in view["pile"]
        ]
    out: dict[str, Any] = {
        "situation": _same_situation(same, view) or situation(view),
        "choices": listed,
        "train": _same(same, view, ("cars", "marshal", "spaces", "bandits"), "train")
        or train_sentences(view),
        "bandits": bandits,
        "pile": pile,
    }
    hand = _same(same, view, ("seat", "hand", "legal"), "hand")
    if hand is not None:
        out["hand"] = hand
    elif view.get("hand") is not None:
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
    kept = _same(same, view, ("round_card", "round", "rounds"), "round")
    if kept is not None:
        out["round"] = kept
    elif card is not None:
        out["round"] = {
            "title": f"Round {view['round']} of {view['rounds']}: {names.round_card(card['name'])}",
            "turns": [{"code": t, "name": names.turn(t), "help": names.turn_help(t)}
                      for t in card["turns"]],
            "event": names.event(card["event"]) if card["event"] else "No event",
            "event_help": names.event_help(card["event"]) if card["event"] else "",
        }
    for expansion in expansions_of(view):
        expansion.captions(view, out)
    if "result" in view:
        out["end"] = end_lines(view)
    return out


# ---------------------------------------------------------------------------- figures


def figure_name(name: str) -> str:
    """A figure's name to begin a sentence: ``Tuco``, ``The Marshal``."""
    return cap(names.bandit(name))


def figure_where(view: dict[str, Any], bandit: dict[str, Any]) -> str:
    """Where a figure is, to follow "is"; the expansions say where their own places are
    (``in the cell of the prison car``, ``off the train``, ``on horseback ...``)."""
    prison = False
    for expansion in expansions_of(view):
        told = expansion.where(view, bandit)
        if told is not None:
            return told
        prison = prison or expansion.prison_car
    return where(bandit, view["cars"], prison=prison)


def figure_lines(view: dict[str, Any]) -> list[str]:
    """Each figure as the viewer sees it (``player_lines``; an expansion's own, with the
    Marshal's figure, where it has one); every line begins with a capital."""
    for expansion in expansions_of(view):
        told = expansion.figure_lines(view)
        if told is not None:
            return told
    return player_lines(view)


def train_lines(view: dict[str, Any]) -> list[str]:
    """The train in sentences (``train_sentences``; an expansion's own where it has one:
    the prison car and its cell)."""
    for expansion in expansions_of(view):
        told = expansion.train_lines(view)
        if told is not None:
            return told
    return train_sentences(view)


def with_you(view: dict[str, Any], lines: list[str]) -> list[str]:
    """Sentences of where everyone is, the viewer's own bandit said as "you (Tuco)" (with
    two bandits, "your Tuco") where it is listed: ``Inside car 3: you (Tuco), Ghost.``"""
    seat = view.get("seat")
    if seat is None or "players" not in view:
        return lines
    mine = view["players"][seat]["bandits"]
    out = []
    for line in lines:
        text = line
        for name in (names.bandit(b) for b in mine):
            said = f"you ({name})" if len(mine) == 1 else f"your {name}"
            text = re.sub(rf"(?<=: |, ){re.escape(name)}(?=[,;.])", said, text, count=1)
        out.append(text)
    return out


def result_lines(view: dict[str, Any]) -> list[str]:
    """The end of any game explained (``end_lines``)."""
    return end_lines(view)


# ---------------------------------------------------------------------------- events

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


def _bandits(chars: list[str]) -> str:
    return and_list([_name(c) for c in chars])


def event_car(d: dict[str, Any], key: str = "car") -> str:
    return names.car(d[key], d.get("cars"), prison=bool(d.get("prison")))


def _at(d: dict[str, Any]) -> str:
    """Where an event happens, after a verb: ``inside car 2``, ``on the roof of the prison
    car``, ``inside the stagecoach`` (never the stagecoach's index as a car)."""
    where = names.location({**d, "roof": bool(d.get("roof"))})
    return "on " + where if where.startswith("the roof") else where


def _cards(cards: list[str]) -> str:
    return ", ".join(names.card(c) for c in cards) or "nothing"


def a_card(card: Any, *, owner: bool = True) -> str:
    if card is None:
        return "a card face down"
    label = names.card(str(card), owner=owner)
    if str(card).startswith("bullet"):
        return label
    return f"{'an' if label[0] in 'AEIOU' else 'a'} {label} card"


def _round(d: dict[str, Any], y: Reader) -> str:
    turns = ", ".join(names.turn(t) for t in d["turns"])
    card = names.round_card(d["card"])
    kind = "Train station" if d.get("station") else "Round card"
    text = f"Round {d['round']} of 5. {kind}: {card}; turns: {turns}."
    if d["event"] in _ROUND_LONG:  # a station whose rule holds now, or at the very end
        text += f" {names.event_help(d['event'])}"
    elif d["event"]:
        text += f" At the end of the round: {sentence(names.event(d['event']))}"
    elif "no event" not in card:  # (the card's name says it already)
        text += " No event at the end of the round."
    if d.get("rainy"):
        text += (" Schemin' for a Rainy Day: at the end of the Schemin' phase each player "
                 "may keep one card for the next round.")
    return text + f" {cap(y.player(d, 'plays'))} first."


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
    }.get(reason) or _no_choice(b, str(d["card"]), y, d.get("copied"))


def _no_choice(b: str, card: str, y: Reader, copied: str | None = None) -> str:
    """A card with nothing it can do from where its bandit stands (``copied``: the card a
    Brilliant Idea copied)."""
    kind = card.partition("@")[0]
    if kind == "idea":  # a Brilliant Idea's copy of a card with nothing to do
        if not copied or copied == "idea":
            return f"The copied card has no effect for {y.name(b)}."
        kind, card = copied, copied
    what = f"the copied {names.card(kind)}" if copied else ""
    if kind == "ride":
        return f"{y.subject(b, 'has')} no horse nearby: {what or 'the Ride'} has no effect."
    if kind in ("move", "floor", "move+", "floor+"):
        return (f"{y.subject(b, 'cannot go')} anywhere from here: "
                f"{what or 'the ' + names.card(kind)} has no effect.")
    if what:
        return f"{y.subject(b, 'has')} nobody to {_verb(card)}: {what} has no effect."
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


def shot(shooter: str | None, d: dict[str, Any], y: Reader) -> str:
    """``Belle shoots Doc, who takes Belle's bullet card 3`` (the Marshal's: with its gun
    and penalty); said to the target: ``Belle shoots you: you take ...``."""
    target = d["target"]
    took = f"{y.poss(shooter)} bullet card {d['number']}"
    if y.mine(target) and y.alone:
        return f"{y.subject(shooter, 'shoots')} you, and you take {took}"
    return f"{y.subject(shooter, 'shoots')} {y.name(target)}, who takes {took}"


def _event(d: dict[str, Any], y: Reader) -> str:
    kind = "Train station" if d.get("station") else "Event"
    what = names.event_help(d["name"], marshal_player=bool(d.get("marshal_player")))
    what = what.partition(": ")[2]
    return f"{kind}: {sentence(names.event(d['name']))} {what[:1].upper()}{what[1:]}"


def _game_over(d: dict[str, Any], y: Reader) -> str:
    for expansion in EXPANSIONS.values():  # the Marshal's goals first
        told = expansion.game_over(d, y)
        if told is not None:
            return told
    if not d["winners"]:  # Horses & Stagecoach: the Escape station caught everyone
        return "Game over. Every bandit was caught at the Escape station: nobody wins."
    return "Game over. " + richest(d, y)


def richest(d: dict[str, Any], y: Reader) -> str:
    """Who wins, with how much."""
    winners = d["winners"]
    who = ["you" if s == y.seat else names.player(d["players"][s]) for s in winners]
    money = dollars(d["totals"][winners[0]])
    if len(winners) == 1:
        verb = "win" if winners[0] == y.seat else "wins"
        return f"{cap(who[0])} {verb} with {money}."
    together = ", ".join(who[:-1]) + " and " + who[-1]
    return f"{cap(together)} share the victory, {money} each."


def _play(d: dict[str, Any], y: Reader) -> str:
    return (
        f"{y.subject(d['bandit'], 'plays')} {a_card(d['card'], owner=False)}"
        + (" to cover the shot" if d["cover"] else "")
        + (f" ({names.power('stealth')})" if d.get("stealth") else "")
        + "."
    )


EVENTS: dict[str, Template] = {
    "round": _round,
    "placed": lambda d, y: f"You put {y.name(d['bandit'])} in the caboose.",
    "reveal-placement": lambda d, y: (
        f"{y.subject(d['caboose'], 'starts')} in the caboose, {y.name(d['next_car'])} in the "
        "car next to it."
    ),
    "picked": lambda d, y: f"You pick {a_card(d['card'])} before shuffling your deck.",
    "hand": lambda d, y: f"Your hand: {_cards(d['cards'])}.",
    "draw": lambda d, y: f"{y.player(d, 'draws')} {plural(d['count'], 'card')}.",
    "drawn": lambda d, y: f"You draw {plural(len(d['cards']), 'card')}: {_cards(d['cards'])}.",
    "play": _play,
    "play-private": lambda d, y: f"Your face-down card is {a_card(d['card'], owner=False)}.",
    "no-cover": lambda d, y: f"{y.player(d, 'plays')} no cover card.",
    "no-turn": lambda d, y: (
        f"{y.player(d, 'has')} no card to play and none to draw: the turn passes."
    ),
    "keep": lambda d, y: (
        f"{y.player(d, 'keeps')} {plural(d['kept'], 'card')} and "
        f"{y.player_verb(d, 'discards')} {_cards(d['discarded'])}."
    ),
    "discard-bullets": lambda d, y: (
        f"{y.player(d, 'discards')} {plural(d['count'], 'bullet card')}: "
        f"{_cards(d['cards'])}."
    ),
    "reshuffle": lambda d, y: f"{y.player(d, 'shuffles')} the discard pile into a new deck.",
    "stealin": lambda d, y: (
        f"Stealin'! The pile is turned over: {plural(d['cards'], 'card')} to resolve, in the "
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
    "shoot": lambda d, y: shot(d["bandit"], d, y) + ".",
    "knocked-back": lambda d, y: f"{y.subject(d['bandit'], 'is knocked')} back {_to(d['to'])}.",
    "rob": lambda d, y: f"{y.subject(d['bandit'], 'robs')} {names.loot(d['loot'])}.",
    "rob-value": lambda d, y: (
        "The whiskey flask you took is worth nothing at the end: drink it on a standard turn."
        if d.get("loot") == "whiskey"
        else f"The {names.loot(d.get('loot', 'purse'))[2:]} you took is worth "
        f"{dollars(d['value'])}."
    ),
    "punch": lambda d, y: f"{y.subject(d['bandit'], 'punches')} {y.name(d['target'])}.",
    "drop": _drop,
    "pushed": lambda d, y: f"{y.subject(d['bandit'], 'is pushed')} {_to(d['to'])}.",
    "not-pushed": lambda d, y: (
        f"{y.subject(d['bandit'], 'cannot leave')} the train and {y.verb(d['bandit'], 'stays')}."
    ),
    "marshal": lambda d, y: f"{y.subject(None, 'moves')} to {event_car(d, 'to')}.",
    "event": _event,
    "swept": lambda d, y: (
        f"{y.subject(d['bandit'], 'ends')} up on "
        f"{names.place(d['car'], True, d.get('cars'), prison=bool(d.get('prison')))}."
    ),
    "strongbox": lambda d, y: (
        f"{'A' if d.get('prison') else 'The second'} strongbox appears {_at(d)}."
    ),
    "no-pickpocket": lambda d, y: f"{y.subject(d['bandit'], 'takes')} no purse.",
    "ransom": lambda d, y: (
        f"{y.subject(d['bandit'], 'takes')} a {dollars(d['value'])} ransom from the conductor."
    ),
    "round-end": lambda d, y: f"End of round {d['round']}.",
    "no-one": lambda d, y: "Nobody is affected.",
    "game-over": _game_over,
}
EVENT_TEXT.update(EVENTS)  # the expansions' events join these as they are registered


def describe(event: Event, reader: Reader = SPECTATOR) -> str:
    """One sentence (or two) for an event of Colt Express (its expansions' too), written for
    ``reader`` (its own figures are "you"; by default the spectator's, every figure by
    name)."""
    render = EVENT_TEXT.get(event.kind)
    text = render(event.data, reader) if render else f"Something happened ({event.kind})."
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------- the browser


def _shoot_power(view: dict[str, Any], target: str) -> str | None:
    """Tuco's and Django's (accessible) powers reach bandits a plain Shoot cannot."""
    bandits = {b["character"]: b for b in view["bandits"]}
    me, them = bandits.get(view.get("actor_bandit") or ""), bandits.get(target)
    if me is None or them is None or me["car"] is None or them["car"] is None:
        return None
    if me["power"] == "through-floor" and me["car"] == them["car"]:
        return "through-floor"
    if me["power"] != "lone-gunman" or me["roof"] != them["roof"]:
        return None
    if not me["roof"]:
        return "lone-gunman" if abs(me["car"] - them["car"]) > 1 else None
    low, high = sorted((me["car"], them["car"]))
    between = [b for b in view["bandits"] if b["roof"] and b["car"] is not None]
    return "lone-gunman" if any(low < b["car"] < high for b in between) else None


def choice_power(action: str, view: dict[str, Any]) -> str | None:
    """The key of the character power that adds this choice (``names.power``), if any."""
    match parse_action(action):
        case Play(hidden=True):
            return "stealth"
        case Punch(take=True):
            return "pickpocket"
        case Floor(direction=str()):
            return "diagonal"
        case Shoot(target=target):
            return _shoot_power(view, target)
    return None


def _same(like: Like, view: dict[str, Any], parts: tuple[str, ...], key: str) -> Any:
    """The words ``key`` of the first of ``like`` whose view has ``parts`` as ``view`` has
    them (None if none has)."""
    for other, words in like:
        if key in words and all(_alike(other.get(p), view.get(p)) for p in parts):
            return words[key]
    return None


# what a viewer that does not decide reads of the situation depends on (``situation``)
_SITUATION = ("result", "round_card", "round", "rounds", "turn", "decision", "actor",
              "actor_bandit")


def _same_situation(like: Like, view: dict[str, Any]) -> str | None:
    """The situation as one of ``like`` read it, if it is the same sentence for ``view``:
    neither viewer decides (its words for the one who decides say "you") and what the
    words depend on is alike (the seats' bandits are the same in one game)."""
    if view.get("seat") == view["actor"]:
        return None
    for other, words in like:
        if "situation" in words and other.get("seat") != other["actor"] and all(
            _alike(other.get(p), view.get(p)) for p in _SITUATION
        ):
            text: str = words["situation"]
            return text
    return None


def _alike(a: Any, b: Any) -> bool:
    return a is b or a == b


def browser_captions(view: dict[str, Any], like: Like = ()) -> dict[str, Any]:
    """The words the browser shows with a view: ``captions``, with the power behind each
    choice named where one adds it, the names of the cards kept for the next round (Expert
    Variant) and each expansion's words (``Expansion.browser``); ``like`` as ``captions``
    has it."""
    out = captions(view, like)
    for choice in out["choices"]:
        power = choice_power(choice["action"], view)
        choice["power"] = names.power(power) if power else ""
    if view.get("kept"):  # the Expert Variant's cards kept for the next round
        out["kept"] = [
            {"card": c, "name": names.card(c), "help": names.card_help(c)} for c in view["kept"]
        ]
    for expansion in expansions_of(view):
        expansion.browser(view, out)
    return out


def pile_card(frame_events: list[Event], before: Game | None) -> dict[str, Any] | None:
    """The pile card a step resolves: the card revealed first in it, or (for the first step
    of a move made while a card was resolving) that card. Public: it was turned over."""
    from ..engine.game import RESOLVING

    if frame_events and frame_events[0].kind == "reveal":
        d = frame_events[0].data
        index, bandit, card = int(d["index"]), str(d["bandit"]), str(d["card"])
    elif before is not None and before.phase in RESOLVING:
        index = before.resolve_i
        c = before.pile[index]
        bandit, card = before.chars[before.card_bandit[c]], before.card_name(c)
    else:
        return None
    return {
        "index": index,
        "owner": names.bandit(bandit),
        "card": names.card(card, owner=False),
        "help": names.card_help(card),
    }


# -------------------------------------------------------------- the lobby and the rules panel

PRESETS: tuple[dict[str, Any], ...] = (
    {"preset": "standard", "text": "Standard: powers, events, a train station"},
    {"preset": "first-game", "text": "First game: no powers, no events"},
    {"preset": "expert", "text": "Expert Variant"},
    {"preset": "two-bandits", "text": "2 bandits per player"},
    {"preset": "two-player", "text": "2 players", "players": (2,)},
    {"preset": "mei", "text": "With Mei"},
    {"preset": "accessible", "text": "Accessible edition"},
    {"preset": "accessible-two-player", "text": "Accessible edition, 2 players", "players": (2,)},
    {
        "preset": "marshal-prisoners",
        "text": "Marshal & Prisoners: Player 1 is the Marshal (3 to 8 players)",
        "first_seat": "the Marshal",
    },
    {
        "preset": "horses-stagecoach",
        "text": "Horses & Stagecoach: the stagecoach, horses, hostages and whiskey "
        "(3 to 7 players)",
    },
    {
        "preset": "both-expansions",
        "text": "Both expansions: Horses & Stagecoach with Marshal & Prisoners; Player 1 is "
        "the Marshal (3 to 8 players)",
        "first_seat": "the Marshal",
    },
)

# Each preset's short name (the lobby's select, a table's line in the lists) and what its
# rules are, in a sentence (under the lobby's form).
PRESET_ABOUT: dict[str, dict[str, str]] = {
    "standard": {
        "name": "Standard",
        "about": "The full base game: every bandit has a power, the round cards bring "
        "events, and the last round ends at a train station.",
    },
    "first-game": {
        "name": "First game",
        "about": "The base game made simple for a first game: no powers and no events, "
        "only the plain round cards.",
    },
    "expert": {
        "name": "Expert Variant",
        "about": "The standard game, but at the end of Schemin' you keep the cards you "
        "want for the next round; played cards and bullets you receive go back to your "
        "deck.",
    },
    "two-bandits": {
        "name": "2 bandits per player",
        "about": "Each player plays two bandits, for 2 or 3 players: you pick a card from "
        "your deck each round and may play a card of your other bandit after a Shoot.",
    },
    "two-player": {
        "name": "2 players",
        "about": "For two players: each plays two bandits, with the standard rules.",
    },
    "mei": {
        "name": "With Mei",
        "about": "The standard game with Mei, a seventh bandit, among those dealt.",
    },
    "accessible": {
        "name": "Accessible edition",
        "about": "The standard game with the powers as the accessible edition prints "
        "them.",
    },
    "accessible-two-player": {
        "name": "Accessible edition, 2 players",
        "about": "The accessible edition for two players, each playing two bandits.",
    },
    "marshal-prisoners": {
        "name": "Marshal & Prisoners",
        "about": "Player 1 is the Marshal and wins with 4 of the 5 goals; the others are "
        "bandits who free prisoners and rob; the Marshal captures them.",
    },
    "horses-stagecoach": {
        "name": "Horses & Stagecoach",
        "about": "A stagecoach with a $1,000 strongbox rides beside the train; the "
        "bandits arrive on horseback, ride with the Ride card, drink whiskey and take "
        "hostages.",
    },
    "both-expansions": {
        "name": "Both expansions",
        "about": "Horses & Stagecoach with Marshal & Prisoners: Player 1 is the Marshal; "
        "the stagecoach, horses, hostages and whiskey are in play.",
    },
}


def options_summary(options: dict[str, Any]) -> list[list[str]]:
    """The options of a game in words, for the replay page."""
    o = options
    variants = [
        o.get("two_bandits") and "2 bandits per player",
        o.get("expert") and "Expert Variant",
    ]
    expansions = [
        o.get("marshal_prisoners") and "Marshal & Prisoners",
        o.get("horses_stagecoach") and "Horses & Stagecoach",
    ]
    return [
        [
            "Advanced rules",
            f"{'powers' if o.get('powers') else 'no powers'}, "
            f"{'events' if o.get('events') else 'no events'}",
        ],
        ["Variants", ", ".join(v for v in variants if v) or "none"],
        ["Edition", "accessible edition" if o.get("edition") == "accessible" else "2016 rulebook"],
        ["Expansions", ", ".join(e for e in expansions if e) or "none"],
    ]


# The rules panel's sections in order: the base game's, each expansion's own, the variants
# (``help_topics`` names the expansions' overview sections by their titles).
RULES_SECTIONS = (
    ("cards", "Cards"),
    ("turns", "Turns of a round"),
    ("powers", "Powers of the bandits"),
    ("events", "Events and train stations"),
    ("Marshal & Prisoners", "Marshal & Prisoners"),
    ("penalties", "The Marshal's bullets: penalties"),
    ("goals", "The Marshal's goals"),
    ("Horses & Stagecoach", "Horses & Stagecoach"),
    ("hostages", "Hostages"),
    ("variants", "Variants"),
)


def rules(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rules panel: the display-name table and the rules help of a table with these
    options (a stored options dict): only its expansions' cards, turns, events and topics,
    the powers of the bandits it can deal (none without powers), no events without them,
    and the variants it plays. None: everything there is.

    >>> from coltexpress.engine.options import Options
    >>> base = rules(Options.preset("standard").to_dict())["topics"]
    >>> "idea" in base["cards"] or "ride" in base["cards"], sorted(base["variants"])
    (False, ['station'])
    >>> "Horses & Stagecoach" in rules(Options.preset("horses-stagecoach").to_dict())["topics"]
    True
    """
    table = names.names()
    topics = help_topics() if options is None else _table_topics(options, table)
    sections = [[key, title] for key, title in RULES_SECTIONS if topics.get(key)]
    return {"names": table, "topics": topics, "sections": sections}


def _table_topics(options: dict[str, Any], table: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The topics of a table's rules; ``table`` (a fresh copy of the display-name table)
    gets each power named by the bandit who holds it in the table's edition (the accessible
    edition gives Django's printed power to Tuco)."""
    from ..engine.content import content
    from ..engine.options import Options, RoundDeck

    o = Options.from_dict(options)
    topics = help_topics(o.marshal_prisoners, o.horses_stagecoach)
    holders = {power: c for c, power in content().powers[o.edition.value].items()}
    dealt = {p for p, c in holders.items() if c in o.character_pool()} if o.powers else set()
    topics["powers"] = {k: v for k, v in topics["powers"].items() if k in dealt}
    for power in dealt:
        table["powers"][power]["name"] = f"{names.bandit(holders[power])}'s power"
    if not o.events:
        topics["events"] = {}
    played = {
        "two-bandits": o.two_bandits,
        "expert": o.expert_cards,
        "station": o.deck is RoundDeck.STATION,
    }
    topics["variants"] = {k: v for k, v in topics["variants"].items() if played.get(k)}
    return topics
