"""Same options, seed and actions give the same game; clones are independent."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from coltexpress import Game, Options
from coltexpress.engine.game import STATE_FIELDS
from tests.test_fuzz import CONFIG_IDS, CONFIGS, assert_sound, pick, random_states


def _state(g: Game) -> dict[str, object]:
    """The full state, with the legal-id cache filled so that it never differs by laziness."""
    g.legal_ids()
    return g.to_json()


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_same_seed_and_actions_give_the_same_states_and_events(
    label: str, options: Options
) -> None:
    a = Game.new(options, seed=21)
    b = Game.new(options, seed=21)
    assert _state(a) == _state(b)
    rng = random.Random(21)
    while not a.is_over:
        index = pick(rng, a.legal_ids(), draw_bias=-0.5)
        assert a.legal_ids() == b.legal_ids()
        events_a = a.apply_id(index)
        events_b = b.apply_id(index)
        assert events_a == events_b
        assert _state(a) == _state(b)
    assert a.result() == b.result()


@pytest.mark.parametrize(("label", "options"), CONFIGS[::3], ids=CONFIG_IDS[::3])
def test_the_seed_matters(label: str, options: Options) -> None:
    starts = {json.dumps(_state(Game.new(options, seed=s)), sort_keys=True) for s in range(6)}
    assert len(starts) > 1


@pytest.mark.parametrize(("label", "options"), CONFIGS[::2], ids=CONFIG_IDS[::2])
def test_playing_a_clone_never_changes_the_original(label: str, options: Options) -> None:
    rng = random.Random(3)
    for n, (g, _, _) in enumerate(random_states(options, 3)):
        if n % 9 or g.is_over:
            continue
        before = _state(g)
        c = g.clone()
        assert _state(c) == before
        while not c.is_over:
            c.apply_id(pick(rng, c.legal_ids()))
        assert _state(g) == before
        assert_sound(g)


FLAT = ("pos", "cylinder", "received", "friendly", "pile", "pile_down", "round_deck",
        "turns_taken", "placed", "queue", "history", "box", "reserve", "loot_seen", "hand_bullets",
        "powers")
NESTED = ("floor_loot", "held", "deck", "hand", "discard", "kept", "dropped", "deck_known",
          "hand_known", "deck_from")


def _mutate_everything(c: Game) -> None:
    """Change every mutable container of a clone in place."""
    for name in FLAT:
        value = getattr(c, name)
        value.append(value[0] if value else 0)
        value.reverse()
    for name in NESTED:
        lists = getattr(c, name)
        for inner in lists:
            inner.append(-1)
        lists.append([99])
    c.events.append(None)  # type: ignore[arg-type]


def test_the_mutation_reaches_every_list_of_the_state() -> None:
    g = Game.new(Options.preset("standard", players=3), seed=1)
    lists = {n for n in STATE_FIELDS if isinstance(getattr(g, n), list)}
    assert lists == {*FLAT, *NESTED, "events"}


@pytest.mark.parametrize(("label", "options"), CONFIGS[1::2], ids=CONFIG_IDS[1::2])
def test_mutating_a_clone_in_place_never_changes_the_original(
    label: str, options: Options
) -> None:
    for n, (g, _, _) in enumerate(random_states(options, 4)):
        if n % 13:
            continue
        before = _state(g)
        events = list(g.events)
        _mutate_everything(g.clone())
        assert _state(g) == before
        assert g.events == events


def test_the_original_moving_on_never_changes_a_clone() -> None:
    g = Game.new(Options.preset("expert", players=4), seed=5)
    snapshots = []
    rng = random.Random(5)
    while not g.is_over:
        c = g.clone()
        snapshots.append((c, _state(c)))
        g.apply_id(pick(rng, g.legal_ids()))
    for c, state in snapshots:
        assert _state(c) == state


def test_a_clone_plays_on_exactly_like_the_original() -> None:
    options = Options.preset("two-bandits", players=3)
    g = Game.new(options, seed=8)
    rng = random.Random(8)
    for _ in range(40):
        g.apply_id(pick(rng, g.legal_ids()))
    c = g.clone()
    while not g.is_over:
        index = pick(rng, g.legal_ids())
        assert g.apply_id(index) == c.apply_id(index)
        assert _state(g) == _state(c)


@pytest.mark.parametrize(("label", "options"), CONFIGS[::4], ids=CONFIG_IDS[::4])
def test_reading_the_state_changes_nothing(label: str, options: Options) -> None:
    """view, legal_actions, determinize, result, record, to_json are pure reads."""
    for n, (g, _, _) in enumerate(random_states(options, 6)):
        if n % 11 and not g.is_over:
            continue
        before = _state(g)
        for seat in [None, *range(g.n_players)]:
            g.view(seat)
            g.determinize(seat, random.Random(n))
        g.legal_actions()
        g.result()
        g.record()
        g.to_json()
        assert _state(g) == before


_SCRIPT = """
import hashlib, json, random
from coltexpress import Game, Options
digest = hashlib.sha256()
for name, players in (("standard", 5), ("two-bandits", 3), ("accessible", 4), ("expert", 3)):
    g = Game.new(Options.preset(name, players=players), seed=17)
    rng = random.Random(17)
    while not g.is_over:
        legal = g.legal_ids()
        events = g.apply_id(legal[rng.randrange(len(legal))])
        digest.update(json.dumps([e.to_dict() for e in events]).encode())
        for seat in [None, *range(g.n_players)]:
            digest.update(json.dumps(g.view(seat)).encode())
        digest.update(json.dumps(g.to_json()).encode())
