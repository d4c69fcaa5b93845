"""The game's own random generator: SplitMix64 held as one integer in the state.

A single integer makes cloning a state free and serialising it trivial; the generator never
touches Python's global ``random``.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def next_state(state: int) -> int:
    """Advance the generator state by one step."""
    return (state + _GOLDEN) & _MASK


def output(state: int) -> int:
    """The 64-bit output for a state (SplitMix64 finaliser)."""
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return output((seed & _MASK) ^ 0x5DEECE66D)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, value)`` with value uniform in ``range(n)`` (n >= 1)."""
    state = (state + _GOLDEN) & _MASK
    return state, (output(state) * n) >> 64
