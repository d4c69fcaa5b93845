"""The agents' contract: legal moves only, seeded reproducibility, no hidden information."""

from __future__ import annotations

import random

import pytest

from coltexpress import Game, Options
from coltexpress.agents import (
    Agent,
    HeuristicAgent,
    ISMCTSAgent,
    Observation,
    RandomAgent,
)
from coltexpress.engine.invariants import check_invariants
from support import new_game

PRESETS = [
    ("standard", 3),
    ("expert", 4),
    ("two-player", 2),
    ("accessible", 5),
    ("two-bandits", 3),
    ("marshal-prisoners", 5),
]


def _agents(seed: int) -> list[Agent]:
    return [
        RandomAgent(seed=seed),
        HeuristicAgent(seed=seed),
        HeuristicAgent(seed=seed, noise=0.3),
        ISMCTSAgent(seed=seed, iterations=8),
    ]


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_agents_play_only_legal_actions_to_the_end(preset: str, players: int) -> None:
    for k, agent in enumerate(_agents(7)):
        game = Game.new(Options.preset(preset, players=players), seed=k)
        while not game.is_over:
            choice = agent.act(game)
            assert choice in game.legal_ids()
            game.apply_id(choice)
        assert not check_invariants(game)


def _decisions(agent_factory: type[Agent], seed: int, **kw: object) -> list[int]:
    game = Game.new(Options.preset("standard", players=3), seed=11)
    agent = agent_factory(seed=seed, **kw)  # type: ignore[call-arg]
    out = []
    while not game.is_over and len(out) < 40:
        choice = agent.act(game)
        out.append(choice)
        game.apply_id(choice)
    return out


@pytest.mark.parametrize(
    ("factory", "kw"),
    [(RandomAgent, {}), (HeuristicAgent, {"noise": 0.2}), (ISMCTSAgent, {"iterations": 10})],
)
def test_same_seed_same_decisions(factory: type[Agent], kw: dict[str, object]) -> None:
    assert _decisions(factory, 5, **kw) == _decisions(factory, 5, **kw)


def test_different_seeds_change_random_decisions() -> None:
    assert _decisions(RandomAgent, 1) != _decisions(RandomAgent, 2)


def _hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """A state that gives ``seat`` exactly the same view but differs in hidden parts."""
    other = game.determinize(seat, rng)
    assert other.view(seat) == game.view(seat)
    return other


@pytest.mark.parametrize(
    ("factory", "kw"),
    [(HeuristicAgent, {}), (ISMCTSAgent, {"iterations": 12}), (RandomAgent, {})],
)
def test_decision_depends_only_on_the_seats_view(
    factory: type[Agent], kw: dict[str, object]
) -> None:
    """Two states with the same view for the deciding seat, same bot seed: same decision."""
    rng = random.Random(3)
    mover = RandomAgent(seed=9)
    for preset, players in PRESETS:
        game = Game.new(Options.preset(preset, players=players), seed=21)
        checked = 0
        while not game.is_over and checked < 12:
            seat = game.current_seat
            assert seat is not None
            if len(game.legal_ids()) > 1:
                twin = _hide_differently(game, seat, rng)
                # the twin really differs somewhere hidden
                a = factory(seed=4, **kw).act(game)  # type: ignore[call-arg]
                b = factory(seed=4, **kw).act(twin)  # type: ignore[call-arg]
                assert a == b
                checked += 1
            game.apply_id(mover.act(game))


def test_observation_refuses_a_seat_that_is_not_to_act() -> None:
    game = new_game(players=3)
    wrong = (game.current_seat + 1) % 3  # type: ignore[operator]
    with pytest.raises(ValueError, match="not the seat to act"):
        Observation(game, wrong)


def test_observation_exposes_no_game_state() -> None:
    game = new_game(players=3)
    obs = Observation(game, game.current_seat)  # type: ignore[arg-type]
    assert not hasattr(obs, "hand") and not hasattr(obs, "deck")
    assert "hand" in obs.view() and obs.view() == game.view(obs.seat)


def test_ismcts_time_budget_is_respected_roughly() -> None:
    """A time budget bounds the search; only checks that it returns a legal move."""
    game = new_game(players=3)
    agent = ISMCTSAgent(seed=1, iterations=None, seconds=0.05)
    assert agent.act(game) in game.legal_ids()


def test_ismcts_needs_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        ISMCTSAgent(iterations=None, seconds=None)


def test_heuristic_robs_loot_at_hand() -> None:
    """With a jewel in its space and nothing else to gain, the heuristic robs it."""
    from support import add_loot, clear_loot, put, stealin

    game = new_game(players=3)
    clear_loot(game)
    put(game, belle=(2, False), cheyenne=(3, True), django=(1, True))
    add_loot(game, 2, False, "jewel", 500)
    add_loot(game, 2, False, "purse", 300)
    stealin(game, [("belle", "rob")])
    choice = HeuristicAgent(seed=0).act(game)
    assert str(game.legal_actions()[game.legal_ids().index(choice)]) == "rob jewel"


def test_heuristic_shoots_the_leader() -> None:
    """Given two targets, the heuristic shoots the richer one."""
    from support import give_loot, put, stealin

    game = new_game(players=3)
    put(game, belle=(2, False), cheyenne=(1, False), django=(3, False))
    give_loot(game, "django", "strongbox", 1000)
    stealin(game, [("belle", "shoot")])
    choice = HeuristicAgent(seed=0).act(game)
    assert str(game.legal_actions()[game.legal_ids().index(choice)]) == "shoot django"


def test_heuristic_marshal_captures_a_bandit_in_reach() -> None:
    """Playing the Marshal, the heuristic captures the bandit whose Arrest Warrant it
    holds rather than one it has no warrant for (a goal is worth more than a poster)."""
    from coltexpress.engine.mp.content import SPECIAL_TARGETS, WARRANT
    from support import put, stealin

    game = Game.new(Options(marshal_prisoners=True, players=5,
                            characters=("belle", "cheyenne", "django", "doc")), seed=2)
    assert game.mp is not None
    game.mp.current = [WARRANT + game.char_idx[game.chars.index("doc")]]
    game.mp.upcoming = [SPECIAL_TARGETS.index(n) for n in (
        "dodge-bullets", "golden-bullet-award", "only-a-flesh-wound")] + [
        WARRANT + game.char_idx[game.chars.index("belle")]]
    put(game, marshal=(2, True), doc=(2, True), cheyenne=(2, True), belle=(0, False),
        django=(0, False))
    stealin(game, [("marshal", "capture")])
    choice = HeuristicAgent(seed=0).act(game)
    assert str(game.legal_actions()[game.legal_ids().index(choice)]) == "capture doc"


def test_heuristic_bandit_uses_the_brilliant_idea_to_leave_the_cell() -> None:
    """A bandit in the cell plays the Brilliant Idea over any other card."""
    from support import set_hand, set_round

    game = Game.new(Options(marshal_prisoners=True, players=3,
                            characters=("belle", "cheyenne")), seed=4)
    set_round(game, "no-event-jarring")
    assert game.mp is not None
    b = game.chars.index("belle")
    game.mp.jailed[b] = game.mp.captured[b] = True
    game.pos[b] = 2 * game.last
    game.apply("draw")  # the Marshal
    set_hand(game, 1, ["move", "rob", "idea", "floor"])
    choice = HeuristicAgent(seed=0).act(game)
    assert str(game.legal_actions()[game.legal_ids().index(choice)]) == "play idea"
