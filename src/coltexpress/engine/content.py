"""Printed content of the base game, loaded from ``data/base.json``.

Content is data: cars, purses, round cards, stations and characters live in the data file;
this module turns it into small frozen records and the integer codes the engine uses.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any, Final

from .pickling import Pickled

__all__ = [
    "CARD_KINDS",
    "CHARACTERS",
    "LOOT_KINDS",
    "BaseContent",
    "CardKind",
    "CarSpec",
    "LootKind",
    "RoundCardSpec",
    "TurnType",
    "content",
]


class CardKind(StrEnum):
    """Kinds of cards a player can hold."""

    MOVE = "move"
    FLOOR = "floor"
    SHOOT = "shoot"
    ROB = "rob"
    PUNCH = "punch"
    MARSHAL = "marshal"
    BULLET = "bullet"
    # Marshal & Prisoners
    IDEA = "idea"  # a bandit's Brilliant Idea
    MOVE_PLUS = "move+"  # the Marshal's Move + and Change Floor +
    FLOOR_PLUS = "floor+"
    CAPTURE = "capture"
    # Horses & Stagecoach
    RIDE = "ride"


class LootKind(StrEnum):
    """Kinds of loot tokens."""

    PURSE = "purse"
    JEWEL = "jewel"
    STRONGBOX = "strongbox"
    MAILBAG = "mailbag"  # Marshal & Prisoners
    WHISKEY = "whiskey"  # Horses & Stagecoach: a flask, normal or old (face down)


class TurnType(StrEnum):
    """Turn icons on round cards."""

    STANDARD = "S"
    TUNNEL = "T"
    SPEEDING = "Sp"
    SWITCHING = "Sw"
    JARRING = "J"  # Marshal & Prisoners: no Shoot or Punch card may be played
    TURMOIL = "Tu"  # Horses & Stagecoach: actions chosen in secret, revealed together


CARD_KINDS: tuple[CardKind, ...] = tuple(CardKind)
LOOT_KINDS: tuple[LootKind, ...] = tuple(LootKind)

# Integer codes used on the hot path (index into the tuples above).
MOVE, FLOOR, SHOOT, ROB, PUNCH, MARSHAL, BULLET, IDEA, MOVE_PLUS, FLOOR_PLUS, CAPTURE, RIDE = range(
    12
)
PURSE: Final = 0
JEWEL: Final = 1
STRONGBOX: Final = 2
MAILBAG: Final = 3
WHISKEY: Final = 4
ACTION_CARD_KINDS: Final = (MOVE, FLOOR, SHOOT, ROB, PUNCH, MARSHAL)


@dataclass(frozen=True, slots=True)
class CarSpec(Pickled):
    """A train car and the loot printed on its floor."""

    name: str
    purses: int
    jewels: int


@dataclass(frozen=True, slots=True)
class RoundCardSpec(Pickled):
    """A round card or train station: its turns for each player band, and its event."""

    name: str
    event: str | None
    turns: dict[str, tuple[TurnType, ...]]
    station: bool
    rainy: bool = False  # Marshal & Prisoners: Schemin' for a Rainy Day
    def turns_for(self, band: str) -> tuple[TurnType, ...]:
        """The turns for a player band ("2-4" or "5-6"); stations are the same for all."""
        return self.turns[band] if band in self.turns else self.turns["all"]


@dataclass(frozen=True, slots=True)
class BaseContent(Pickled):
    """Everything printed in the base box that the rules engine needs."""

    cars: tuple[CarSpec, ...]
    purse_values: tuple[int, ...]
    jewel_value: int
    jewel_count: int
    strongbox_value: int
    strongbox_count: int
    start_purse: int
    mei_start_purse: int
    conductor_ransom: int
    neutral_bullets: int
    gunslinger_bonus: int
    action_deck: tuple[tuple[int, int], ...]  # (kind code, count)
    cylinder: int
    characters: tuple[str, ...]
    round_cards: tuple[RoundCardSpec, ...]
    stations: tuple[RoundCardSpec, ...]
    powers: dict[str, dict[str, str]]  # edition -> character -> power name
    confidence: dict[str, tuple[str, bool]]

    def round_card(self, name: str) -> RoundCardSpec:
        """Find a round card or a station by name."""
        for card in self.round_cards + self.stations:
            if card.name == name:
                return card
        raise KeyError(name)


def load_round_cards(items: list[dict[str, Any]], *, station: bool) -> tuple[RoundCardSpec, ...]:
    """Round cards (turns per band) or train stations (the same turns for all) as data."""
    return tuple(
        RoundCardSpec(
            name=item["name"],
            event=item["event"],
            turns={"all": tuple(TurnType(t) for t in item["turns"])}
            if station
            else {band: tuple(TurnType(t) for t in ts) for band, ts in item["turns"].items()},
            station=station,
            rainy=bool(item.get("rainy", False)),
        )
        for item in items
    )


def round_specs(
    *, marshal_prisoners: bool, horses_stagecoach: bool = False
) -> tuple[RoundCardSpec, ...]:
    """Every round card of a game, then every train station (the expansions' added)."""
    rounds, stations = content().round_cards, content().stations
    if marshal_prisoners:
        from .mp.content import mp_content

        rounds += mp_content().round_cards
        stations += mp_content().stations
    if horses_stagecoach:
        from .hs.content import hs_content

        rounds += hs_content().round_cards
        stations += hs_content().stations
    return rounds + stations


def pool_names(
    table: str, *, marshal_prisoners: bool, horses_stagecoach: bool = False
) -> list[str]:
    """The names of the round cards (``round_cards``) or stations (``stations``) of a game."""
    specs = round_specs(marshal_prisoners=marshal_prisoners, horses_stagecoach=horses_stagecoach)
    return [s.name for s in specs if s.station == (table == "stations")]


def _load() -> BaseContent:
    raw: dict[str, Any] = json.loads(
        resources.files("coltexpress").joinpath("data/base.json").read_text(encoding="utf-8")
    )
    kinds = {k.value: i for i, k in enumerate(CARD_KINDS)}
    rounds = load_round_cards(raw["round_cards"]["items"], station=False)
    stations = load_round_cards(raw["stations"]["items"], station=True)
    confidence = {
        key: (str(value["confidence"]), bool(value["verified"]))
        for key, value in raw.items()
        if isinstance(value, dict) and "confidence" in value
    }
    return BaseContent(
        cars=tuple(CarSpec(c["name"], c["purses"], c["jewels"]) for c in raw["cars"]["items"]),
        purse_values=tuple(raw["purses"]["values"]),
        jewel_value=raw["jewel_value"]["value"],
        jewel_count=raw["jewel_value"]["count"],
        strongbox_value=raw["strongbox_value"]["value"],
        strongbox_count=raw["strongbox_value"]["count"],
        start_purse=raw["start_purse"]["value"],
        mei_start_purse=raw["mei_start_purse"]["value"],
        conductor_ransom=raw["conductor_ransom"]["value"],
        neutral_bullets=raw["neutral_bullets"]["count"],
        gunslinger_bonus=raw["gunslinger_bonus"]["value"],
        action_deck=tuple((kinds[k], n) for k, n in raw["action_deck"]["cards"].items()),
        cylinder=raw["cylinder"]["count"],
        characters=tuple(raw["characters"]["items"]),
        round_cards=rounds,
        stations=stations,
        powers={ed: dict(m) for ed, m in raw["powers"].items() if isinstance(m, dict)},
        confidence=confidence,
    )


_CONTENT: BaseContent | None = None


def content() -> BaseContent:
    """The base-game content (loaded once)."""
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = _load()
    return _CONTENT


CHARACTERS: tuple[str, ...] = content().characters
