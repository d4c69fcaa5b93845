"""Words for what a view shows: action labels, the train in sentences, scores.

Everything here reads a view dict (``Game.view(seat)``), never the game, so the Textual app
and the plain mode describe the same things the same way.

>>> label("move forward 2")
'Move 2 cars toward the locomotive'
>>> label("punch doc purse back take")
'Punch Doc: he drops a purse (you keep it), push him toward the caboose'
>>> label("play shoot down")
'Play Shoot face down'
"""

from __future__ import annotations

from typing import Any

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

__all__ = [
    "CARD_NAMES",
    "car_name",
    "hand_sentence",
    "label",
    "loot_summary",
    "option_label",
    "place_name",
    "player_lines",
    "score_rows",
    "situation",
    "train_sentences",
]

CARD_NAMES = {
    "move": "Move",
    "floor": "Change Floor",
    "shoot": "Shoot",
    "rob": "Rob",
    "punch": "Punch",
    "marshal": "Marshal",
    "bullet": "Bullet",
}
TURN_NAMES = {"S": "standard", "T": "tunnel", "Sp": "speeding-up", "Sw": "switching"}
_WAY = {"forward": "toward the locomotive", "back": "toward the caboose"}


def _who(name: str | None) -> str:
    return name.capitalize() if name else "the Marshal"


def card_label(card: str) -> str:
    """A card as a player reads it: ``shoot@tuco`` is "Shoot (Tuco)", ``bullet@belle:6``
    "Bullet 6 (Belle)", ``bullet`` a neutral bullet."""
    kind, _, bandit = card.partition("@")
    bandit, _, number = bandit.partition(":")
    text = CARD_NAMES.get(kind, kind)
    if kind == "bullet":
        return f"Bullet {number} ({_who(bandit)})" if bandit else "Neutral bullet"
    return f"{text} ({_who(bandit)})" if bandit else text


def label(action: str) -> str:
    """A short English label for an action in notation."""
    a = parse_action(action)
    match a:
        case Draw():
            return "Draw 3 cards"
        case Pass():
            return "Pass (decline)"
        case Play(kind=kind, bandit=bandit, hidden=hidden):
            return f"Play {card_label(kind if bandit is None else f'{kind}@{bandit}')}" + (
                " face down" if hidden else ""
            )
        case Pick(kind="bullet") | Keep(kind="bullet"):
            return f"{'Pick' if isinstance(a, Pick) else 'Keep'} a bullet card"
        case Pick(kind=kind, bandit=bandit):
            return f"Pick {card_label(kind if bandit is None else f'{kind}@{bandit}')}"
        case Keep(kind=kind, bandit=bandit):
            return f"Keep {card_label(kind if bandit is None else f'{kind}@{bandit}')}"
        case Place(caboose=name):
            return f"Put {_who(name)} in the caboose"
        case Move(direction=d, distance=n):
            return f"Move {n} car{'s' if n > 1 else ''} {_WAY[d]}"
        case Floor(direction=None):
            return "Change floor (same car)"
        case Floor(direction=d):
            return f"Change floor diagonally {_WAY[str(d)]}"
        case Shoot(target=t):
            return f"Shoot {_who(t)}"
        case Rob(loot=kind, token=None):
            return f"Rob a {kind}" + (" (value unseen)" if kind == "purse" else "")
        case Rob(loot=kind, token=token):
            return f"Rob the {kind} #{token}"
        case Punch(target=t, loot=loot, direction=d, take=take):
            drops = "he drops nothing" if loot in (None, "nothing") else f"he drops a {loot}"
            keep = " (you keep it)" if take else ""
            return f"Punch {_who(t)}: {drops}{keep}, push him {_WAY[d]}"
        case MarshalMove(direction=d):
            return f"Move the Marshal {_WAY[d]}"
        case Take(token=None):
            return "Take a purse (Pickpocketing)"
        case Take(token=token):
            return f"Take the purse #{token} (Pickpocketing)"
    return action  # pragma: no cover - every action kind is listed above


def option_label(action: str, view: dict[str, Any]) -> str:
    """``label`` with what the view adds: how many cards a draw really gives."""
    if action == "draw" and view.get("seat") is not None:
        deck = view["players"][view["seat"]]["deck_size"]
        if deck == 0:
            return "Draw 3 cards (your discard pile becomes your deck)"
        if deck < 3:
            return f"Draw {deck} card{'s' if deck > 1 else ''} (all your deck)"
    return label(action)


