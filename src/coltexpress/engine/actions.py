"""Actions: small frozen values with a text notation and a stable integer id.

Notation (one action per line, lower case, words separated by spaces)::

    draw                          draw 3 cards instead of playing
    play move                     play a card (face up unless the turn is a tunnel)
    play shoot down               Ghost's power: play the first card face down
    play shoot@tuco               with 2 bandits per player: whose card
    pass                          decline an optional step (Cover, Pickpocketing, keeping)
    pick rob@django               2 bandits per player: the card chosen before the shuffle
    keep rob                      Expert Variant: keep a card in hand for the next round
    place tuco                    2 bandits per player: this bandit starts in the caboose
    move forward 2                forward = toward the locomotive, back = toward the caboose
    floor                         Change Floor in the same car
    floor back                    Mei: Change Floor diagonally
    shoot belle                   the target of a Shoot
    rob jewel                     the kind of loot robbed (a purse is taken unseen)
    rob purse#12                  accessible edition: the purse token of your choice
    punch doc purse back          target, loot he drops ("nothing" if he has none), push
    punch doc purse back take     Cheyenne keeps the purse the victim dropped
    marshal back                  where a Marshal card moves the Marshal
    take purse                    Pickpocketing: take a purse from your space (unseen)
    take purse#12                 accessible edition: the purse token of your choice

Marshal & Prisoners adds::

    draw idea                     search the deck for the Brilliant Idea card
    play idea, play move+, play capture   the expansion's cards
    shoot marshal                 bandits may shoot (and punch) the Marshal
    shoot belle left              the Marshal: one target, the bullet from his left gun
    shoot belle left doc right    the Marshal: two targets, one bullet from each gun
    capture belle                 the Marshal puts a bandit in his space in the cell
    escape corridor               Brilliant Idea in the cell: out, to the corridor or roof
    free prisoner tuco            Brilliant Idea on the prison car: Tuco's sidekick
    free belle                    ... or a bandit from the cell
    give #12                      the freed bandit gives a loot token of his choice

Horses & Stagecoach adds::

    board, ride on                the Horse Attack: board this car, or ride on to the next
    play ride                     the Ride card
    drink normal, drink old       drink half a whiskey flask (Normal turns)
    ride 2, ride coach, ride away where a Ride takes the rider (inside car 2, the stagecoach)
    move coach                    a roof Move ending on the stagecoach's roof
    move train back 1             from the stagecoach's roof onto the train, then on
    rob whiskey                   take a whiskey flask
    punch doc purse coach         push him into the stagecoach (or: train, out of it)
    punch shotgun                 knock the Shotgun off the stagecoach's roof
    flee back                     run from the Shotgun to an adjacent roof
    punch doc purse off           Deadly Fall: off the roof of the train
    shoot doc off                 Deadly Fall: Django's shot off the end of the train

>>> parse_action("move forward 2")
Move(direction='forward', distance=2)
>>> str(parse_action("  PUNCH doc purse back take "))
'punch doc purse back take'
>>> action_id(parse_action("draw"))
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .content import CARD_KINDS, CHARACTERS, LOOT_KINDS
from .errors import NotationError
from .pickling import Pickled

__all__ = [
    "ACTIONS",
    "DIRECTIONS",
    "MAX_TOKENS",
    "Action",
    "Attack",
    "Draw",
    "Drink",
    "Flee",
    "Floor",
    "Keep",
    "MarshalMove",
    "Move",
    "MoveCoach",
    "MoveTrain",
    "Pass",
    "Pick",
    "Place",
    "Play",
    "Punch",
    "PunchShotgun",
    "Ride",
    "Rob",
    "Shoot",
    "Take",
    "action_id",
    "parse_action",
]

DIRECTIONS: Final = ("forward", "back")
MAX_TOKENS: Final = 64  # loot token ids that the fixed action space can name
# The base game's blocks of the action space name the base game's kinds only: the ids of
# an expansion's actions come after them, so the base ids never change.
_ALL_KINDS: Final = tuple(k.value for k in CARD_KINDS[:7])
_PLAYABLE: Final = _ALL_KINDS[:6]
_LOOT: Final = tuple(k.value for k in LOOT_KINDS[:3])
MP_KINDS: Final = tuple(k.value for k in CARD_KINDS[7:11])  # Marshal & Prisoners' cards
GUNS: Final = ("left", "right")  # the Marshal's two cylinder piles
MARSHAL_FIGURE: Final = "marshal"  # the Marshal player's figure, a target like the bandits'
_ALL_LOOT: Final = tuple(k.value for k in LOOT_KINDS[:4])  # base game, Marshal & Prisoners
WHISKEY_LOOT: Final = LOOT_KINDS[4].value  # Horses & Stagecoach's flask
SIDES: Final = ("coach", "train")  # Horses & Stagecoach: a push into the stagecoach, or out of it
SHOTGUN: Final = "shotgun"


def _card(kind: str, bandit: str | None) -> str:
    return kind if bandit is None else f"{kind}@{bandit}"


@dataclass(frozen=True, slots=True)
class Draw(Pickled):
    """Draw 3 cards from your deck instead of playing."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Pickled):
    """Decline an optional step."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Play(Pickled):
    """Play an action card from your hand onto the pile."""

    kind: str
    bandit: str | None = None
    hidden: bool = False

    def __str__(self) -> str:
        return f"play {_card(self.kind, self.bandit)}" + (" down" if self.hidden else "")


@dataclass(frozen=True, slots=True)
class Pick(Pickled):
    """2 bandits per player: the card taken from the deck before the round's shuffle."""

    kind: str
    bandit: str | None = None

    def __str__(self) -> str:
        return f"pick {_card(self.kind, self.bandit)}"


