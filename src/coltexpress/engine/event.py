"""Events: what ``apply`` reports, public or private to one seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..words.common import Reader

__all__ = ["Event"]


class Event(NamedTuple):
    """Something that happened. ``seat`` None: everyone sees it; otherwise only that seat."""

    kind: str
    data: dict[str, Any]
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, **self.data}

    def text(self, reader: Reader | None = None) -> str:
        """The event as a plain sentence, for ``reader`` (its own figures said "you"), by
        default for the spectator. The words are imported only now: the engine does not
        depend on them (``coltexpress.words``)."""
        from ..words import SPECTATOR, describe

        return describe(self, reader or SPECTATOR)
