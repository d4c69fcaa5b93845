"""Colt Super Express's options: players, bandits, the two extensions, the readings the
rules leave open (docs/rules-decisions.md, D-se-*)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..engine.content import CHARACTERS
from ..engine.errors import OptionsError

__all__ = ["SUPER_PRESETS", "SuperOptions"]


@dataclass(frozen=True, kw_only=True)
class SuperOptions:
    """Everything that selects a variant of Colt Super Express.

    ``players`` 3 to 7 (the box's count; the rules name seven bandits and one car per player
    plus one: D-se-players). ``characters`` names each seat's bandit (``None``: drawn from the
    seed). ``reflex`` and ``horse`` add the extensions' cards. ``stunned_blocks``: a stunned
    bandit stops a bullet (nobody beyond is hit) instead of letting it fly by to the next
    one (D-se-stunned-sight). ``loot_values``: ``"order"``, a detached car's Loot card is
    worth its number counted from the locomotive; ``"equal"``, every Loot card is worth the
    same (D-se-loot-values).

    >>> SuperOptions.preset("reflex-horse", players=5).horse
    True
    """

    players: int = 4
    characters: tuple[str, ...] | None = None
    reflex: bool = False
    horse: bool = False
    stunned_blocks: bool = False
    loot_values: str = "order"

    def __post_init__(self) -> None:
        if self.characters is not None:
            object.__setattr__(self, "characters", tuple(self.characters))
        for name in ("reflex", "horse", "stunned_blocks"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError(f"option {name} must be true or false, not "
                                   f"{getattr(self, name)!r}")
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise OptionsError(f"players must be a whole number, not {self.players!r}")
        if not 3 <= self.players <= 7:
            raise OptionsError(
                f"Colt Super Express is for 3 to 7 players, not {self.players} (D-se-players)"
            )
        if self.loot_values not in ("order", "equal"):
            raise OptionsError(
                f"unknown loot_values {self.loot_values!r}; choose 'order' or 'equal'"
            )
        if self.characters is not None:
            if len(self.characters) != self.players:
                raise OptionsError(
                    f"{self.players} characters are needed, got {len(self.characters)}: "
                    f"{list(self.characters)}"
                )
            for name in self.characters:
                if name not in CHARACTERS:
                    raise OptionsError(
                        f"unknown character {name!r}; characters are {list(CHARACTERS)}"
                    )
            if len(set(self.characters)) != len(self.characters):
                raise OptionsError(f"a character can be used only once: {list(self.characters)}")

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> SuperOptions:
        if name not in SUPER_PRESETS:
            raise OptionsError(
                f"unknown preset {name!r}; presets are {', '.join(SUPER_PRESETS)}"
            )
        return cls(**{**SUPER_PRESETS[name], **overrides})

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if data["characters"] is not None:
            data["characters"] = list(data["characters"])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SuperOptions:
        if not isinstance(data, dict):
            raise OptionsError(f"options must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(f"unknown option(s) {unknown}; known: {sorted(known)}")
        try:
            return cls(**data)
        except TypeError as exc:
            raise OptionsError(f"bad options {data!r}: {exc}") from exc

    def with_(self, **changes: Any) -> SuperOptions:
        return replace(self, **changes)

    @property
    def card_kinds(self) -> tuple[str, ...]:
        """The action cards each player holds."""
        return ("flip", "floor", "move", "fire") + ("reflex",) * self.reflex + (
            "horse",) * self.horse


SUPER_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "reflex": {"reflex": True},
    "horse": {"horse": True},
    "reflex-horse": {"reflex": True, "horse": True},
}
