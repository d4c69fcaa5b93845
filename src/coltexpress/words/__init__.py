"""Every sentence a player reads, laid out as the engine is: one module per game and
expansion, the shared helpers beside them.

- ``common``: who reads a sentence (``Reader``, ``SPECTATOR``, ``verb_for_you``), lists and
  counts (``and_list``, ``plural``, ``money``), the keys of the choices, and the registry
  of the expansions (``Expansion``, ``register``, ``EVENT_TEXT``, ``DOING``).
- ``base``: the base game of Colt Express with its variants and editions: labels, hints,
  rules help, the situation, the train and the players, round summaries, the end, its
  events in sentences (``describe``) and the browser's captions, presets and rules panel.
- ``marshal_prisoners``, ``horses_stagecoach``: everything each expansion says (its
  choices, figures, panel, events, help, end of the game).
- ``super_express``: Colt Super Express, a game of its own.

How the expansions plug in: each expansion module builds one ``common.Expansion`` (its
events' sentences, its decisions, and hooks such as ``label(action, view)``,
``where(view, bandit)``, ``end_lines(view)``, ``browser(view, out)``) and registers it as it
is imported (this package imports both). The base game's functions never test for an
expansion: they ask the expansions a view has (``common.expansions_of(view)``: the view's
``mp`` and ``hs`` parts), or every registered one where no view says which (a label without
a view, an event), and the first answer that is not None wins. A third expansion is one
more module and one more import here.

The front ends (terminal, plain mode, server) only choose among these modules; the engine
imports none of them (``Event.text()`` and ``SuperEvent.text()`` import them lazily, when a
sentence is asked for).

>>> from coltexpress.engine.event import Event
>>> Event("capture", {"bandit": "doc", "first": False}).text(Reader(0, ("marshal",)))
'You capture Doc: into the cell of the prison car.'
"""

from __future__ import annotations

from . import base, horses_stagecoach, marshal_prisoners, super_express
from .base import describe
from .common import SPECTATOR, Reader

__all__ = [
    "SPECTATOR",
    "Reader",
    "base",
    "describe",
    "horses_stagecoach",
    "marshal_prisoners",
    "super_express",
]
