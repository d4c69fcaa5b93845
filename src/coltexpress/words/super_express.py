"""The words of Colt Super Express, for every front end: the choices with their labels and
a line of help, the situation, the train and the bandits in sentences (each floor's figures
in order from the locomotive's side, which way each faces, who is stunned), the cards of the
round, the summary of a round, the end of the game, the rules in brief, the events in
sentences (``describe``), and what the browser shows with a view (``browser_captions``, the
card a moment reveals, the lobby's presets, the replay's options, the rules panel).

Everything reads a view dict (``SuperGame.view(seat)``), never the game; bandits' names come
from ``engine/names.py``, the table every front end shares.

>>> label("program floor", {"seat": 0, "players": [{"programmed": 1}]})
'Program Change Floor as your second card'
>>> ordinal(3)
'third'
>>> browser_where({"car": 2, "roof": True, "order": 0, "facing": "caboose", "stunned": True,
...                "out": False, "falling": False, "out_round": None},
...               {"caboose": 4, "cars": [{}, {}, {"roof": ["doc", "belle"], "inside": []}]})
"on the roof of car 2 (first of 2 from the locomotive's side), facing the caboose, stunned"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import names
from ..superexpress.actions import KINDS, parse_super_action
from .common import SPECTATOR, Reader, Template, and_list, cap, choice_keys, plural

if TYPE_CHECKING:
    from ..superexpress.game import SuperEvent, SuperGame

__all__ = [
    "CARDS",
    "CARD_HELP",
    "EVENTS",
    "PRESETS",
    "PRESET_ABOUT",
    "PROGRAMMED",
    "browser_captions",
    "browser_where",
    "card",
    "card_key",
    "choices",
    "describe",
    "figure_lines",
    "hand_sentence",
    "help_topics",
    "hint",
    "label",
    "loot_words",
    "options_summary",
    "ordinal",
    "overview",
    "pile_lines",
    "public_round_summary",
    "result_lines",
    "reveal_order",
    "round_summary",
    "rules",
    "situation",
    "stance",
    "step_card",
    "train_lines",
    "turn_header",
    "where",
]

PROGRAMMED = 3  # cards each player programs in a round
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def ordinal(n: int) -> str:
    """``first`` for 1, ``second`` for 2, ..."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"number {n}"


def _cards(kinds: list[str]) -> str:
    return ", ".join(card(k) for k in kinds)


def _name(view: dict[str, Any], seat: int, *, you: bool = True) -> str:
    """A player by the bandit played; ``you`` for the viewer when ``you``."""
    if you and view.get("seat") == seat:
        return "you"
    return names.bandit(view["bandits"][seat]["character"])


# ---------------------------------------------------------------------------- choices


def _programmed(view: dict[str, Any] | None) -> int | None:
    """How many cards the viewer has programmed this round (None: not known)."""
    if view is None or view.get("seat") is None:
        return None
    return int(view["players"][view["seat"]]["programmed"])


def label(action: str, view: dict[str, Any] | None = None) -> str:
    """``Program Fire as your second card``; raises NotationError for a bad action."""
    kind = parse_super_action(action).kind
    n = _programmed(view)
    text = f"Program {card(kind)}"
    return text if n is None or n >= PROGRAMMED else f"{text} as your {ordinal(n + 1)} card"


def hint(action: str, view: dict[str, Any] | None = None) -> str:
    """The card's rule, then when it will be revealed and where the viewer stands now."""
    kind = parse_super_action(action).kind
    text = f"{card(kind)}: {CARD_HELP[kind]}"
    if view is None or view.get("seat") is None:
        return text
    stack = view.get("stack") or []
    if not stack:
        text += " It is revealed first in the Shootin' phase."
    elif len(stack) == 1:
        text += f" It is revealed after your {card(stack[0])}."
    else:
        text += f" It is revealed last, after your {and_list([card(k) for k in stack])}."
    me = view["bandits"][view["seat"]]
    if me["car"] is not None:
        text += f" You are {where(view, me)}, {stance(me)}."
        if me["stunned"]:
            text += " Stunned, the first card you reveal only gets you up" + (
                " (a Reflex gets you up and fires)." if "reflex" in view["cards"] else ".")
    return text


