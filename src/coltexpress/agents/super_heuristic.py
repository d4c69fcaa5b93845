"""Colt Super Express's heuristic: it programs its cards by playing the round out.

The game hides only which cards the others programmed (and in what order); everything else
is on the table. So the bot draws a few worlds from its seat's information
(``determinize``: the others' stacks dealt again from their own cards) and gives the
players still to program after it random stacks too; then it plays every order of the
cards it has left (at most 4*3*2 = 24, or 6*5*4 = 120 with both extensions) against the
same worlds, through the engine, to the end of the round, and keeps the order whose mean
evaluation is best. The evaluation (``standing``) values being aboard, away from the
caboose that comes off next, not where a rival's shot knocks one off the train, and Loot
cards (more so before the last car comes off, when they decide the winner); each seat's
share of all the standings is its chance. So the bot leaves the caboose before the round
ends, shoots rivals off the ends, stays the farthest back to take a Loot card when that is
safe, lies down with a Reflex where a bullet is coming and gets up firing, and keeps a Horse
for when it is thrown off.

Its own programmed stack is its plan: once the first card of a round is chosen, the next
ones follow the same order, unless the table changed (a new game with the agent reused).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any

from ..superexpress.actions import KINDS
from .base import Agent, Observation, noisy

if TYPE_CHECKING:
    from ..superexpress.game import SuperGame

__all__ = ["WEIGHTS", "SuperHeuristicAgent", "Weights", "cutoff_rewards", "finish_round",
           "play_round", "share", "standing"]

@dataclass(frozen=True)
class Weights:
    """The evaluation's factors (a bandit's standing is 1 times those that apply)."""

    # How surely a bandit gets out of the car that comes off at the end of this round, by
    # the cards he needs for it (a Move, or the Horse; a Flip first if he faces the
    # caboose; a card to get up if stunned).
    leave: tuple[float, float, float] = (0.62, 0.42, 0.22)
    next_to_caboose: float = 0.88  # one car ahead of it: a shot from the front knocks him in
    stunned: float = 0.9  # his next card only gets him up (but a bullet flies by him)
    shot_off: float = 0.55  # a standing rival aims at him and would knock him off the train
    shot_back: float = 0.86  # ... would knock him back toward the caboose
    loot: float = 0.12  # each Loot card: the tie-break when the last car comes off
    final_loot: float = 1.6  # before the last car comes off: the loot leaders' edge


WEIGHTS = Weights()
FORESEEN_FLOOR = 0.05  # each order's weight beside the times it was foreseen (model_runs)


def standing(g: SuperGame, seat: int, w: Weights = WEIGHTS) -> float:
    """How well a bandit stands at a round's start (0: out of the game)."""
    space = g.space_of(seat)
    if space is None:
        return 0.0
    car, last = space >> 1, g.last
    value = 1.0
    if car == last:  # in the car that comes off at the end of this round
        need = 1 + g.stunned[seat]
        if not g.options.horse and g.facing[seat] > 0:
            need += 1
        value *= w.leave[min(need, 3) - 1]
    elif car == last - 1:
        value *= w.next_to_caboose
    if g.stunned[seat]:
        value *= w.stunned
    for rival in range(g.n_players):
        if rival == seat or g.out[rival] or g.stunned[rival]:
            continue
        if g.target_of(rival) != seat:
            continue
        pushed = car + g.facing[rival]
        if not 0 <= pushed <= last:
            value *= w.shot_off
        elif pushed > car:
            value *= w.shot_back
    loot = len(g.loot[seat])
    value *= 1.0 + w.loot * loot
    if last == 1 and loot:
        rivals = [len(g.loot[s]) for s in g.aboard() if s != seat]
        if loot >= max(rivals, default=0):
            value *= w.final_loot
    return value


def share(g: SuperGame, seat: int, w: Weights = WEIGHTS) -> float:
    """A seat's chance: 1 (shared wins split) or 0 once the game is over, otherwise its
    share of all the standings."""
    if g.is_over:
        return 1.0 / len(g.winners) if seat in g.winners else 0.0
    mine = standing(g, seat, w)
    if mine == 0.0:
        return 0.0
    return mine / sum(standing(g, s, w) for s in range(g.n_players))


def finish_round(g: SuperGame, rng: random.Random) -> None:
    """Program random cards for every player still to program this round (in place)."""
    start = g.round_no
    while not g.is_over and g.round_no == start:
        legal = g.legal_ids()
        g.apply_id(legal[int(rng.random() * len(legal))])


def cutoff_rewards(world: SuperGame, rng: random.Random) -> list[float]:
    """ISMCTS's score of a position its roll-out stops at: the round being programmed is
    finished at random (a programmed round is only known once played), then each seat's
    share."""
    if not world.is_over and any(world.stack[s] for s in range(world.n_players)):
        finish_round(world, rng)
    return [share(world, s) for s in range(world.n_players)]


