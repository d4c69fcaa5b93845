"""Horses & Stagecoach's part of the game state, and the hooks the base flow calls.

A game of the expansion holds one ``HSState`` in ``Game.hs`` (``None`` otherwise). The
stagecoach's two spaces come after the train's: ``2 * (last + 1)`` is its inside and the
next its roof; it stands beside car ``coach``. The rules live in ``rules.py`` and
``events.py`` beside this module.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HSState"]


_FIELDS: tuple[str, ...] = (
    "coach",
    "shotgun",
    "guarded",
    "horses",
    "horses_out",
    "riding",
    "attack_car",
    "attack",
    "away",
    "hostage",
    "hostages",
    "hostages_out",
    "old",
    "half",
    "empty",
    "turmoil",
    "sips",
    "sip_old",
    "received_start",
    "bonus",
    "caught",
)


class HSState:
    """Per-figure lists are indexed like the game's bandits (the Marshal player's figure
    included, with Marshal & Prisoners)."""

    __slots__ = _FIELDS

    coach: int  # the car the stagecoach stands beside (0: the locomotive)
    shotgun: int  # -1: guarding the strongbox on the stagecoach's roof; else his car's roof
    guarded: int  # the loot token of the strongbox the Shotgun guards
    horses: list[int]  # the car each horse stands beside, sorted
    horses_out: int  # horses gone from the game (Panting Horses; ridden away)
    riding: list[bool]  # riding beside the train during the Horse Attack
    attack_car: int  # the car the Horse Attack has reached, or -1 once it is over
    attack: list[int]  # per figure, the secret choice at this car: -1 none, 0 ride on, 1 board
    away: list[bool]  # rode away from the train (the Escape station)
    hostage: list[int]  # per figure, the hostage held (index into the hostage cards), or -1
    hostages: list[int]  # the hostage cards beside the locomotive, face down (top = end)
    hostages_out: list[int]  # hostage cards left in the box
    old: list[int]  # the old whiskey flask token(s)
    half: list[int]  # flasks already half drunk
    empty: list[int]  # flasks drunk to the end or taken away (out of the game)
    turmoil: list[int]  # per seat, the action chosen in secret on a Turmoil turn, or -1
    sips: int  # cards still to play after a drink of whiskey
    sip_old: bool  # ... of the old flask
    received_start: list[int]  # bullet cards received by each figure before this round
    bonus: list[int]  # per figure, money the stations gave or took (Sharing, Mortal Bullet)
    caught: list[bool]  # caught on the train at the Escape station: cannot win

    @classmethod
    def new(cls, figures: int, players: int) -> HSState:
        s = cls()
        s.coach = 0
        s.shotgun = -1
        s.guarded = -1
        s.horses = []
        s.horses_out = 0
        s.riding = [False] * figures
        s.attack_car = -1
        s.attack = [-1] * figures
        s.away = [False] * figures
        s.hostage = [-1] * figures
        s.hostages = []
        s.hostages_out = []
        s.old = []
        s.half = []
        s.empty = []
        s.turmoil = [-1] * players
        s.sips = 0
        s.sip_old = False
        s.received_start = [0] * figures
        s.bonus = [0] * figures
        s.caught = [False] * figures
        return s

    def clone(self) -> HSState:
        o = HSState()
        o.coach = self.coach
        o.shotgun = self.shotgun
        o.guarded = self.guarded
        o.horses = self.horses[:]
        o.horses_out = self.horses_out
        o.riding = self.riding[:]
        o.attack_car = self.attack_car
        o.attack = self.attack[:]
        o.away = self.away[:]
        o.hostage = self.hostage[:]
        o.hostages = self.hostages[:]
        o.hostages_out = self.hostages_out[:]
        o.old = self.old[:]
        o.half = self.half[:]
        o.empty = self.empty[:]
        o.turmoil = self.turmoil[:]
        o.sips = self.sips
        o.sip_old = self.sip_old
        o.received_start = self.received_start[:]
        o.bonus = self.bonus[:]
        o.caught = self.caught[:]
        return o

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self.clone(), name) for name in _FIELDS}

    @classmethod
    def from_json(
        cls, data: Any, figures: int, players: int, cars: int, tokens: int
    ) -> HSState:
        """Inverse of :meth:`to_json`; raises ValueError on a malformed part (``cars``: the
        caboose's number; ``tokens``: how many loot tokens the game has)."""
        s = cls._fields_from_json(data, figures, players)
        from ..actions import ACTIONS
        from .content import hs_content

        hostages = len(hs_content().hostages)
        checks = {
            "coach": 0 <= s.coach <= cars,
            "shotgun": -1 <= s.shotgun <= cars,
            "guarded": 0 <= s.guarded < tokens,
            "attack_car": -1 <= s.attack_car <= cars,
            "sips": 0 <= s.sips <= 2,
            "horses_out": s.horses_out >= 0,
            "horses": all(0 <= c <= cars for c in s.horses),
            "attack": all(v in (-1, 0, 1) for v in s.attack),
            "hostage": all(-1 <= h < hostages for h in s.hostage),
            "hostages": all(0 <= h < hostages for h in s.hostages + s.hostages_out),
            "old": all(0 <= t < tokens for t in s.old + s.half + s.empty),
            "turmoil": all(-1 <= i < len(ACTIONS) for i in s.turmoil),
        }
        bad = [name for name, ok in checks.items() if not ok]
        if bad:
            raise ValueError(f"hs field {bad[0]!r} out of range")
        return s

    @classmethod
    def _fields_from_json(cls, data: Any, figures: int, players: int) -> HSState:
        if not isinstance(data, dict):
            raise ValueError("the Horses & Stagecoach state must be an object")
        s = cls.new(figures, players)
        for name in _FIELDS:
            value = data[name]
            default = getattr(s, name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"hs field {name!r} must be true or false")
            elif isinstance(default, int):
                if not _is_int(value):
                    raise ValueError(f"hs field {name!r} must be an integer")
            elif not isinstance(value, list):
                raise ValueError(f"hs field {name!r} must be a list")
            elif name in ("riding", "away", "caught"):
                if len(value) != figures or not all(isinstance(v, bool) for v in value):
                    raise ValueError(f"hs field {name!r} must hold {figures} true/false")
            elif not all(_is_int(v) for v in value):
                raise ValueError(f"hs field {name!r} must be a list of integers")
            elif name in ("attack", "hostage", "received_start", "bonus") and len(
                value
            ) != figures:
                raise ValueError(f"hs field {name!r} must hold {figures} entries")
            elif name == "turmoil" and len(value) != players:
                raise ValueError(f"hs field 'turmoil' must hold {players} entries")
            setattr(s, name, list(value) if isinstance(value, list) else value)
        return s


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
