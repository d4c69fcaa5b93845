"""A game reviewed: at each decision of a seat, every legal choice valued by the hard bot's
search from what that seat knew then, the loss of the choice made, a mark, the luck of the
draw, and each seat's chance to win after every move (``colt review``; docs/review.md).

The search sees a decision exactly as the seat saw it: its view at that moment, the hidden
cards drawn again by ``determinize`` at every iteration (never the real ones). Its values
are the search's mean reward for the seat (0 to 1: 0.9 for a win, a shared win split, and
0.1 for the money against the richest), so a loss of 0.10 is about ten points of chance
to win. The luck of a decision is the value of the choice made in the real world (the same
search, told the hidden cards) less its value over the worlds the seat could be in: what
the deal and the others' hidden plans gave or took.

>>> from coltexpress.games import new_game
>>> game = new_game("colt-express", "standard", players=3, seed=4)
>>> _ = game.apply("play move"), game.apply("draw")
>>> review = review_record(game.record(), iterations=60, playouts=4)
>>> [(d.move, d.seat, d.made.label) for d in review.decisions][:1]
[(0, 2, 'Play Move')]
>>> len(review.chances)    # before the first move, and after each of the two
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .agents.base import KnownWorld, Observation
from .agents.ismcts import ISMCTSAgent
from .games import replay_any

__all__ = ["LUCK", "MARKS", "Choice", "Decision", "Review", "action_text", "mark_of",
           "review_position", "review_record"]

# A decision's mark by its loss against the best choice (the search's value, 0 to 1):
# under each bound, that mark.
MARKS: tuple[tuple[str, float], ...] = (
    ("good", 0.03), ("inaccuracy", 0.08), ("mistake", 0.15), ("blunder", float("inf")),
)


LUCK = 0.10  # a decision's luck this large (either way) is worth saying in its verdict


def mark_of(loss: float) -> str:
    """The mark of a loss: good, inaccuracy, mistake or blunder (``MARKS``)."""
    return next(name for name, bound in MARKS if loss < bound)


@dataclass(frozen=True)
class Choice:
    """One legal choice: its action id, in words, its value and the search's visits."""

    action: int
    label: str
    value: float
    visits: int


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the move's number in the game (0 for the first action),
    the seat and round, every choice best first, the choice made, its loss against the
    best, its mark and its luck (None when not measured)."""

    move: int
    seat: int
    round: int
    choices: tuple[Choice, ...]
    played: int
    loss: float
    mark: str
    luck: float | None

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def verdict(self) -> str:
        """The decision in a few words, skill and luck apart: a good play the deal beat
        (its luck ``LUCK`` or worse), a mistake the deal forgave (``LUCK`` or better), or
        its mark alone."""
        unlucky = self.luck is not None and self.luck <= -LUCK
        lucky = self.luck is not None and self.luck >= LUCK
        if self.mark == "good":
            return "a good play that lost to the deal" if unlucky else "a good play"
        what = {"inaccuracy": "an inaccuracy", "mistake": "a mistake",
                "blunder": "a blunder"}[self.mark]
        if lucky:
            return f"{what} that the deal forgave"
        if unlucky:
            return f"{what}, and the deal was against it too"
        return what

    @property
    def made(self) -> Choice:
        return next(c for c in self.choices if c.action == self.played)


@dataclass(frozen=True)
class Review:
    """A reviewed game: its decisions (of the seats asked for) and each seat's chance to
    win before the first move and after every move (``chances[m][seat]``)."""

    game: str
    players: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    chances: tuple[tuple[float, ...], ...]
    iterations: int | None
    seconds: float | None
    seed: int

    def summary(self, seat: int) -> dict[str, Any]:
        """A seat's accuracy (the share of the best choice's value its choices kept, on
        average, in percent), its marks, and its three costliest decisions."""
        mine = [d for d in self.decisions if d.seat == seat]
        kept = [d.made.value / d.best.value if d.best.value > 0 else 1.0 for d in mine]
        costly = sorted((d for d in mine if d.loss > 0), key=lambda d: -d.loss)[:3]
        return {
            "seat": seat,
            "decisions": len(mine),
            "accuracy": round(100 * sum(kept) / len(kept), 1) if kept else None,
            "marks": {name: sum(d.mark == name for d in mine) for name, _ in MARKS},
            "costliest": [{"move": d.move, "played": d.made.label, "better": d.best.label,
                           "loss": round(d.loss, 3)} for d in costly],
        }

    def to_dict(self) -> dict[str, Any]:
        out = {**asdict(self), "summaries": [self.summary(s) for s in self.seats]}
        for said, d in zip(out["decisions"], self.decisions, strict=True):
            said["verdict"] = d.verdict
        return out


def _label(game: Any, action: int, view: dict[str, Any]) -> str:
    """An action in the words of the game's choices, as the seat reads it."""
    if getattr(game, "game_name", "colt-express") == "super-express":
        from .superexpress.actions import SUPER_ACTIONS
        from .words import super_express

        return super_express.label(str(SUPER_ACTIONS[action]), view)
    from .engine.actions import ACTION_TEXTS
    from .words import base

    return base.label(ACTION_TEXTS[action], view)


def _values(game: Any, observation: Observation, iterations: int | None,
            seconds: float | None, seed: int) -> dict[int, tuple[int, float]]:
    """The search's visits and value of each choice it tried, from ``observation``."""
    legal = game.legal_ids()
    # every choice tried a few times at least, however small the budget
    floor = None if iterations is None else max(iterations, 4 * len(legal))
    agent = ISMCTSAgent(seed=seed, iterations=floor, seconds=seconds)
    return agent.search(observation)


