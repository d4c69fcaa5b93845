"""How many tables one address may create: a sliding window per client address, kept in
the process (several processes each keep their own; docs/server.md).

>>> t = Throttle(2, 60.0)
>>> t.wait("a", now=0.0), t.wait("a", now=1.0), t.wait("a", now=2.0), t.wait("b", now=2.0)
(0.0, 0.0, 58.0, 0.0)
>>> t.wait("a", now=60.5)
0.0
"""

from __future__ import annotations

import ipaddress
from collections import OrderedDict, deque

__all__ = ["Throttle", "parse_proxies"]


def parse_proxies(text: str) -> tuple[str, ...]:
    """``colt serve --trusted-proxies``: addresses and networks separated by commas (or
    spaces), each checked; ValueError naming the one that is neither.

    >>> parse_proxies("10.0.0.5, 192.168.0.0/16 ::1")
    ('10.0.0.5', '192.168.0.0/16', '::1')
    >>> parse_proxies("")
    ()
    """
    found = []
    for item in text.replace(",", " ").split():
        try:
            if "/" in item:
                ipaddress.ip_network(item, strict=False)
            else:
                ipaddress.ip_address(item)
        except ValueError:
            raise ValueError(
                f"{item!r} is not an address or a network (such as 10.0.0.5 or 10.0.0.0/8)"
            ) from None
        found.append(item)
    return tuple(found)


class Throttle:
    """At most ``limit`` events per ``window`` seconds per key (``limit`` 0: no limit).
    Only the ``keys`` most recently seen keys are remembered, so a flood of addresses
    cannot grow it without bound."""

    def __init__(self, limit: int, window: float, keys: int = 10_000) -> None:
        self.limit = limit
        self.window = window
        self.keys = keys
        self.times: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, key: str, now: float) -> float:
        """Count an event of ``key`` at ``now`` and return 0, or, when the key is over its
        limit, count nothing and return the seconds until it may try again."""
        if self.limit <= 0:
            return 0.0
        times = self.times.pop(key, None) or deque()
        self.times[key] = times  # the most recent key last
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return times[0] + self.window - now
        times.append(now)
        while len(self.times) > self.keys:
            self.times.popitem(last=False)
        return 0.0
