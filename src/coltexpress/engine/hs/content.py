"""Horses & Stagecoach's printed content, loaded from ``data/horses_stagecoach.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..content import RoundCardSpec, load_round_cards
from ..pickling import Pickled

__all__ = ["HSContent", "Hostage", "hs_content"]


@dataclass(frozen=True, slots=True)
class Hostage(Pickled):
    """A hostage card: its ransom (flat, or per thing counted, or on a condition)."""

    name: str
    ransom: int
    per: str | None  # "jewel", "purse", "bandit-bullet"
    needs: str | None  # "strongbox"


@dataclass(frozen=True, slots=True)
class HSContent(Pickled):
    """Everything printed in the Horses & Stagecoach box that the rules engine needs."""

    horses: int
    horses_with_mp: int
    extra_neutral: int
    strongbox_value: int
    whiskey_normal: int
    whiskey_old: int
    halves: int
    hostages: tuple[Hostage, ...]
    mortal_bullet_loss: int
    panting: dict[str, int]  # band -> horses removed
    round_cards: tuple[RoundCardSpec, ...]
    stations: tuple[RoundCardSpec, ...]
    confidence: dict[str, tuple[str, bool]]

    def hostage_index(self, name: str) -> int:
        return [h.name for h in self.hostages].index(name)


@cache
def hs_content() -> HSContent:
    raw: dict[str, Any] = json.loads(
        resources.files("coltexpress")
        .joinpath("data/horses_stagecoach.json")
        .read_text(encoding="utf-8")
    )
    events = raw["events"]
    return HSContent(
        horses=raw["horses"]["count"],
        horses_with_mp=raw["horses"]["with_marshal_prisoners"],
        extra_neutral=raw["neutral_bullets"]["extra"],
        strongbox_value=raw["stagecoach_strongbox"]["value"],
        whiskey_normal=raw["whiskey"]["normal"],
        whiskey_old=raw["whiskey"]["old"],
        halves=raw["whiskey"]["halves"],
        hostages=tuple(
            Hostage(h["name"], h["ransom"], h.get("per"), h.get("needs"))
            for h in raw["hostages"]["items"]
        ),
        mortal_bullet_loss=events["mortal_bullet_loss"],
        panting=dict(events["panting_horses"]),
        round_cards=load_round_cards(raw["round_cards"]["items"], station=False),
        stations=load_round_cards(raw["stations"]["items"], station=True),
        confidence={
            key: (str(value["confidence"]), bool(value["verified"]))
            for key, value in raw.items()
            if isinstance(value, dict) and "confidence" in value
        },
    )
