"""What the server adds to describe.py's words: player names given in the lobby (checked),
who a seat is in sentences, the power behind a choice, and the pile card a step resolves;
and Colt Express as a table game (``table_game()``, ``server/kinds.py``): its captions,
labels, round summaries, presets in the lobby's words and its rules panel.

Every name still comes from the display-name table (``engine/names.py``).

>>> clean_name("  Anna   Lee ")
'Anna Lee'
>>> clean_name("") is None
True
>>> clean_name("Bob\\u202e")
Traceback (most recent call last):
...
ValueError: a name may not hold control or invisible characters
>>> seat_change_text(["tuco", "belle"], None, "bot")
'Tuco and Belle are now played by a bot.'
>>> seat_change_text(["belle"], "Anna", "human")
'Anna is back and plays Belle again.'
>>> duration(90), duration(45), duration(120)
('1 min 30 s', '45 s', '2 min')
>>> clock_out_text(["belle"], "Anna")
"Anna's time ran out: a bot made this move for Belle."
"""

from __future__ import annotations

import functools
import unicodedata
from typing import TYPE_CHECKING, Any

from .. import describe
from ..engine import names
from ..engine.actions import Floor, Play, Punch, Shoot, parse_action
from . import hs_words, mp_words

if TYPE_CHECKING:
    from ..engine.event import Event
    from ..engine.game import Game
    from .kinds import TableGame

__all__ = [
    "MAX_NAME",
    "bandit_names",
    "captions",
    "choice_power",
    "clean_name",
    "not_started_text",
    "pile_card",
    "player_label",
    "seat_change_text",
    "table_game",
    "table_notes",
]

MAX_NAME = 24  # characters: a name sits beside a bandit's on a phone
# Control, format (bidi overrides, zero-width), surrogate, private-use and unassigned
# characters, line and paragraph separators: nothing a player's name needs.
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_MARKS = {"Mn", "Me"}


def clean_name(value: Any) -> str | None:
    """A player's name as given in the lobby: plain text, at most MAX_NAME characters, single
    spaces; ``None`` for no name. Raises ValueError (with the reason) for anything else."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("a name must be a string")
    if len(value) > 4 * MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    text = unicodedata.normalize("NFC", value)
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in _REFUSED:
            raise ValueError("a name may not hold control or invisible characters")
        if category.startswith("Z") and ch != " ":
            raise ValueError("a name may hold plain spaces only")
        marks = marks + 1 if category in _MARKS else 0
        if marks > 2:
            raise ValueError("a name may not stack accents")
    text = " ".join(text.split(" ")).strip()
    text = " ".join(part for part in text.split(" ") if part)
    if not text:
        return None
    if unicodedata.category(text[0]) in _MARKS:
        raise ValueError("a name may not start with an accent")
    if len(text) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    return text


def bandit_names(bandits: list[str] | tuple[str, ...]) -> str:
    """``Belle`` or ``Tuco and Belle``."""
    return " and ".join(names.bandit(b) for b in bandits)


def seat_change_text(bandits: list[str], name: str | None, state: str) -> str:
    """A seat taken over by a bot or taken back, in words: bandits, never seat numbers."""
    who = bandit_names(bandits)
    if state == "bot":
        return f"{who} {'are' if len(bandits) > 1 else 'is'} now played by a bot."
    if name:
        return f"{name} is back and plays {who} again."
    return f"{who}'s player is back."


SEAT_TAKEN = (
    "This seat has been taken by its player; ask the host for a new link if it was yours."
)


def intruder_text(bandits: list[str]) -> str:
    """What a seat's player is told when someone else said hello with the seat's invite."""
    return (
        f"Someone opened the invite link of your seat ({bandit_names(bandits)}) and was "
        "turned away: the seat is yours. To play on another device of yours, use the "
        "link under \u201cYour other devices\u201d on this page."
    )


def released_text(bandits: list[str]) -> str:
    """What every viewer is told when the host released a person's seat."""
    who = bandit_names(bandits)
    return f"The host released {who}'s seat: a new link invites its next player."


def duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


def table_notes(clock: int | None, seed_chosen: bool, reserve: int | None = None) -> list[str]:
    """What everyone at a table (and in the lobby) is told about how it is played: its turn
    clock (and its reserve), and that its creator chose the deal."""
    notes = []
    if clock and reserve:
        notes.append(
            f"Turn clock: {duration(clock)} a decision, and {duration(reserve)} in reserve for "
            "each player over the game; when both run out, a bot makes that move. After a "
            "player's time has run out twice, the others may hand their seat to a bot until "
            "they come back."
        )
    elif clock:
        notes.append(
            f"Turn clock: {duration(clock)} a decision; when it runs out, a bot makes that "
            "move. After a player's time has run out twice, the others may hand their seat "
            "to a bot until they come back."
        )
    if seed_chosen:
        notes.append(
            "Practice table: its creator chose the deal, so whoever knows it can see every "
            "hidden card."
        )
    return notes