@dataclass(frozen=True, slots=True)
class Keep(Pickled):
    """Expert Variant: keep a card of your hand for the next round."""

    kind: str
    bandit: str | None = None

    def __str__(self) -> str:
        return f"keep {_card(self.kind, self.bandit)}"


@dataclass(frozen=True, slots=True)
class Place(Pickled):
    """2 bandits per player: the bandit placed in the caboose (the other goes next to it)."""

    caboose: str

    def __str__(self) -> str:
        return f"place {self.caboose}"


@dataclass(frozen=True, slots=True)
class Move(Pickled):
    """Resolve a Move card."""

    direction: str
    distance: int

    def __str__(self) -> str:
        return f"move {self.direction} {self.distance}"


@dataclass(frozen=True, slots=True)
class Floor(Pickled):
    """Resolve a Change Floor card; a direction only for Mei's diagonal move."""

    direction: str | None = None

    def __str__(self) -> str:
        return "floor" if self.direction is None else f"floor {self.direction}"


@dataclass(frozen=True, slots=True)
class Shoot(Pickled):
    """Resolve a Shoot card against a bandit; ``off``: Django knocks him off the train
    (Marshal & Prisoners' Deadly Fall)."""

    target: str
    off: bool = False

    def __str__(self) -> str:
        return f"shoot {self.target}" + (" off" if self.off else "")


@dataclass(frozen=True, slots=True)
class Rob(Pickled):
    """Resolve a Rob card: the kind of loot, or (accessible edition) a purse token."""

    loot: str
    token: int | None = None

    def __str__(self) -> str:
        return f"rob {self.loot}" + ("" if self.token is None else f"#{self.token}")


@dataclass(frozen=True, slots=True)
class Punch(Pickled):
    """Resolve a Punch card: target, the loot he drops, where he is pushed, Cheyenne's take."""

    target: str
    loot: str | None
    direction: str
    take: bool = False

    def __str__(self) -> str:
        loot = "nothing" if self.loot is None else self.loot
        return f"punch {self.target} {loot} {self.direction}" + (" take" if self.take else "")


