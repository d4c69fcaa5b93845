"""Colt Super Express: the separate card game of the family (rules 001), on the same
engine contract as Colt Express (pending decision, legal actions, apply, views,
determinize, JSON and records).

>>> from coltexpress.superexpress import SuperGame, SuperOptions
>>> g = SuperGame.new(SuperOptions.preset("standard", players=4), seed=1)
>>> g.pending.decision.value, [str(a) for a in g.legal_actions()]
('program', ['program flip', 'program floor', 'program move', 'program fire'])
"""

from .actions import SUPER_ACTIONS, SuperAction, parse_super_action
from .game import SuperDecision, SuperEvent, SuperGame, SuperPending
from .options import SUPER_PRESETS, SuperOptions

__all__ = [
    "SUPER_ACTIONS",
    "SUPER_PRESETS",
    "SuperAction",
    "SuperDecision",
    "SuperEvent",
    "SuperGame",
    "SuperOptions",
    "SuperPending",
    "parse_super_action",
]