def review_position(game: Any, seat: int, played: int, *, iterations: int | None = 1000,
                    seconds: float | None = None, seed: int = 0, luck: bool = True,
                    move: int = 0) -> Decision:
    """The decision ``seat`` faces in ``game`` (its turn now), reviewed: each legal choice
    valued from the seat's view only, ``played`` the choice made."""
    if game.current_seat != seat:
        raise ValueError(f"it is not seat {seat}'s decision")
    legal = game.legal_ids()
    if played not in legal:
        raise ValueError(f"action {played} is not legal here")
    view = game.view(seat)
    tried = _values(game, Observation(game, seat), iterations, seconds, seed)
    choices = sorted(
        (Choice(a, _label(game, a, view), tried[a][1] if a in tried else 0.0,
                tried[a][0] if a in tried else 0) for a in legal),
        key=lambda c: (-c.value, -c.visits, c.action))
    made = next(c for c in choices if c.action == played)
    loss = max(0.0, choices[0].value - made.value)
    told = None
    if luck:
        real = _values(game, KnownWorld(game, seat), iterations, seconds, seed)
        if played in real:
            told = real[played][1] - made.value
    return Decision(move, seat, int(game.view(None)["round"]), tuple(choices), played, loss,
                    mark_of(loss), told)


def _chances(game: Any, playouts: int, rng: random.Random) -> tuple[float, ...]:
    """Each seat's chance to win from what everyone sees: ``playouts`` random games from
    worlds drawn from the spectator's information (a shared win split)."""
    wins = [0.0] * game.n_players
    for _ in range(playouts):
        world = game.determinize(None, rng)
        world.quiet = True
        while not world.is_over:
            legal = world.legal_ids()
            world.apply_id(legal[int(rng.random() * len(legal))])
        winners = world.result()["winners"]
        for s in winners:
            wins[s] += 1.0 / len(winners)
    return tuple(round(w / max(playouts, 1), 4) for w in wins)


def review_record(record: dict[str, Any], *, seats: Sequence[int] | None = None,
                  iterations: int | None = 1000, seconds: float | None = None,
                  seed: int = 0, luck: bool = True, playouts: int = 48, jobs: int = 1,
                  progress: Callable[[], None] | None = None) -> Review:
    """Review a game record (any game of the package) for ``seats`` (all by default):
    every decision of theirs with more than one legal choice, and every seat's chance to
    win after every move, on ``jobs`` processes. The same record, seed and iteration budget
    give the same review, whatever ``jobs`` (a time budget, ``seconds``, depends on the
    machine). ``progress()`` is called after each decision reviewed."""
    actions = list(replay_any(record).record()["actions"])  # (a bad record: its error)
    game = replay_any({**record, "actions": []})
    players = game.n_players
    asked = tuple(range(players)) if seats is None else tuple(sorted(set(seats)))
    for s in asked:
        if not 0 <= s < players:
            raise ValueError(f"no seat {s} in a {players}-player game")
    tasks: list[tuple[Any, ...]] = []
    chance_tasks: list[tuple[Any, ...]] = [(game.clone(), playouts, seed, 0)]
    for move, text in enumerate(actions):
        seat = game.current_seat
        played = _action_id(game, text)
        if seat in asked and len(game.legal_ids()) > 1:
            tasks.append((game.clone(), seat, played, iterations, seconds,
                          seed * 1_000_003 + move, luck, move))
        game.apply_id(played)
        chance_tasks.append((game.clone(), playouts, seed, move + 1))
    decisions = _run(_review_task, tasks, jobs, progress)
    chances = _run(_chances_task, chance_tasks, jobs, None)
    return Review(getattr(game, "game_name", "colt-express"), players, asked,
                  tuple(decisions), tuple(chances), iterations, seconds, seed)


def _review_task(args: tuple[Any, ...]) -> Decision:
    game, seat, played, iterations, seconds, seed, luck, move = args
    return review_position(game, seat, played, iterations=iterations, seconds=seconds,
                           seed=seed, luck=luck, move=move)


def _chances_task(args: tuple[Any, ...]) -> tuple[float, ...]:
    game, playouts, seed, move = args
    return _chances(game, playouts, random.Random(seed * 1_000_003 + move))


def _run(work: Callable[[Any], Any], tasks: list[Any], jobs: int,
         progress: Callable[[], None] | None) -> list[Any]:
    """``work`` of every task, in order, on ``jobs`` processes (here with 1)."""
    out: list[Any] = []
    if jobs <= 1:
        for task in tasks:
            out.append(work(task))
            if progress is not None:
                progress()
        return out
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(work, tasks, chunksize=1):
            out.append(result)
            if progress is not None:
                progress()
    return out


def action_text(game: Any, action: int) -> str:
    """An action id of ``game``'s action space in the notation."""
    if getattr(game, "game_name", "colt-express") == "super-express":
        from .superexpress.actions import SUPER_ACTIONS

        return str(SUPER_ACTIONS[action])
    from .engine.actions import ACTION_TEXTS

    return ACTION_TEXTS[action]


def _action_id(game: Any, text: Any) -> int:
    """A record's action (its notation) as the game's action id."""
    if getattr(game, "game_name", "colt-express") == "super-express":
        from .superexpress.actions import parse_super_action, super_action_id

        return super_action_id(parse_super_action(text))
    from .engine.actions import action_id, parse_action

    return action_id(parse_action(text))


def decisions_to_review(record: dict[str, Any], seats: Sequence[int] | None = None) -> int:
    """How many decisions ``review_record`` reviews (for a progress bar)."""
    game = replay_any({**record, "actions": []})
    asked = set(range(game.n_players) if seats is None else seats)
    count = 0
    for text in record.get("actions", []):
        if game.current_seat in asked and len(game.legal_ids()) > 1:
            count += 1
        game.apply_id(_action_id(game, text))
    return count