@dataclass(frozen=True, slots=True)
class MarshalMove(Pickled):
    """Resolve a Marshal card: the direction the Marshal moves."""

    direction: str

    def __str__(self) -> str:
        return f"marshal {self.direction}"


@dataclass(frozen=True, slots=True)
class Take(Pickled):
    """Pickpocketing: take a purse from your space (accessible edition: a chosen token)."""

    token: int | None = None

    def __str__(self) -> str:
        return "take purse" + ("" if self.token is None else f"#{self.token}")


@dataclass(frozen=True, slots=True)
class DrawIdea(Pickled):
    """Marshal & Prisoners: search the deck for the Brilliant Idea card instead of drawing."""

    def __str__(self) -> str:
        return "draw idea"


@dataclass(frozen=True, slots=True)
class MarshalShot(Pickled):
    """Marshal & Prisoners: the Marshal's Shoot, one bullet from a gun per target; a second
    target takes the other gun's bullet."""

    target: str
    gun: str
    second: str | None = None

    def __str__(self) -> str:
        text = f"shoot {self.target} {self.gun}"
        if self.second is not None:
            text += f" {self.second} {GUNS[1 - GUNS.index(self.gun)]}"
        return text


@dataclass(frozen=True, slots=True)
class Capture(Pickled):
    """Marshal & Prisoners: the Marshal puts a bandit of his space in the cell."""

    target: str

    def __str__(self) -> str:
        return f"capture {self.target}"


@dataclass(frozen=True, slots=True)
class Escape(Pickled):
    """Marshal & Prisoners: a Brilliant Idea in the cell: out to the corridor or the roof."""

    to: str

    def __str__(self) -> str:
        return f"escape {self.to}"


@dataclass(frozen=True, slots=True)
class Free(Pickled):
    """Marshal & Prisoners: a Brilliant Idea on the prison car frees a prisoner (named by
    the bandit whose sidekick he is) or a bandit from the cell."""

    target: str
    prisoner: bool = False

    def __str__(self) -> str:
        return f"free prisoner {self.target}" if self.prisoner else f"free {self.target}"


@dataclass(frozen=True, slots=True)
class Give(Pickled):
    """Marshal & Prisoners: the freed bandit gives one loot token of his choice."""

    token: int

    def __str__(self) -> str:
        return f"give #{self.token}"


@dataclass(frozen=True, slots=True)
class Attack(Pickled):
    """Horses & Stagecoach's Horse Attack: board the car reached, or ride on to the next."""

    board: bool

    def __str__(self) -> str:
        return "board" if self.board else "ride on"


@dataclass(frozen=True, slots=True)
class Drink(Pickled):
    """Horses & Stagecoach: drink half a whiskey flask (normal or old) instead of playing."""

    old: bool

    def __str__(self) -> str:
        return "drink old" if self.old else "drink normal"


@dataclass(frozen=True, slots=True)
class Ride(Pickled):
    """Horses & Stagecoach: where a Ride card takes the rider: inside a car (its number,
    the locomotive is 0), inside the stagecoach, or away from the train (Escape)."""

    to: str

    def __str__(self) -> str:
        return f"ride {self.to}"


@dataclass(frozen=True, slots=True)
class MoveCoach(Pickled):
    """Horses & Stagecoach: a roof Move that ends on the stagecoach's roof."""

    def __str__(self) -> str:
        return "move coach"


@dataclass(frozen=True, slots=True)
class MoveTrain(Pickled):
    """Horses & Stagecoach: a Move from the stagecoach's roof to the roof of the car beside
    it (1 step), then on along the train."""

    direction: str | None = None
    distance: int = 0

    def __str__(self) -> str:
        if self.direction is None:
            return "move train"
        return f"move train {self.direction} {self.distance}"


@dataclass(frozen=True, slots=True)
class PunchShotgun(Pickled):
    """Horses & Stagecoach: punch the Shotgun off the stagecoach's roof."""

    def __str__(self) -> str:
        return "punch shotgun"


