"""The observation: a fixed size per option set, every slot named, within its space's
bounds, and built from what the seat knows only."""

from __future__ import annotations

import random

import numpy as np
import pytest

from coltexpress.envs.encoding import HIGH, Encoder, _Out
from coltexpress.games import new_game

from .cases import CASES, IDS


def _states(game: str, preset: str, players: int, seed: int, every: int = 1):
    """Each state of a random game (every ``every``-th), its end included."""
    rng = random.Random(seed)
    g = new_game(game, preset, players=players, seed=seed)
    k = 0
    while not g.is_over:
        if k % every == 0:
            yield g, rng
        g.apply_id(rng.choice(g.legal_ids()))
        k += 1
    yield g, rng


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_every_observation_has_the_size_and_bounds_of_its_option_set(game, preset, players):
    encoder = Encoder.for_game(new_game(game, preset, players=players))
    assert len(set(encoder.names)) == encoder.size  # every slot its own name
    for g, _ in _states(game, preset, players, seed=players):
        for seat in range(players):
            x = encoder.encode(g.view(seat))
            assert x.shape == (encoder.size,)
            assert x.dtype == np.float32
            assert np.isfinite(x).all()
            assert np.abs(x).max() <= HIGH, encoder.names[int(np.abs(x).argmax())]
        named = _Out(True)  # the slow way, slot by slot with its name: the same values
        encoder._fill(named, g.view(g.current_seat or 0))
        assert np.array_equal(np.asarray(named.values, np.float32),
                              encoder.encode(g.view(g.current_seat or 0)))


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_an_observation_never_changes_with_what_its_seat_cannot_know(game, preset, players):
    """Another world drawn from the seat's information set (other hands, decks, purse
    values it never saw, the round cards to come) gives the same observation."""
    encoder = Encoder.for_game(new_game(game, preset, players=players))
    checked = 0
    for g, rng in _states(game, preset, players, seed=11, every=7):
        for seat in range(players):
            world = g.determinize(seat, rng)
            mine = encoder.encode(g.view(seat))
            assert np.array_equal(encoder.encode(world.view(seat)), mine)
            checked += 1
    assert checked > players


def test_an_observation_changes_with_what_its_seat_knows():
    """The encoder is not blind: the seat's own hand is in it, another's is not."""
    g = new_game("colt-express", "standard", players=3, seed=4)
    encoder = Encoder.for_game(g)
    rng = random.Random(0)
    seat = g.current_seat
    other = (seat + 1) % 3
    differs = same = 0
    for _ in range(20):
        world = g.determinize(other, rng)  # the other's knowledge: my hand may change
        if world.view(seat)["hand"] != g.view(seat)["hand"]:
            differs += not np.array_equal(encoder.encode(world.view(seat)),
                                          encoder.encode(g.view(seat)))
            same += np.array_equal(encoder.encode(world.view(other)),
                                   encoder.encode(g.view(other)))
    assert differs > 0
    assert differs == same


def test_slots_are_named_for_the_reader():
    g = new_game("colt-express", "marshal-prisoners", players=4, seed=1)
    names = Encoder.for_game(g).names
    for expected in ("decision=play", "seat+0.hand_size", "hand#bullet", "space0.loot#purse",
                     "figure0.car=0", "pile0.card=shoot"):
        assert expected in names
    # the expansion's part, "mp" then its field (spelt apart: the rule index's ids look so)
    guns = [n.split(".", 1)[1] for n in names if n.split(".")[0] == "mp" and "gun" in n]
    assert "gun0.bullets" in guns and "gun1.bullets" in guns
    se = Encoder.for_game(new_game("super-express", "standard", players=3, seed=1))
    assert "seat+1.facing_caboose" in se.names and "stack0=fire" in se.names


def test_a_spectators_view_or_another_option_sets_is_refused():
    g = new_game("colt-express", "standard", players=3, seed=1)
    encoder = Encoder.for_game(g)
    with pytest.raises(ValueError, match="spectator"):
        encoder.encode(g.view(None))
    bigger = new_game("colt-express", "standard", players=4, seed=1)
    with pytest.raises(ValueError, match="other options"):
        encoder.encode(bigger.view(0))
