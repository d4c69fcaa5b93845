"""Marshal & Prisoners' setup: decks, starting places, prisoners, goals, the Marshal's piles."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..actions import MARSHAL_FIGURE
from ..content import IDEA, MARSHAL, content
from ..ids import CHAR_INDEX
from .content import SPECIAL_TARGETS, WARRANT, mp_content
from .state import MPState

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["PRISON_CAR", "mp_deck", "new_state", "place_mp"]

PRISON_CAR: Final = -1  # the prison car in Game.train (it has no entry in the car table)


def mp_deck(character: str) -> list[int]:
    """The card kinds of a deck: the Marshal's, or a bandit's (the base deck without its
    Marshal card, with the Brilliant Idea)."""
    if character == MARSHAL_FIGURE:
        return [k for k, n in mp_content().marshal_deck for _ in range(n)]
    cards = [k for k, n in content().action_deck for _ in range(n) if k != MARSHAL]
    return [*cards, IDEA]


def place_mp(g: Game) -> None:
    """The Marshal (Player 1) in the locomotive; even-numbered players' bandits in the car
    next to the prison car, odd-numbered ones in the next car forward."""
    for b, name in enumerate(g.chars):
        if name == MARSHAL_FIGURE:
            g.pos[b] = 0
        else:
            number = g.seat_of[b] + 1
            g.pos[b] = 2 * (g.last - 1 if number % 2 == 0 else g.last - 2)


def _shuffled(items: list[int], below: Callable[[int], int]) -> list[int]:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def new_state(g: Game, below: Callable[[int], int]) -> MPState:
    """Prisoners drawn face up, the Brawler pile, the two cylinder piles, and the goals:
    2 Arrest Warrants of bandits in play and 3 Special Targets (Full of Lead and Arch Enemy
    only with 4 bandits or more), shuffled face down in the Upcoming Goals zone."""
    data = mp_content()
    marshal = g.chars.index(MARSHAL_FIGURE)
    s = MPState.new(g.n_bandits, marshal)
    s.prisoners_left = sorted(_shuffled(list(range(len(data.sidekicks))), below)[:3])
    s.brawlers = list(data.brawlers)
    bandits = [c for c in g.chars if c != MARSHAL_FIGURE]
    warrants = _shuffled([WARRANT + CHAR_INDEX[c] for c in bandits], below)[: data.warrants]
    allowed = [
        SPECIAL_TARGETS.index(name)
        for name, fewest in data.special_targets
        if len(bandits) >= fewest
    ]
    targets = _shuffled(allowed, below)[: data.targets]
    s.upcoming = _shuffled(warrants + targets, below)
    return s