@dataclass(frozen=True, slots=True)
class Flee(Pickled):
    """Horses & Stagecoach: run from the Shotgun's space to the roof of an adjacent car."""

    direction: str

    def __str__(self) -> str:
        return f"flee {self.direction}"


Action = (
    Draw | Pass | Play | Pick | Keep | Place | Move | Floor | Shoot | Rob | Punch
    | MarshalMove | Take | DrawIdea | MarshalShot | Capture | Escape | Free | Give
    | Attack | Drink | Ride | MoveCoach | MoveTrain | PunchShotgun | Flee
)
RIDE_CARS: Final = 8  # cars a Ride may name (the locomotive and up to 7 behind it)

# ---------------------------------------------------------------------------- action space
# A fixed enumeration of every action of every option set; the index is the stable id.
# Layout blocks are appended in this order and never reordered (new actions go at the end).

_WHO: tuple[str | None, ...] = (None, *CHARACTERS)


def _enumerate() -> list[Action]:
    out: list[Action] = [Draw(), Pass()]
    out += [Play(k, w, h) for k in _PLAYABLE for w in _WHO for h in (False, True)]
    out += [Pick(k, w) for k in _ALL_KINDS for w in _WHO]
    out += [Keep(k, w) for k in _ALL_KINDS for w in _WHO]
    out += [Place(c) for c in CHARACTERS]
    out += [Move(d, n) for d in DIRECTIONS for n in (1, 2, 3)]
    out += [Floor(None), Floor("forward"), Floor("back")]
    out += [Shoot(c) for c in CHARACTERS]
    out += [Rob(k) for k in _LOOT]
    out += [Rob("purse", t) for t in range(MAX_TOKENS)]
    out += [
        Punch(c, loot, d, take)
        for c in CHARACTERS
        for loot in (None, *_LOOT)
        for d in DIRECTIONS
        for take in (False, True)
    ]
    out += [MarshalMove(d) for d in DIRECTIONS]
    out += [Take()]
    out += [Take(t) for t in range(MAX_TOKENS)]
    # Marshal & Prisoners
    out += [DrawIdea()]
    out += [Play(k, None, h) for k in MP_KINDS for h in (False, True)]
    out += [Keep(k, None) for k in MP_KINDS]
    out += [Shoot(MARSHAL_FIGURE)]
    out += [Shoot(c, True) for c in (*CHARACTERS, MARSHAL_FIGURE)]
    out += [Rob("mailbag")]
    out += [Punch(MARSHAL_FIGURE, None, d) for d in (*DIRECTIONS, "off")]
    out += [Punch(c, "mailbag", d) for c in CHARACTERS for d in DIRECTIONS]
    out += [Punch(c, loot, "off") for c in CHARACTERS for loot in (None, *_ALL_LOOT)]
    out += [Punch(c, "purse", "off", True) for c in CHARACTERS]
    out += [MarshalShot(c, gun) for c in CHARACTERS for gun in GUNS]
    out += [
        MarshalShot(c, gun, d) for c in CHARACTERS for gun in GUNS for d in CHARACTERS if d != c
    ]
    out += [Capture(c) for c in CHARACTERS]
    out += [Escape(to) for to in ("corridor", "roof")]
    out += [Free(c, prisoner=True) for c in CHARACTERS]
    out += [Free(c) for c in CHARACTERS]
    out += [Give(t) for t in range(MAX_TOKENS)]
    # Horses & Stagecoach
    ride = CARD_KINDS[11].value
    out += [Play(ride, None, h) for h in (False, True)]
    out += [Keep(ride, None)]
    out += [Attack(True), Attack(False)]
    out += [Drink(False), Drink(True)]
    out += [Ride(str(c)) for c in range(RIDE_CARS)] + [Ride("coach"), Ride("away")]
    out += [MoveCoach(), MoveTrain()]
    out += [MoveTrain(d, n) for d in DIRECTIONS for n in (1, 2)]
    out += [Flee(d) for d in DIRECTIONS]
    out += [PunchShotgun()]
    out += [Rob(WHISKEY_LOOT)]
    out += [Punch(c, WHISKEY_LOOT, d) for c in CHARACTERS for d in (*DIRECTIONS, "off")]
    out += [
        Punch(c, loot, side, take)
        for c in CHARACTERS
        for loot in (None, *_ALL_LOOT, WHISKEY_LOOT)
        for side in SIDES
        for take in (False, True)
        if not take or loot == "purse"
    ]
    out += [Punch(MARSHAL_FIGURE, None, "train")]
    return out


