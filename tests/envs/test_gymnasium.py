"""The Gymnasium environment passes Gymnasium's own checker, plays the other seats with
the bots asked for, and runs vectorised over processes."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import coltexpress.envs.gymnasium as colt_gym
from coltexpress.envs.gymnasium import ColtEnv, make_vec

from .cases import CASES, IDS


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_gymnasium_check_env(game, preset, players):
    env_id = "ColtSuperExpress-v0" if game == "super-express" else "ColtExpress-v0"
    table = gymnasium.make(env_id, preset=preset, players=players, opponents="random",
                           render_mode="ansi")
    check_env(table.unwrapped)


def test_importing_registers_both_games():
    assert colt_gym.ColtEnv is ColtEnv
    assert gymnasium.spec("ColtExpress-v0").kwargs == {"game": "colt-express"}
    assert gymnasium.spec("ColtSuperExpress-v0").kwargs == {"game": "super-express"}


def _episode(table, seed, rng):
    observation, info = table.reset(seed=seed)
    seen = [observation]
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = table.step(action)
        seen.append(observation)
        total += reward
        steps += 1
        if terminated or truncated:
            return seen, total, steps


def test_the_bots_play_every_other_seat_and_the_learner_gets_the_result():
    table = ColtEnv(players=4, seat=2, opponents="easy")
    seen, total, steps = _episode(table, 9, np.random.default_rng(1))
    game = table.table.game
    assert game.is_over
    assert total == (1.0 if 2 in game.result()["winners"] else -1.0)
    assert steps >= 15  # every decision of seat 2, no other seat's
    assert all(x.shape == table.observation_space.shape for x in seen)


def test_same_seed_same_episode():
    a, b = ColtEnv(players=3, opponents="medium"), ColtEnv(players=3, opponents="medium")
    first = _episode(a, 4, np.random.default_rng(2))
    second = _episode(b, 4, np.random.default_rng(2))
    assert first[1:] == second[1:]
    assert all(np.array_equal(x, y) for x, y in zip(first[0], second[0], strict=True))


def test_a_random_seat_each_episode_unless_one_is_asked():
    table = ColtEnv(players=3)
    seats = {table.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    fixed = ColtEnv(players=3, seat=1)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(5)} == {1}


def test_illegal_actions_lose_or_raise():
    table = ColtEnv(players=3, seat=0)
    _, info = table.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = table.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)
    with pytest.raises(RuntimeError, match="reset"):  # the episode it ended is over
        table.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = ColtEnv(players=3, seat=0, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        strict.step(illegal)
    assert not strict.table.over  # nothing was played


def test_bad_settings_are_refused_clearly():
    with pytest.raises(ValueError, match="unknown agent"):
        ColtEnv(opponents="grandmaster")
    with pytest.raises(ValueError, match="2 other seats"):
        ColtEnv(players=3, opponents=["easy"])
    with pytest.raises(ValueError, match="not a seat"):
        ColtEnv(players=3, seat=3)


def test_the_masks_sb3_contrib_asks_for():
    table = ColtEnv(game="super-express", players=3)
    _, info = table.reset(seed=1)
    assert np.array_equal(table.action_masks(), info["action_mask"].astype(bool))


def test_score_rewards_and_options_by_keyword():
    table = ColtEnv(players=3, seat=1, reward="score", characters=("belle", "doc", "tuco"))
    _, total, _ = _episode(table, 2, np.random.default_rng(0))
    game = table.table.game
    assert [b["character"] for b in game.view(1)["bandits"]] == ["belle", "doc", "tuco"]
    assert total == game.result()["totals"][1] / 1000


def test_render_tells_the_learners_move_and_the_bots_after_it():
    table = ColtEnv(players=3, seat=0, opponents="random", render_mode="ansi")
    _, info = table.reset(seed=4)
    table.step(int(np.flatnonzero(info["action_mask"])[0]))  # seat 0 draws or plays
    text = table.render()
    assert text.startswith("You ")  # the learner's own move, told to it
    assert "Your turn" in text


def test_gymnasium_make_vec_runs_the_tables_on_processes():
    vector = gymnasium.make_vec("ColtSuperExpress-v0", num_envs=2, vectorization_mode="async",
                                players=3)
    try:
        observations, infos = vector.reset(seed=5)
        assert observations.shape == (2, 149) and infos["action_mask"].shape == (2, 6)
    finally:
        vector.close()


def test_vectorised_over_processes():
    vector = make_vec(2, players=3, opponents="random", seed=3)
    try:
        observations, infos = vector.reset(seed=[3, 4])
        assert observations.shape == (2, *vector.single_observation_space.shape)
        masks = infos["action_mask"]
        actions = [int(np.flatnonzero(m)[0]) for m in masks]
        observations, rewards, terminated, truncated, infos = vector.step(np.array(actions))
        assert observations.shape[0] == 2 and rewards.shape == (2,)
        assert terminated.shape == truncated.shape == (2,) and len(infos["action_mask"]) == 2
    finally:
        vector.close()


def test_colt_bench_envs_measures_both_interfaces():
    """``colt bench --envs``: steps a second of PettingZoo and Gymnasium (quiet with
    --json), refused with --all."""
    import json
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "coltexpress.cli", "bench", "--players", "3",
                          "--seconds", "0.3", "--envs", "--json"],
                         capture_output=True, text=True, check=True)
    data = json.loads(run.stdout)
    assert data["pettingzoo_steps"] > 0 and data["gymnasium_steps"] > 0
    assert data["pettingzoo_steps_per_second"] > 0 and data["gymnasium_steps_per_second"] > 0
    assert run.stderr == ""
    refused = subprocess.run([sys.executable, "-m", "coltexpress.cli", "bench", "--all",
                              "--envs"], check=False, capture_output=True, text=True)
    assert refused.returncode != 0 and "--envs" in refused.stderr