def car_name(car: int, cars: int) -> str:
    if car == 0:
        return "the locomotive"
    return "the caboose" if car == cars else f"car {car}"


def place_name(car: int, roof: bool, cars: int) -> str:
    where = car_name(car, cars)
    return f"on the roof of {where}" if roof else f"inside {where}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith(('s', 'x')) else 's'}"


def loot_summary(loot: list[dict[str, Any]], *, values: bool = True) -> str:
    """'2 purses ($250, ?), 1 jewel' — values only where the view gives them."""
    if not loot:
        return "no loot"
    parts = []
    for kind in ("purse", "jewel", "strongbox"):
        tokens = [t for t in loot if t["kind"] == kind]
        if not tokens:
            continue
        text = _plural(len(tokens), kind)
        if values and any("value" in t for t in tokens):
            text += " (" + ", ".join(f"${t['value']}" if "value" in t else "?" for t in tokens)
            text += ")"
        parts.append(text)
    return ", ".join(parts)


def train_sentences(view: dict[str, Any]) -> list[str]:
    """The train in sentences, locomotive first: who and what is where."""
    cars = view["cars"]
    lines = []
    for space in view["spaces"]:
        car, roof = space["car"], space["roof"]
        who = [
            b["character"].capitalize()
            for b in view["bandits"]
            if b["car"] == car and b["roof"] == roof
        ]
        if not roof and view["marshal"] == car:
            who.append("the Marshal")
        things = []
        if who:
            things.append(", ".join(who))
        if space["loot"]:
            things.append(loot_summary(space["loot"], values=False))
        if things:
            where = place_name(car, roof, cars)
            lines.append(f"{where[0].upper()}{where[1:]}: {'; '.join(things)}.")
    lines.append(f"The train has the locomotive and {cars} cars; car {cars} is the caboose.")
    return lines


def hand_sentence(view: dict[str, Any]) -> str:
    hand = view.get("hand")
    if hand is None:
        return "A spectator has no hand."
    text = "Your hand: " + (", ".join(card_label(c) for c in hand) or "empty") + "."
    if view.get("kept"):
        text += " Kept for next round: " + ", ".join(card_label(c) for c in view["kept"]) + "."
    return text


def player_lines(view: dict[str, Any]) -> list[str]:
    """Each seat as others see it (own purse values for the viewer only)."""
    lines = []
    for p in view["players"]:
        mine = p["seat"] == view["seat"]
        for b in (b for b in view["bandits"] if b["seat"] == p["seat"]):
            where = (
                "off the train"
                if b["car"] is None
                else place_name(b["car"], b["roof"], view["cars"])
            )
            lines.append(
                f"Seat {p['seat']}{' (you)' if mine else ''}: {b['character'].capitalize()} "
                f"{where}; {loot_summary(b['loot'], values=mine)}; "
                f"{b['bullets_left']} bullets left, {b['bullets_received']} received; "
                f"{p['hand_size']} cards in hand."
            )
    return lines


def situation(view: dict[str, Any]) -> str:
    """Round, round card, turn and who must decide what."""
    card = view["round_card"]
    if "result" in view:
        return "The game is over."
    parts = [f"Round {view['round']} of {view['rounds']}"]
    if card:
        turns = card["turns"]
        parts.append(
            f"{card['name']} (turns {' '.join(turns)}"
            + (f"; event {card['event']})" if card["event"] else ")")
        )
        if view["turn"] is not None and view["decision"] in ("play", "cover"):
            t = turns[view["turn"]]
            parts.append(f"turn {view['turn'] + 1} of {len(turns)}, {TURN_NAMES.get(t, t)}")
    bandit = view.get("actor_bandit")
    two = view["actor"] is not None and len(view["players"][view["actor"]]["bandits"]) > 1
    whose = f" for {str(bandit).capitalize()}" if bandit and two else ""
    parts.append(f"seat {view['actor']} to decide: {view['decision']}{whose}")
    return ", ".join(parts) + "."


def score_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per seat: characters, loot, Gunslinger, total, bullets received, winner."""
    result = view["result"]
    rows = []
    for p in view["players"]:
        s = p["seat"]
        gun = 1000 if s in result["gunslingers"] else 0
        rows.append(
            {
                "seat": s,
                "bandits": "+".join(b.capitalize() for b in p["bandits"]),
                "loot": result["loot"][s],
                "gunslinger": gun,
                "total": result["totals"][s],
                "received": result["received"][s],
                "winner": s in result["winners"],
            }
        )
    return rows
