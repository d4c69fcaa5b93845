"""The game's own random generator: SplitMix64, its state one integer held in the game.

A single integer makes cloning a state free and serialising it trivial; the generator never
touches Python's global ``random``.

SplitMix64 is written twice here, as one formula in two arithmetics, and the tests hold
them equal bit for bit: :func:`reference_below` is the textbook form on Python's integers,
which the pure build runs fastest; the compiled engine (docs/engine.md, *Builds*) runs the
same steps on the state's two 32-bit halves with products of at most 48 bits, so that every
value stays in a native 64-bit integer instead of a big one (a draw there takes a
sixteenth of the time the textbook form takes compiled; interpreted, the halves are the
slower).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # a native integer to the compiler; annotations only, so a plain int else
    from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
# The constants in 32-bit halves (and the halves' 16-bit halves, for products that fit).
_GOLDEN_HI: Final = _GOLDEN >> 32
_GOLDEN_LO: Final = _GOLDEN & _M32
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
# The two multipliers as 16-bit quarters, highest first.
_MUL1_3: Final = 0xBF58
_MUL1_2: Final = 0x476D
_MUL1_1: Final = 0x1CE4
_MUL1_0: Final = 0xE5B9
_MUL2_3: Final = 0x94D0
_MUL2_2: Final = 0x49BB
_MUL2_1: Final = 0x1331
_MUL2_0: Final = 0x11EB
# Largest n for which (value * n) >> 64 stays in machine words on the halves.
_SMALL_N: Final = 1 << 28


def _native() -> bool:
    """Whether this module runs compiled (a compiled function has no bytecode)."""
    return not hasattr(_native, "__code__")


_NATIVE: Final = _native()


def output(state: int) -> int:
    """The 64-bit output for a state (SplitMix64 finaliser)."""
    hi, lo = _mix(state >> 32, state & _M32)
    return (int(hi) << 32) | int(lo)


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return output((seed & _MASK) ^ 0x5DEECE66D)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, value)`` with value uniform in ``range(n)`` (n >= 1)."""
    if _NATIVE and n < _SMALL_N:
        return below_on_halves(state, n)
    return reference_below(state, n)


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates over ``items`` in place, drawing with :func:`below`; the new state."""
    if _NATIVE:
        return shuffle_on_halves(state, items)
    for i in range(len(items) - 1, 0, -1):
        state, j = reference_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def reference_below(state: int, n: int) -> tuple[int, int]:
    """:func:`below` as SplitMix64 is usually written, on Python's integers."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK
    return state, ((z ^ (z >> 31)) * n) >> 64


def below_on_halves(state: int, n: int) -> tuple[int, int]:
    """:func:`reference_below` on the state's halves (n below 2**28)."""
    hi, lo = _step(state >> 32, state & _M32)
    return (int(hi) << 32) | int(lo), _scaled(hi, lo, n)


def shuffle_on_halves(state: int, items: list[int]) -> int:
    """:func:`shuffle` with every draw on the halves, split once and joined once."""
    hi: i64 = state >> 32
    lo: i64 = state & _M32
    i: i64 = len(items) - 1
    while i > 0:
        hi, lo = _step(hi, lo)
        j = _scaled(hi, lo, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (int(hi) << 32) | int(lo)


def _step(hi: i64, lo: i64) -> tuple[i64, i64]:
    """The state plus the golden gamma, modulo 2**64, on halves."""
    lo += _GOLDEN_LO
    hi = (hi + _GOLDEN_HI + (lo >> 32)) & _M32
    return hi, lo & _M32


def _scaled(hi: i64, lo: i64, n: i64) -> int:
    """``(output(state) * n) >> 64`` for the state ``(hi, lo)`` and n below 2**28."""
    zhi, zlo = _mix(hi, lo)
    return int((zhi * n + ((zlo * n) >> 32)) >> 32)


def _mix(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's finaliser on halves: two xor-shift-multiplies and a last xor-shift."""
    lo ^= ((hi << 2) & _M32) | (lo >> 30)
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, _MUL1_3, _MUL1_2, _MUL1_1, _MUL1_0)
    lo ^= ((hi << 5) & _M32) | (lo >> 27)
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, _MUL2_3, _MUL2_2, _MUL2_1, _MUL2_0)
    lo ^= ((hi << 1) & _M32) | (lo >> 31)
    hi ^= hi >> 31
    return hi, lo


def _times(hi: i64, lo: i64, c3: i64, c2: i64, c1: i64, c0: i64) -> tuple[i64, i64]:
    """``(hi, lo)`` times the constant with 16-bit quarters ``c3 c2 c1 c0``, modulo 2**64.

    The low half's product with the constant's low half is taken whole (its carry matters);
    the two cross products only modulo 2**32, as they land in the high half."""
    p1 = lo * c1
    low = lo * c0 + ((p1 & _M16) << 16)
    cross = hi * c0 + (((hi * c1) & _M16) << 16) + lo * c2 + (((lo * c3) & _M16) << 16)
    return ((low >> 32) + (p1 >> 16) + cross) & _M32, low & _M32


def given_outcome(chance: list[int], n: int) -> int:
    """The next of the chance outcomes ``chance`` (consumed), a draw of ``range(n)`` made
    by the caller instead of the generator; ChanceNeeded(n) when none is left."""
    from .errors import ChanceNeeded

    if not chance:
        raise ChanceNeeded(n)
    value = chance.pop(0)
    if not 0 <= value < n:
        raise ValueError(f"chance outcome {value} is not one of range({n})")
    return value
