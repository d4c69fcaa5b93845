"""Marshal & Prisoners' rules: what its cards do, its decisions, the prison car."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game


def resolving_kind(g: Game, card: int, bandit: int) -> tuple[int, str | None]:
    """What a card does as it resolves: its kind, or why it has no effect."""
    return g.card_kind[card], None


def pile_done(g: Game) -> bool:
    """The pile is resolved; True when the expansion goes on from there itself."""
    return False


def legal_ids(g: Game) -> list[int]:
    return []


def apply_id(g: Game, index: int) -> None:
    raise ValueError(f"no Marshal & Prisoners decision takes action {index}")