def card_key(action: str) -> str:
    """A card's key, the same all game (the cards' fixed order): ``1`` programs a Flip,
    ``4`` a Fire, whatever is left in the hand.

    >>> card_key("program fire")
    '4'
    """
    return choice_keys(len(KINDS))[KINDS.index(parse_super_action(action).kind)]


def choices(view: dict[str, Any]) -> list[dict[str, str]]:
    """The viewer's legal actions in order, each with its key, label and help."""
    legal = view.get("legal") or []
    return [
        {"action": a, "key": card_key(a), "label": label(a, view), "hint": hint(a, view)}
        for a in legal
    ]


# ---------------------------------------------------------------------------- the board


def where(view: dict[str, Any], b: dict[str, Any]) -> str:
    """Where a bandit is, to follow "is": ``inside car 2``, ``on the roof of the caboose``,
    ``off the train, falling``, ``out of the game since round 2``."""
    if b["out"]:
        return f"out of the game since round {b['out_round']}"
    if b["falling"] or b["car"] is None:
        return "off the train, falling"
    place = names.place(b["car"], bool(b["roof"]), view["caboose"])
    return f"on {place}" if b["roof"] else place


def _place(view: dict[str, Any], b: dict[str, Any]) -> str:
    """``inside car 2``, ``the roof of the caboose``: a place to go from or to."""
    return names.place(b["car"], bool(b["roof"]), view["caboose"])


def stance(b: dict[str, Any]) -> str:
    """``facing the caboose``, ``facing the locomotive, stunned``."""
    return f"facing the {b['facing']}" + (", stunned" if b["stunned"] else "")


def _floor(view: dict[str, Any], b: dict[str, Any]) -> list[str]:
    car = view["cars"][b["car"]]
    return list(car["roof"] if b["roof"] else car["inside"])


def place_in_order(view: dict[str, Any], b: dict[str, Any], *, short: bool = False) -> str:
    """``alone``, or ``second of 3 from the locomotive's side`` on the bandit's floor
    (``short``: ``2nd of 3``)."""
    floor = _floor(view, b)
    if len(floor) == 1:
        return "alone"
    n = b["order"] + 1
    if short:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix} of {len(floor)}"
    return f"{ordinal(n)} of {len(floor)} from the locomotive's side"


def turn_header(view: dict[str, Any]) -> str | None:
    """The round, said when it changes: ``Round 2``."""
    return None if "result" in view else f"Round {view['round']}"


def situation(view: dict[str, Any], *, header: bool = True) -> str:
    """The round (``header``) and the train's length, then who must decide what."""
    if "result" in view:
        return "The game is over."
    parts = []
    if header:
        parts.append(f"Round {view['round']}: {plural(view['caboose'], 'car')} behind the "
                     f"locomotive.")
    if view["decision"] == "watch":
        players = view["players"]
        shown = sum(len(p["revealed"]) for p in players)
        parts.append(f"Shootin': the cards are revealed one by one ({shown} of "
                     f"{sum(p['programmed'] for p in players)} so far).")
        return " ".join(parts)
    actor = view["actor"]
    n = view["players"][actor]["programmed"] + 1
    if view.get("seat") == actor:
        parts.append(f"Your turn: program your {ordinal(n)} card of {PROGRAMMED}, face down.")
    else:
        parts.append(f"{_name(view, actor)} is programming a {ordinal(n)} card, face down.")
    return " ".join(parts)


def hand_sentence(view: dict[str, Any]) -> str:
    """The viewer's cards: in hand, programmed (in the order they will be revealed),
    revealed, set aside."""
    hand = view.get("hand")
    if hand is None:
        return "A spectator has no cards."
    if "result" in view:
        return "The game is over."
    seat = view["seat"]
    me = view["bandits"][seat]
    if me["out"]:
        return "You are out of the game."
    player = view["players"][seat]
    stack = view.get("stack") or []
    revealed = player["revealed"]
    if player["programmed"] < PROGRAMMED and not revealed:
        text = f"Your hand: {_cards(hand) or 'empty'}."
        if stack:
            text += f" Programmed so far, in order: {_cards(stack)}."
        return text
    parts = []
    if stack:
        parts.append(f"Still to reveal, in order: {_cards(stack)}.")
    if revealed:
        parts.append(f"Revealed: {_cards(revealed)}.")
    if hand:
        parts.append(f"Set aside this round: {_cards(hand)}.")
    return " ".join(parts) or "You have no cards this round."


