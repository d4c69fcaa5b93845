"""The shape of everything a client sends the server: WebSocket messages, the create-table
body with each game's options, table ids (docs/protocol.md, "Errors").

Input is read in two steps. ``parse_json`` turns the text into plain values, refusing it
before any parser recurses into it when it nests deeper than any valid input does
(``MAX_DEPTH``), or holds numbers longer than any field takes. ``convert`` then checks it
against a typed schema (msgspec Structs, strict: no "3" for 3, no true for 1, no unknown
field) and says what is wrong in the words of the field at fault. A field holding a lone
surrogate (JSON ``"\\ud800"``) is refused with its error before the schema sees it: such
text is no Unicode, and nothing downstream could encode it.

>>> read_message('{"type": "act", "action": "draw", "version": 3, "id": 7}')
Act(action='draw', version=3, id=7)
>>> read_message('{"type": "hello", "token": "\\\\ud800"}')
Traceback (most recent call last):
...
coltexpress.server.schema.InputError: token must be a seat token: text of at most 200 characters
>>> is_table_id("aB3xY9q0"), is_table_id("a\\x00b")
(True, False)
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
import json
import re
import types
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, TypeVar, Union, get_args, get_origin, get_type_hints

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

__all__ = [
    "MAX_DEPTH",
    "Act",
    "Hello",
    "InputError",
    "Message",
    "Ping",
    "Sync",
    "TableBody",
    "convert",
    "is_table_id",
    "options_overrides",
    "parse_json",
    "read_message",
    "shown_id",
]

T = TypeVar("T")

MAX_DEPTH = 8  # the deepest valid input nests 3 levels (body, options, a list in them)
MAX_DIGITS = 30  # no field takes a longer number (seeds are below 2**63: 19 digits)
MAX_SEED = 2**63 - 1

Text20 = Annotated[str, Meta(max_length=20)]
Text40 = Annotated[str, Meta(max_length=40)]
Text64 = Annotated[str, Meta(max_length=64)]
Text200 = Annotated[str, Meta(max_length=200)]
Notation = Annotated[str, Meta(max_length=100, pattern=r"\S")]  # not blank either
Version = Annotated[int, Meta(ge=-(2**53), le=2**53)]  # any other than the table's: stale
MsgId = Annotated[int, Meta(ge=-(2**53), le=2**53)] | Text64


class InputError(ValueError):
    """Input that does not have the expected shape. ``field`` is the top-level field at
    fault ("" for the input as a whole), ``in_key`` whether an object's key is at fault
    rather than its value, ``msg_id`` a message's own valid ``id`` (for the reply)."""

    def __init__(self, message: str, field: str = "", *, in_key: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.in_key = in_key
        self.msg_id: str | int | None = None


# -- JSON text ----------------------------------------------------------------------------

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting(source: str) -> int:
    """How deep the arrays and objects of JSON text nest, counted without recursion (the
    brackets inside strings do not count); stops counting past ``MAX_DEPTH``.

    >>> nesting('{"a": [1, {"b": "[[["}]}'), nesting("[" * 5000)
    (3, 9)
    """
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', source)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                break
    return deepest


def _short_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InputError(f"a number has more than {MAX_DIGITS} digits")
    return int(digits)


def _no_constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON number")


def parse_json(source: str | bytes, what: str = "the message") -> Any:
    """JSON text (bytes must be UTF-8) to plain values; InputError saying why not.

    >>> parse_json(b'{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json("[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    coltexpress.server.schema.InputError: the message nests deeper than 8 levels
    """
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{what} is not UTF-8 text") from None
    if nesting(source) > MAX_DEPTH:
        raise InputError(f"{what} nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(source, parse_int=_short_int, parse_constant=_no_constant)
    except InputError:
        raise
    except (ValueError, RecursionError):
        raise InputError(f"{what} is not JSON") from None


# -- schema errors in the field's words --------------------------------------------------

_PATH = re.compile(r" - at (`key` in )?`\$([^`]*)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(.*)`")
_MISSING = re.compile(r"^Object missing required field `(.*)`")


def convert(value: Any, schema: type[T], words: Mapping[str, str] | None = None) -> T:
    """``value`` checked against ``schema``; InputError in the words of the field at fault
    (``words``: field -> what it must be; else the schema's ``words``)."""
    words = words if words is not None else getattr(schema, "words", {})
    _refuse_surrogates(value, schema, words)
    try:
        return msgspec.convert(value, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise _explain(str(exc), schema, words) from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(value: Any) -> bool:
    """Whether a parsed JSON value holds a lone surrogate anywhere (its depth is bounded
    by ``parse_json``)."""
    if isinstance(value, str):
        return not value.isascii() and _SURROGATE.search(value) is not None
    if isinstance(value, list):
        return any(_has_surrogate(item) for item in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    return False


def _refuse_surrogates(value: Any, schema: type[Any], words: Mapping[str, str]) -> None:
    """An InputError for the first field holding text that is no Unicode: msgspec cannot
    even name such text in its own errors."""
    if not _has_surrogate(value):
        return
    if not isinstance(value, dict):
        raise InputError(words.get("", "the input holds text that is not valid Unicode"))
    for key, item in value.items():
        if _has_surrogate(key) or key not in _fields(schema):
            known = ", ".join(_fields(schema))
            raise InputError(f"unknown field {key[:40]!a}; the fields are: {known}", key)
        if _has_surrogate(item):
            raise InputError(words.get(key, f"{key} is not valid Unicode text"), key)


def _explain(problem: str, schema: type[Any], words: Mapping[str, str]) -> InputError:
    where = _PATH.search(problem)
    path = where.group(2) if where else ""
    parts = re.findall(r"\.([A-Za-z_][A-Za-z_0-9]*)", path)
    field = parts[0] if parts else ""
    if unknown := _UNKNOWN.match(problem):
        if field:  # an object inside a field that takes only known keys
            return InputError(words.get(field, f"{field} has an unknown field"), field)
        name = unknown.group(1)
        known = ", ".join(_fields(schema))
        return InputError(f"unknown field {name[:40]!r}; the fields are: {known}", name)
    if missing := _MISSING.match(problem):
        name = missing.group(1)
        return InputError(f"{name} is missing", name)
    if not field:
        return InputError(words.get("", "the input must be a JSON object"))
    return InputError(words.get(field, f"{field} is not valid"), field, in_key=bool(where and
                      where.group(1)))


def _fields(schema: type[Any]) -> tuple[str, ...]:
    """A Struct's fields as a client writes them: a message's ``type`` first."""
    fields: tuple[str, ...] = getattr(schema, "__struct_fields__", ())
    config = getattr(schema, "__struct_config__", None)
    tag = getattr(config, "tag_field", None)
    return (tag, *fields) if tag else fields


# -- WebSocket messages ------------------------------------------------------------------

_ID = "id must be a short string (at most 64 characters) or an integer"
_VERSION = "version must be a whole number: the version of the table you saw"


class Hello(Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """The first message: a seat token, or none for a spectator; ``patch``: the viewer takes
    each moment of an update as a change from the one before (``patch.py``)."""

    token: Text200 | None = None
    patch: bool = False
    id: MsgId | None = None
    words: ClassVar[dict[str, str]] = {
        "token": "token must be a seat token: text of at most 200 characters",
        "patch": "patch must be true or false: whether updates carry changes",
        "id": _ID,
    }


class Act(Struct, tag="act", tag_field="type", forbid_unknown_fields=True):
    """A move for the seat, at the version of the table the client saw."""

    action: Notation
    version: Version
    id: MsgId | None = None
    words: ClassVar[dict[str, str]] = {
        "action": "action must be a notation string: a move of 1 to 100 characters",
        "version": _VERSION,
        "id": _ID,
    }


class Sync(Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    """Send me the table as it stands."""

    version: Version | None = None
    id: MsgId | None = None
    words: ClassVar[dict[str, str]] = {"version": _VERSION, "id": _ID}


class Ping(Struct, tag="ping", tag_field="type", forbid_unknown_fields=True):
    """Keep-alive."""

    id: MsgId | None = None
    words: ClassVar[dict[str, str]] = {"id": _ID}


class Hand(Struct, tag="hand", tag_field="type", forbid_unknown_fields=True):
    """Hand an idle player's seat to its bot until they come back (another player)."""

    seat: Annotated[int, Meta(ge=0, le=99)]
    id: MsgId | None = None
    words: ClassVar[dict[str, str]] = {"seat": "seat must be a seat number", "id": _ID}


Message = Hello | Act | Sync | Ping | Hand
MESSAGES: dict[str, type[Message]] = {
    "hello": Hello, "act": Act, "sync": Sync, "ping": Ping, "hand": Hand,
}


def read_message(source: str) -> Message:
    """One WebSocket message; InputError (with the message's ``id`` when that one is
    valid, so that the reply can carry it) if it is not one."""
    data = parse_json(source)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise InputError('a message is a JSON object with a "type"')
    kind = data["type"]
    schema = MESSAGES.get(kind)
    if schema is None:
        types_ = ", ".join(MESSAGES)
        error = InputError(f"unknown message type {kind[:40]!r}; types are {types_}", "type")
    else:
        try:
            return convert(data, schema)
        except InputError as exc:
            error = exc
    if error.field != "id":
        with contextlib.suppress(InputError):
            error.msg_id = convert(data.get("id"), MsgId | None)  # type: ignore[arg-type]
    raise error


# -- table ids ----------------------------------------------------------------------------

_TABLE_ID = re.compile(r"[A-Za-z0-9]{8}")


def is_table_id(table_id: str) -> bool:
    """Whether ``table_id`` has the shape of the ids the server makes (8 letters and
    digits): no other string is looked up in the database."""
    return _TABLE_ID.fullmatch(table_id) is not None


def shown_id(table_id: str) -> str:
    """A table id as an error may show it: escaped ASCII, at most its first 8 characters.

    >>> shown_id("a\\x00b"), shown_id("x" * 50)
    ("'a\\\\x00b'", "'xxxxxxxx'...")
    """
    return ascii(table_id[:8]) + ("..." if len(table_id) > 8 else "")


# -- the create-table body ---------------------------------------------------------------

SeatKey = Annotated[str, Meta(pattern=r"^[0-9]{1,2}$")]


class TableBody(Struct, forbid_unknown_fields=True):
    """``POST /api/tables``: the fields and their types; what depends on the game (player
    counts, presets, options, bot levels, seats) is checked in ``api._table_request``."""

    game: Text40 | None = None
    players: int | None = None
    preset: Text40 | None = None
    options: dict[Text40, Any] | None = None
    characters: list[Text40] | None = None
    bots: dict[SeatKey, Text20] | None = None
    seed: Annotated[int, Meta(ge=0, le=MAX_SEED)] | None = None
    names: dict[SeatKey, Text200] | None = None
    host_seat: int | None = None
    clock: Annotated[int, Meta(ge=0, le=3600)] | None = None
    reserve: Annotated[int, Meta(ge=0, le=3600)] | None = None
    words: ClassVar[dict[str, str]] = {
        "": "the body must be a JSON object",
        "game": "game must be the name of a game",
        "players": "players must be a whole number",
        "preset": "preset must be the name of one of the game's presets",
        "options": "options must be an object of the game's options",
        "characters": "characters must be a list of names",
        "bots": 'bots must be an object like {"2": "hard"}: a seat number and a bot level',
        "seed": f"seed must be an integer from 0 to {MAX_SEED}",
        "names": 'names must be an object like {"0": "Anna"}: a seat number and a name of '
        "at most 24 characters",
        "host_seat": "host_seat must be a seat number",
        "clock": "clock must be null or 0 (no turn clock), or seconds per decision from 5 "
        "to 3600",
        "reserve": "reserve must be null or seconds from 0 to 3600: the time each player may "
        "draw on once a decision's own time is up",
    }


# -- each game's options, from its options class -----------------------------------------


@functools.cache
def options_schema(options_class: type) -> type[Struct]:
    """A Struct with every field of a game's options class (a dataclass), each optional and
    typed as the class types it; text at most 64 characters, lists at most 32 items."""
    hints = get_type_hints(options_class)
    fields = [
        (f.name, Union[_shape(hints[f.name]), UnsetType], UNSET)  # noqa: UP007
        for f in dataclasses.fields(options_class)
    ]
    return msgspec.defstruct(
        f"{options_class.__name__}Fields", fields, forbid_unknown_fields=True
    )


def _shape(hint: Any) -> Any:
    if hint is str:
        return Text64
    args = get_args(hint)
    if get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return Annotated[tuple[_shape(args[0]), ...], Meta(max_length=32)]  # type: ignore[misc]
    if get_origin(hint) in (Union, types.UnionType):
        return functools.reduce(lambda a, b: Union[a, b], [_shape(a) for a in args])  # noqa: UP007
    return hint


def type_words(hint: Any, plural: bool = False) -> str:
    """What a value of an options field's type is, in words.

    >>> from coltexpress.engine.options import Edition
    >>> type_words(tuple[int, ...] | None), type_words(Edition)
    ('a list of whole numbers, or null', "one of '2016', 'accessible'")
    """
    if hint is bool:
        return "true/false values" if plural else "true or false"
    if hint is int:
        return "whole numbers" if plural else "a whole number"
    if hint is str:
        return "strings" if plural else "a string"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "one of " + ", ".join(repr(e.value) for e in hint)
    args = get_args(hint)
    if get_origin(hint) is tuple:
        return "a list of " + type_words(args[0], plural=True)
    if get_origin(hint) in (Union, types.UnionType):
        some = [type_words(a) for a in args if a is not type(None)]
        return " or ".join(some) + (", or null" if type(None) in args else "")
    return getattr(hint, "__name__", str(hint))


def options_overrides(options_class: type, title: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options a table body sets, checked against the game's options class: an unknown
    option or one of the wrong type is an InputError naming it and what it must be."""
    schema = options_schema(options_class)
    hints = get_type_hints(options_class)
    words = {name: f"option {name} must be {type_words(hints[name])}" for name in hints}
    try:
        checked = convert(dict(given), schema, words)
    except InputError as exc:
        if exc.field in hints:
            raise
        known = ", ".join(hints)
        raise InputError(
            f"{title} has no option {exc.field[:40]!r}; its options are: {known}", "options"
        ) from None
    return {
        name: value
        for name in _fields(schema)
        if (value := getattr(checked, name)) is not UNSET
    }
