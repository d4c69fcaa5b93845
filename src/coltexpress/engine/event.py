"""Events: what ``apply`` reports, public or private to one seat."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Event"]


class Event(NamedTuple):
    """Something that happened. ``seat`` None: everyone sees it; otherwise only that seat."""

    kind: str
    data: dict[str, Any]
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}

    def text(self) -> str:
        """The event as a plain sentence."""
        from .narrate import describe

        return describe(self)