def train_lines(view: dict[str, Any]) -> list[str]:
    """The train in sentences: its cars, then each floor with figures, in order from the
    locomotive's side, each with the way it faces; then who is falling and who is out."""
    caboose = view["caboose"]
    lines = [
        "The train: the locomotive alone." if caboose == 0 else
        f"The train: the locomotive and {plural(caboose, 'car')}; car {caboose} is the "
        "caboose, the next to come off."
    ]
    by_name = {b["character"]: b for b in view["bandits"]}
    for car in view["cars"]:
        for roof in (True, False):
            figures = car["roof"] if roof else car["inside"]
            if not figures:
                continue
            place = names.place(car["car"], roof, caboose)
            place = f"on {place}" if roof else place
            order = " (from the locomotive's side)" if len(figures) > 1 else ""
            who = [f"{names.bandit(f)}{' (you)' if by_name[f]['seat'] == view.get('seat') else ''}"
                   f" {stance(by_name[f])}" for f in figures]
            lines.append(f"{cap(place)}{order}: {'; '.join(who)}.")
    falling = [names.bandit(b["character"]) for b in view["bandits"] if b["falling"]]
    if falling:
        lines.append(f"Off the train, falling: {and_list(falling)} (only a Horse card "
                     "revealed next this round saves).")
    out = [f"{names.bandit(b['character'])} (round {b['out_round']})"
           for b in view["bandits"] if b["out"]]
    if out:
        lines.append(f"Out of the game: {and_list(out)}.")
    return lines


def loot_words(b: dict[str, Any]) -> str:
    """``no Loot card``, ``1 Loot card (worth 5)``, ``2 Loot cards (worth 6 and 5)``."""
    loot = b["loot"]
    if not loot:
        return "no Loot card"
    return f"{plural(len(loot), 'Loot card')} (worth {and_list([str(t['value']) for t in loot])})"


def figure_lines(view: dict[str, Any]) -> list[str]:
    """Each bandit in seat order: where, in what order, facing; cards; Loot cards."""
    lines = []
    for b, p in zip(view["bandits"], view["players"], strict=True):
        who = names.bandit(b["character"]) + (" (you)" if b["seat"] == view.get("seat") else "")
        if b["out"] or b["car"] is None:
            text = f"{who}: {where(view, b)}"
        else:
            text = f"{who}: {where(view, b)} ({place_in_order(view, b)}), {stance(b)}"
        if not b["out"]:
            text += f"; {p['programmed']} of {PROGRAMMED} cards programmed"
            if p["revealed"]:
                text += f", revealed: {_cards(p['revealed'])}"
        lines.append(f"{text}; {loot_words(b)}.")
    return lines


def reveal_order(view: dict[str, Any]) -> list[tuple[int, int]]:
    """The round's programmed cards in the order they are revealed: (seat, index in the
    seat's stack), from the first player on, one card each in turn."""
    n = len(view["players"])
    order = [(view["first_player"] + i) % n for i in range(n)]
    return [(seat, i) for i in range(PROGRAMMED) for seat in order
            if view["players"][seat]["programmed"] > i]


def pile_lines(view: dict[str, Any]) -> list[str]:
    """The cards of the round, player by player."""
    lines = []
    for b, p in zip(view["bandits"], view["players"], strict=True):
        who = names.bandit(b["character"])
        if b["out"]:
            lines.append(f"  {who}: out of the game.")
            continue
        text = f"  {who}: {p['programmed']} of {PROGRAMMED} programmed"
        if p["revealed"]:
            text += f"; revealed: {_cards(p['revealed'])}"
        if p["to_reveal"] and p["revealed"]:
            text += f"; {p['to_reveal']} still face down"
        lines.append(text + ".")
    return lines