def play_round(world: SuperGame, stacks: dict[int, tuple[int, ...]]) -> SuperGame:
    """A copy of the world with each player's stack for this round as given (replacing the
    hidden cards of those who programmed some already, which any order of their cards
    fits), played to the end of the round."""
    w = world.clone()
    cards = w.cards_of(0)
    for s, stack in stacks.items():
        done = len(w.stack[s])
        if done:
            w.stack[s] = list(stack[:done])
            w.hand[s] = [c for c in cards if c not in w.stack[s]]
    start = w.round_no
    while not w.is_over and w.round_no == start:
        s = w.actor
        w.apply_id(stacks[s][len(w.stack[s])])
    return w


class SuperHeuristicAgent(Agent):
    """Plays every order of its remaining cards through the round against the others'
    likely stacks, and programs the best.

    ``budget``: about how many rounds it plays out to choose its order: every order on a
    few draws of the others' stacks, then the better half on more, and so on (successive
    halving, the same draws for every order). ``model_budget``: the rounds played out to
    weigh each other player's orders (against random stacks, on up to ``model_worlds``
    draws); ``temperature``: how sharply his better orders are preferred (0: uniform).
    ``model_runs`` (0: the model above): instead, each other player's stack is foreseen by
    this heuristic at its own default budgets choosing it from his seat on the world drawn,
    ``model_runs`` decisions in all, shared evenly among the others (at least one each),
    each order weighted by how often it was chosen (and a little for every order: a player
    may still surprise). ``max_rounds`` (0: none): the rounds one decision may play out in
    all, its own and those of the foreseeing: the foreseeing stops short of its runs where
    they would leave less than ``budget`` for the decision's own (at least one run for each
    other player). A cap in rounds played, not in seconds, so a decision is the same on
    every machine; it binds where a hand holds many orders (the extensions at larger
    tables). ``seconds`` (0: none): a decision's time on a slower machine, by ``clock``:
    the foreseeing makes only the runs its share of it holds (the share of ``max_rounds``
    above ``budget``, or half; one for each other player at least), and the halving
    stops before a level it would not finish in time (the first level always runs),
    choosing the best order of those still in.
    """

    name = "heuristic"

    def __init__(
        self, *, seed: int = 0, noise: float = 0.0, budget: int = 480, model_budget: int = 600,
        model_worlds: int = 3, temperature: float = 0.05, weights: Weights = WEIGHTS,
        model_runs: int = 0, max_rounds: int = 0, seconds: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seed=seed)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a probability, not {noise}")
        self.noise = noise
        self.budget = budget
        self.model_budget = model_budget
        self.model_worlds = model_worlds
        self.temperature = temperature
        self.weights = weights
        self.model_runs = model_runs
        self.max_rounds = max_rounds
        self.seconds = seconds
        self.clock = clock
        self._start = 0.0  # when this decision began (``seconds``)
        self._deadline = math.inf  # when it must be made (``seconds``; the model: never)
        self.played = 0  # rounds played out in this decision (play_round), its model's too
        self._plan: tuple[str, tuple[int, ...]] | None = None
        self._model: SuperHeuristicAgent | None = None  # the others foreseen (model_runs)

    def describe(self) -> str:
        return f"heuristic:noise={self.noise}" if self.noise else "heuristic"

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_ids()
        slip = noisy(self, legal, self.noise)
        if slip is not None:
            return slip
        view = observation.view()
        done = tuple(KINDS.index(k) for k in view["stack"])
        table = _table(view)
        if self._plan is not None:
            key, order = self._plan
            if key == table and order[: len(done)] == done and order[len(done)] in legal:
                return order[len(done)]
        order = self._best_order(observation)
        self._plan = (table, order)
        return order[len(done)]

    def _best_order(self, observation: Observation) -> tuple[int, ...]:
        """The best full stack for this round: the cards already programmed, then the best
        order of the rest."""
        seat = observation.seat
        self.played = 0
        self._start = self.clock()
        self._deadline = self._start + self.seconds if self.seconds else math.inf
        # Only the others' stacks are hidden, and each draw below replaces them all.
        world: SuperGame = observation.sample_world(self.rng)
        world.quiet = True
        stack = tuple(world.stack[seat])
        orders = [stack + o for o in permutations(sorted(world.hand[seat]), 3 - len(stack))]
        return self._order_in(world, seat, orders)

    def _order_in(self, world: SuperGame, seat: int, orders: list[tuple[int, ...]]
                  ) -> tuple[int, ...]:
        """The best of ``orders`` for ``seat`` in ``world`` (the others' stacks drawn
        from the model of them)."""
        if len(orders) == 1:
            return orders[0]
        rng = self.rng
        likely = self._foreseen(world, seat) if self.model_runs else self._likely(world, seat)
        draws: list[dict[int, tuple[int, ...]]] = []
        totals = [0.0] * len(orders)
        alive = list(range(len(orders)))
        tried = 0  # draws every order still alive was played against
        per_level = self.budget // max(1, math.ceil(math.log2(len(orders))))
        began, before = self.clock(), self.played  # the time one round takes (``seconds``)
        while len(alive) > 1:
            more = max(2, per_level // len(alive))
            if tried and self._deadline < math.inf:
                per_round = (self.clock() - began) / max(1, self.played - before)
                if self.clock() + len(alive) * more * per_round > self._deadline:
                    break  # the best of those still in
            while len(draws) < tried + more:
                draws.append({s: _draw(options, rng) for s, options in likely.items()})
            self.played += len(alive) * more
            for i in alive:
                for stacks in draws[tried : tried + more]:
                    totals[i] += share(play_round(world, {**stacks, seat: orders[i]}), seat,
                                       self.weights)
            tried += more
            alive.sort(key=lambda i: -totals[i])
            alive = alive[: len(alive) // 2]
        return orders[alive[0]]

    def _foreseen(
        self, world: SuperGame, seat: int
    ) -> dict[int, tuple[list[tuple[int, ...]], list[float]]]:
        """Each other player still in: his possible stacks, weighted by how often the
        heuristic at its default budgets and weights chooses each from his seat in ``world``
        (``model_runs`` decisions shared among them; a player who programmed already chose
        the same way, before the cards programmed since, which the heuristic does not look
        at)."""
        model = self._model
        if model is None:
            # the others as the heuristic plays them: its own weights, whatever this one's
            model = self._model = SuperHeuristicAgent(seed=self.rng.randrange(1 << 30))
        orders: list[tuple[int, ...]] = list(permutations(sorted(world.cards_of(0)), 3))
        index = {order: i for i, order in enumerate(orders)}
        others = [s for s in range(world.n_players) if s != seat and not world.out[s]]
        runs = max(1, self.model_runs // max(1, len(others)))
        out = {}
        for s in others:
            counts = [FORESEEN_FLOOR] * len(orders)
            done = 0
            while done < runs:
                model.played = 0
                counts[index[model._order_in(world, s, orders)]] += 1.0
                self.played += model.played
                done += 1
                if self.max_rounds and done == 1 and s == others[0]:
                    # each run costs what the first did: as many as the cap leaves room for
                    room = self.max_rounds - self.budget  # the foreseeing's share
                    runs = max(1, min(runs, room // max(1, model.played * len(others))))
                if self.seconds and done == 1 and s == others[0]:
                    # the same in time: the foreseeing's share of the decision's seconds
                    share = 1 - self.budget / self.max_rounds if self.max_rounds else 0.5
                    took = max(1e-9, self.clock() - self._start) * len(others)
                    runs = max(1, min(runs, int(self.seconds * share / took)))
            out[s] = (orders, counts)
        return out

    def _likely(
        self, world: SuperGame, seat: int
    ) -> dict[int, tuple[list[tuple[int, ...]], list[float]]]:
        """Each other player still in: his possible stacks and how likely each is, from how
        well it does for him against random stacks of the others (a softmax of his mean
        share at ``temperature``)."""
        rng = self.rng
        others = [s for s in range(world.n_players) if s != seat and not world.out[s]]
        orders: list[tuple[int, ...]] = list(permutations(sorted(world.cards_of(0)), 3))
        worlds = max(1, min(self.model_worlds, self.model_budget // (len(orders) * len(others))))
        if self.temperature <= 0:
            return {s: (orders, [1.0] * len(orders)) for s in others}
        self.played += worlds * len(others) * len(orders)
        scores = {s: [0.0] * len(orders) for s in others}
        for _ in range(worlds):
            stacks = _random_stacks(world, rng)
            for s in others:
                for i, order in enumerate(orders):
                    scores[s][i] += share(play_round(world, {**stacks, s: order}), s,
                                          self.weights)
        out = {}
        for s in others:
            top = max(scores[s])
            out[s] = (orders, [math.exp((v - top) / (worlds * self.temperature))
                               for v in scores[s]])
        return out


def _draw(options: tuple[list[tuple[int, ...]], list[float]], rng: random.Random
          ) -> tuple[int, ...]:
    orders, weights = options
    return rng.choices(orders, weights)[0]


def _random_stacks(world: SuperGame, rng: random.Random) -> dict[int, tuple[int, ...]]:
    """A random stack for every player still in (the acting one keeps what he programmed)."""
    stacks: dict[int, tuple[int, ...]] = {}
    cards = world.cards_of(0)
    for s in range(world.n_players):
        if world.out[s]:
            continue
        if len(world.stack[s]) == 3:
            rest = cards[:]
            rng.shuffle(rest)
            stacks[s] = tuple(rest[:3])
        else:
            rest = sorted(world.hand[s])
            rng.shuffle(rest)
            stacks[s] = tuple(world.stack[s]) + tuple(rest[: 3 - len(world.stack[s])])
    return stacks


def _table(view: dict[str, Any]) -> str:
    """What a plan was made on: the round's table as the seat sees it (the train, the
    bandits, the others' programmed counts), which its own programming leaves unchanged."""
    others = [p["programmed"] for p in view["players"] if p["seat"] != view["seat"]]
    return repr((view["round"], view["first_player"], view["cars"], view["bandits"], others))
