"""A move cut into frames (``apply_frames``) and the same move applied whole (``apply``) are
the same move: the same events, the same game after it (the last frame's: a copy, or with
``own`` the game itself), and ``frame_count`` of the events says how many frames the cut
made (the server counts a move's steps that way and leaves the frames to its render
workers)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from coltexpress import Game
from coltexpress.superexpress import SUPER_PRESETS, SuperGame, SuperOptions

from .test_fuzz import CONFIG_IDS, CONFIGS


def _every_move_both_ways(game: Any, seed: int) -> int:
    """Play a random game; at each decision apply the move whole on a copy and in frames on
    the game, and compare. The number of moves with more than one frame."""
    rng = random.Random(seed)
    cut_moves = 0
    while not game.is_over:
        whole = game.clone()
        action = rng.choice([str(a) for a in game.legal_actions()])
        events = whole.apply(action)
        own = rng.random() < 0.5  # the last frame holds the game itself, or a copy
        frames = game.apply_frames(action, own=own)
        assert [e for f in frames for e in f.events] == events
        assert whole.to_json() == game.to_json() == frames[-1].state.to_json()
        assert (frames[-1].state is game) == own
        assert type(game).frame_count(events) == len(frames), action
        assert [f.final for f in frames] == [False] * (len(frames) - 1) + [True]
        cut_moves += len(frames) > 1
    return cut_moves


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_frame_count_is_the_number_of_frames_colt_express(label: str, options: Any) -> None:
    cut = sum(_every_move_both_ways(Game.new(options, seed=seed), seed) for seed in (1, 2))
    assert cut > 0  # the games had moves cut into several frames (a card resolving)


@pytest.mark.parametrize("preset", list(SUPER_PRESETS))
@pytest.mark.parametrize("players", [3, 5, 7])
def test_frame_count_is_the_number_of_frames_super_express(preset: str, players: int) -> None:
    options = SuperOptions.preset(preset, players=players)
    cut = sum(_every_move_both_ways(SuperGame.new(options, seed=seed), seed) for seed in (1, 2))
    assert cut > 0