# ---------------------------------------------------------------------------- summaries


_FATE = {
    "ejected": "left the train",
    "fell": "fell from the train",
    "caboose": "went with the caboose",
}


def _times(who: list[str]) -> str:
    """``Doc``, ``Doc twice and Belle``: names in order of first mention, with counts."""
    counts = {name: who.count(name) for name in dict.fromkeys(who)}
    return and_list([name if n == 1 else f"{name} twice" if n == 2 else f"{name} {n} times"
                     for name, n in counts.items()])


def round_summary(
    before: dict[str, Any], after: dict[str, Any], events: list[Any], closing: list[Any]
) -> list[str]:
    """What each bandit did in a round: from the view as the cards began to be revealed
    (``before``) to the view at its end (``after``), with the events between them
    (``events``) and those that close the round (``closing``: the caboose coming off)."""
    shots: dict[str, list[str]] = {}
    hit: dict[str, list[str]] = {}
    gone: dict[str, str] = {}
    saved: set[str] = set()
    loot: dict[str, int] = {}
    for e in [*events, *closing]:
        if e.seat is not None:
            continue
        d = e.data
        if e.kind == "fire":
            shots.setdefault(d["bandit"], []).append(names.bandit(d["target"]))
            hit.setdefault(d["target"], []).append(names.bandit(d["bandit"]))
        elif e.kind == "eliminated":
            gone[d["bandit"]] = _FATE.get(d["reason"], "left the train")
        elif e.kind == "saved":
            saved.add(d["bandit"])
        elif e.kind == "loot-card":
            loot[d["bandit"]] = d["value"]
    lines = []
    old = {b["character"]: b for b in before["bandits"]}
    for b in after["bandits"]:
        was = old.get(b["character"])
        if was is None or was["out"]:
            continue
        name = b["character"]
        parts = []
        if b["car"] is not None and (b["car"], b["roof"]) != (was["car"], was["roof"]):
            parts.append(f"went from {_place(before, was)} to {_place(after, b)}")
        if b["facing"] != was["facing"]:
            parts.append(f"turned to face the {b['facing']}")
        if name in shots:
            parts.append(f"shot {_times(shots[name])}")
        if name in hit:
            parts.append(f"was shot by {_times(hit[name])}")
        if name in saved:
            parts.append("was saved by a Horse card")
        if b["stunned"]:
            parts.append("ends the round stunned")
        if name in gone:
            parts.append(f"{gone[name]}: out of the game")
        if name in loot:
            parts.append(f"took the caboose as a Loot card (worth {loot[name]})")
        you = " (you)" if after.get("seat") == b["seat"] else ""
        lines.append(f"{names.bandit(name)}{you}: " + (", ".join(parts) or "stayed put") + ".")
    return lines


def _tied_names(bandits: list[dict[str, Any]], tied: list[int], r: dict[str, Any]) -> list[str]:
    """The other bandits tied on Loot cards with the winners (none of the winners)."""
    return [names.bandit(bandits[s]["character"]) for s in tied if s not in r["winners"]]


