"""Bad actions are refused with clear messages and never change the state."""

from __future__ import annotations

import random

import pytest

from coltexpress import (
    ACTIONS,
    ColtError,
    Game,
    GameOverError,
    IllegalActionError,
    NotationError,
    Options,
    OptionsError,
    RecordError,
)
from tests.test_fuzz import CONFIG_IDS, CONFIGS, play_random, random_states


def _state(g: Game) -> dict[str, object]:
    g.legal_ids()
    return g.to_json()


def test_error_tree() -> None:
    for error in (OptionsError, NotationError, IllegalActionError, GameOverError, RecordError):
        assert issubclass(error, ColtError)
        assert issubclass(error, ValueError)
    assert issubclass(GameOverError, IllegalActionError)


@pytest.mark.parametrize(("label", "options"), CONFIGS[::2], ids=CONFIG_IDS[::2])
def test_illegal_actions_are_refused_and_change_nothing(label: str, options: Options) -> None:
    rng = random.Random(6)
    for n, (g, _, _) in enumerate(random_states(options, 6)):
        if g.is_over or n % 3:
            continue
        legal = set(g.legal_ids())
        before = _state(g)
        illegal = [i for i in rng.sample(range(len(ACTIONS)), 12) if i not in legal][:4]
        for index in illegal:
            text = str(ACTIONS[index])
            with pytest.raises(IllegalActionError) as info:
                g.apply(text)
            message = str(info.value)
            assert text in message and "not legal" in message
            assert f"seat {g.pending.seat}" in message
            assert str(g.pending.decision) in message
            for i in legal:
                assert str(ACTIONS[i]) in message
            assert not isinstance(info.value, GameOverError)
            with pytest.raises(IllegalActionError):
                g.apply_id(index)
            with pytest.raises(IllegalActionError):
                g.apply(ACTIONS[index])
            assert not g.is_legal(text)
            assert _state(g) == before
        with pytest.raises(NotationError, match="'jump'"):
            g.apply("jump")
        assert _state(g) == before
        for index in legal:
            assert g.is_legal(ACTIONS[index]) and g.is_legal(str(ACTIONS[index]))


def test_bad_action_ids_are_refused() -> None:
    g = Game.new(Options.preset("standard", players=3), seed=2)
    before = _state(g)
    for index in (-1, len(ACTIONS), 10**9, -(10**9)):
        with pytest.raises(ColtError):
            g.apply_id(index)
    assert _state(g) == before


def test_nothing_can_be_played_after_the_end() -> None:
    g = play_random(Options.preset("expert", players=3), 1)
    assert g.is_over
    before = _state(g)
    for action in ("draw", "pass", "move forward 1"):
        with pytest.raises(GameOverError, match="over") as info:
            g.apply(action)
        assert action in str(info.value)
    for index in range(0, len(ACTIONS), 50):
        with pytest.raises(GameOverError):
            g.apply_id(index)
    assert g.legal_actions() == []
    assert not g.is_legal("draw")
    assert _state(g) == before


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": 8}, "3 to 6"),
        ({"players": 2}, "2-bandits"),
        ({"players": 1}, "not 1"),
        ({"players": "4"}, "whole number"),
        ({"players": 4, "two_bandits": True}, "2 or 3 players"),
        ({"players": 3, "characters": ("belle", "doc")}, "3 characters"),
        ({"players": 3, "characters": ("belle", "doc", "zorro")}, "zorro"),
        ({"players": 3, "characters": ("belle", "doc", "doc")}, "only once"),
        ({"expert": "yes"}, "true or false"),
        ({"edition": "accessible", "round_deck": "first-game"}, "station"),
        ({"round_deck": "huge"}, "huge"),
        ({"cars": (0, 0, 1, 2)}, "distinct"),
        ({"cars": (0, 1)}, "4 cars"),
    ],
)
def test_bad_options_are_refused_clearly(changes: dict[str, object], words: str) -> None:
    with pytest.raises(OptionsError) as info:
        Options(**changes)  # type: ignore[arg-type]
    assert words in str(info.value)


def test_unknown_preset_and_unknown_option() -> None:
    with pytest.raises(OptionsError, match=r"'turbo'.*standard"):
        Options.preset("turbo")
    with pytest.raises(OptionsError, match="dragons"):
        Options.from_dict({"players": 3, "dragons": True})
    with pytest.raises(OptionsError, match="object"):
        Options.from_dict(["players"])  # type: ignore[arg-type]


def test_game_new_rejects_what_options_reject() -> None:
    with pytest.raises(OptionsError):
        Game.new(Options.preset("standard", players=9))
