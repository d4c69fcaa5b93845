"""Pickling the engine's frozen values (actions, card specs, pending decisions).

A compiled frozen dataclass cannot be unpickled field by field (its fields refuse to be set
after it is made), so these values pickle as a call of their class with their fields, which
both builds read alike. Games and their parts travel this way to the server's bot workers
and to the processes of ``colt simulate --jobs``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["Pickled"]


class Pickled:
    """A base of frozen dataclasses: pickled as ``Class(*fields)``."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]  # (on dataclasses only)
        return (type(self), tuple(getattr(self, f.name) for f in fields))
