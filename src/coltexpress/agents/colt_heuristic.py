"""Colt Express's heuristic: a rule-based player that a casual human finds reasonable.

It plans on one world sampled from its seat's information (so it never reads a hidden
card or purse): it replays its own cards already on the pile to predict where its bandit
will stand, then scores every legal choice with a one-step look-ahead and a position
evaluation: its loot and the leader's, loot within reach, bullets shot and received, the
Marshal's guard on the loot. Resolution choices (where to move, whom to shoot or punch, what
to rob) are scored by applying them to a copy of the world. It plays Ghost's first card face
down and prefers tunnels' secrecy for free. Horses & Stagecoach adds its own terms to the
evaluation (``stagecoach.py``): hostages' ransoms less their drawbacks, the Shotgun's
strongbox, whiskey, horses, the Escape station; and its own choices: the Horse Attack, a
drink of whiskey instead of a card, where to run from the Shotgun.
"""

from __future__ import annotations

import math

from ..engine import ids, resolve
from ..engine.content import BULLET, IDEA, MARSHAL, MOVE, SHOOT, WHISKEY
from ..engine.flow import KIND_OF_PHASE
from ..engine.game import (
    ATTACK,
    COVER,
    EVENT_MOVE,
    EVENT_SHOOT,
    EXTRA,
    FLEE,
    GIVE,
    KEEP,
    PICK,
    PICKPOCKET,
    PLACE,
    PLAY,
    RAINY,
    REFLEX,
    SIP,
    Game,
)
from . import stagecoach
from .base import Agent, Observation, noisy

# Weight of loot at a distance of 0, 1, 2, 3 spaces (a floor change counts as one).
_REACH = (0.45, 0.25, 0.12, 0.05)
_SHOT_VALUE = 45.0
_WOUND_COST = 55.0
_DRAW_VALUE = 40.0
_MARSHAL_PAR = 2200.0  # marshal_strength() around 4 goals of 5 done


def _distance(a: int, b: int) -> int:
    return abs((a >> 1) - (b >> 1)) + ((a ^ b) & 1)


def strength(g: Game, seat: int) -> float:
    """How well a seat stands: loot, loot within reach, shots, wounds (Horses & Stagecoach:
    hostages, whiskey, the stagecoach and the round's event or station too)."""
    value = 0.0
    hs = g.hs is not None
    for b in g.bandits_of[seat]:
        value += sum(g.loot_value[t] for t in g.held[b])
        value += (6 - g.cylinder[b]) * _SHOT_VALUE - g.received[b] * _WOUND_COST
        here = g.pos[b]
        if here < 0:
            continue
        if hs:
            value += stagecoach.reach_value(g, b, _REACH, 2 * g.marshal)
            continue
        reach = 0.0
        for space, tokens in enumerate(g.floor_loot):
            if not tokens:
                continue
            d = _distance(here, space)
            if d >= len(_REACH):
                continue
            guard = 0.3 if space == 2 * g.marshal else 1.0
            reach = max(reach, _REACH[d] * guard * sum(g.loot_value[t] for t in tokens))
        value += reach
    if hs:
        value += stagecoach.hs_strength(g, seat)
    return value


def marshal_strength(g: Game) -> float:
    """Marshal & Prisoners: how near the Marshal stands to 4 goals of 5 (in this world),
    and the means to them: captures, bullets placed, Brawler cards kept."""
    from ..engine.mp.scoring import goal_done

    mp = g.mp
    assert mp is not None
    done = sum(goal_done(g, goal) for goal in (*mp.current, *mp.upcoming))
    value = 600.0 * min(done, 4) + 120.0 * sum(mp.captured)
    value += 25.0 * (12 - g.cylinder[mp.marshal]) + 40.0 * len(mp.brawlers)
    value += 60.0 * (len(mp.taken_prisoners) + len(mp.taken_mailbags))
    return value - (5000.0 if mp.fallen[mp.marshal] else 0.0)


def _bandit_strength(g: Game, seat: int) -> float:
    """A bandit's strength with the expansion's money: posters, prisoners, Brawler cards."""
    mp = g.mp
    assert mp is not None
    value = strength(g, seat)
    for b in g.bandits_of[seat]:
        value += 0.0 if mp.captured[b] else 500.0
        value += 200.0 if mp.prisoner[b] >= 0 else 0.0
        value += sum(mp.brawler_won[b]) - (300.0 if mp.jailed[b] else 0.0)
        value -= 3000.0 if mp.fallen[b] else 0.0
    return value


def _idea_value(g: Game, seat: int) -> float:
    """What a Brilliant Idea is worth to a bandit: a way out of the cell, a prisoner or a
    freed bandit on the prison car, a copy elsewhere."""
    mp = g.mp
    if mp is None:
        return 0.0
    b = g.bandits_of[seat][0]
    if mp.jailed[b]:
        return 400.0
    if g.pos[b] >= 0 and g.pos[b] >> 1 == g.last:
        return 150.0 if mp.prisoner[b] < 0 and mp.prisoners_left else 30.0
    return 10.0