def result_lines(view: dict[str, Any]) -> list[str]:
    """The end: who won and why, then each bandit's fate and Loot cards."""
    r = view["result"]
    bandits = view["bandits"]
    winners = [names.bandit(bandits[s]["character"]) for s in r["winners"]]
    aboard = [s for s in range(len(bandits)) if r["aboard"][s]]
    if len(aboard) == 1 and r["winners"] == aboard:
        first = f"{winners[0]} wins: the last bandit on the train."
    else:
        among = ("the bandits left in the locomotive" if aboard
                 else "the last bandits to leave the train")
        verb = "wins" if len(winners) == 1 else "share the win"
        pool = aboard or [s for s in range(len(bandits))
                          if r["out_round"][s] == max(x or 0 for x in r["out_round"])]
        most = max(r["loot"][s] for s in pool)
        tied = [s for s in pool if r["loot"][s] == most]
        cards = plural(most, "Loot card")
        best = max(r["best_loot"][s] for s in r["winners"])
        if len(tied) == 1:
            why = f"the most Loot cards among {among} ({cards})"
        elif sorted(tied) == sorted(r["winners"]):
            why = f"{cards} each among {among}, and the same best Loot card (worth {best})"
        else:
            others = and_list(_tied_names(bandits, tied, r))
            why = (f"{cards} among {among}, as many as {others}, and the best Loot card "
                   f"(worth {best})")
        first = f"{and_list(winners)} {verb}: {why}."
    lines = [first]
    for b in bandits:
        s = b["seat"]
        who = names.bandit(b["character"]) + (" (you)" if s == view.get("seat") else "")
        fate = "on the train to the end" if r["aboard"][s] else (
            f"out of the game in round {r['out_round'][s]}")
        flag = " Winner." if s in r["winners"] else ""
        lines.append(f"{who}: {fate}; {loot_words(b)}.{flag}")
    return lines


# ---------------------------------------------------------------------------- help


def overview() -> str:
    return (
        "Colt Super Express: the last bandit on the train wins. Each round every player "
        "programs 3 of their cards face down, one on top of the other; then, from the first "
        "player on, each reveals the top card in turn and carries it out, three times round. "
        "At the end of every round the caboose comes off with whoever is on it, and the "
        "bandit farthest back takes it as a Loot card."
    )


def help_topics(options: Any) -> dict[str, dict[str, str]]:
    """The cards and the rules in brief, for the game's options (a ``SuperOptions`` or its
    dict)."""
    opts = options if isinstance(options, dict) else options.to_dict()
    kinds = ["flip", "floor", "move", "fire"] + ["reflex"] * bool(opts.get("reflex")) + [
        "horse"] * bool(opts.get("horse"))
    cards = {k: f"{card(k)}: {CARD_HELP[k]}" for k in kinds}
    cards["wake"] = ("Wake up: a stunned bandit's next card, whatever it is, only gets the "
                     "bandit up, facing the same way" + (" (except a Reflex)." if "reflex"
                                                         in kinds else "."))
    rules = {
        "setup": "Set-up: one car per player plus one behind the locomotive; the first "
                 "player's bandit starts in the car before the caboose, the next players' in "
                 "the cars toward the locomotive. The rear half (rounded up) face the "
                 "locomotive, the others the caboose.",
        "schemin": "Schemin'!: from the first player on, everyone programs 3 of their "
                   "cards face down, one on top of the other; the card left over is set "
                   "aside for the round.",
        "shootin": "Shootin'!: from the first player on, each reveals the top card of their "
                   "stack and carries it out, one card at a time, until every card is "
                   "revealed.",
        "order": "Order on a floor: the figures on a roof or inside a car stand in a line, "
                 "from the locomotive's side to the caboose's; a bandit arriving by Move "
                 "stands on the side it came in by, one changing floor with their back to the "
                 "edge of the card.",
        "sight": "Line of sight: the bandits in front of a shooter, on the same floor, in "
                 "the same car or further along. A stunned bandit cannot be shot: the bullet "
                 + ("stops there." if opts.get("stunned_blocks") else "flies by to the next."),
        "stunned": "Stunned: a bandit who is shot goes to the next car the shot points to, "
                   "same floor, lying down; pushed off the end of the train, out of the game.",
        "round-end": "End of a round: the caboose comes off with whoever is on it (out of "
                     "the game); the bandit farthest back (a roof before the inside) takes it "
                     "as a Loot card; the first player card passes to the left.",
        "loot": "Loot cards: " + ("each is worth the number of its car counted from the "
                                  "locomotive." if opts.get("loot_values", "order") == "order"
                                  else "all are worth the same."),
        "end": "End of the game: at once when a single bandit is left on the train (the "
               "winner); or when the last car comes off with several bandits in the "
               "locomotive: the most Loot cards wins, then the best of them.",
    }
    if opts.get("horse"):
        rules["falling"] = ("Falling: with Horse cards, a bandit thrown off the train with "
                            "a card still to reveal falls; the next card revealed saves the "
                            "bandit if it is a Horse, otherwise the bandit is out.")
    return {"cards": cards, "the game": rules}


