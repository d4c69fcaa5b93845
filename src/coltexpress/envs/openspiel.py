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

import hashlib
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

__all__ = ["GAME_NAMES", "ColtGame", "ColtObserver", "ColtState", "parse_options"]

GAME_NAMES = {"colt-express": "python_colt_express",
              "super-express": "python_colt_super_express"}
MAX_CHANCE_OUTCOMES = 64  # the most items a rule draws among (tested)
_MOVES_PER_PLAYER = 300  # a bound on a game's moves, chance included, per player (tested)


def parse_options(text: str) -> dict[str, Any]:
    """``name:value;name:value`` as options: ``true``, ``false``, ``none`` and numbers as
    such, a value with ``/`` a list of its items, anything else text.

    >>> parse_options("characters:belle/doc/tuco;expert:true")
    {'characters': ['belle', 'doc', 'tuco'], 'expert': True}
    """
    out: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, sep, value = item.partition(":")
        if not sep or not name.strip():
            raise ValueError(f"the options parameter takes name:value items, not {item!r}")
        parts = [_scalar(v.strip()) for v in value.split("/")]
        out[name.strip()] = parts if "/" in value else parts[0]
    return out


def _scalar(text: str) -> Any:
    words = {"true": True, "false": False, "none": None}
    if text.lower() in words:
        return words[text.lower()]
    try:
        return int(text)
    except ValueError:
        return text


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
                                 "reward": "win", "options": ""},
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
    (``win`` or ``score``, as ``core.final_rewards`` says) and ``options``, any other
    option as ``name:value`` items separated by ``;``, a list's items by ``/``
    (``characters:belle/doc/tuco``: OpenSpiel's game strings take no commas)."""

    game_name = "colt-express"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = _game_type(self.game_name)
        players = int(params.get("players", 3))
        reward = str(params.get("reward", "win"))
        if reward not in ("win", "score"):
            raise ValueError(f"unknown reward {reward!r}; rewards are win, score")
        preset = params.get("preset") or game_of(self.game_name).default_preset
        overrides = parse_options(str(params.get("options", "")))
        overrides.pop("players", None)
        known = options_for(self.game_name, preset, players=players).to_dict()
        unknown = sorted(set(overrides) - set(known))
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r}; options are {', '.join(known)}")
        options = options_for(self.game_name, preset, players=players, **overrides)
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
        # what each seat (and, last, everyone) has seen so far, as a chain of digests: of
        # its view after every move, and of its own choices (perfect recall)
        self._seen: list[str] = []
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
        self._remember(game, self._action if self._before.game is not None else None)
        self._now.game, self._before.game, self._action = game, game, None
        self._outcomes, self._needed = [], 0

    def _remember(self, game: Any, action: int | None) -> None:
        """Chain each seat's digest with its view of ``game`` (and the mover's with its
        choice ``action``), and everyone's with the spectator's view."""
        mover = None if action is None or self.game is None else self.game.current_seat
        seats: list[int | None] = [*range(game.n_players), None]
        if not self._seen:
            self._seen = [""] * len(seats)
        views = game.views(tuple(seats))
        for i, seat in enumerate(seats):
            told = json.dumps(views[seat], sort_keys=True, separators=(",", ":"))
            mine = f"{action}" if seat == mover else ""
            self._seen[i] = hashlib.sha256(
                f"{self._seen[i]}|{mine}|{told}".encode()).hexdigest()

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
            return f"chance outcome {action}"
        if self._spec.name == "super-express":
            return str(SUPER_ACTIONS[action])
        return ACTION_TEXTS[action]

    def is_terminal(self) -> bool:
        return not self._needed and bool(self.game.is_over)

    def returns(self) -> list[float]:
        if self.game is None:  # being dealt
            return [0.0] * self._spec.options.players
        return final_rewards(self.game, self._spec.name, self._spec.reward)

    def _seat(self, player: int | None) -> int:
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self._spec.options.players:
            raise pyspiel.SpielError(f"no player {seat} to observe for: name a seat")
        return seat

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's view as canonical JSON, then the digest of everything it saw and
        chose before (``history``): equal exactly when the seat cannot tell the two
        states apart. Empty while the deal is drawn."""
        seat = self._seat(player)
        return self._known(seat)

    def _known(self, seat: int | None) -> str:
        if self.game is None:
            return ""
        view = json.dumps(self.game.view(seat), sort_keys=True, separators=(",", ":"))
        return f"{view}\nhistory {self._seen[-1 if seat is None else seat]}"

    def observation_string(self, player: int | None = None) -> str:
        """The seat's view in words. Empty while the deal is drawn."""
        seat = self._seat(player)
        return "" if self.game is None else table_words(self.game, seat)

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
        # what the others saw is theirs: in the world drawn it is not known
        public = len(self._seen) - 1
        drawn = f"drawn by {player}: {self._seen[player]}"
        other._seen = [d if s in (player, public) else drawn for s, d in enumerate(self._seen)]
        return other

    def __str__(self) -> str:
        if self.game is None:
            return "The game is being dealt."
        return table_words(self.game, None)


class ColtObserver:
    """The tensors and strings of a seat (``private_info`` single player, the default):
    its view encoded (``encoding``) and, as strings, its information state (perfect
    recall) or its view in words. With no private information (``public_info`` only),
    what everyone sees: the spectator's view, the same for every player."""

    def __init__(self, game: ColtGame, iig_obs_type: Any) -> None:
        kind = pyspiel.PrivateInfoType
        private = kind.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        if private == kind.ALL_PLAYERS:
            raise pyspiel.SpielError("an observer sees one seat's information, or the public")
        self.public = private == kind.NONE
        self.perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        self.encoder = game.spec.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ColtState, player: int) -> None:
        if state.game is None:  # being dealt: nothing seen yet
            self.tensor.fill(0.0)
            return
        seat = None if self.public else player
        self.tensor[:] = self.encoder.encode(state.game.view(seat), public=self.public)

    def string_from(self, state: ColtState, player: int) -> str:
        if state.game is None:
            return ""
        if self.public:
            return state._known(None) if self.perfect_recall else table_words(state.game, None)
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def _register() -> None:
    for game, maker in (("colt-express", ColtGame), ("super-express", SuperGame)):
        if GAME_NAMES[game] not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(game), maker)


_register()
