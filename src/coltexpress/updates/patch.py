"""What changed between two moments a viewer sees: patches of JSON values.

An update that carries the viewer's whole view and captions at every moment of a move is
13 KiB for each viewer, mostly what the viewer already has. A viewer that says so in its
``hello`` (``"patch": true``) gets each moment as the change from the moment before
instead (docs/protocol.md, *Patches*): about a tenth of the bytes, and of the server's work
to encode, hand over, compress and send them.

A patch of an object names the members that changed, each with one operation:

- ``{"=": value}``: the member is now ``value`` (new, or replaced whole);
- ``{"-": 1}``: the member is gone;
- ``{"~": patch}``: the member is an object, changed as ``patch`` says;
- ``{"+": [items]}``: the member is a list, which goes on with ``items``;
- ``{"@": {"i": operation}}``: the member is a list of the same length whose item ``i``
  changed as ``operation`` says (any of the above but ``-``).

``apply`` never changes what it is given: what did not change is shared with the result.
"""

from __future__ import annotations

from typing import Any

__all__ = ["apply", "diff"]

_MISSING = object()


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The patch that makes ``old`` into ``new`` (both objects of JSON values); ``{}`` when
    they are equal."""
    out: dict[str, Any] = {}
    added = 0
    for key, value in new.items():
        was = old.get(key, _MISSING)
        if was is value:
            continue
        if was is _MISSING:
            out[key] = {"=": value}
            added += 1
        elif was != value:  # compared in C: most of a moment is as it was
            out[key] = _change(was, value)
    if len(old) > len(new) - added:  # some member of ``old`` is gone
        for key in old:
            if key not in new:
                out[key] = {"-": 1}
    return out


def _change(was: Any, value: Any) -> dict[str, Any]:
    """The operation that makes ``was`` (not equal to ``value``) into ``value``."""
    if type(value) is dict and type(was) is dict:
        return {"~": diff(was, value)}
    if type(value) is list and type(was) is list:
        size = len(was)
        if len(value) > size and value[:size] == was:
            return {"+": value[size:]}
        if len(value) == size:
            return {"@": {str(i): _change(a, b)
                          for i, (a, b) in enumerate(zip(was, value, strict=True))
                          if a != b}}
    return {"=": value}


def apply(old: Any, patch: dict[str, Any]) -> Any:
    """``old`` changed as ``patch`` says (see the module); ``old`` itself is left alone.
    ValueError for a patch that does not fit ``old``."""
    if type(old) is not dict:
        raise ValueError("a patch changes an object")
    out = dict(old)
    for key, operation in patch.items():
        if "-" in operation:
            if key not in out:
                raise ValueError(f"no member {key!r} to remove")
            del out[key]
        else:
            out[key] = _operate(out.get(key, _MISSING), operation)
    return out


def _operate(was: Any, operation: dict[str, Any]) -> Any:
    if "=" in operation:
        return operation["="]
    if was is _MISSING:
        raise ValueError("a change to a member that is not there")
    if "~" in operation:
        return apply(was, operation["~"])
    if type(was) is not list:
        raise ValueError("a list's change to what is not a list")
    if "+" in operation:
        return [*was, *operation["+"]]
    if "@" in operation:
        out = list(was)
        for index, inner in operation["@"].items():
            i = int(index)
            if not 0 <= i < len(out) or "-" in inner:
                raise ValueError(f"no item {index} to change")
            out[i] = _operate(out[i], inner)
        return out
    raise ValueError(f"an unknown operation: {sorted(operation)}")