# ---------------------------------------------------------------------------- the cards

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


# ---------------------------------------------------------------------------- events


def _event_where(d: dict[str, Any]) -> str:
    return names.place(d["car"], d["roof"], d["cars"])


def _into(d: dict[str, Any]) -> str:
    """``into car 2``, ``onto the roof of the caboose``: where a figure arrives."""
    if d["roof"]:
        return "onto " + _event_where(d)
    return "into " + names.car(d["car"], d["cars"])


def _wake(d: dict[str, Any], y: Reader) -> str:
    b = d["bandit"]
    if d.get("card") == "reflex":
        return f"{y.subject(b, 'gets')} up, firing."
    return f"{y.subject(b, 'was')} stunned: the card only gets {y.name(b)} up."


def _event_floor(d: dict[str, Any], y: Reader) -> str:
    who = y.subject(d["bandit"], "climbs")
    if d["roof"]:
        return f"{who} onto {_event_where(d)}."
    return f"{who} down into {names.car(d['car'], d['cars'])}."


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


EVENTS: dict[str, Template] = {
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
    "floor": _event_floor,
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
        f"{cap(y.name(d['bandit']))}, farthest back, {y.verb(d['bandit'], 'takes')} the car "
        f"as a Loot card (worth {d['value']})."
    ),
    "game-over": _over,
}


def describe(event: SuperEvent, reader: Reader = SPECTATOR) -> str:
    """One sentence for an event, written for ``reader`` (by default the spectator)."""
    text = EVENTS.get(event.kind)
    if text is None:
        return event.kind.replace("-", " ").capitalize() + "."
    return cap(text(event.data, reader))


# ---------------------------------------------------------------------------- the browser


def _figure(character: str) -> str:
    return cap(names.bandit(character))


def _card_entry(kind: str) -> dict[str, str]:
    return {"card": kind, "name": card(kind), "help": CARD_HELP.get(kind, "")}