def evaluate(g: Game, seat: int) -> float:
    """A seat's strength against the strongest other seat (Marshal & Prisoners: the
    Marshal's progress against the bandits, a bandit's against the other bandits and the
    Marshal's)."""
    if g.mp is not None:
        marshal_seat = g.seat_of[g.mp.marshal]
        # Centred on the Marshal's winning line (4 goals), so a search that squashes the
        # evaluation (ISMCTS's cut-off) still tells the two sides apart.
        progress = marshal_strength(g) - _MARSHAL_PAR
        if seat == marshal_seat:
            return progress
        others = [_bandit_strength(g, s) for s in range(g.n_players)
                  if s not in (seat, marshal_seat)]
        return _bandit_strength(g, seat) - max(others, default=0.0) - 0.5 * progress
    mine = strength(g, seat)
    best_other = max(strength(g, s) for s in range(g.n_players) if s != seat)
    return mine - best_other


def best_resolution(g: Game, kind: int, bandit: int, seat: int) -> tuple[float, int | None]:
    """The best option for resolving a card of this kind now, and its evaluation."""
    options = resolve.options(g, kind, bandit)
    if not options:
        return evaluate(g, seat), None
    best: tuple[float, int | None] = (float("-inf"), None)
    for option in options:
        trial = g.clone()
        resolve.perform(trial, kind, bandit, option)
        score = evaluate(trial, seat)
        if score > best[0]:
            best = (score, option)
    return best


def _blocked(g: Game, kind: int, bandit: int) -> bool:
    from ..engine.hs.rules import blocked_reason

    return blocked_reason(g, kind, bandit) is not None


def _drink_score(
    plan: Game, seat: int, old: bool, start: float, plays: list[tuple[float, int, int]],
    draw: float,
) -> float:
    """A drink on a Normal turn, less the half flask it costs: an old flask plays the best
    card and then the best card after it; a normal one draws 3 cards, then plays one."""
    assert plan.hs is not None
    hs = plan.hs
    b = plan.bandits_of[seat][0]
    flasks = [t for t in plan.held[b] if plan.loot_kind[t] == WHISKEY and (t in hs.old) == old]
    if not flasks:
        return float("-inf")
    flasks.sort(key=lambda t: t not in hs.half)
    cost = stagecoach.flask_value(plan, flasks[0]) / (1 if flasks[0] in hs.half else 2)
    if not plays:
        return start + (draw if not old else 0.0) - cost
    first, kind, bandit = max(plays)
    if not old:
        return max(first, start) + draw - cost
    after = plan.clone()
    _score, option = best_resolution(after, kind, bandit, seat)
    if option is not None:
        resolve.perform(after, kind, bandit, option)
    hand = after.hand[seat]
    played = [c for c in hand if after.card_kind[c] == kind and after.card_bandit[c] == bandit]
    if played:
        hand.remove(played[0])
    kinds = {(after.card_kind[c], after.card_bandit[c]) for c in hand}
    second = max((best_resolution(after, k, who, seat)[0] for _s, k, who in plays
                  if (k, who) in kinds), default=first)
    return max(first, second) - cost


