"""What the words of every game share: who reads a sentence (``Reader``, ``SPECTATOR``,
``verb_for_you``), lists and counts (``and_list``, ``plural``, ``sentence``, ``money``), the
keys of the choices, and the registry through which an expansion plugs its words into the
base game's (``Expansion``, ``register``).

>>> and_list(["Doc", "Belle", "Tuco"]), plural(2, "card"), money(-450)
('Doc, Belle and Tuco', '2 cards', '-$450')
>>> choice_keys(13)[-3:]
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import names

__all__ = [
    "CHOICE_KEYS",
    "DOING",
    "EVENT_TEXT",
    "EXPANSIONS",
    "PASS_HINTS",
    "PASS_LABELS",
    "SPECTATOR",
    "WORDED_BY",
    "Expansion",
    "Reader",
    "Template",
    "and_list",
    "cap",
    "dollars",
    "choice_keys",
    "expansions_of",
    "has_prison",
    "money",
    "plural",
    "register",
    "sentence",
    "verb_for_you",
]

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


def _name(value: Any) -> str:
    return names.bandit(value) if value else "the Marshal"


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


def cap(text: str) -> str:
    """The text with a capital first letter (the rest as it is)."""
    return text[:1].upper() + text[1:]


def dollars(value: int) -> str:
    """``$1,250`` (an amount as an event states it)."""
    return f"${value:,}"


def money(value: int) -> str:
    """``$1,250``, ``-$450``."""
    return f"-${-value:,}" if value < 0 else f"${value:,}"


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
        return and_list([self.name(f) for f in figures])

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

# Keys for the choices, in order: digits, then letters the front ends keep for nothing else
# (f final scores, h help, l log, p players, q quit, s save).
CHOICE_KEYS = "1234567890abcdegijkmnortuvwxyz"


def choice_keys(n: int) -> list[str]:
    """The keys of ``n`` choices (beyond the keys there are, none)."""
    return [CHOICE_KEYS[i] if i < len(CHOICE_KEYS) else "" for i in range(n)]


# ---------------------------------------------------------------------------- the registry

Template = Callable[[dict[str, Any], Reader], str]
View = dict[str, Any]


def _none(*_args: Any, **_kwargs: Any) -> None:
    return None


def _nothing(*_args: Any, **_kwargs: Any) -> list[Any]:
    return []


def _no_places(*_args: Any) -> dict[tuple[bool, bool, int | None], list[str]]:
    return {}


def _no_words(*_args: Any, **_kwargs: Any) -> str:
    return ""


@dataclass(frozen=True)
class Expansion:
    """What an expansion of Colt Express adds to the base game's words. Every hook has a
    default that adds nothing; the base game's functions call the hooks of the expansions a
    view has (``expansions_of``), or of every registered one where no view says which.

    - ``key``: its part of a view (``view["mp"]``); ``option``: its ``Options`` field;
      ``title``: its name as printed; ``order``: its place among the expansions, whatever
      the order they are imported in (Marshal & Prisoners first, as the rules summary
      does).
    - ``events``: its events' sentences, kind -> ``(data, reader) -> str``.
    - ``doing``: decision -> what the acting player is doing; ``pass_labels`` and
      ``pass_hints``: decision -> the words of passing it.
    - ``label(action, view)``, ``hint(action, view)``: the words of a choice of its own (an
      action parsed), or None to leave it to the base game; asked only of the action
      classes in ``actions``.
    - ``situation(view)``: what the viewer's decision depends on, said after it.
    - ``prison_car``: the caboose is a prison car (the cars are named so).
    - ``where(view, bandit)``: where one of its figures is (``in the cell``), or None;
      ``nowhere(view)``: the bandits in no space of the train (in the cell);
      ``in_spaces(view)``: its figures standing in the spaces (``the Shotgun``), by space:
      (stagecoach, roof, car; None for the stagecoach's).
    - ``holds(view, character)``: what a figure holds beside its loot (``; holds ...``).
    - ``figure_lines(view)``, ``train_lines(view)``, ``end_lines(view)``: the expansion's
      own version of these when it is played, or None.
    - ``game_over(data, reader)``: the sentence of the end of a game of it, or None.
    - ``beside_train(view)``: lines said after the train's; ``train_key(view)``: what of
      its part of the view the train's sentences depend on (they are kept by it).
    - ``loot_moves(kind, data)``: (figure, "took"/"lost", loot) of an event of its own;
      ``moves(kind, data)``: (figure, what happened) for the round summary.
    - ``score_row(result, seat, row)``: adds its columns to a seat's row of scores;
      ``money_parts(row)``: the parts of a seat's money it adds (``ransom ... $500``).
    - ``captions(view, out)``: adds its words to ``base.captions``; ``browser(view, out)``
      to the browser's (``base.browser_captions``).
    - ``help_sections``: its own sections of the rules help; ``help_only``: section ->
      topics only it has; ``help_not``: topics it leaves out; ``help_entry(section, key,
      entry, played)``: a topic's help (None: the base game's words), ``played`` saying
      whether the help is for a game of it (True), without it (False), or of anything (None).
    """

    key: str
    option: str
    title: str
    order: int  # where it comes among the expansions (its sections of help, its words)
    prison_car: bool = False  # whether the caboose is a prison car
    events: Mapping[str, Template] = field(default_factory=dict)
    doing: Mapping[str, str] = field(default_factory=dict)
    pass_labels: Mapping[str, str] = field(default_factory=dict)
    pass_hints: Mapping[str, str] = field(default_factory=dict)
    actions: tuple[type, ...] = ()
    label: Callable[[Any, View | None], str | None] = _none
    hint: Callable[[Any, View | None], str | None] = _none
    situation: Callable[[View], str] = _no_words
    where: Callable[[View, dict[str, Any]], str | None] = _none
    nowhere: Callable[[View], list[str]] = _nothing
    in_spaces: Callable[[View], dict[tuple[bool, bool, int | None], list[str]]] = _no_places
    holds: Callable[[View, str], str] = _no_words
    figure_lines: Callable[[View], list[str] | None] = _none
    train_lines: Callable[[View], list[str] | None] = _none
    end_lines: Callable[[View], list[str] | None] = _none
    game_over: Callable[[dict[str, Any], Reader], str | None] = _none
    beside_train: Callable[[View], list[str]] = _nothing
    train_key: Callable[[View], Any] = _none
    loot_moves: Callable[[str, dict[str, Any]], list[tuple[str, str, str]]] = _nothing
    moves: Callable[[str, dict[str, Any]], list[tuple[str, str]]] = _nothing
    score_row: Callable[[dict[str, Any], int, dict[str, Any]], None] = _none
    money_parts: Callable[[dict[str, Any]], list[str]] = _nothing
    captions: Callable[[View, dict[str, Any]], None] = _none
    browser: Callable[[View, dict[str, Any]], None] = _none
    help_sections: tuple[str, ...] = ()
    help_only: Mapping[str, frozenset[str]] = field(default_factory=dict)
    help_not: Mapping[str, frozenset[str]] = field(default_factory=dict)
    help_entry: Callable[[str, str, dict[str, Any], bool | None], str | None] = _none


EXPANSIONS: dict[str, Expansion] = {}  # by key, in their order
EVENT_TEXT: dict[str, Template] = {}  # every event's sentence: the base game's and theirs
DOING: dict[str, str] = {}  # decision -> what the acting player is doing
PASS_LABELS: dict[str, str] = {}  # decision -> the label of passing it
PASS_HINTS: dict[str, str] = {}  # decision -> the help of passing it
WORDED_BY: dict[type, list[Expansion]] = {}  # action class -> the expansions that word it
PRISON_KEYS: list[str] = []  # the view parts of the expansions whose caboose is a prison car
_ORDERED: list[Expansion] = []  # EXPANSIONS' values, kept as a list: asked at every step


def register(expansion: Expansion) -> Expansion:
    """Plug an expansion's words in (once, as its module is imported)."""
    EXPANSIONS[expansion.key] = expansion
    ordered = sorted(EXPANSIONS.values(), key=lambda e: e.order)
    EXPANSIONS.clear()
    EXPANSIONS.update((e.key, e) for e in ordered)
    PRISON_KEYS[:] = [e.key for e in ordered if e.prison_car]
    _ORDERED[:] = ordered
    WORDED_BY.clear()
    for e in ordered:
        for kind in e.actions:
            WORDED_BY.setdefault(kind, []).append(e)
    EVENT_TEXT.update(expansion.events)
    DOING.update(expansion.doing)
    PASS_LABELS.update(expansion.pass_labels)
    PASS_HINTS.update(expansion.pass_hints)
    return expansion


def expansions_of(view: View | None) -> list[Expansion]:
    """The expansions a view has (its ``mp``, ``hs`` parts, there only when the game plays
    them); none without a view."""
    if view is None:
        return []
    return [e for e in _ORDERED if e.key in view]


def has_prison(view: View) -> bool:
    """Whether the view's caboose is a prison car (``Expansion.prison_car``). Asked for
    every car named: kept quick."""
    for key in PRISON_KEYS:  # noqa: SIM110 (a loop: quicker than any() over a generator)
        if key in view:
            return True
    return False
