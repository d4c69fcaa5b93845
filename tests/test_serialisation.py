"""Full-state JSON round trips, game records that replay exactly, and bad JSON refused clearly."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from coltexpress import RULES_VERSION, Game, Options, RecordError
from tests.test_fuzz import CONFIG_IDS, CONFIGS, assert_sound, pick, random_states


def _state(g: Game) -> dict[str, Any]:
    g.legal_ids()
    return g.to_json()


def _through_text(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_json_round_trip_at_every_step(label: str, options: Options) -> None:
    for n, (g, _, _) in enumerate(random_states(options, 31)):
        data = g.to_json()
        text = json.dumps(data)
        back = Game.from_json(json.loads(text))
        assert back.to_json() == data
        assert _state(back) == _state(g)
        assert back.legal_ids() == g.legal_ids()
        assert back.pending == g.pending
        for seat in [None, *range(g.n_players)] if n % 5 == 0 else ():
            assert back.view(seat) == g.view(seat)


@pytest.mark.parametrize(("label", "options"), CONFIGS[::2], ids=CONFIG_IDS[::2])
def test_a_loaded_state_plays_on_exactly_like_the_original(label: str, options: Options) -> None:
    rng = random.Random(4)
    for n, (g, _, _) in enumerate(random_states(options, 4)):
        if n % 23 or g.is_over:
            continue
        a = g.clone()
        b = Game.from_json(_through_text(g.to_json()))
        while not a.is_over:
            index = pick(rng, a.legal_ids())
            assert a.apply_id(index) == b.apply_id(index)
            assert _state(a) == _state(b)


@pytest.mark.parametrize(("label", "options"), CONFIGS[1::4], ids=CONFIG_IDS[1::4])
def test_a_pickled_game_plays_on_exactly_like_the_original(label: str, options: Options) -> None:
    """A game pickled (as it travels to a bot worker or a tournament's process), with the
    actions it was given and its pending decision, plays on as the original does."""
    rng = random.Random(5)
    for n, (g, _, _) in enumerate(random_states(options, 3)):
        if n % 17 or g.is_over:
            continue
        a = g.clone()
        b, pending, actions = pickle.loads(pickle.dumps((g, g.pending, g.legal_actions())))
        assert (pending, actions) == (g.pending, g.legal_actions())
        assert _state(b) == _state(a)
        while not a.is_over:
            index = pick(rng, a.legal_ids())
            assert a.apply_id(index) == b.apply_id(index)
            assert _state(a) == _state(b)


def test_a_pickled_super_express_game_plays_on_like_the_original() -> None:
    from coltexpress.superexpress import SuperGame, SuperOptions

    g = SuperGame.new(SuperOptions.preset("reflex-horse", players=5), seed=3)
    rng = random.Random(3)
    for _ in range(12):
        g.apply_id(pick(rng, g.legal_ids()))
    b = pickle.loads(pickle.dumps(g))
    assert b.pending == g.pending and b.legal_actions() == g.legal_actions()
    while not g.is_over:
        index = pick(rng, g.legal_ids())
        assert g.apply_id(index) == b.apply_id(index)
        assert g.to_json() == b.to_json()


@pytest.mark.parametrize(("label", "options"), CONFIGS, ids=CONFIG_IDS)
def test_record_replays_the_game_exactly(label: str, options: Options) -> None:
    checkpoints = []
    g = None
    for n, (g, _, _) in enumerate(random_states(options, 12)):
        if n % 37 == 0:
            checkpoints.append((_through_text(g.record()), _state(g)))
    assert g is not None and g.is_over
    checkpoints.append((_through_text(g.record()), _state(g)))
    for record, state in checkpoints:
        assert record["rules_version"] == RULES_VERSION
        assert all(isinstance(a, str) for a in record["actions"])
        replayed = Game.replay(record)
        assert _state(replayed) == state
    assert Game.replay(g.record()).result() == g.result()


def test_record_is_compact_and_json_ready() -> None:
    g = Game.new(Options.preset("standard", players=4), seed=9)
    rng = random.Random(9)
    while not g.is_over:
        g.apply_id(pick(rng, g.legal_ids()))
    record = g.record()
    assert set(record) == {"format", "rules_version", "options", "seed", "actions"}
    assert json.loads(json.dumps(record)) == record
    assert record["seed"] == 9
    assert len(record["actions"]) == len(g.history)


# ---------------------------------------------------------------------------- malformed states


@pytest.fixture(scope="module")
def states() -> list[dict[str, Any]]:
    """A few states from different games and phases, as JSON."""
    out = []
    for label in ("standard-4p", "two-player-2p", "expert-3p", "accessible+expert-4p", "mei-7p",
                  "marshal-prisoners-5p", "marshal-prisoners+expert-4p"):
        options = dict(CONFIGS)[label]
        for n, (g, _, _) in enumerate(random_states(options, 2)):
            if n % 29 == 5 or g.is_over:
                out.append(_through_text(g.to_json()))
    return out


def test_states_fixture_covers_many_decisions(states: list[dict[str, Any]]) -> None:
    assert len({s["phase"] for s in states}) >= 4


def _loads_or_refuses(data: Any) -> Game | None:
    """Loading bad data gives a RecordError, or a state that is fully usable."""
    try:
        g = Game.from_json(data)
    except RecordError as exc:
        assert str(exc)
        return None
    assert_sound(g)
    for seat in [None, *range(g.n_players)]:
        json.dumps(g.view(seat))
    json.dumps(g.to_json())
    g.result()
    g.determinize(0, random.Random(0)).legal_ids()
    rng = random.Random(0)
    steps = 0
    while not g.is_over and steps < 400:
        g.apply_id(pick(rng, g.legal_ids()))
        steps += 1
    return g


def test_every_missing_field_is_named(states: list[dict[str, Any]]) -> None:
    data = states[0]
    for key in data:
        if key == "legal":
            continue  # a derived cache
        bad = copy.deepcopy(data)
        del bad[key]
        with pytest.raises(RecordError) as info:
            Game.from_json(bad)
        assert key in str(info.value) or key in ("format", "rules_version"), (key, info.value)


@pytest.mark.parametrize(
    "junk", [None, "x", [], {}, -1, 10**9, 2**70, [[-5]], True, 1.5, [None], ["a"], [[0]]]
)
def test_wrong_types_and_values_are_refused(states: list[dict[str, Any]], junk: Any) -> None:
    for data in states[:3]:
        for key in data:
            bad = copy.deepcopy(data)
            bad[key] = junk
            _loads_or_refuses(bad)


def _tweak(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, 0, 7, 63, 1000, 2**64])
    if isinstance(value, str):
        return rng.choice(["ghost", "mei", "nobody", "", "doc", "2016", "accessible"])
    if isinstance(value, list):
        if not value:
            return rng.choice([[0], [[0]], ["x"]])
        value = list(value)
        i = rng.randrange(len(value))
        op = rng.randrange(4)
        if op == 0:
            value[i] = _tweak(value[i], rng)
        elif op == 1:
            del value[i]
        elif op == 2:
            value.append(value[i])
        else:
            rng.shuffle(value)
        return value
    if isinstance(value, dict):
        value = dict(value)
        key = rng.choice(sorted(value))
        value[key] = _tweak(value[key], rng)
        return value
    return value


def test_tampered_states_load_soundly_or_are_refused(states: list[dict[str, Any]]) -> None:
    """Small random edits of real states: never a crash, a hang or a broken game."""
    rng = random.Random(2024)
    refused = 0
    for data in states:
        for _ in range(25):
            bad = copy.deepcopy(data)
            key = rng.choice(sorted(bad))
            bad[key] = _tweak(bad[key], rng)
            refused += _loads_or_refuses(bad) is None
    assert refused > 0


def test_unknown_format_and_rules_version_are_refused(states: list[dict[str, Any]]) -> None:
    data = states[0]
    for bad_value, word in ((None, "format"), ("coltexpress-record", "format")):
        bad = dict(data, format=bad_value)
        with pytest.raises(RecordError, match="coltexpress-state"):
            Game.from_json(bad)
        del word
    bad = dict(data, rules_version="base-0")
    with pytest.raises(RecordError, match="rules version 'base-0'") as info:
        Game.from_json(bad)
    assert RULES_VERSION in str(info.value)
    for not_a_dict in (None, [], "state", 3):
        with pytest.raises(RecordError):
            Game.from_json(not_a_dict)  # type: ignore[arg-type]


def test_inconsistent_state_is_refused(states: list[dict[str, Any]]) -> None:
    data = copy.deepcopy(states[0])
    # A loot token duplicated: loot is no longer conserved.
    token = next(t for tokens in data["held"] for t in tokens)
    data["box"].append(token)
    with pytest.raises(RecordError, match="inconsistent"):
        Game.from_json(data)
    data = copy.deepcopy(states[0])
    data["neutral"] = 10**12  # must not build a trillion-card check
    with pytest.raises(RecordError):
        Game.from_json(data)
    data = copy.deepcopy(states[0])
    data["first"] = 63  # used to send the Expert keep step round forever
    with pytest.raises(RecordError, match="first"):
        Game.from_json(data)
    # Knowledge that is not true of the cards: a card "known" on top of a deck it is not in.
    data = copy.deepcopy(states[0])
    stranger = data["deck"][1][0]
    data["deck_known"][0] = [[1, [stranger], [stranger]]]
    with pytest.raises(RecordError, match="known"):
        Game.from_json(data)
    data = copy.deepcopy(states[0])
    data["deck_known"][0] = [[10**6, [], []]]
    with pytest.raises(RecordError, match="known deck segment"):
        Game.from_json(data)
    data = copy.deepcopy(states[0])
    data["loot_seen"] = data["loot_seen"][:-1]
    with pytest.raises(RecordError, match="loot_seen"):
        Game.from_json(data)


# ---------------------------------------------------------------------------- malformed records


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    g = Game.new(Options.preset("standard", players=3), seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.apply_id(pick(rng, g.legal_ids()))
    return _through_text(g.record())


def test_record_with_a_tampered_action_is_refused(record: dict[str, Any]) -> None:
    g = Game.new(Options.from_dict(record["options"]), seed=record["seed"])
    # Find an action that is well formed but not legal at its place in the record.
    for n, text in enumerate(record["actions"]):
        legal = {str(a) for a in g.legal_actions()}
        if "move forward 1" not in legal:
            bad = copy.deepcopy(record)
            bad["actions"][n] = "move forward 1"
            with pytest.raises(RecordError) as info:
                Game.replay(bad)
            assert f"action {n + 1} ('move forward 1')" in str(info.value)
            assert "not legal" in str(info.value)
            break
        g.apply(text)
    else:  # pragma: no cover
        pytest.fail("no place to tamper with")
    bad = copy.deepcopy(record)
    bad["actions"][3] = "dance"
    with pytest.raises(RecordError, match="'dance'"):
        Game.replay(bad)
    bad = copy.deepcopy(record)
    bad["actions"].append("draw")
    with pytest.raises(RecordError, match="over"):
        Game.replay(bad)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("format", "coltexpress-state", "coltexpress-record"),
        ("rules_version", "base-99", "base-99"),
        ("rules_version", None, "rules version"),
        ("seed", "7", "seed"),
        ("seed", True, "seed"),
        ("seed", None, "seed"),
        ("actions", "draw", "actions"),
        ("actions", [1, 2], "actions"),
        ("actions", None, "actions"),
        ("options", {"players": 9}, "options"),
        ("options", {"players": 3, "dragons": True}, "dragons"),
        ("options", "standard", "options"),
        ("options", None, "options"),
    ],
)
def test_malformed_records_are_refused_clearly(
    record: dict[str, Any], field: str, value: Any, words: str
) -> None:
    bad = copy.deepcopy(record)
    bad[field] = value
    with pytest.raises(RecordError) as info:
        Game.replay(bad)
    assert words in str(info.value)


@pytest.mark.parametrize("field", ["format", "rules_version", "seed", "actions", "options"])
def test_truncated_records_are_refused(record: dict[str, Any], field: str) -> None:
    bad = copy.deepcopy(record)
    del bad[field]
    with pytest.raises(RecordError):
        Game.replay(bad)


def test_truncated_action_list_replays_a_prefix(record: dict[str, Any]) -> None:
    short = dict(record, actions=record["actions"][:50])
    g = Game.replay(short)
    assert len(g.history) == 50
    assert not g.is_over


@pytest.mark.parametrize("not_a_record", [None, [], "record", 3, {"format": "coltexpress-record"}])
def test_non_records_are_refused(not_a_record: Any) -> None:
    with pytest.raises(RecordError):
        Game.replay(not_a_record)