def browser_where(b: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a bandit is, to follow "is": the floor, the place in its line, the facing."""
    if b["out"] or b["falling"] or b["car"] is None:
        return where(view, b)
    return f"{where(view, b)} ({place_in_order(view, b)}), {stance(b)}"


# ---------------------------------------------------------------------------- the players


def _player(view: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    bandit = view["bandits"][p["seat"]]
    if bandit["out"]:
        state = "Out of the game"
    elif p["programmed"] < PROGRAMMED:
        state = f"{p['programmed']} of {PROGRAMMED} cards programmed"
    elif p["to_reveal"]:
        state = f"{PROGRAMMED} cards programmed, {p['to_reveal']} still face down"
    else:
        state = f"All {PROGRAMMED} cards revealed"
    return {
        "seat": p["seat"],
        "name": _figure(p["bandit"]),
        "state": state,
        "revealed": [_card_entry(k) for k in p["revealed"]],
        "face_down": p["to_reveal"],
    }


def _round(view: dict[str, Any]) -> dict[str, Any]:
    caboose = view["caboose"]
    first = _figure(view["players"][view["first_player"]]["bandit"])
    return {
        "title": f"Round {view['round']}",
        "lines": [
            f"First player: {first}.",
            f"The train: the locomotive and {plural(caboose, 'car')}; at the end of the round "
            f"{names.car(caboose, caboose)} comes off, with anyone on it.",
            f"Each player programs {PROGRAMMED} cards face down, then from the first player "
            "each reveals one card at a time, in turn.",
        ],
    }


# ---------------------------------------------------------------------------- captions


def browser_captions(view: dict[str, Any]) -> dict[str, Any]:
    """The words a browser shows with a view (the server sends them beside it)."""
    listed = [{**c, "power": ""} for c in choices(view)]
    keys = {c["action"]: c["key"] for c in listed}
    out: dict[str, Any] = {
        "situation": situation(view),
        "choices": listed,
        "train": train_lines(view),
        "bandits": [
            {
                "character": b["character"],
                "name": names.bandit(b["character"]),
                "where": browser_where(b, view),
                "loot": loot_words(b),
            }
            for b in view["bandits"]
        ],
        "players": [_player(view, p) for p in view["players"]],
        "cards": [_card_entry(k) for k in view["cards"]],
        "round": _round(view),
    }
    if view.get("hand") is not None:
        out["hand"] = [
            {**_card_entry(k), "key": keys.get(f"program {k}", ""),
             "action": f"program {k}" if f"program {k}" in keys else ""}
            for k in view["hand"]
        ]
        out["stack"] = [_card_entry(k) for k in view.get("stack", [])]
    if "result" in view:
        out["end"] = result_lines(view)
    return out


def step_card(events: list[SuperEvent], before: SuperGame | None) -> dict[str, Any] | None:
    """The card a moment of the Shootin' phase turns over (public: it is revealed)."""
    if not events or events[0].kind != "reveal":
        return None
    d = events[0].data
    owner = _figure(str(d["bandit"]))
    return {"seat": int(d["seat"]), "owner": owner, **_card_entry(str(d["card"]))}


def public_round_summary(
    before: dict[str, Any], after: dict[str, Any], events: list[Any], closing: list[Any]
) -> list[str]:
    """What each bandit did in the round: from the view as the round was dealt to the view
    at its end, with the Shootin' phase's events (``events``) and those that close the
    round (``closing``), public ones only."""
    return round_summary(
        before, after, [e for e in events if e.seat is None], [e for e in closing if e.seat is None]
    )


# -------------------------------------------------------------- the lobby and the rules panel

PRESETS: tuple[dict[str, Any], ...] = (
    {"preset": "standard", "text": "Standard: Flip, Change Floor, Move and Fire"},
    {"preset": "reflex", "text": "With the Reflex extension"},
    {"preset": "horse", "text": "With the Horse extension"},
    {"preset": "reflex-horse", "text": "With both extensions: Reflex and Horse"},
)

# Each preset's short name (the lobby's select, a table's line in the lists) and what its
# rules are, in a sentence (under the lobby's form).
PRESET_ABOUT: dict[str, dict[str, str]] = {
    "standard": {
        "name": "Standard",
        "about": "Each bandit plays Flip, Change Floor, Move and Fire; the caboose comes "
        "off at the end of each round, and a bandit thrown off the train is out.",
    },
    "reflex": {
        "name": "Reflex",
        "about": "The standard game with a Reflex card: a stunned bandit gets up and "
        "fires, a standing one lies down.",
    },
    "horse": {
        "name": "Horse",
        "about": "The standard game with a Horse card: it takes you into the locomotive, "
        "or saves you when you have just been thrown off.",
    },
    "reflex-horse": {
        "name": "Reflex and Horse",
        "about": "The standard game with both extensions' cards, Reflex and Horse.",
    },
}


def options_summary(options: dict[str, Any]) -> list[list[str]]:
    ext = [x for x, on in (("Reflex", options.get("reflex")), ("Horse", options.get("horse")))
           if on]
    return [
        ["Extensions", and_list(ext) or "none"],
        ["Stunned bandits", "stop a bullet" if options.get("stunned_blocks")
         else "let a bullet fly by"],
        ["Loot cards", "all worth the same" if options.get("loot_values") == "equal"
         else "worth their car's number from the locomotive"],
    ]


_EVERY_CARD = {"reflex": True, "horse": True}  # the rules panel names every card


def rules(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rules panel: the game in brief, then the cards of a table with these options
    (``help_topics``; None: every card).

    >>> sorted(rules({"reflex": False, "horse": True})["topics"]["cards"])
    ['fire', 'flip', 'floor', 'horse', 'move', 'wake']
    """
    topics = help_topics(_EVERY_CARD if options is None else options)
    sections = [["the game", "How the game goes"], ["cards", "The cards"]]
    table: dict[str, Any] = {"overview": overview()}
    for key, entries in topics.items():
        table[key] = {k: {"name": text.split(": ", 1)[0]} for k, text in entries.items()}
    return {"names": table, "topics": topics, "sections": sections}
