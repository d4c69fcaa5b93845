"""The PettingZoo AEC environment passes PettingZoo's own tests over every preset of both
games, and plays by the engine's rules."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from coltexpress.envs.pettingzoo import ColtAECEnv, env
from coltexpress.games import new_game

from .cases import CASES, IDS

# PettingZoo's api_test advises a plain array observation; a dict of the observation and
# the action mask is what its own board games (chess, go, connect four) give, as here.
ADVICE = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


@pytest.mark.filterwarnings(*ADVICE)
@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test_and_seed_test(game, preset, players):
    api_test(env(game=game, preset=preset, players=players), num_cycles=400)
    seed_test(lambda: env(game=game, preset=preset, players=players), num_cycles=400)


def _play(table, pick):
    """Play a whole game, ``pick(mask)`` choosing each action; the rewards at the end."""
    final = {}
    for agent in table.agent_iter():
        obs, reward, term, trunc, _ = table.last()
        if term or trunc:
            final[agent] = reward
            table.step(None)
        else:
            table.step(pick(obs["action_mask"]))
    return final


def test_a_whole_game_is_the_engines_game_and_rewards_its_winners():
    """The environment's game is the engine's: the same actions from the same seed give
    the same end, and each winner gets 1, every other seat -1."""
    table = env(players=4)
    table.reset(seed=5)
    raw: ColtAECEnv = table.unwrapped
    game = new_game("colt-express", "standard", players=4, seed=raw.table.game.seed)
    played = []

    def first(mask):
        index = int(np.flatnonzero(mask)[-1])
        played.append(index)
        return index

    rewards = _play(table, first)
    for index in played:
        game.apply_id(index)
    assert game.is_over
    winners = game.result()["winners"]
    assert rewards == {f"player_{s}": 1.0 if s in winners else -1.0 for s in range(4)}


def test_score_rewards_are_money_and_the_marshals_win():
    table = env(preset="marshal-prisoners", players=3, reward="score")
    table.reset(seed=2)
    rng = np.random.default_rng(0)
    rewards = _play(table, lambda m: int(rng.choice(np.flatnonzero(m))))
    result = table.unwrapped.table.game.result()
    marshal = result["marshal"]
    assert rewards[f"player_{marshal}"] == (1.0 if marshal in result["winners"] else -1.0)
    for s in range(3):
        if s != marshal:
            assert rewards[f"player_{s}"] == result["totals"][s] / 1000


def test_options_by_keyword_reach_the_game():
    table = env(players=3, characters=("belle", "doc", "tuco"), expert=True)
    table.reset(seed=1)
    game = table.unwrapped.table.game
    assert game.options.expert and game.chars == ("belle", "doc", "tuco")


def test_only_the_seat_to_act_has_legal_actions():
    table = env(game="super-express", players=4)
    table.reset(seed=1)
    acting = table.agent_selection
    for agent in table.agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_player(caplog):
    table = env(players=3)
    table.reset(seed=3)
    agent = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    table.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1


def test_render_tells_the_table_in_words():
    table = env(players=3, render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert "Inside the locomotive" in text and "car 1" in text
    assert "_" not in text  # no internal names (player_0, slugs) in what a person reads
    with pytest.raises(ValueError, match="render mode"):
        ColtAECEnv(render_mode="human")


def test_unknown_options_are_refused_with_the_registry_message():
    with pytest.raises(Exception, match="unknown game"):
        env(game="colt-deluxe")
    with pytest.raises(ValueError, match="unknown reward"):
        env(reward="gold")
