"""Colt Express: an exact, fast rules engine for the board game, with a command line.

>>> from coltexpress import Game, Options
>>> game = Game.new(Options.preset("first-game", players=3), seed=1)
>>> game.n_players, len(game.legal_actions()) > 1
(3, True)
"""

from . import compiled  # first: decides which build of the engines is imported
from .engine.actions import (
    ACTIONS,
    Action,
    Draw,
    Floor,
    Keep,
    MarshalMove,
    Move,
    Pass,
    Pick,
    Place,
    Play,
    Punch,
    Rob,
    Shoot,
    Take,
    action_id,
    parse_action,
)
from .engine.errors import (
    ColtError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
)
from .engine.game import RULES_VERSION, Decision, Event, Game, Pending
from .engine.options import PRESETS, Edition, Options, RoundDeck

__all__ = [
    "ACTIONS",
    "PRESETS",
    "RULES_VERSION",
    "Action",
    "ColtError",
    "Decision",
    "Draw",
    "Edition",
    "Event",
    "Floor",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "Keep",
    "MarshalMove",
    "Move",
    "NotationError",
    "Options",
    "OptionsError",
    "Pass",
    "Pending",
    "Pick",
    "Place",
    "Play",
    "Punch",
    "RecordError",
    "Rob",
    "RoundDeck",
    "Shoot",
    "Take",
    "action_id",
    "compiled",
    "parse_action",
]
