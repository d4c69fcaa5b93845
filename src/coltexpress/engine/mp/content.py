"""Marshal & Prisoners' printed content, loaded from ``data/marshal_prisoners.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from ..content import CARD_KINDS, RoundCardSpec, load_round_cards
from ..pickling import Pickled

__all__ = ["SPECIAL_TARGETS", "WARRANT", "MPContent", "goal_name", "mp_content"]

SPECIAL_TARGETS: Final = (
    "only-a-flesh-wound", "dodge-bullets", "golden-bullet-award", "the-mail-must-go-through",
    "throw-away-the-key", "full-of-lead", "arch-enemy",
)
WARRANT: Final = 10  # goal id of the Arrest Warrant of character i: WARRANT + i


def goal_name(goal: int, characters: tuple[str, ...]) -> str:
    """A goal as data: a Special Target's name, or ``warrant@<character>``."""
    if goal >= WARRANT:
        return f"warrant@{characters[goal - WARRANT]}"
    return SPECIAL_TARGETS[goal]


@dataclass(frozen=True, slots=True)
class MPContent(Pickled):
    """Everything printed in the Marshal & Prisoners box that the rules engine needs."""

    marshal_deck: tuple[tuple[int, int], ...]  # (card kind code, count)
    mailbags: tuple[int, ...]
    brawlers: tuple[int, ...]  # top first
    wanted_poster: int
    prisoner_bonus: int
    sidekicks: tuple[str, ...]
    prisoners_drawn: int
    piles: tuple[tuple[str, ...], ...]  # per gun, the penalties from the top card (6) down
    extended: frozenset[str]
    blocks: dict[str, int]  # extended penalty -> the card kind it stops
    special_targets: tuple[tuple[str, int], ...]  # (name, fewest bandits)
    warrants: int
    targets: int
    goals_needed: int
    train_cars: dict[int, int]  # bandits -> train cars before the prison car
    round_cards: tuple[RoundCardSpec, ...]
    stations: tuple[RoundCardSpec, ...]
    confidence: dict[str, tuple[str, bool]]

    def penalty(self, gun: int, number: int) -> str:
        """The penalty printed on a Marshal's bullet card (``number`` 6 is the top card)."""
        return self.piles[gun][6 - number]


@cache
def mp_content() -> MPContent:
    raw: dict[str, Any] = json.loads(
        resources.files("coltexpress")
        .joinpath("data/marshal_prisoners.json")
        .read_text(encoding="utf-8")
    )
    kinds = {k.value: i for i, k in enumerate(CARD_KINDS)}
    bullets = raw["marshal_bullets"]
    goals = raw["special_targets"]
    return MPContent(
        marshal_deck=tuple((kinds[k], n) for k, n in raw["marshal_deck"]["cards"].items()),
        mailbags=tuple(raw["mailbags"]["values"]),
        brawlers=tuple(raw["brawlers"]["values"]),
        wanted_poster=raw["wanted_poster"]["value"],
        prisoner_bonus=raw["prisoner_bonus"]["value"],
        sidekicks=tuple(raw["prisoners"]["sidekicks"]),
        prisoners_drawn=raw["prisoners"]["drawn"],
        piles=tuple(tuple(p) for p in bullets["piles"]),
        extended=frozenset(bullets["extended"]),
        blocks={p: kinds[k] for p, k in bullets["blocks"].items()},
        special_targets=tuple((i["name"], i["min_bandits"]) for i in goals["items"]),
        warrants=goals["warrants"],
        targets=goals["targets"],
        goals_needed=goals["needed"],
        train_cars={int(k): v for k, v in raw["train"]["cars"].items()},
        round_cards=load_round_cards(raw["round_cards"]["items"], station=False),
        stations=load_round_cards(raw["stations"]["items"], station=True),
        confidence={
            key: (str(value["confidence"]), bool(value["verified"]))
            for key, value in raw.items()
            if isinstance(value, dict) and "confidence" in value
        },
    )
