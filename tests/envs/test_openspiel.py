"""The OpenSpiel games pass OpenSpiel's own random simulation test with serialisation over
every preset of both games, draw by explicit chance nodes, keep each seat's information
to itself, and OpenSpiel's ISMCTS plays them."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from coltexpress.envs.openspiel import GAME_NAMES, MAX_CHANCE_OUTCOMES

from .cases import CASES, IDS


def _load(game: str, preset: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(GAME_NAMES[game], {"players": players, "preset": preset})


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_openspiel_random_sim_test_with_serialisation(game, preset, players):
    pyspiel.random_sim_test(_load(game, preset, players), num_sims=2, serialize=True,
                            verbose=False)


def _states(spiel_game, seed):
    """Every state of a random game, chance nodes included (one state, played on: each
    is the state as it stands when yielded)."""
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize(("game", "preset", "players"), CASES[::3], ids=IDS[::3])
def test_chance_nodes_are_uniform_and_within_the_games_bounds(game, preset, players):
    spiel_game = _load(game, preset, players)
    chance = moves = 0
    for state in _states(spiel_game, players):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert 1 <= len(outcomes) <= MAX_CHANCE_OUTCOMES
            assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
            chance += 1
        moves += 1
    assert chance >= players  # the deal at least
    assert moves <= spiel_game.max_game_length()


def test_the_same_outcomes_give_the_same_game():
    """A game loaded again and played on the same history of actions and outcomes ends
    the same; one outcome changed deals another game."""
    last = list(_states(_load("colt-express", "standard", 3), 5))[-1]
    history = last.history()
    replayed = _load("colt-express", "standard", 3).new_initial_state()
    for action in history:
        replayed.apply_action(action)
    assert replayed.returns() == last.returns()
    assert str(replayed) == str(last)
    assert replayed.information_state_string(0) == last.information_state_string(0)
    other = _load("colt-express", "standard", 3).new_initial_state()
    other.apply_action(history[0] + 1)  # another first character
    while other.is_chance_node():
        other.apply_action(0)
    first = _load("colt-express", "standard", 3).new_initial_state()
    first.apply_action(history[0])
    while first.is_chance_node():
        first.apply_action(0)
    assert other.information_state_string(0) != first.information_state_string(0)


def _program(spiel_game, first_round):
    """A Colt Super Express game of 3 with every chance outcome 0, seat 0 programming
    ``first_round`` in round 1 and everyone the first legal card after."""
    state = spiel_game.new_initial_state()
    mine = list(first_round)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(0)
        elif state.current_player() == 0 and mine:
            text = mine.pop(0)
            ids = [a for a in state.legal_actions() if state.action_to_string(0, a) == text]
            state.apply_action(ids[0])
        else:
            state.apply_action(state.legal_actions()[0])
        if not mine and state.game.view(None)["round"] == 2:
            return state
    raise AssertionError("the game ended in its first round")


def test_the_information_state_remembers_earlier_rounds():
    """Round 1 programmed in two orders: in round 2 the views may be alike, but the seat
    remembers what it did (perfect recall), and the information states differ."""
    spiel_game = _load("super-express", "standard", 3)
    a = _program(spiel_game, ["program flip", "program move", "program floor"])
    b = _program(spiel_game, ["program floor", "program flip", "program move"])
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(0).split("\n")[0] != "" and "history" in \
        a.information_state_string(0)


def test_a_public_observation_is_the_same_for_every_player_and_holds_no_hand():
    spiel_game = _load("colt-express", "standard", 3)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    observer = spiel_game.make_py_observer(public)
    state = next(s for s in _states(spiel_game, 4) if not s.is_chance_node())
    tensors, strings = [], []
    for seat in range(3):
        observer.set_from(state, seat)
        tensors.append(observer.tensor.copy())
        strings.append(observer.string_from(state, seat))
    assert all(np.array_equal(t, tensors[0]) for t in tensors)
    assert len(set(strings)) == 1
    assert "cards in hand" in strings[0] and "Your" not in strings[0]
    names = spiel_game.spec.encoder.names
    assert not any(v for n, v in zip(names, tensors[0], strict=True) if n.startswith("hand#"))
    own = spiel_game.make_py_observer(None)
    own.set_from(state, 0)
    assert not np.array_equal(own.tensor, tensors[0])  # the seat's own knows its hand


def test_while_the_deal_is_drawn_there_is_nothing_to_see_and_no_returns():
    state = _load("colt-express", "standard", 3).new_initial_state()
    assert state.is_chance_node()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.information_state_string(1) == "" and state.observation_string(1) == ""
    with pytest.raises(pyspiel.SpielError, match="name a seat"):
        state.information_state_string()


def test_any_option_by_a_json_parameter_and_the_score_reward():
    spiel_game = pyspiel.load_game("python_colt_express", {
        "players": 3, "reward": "score",
        "options": "characters:belle/doc/tuco"})
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)
    last = list(_states(spiel_game, 1))[-1]
    assert [b["character"] for b in last.game.view(0)["bandits"]] == ["belle", "doc", "tuco"]
    result = last.game.result()
    assert last.returns() == [t / 1000 for t in result["totals"]]
    with pytest.raises(Exception, match="name:value"):
        pyspiel.load_game("python_colt_express", {"options": "belle"})
    with pytest.raises(Exception, match="unknown character 'nobody'"):
        pyspiel.load_game("python_colt_express", {"options": "characters:belle/nobody/tuco"})
    with pytest.raises(Exception, match="unknown option 'colour'"):
        pyspiel.load_game("python_colt_express", {"options": "colour:red"})


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_a_seats_information_never_changes_with_what_it_cannot_know(game, preset, players):
    """A world resampled from a seat's information state (``resample_from_infostate``,
    the view's ``determinize``) gives that seat the same strings and tensors."""
    spiel_game = _load(game, preset, players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for n, state in enumerate(_states(spiel_game, 7)):
        if state.is_chance_node() or state.is_terminal() or n % 15:
            continue
        for seat in range(players):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            checked += 1
    assert checked >= players


def test_a_seats_information_state_is_not_the_others():
    spiel_game = _load("colt-express", "standard", 3)
    state = next(s for s in _states(spiel_game, 2) if not s.is_chance_node())
    strings = {state.information_state_string(s) for s in range(3)}
    assert len(strings) == 3  # each seat holds its own hand


def test_strings_are_for_people_and_programs():
    spiel_game = _load("super-express", "standard", 3)
    state = next(s for s in _states(spiel_game, 1) if not s.is_chance_node())
    assert "Your turn" in state.observation_string(state.current_player())
    assert state.information_state_string(0).startswith("{")
    assert state.action_to_string(state.current_player(), state.legal_actions()[0]).startswith(
        "program ")
    assert "chance outcome" in spiel_game.new_initial_state().action_to_string(
        pyspiel.PlayerId.CHANCE, 0)


def test_openspiels_ismcts_plays_a_whole_game():
    spiel_game = _load("colt-express", "standard", 3)
    bot = ismcts.ISMCTSBot(
        game=spiel_game, uct_c=2.0, max_simulations=10,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2))
    rng = random.Random(0)
    state = spiel_game.new_initial_state()
    decided = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decided += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert decided > 10
    assert sorted(state.returns()) in ([-1.0, -1.0, 1.0], [-1.0, 1.0, 1.0], [1.0, 1.0, 1.0])


def test_bad_parameters_are_refused():
    with pytest.raises(Exception, match="unknown reward"):
        pyspiel.load_game("python_colt_express", {"reward": "gold"})
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_colt_express", {"players": 12})