ACTIONS: tuple[Action, ...] = tuple(_enumerate())
_ID: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}
_BY_TEXT: dict[str, int] = {str(a): i for i, a in enumerate(ACTIONS)}
ACTION_TEXTS: tuple[str, ...] = tuple(str(a) for a in ACTIONS)  # each action's notation, by id
assert len(_ID) == len(ACTIONS) == len(_BY_TEXT)  # the enumeration itself, not input
_ACTION_TYPES: Final = tuple({type(a) for a in ACTIONS})


def action_id(action: object) -> int:
    """The stable integer id of an action."""
    index = _ID.get(action) if isinstance(action, _ACTION_TYPES) else None
    if index is None:
        raise NotationError(f"{action!r} is not an action of the game")
    return index


def parse_action(text: object) -> Action:
    """Parse the text notation; raises NotationError quoting the input."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    canonical = " ".join(text.lower().split())
    index = _BY_TEXT.get(canonical)
    if index is not None:
        return ACTIONS[index]
    raise NotationError(f"{text!r} is not an action: {_explain(canonical)}")


def _explain(text: str) -> str:
    """Say what is wrong with a text that is not in the notation."""
    if not text:
        return "the text is empty"
    verb, *rest = text.split(" ")
    verbs = {
        "draw": "draw or draw idea",
        "pass": "pass",
        "play": "play <kind>[@<bandit>] [down]",
        "pick": "pick <kind>[@<bandit>]",
        "keep": "keep <kind>[@<bandit>]",
        "place": "place <bandit>",
        "move": "move forward|back 1|2|3, move coach, or move train [forward|back 1|2]",
        "floor": "floor [forward|back]",
        "shoot": "shoot <bandit> [off], or the Marshal's shoot <bandit> left|right [<bandit>"
        " right|left]",
        "rob": "rob purse|jewel|strongbox|mailbag or rob purse#<token>",
        "punch": "punch <bandit> nothing|purse|jewel|strongbox|mailbag|whiskey "
        "forward|back|off|coach|train [take], or punch shotgun",
        "marshal": "marshal forward|back",
        "take": "take purse or take purse#<token>",
        "capture": "capture <bandit>",
        "escape": "escape corridor|roof",
        "free": "free <bandit> or free prisoner <bandit>",
        "give": "give #<token>",
        "board": "board",
        "ride": "ride on, ride <car>, ride coach or ride away",
        "drink": "drink normal|old",
        "flee": "flee forward|back",
    }
    if verb not in verbs:
        return f"unknown verb {verb!r}; verbs are {', '.join(verbs)}"
    for word in rest:
        base = word.split("@")[0].split("#")[0]
        names = set(CHARACTERS) | set(_ALL_KINDS) | set(_ALL_LOOT) | set(DIRECTIONS)
        names |= {"down", "take", "nothing", "1", "2", "3", "off", "idea", "marshal", "corridor",
                  "roof", "prisoner", *MP_KINDS, *GUNS, "", "ride", "on", "coach", "train",
                  "away", "normal", "old", "whiskey", SHOTGUN, *map(str, range(RIDE_CARS))}
        if base not in names:
            return f"unknown word {word!r}; the form is '{verbs[verb]}'"
    return f"the form is '{verbs[verb]}'"