class ColtHeuristicAgent(Agent):
    """Greedy one-step planner on a sampled world (``HeuristicAgent`` plays it for Colt
    Express)."""

    name = "heuristic"

    def __init__(self, *, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(seed=seed)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a probability, not {noise}")
        self.noise = noise

    def describe(self) -> str:
        return f"heuristic:noise={self.noise}" if self.noise else "heuristic"

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_ids()
        slip = noisy(self, legal, self.noise)
        if slip is not None:
            return slip
        world: Game = observation.sample_world(self.rng)
        seat = observation.seat
        phase = world.phase
        if phase in (PLAY, COVER, EXTRA, REFLEX, SIP):
            return self._scheme(world, seat, legal)
        if phase == ATTACK:  # Horses & Stagecoach: board the car reached, or ride on
            board = stagecoach.attack_boards(world, world.cur, self.rng)
            return ids.BOARD if board else ids.RIDE_ON
        if phase == FLEE:
            return self._flee(world, seat, legal)
        if phase in KIND_OF_PHASE:
            return self._resolve(world, seat, legal, KIND_OF_PHASE[phase])
        if phase in (EVENT_SHOOT, EVENT_MOVE):
            return self._resolve(world, seat, legal, SHOOT if phase == EVENT_SHOOT else MOVE)
        if phase == GIVE:  # the least valuable token this bandit holds
            return min(legal, key=lambda i: world.loot_value[ids.GIVE.index(i)])
        if phase == RAINY:
            return self._keep(world, seat, legal)
        if phase == PICKPOCKET:  # a purse, the richest when they are told apart (accessible)
            if ids.TAKE in legal:
                return ids.TAKE
            tokens = [i for i in legal if i in ids.TAKE_TOKEN]
            if not tokens:
                return legal[0]
            return max(tokens, key=lambda i: world.loot_value[ids.TAKE_TOKEN.index(i)])
        if phase == KEEP:
            return self._keep(world, seat, legal)
        if phase == PICK:
            return self._pick(world, seat, legal)
        if phase == PLACE:
            return legal[self.rng.randrange(len(legal))]
        return legal[0]

    # -- Stealin' ---------------------------------------------------------------------------

    def _resolve(self, world: Game, seat: int, legal: tuple[int, ...], kind: int) -> int:
        best, choice = float("-inf"), legal[0]
        for option in legal:
            trial = world.clone()
            if option != ids.PASS:
                resolve.perform(trial, kind, world.cur, option)
            score = evaluate(trial, seat) + self.rng.random() * 1e-3
            if score > best:
                best, choice = score, option
        return choice

    # -- Schemin' ---------------------------------------------------------------------------

    def _flee(self, world: Game, seat: int, legal: tuple[int, ...]) -> int:
        """Horses & Stagecoach: the roof to run to from the Shotgun."""
        from ..engine.hs.rules import flee

        best, choice = float("-inf"), legal[0]
        for option in legal:
            trial = world.clone()
            flee(trial, world.cur, option)
            score = evaluate(trial, seat) + self.rng.random() * 1e-3
            if score > best:
                best, choice = score, option
        return choice

    def _planned(self, world: Game, seat: int) -> Game:
        """The world after this seat's own cards already on the pile resolve (best options,
        other players' cards ignored)."""
        plan = world.clone()
        for card in world.pile:
            bandit = plan.card_bandit[card]
            if plan.seat_of[bandit] != seat:
                continue
            kind = plan.card_kind[card]
            if plan.hs is not None and _blocked(plan, kind, bandit):
                continue  # rode away; a hostage forbids it
            _score, option = best_resolution(plan, kind, bandit, seat)
            if option is not None:
                resolve.perform(plan, kind, bandit, option)
        return plan

    def _scheme(self, world: Game, seat: int, legal: tuple[int, ...]) -> int:
        plan = self._planned(world, seat)
        base = evaluate(plan, seat)
        playable = sum(1 for c in world.hand[seat] if world.card_kind[c] != BULLET)
        remaining = sum(1 for _t, s in world.schedule[world.step :] if s == seat)
        drawn = base
        if plan.hs is not None and stagecoach.escaping(plan):
            # The Escape station: 3 cards drawn may bring the Ride or the Move off the train.
            drawn = max(base, evaluate(stagecoach.with_draw(plan, seat), seat))
        best, choice = float("-inf"), legal[0]
        plays: list[tuple[float, int, int]] = []  # each card this turn could play
        drinks: list[int] = []
        for action in legal:
            if action in ids.DRINK:
                drinks.append(action)  # scored once the cards are
                continue
            if action in (ids.DRAW, ids.PASS):
                score = drawn + (_DRAW_VALUE if playable <= remaining else 5.0)
                if action == ids.PASS:
                    score = base
            elif action == ids.DRAW_IDEA:  # Marshal & Prisoners: worth most in the cell
                score = base + (_idea_value(world, seat) if playable <= remaining else 5.0)
            else:
                play = ids.ACTIONS[action]
                kind = ids.KIND_INDEX[play.kind]  # type: ignore[union-attr]
                who = play.bandit  # type: ignore[union-attr]
                bandit = world.chars.index(who) if who else world.bandits_of[seat][0]
                score, _option = best_resolution(plan, kind, bandit, seat)
                if kind == MARSHAL:
                    score -= 10.0  # the Marshal card helps everyone near the strongbox
                if kind == IDEA:
                    score += _idea_value(world, seat)
                if getattr(play, "hidden", False):
                    score += 15.0  # Ghost: secrecy is free
                else:
                    plays.append((score, kind, bandit))
            score += self.rng.random() * 1e-3
            if score > best:
                best, choice = score, action
        for action in drinks:  # Horses & Stagecoach: a drink of whiskey instead
            draw = _DRAW_VALUE if playable <= remaining + 1 else 15.0
            start = drawn if action == ids.DRINK[0] else base
            score = _drink_score(plan, seat, action == ids.DRINK[1], start, plays, draw)
            score += self.rng.random() * 1e-3
            if score > best:
                best, choice = score, action
        return choice

    # -- Cards kept and picked --------------------------------------------------------------

    def _keep(self, world: Game, seat: int, legal: tuple[int, ...]) -> int:
        if len(world.kept[seat]) >= 3:
            return ids.PASS
        for preferred in ("rob", "move", "shoot", "floor", "punch"):
            for action in legal:
                play = ids.ACTIONS[action]
                if getattr(play, "kind", None) == preferred:
                    return action
        return ids.PASS

    def _pick(self, world: Game, seat: int, legal: tuple[int, ...]) -> int:
        for preferred in ("rob", "move", "shoot"):
            for action in legal:
                if getattr(ids.ACTIONS[action], "kind", None) == preferred:
                    return action
        return legal[0]


def cutoff_rewards(world: Game) -> list[float]:
    """Each seat's reward for a position a search stops at: its evaluation, squashed."""
    return [1.0 / (1.0 + math.exp(-evaluate(world, s) / 400.0)) for s in range(world.n_players)]


__all__ = ["ColtHeuristicAgent", "best_resolution", "cutoff_rewards", "evaluate",
           "marshal_strength", "strength"]