print(digest.hexdigest())
"""


def test_games_do_not_depend_on_the_hash_seed() -> None:
    """No set or dict order of strings leaks into the game (PYTHONHASHSEED varies)."""
    src = str(Path(__file__).resolve().parents[1] / "src")
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        out = subprocess.run(
            [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1, digests
    assert all(len(d) == len(hashlib.sha256().hexdigest()) for d in digests)


# --- the generator: one formula in two arithmetics -------------------------------------------

_EDGE_STATES = [0, 1, (1 << 32) - 1, 1 << 32, (1 << 62) - 1, 1 << 62, 1 << 63, (1 << 64) - 1]


def _splitmix64(state: int) -> int:
    """SplitMix64's published finaliser, written out here independently of the engine."""
    mask = (1 << 64) - 1
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def test_the_generator_on_halves_draws_what_splitmix64_draws() -> None:
    """The halves the compiled engine computes on give, bit for bit, the textbook numbers."""
    from coltexpress.engine import rng

    chooser = random.Random(5)
    states = _EDGE_STATES + [chooser.getrandbits(64) for _ in range(20_000)]
    for state in states:
        assert rng.output(state) == _splitmix64(state)
        for n in (1, 2, 3, 7, 40, 1000, (1 << 28) - 1, chooser.randrange(1, 1 << 28)):
            after = (state + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
            expected = (after, (_splitmix64(after) * n) >> 64)
            assert rng.reference_below(state, n) == expected
            assert rng.below_on_halves(state, n) == expected
            assert rng.below(state, n) == expected
    assert rng.below(1 << 63, 1 << 40) == rng.reference_below(1 << 63, 1 << 40)  # a big range


def test_a_shuffle_on_halves_is_the_shuffle_of_single_draws() -> None:
    from coltexpress.engine import rng

    chooser = random.Random(6)
    for state in _EDGE_STATES + [chooser.getrandbits(64) for _ in range(300)]:
        size = chooser.randrange(0, 60)
        expected, on_halves, either = list(range(size)), list(range(size)), list(range(size))
        after = state
        for i in range(size - 1, 0, -1):
            after, j = rng.reference_below(after, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert rng.shuffle_on_halves(state, on_halves) == after
        assert rng.shuffle(state, either) == after
        assert on_halves == either == expected
