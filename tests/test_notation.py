"""The action notation: every action round-trips through its text; bad text is refused."""

from __future__ import annotations

import hashlib

import pytest

from coltexpress import (
    ACTIONS,
    Draw,
    Move,
    NotationError,
    Pass,
    Play,
    Punch,
    Rob,
    action_id,
    parse_action,
)


def test_every_action_round_trips_through_its_notation() -> None:
    texts = set()
    for index, action in enumerate(ACTIONS):
        text = str(action)
        assert text == text.strip().lower() and "  " not in text
        parsed = parse_action(text)
        assert parsed == action
        assert hash(parsed) == hash(action)
        assert action_id(parsed) == index
        assert parse_action(f"  {text.upper()}\t") == action
        texts.add(text)
    assert len(texts) == len(ACTIONS)


def test_action_ids_are_stable() -> None:
    """Ids are an RL action space: blocks are only ever appended, never reordered."""
    assert action_id(Draw()) == 0
    assert action_id(Pass()) == 1
    assert len(ACTIONS) >= 415
    first = "\n".join(str(a) for a in ACTIONS[:415])
    assert hashlib.sha256(first.encode()).hexdigest()[:16] == _PINNED


_PINNED = "462b962c849ced5f"  # sha256 of the first 415 notations, one a line


def test_some_ids_are_pinned() -> None:
    pinned = {str(ACTIONS[i]): i for i in (0, 1, 2, 3, 100, 200, 300, 414)}
    for text, index in pinned.items():
        assert action_id(parse_action(text)) == index
    assert str(ACTIONS[414]) == "take purse"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("draw", Draw()),
        ("move forward 2", Move("forward", 2)),
        ("play shoot down", Play("shoot", None, True)),
        ("play shoot@tuco", Play("shoot", "tuco")),
        ("rob purse#12", Rob("purse", 12)),
        ("punch doc nothing back", Punch("doc", None, "back")),
        ("PUNCH   doc purse back take", Punch("doc", "purse", "back", True)),
    ],
)
def test_documented_examples(text: str, expected: object) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("dance", "unknown verb"),
        ("move sideways 1", "unknown word"),
        ("move forward 4", "move forward|back 1|2|3"),
        ("move forward", "move forward|back"),
        ("shoot nobody", "unknown word"),
        ("play bullet", "play <kind>"),
        ("rob purse#999", "rob purse"),
        ("punch doc purse", "punch <bandit>"),
        ("draw 3", "the form is 'draw or draw idea'"),
        ("play move@tuco@doc", "play"),
    ],
)
def test_parse_errors_quote_the_input(text: str, hint: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    message = str(info.value)
    assert repr(text) in message
    assert hint in message


@pytest.mark.parametrize("value", [None, 3, b"draw", ["draw"]])
def test_non_text_is_refused(value: object) -> None:
    with pytest.raises(NotationError, match="must be text"):
        parse_action(value)  # type: ignore[arg-type]


def test_objects_outside_the_action_space_have_no_id() -> None:
    for bad in (Move("forward", 7), Rob("purse", 10_000), "draw", 0, None):
        with pytest.raises(NotationError, match="not an action"):
            action_id(bad)  # type: ignore[arg-type]


def test_actions_are_frozen() -> None:
    action = Move("back", 1)
    with pytest.raises(AttributeError):
        action.distance = 2  # type: ignore[misc]
