"""Chance outcomes given one by one (``Game.chance``): the engine's draws made by the
caller, as the research interfaces' explicit chance nodes make them."""

from __future__ import annotations

import random

import pytest

from coltexpress.engine.errors import ChanceNeeded
from coltexpress.engine.game import Game
from coltexpress.engine.options import Options
from coltexpress.superexpress.game import SuperGame
from coltexpress.superexpress.options import SuperOptions


def _deal(new, options, pick):
    """A game dealt on the outcomes ``pick(n)`` chooses: each draw asked for in turn."""
    outcomes: list[int] = []
    asked: list[int] = []
    while True:
        try:
            return new(options, chance=outcomes), outcomes, asked
        except ChanceNeeded as need:
            asked.append(need.outcomes)
            outcomes.append(pick(need.outcomes))


def _play(game, action, pick):
    outcomes: list[int] = []
    while True:
        world = game.clone()
        world.chance = list(outcomes)
        try:
            world.apply_id(action)
            return world, outcomes
        except ChanceNeeded as need:
            outcomes.append(pick(need.outcomes))


def test_the_deal_asks_for_every_draw_and_plays_on_the_outcomes_given():
    options = Options.preset("standard", players=3)
    rng = random.Random(1)
    game, outcomes, asked = _deal(Game.new, options, rng.randrange)
    assert len(asked) > 20 and all(n >= 1 for n in asked)
    assert game.chance == []  # all used
    again = Game.new(options, chance=outcomes)
    assert again.to_json() == game.to_json()
    other = list(outcomes)
    other[-1] = (other[-1] + 1) % asked[-1]
    if asked[-1] > 1:
        assert Game.new(options, chance=other).to_json() != game.to_json()


def test_a_shuffle_is_one_draw_for_each_card_but_the_last():
    """Fisher-Yates from the last card down: a deck of 10 asks for 10, 9, ..., 2."""
    options = Options.preset("first-game", players=3)
    _, _, asked = _deal(Game.new, options, lambda n: 0)
    deck = list(range(10, 1, -1))
    assert any(asked[i:i + 9] == deck for i in range(len(asked)))


def test_draws_during_play_are_asked_for_too():
    """A whole game on chance outcomes: every draw of a move (a new round's shuffles, a
    purse taken unseen) asked for in turn; the game ends as the rules say."""
    rng = random.Random(3)
    options = Options.preset("both-expansions", players=4)
    game, _, _ = _deal(Game.new, options, rng.randrange)
    drawn = 0
    while not game.is_over:
        game, outcomes = _play(game, rng.choice(game.legal_ids()), rng.randrange)
        drawn += len(outcomes)
    assert drawn > 0


def test_an_outcome_out_of_range_is_refused():
    with pytest.raises(ValueError, match="not one of range"):
        Game.new(Options.preset("standard", players=3), chance=[999])


def test_a_copy_keeps_its_own_outcomes_and_a_stored_state_plays_on_its_generator():
    game, _, _ = _deal(Game.new, Options.preset("standard", players=3), lambda n: n - 1)
    game.chance = [0, 1]
    copy = game.clone()
    copy.chance.append(2)
    assert game.chance == [0, 1]
    assert Game.from_json(game.to_json()).chance is None


def test_colt_super_express_draws_its_characters_and_first_player_by_chance():
    options = SuperOptions.preset("standard", players=4)
    game, _, asked = _deal(SuperGame.new, options, lambda n: 0)
    assert asked == [7, 6, 5, 4, 4]  # four characters from seven, then the first player
    assert game.chars == ("belle", "cheyenne", "django", "doc") and game.first == 0
    assert SuperGame.from_json(game.to_json()).chance is None
    copy = game.clone()
    assert copy.chance == [] and copy.chance is not game.chance
