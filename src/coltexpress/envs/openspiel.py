"""Colt Express and Colt Super Express as OpenSpiel games (docs/envs.md).

Importing this module registers ``python_colt_express`` and ``python_colt_super_express``
with ``pyspiel``:

>>> import pyspiel
>>> import coltexpress.envs.openspiel
>>> game = pyspiel.load_game("python_colt_express", {"players": 3, "preset": "standard"})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the deal: shuffles and purse values are chance nodes
True

Games of imperfect information with explicit chance: every draw the rules make (each
step of a shuffle, a purse's value, a character, the round cards, a loot token taken
unseen) is a chance node whose outcomes are equally likely; the engine plays on the
outcomes given (``Game.chance``). A seat's information state is its view, which holds
everything the seat saw: the information-state string is the view as canonical JSON, the
observation string the view in words, and both tensors are ``encoding``'s vector of it.
``resample_from_infostate`` draws a world with the view's ``determinize``, so OpenSpiel's
ISMCTS plays it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from ..engine.actions import ACTION_TEXTS
from ..engine.errors import ChanceNeeded
from ..games import game_of, options_for
from ..superexpress.actions import SUPER_ACTIONS
from .core import action_count, final_rewards, table_words
from .encoding import Encoder

__all__ = ["ColtGame", "ColtObserver", "ColtState", "GAME_NAMES"]

GAME_NAMES = {"colt-express": "python_colt_express",
              "super-express": "python_colt_super_express"}
MAX_CHANCE_OUTCOMES = 64  # the most items a rule draws among (tested)
_MOVES_PER_PLAYER = 300  # a bound on a game's moves, chance included, per player (tested)


def _game_type(game: str) -> pyspiel.GameType:
    kind = game_of(game)
    return pyspiel.GameType(
        short_name=GAME_NAMES[game],
        long_name=f"Python {kind.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=kind.players[1],
        min_num_players=kind.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 3, "preset": kind.default_preset,
                                 "reward": "win"},
    )


@dataclass(frozen=True)
class _Spec:
    """What the states of one game share; a copy of a state shares it too."""

    name: str
    kind: Any
    options: Any
    reward: str
    encoder: Encoder

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # (pickled with a state: built again)
        return (_spec, (self.name, self.options, self.reward))


def _spec(name: str, options: Any, reward: str) -> _Spec:
    kind = game_of(name)
    return _Spec(name, kind, options, reward, Encoder.for_game(kind.new(options, seed=0)))


class _Held:
    """An engine game held by a state: a copy of the state copies it with the engine's
    own cheap ``clone``."""

    __slots__ = ("game",)

    def __init__(self, game: Any) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(None if self.game is None else self.game.clone())


class ColtGame(pyspiel.Game):  # type: ignore[misc]
    """One option set of a game of the package: ``players``, ``preset``, ``reward``
    (``win`` or ``score``, as ``core.final_rewards`` says)."""

    game_name = "colt-express"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = _game_type(self.game_name)
        players = int(params.get("players", 3))
        reward = str(params.get("reward", "win"))
        if reward not in ("win", "score"):
            raise ValueError(f"unknown reward {reward!r}; rewards are win, score")
        preset = params.get("preset") or game_of(self.game_name).default_preset
        options = options_for(self.game_name, preset, players=players)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(self.game_name),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0 if reward == "win" else 10.0,
            utility_sum=None,
            max_game_length=_MOVES_PER_PLAYER * players + 200,
        )
        super().__init__(game_type, info, params)
        self.spec = _spec(self.game_name, options, reward)

    def new_initial_state(self) -> ColtState:
        return ColtState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ColtObserver:
        return ColtObserver(self, iig_obs_type)


class SuperGame(ColtGame):
    game_name = "super-express"


class ColtState(pyspiel.State):  # type: ignore[misc]
    """A moment of a game: a seat's decision, a chance node (a draw of the move being
    played, or of the deal), or the end."""

    def __init__(self, game: ColtGame) -> None:
        super().__init__(game)
        self._spec = game.spec
        self._now = _Held(None)  # the engine's game, once dealt
        self._before = _Held(None)  # the game before the move being played (None: the deal)
        self._action: int | None = None  # that move
        self._outcomes: list[int] = []  # the chance outcomes of that move (or deal) so far
        self._needed = 0  # the outcomes of the draw asked for now (0: no chance node)
        self._settle()

    def _settle(self) -> None:
        """Play the move (or the deal) on the outcomes given so far: done, or a chance
        node asking for the next."""
        spec = self._spec
        try:
            if self._before.game is None:
                game = spec.kind.new(spec.options, seed=0, chance=self._outcomes)
            else:
                game = self._before.game.clone()
                game.chance = list(self._outcomes)
                game.apply_id(self._action)
        except ChanceNeeded as need:
            self._needed = need.outcomes
            return
        self._now.game, self._before.game, self._action = game, game, None
        self._outcomes, self._needed = [], 0

    @property
    def game(self) -> Any:
        """The engine's game as it stands (None while the deal is drawn)."""
        return self._now.game

    def current_player(self) -> int:
        if self._needed:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.game.current_seat)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.game.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, 1.0 / self._needed) for i in range(self._needed)]

    def _apply_action(self, action: int) -> None:
        if self._needed:
            self._outcomes.append(int(action))
        else:
            self._before.game, self._action, self._outcomes = self.game, int(action), []
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action} of {self._needed}"
        if self._spec.name == "super-express":
            return str(SUPER_ACTIONS[action])
        return ACTION_TEXTS[action]

    def is_terminal(self) -> bool:
        return not self._needed and bool(self.game.is_over)

    def returns(self) -> list[float]:
        return final_rewards(self.game, self._spec.name, self._spec.reward)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return json.dumps(self.game.view(seat), sort_keys=True, separators=(",", ":"))

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return table_words(self.game, seat)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> ColtState:
        """A state of another world ``player`` cannot tell from this one: the hidden
        parts redrawn by the view's ``determinize`` (seeded from ``probability_sampler``)."""
        if self._needed:
            raise pyspiel.SpielError("resampling is for a decision, not a chance node")
        seed = int(probability_sampler() * (1 << 53))
        other: ColtState = self.clone()
        world = self.game.determinize(player, random.Random(seed))
        world.chance = []  # the world's own draws from now on are chance nodes too
        other._now.game = other._before.game = world
        return other

    def __str__(self) -> str:
        if self.game is None:
            return "The game is being dealt."
        return table_words(self.game, None)


class ColtObserver:
    """The tensors and strings of a seat: its view encoded (``encoding``) and, as
    strings, the view as JSON (information state) or in words (observation)."""

    def __init__(self, game: ColtGame, iig_obs_type: Any) -> None:
        self.perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        self.encoder = game.spec.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ColtState, player: int) -> None:
        if state.game is None:  # being dealt: nothing seen yet
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoder.encode(state.game.view(player))

    def string_from(self, state: ColtState, player: int) -> str:
        if state.game is None:
            return ""
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _register() -> None:
    for game, maker in (("colt-express", ColtGame), ("super-express", SuperGame)):
        if GAME_NAMES[game] not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(game), maker)


_register()