def player_label(bandits: list[str], name: str | None) -> str:
    """A player as the table page names them: ``Belle (Anna)``, or ``Belle``."""
    who = bandit_names(bandits)
    return f"{who} ({name})" if name else who


def not_started_text(host: str | None, *, hosting: bool) -> str:
    """What a table says before its host starts the game, in place of who decides: who will
    start it (``host``: the host's player label, None when the host only watches), and that
    everyone waits until then; nobody's turn has begun.

    >>> not_started_text("Belle (Anna)", hosting=False)
    'The game has not started yet: Belle (Anna), the host, will start it. Until then you wait.'
    >>> not_started_text(None, hosting=True)
    'The game has not started yet: you are the host; start it when you are ready.'
    """
    if hosting:
        return "The game has not started yet: you are the host; start it when you are ready."
    who = f"{host}, the host," if host else "the host"
    return f"The game has not started yet: {who} will start it. Until then you wait."


def handed_text(bandits: list[str], name: str | None, by: str) -> str:
    """Every viewer's sentence when players handed an idle player's seat to a bot."""
    who = bandit_names(bandits)
    player = name or f"{who}'s player"
    return f"{by} handed {who} to a bot until {player} comes back."


def clock_out_text(bandits: list[str], name: str | None) -> str:
    """The sentence every viewer gets when a seat's turn clock ran out."""
    who = f"{name}'s" if name else f"{bandit_names(bandits)}'s"
    return f"{who} time ran out: a bot made this move for {bandit_names(bandits)}."


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


def captions(view: dict[str, Any]) -> dict[str, Any]:
    """describe.captions, with the power behind each choice named where one adds it, the
    names of the cards kept for the next round (Expert Variant) and each expansion's words
    (``mp_words``, ``hs_words``)."""
    out = describe.captions(view)
    for choice in out["choices"]:
        power = choice_power(choice["action"], view)
        choice["power"] = names.power(power) if power else ""
    if view.get("kept"):  # the Expert Variant's cards kept for the next round
        out["kept"] = [
            {"card": c, "name": names.card(c), "help": names.card_help(c)} for c in view["kept"]
        ]
    if view.get("mp"):
        _marshal_prisoners(view, out)
    if view.get("hs"):
        hs_words.apply(view, out)
    return out


def _marshal_prisoners(view: dict[str, Any], out: dict[str, Any]) -> None:
    """Marshal & Prisoners: the prison car and its cell in the train's words, mailbags in the
    loot, the expansion's panel (``mp``) and its end of the game."""
    out["train"] = mp_words.mp_train_sentences(view)
    for entry, bandit in zip(out["bandits"], view["bandits"], strict=True):
        entry["where"] = mp_words.mp_where(bandit, view)
        entry["loot"] = describe.loot_summary(bandit["loot"])
    out["mp"] = mp_words.mp_captions(view)
    if "result" in view:
        out["end"] = mp_words.mp_end_lines(view)


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


# ---------------------------------------------------------------------------- the table game

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
# (``describe.help_topics`` names the expansions' overview sections by their titles).
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
    topics = describe.help_topics() if options is None else _table_topics(options, table)
    sections = [[key, title] for key, title in RULES_SECTIONS if topics.get(key)]
    return {"names": table, "topics": topics, "sections": sections}


def _table_topics(options: dict[str, Any], table: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The topics of a table's rules; ``table`` (a fresh copy of the display-name table)
    gets each power named by the bandit who holds it in the table's edition (the accessible
    edition gives Django's printed power to Tuco)."""
    from ..engine.content import content
    from ..engine.options import Options, RoundDeck

    o = Options.from_dict(options)
    topics = describe.help_topics(o.marshal_prisoners, o.horses_stagecoach)
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


def seat_bandits(game: Game, seat: int) -> list[str]:
    return [game.chars[b] for b in game.bandits_of[seat]]


def mover(game: Game) -> list[str]:
    """The bandit deciding, or (when the decision is the player's) the seat's bandits."""
    pending = game.pending
    if pending.seat is None:
        return []
    return [pending.bandit] if pending.bandit else seat_bandits(game, pending.seat)


@functools.cache
def table_game() -> TableGame:
    """Colt Express as a table game (``server/kinds.py``)."""
    from ..engine.ids import ACTIONS
    from ..engine.options import Options
    from ..games import game_of
    from ..tournament import LEVELS
    from .kinds import TableGame

    return TableGame(
        kind=game_of("colt-express"),
        levels=LEVELS,
        captions=captions,
        step_card=pile_card,
        label=describe.label,
        round_summary=lambda start, view, _events, _closing: describe.round_summary(start, view),
        seat_bandits=seat_bandits,
        mover=mover,
        action_text=lambda i: str(ACTIONS[i]),
        options_from_dict=Options.from_dict,
        presets=PRESETS,
        options_summary=options_summary,
        rules=rules,
    )
